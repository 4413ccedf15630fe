package game

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/fault"
)

func TestR2SeatsAndButton(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		players int
		button  int
		ok      bool
	}{
		{"one player is not a table", 1, 0, false},
		{"heads-up", 2, 1, true},
		{"ten seats", 10, 9, true},
		{"eleven is too many", 11, 0, false},
		{"button off the table", 3, 3, false},
		{"negative button", 3, -1, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := New(Config{Game: eval.OmahaHiLo, Structure: FixedLimit, Stacks: stacks(tt.players, 100), Button: tt.button})
			if (err == nil) != tt.ok {
				t.Fatalf("New: %v, want ok=%v", err, tt.ok)
			}
			if err != nil && fault.KindOf(err) != fault.Invalid {
				t.Fatalf("kind %v, want invalid", fault.KindOf(err))
			}
		})
	}
}

func TestR3HeadsUpButtonPostsSmallBlindActsFirstPreflopLastAfter(t *testing.T) {
	t.Parallel()
	s := mustNew(t, Config{Game: eval.OmahaHiLo, Structure: FixedLimit, Stacks: stacks(2, 100), Button: 1,
		Posts: blinds(2, 1, 1, 2), SmallBet: 2})
	if s.ToAct() != 1 {
		t.Fatalf("preflop to act %d, want the button 1", s.ToAct())
	}
	if l := legal(t, s); l.Call != 1 {
		t.Fatalf("button's call %d, want 1 (small blind posted)", l.Call)
	}
	mustApply(t, s, cc(1), cc(0), board("2c3d7h"))
	if s.ToAct() != 0 {
		t.Fatalf("flop to act %d, want the big blind 0", s.ToAct())
	}
	mustApply(t, s, cc(0))
	if s.ToAct() != 1 {
		t.Fatalf("button acts last: to act %d, want 1", s.ToAct())
	}
}

func TestR4BlindsAreLive(t *testing.T) {
	t.Parallel()
	s := mustNew(t, Config{Game: eval.OmahaHi, Structure: PotLimit, Stacks: stacks(3, 100), Button: 2, Posts: blinds(3, 2, 1, 2)})
	mustApply(t, s, cc(2), cc(0))
	l := legal(t, s)
	if l.Player != 1 || !l.Check || !l.Raise {
		t.Fatalf("big blind's option %+v, want player 1 may check or raise", l)
	}
	mustApply(t, s, cbr(1, 8))
	if l := legal(t, s); l.Call != 6 {
		t.Fatalf("button owes %d after the blind raised to 8, want 6", l.Call)
	}
}

func TestR4DeadBlindDoesNotCountTowardCalling(t *testing.T) {
	t.Parallel()
	// p3 returns and posts small & big blinds: 1 dead, 2 live.
	posts := append(blinds(4, 3, 1, 2), Post{2, Dead, 1}, Post{2, BigBlind, 2})
	s := mustNew(t, Config{Game: eval.OmahaHi, Structure: PotLimit, Stacks: stacks(4, 100), Button: 3, Posts: posts})
	if s.Pot() != 6 {
		t.Fatalf("pot %d, want 6", s.Pot())
	}
	l := legal(t, s)
	if l.Player != 2 || !l.Check {
		t.Fatalf("%+v: want p3 (index 2) to act first, owing nothing for his live 2", l)
	}
	// Pot-limit maximum counts the dead chip: 2 + 6 + 0 = 8.
	if l.MaxTo != 8 {
		t.Fatalf("max raise to %d, want 8", l.MaxTo)
	}
	mustApply(t, s, cc(2), cc(3), cc(0), cc(1))
	if s.Phase() != Dealing {
		t.Fatalf("phase %v after everyone matched 2, want dealing", s.Phase())
	}
}

func TestR4OutOfPositionBigBlindIsLive(t *testing.T) {
	t.Parallel()
	// The button (3) joins with a big blind out of position.
	posts := append(blinds(4, 3, 1, 2), Post{3, BigBlind, 2})
	s := mustNew(t, Config{Game: eval.OmahaHi, Structure: PotLimit, Stacks: stacks(4, 100), Button: 3, Posts: posts})
	if s.ToAct() != 2 {
		t.Fatalf("first to act %d, want 2 (left of the regular big blind)", s.ToAct())
	}
	mustApply(t, s, cc(2))
	if l := legal(t, s); l.Player != 3 || !l.Check {
		t.Fatalf("%+v: want the out-of-position blind to check", l)
	}
}

func TestR5FirstToAct(t *testing.T) {
	t.Parallel()
	t.Run("preflop left of the big blind, postflop first active left of the button", func(t *testing.T) {
		s := mustNew(t, Config{Game: eval.OmahaHiLo, Structure: FixedLimit, Stacks: stacks(5, 100), Button: 4, Posts: blinds(5, 4, 1, 2)})
		if s.ToAct() != 2 {
			t.Fatalf("preflop to act %d, want 2", s.ToAct())
		}
		mustApply(t, s, cc(2), cc(3), cc(4), fold(0), cc(1), board("2c3d7h"))
		if s.ToAct() != 1 {
			t.Fatalf("flop to act %d, want 1 (the small blind folded)", s.ToAct())
		}
	})
	t.Run("left of the last straddle", func(t *testing.T) {
		posts := append(blinds(5, 4, 1, 2), Post{2, Straddle, 4})
		s := mustNew(t, Config{Game: eval.OmahaHi, Structure: NoLimit, Stacks: stacks(5, 100), Button: 4, Posts: posts})
		if s.ToAct() != 3 {
			t.Fatalf("to act %d, want 3", s.ToAct())
		}
		if l := legal(t, s); l.Call != 4 || l.MinTo != 8 {
			t.Fatalf("%+v: want call 4, min raise to 8", l)
		}
	})
}

func TestR6FixedLimitBetsRaisesAndCap(t *testing.T) {
	t.Parallel()
	s := mustNew(t, Config{Game: eval.OmahaHiLo, Structure: FixedLimit, Stacks: stacks(4, 100), Button: 3,
		Posts: blinds(4, 3, 1, 2), SmallBet: 2, BigBet: 4})
	if l := legal(t, s); l.MinTo != 4 || l.MaxTo != 4 {
		t.Fatalf("%+v: want the only raise to be to 4", l)
	}
	wantIllegal(t, s, cbr(2, 5), "p3 raise to 5 is not the fixed-limit raise to 4")
	mustApply(t, s, cbr(2, 4), cbr(3, 6), cbr(0, 8)) // the big blind was the first bet: capped at 4
	l := legal(t, s)
	if l.Raise || !strings.Contains(l.Why, "capped at 4 bets") || l.Call != 6 {
		t.Fatalf("%+v: want call 6 only, capped", l)
	}
	wantIllegal(t, s, cbr(1, 10), "capped at 4 bets")
	mustApply(t, s, cc(1), cc(2), cc(3), board("2c3d7h"))
	if l := legal(t, s); l.MinTo != 2 || l.MaxTo != 2 {
		t.Fatalf("flop %+v: want a bet of one small bet, 2", l)
	}
	checkDown(t, s)
	mustApply(t, s, board("Kc"))
	if l := legal(t, s); l.MinTo != 4 || l.MaxTo != 4 {
		t.Fatalf("turn %+v: want a bet of one big bet, 4", l)
	}
	wantIllegal(t, s, cbr(0, 2), "p1 bet to 2 is not the fixed-limit bet to 4")
}

func TestR6UncappedHeadsUpOption(t *testing.T) {
	t.Parallel()
	for _, uncapped := range []bool{false, true} {
		s := mustNew(t, Config{Game: eval.OmahaHiLo, Structure: FixedLimit, Stacks: stacks(2, 100), Button: 1,
			Posts: blinds(2, 1, 1, 2), SmallBet: 2, UncappedHeadsUp: uncapped})
		mustApply(t, s, cbr(1, 4), cbr(0, 6), cbr(1, 8))
		if l := legal(t, s); l.Raise != uncapped {
			t.Fatalf("uncapped=%v: raise allowed %v after 4 bets", uncapped, l.Raise)
		}
	}
}

func TestR6AllInForLessHalfBetRule(t *testing.T) {
	t.Parallel()
	// Flop bet 10 by p1; p2 goes all-in; p3 has not acted yet.
	setup := func(t *testing.T, p2Stack int64) *State {
		s := mustNew(t, Config{Game: eval.OmahaHiLo, Structure: FixedLimit, Stacks: []int64{100, p2Stack, 100}, Button: 2,
			Posts: blinds(3, 2, 5, 10), SmallBet: 10, BigBet: 20})
		mustApply(t, s, cc(2), cc(0), cc(1), board("2c3d7h"), cbr(0, 10))
		return s
	}
	t.Run("at least half a bet reopens", func(t *testing.T) {
		s := setup(t, 26) // 16 behind: all-in raise of 6 >= 5
		mustApply(t, s, cbr(1, 16))
		// A raise over the all-in (26) or over the completed bet of 20 (30).
		if l := legal(t, s); !l.Raise || l.MinTo != 26 || l.MaxTo != 30 {
			t.Fatalf("p3 %+v: want a raise to 26..30", l)
		}
		mustApply(t, s, cc(2))
		if l := legal(t, s); l.Player != 0 || !l.Raise || l.MinTo != 26 || l.MaxTo != 30 {
			t.Fatalf("p1 %+v: want the betting reopened, raise to 26..30", l)
		}
		wantIllegal(t, s, cbr(0, 36), "p1 raise to 36 is not a fixed-limit raise to 26 or 30 (R6)")
		wantIllegal(t, s, cbr(0, 27), "p1 raise to 27 is not a fixed-limit raise to 26 or 30 (R6)")
		mustApply(t, s, cbr(0, 30))
		if l := legal(t, s); l.Player != 2 || l.MinTo != 40 || l.MaxTo != 40 {
			t.Fatalf("p3 %+v: want the next raise to 40", l)
		}
	})
	t.Run("less than half does not", func(t *testing.T) {
		s := setup(t, 24) // 14 behind: all-in raise of 4 < 5
		mustApply(t, s, cbr(1, 14))
		if l := legal(t, s); !l.Raise || l.MinTo != 20 || l.MaxTo != 24 {
			t.Fatalf("p3 %+v: want a raise to 20..24 (complete, or raise the all-in)", l)
		}
		mustApply(t, s, cc(2))
		if l := legal(t, s); l.Player != 0 || l.Raise || l.Call != 4 {
			t.Fatalf("p1 %+v: want call 4 or fold only", l)
		}
	})
}

func TestR7PotLimitMaximum(t *testing.T) {
	t.Parallel()
	t.Run("worked example: pot 200, bet 150, call 150: raise to 800", func(t *testing.T) {
		s := mustNew(t, Config{Game: eval.OmahaHi, Structure: PotLimit, Stacks: stacks(4, 10000), Button: 3, Posts: blinds(4, 3, 25, 50)})
		mustApply(t, s, cc(2), cc(3), cc(0), cc(1), board("2c7d9h"))
		if s.Pot() != 200 {
			t.Fatalf("pot %d, want 200", s.Pot())
		}
		mustApply(t, s, cbr(0, 150), cc(1))
		l := legal(t, s)
		if l.Player != 2 || l.Call != 150 || l.MinTo != 300 || l.MaxTo != 800 {
			t.Fatalf("%+v: want p3 call 150, raise to 300..800", l)
		}
		ie := wantIllegal(t, s, cbr(2, 900), "")
		if got, want := ie.Error(), "action 7: p3 raise to 900 exceeds the pot-limit maximum 800"; got != want {
			t.Fatalf("error %q, want %q", got, want)
		}
		if ie.Index != 7 || ie.Player != 2 || ie.Allowed != "fold, call 150 or raise to 300..800" {
			t.Fatalf("%+v", ie)
		}
		mustApply(t, s, cbr(2, 800))
	})
	t.Run("blinds 1/2, three players: first to act raises to at most 7", func(t *testing.T) {
		s := mustNew(t, Config{Game: eval.OmahaHi, Structure: PotLimit, Stacks: stacks(3, 100), Button: 2, Posts: blinds(3, 2, 1, 2)})
		if l := legal(t, s); l.MaxTo != 7 || l.MinTo != 4 {
			t.Fatalf("%+v: want raise to 4..7", l)
		}
	})
	t.Run("heads-up: the small blind raises to at most 6", func(t *testing.T) {
		s := mustNew(t, Config{Game: eval.OmahaHi, Structure: PotLimit, Stacks: stacks(2, 100), Button: 1, Posts: blinds(2, 1, 1, 2)})
		if l := legal(t, s); l.Player != 1 || l.MaxTo != 6 {
			t.Fatalf("%+v: want the small blind's maximum 6", l)
		}
	})
	t.Run("minimum bet is the big blind, minimum raise the last raise", func(t *testing.T) {
		s := mustNew(t, Config{Game: eval.OmahaHi, Structure: PotLimit, Stacks: stacks(3, 1000), Button: 2, Posts: blinds(3, 2, 5, 10)})
		mustApply(t, s, cc(2), cc(0), cc(1), board("2c7d9h"))
		wantIllegal(t, s, cbr(0, 5), "p1 bet to 5 is below the pot-limit minimum 10")
		mustApply(t, s, cbr(0, 20))
		wantIllegal(t, s, cbr(1, 30), "below the pot-limit minimum 40")
	})
}

func TestR8NoLimit(t *testing.T) {
	t.Parallel()
	s := mustNew(t, Config{Game: eval.OmahaHi, Structure: NoLimit, Stacks: []int64{100, 100, 300}, Button: 2, Posts: blinds(3, 2, 1, 2)})
	if l := legal(t, s); l.MinTo != 4 || l.MaxTo != 300 {
		t.Fatalf("%+v: want raise to 4..300 (the whole stack)", l)
	}
	wantIllegal(t, s, cbr(2, 3), "below the no-limit minimum 4")
	mustApply(t, s, cbr(2, 6))
	if l := legal(t, s); l.MinTo != 10 || l.MaxTo != 100 {
		t.Fatalf("%+v: want raise to 10..100", l)
	}
	mustApply(t, s, cc(0), cc(1), board("2c7d9h"))
	if l := legal(t, s); l.MinTo != 2 {
		t.Fatalf("%+v: want a minimum bet of the big blind, 2", l)
	}
}

func TestR9IncompleteRaiseDoesNotReopen(t *testing.T) {
	t.Parallel()
	s := mustNew(t, Config{Game: eval.OmahaHi, Structure: NoLimit, Stacks: []int64{200, 30, 200}, Button: 2, Posts: blinds(3, 2, 1, 2)})
	mustApply(t, s, cc(2), cc(0), cc(1), board("2c7d9h"), cbr(0, 20), cbr(1, 28)) // all-in raise of 8 < 20
	if l := legal(t, s); l.Player != 2 || !l.Raise || l.MinTo != 48 {
		t.Fatalf("%+v: p3 has not acted: may raise, to at least 48", l)
	}
	mustApply(t, s, cc(2))
	l := legal(t, s)
	if l.Player != 0 || l.Raise || l.Call != 8 || !strings.Contains(l.Why, "R9") {
		t.Fatalf("%+v: want p1 to call 8 or fold only", l)
	}
	wantIllegal(t, s, cbr(0, 60), "p1 raise to 60 is not allowed: the betting was not reopened to p1")
	mustApply(t, s, cc(0))
	if s.Phase() != Dealing {
		t.Fatalf("phase %v, want dealing", s.Phase())
	}
}

func TestR10RoundEndsAndCheckOnlyWhenOwingNothing(t *testing.T) {
	t.Parallel()
	s := mustNew(t, Config{Game: eval.OmahaHi, Structure: NoLimit, Stacks: stacks(3, 100), Button: 2, Posts: blinds(3, 2, 1, 2)})
	mustApply(t, s, cbr(2, 6))
	if l := legal(t, s); l.Check || l.Call != 5 {
		t.Fatalf("%+v: the small blind owes 5 and cannot check", l)
	}
	wantIllegal(t, s, cc(1), "out of turn: p1 is to act")
	mustApply(t, s, fold(0))
	wantIllegal(t, s, cc(0), "after folding")
	mustApply(t, s, cc(1))
	if s.Phase() != Dealing {
		t.Fatalf("phase %v after everyone matched, want dealing", s.Phase())
	}
	wantIllegal(t, s, cc(1), "before the flop is dealt")
	mustApply(t, s, board("2c7d9h"))
	if l := legal(t, s); l.Player != 1 || !l.Check {
		t.Fatalf("%+v: want p2 to check", l)
	}
	mustApply(t, s, fold(1)) // folding when a check is free is allowed
	if s.Phase() != Over {
		t.Fatalf("phase %v, want over", s.Phase())
	}
}

func TestR11TableStakes(t *testing.T) {
	t.Parallel()
	s := mustNew(t, Config{Game: eval.OmahaHi, Structure: NoLimit, Stacks: []int64{100, 100, 30}, Button: 2, Posts: blinds(3, 2, 1, 2)})
	wantIllegal(t, s, cbr(2, 40), "exceeds the stack: all-in is a raise to 30")
	mustApply(t, s, cc(2), cbr(0, 50))
	if l := legal(t, s); l.Call != 48 {
		t.Fatalf("%+v", l)
	}
	mustApply(t, s, fold(1))
	if l := legal(t, s); l.Player != 2 || l.Call != 28 || l.Raise {
		t.Fatalf("%+v: the short stack calls all-in for 28, no raise", l)
	}
	mustApply(t, s, cc(2))
	if s.Stack(2) != 0 || s.Committed(2) != 30 {
		t.Fatalf("stack %d committed %d, want 0 and 30", s.Stack(2), s.Committed(2))
	}
	if s.Phase() != Runout {
		t.Fatalf("phase %v, want runout", s.Phase())
	}
}

func TestR12SidePotsEligibilityAndUncalledBet(t *testing.T) {
	t.Parallel()
	s := mustNew(t, Config{Game: eval.OmahaHi, Structure: NoLimit, Stacks: []int64{50, 100, 200}, Button: 2, Posts: blinds(3, 2, 1, 2),
		Holes: holes("KhKdAcAd", "9c9dAsAh", "3c4d5s6s")})
	mustApply(t, s, cbr(2, 200), cc(0), cc(1), board("2c7d9hJsKs"))
	st := settle(t, s, Rake{})
	if len(st.Pots) != 2 {
		t.Fatalf("pots %+v, want 2", st.Pots)
	}
	main, side := st.Pots[0], st.Pots[1]
	if main.Amount != 150 || !slices.Equal(main.Eligible, []int{0, 1, 2}) || side.Amount != 100 || !slices.Equal(side.Eligible, []int{1, 2}) {
		t.Fatalf("pots %+v, want 150 among all, 100 among p2, p3", st.Pots)
	}
	if !slices.Equal(st.Returned, []int64{0, 0, 100}) {
		t.Fatalf("returned %v, want p3's uncalled 100", st.Returned)
	}
	// p1 has the best hand but is not eligible for the side pot.
	if !slices.Equal(main.Hi, []Share{{0, 150}}) || !slices.Equal(side.Hi, []Share{{1, 100}}) {
		t.Fatalf("main %+v side %+v", main.Hi, side.Hi)
	}
	if !slices.Equal(st.Finishing, []int64{150, 100, 100}) {
		t.Fatalf("finishing %v", st.Finishing)
	}
}

func TestR13ShowdownOrderMucksAndFoldsToOne(t *testing.T) {
	t.Parallel()
	cfg := Config{Game: eval.OmahaHi, Structure: NoLimit, Stacks: stacks(3, 100), Button: 2, Posts: blinds(3, 2, 1, 2)}
	t.Run("river bettor shows first", func(t *testing.T) {
		s := mustNew(t, cfg)
		mustApply(t, s, cc(2), cc(0), cc(1), board("2c7d9h"))
		checkDown(t, s)
		mustApply(t, s, board("Js"))
		checkDown(t, s)
		mustApply(t, s, board("Ks"), cc(0), cbr(1, 10), cc(2), cc(0))
		if got := s.ShowdownOrder(); !slices.Equal(got, []int{1, 2, 0}) {
			t.Fatalf("order %v, want [1 2 0]", got)
		}
	})
	t.Run("no river bet: first left of the button", func(t *testing.T) {
		s := mustNew(t, cfg)
		mustApply(t, s, cc(2), cc(0), cc(1), board("2c7d9h"))
		checkDown(t, s)
		dealCheckingDown(t, s, "Js", "Ks")
		if got := s.ShowdownOrder(); !slices.Equal(got, []int{0, 1, 2}) {
			t.Fatalf("order %v, want [0 1 2]", got)
		}
	})
	t.Run("a muck gives up every pot", func(t *testing.T) {
		c := cfg
		c.Holes = holes("KhKdAcAd", "9c9dAsAh", "3c4d5s6s")
		s := mustNew(t, c)
		mustApply(t, s, cc(2), cc(0), cc(1), board("2c7d9h"))
		checkDown(t, s)
		dealCheckingDown(t, s, "Js", "Ks")
		mustApply(t, s, show(1, "9c9dAsAh"), muck(0), show(2, "3c4d5s6s"))
		st := settle(t, s, Rake{})
		if !slices.Equal(st.Pots[0].Hi, []Share{{1, 6}}) {
			t.Fatalf("hi %+v, want p2 to win 6 after p1 mucked the best hand", st.Pots[0].Hi)
		}
	})
	t.Run("everyone folds to the big blind, who shows nothing", func(t *testing.T) {
		s := mustNew(t, cfg)
		mustApply(t, s, fold(2), fold(0))
		if !s.Done() {
			t.Fatal("not done")
		}
		st := settle(t, s, Rake{})
		if !slices.Equal(st.Finishing, []int64{99, 101, 100}) || st.Returned[1] != 1 {
			t.Fatalf("finishing %v returned %v, want [99 101 100] with the big blind's uncalled 1 back", st.Finishing, st.Returned)
		}
	})
}

// showdown plays a heads-up hand checked down to the river with the given
// holes and board and settles it.
func showdown(t *testing.T, g eval.Game, posts []Post, h0, h1, b string) *Settlement {
	t.Helper()
	s := mustNew(t, Config{Game: g, Structure: FixedLimit, Stacks: stacks(2, 100), Button: 1, Posts: posts, SmallBet: 2, Holes: holes(h0, h1)})
	mustApply(t, s, board(b[:6]))
	for _, c := range []string{b[6:8], b[8:10]} {
		checkDown(t, s)
		mustApply(t, s, board(c))
	}
	checkDown(t, s)
	if s.Phase() != Showdown {
		t.Fatalf("phase %v, want showdown", s.Phase())
	}
	return settle(t, s, Rake{})
}

func headsUpCalled(t *testing.T, g eval.Game, posts []Post, h0, h1, b string) *Settlement {
	t.Helper()
	s := mustNew(t, Config{Game: g, Structure: FixedLimit, Stacks: stacks(2, 100), Button: 1, Posts: posts, SmallBet: 2, Holes: holes(h0, h1)})
	mustApply(t, s, cc(1), cc(0), board(b[:6]))
	for _, c := range []string{b[6:8], b[8:10]} {
		checkDown(t, s)
		mustApply(t, s, board(c))
	}
	checkDown(t, s)
	return settle(t, s, Rake{})
}

func TestR14ExactlyTwoHoleCardsAndThreeBoardCards(t *testing.T) {
	t.Parallel()
	// p1 holds the ace of hearts with four hearts on the board: no flush,
	// since he must use two hole cards. p2's two hearts make a flush.
	st := headsUpCalled(t, eval.OmahaHi, blinds(2, 1, 1, 2), "AhKsKdQc", "3h4h7c8d", "2h5h9hJhKc")
	if !slices.Equal(st.Pots[0].Hi, []Share{{1, 4}}) {
		t.Fatalf("hi %+v, want p2's flush to win 4", st.Pots[0].Hi)
	}
}

func TestR15HighRanking(t *testing.T) {
	t.Parallel()
	// The wheel (A-2-3-4-5) is the lowest straight: a six-high straight beats it.
	st := headsUpCalled(t, eval.OmahaHi, blinds(2, 1, 1, 2), "Ah2s9c9d", "6c2dJhJc", "3c4d5hKdQs")
	if !slices.Equal(st.Pots[0].Hi, []Share{{1, 4}}) {
		t.Fatalf("hi %+v, want p2's six-high straight", st.Pots[0].Hi)
	}
}

func TestR16LowQualifier(t *testing.T) {
	t.Parallel()
	t.Run("two low ranks on the board: no low, the high scoops", func(t *testing.T) {
		st := headsUpCalled(t, eval.OmahaHiLo, blinds(2, 1, 1, 2), "Ah4d5c6c", "KhKs7c8c", "KcQd2h3s9c")
		if len(st.Pots[0].Lo) != 0 || !slices.Equal(st.Pots[0].Hi, []Share{{1, 4}}) {
			t.Fatalf("pot %+v, want p2 to take all 4", st.Pots[0])
		}
	})
	t.Run("7-6-5-4-2 beats 8-6-4-2-A", func(t *testing.T) {
		st := headsUpCalled(t, eval.OmahaHiLo, blinds(2, 1, 1, 2), "7s5sQcQh", "8cAhKcJd", "2c4d6hKsKd")
		if !slices.Equal(st.Pots[0].Lo, []Share{{0, 2}}) || !slices.Equal(st.Pots[0].Hi, []Share{{1, 2}}) {
			t.Fatalf("pot %+v, want lo p1 2, hi p2 2", st.Pots[0])
		}
	})
}

func TestR17OddChipToHighAndScoop(t *testing.T) {
	t.Parallel()
	posts := append([]Post{{0, Ante, 1}}, blinds(2, 1, 1, 2)...) // pot 5
	st := headsUpCalled(t, eval.OmahaHiLo, posts, "7s5sQcQh", "8cAhKcJd", "2c4d6hKsKd")
	if !slices.Equal(st.Pots[0].Hi, []Share{{1, 3}}) || !slices.Equal(st.Pots[0].Lo, []Share{{0, 2}}) {
		t.Fatalf("pot %+v, want hi 3 (with the odd chip), lo 2", st.Pots[0])
	}
	st = headsUpCalled(t, eval.OmahaHiLo, posts, "7s5sKcQh", "8cAhJcJd", "2c4d6hKsKd")
	if !slices.Equal(st.Payouts, []int64{5, 0}) {
		t.Fatalf("payouts %v, want p1 to scoop 5", st.Payouts)
	}
}

func TestR18TiesSplitLeftoverFromLeftOfButton(t *testing.T) {
	t.Parallel()
	t.Run("high tie odd chip", func(t *testing.T) {
		posts := append([]Post{{0, Ante, 1}}, blinds(3, 0, 1, 2)...)
		s := mustNew(t, Config{Game: eval.OmahaHi, Structure: NoLimit, Stacks: stacks(3, 100), Button: 0, Posts: posts,
			Holes: holes("Th9c3d4d", "2c3c4c5c", "Tc9d5h6h")})
		mustApply(t, s, cc(0), cc(1), cc(2), board("AsKsQd"))
		checkDown(t, s)
		dealCheckingDown(t, s, "Jc", "2h")
		st := settle(t, s, Rake{})
		// Seat order from the button (0): 1, 2, 0. The leftover chip goes to 2.
		if !slices.Equal(st.Pots[0].Hi, []Share{{2, 4}, {0, 3}}) {
			t.Fatalf("hi %+v, want p3 4, p1 3", st.Pots[0].Hi)
		}
	})
	t.Run("quartered", func(t *testing.T) {
		st := settle(t, quarteredToShowdown(t), Rake{})
		// Pot 9: hi 5 to p1's trip kings; lo 4 shared by the two 7-4-3-2-A.
		if !slices.Equal(st.Pots[0].Hi, []Share{{0, 5}}) || !slices.Equal(st.Pots[0].Lo, []Share{{1, 2}, {2, 2}}) {
			t.Fatalf("pot %+v, want hi p1 5, lo p2 2 p3 2", st.Pots[0])
		}
	})
}

func TestR19RakeBeforeTheSplit(t *testing.T) {
	t.Parallel()
	t.Run("per pot from the recorded pot after rake", func(t *testing.T) {
		st := settle(t, quarteredToShowdown(t), Rake{PotsAfter: []int64{8}})
		if st.Rake != 1 || !slices.Equal(st.Pots[0].Hi, []Share{{0, 4}}) || !slices.Equal(st.Pots[0].Lo, []Share{{1, 2}, {2, 2}}) {
			t.Fatalf("rake %d pot %+v, want rake 1 then hi 4, lo 2/2", st.Rake, st.Pots[0])
		}
	})
	t.Run("total rake from the main pot first", func(t *testing.T) {
		s := mustNew(t, Config{Game: eval.OmahaHi, Structure: NoLimit, Stacks: []int64{50, 100, 200}, Button: 2, Posts: blinds(3, 2, 1, 2),
			Holes: holes("KhKdAcAd", "9c9dAsAh", "3c4d5s6s")})
		mustApply(t, s, cbr(2, 200), cc(0), cc(1), board("2c7d9hJsKs"))
		st := settle(t, s, Rake{Total: 5})
		if st.Pots[0].Rake != 5 || st.Pots[1].Rake != 0 || !slices.Equal(st.Payouts, []int64{145, 100, 0}) {
			t.Fatalf("pots %+v payouts %v", st.Pots, st.Payouts)
		}
	})
}

func TestImpossibleDeals(t *testing.T) {
	t.Parallel()
	cfg := Config{Game: eval.OmahaHi, Structure: NoLimit, Stacks: stacks(3, 100), Button: 2, Posts: blinds(3, 2, 1, 2),
		Holes: holes("KhKdAcAd", "", "")}
	tests := []struct {
		name string
		acts []Action
		bad  Action
		msg  string
	}{
		{"board card in a hole", []Action{cc(2), cc(0), cc(1)}, board("Kh7d9h"), "duplicate card Kh"},
		{"five-card flop", []Action{cc(2), cc(0), cc(1)}, board("2c7d9hJsKs"), "the flop is 3 cards, not 5"},
		{"board while a player is to act", nil, board("2c7d9h"), "dealt while p3 is to act"},
		{"shown cards differ from the dealt", []Action{fold(2), fold(0)}, show(0, "2c3c4c5c"), "shows 2c3c4c5c but was dealt KhKdAcAd"},
		{"a player who is not at the table", nil, cc(5), "player 6 is not one of the 3 players"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := mustNew(t, cfg)
			mustApply(t, s, tt.acts...)
			err := s.Apply(tt.bad)
			if err == nil || fault.KindOf(err) != fault.Impossible || !strings.Contains(err.Error(), tt.msg) {
				t.Fatalf("error %v, want impossible containing %q", err, tt.msg)
			}
			if !strings.HasPrefix(err.Error(), "action "+strconv.Itoa(len(tt.acts))) {
				t.Fatalf("error %q does not name action %d", err, len(tt.acts))
			}
		})
	}
}

func TestR11ShortBigBlindIsAllInAndOthersCallTheFullBlind(t *testing.T) {
	t.Parallel()
	s := mustNew(t, Config{Game: eval.OmahaHi, Structure: NoLimit, Stacks: []int64{100, 1, 100}, Button: 2, Posts: blinds(3, 2, 1, 2)})
	if l := legal(t, s); l.Player != 2 || l.Call != 2 {
		t.Fatalf("%+v: want the button to call the full big blind 2", l)
	}
	mustApply(t, s, cc(2), cc(0))
	if s.Phase() != Dealing || s.Committed(1) != 1 {
		t.Fatalf("phase %v, big blind committed %d; want dealing with the blind all-in for 1", s.Phase(), s.Committed(1))
	}
}

func TestR18ChipUnit(t *testing.T) {
	t.Parallel()
	// Blinds 25/50, chips of 25: pot 150 (ante 50 + 100) splits 75 hi
	// (three chips) and 75 lo; with a unit of 50 it splits 100 hi, 50 lo.
	for _, tt := range []struct{ unit, hi, lo int64 }{{25, 75, 75}, {50, 100, 50}, {0, 75, 75}} {
		posts := append([]Post{{0, Ante, 50}}, blinds(2, 1, 25, 50)...)
		s := mustNew(t, Config{Game: eval.OmahaHiLo, Structure: PotLimit, Stacks: stacks(2, 1000), Button: 1, Posts: posts, ChipUnit: tt.unit,
			Holes: holes("7s5sQcQh", "8cAhKcJd")})
		mustApply(t, s, cc(1), cc(0), board("2c4d6h"))
		checkDown(t, s)
		dealCheckingDown(t, s, "Ks", "Kd")
		st := settle(t, s, Rake{})
		if !slices.Equal(st.Pots[0].Hi, []Share{{1, tt.hi}}) || !slices.Equal(st.Pots[0].Lo, []Share{{0, tt.lo}}) {
			t.Errorf("unit %d: pot %+v, want hi %d lo %d", tt.unit, st.Pots[0], tt.hi, tt.lo)
		}
	}
}

// quarteredToShowdown plays a three-handed fixed-limit O8 hand (antes 1,
// blinds 1/2, everyone checks down to a 2c3d7hKcQs board) to its showdown:
// a pot of 9 whose high goes to p1's trip kings and whose low is shared by
// p2 and p3 (both 7-4-3-2-A).
func quarteredToShowdown(t *testing.T) *State {
	t.Helper()
	posts := append([]Post{{0, Ante, 1}, {1, Ante, 1}, {2, Ante, 1}}, blinds(3, 2, 1, 2)...)
	s := mustNew(t, Config{Game: eval.OmahaHiLo, Structure: FixedLimit, Stacks: stacks(3, 100), Button: 2, Posts: posts, SmallBet: 2,
		Holes: holes("KsKh9c9d", "As4dJhJc", "Ad4cTdTh")})
	mustApply(t, s, cc(2), cc(0), cc(1), board("2c3d7h"))
	checkDown(t, s)
	dealCheckingDown(t, s, "Kc", "Qs")
	return s
}
