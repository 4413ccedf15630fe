package game

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/fault"
)

// The rule book's answers (RULES.md R3, R5, R6, R10, R12, R13 as answered
// in issue 27): each test is named after the rule it pins.

// TestRule_R6_ShortAllInChainFollowsTheLevel is the chain of short
// all-ins an independent referee found: fixed-limit 2/5, a raise to 10,
// all-ins of 11, 13 and 17. Each is measured against the level the
// betting counts as, not against the all-in before it: 11 is 1 over the
// level 10 (less than half a bet: the level stays 10), 13 is 3 over it
// (half a bet or more: it counts as a full raise, level 15, and toward the
// cap), 17 is 2 over 15 (the level stays 15). The re-raise may go one bet
// over the all-in (22) or one bet over the level (20), and either one is
// the fourth bet of the round: the cap.
func TestRule_R6_ShortAllInChainFollowsTheLevel(t *testing.T) {
	t.Parallel()
	start := func(t *testing.T) *State {
		// p1 small blind 2, p2 big blind 5, p3 raises to 10, p4, p5 and p6
		// are all-in for 11, 13 and 17.
		s := mustNew(t, Config{Game: eval.OmahaHiLo, Structure: FixedLimit, Stacks: []int64{500, 500, 500, 11, 13, 17}, Button: 5,
			SmallBet: 5, Posts: blinds(6, 5, 2, 5)})
		mustApply(t, s, cbr(2, 10), cbr(3, 11), cbr(4, 13), cbr(5, 17))
		return s
	}
	s := start(t)
	l := legal(t, s)
	if l.Player != 0 || !slices.Equal(l.To, []int64{20, 22}) {
		t.Fatalf("legal %+v (%s), want p1 to raise to 20 or 22", l, l)
	}
	if got, want := l.String(), "fold, call 15 or raise to 20 or 22"; got != want {
		t.Errorf("legal %q, want %q", got, want)
	}
	wantIllegal(t, s, cbr(0, 21), "p1 raise to 21 is not a fixed-limit raise to 20 or 22 (R6)")
	for _, to := range []int64{20, 22} {
		s := start(t)
		mustApply(t, s, cbr(0, to))
		// The fourth bet: the big blind, p3's raise, the all-in of 13 and
		// this one. The big blind may only call or fold.
		if l := legal(t, s); l.Player != 1 || l.Raise || l.Why != "the betting is capped at 4 bets" {
			t.Errorf("after the raise to %d: legal %+v, want the big blind capped", to, l)
		}
	}
}

// TestRule_R6_RefereeOnRandomShortAllInChains plays 6,000 random
// fixed-limit hands with short stacks, so that chains of all-ins for less
// than a bet are common, and checks every Legal against a referee that
// knows only R6 and the round totals it saw: the level the betting counts
// as (a full bet or raise sets it to the total; an all-in short of one
// counts as the next level when it is at least half an increment over the
// level, else leaves it), the bets toward the cap, and the two totals a
// raise may go to (one increment over the all-in, one over the level).
func TestRule_R6_RefereeOnRandomShortAllInChains(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(27, 6))
	chains := 0
	for hand := range 6000 {
		n := 2 + r.IntN(7)
		st := make([]int64, n)
		for i := range st {
			st[i] = 1 + r.Int64N(60)
		}
		small := int64(2 + r.IntN(9))
		maxBets := 3 + r.IntN(3)
		s, err := New(Config{Game: eval.OmahaHiLo, Structure: FixedLimit, Stacks: st, Button: n - 1, SmallBet: small, MaxBets: maxBets,
			Posts: blinds(n, n-1, small/2, small)})
		if err != nil {
			t.Fatal(err)
		}
		// The referee's round: the bet, the level and the bets so far.
		street, cur, level, bets := Preflop, small, small, 1
		shortInRound := 0
		for s.Phase() != Showdown && s.Phase() != Over && s.Phase() != Runout {
			if s.Phase() == Dealing {
				mustApply(t, s, board([]string{"2c3d4h", "Kc", "Kd"}[min(int(s.Street()), 2)]))
				continue
			}
			if s.Street() != street {
				street, cur, level, bets, shortInRound = s.Street(), 0, 0, 0, 0
			}
			step := small
			if street >= Turn {
				step = 2 * small
			}
			l := legal(t, s)
			p := l.Player
			allIn := s.bet[p] + s.stack[p]
			capped := bets >= maxBets
			switch {
			case capped && l.Raise:
				t.Fatalf("hand %d: %s may raise (%s) after %d bets, the cap", hand, s.cfg.name(p), l, bets)
			case !capped && !l.Raise && strings.HasPrefix(l.Why, "the betting is capped"):
				t.Fatalf("hand %d: %s capped after %d bets", hand, s.cfg.name(p), bets)
			case l.Raise:
				var want []int64
				for _, to := range []int64{min(cur, level) + step, max(cur, level) + step} {
					if to = min(to, allIn); !slices.Contains(want, to) {
						want = append(want, to)
					}
				}
				if !slices.Equal(l.To, want) {
					t.Fatalf("hand %d, %s: %s may raise to %v; the referee (bet %d, level %d) allows %v", hand, street, s.cfg.name(p), l.To, cur, level, want)
				}
			}
			a := cc(p)
			switch x := r.IntN(10); {
			case x == 0:
				a = fold(p)
			case x >= 5 && l.Raise:
				a = cbr(p, l.To[r.IntN(len(l.To))])
			}
			if err := s.Apply(a); err != nil {
				t.Fatalf("hand %d: %+v: %v", hand, a, err)
			}
			// The referee's reading of a total above the bet (a raise, or a
			// call that is not one: an all-in call is never above it).
			if to := s.bet[p]; to > cur {
				switch {
				case to >= min(cur, level)+step:
					level = to
					bets++
				case 2*(to-level) >= step:
					level += step
					bets++
					shortInRound++
				default:
					shortInRound++
				}
				cur = to
				if shortInRound >= 2 {
					chains++
				}
			}
		}
	}
	t.Logf("%d rounds with two or more short all-ins", chains)
	if chains < 100 {
		t.Errorf("only %d rounds with two or more short all-ins: the hands do not test chains", chains)
	}
}

// TestRule_R5_NoBigBlindSmallBlindActsLast: with a small blind and no big
// blind posted, the player left of the small blind acts first before the
// flop and the small blind acts last (888's "Limit5" record); after the
// flop the first active player left of the button acts first, as always.
func TestRule_R5_NoBigBlindSmallBlindActsLast(t *testing.T) {
	t.Parallel()
	s := mustNew(t, Config{Game: eval.OmahaHiLo, Structure: FixedLimit, Stacks: stacks(4, 100), Button: 3, SmallBet: 10,
		Posts: []Post{{0, SmallBlind, 5}}})
	if s.ToAct() != 1 {
		t.Fatalf("preflop to act p%d, want p2 (left of the small blind)", s.ToAct()+1)
	}
	wantIllegal(t, s, fold(0), "p1 folds out of turn: p2 is to act")
	mustApply(t, s, cc(1), cc(2), cc(3))
	if s.ToAct() != 0 {
		t.Fatalf("to act p%d, want the small blind p1 last", s.ToAct()+1)
	}
	if l := legal(t, s); !l.Check || !l.Raise {
		t.Fatalf("small blind: %+v (%s), want his option to check or raise", l, l)
	}
	mustApply(t, s, cc(0), board("2c3d7h"))
	if s.ToAct() != 0 {
		t.Fatalf("flop to act p%d, want p1 (first left of the button)", s.ToAct()+1)
	}

	// Heads-up the button posts the small blind: with no big blind the
	// other player acts first and the button last.
	s = mustNew(t, Config{Game: eval.OmahaHi, Structure: PotLimit, Stacks: stacks(2, 100), Button: 0, Posts: []Post{{0, SmallBlind, 1}}})
	if s.ToAct() != 1 {
		t.Fatalf("heads-up preflop to act p%d, want p2", s.ToAct()+1)
	}
	mustApply(t, s, cc(1))
	if s.ToAct() != 0 {
		t.Fatalf("heads-up: to act p%d, want the button p1 last", s.ToAct()+1)
	}
}

// TestRule_R10_ImpliedCheckOfTheOnlyPlayerWhoCouldBet: when the one
// player left who could bet may only check (nobody could answer a raise,
// R9), a record may leave his check out: the next deal, show or muck
// implies it. A player who could still raise, or who owes chips, is not
// passed over.
func TestRule_R10_ImpliedCheckOfTheOnlyPlayerWhoCouldBet(t *testing.T) {
	t.Parallel()
	allInToBigBlind := func(t *testing.T) *State {
		// p3 (the button) and p1 (the small blind) call all-in for the
		// big blind; the big blind p2 could only check.
		s := mustNew(t, Config{Game: eval.OmahaHiLo, Structure: PotLimit, Stacks: []int64{10, 100, 10}, Button: 2, Posts: blinds(3, 2, 5, 10),
			Holes: holes("AhAsKhKs", "2c3d4h5s", "6c6d7h8s")})
		mustApply(t, s, cc(2), cc(0))
		if l := legal(t, s); l.Player != 1 || !l.Check || l.Raise {
			t.Fatalf("legal %+v, want the big blind to check only", l)
		}
		return s
	}
	t.Run("the flop implies the check", func(t *testing.T) {
		t.Parallel()
		s := allInToBigBlind(t)
		mustApply(t, s, board("2h7d9c"))
		if s.Phase() != Runout || s.Index() != 3 {
			t.Fatalf("phase %v index %d, want the runout after 3 recorded actions", s.Phase(), s.Index())
		}
		mustApply(t, s, board("Jd"), board("Qd"))
		if st := settle(t, s, Rake{}); st.Payouts[1] == 0 && st.Payouts[0] == 0 && st.Payouts[2] == 0 {
			t.Fatalf("nobody paid: %+v", st)
		}
	})
	t.Run("a show implies it too", func(t *testing.T) {
		t.Parallel()
		s := allInToBigBlind(t)
		mustApply(t, s, Action{Player: 0, Kind: Show, Cards: holes("AhAsKhKs")[0]}, board("2h7d9c"))
		if s.Phase() != Runout {
			t.Fatalf("phase %v, want the runout", s.Phase())
		}
	})
	t.Run("not when he owes chips", func(t *testing.T) {
		t.Parallel()
		s := mustNew(t, Config{Game: eval.OmahaHi, Structure: NoLimit, Stacks: []int64{100, 100, 30}, Button: 2, Posts: blinds(3, 2, 5, 10)})
		mustApply(t, s, cbr(2, 30), fold(0)) // the big blind owes 20
		if err := s.Apply(board("2h7d9c")); err == nil || !strings.Contains(err.Error(), "dealt while p2 is to act") {
			t.Fatalf("a flop while the big blind owes 20: %v, want it refused", err)
		}
	})
	t.Run("not when he could raise", func(t *testing.T) {
		t.Parallel()
		s := mustNew(t, Config{Game: eval.OmahaHi, Structure: NoLimit, Stacks: []int64{100, 100, 100}, Button: 2, Posts: blinds(3, 2, 5, 10)})
		mustApply(t, s, cc(2), cc(0))
		if err := s.Apply(board("2h7d9c")); err == nil || !strings.Contains(err.Error(), "dealt while p2 is to act") {
			t.Fatalf("a flop before the big blind's option: %v, want it refused", err)
		}
	})
}

// TestRule_R12_AllInOnADeadBlindIsCutAtIt: a player all-in on a dead
// blind (R4) is all-in on dead money, as on an ante: he wins from each
// player at most the dead money he put in, out of that player's total
// chips in (here 10 from each of three), not only the dead money.
func TestRule_R12_AllInOnADeadBlindIsCutAtIt(t *testing.T) {
	t.Parallel()
	posts := []Post{{0, SmallBlind, 5}, {1, BigBlind, 10}, {2, Dead, 10}}
	s := mustNew(t, Config{Game: eval.OmahaHi, Structure: NoLimit, Stacks: []int64{100, 100, 10}, Button: 2, Posts: posts,
		Holes: holes("2c3d4h5s", "6c6d7h8s", "AhAsKhKs")})
	if s.ToAct() != 0 {
		t.Fatalf("to act p%d, want p1 (p3 is all-in on his dead blind)", s.ToAct()+1)
	}
	mustApply(t, s, cbr(0, 40), cc(1), board("AdKd9c"))
	checkDown(t, s)
	dealCheckingDown(t, s, "8c", "7d")
	st := settle(t, s, Rake{})
	if got := potsOf(st); !slices.Equal(got, []string{"30:123", "60:12"}) || st.Payouts[2] != 30 {
		t.Errorf("pots %v payouts %v, want 30 for all three (p3 wins it) and 60 for p1, p2", got, st.Payouts)
	}
}

// TestRule_R12_PotWonByItsLastEligiblePlayer: a pot is won by its last
// eligible player once every other player eligible for it has folded; his
// own later fold (or muck) gives up only the pots still contested, so the
// player all-in for less never receives the side pot he is not eligible
// for.
func TestRule_R12_PotWonByItsLastEligiblePlayer(t *testing.T) {
	t.Parallel()
	// p3 (the button) is all-in for 20, called by both blinds; p1 and p2
	// put 30 each in a side pot on the flop.
	start := func(t *testing.T) *State {
		s := mustNew(t, Config{Game: eval.OmahaHi, Structure: NoLimit, Stacks: []int64{100, 100, 20}, Button: 2, Posts: blinds(3, 2, 5, 10),
			Holes: holes("2c3d4h5s", "6c6d7h8s", "AhAsKhKs")})
		mustApply(t, s, cbr(2, 20), cc(0), cc(1), board("AdKd9c"), cbr(0, 30), cc(1), board("8c"))
		return s
	}
	t.Run("both fold on the turn", func(t *testing.T) {
		t.Parallel()
		s := start(t)
		// p1 folds with nothing owed: p2 is then the side pot's last
		// eligible player; his fold gives up only the main pot.
		mustApply(t, s, fold(0), fold(1))
		st := settle(t, s, Rake{})
		if got := potsOf(st); !slices.Equal(got, []string{"60:3", "60:2"}) {
			t.Errorf("pots %v, want the main pot 60 to p3 and the side pot 60 to p2", got)
		}
		if !slices.Equal(st.Payouts, []int64{0, 60, 60}) {
			t.Errorf("payouts %v, want p3 the main pot, p2 the side pot [0 60 60]", st.Payouts)
		}
	})
	t.Run("one folds, the other mucks at the showdown", func(t *testing.T) {
		t.Parallel()
		s := start(t)
		mustApply(t, s, cbr(0, 20), fold(1), board("7d"), muck(0), show(2, "AhAsKhKs"))
		st := settle(t, s, Rake{})
		if !slices.Equal(st.Payouts, []int64{60, 0, 60}) || st.Returned[0] != 20 {
			t.Errorf("payouts %v returned %v, want p1 the side pot and his 20 back, p3 the main pot", st.Payouts, st.Returned)
		}
	})
}

// TestRule_R3_FirstBigBlindLeftOfTheButtonIsTheRegularOne: when several
// players post a big blind, the first of them in seat order left of the
// button is the regular big blind, and R5 counts from him; the others
// posted to come in (R4) and their blinds are live.
func TestRule_R3_FirstBigBlindLeftOfTheButtonIsTheRegularOne(t *testing.T) {
	t.Parallel()
	// Button p6; p1 small blind, p2 big blind; p5 posts a big blind to
	// come in, listed first.
	posts := []Post{{4, BigBlind, 10}, {0, SmallBlind, 5}, {1, BigBlind, 10}}
	s := mustNew(t, Config{Game: eval.OmahaHiLo, Structure: FixedLimit, Stacks: stacks(6, 100), Button: 5, SmallBet: 10, Posts: posts})
	if s.ToAct() != 2 {
		t.Fatalf("to act p%d, want p3 (left of the regular big blind p2)", s.ToAct()+1)
	}
	mustApply(t, s, cc(2), cc(3))
	// p5's blind is live: he owes nothing and has his option.
	if l := legal(t, s); l.Player != 4 || !l.Check || !l.Raise {
		t.Fatalf("legal %+v (%s), want p5 to check or raise", l, l)
	}
	// A default fixed-limit small blind of half the small bet rounded down
	// (R3: $5/$10 -> $2) is only a table setting: the posts decide.
	if _, err := New(Config{Game: eval.OmahaHiLo, Structure: FixedLimit, Stacks: stacks(3, 100), Button: 2, SmallBet: 5,
		Posts: blinds(3, 2, 2, 5)}); err != nil {
		t.Fatalf("a $2/$5 blind: %v", err)
	}
}

// TestRule_R6_ShortAllInCountingAsAFullRaiseCountsTowardTheCap: an all-in
// of half a bet or more counts as a full raise, and so as one of the
// round's bets: after a bet, a raise and such an all-in, the next raise
// is the cap.
func TestRule_R6_ShortAllInCountingAsAFullRaiseCountsTowardTheCap(t *testing.T) {
	t.Parallel()
	s := mustNew(t, Config{Game: eval.OmahaHi, Structure: FixedLimit, Stacks: []int64{200, 200, 35, 200}, Button: 3, SmallBet: 10,
		Posts: blinds(4, 3, 5, 10)})
	mustApply(t, s, cc(2), cc(3), cc(0), check(1), board("AcKd2h"))
	// Flop: p1 bets 10, p2 raises to 20, p3 is all-in for 25 (5 over the
	// level 20, half a bet: the level 30, the third bet), p4 raises to 35
	// or 40: the fourth bet, the cap.
	mustApply(t, s, cbr(0, 10), cbr(1, 20), cbr(2, 25))
	if l := legal(t, s); !slices.Equal(l.To, []int64{35, 40}) {
		t.Fatalf("legal %+v, want a raise to 35 or 40", l)
	}
	mustApply(t, s, cbr(3, 40))
	if l := legal(t, s); l.Player != 0 || l.Raise || l.Why != "the betting is capped at 4 bets" {
		t.Fatalf("legal %+v, want p1 capped", l)
	}
	// An all-in short of half a bet does not count: the same round with p3
	// all-in for 24 leaves room for two more raises.
	s = mustNew(t, Config{Game: eval.OmahaHi, Structure: FixedLimit, Stacks: []int64{200, 200, 34, 200}, Button: 3, SmallBet: 10,
		Posts: blinds(4, 3, 5, 10)})
	mustApply(t, s, cc(2), cc(3), cc(0), check(1), board("AcKd2h"), cbr(0, 10), cbr(1, 20), cbr(2, 24), cbr(3, 30))
	if l := legal(t, s); l.Player != 0 || !slices.Equal(l.To, []int64{40}) {
		t.Fatalf("legal %+v, want p1 to raise to 40 (the fourth bet)", l)
	}
}

// TestRule_R13_FoldedPlayersShownCardsAreStillCheckedForDuplicates: cards
// shown by a player who folded are dead, but they are cards of the deck
// (R1): one already on the board or in another hand is an error, whenever
// the show comes.
func TestRule_R13_FoldedPlayersShownCardsAreStillCheckedForDuplicates(t *testing.T) {
	t.Parallel()
	s := mustNew(t, Config{Game: eval.OmahaHi, Structure: NoLimit, Stacks: stacks(3, 100), Button: 2, Posts: blinds(3, 2, 1, 2),
		Holes: holes("", "2c3d4h5s", "")})
	mustApply(t, s, cc(2), fold(0))
	for _, tt := range []struct {
		cards, want string
	}{
		{"AhAs2cKs", "duplicate card 2c in p1's hole cards"},
	} {
		err := s.Apply(show(0, tt.cards))
		var fe *fault.Error
		if !errors.As(err, &fe) || fe.Kind != fault.Impossible || !strings.Contains(fe.Message, tt.want) {
			t.Errorf("folded p1 shows %s: %v, want an impossible deal %q", tt.cards, err, tt.want)
		}
	}
	mustApply(t, s, check(1), board("AdKd9c"))
	err := s.Apply(show(0, "AhAsKdKs"))
	var fe *fault.Error
	if !errors.As(err, &fe) || fe.Kind != fault.Impossible || !strings.Contains(fe.Message, "duplicate card Kd") {
		t.Errorf("folded p1 shows the board's Kd: %v, want an impossible deal", err)
	}
	// His cards, once shown, are in the deck: the board cannot deal them.
	mustApply(t, s, show(0, "AhAsKhKs"))
	checkDown(t, s)
	err = s.Apply(board("Ah"))
	if !errors.As(err, &fe) || !strings.Contains(fe.Message, "duplicate card Ah") {
		t.Errorf("the turn Ah after a folded player showed it: %v, want an impossible deal", err)
	}
}
