// Package hhtest holds small hand histories that the tests of several
// packages (api, cmd/scoop, analysis, backfill, handhistory, web) share, so
// that each fixture is written once, and generators of long or hostile
// ones. It is for tests only and imports only the standard library.
package hhtest

import (
	"fmt"
	"strings"
)

// PokerStarsHand is a small legal PokerStars pot-limit Omaha hand, #900,
// of 16 lines: three players with $10 each, blinds $0.05/$0.10, Ann (the
// button) raises the pot to $0.35 and both blinds fold; her uncalled $0.25
// comes back and she collects the $0.25 pot, no rake. Tests derive
// illegal, mismatching or malformed variants from it with strings.Replace.
const PokerStarsHand = `PokerStars Hand #900:  Omaha Pot Limit ($0.05/$0.10 USD) - 2020/01/02 3:04:05 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($10 in chips)
Seat 3: Cid ($10 in chips)
Bob: posts small blind $0.05
Cid: posts big blind $0.10
*** HOLE CARDS ***
Ann: raises $0.25 to $0.35
Bob: folds
Cid: folds
Uncalled bet ($0.25) returned to Ann
Ann collected $0.25 from pot
*** SUMMARY ***
Total pot $0.25 | Rake $0
Seat 1: Ann (button) collected ($0.25)
`

// PokerStarsHandLatin1 is PokerStarsHand written in Windows-1252, as sites
// write their files: Ann is "Jérôme" (bytes 0xE9 and 0xF4) and Bob
// "Zoë" (0xEB). LatinNames are those names in UTF-8, Jérôme first.
var PokerStarsHandLatin1 = strings.NewReplacer("Ann", "J\xe9r\xf4me", "Bob", "Zo\xeb").Replace(PokerStarsHand)

// LatinNames are the names of PokerStarsHandLatin1 once decoded.
var LatinNames = []string{"Jérôme", "Zoë"}

// PHHRaises is a legal heads-up no-limit Omaha hi/lo PHH hand of n
// min-raises (n >= 1) before the flop and a fold: blinds 1 and 2, p2 (the
// button) raises to 4, p1 to 6, ... each on its own line, then the player
// to act folds; n+1 actions. Stacks are deep enough for every raise.
func PHHRaises(n int) string {
	var b strings.Builder
	stack := 2*n + 100
	fmt.Fprintf(&b, "variant = 'NO/8'\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [%d, %d]\nactions = [\n", stack, stack)
	b.Grow(16 * (n + 1))
	for k := 1; k <= n; k++ {
		fmt.Fprintf(&b, "  'p%d cbr %d',\n", 1+k%2, 2+2*k)
	}
	fmt.Fprintf(&b, "  'p%d f',\n]\n", 1+(n+1)%2)
	return b.String()
}

// PokerStarsRaises is the PokerStars twin of PHHRaises: a legal heads-up
// no-limit Omaha hi/lo hand, $0.01/$0.02, in which Ann (the button, small
// blind) and Bob min-raise n times in turn, then the player to act folds.
func PokerStarsRaises(n int) string {
	var b strings.Builder
	cents := func(c int) string { return fmt.Sprintf("$%d.%02d", c/100, c%100) }
	stack := 2*n + 10000
	names := [2]string{"Ann", "Bob"}
	fmt.Fprintf(&b, "PokerStars Hand #901:  Omaha Hi/Lo No Limit ($0.01/$0.02 USD) - 2020/01/02 3:04:05 ET\n")
	fmt.Fprintf(&b, "Table 'T' 2-max Seat #1 is the button\nSeat 1: Ann (%s in chips)\nSeat 2: Bob (%s in chips)\n", cents(stack), cents(stack))
	b.WriteString("Ann: posts small blind $0.01\nBob: posts big blind $0.02\n*** HOLE CARDS ***\n")
	b.Grow(40 * (n + 10))
	for k := 1; k <= n; k++ {
		fmt.Fprintf(&b, "%s: raises $0.02 to %s\n", names[(k-1)%2], cents(2+2*k))
	}
	winner, loser := names[(n-1)%2], names[n%2]
	fmt.Fprintf(&b, "%s: folds\nUncalled bet ($0.02) returned to %s\n%s collected %s from pot\n", loser, winner, winner, cents(4*n))
	fmt.Fprintf(&b, "*** SUMMARY ***\nTotal pot %s | Rake $0\n", cents(4*n))
	return b.String()
}

// PHHAllIn is a legal heads-up no-limit Omaha hi/lo PHH hand all in
// before the flop and shown down: p2 (JhJcTh9c) shoves 50, p1 (As2sKdQd)
// calls, the board runs out 4c7hKh 8s 2c. It qualifies for the all-in
// adjusted net (ANALYSIS.md A5).
const PHHAllIn = `variant = 'NO/8'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [50, 50]
actions = ['d dh p1 As2sKdQd', 'd dh p2 JhJcTh9c', 'p2 cbr 50', 'p1 cc', 'd db 4c7hKh', 'd db 8s', 'd db 2c', 'p1 sm As2sKdQd', 'p2 sm JhJcTh9c']
`

// PHHRiver is a legal heads-up pot-limit Omaha PHH hand checked and
// called down to the river and shown down, AsAhKsKh against QdQcJdJc.
const PHHRiver = `variant = 'PO'
antes = [0, 0]
blinds_or_straddles = [1, 2]
starting_stacks = [100, 100]
actions = ['d dh p1 AsAhKsKh', 'd dh p2 QdQcJdJc', 'p2 cc', 'p1 cc', 'd db Tc5h2s', 'p1 cc', 'p2 cc', 'd db 3c', 'p1 cc', 'p2 cc', 'd db 4d', 'p1 cc', 'p2 cc', 'p1 sm AsAhKsKh', 'p2 sm QdQcJdJc']
`

// PHHIllegalRaise is an illegal heads-up pot-limit Omaha PHH hand: its
// first action, p2's raise to 90, is above the pot limit.
const PHHIllegalRaise = `variant = 'PO'
antes = [0, 0]
blinds_or_straddles = [1, 2]
starting_stacks = [100, 100]
actions = ['d dh p1 AsAhKsKh', 'd dh p2 QdQcJdJc', 'p2 cbr 90']
`
