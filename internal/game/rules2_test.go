package game

import (
	"slices"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/eval"
)

// The clarified RULES.md (R3, R5, R6, R9, R10, R12, R13): each test pins
// what the rule book now says to the letter.

// TestR10BigBlindKeepsHisOption: posting a blind is not acting; a big
// blind who faces only calls (all-in ones included) checks or raises, even
// when every other player left is all-in (and then, by R9, he may only
// check or fold: nobody could call a raise).
func TestR10BigBlindKeepsHisOption(t *testing.T) {
	t.Parallel()
	t.Run("the button calls all-in for exactly the big blind, the small blind folds", func(t *testing.T) {
		t.Parallel()
		// PHH order: p1 small blind, p2 big blind, p3 the button.
		s := mustNew(t, Config{Game: eval.OmahaHi, Structure: PotLimit, Stacks: []int64{100, 100, 2}, Button: 2, Posts: blinds(3, 2, 1, 2),
			Holes: holes("AhAsKhKs", "2c3d4h5s", "6c6d7h8s")})
		mustApply(t, s, cc(2), fold(0))
		l := legal(t, s)
		if l.Player != 1 || !l.Check || l.Raise {
			t.Fatalf("legal %+v, want the big blind p2 to check (no raise: nobody could call it)", l)
		}
		wantIllegal(t, s, cbr(1, 4), "p2 raise to 4 is not allowed: no other player can call a raise (R9)")
		mustApply(t, s, check(1))
		if s.Phase() != Runout {
			t.Fatalf("phase %v after the check, want runout", s.Phase())
		}
		mustApply(t, s, board("2h7d9c"), board("Jd"), board("Qd"))
		st := settle(t, s, Rake{})
		if !slices.Equal(st.Finishing, []int64{99, 98, 5}) {
			t.Fatalf("finishing %v, want [99 98 5]", st.Finishing)
		}
	})
	t.Run("heads-up, the small blind all-in on his post", func(t *testing.T) {
		t.Parallel()
		s := mustNew(t, Config{Game: eval.OmahaHi, Structure: NoLimit, Stacks: []int64{100, 1}, Button: 1, Posts: blinds(2, 1, 1, 2)})
		if l := legal(t, s); l.Player != 0 || !l.Check || l.Raise {
			t.Fatalf("legal %+v (phase %v), want the big blind p1 to check", l, s.Phase())
		}
		if err := s.Apply(board("2h7d9c")); err == nil || !strings.Contains(err.Error(), "dealt while p1 is to act") {
			t.Fatalf("a flop before the big blind acted: %v, want it refused", err)
		}
		mustApply(t, s, check(0), board("2h7d9c"))
	})
	t.Run("a straddle keeps his option too", func(t *testing.T) {
		t.Parallel()
		posts := append(blinds(4, 3, 1, 2), Post{2, Straddle, 4})
		s := mustNew(t, Config{Game: eval.OmahaHi, Structure: NoLimit, Stacks: []int64{100, 2, 100, 4}, Button: 3, Posts: posts})
		mustApply(t, s, cc(3), fold(0))
		if l := legal(t, s); l.Player != 2 || !l.Check || l.Raise {
			t.Fatalf("legal %+v, want the straddle p3 to check", l)
		}
	})
}

// TestR12AntesAreInTheMainPot: an all-in player is eligible for all the
// dead money (a big blind ante included); only a player all-in on the ante
// itself is cut at his ante's amount from each player, unless the table
// says otherwise (NoAnteTrimming).
func TestR12AntesAreInTheMainPot(t *testing.T) {
	t.Parallel()
	// PO, antes [0, 10, 0], blinds [5, 10, 0], stacks [100, 100, 20]: p3
	// raises all-in to 20 and both others call.
	bbAnte := func(t *testing.T) *State {
		posts := []Post{{1, Ante, 10}, {0, SmallBlind, 5}, {1, BigBlind, 10}}
		s := mustNew(t, Config{Game: eval.OmahaHi, Structure: PotLimit, Stacks: []int64{100, 100, 20}, Button: 2, Posts: posts,
			Holes: holes("2c3d4h5s", "6c6d7h8s", "AhAsKhKs")})
		mustApply(t, s, cbr(2, 20), cc(0), cc(1), board("AdKd9c"))
		return s
	}
	t.Run("checked down, the all-in player best", func(t *testing.T) {
		t.Parallel()
		s := bbAnte(t)
		checkDown(t, s)
		dealCheckingDown(t, s, "8c", "7d")
		st := settle(t, s, Rake{})
		if got := potsOf(st); !slices.Equal(got, []string{"70:123"}) {
			t.Errorf("pots %v, want one pot of 70 for all three", got)
		}
		if !slices.Equal(st.Finishing, []int64{80, 70, 70}) {
			t.Errorf("finishing %v, want [80 70 70]", st.Finishing)
		}
	})
	t.Run("the ante's player folds later, the other mucks", func(t *testing.T) {
		t.Parallel()
		s := bbAnte(t)
		mustApply(t, s, cbr(0, 10), fold(1), board("8c"), board("7d"), muck(0), show(2, "AhAsKhKs"))
		st := settle(t, s, Rake{})
		if !slices.Equal(st.Finishing, []int64{80, 70, 70}) || st.Returned[0] != 10 {
			t.Errorf("finishing %v returned %v, want [80 70 70] with p1's uncalled 10 back", st.Finishing, st.Returned)
		}
	})
	// Antes 10 each, p3 has 5 (all-in on his ante), blinds 5/10 called.
	anteAllIn := func(t *testing.T, noTrim bool) *Settlement {
		posts := []Post{{0, Ante, 10}, {1, Ante, 10}, {2, Ante, 10}, {0, SmallBlind, 5}, {1, BigBlind, 10}}
		s := mustNew(t, Config{Game: eval.OmahaHi, Structure: NoLimit, Stacks: []int64{100, 100, 5}, Button: 2, Posts: posts,
			NoAnteTrimming: noTrim, Holes: holes("2c3d4h5s", "6c6d7h8s", "AhAsKhKs")})
		mustApply(t, s, cc(0), check(1), board("AdKd9c"))
		checkDown(t, s)
		dealCheckingDown(t, s, "8c", "7d")
		return settle(t, s, Rake{})
	}
	t.Run("all-in on the ante itself: cut at his ante from each player", func(t *testing.T) {
		t.Parallel()
		st := anteAllIn(t, false)
		if got := potsOf(st); !slices.Equal(got, []string{"15:123", "30:12"}) || st.Payouts[2] != 15 {
			t.Errorf("pots %v payouts %v, want 15 for all (p3 wins it) and 30 for p1, p2", got, st.Payouts)
		}
	})
	t.Run("ante trimming off: every ante in the main pot", func(t *testing.T) {
		t.Parallel()
		st := anteAllIn(t, true)
		if got := potsOf(st); !slices.Equal(got, []string{"25:123", "20:12"}) || st.Payouts[2] != 25 {
			t.Errorf("pots %v payouts %v, want 25 for all (p3 wins it) and 20 for p1, p2", got, st.Payouts)
		}
	})
}
