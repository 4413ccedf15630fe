// Package hhtest holds small hand histories that the tests of several
// packages (api, cmd/scoop, analysis) share, so that each fixture is
// written once. It is for tests only and imports nothing.
package hhtest

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
