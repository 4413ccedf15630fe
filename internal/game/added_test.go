package game

import (
	"errors"
	"slices"
	"testing"

	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/fault"
)

// Money the site adds to the pot (Config.Added: GGPoker's "Cash Drop to
// Pot", Run It Once's "STP added"): all chips in all pots for the
// pot-limit maximum (R7), dead money in the main pot (R12).
func TestAddedMoney(t *testing.T) {
	t.Parallel()
	t.Run("R7 pot-limit raise reaches pot plus added money", func(t *testing.T) {
		t.Parallel()
		// Blinds 1/2, three players, 20 added: the button may raise to
		// 2 + (1 + 2 + 20 + 2) = 27, not the 7 of a pot without it.
		s := mustNew(t, Config{Game: eval.OmahaHi, Structure: PotLimit, Stacks: stacks(3, 100), Button: 2, Posts: blinds(3, 2, 1, 2), Added: 20})
		if s.Pot() != 23 {
			t.Fatalf("pot %d, want 23 (blinds 3 + added 20)", s.Pot())
		}
		if l := legal(t, s); l.Player != 2 || l.MaxTo != 27 {
			t.Fatalf("legal %+v, want the button p3 to raise to at most 27", l)
		}
		wantIllegal(t, s, cbr(2, 28), "")
		mustApply(t, s, cbr(2, 27))
	})
	t.Run("added money settles with the main pot, the all-in player eligible", func(t *testing.T) {
		t.Parallel()
		s := mustNew(t, Config{Game: eval.OmahaHi, Structure: NoLimit, Stacks: []int64{100, 100, 10}, Button: 2, Posts: blinds(3, 2, 1, 2), Added: 20,
			Holes: holes("2c3d4h5s", "6c6d7h8s", "AhAsKhKs")})
		mustApply(t, s, cbr(2, 10), cc(0), cc(1), board("AdAcKd"), cbr(0, 20), cc(1), board("Kc"), cc(0), cc(1), board("Qd"), cc(0), cc(1))
		st := settle(t, s, Rake{})
		if len(st.Pots) != 2 || st.Pots[0].Amount != 50 || !slices.Equal(st.Pots[0].Eligible, []int{0, 1, 2}) || st.Pots[1].Amount != 40 {
			t.Fatalf("pots %+v, want the main pot 3x10 + 20 added = 50 (all three eligible), the side pot 40", st.Pots)
		}
		if !slices.Equal(st.Payouts, []int64{0, 40, 50}) || !slices.Equal(st.Returned, []int64{0, 0, 0}) {
			t.Fatalf("payouts %v returned %v, want the all-in p3's quad aces to win the main pot with the added 20: [0 40 50], nothing returned", st.Payouts, st.Returned)
		}
	})
	t.Run("a walk returns the uncalled blind, never the added money", func(t *testing.T) {
		t.Parallel()
		s := mustNew(t, Config{Game: eval.OmahaHiLo, Structure: PotLimit, Stacks: stacks(3, 100), Button: 2, Posts: blinds(3, 2, 1, 2), Added: 20})
		mustApply(t, s, fold(2), fold(0))
		st := settle(t, s, Rake{})
		if !slices.Equal(st.Returned, []int64{0, 1, 0}) || !slices.Equal(st.Payouts, []int64{0, 22, 0}) || !slices.Equal(st.Finishing, []int64{99, 121, 100}) {
			t.Fatalf("returned %v payouts %v finishing %v, want the big blind's excess 1 back and the pot 1+1+20 won", st.Returned, st.Payouts, st.Finishing)
		}
	})
	t.Run("rake comes out of a pot that holds the added money", func(t *testing.T) {
		t.Parallel()
		s := mustNew(t, Config{Game: eval.OmahaHi, Structure: PotLimit, Stacks: stacks(3, 100), Button: 2, Posts: blinds(3, 2, 1, 2), Added: 20})
		mustApply(t, s, cbr(2, 6), fold(0), fold(1))
		st := settle(t, s, Rake{PotsAfter: []int64{24}, Total: 1, TotalPot: 25})
		if len(st.Pots) != 1 || st.Pots[0].Amount != 25 || st.Pots[0].Rake != 1 || st.Payouts[2] != 24 || st.Returned[2] != 4 {
			t.Fatalf("pots %+v payouts %v returned %v, want one pot of 1+2+2+20 = 25, rake 1, 24 won and 4 returned", st.Pots, st.Payouts, st.Returned)
		}
	})
	t.Run("negative added money is refused", func(t *testing.T) {
		t.Parallel()
		_, err := New(Config{Game: eval.OmahaHi, Structure: PotLimit, Stacks: stacks(3, 100), Button: 2, Posts: blinds(3, 2, 1, 2), Added: -1})
		var fe *fault.Error
		if !errors.As(err, &fe) || fe.Kind != fault.Invalid || fe.Field != "added" {
			t.Fatalf("error %v, want an invalid \"added\"", err)
		}
	})
}
