package analysis

import (
	"testing"

	"github.com/scoophq/scoop/internal/cards"
)

// unseen is the deck without the given cards, in card order.
func unseen(known ...string) []cards.Card {
	var seen cards.CardSet
	for _, k := range known {
		for _, c := range cards.MustParse(k) {
			seen = seen.Add(c)
		}
	}
	var out []cards.Card
	for c := cards.Card(0); c < cards.NumCards; c++ {
		if !seen.Has(c) {
			out = append(out, c)
		}
	}
	return out
}

// statusVsUnknown is the low status of hole on board against one unknown
// opponent who can still win either half.
func statusVsUnknown(hole, board string) LowStatus {
	return lowStatusOf(cards.MustParse(hole), nil, cards.MustParse(board), unseen(hole, board), true, true, true)
}

func TestLowStatus_A9(t *testing.T) {
	t.Parallel()
	t.Run("nut low that cannot be counterfeited: A-2 with the 3 behind it on 4-5-8", func(t *testing.T) {
		t.Parallel()
		st := statusVsUnknown("As2d3cKh", "4h5c8d")
		if st.MadeLow != "8-5-4-2-A" || !st.NutLow {
			t.Fatalf("made %q nut %v, want the nut 8-5-4-2-A", st.MadeLow, st.NutLow)
		}
		// An ace or a deuce pairs him, the three then makes a wheel: no
		// completion counterfeits him, and every one leaves him the nut.
		if st.Counterfeit != 0 || !st.LockedLow {
			t.Errorf("counterfeit %v locked %v, want 0 and locked", st.Counterfeit, st.LockedLow)
		}
		if st.BestLow != "5-4-3-2-A" || st.LowShare != 1 || st.Completions != 990 {
			t.Errorf("best %q share %v low share %v completions %d", st.BestLow, st.BestLowShare, st.LowShare, st.Completions)
		}
		if !st.Freeroll || st.LockedHigh {
			t.Errorf("freeroll %v locked high %v: a locked low with the high still to win is a freeroll", st.Freeroll, st.LockedHigh)
		}
	})
	t.Run("nut low that can be counterfeited: bare A-2 on 3-6-8-K, an ace or a deuce on the river", func(t *testing.T) {
		t.Parallel()
		st := statusVsUnknown("As2dKhKc", "3c6h8dKs")
		if st.MadeLow != "8-6-3-2-A" || !st.NutLow {
			t.Fatalf("made %q nut %v, want the nut 8-6-3-2-A", st.MadeLow, st.NutLow)
		}
		// Three aces and three deuces are left among 44 unseen cards:
		// each pairs him and lets 4-x, 2-x or A-x beat him.
		if want := 6.0 / 44; st.Counterfeit != want {
			t.Errorf("counterfeit %v, want 6/44 = %v", st.Counterfeit, want)
		}
		if st.LockedLow || st.Freeroll {
			t.Errorf("locked %v freeroll %v: a low that can be counterfeited is not locked", st.LockedLow, st.Freeroll)
		}
	})
	t.Run("locked nut high with a live low draw is a freeroll: the 9-high straight flush on 5-6-7 of spades, 5-6-8 for a low", func(t *testing.T) {
		t.Parallel()
		// No higher straight flush can be made without his 8s and 9s;
		// his 5 and 6 pair the board, so his low needs one more low card.
		st := statusVsUnknown("8s9s5d6d", "5s6s7s")
		if !st.LockedHigh || st.LockedLow || st.MadeLow != "" {
			t.Fatalf("locked high %v locked low %v made %q", st.LockedHigh, st.LockedLow, st.MadeLow)
		}
		if st.BestLow != "7-6-5-2-A" || st.LowShare == 0 || st.LowShare == 1 || !st.Freeroll {
			t.Errorf("best %q low share %v freeroll %v, want a live low draw and a freeroll", st.BestLow, st.LowShare, st.Freeroll)
		}
		// Without a chance at the low it is a lock of one half, not a freeroll.
		if no := lowStatusOf(cards.MustParse("8s9s5d6d"), nil, cards.MustParse("5s6s7s"), unseen("8s9s5d6d", "5s6s7s"), true, true, false); no.Freeroll {
			t.Error("freeroll with no low to win")
		}
	})
	t.Run("a known opponent's better low keeps it from the nut", func(t *testing.T) {
		t.Parallel()
		opp := []cards.List{cards.MustParse("Ah2hQcQd")}
		st := lowStatusOf(cards.MustParse("As4dKhKc"), opp, cards.MustParse("3c6h8d"), unseen("As4dKhKc", "Ah2hQcQd", "3c6h8d"), false, true, true)
		if st.MadeLow != "8-6-4-3-A" || st.NutLow {
			t.Errorf("made %q nut %v", st.MadeLow, st.NutLow)
		}
	})
}

// A9 through the analysis: a nut low on the turn counterfeited by the
// river deuce, a freeroll named in the analysis.
func TestLowStatus_A9_CounterfeitOnTheRiver(t *testing.T) {
	t.Parallel()
	h := phhOf(t, `variant = 'PO/8'
antes = [0, 0]
blinds_or_straddles = [1, 2]
starting_stacks = [100, 100]
actions = ['d dh p1 As2dKhKc', 'd dh p2 ????', 'p2 cc', 'p1 cc', 'd db 3c6h8d', 'p1 cc', 'p2 cc', 'd db Ks', 'p1 cc', 'p2 cc', 'd db 2c', 'p1 cc', 'p2 cc']
`)
	a := analyzeLegal(t, h)
	if len(a.Streets) != 4 {
		t.Fatalf("%d streets", len(a.Streets))
	}
	if a.Streets[0].Players[0].LowStatus != nil {
		t.Error("a preflop low status")
	}
	turn, river := a.Streets[2].Players[0].LowStatus, a.Streets[3].Players[0].LowStatus
	if turn == nil || river == nil || a.Streets[2].Players[1].LowStatus != nil {
		t.Fatalf("turn %+v river %+v", turn, river)
	}
	if !turn.NutLow || turn.Counterfeit != 6.0/44 {
		t.Errorf("turn %+v", turn)
	}
	if river.MadeLow != "8-6-3-2-A" || river.NutLow || river.LockedLow || river.Counterfeit != 0 || river.Completions != 1 {
		t.Errorf("river %+v: counterfeited, the low is no longer the nut", river)
	}
	if len(a.Freeroll) != 0 {
		t.Errorf("freeroll %v", a.Freeroll)
	}
	fr := analyzeLegal(t, phhOf(t, `variant = 'PO/8'
antes = [0, 0]
blinds_or_straddles = [1, 2]
starting_stacks = [100, 100]
actions = ['d dh p1 8s9s5d6d', 'd dh p2 ????', 'p2 cc', 'p1 cc', 'd db 5s6s7s', 'p1 cc', 'p2 cc', 'd db Kh', 'p1 cc', 'p2 cc', 'd db 2h', 'p1 cc', 'p2 cc']
`))
	if len(fr.Freeroll) != 1 || fr.Freeroll[0] != "p1" || !fr.Streets[1].Players[0].LowStatus.Freeroll {
		t.Errorf("freeroll %v, flop %+v", fr.Freeroll, fr.Streets[1].Players[0].LowStatus)
	}
	if r := fr.Streets[3].Players[0].LowStatus; !r.LockedHigh || r.Freeroll {
		t.Errorf("river %+v: the high held locked, no freeroll on the river", r)
	}
}
