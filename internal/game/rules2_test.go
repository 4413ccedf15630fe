package game

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/fault"
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
		// He could only check: a record may leave the check out (R10).
		mustApply(t, s, board("2h7d9c"))
		if s.Phase() != Runout {
			t.Fatalf("phase %v after the flop, want the runout (the check implied)", s.Phase())
		}
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

// TestR6ShortAllInRaiseSizes: after an all-in for less than a full bet in
// fixed-limit, the next raise goes one increment over the all-in, or one
// increment over the level the all-in counts as (the level before it when
// it raised by less than half an increment, the next level when by half or
// more): both, and no other total.
func TestR6ShortAllInRaiseSizes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		allIns []int64 // stacks of p2, p3 (0: no all-in), all-in raises after p1's flop bet of 10
		to     []int64
	}{
		{"half a bet or more counts as the next level", []int64{16}, []int64{26, 30}},
		{"less than half counts as the level before", []int64{14}, []int64{20, 24}},
		{"a second short all-in under half over the first", []int64{16, 19}, []int64{29, 30}},
		// Each all-in is measured against the level the betting counts as,
		// not against the all-in before it (R6, issue 27): 21 is half a bet
		// over 16 but 1 over the level 20, so the level stays 20.
		{"a second short all-in of half over the first but under half over the level", []int64{16, 21}, []int64{30, 31}},
		// 13 leaves the level at 10; 17 is 7 over it: the level 20.
		{"two short all-ins, the second reaching half over the level", []int64{13, 17}, []int64{27, 30}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			st := []int64{1000, 1000, 1000, 1000}
			for k, a := range tt.allIns {
				st[1+k] = a + 10 // each called the big blind of 10 first
			}
			s := mustNew(t, Config{Game: eval.OmahaHiLo, Structure: FixedLimit, Stacks: st, Button: 3, SmallBet: 10, Posts: blinds(4, 3, 5, 10)})
			mustApply(t, s, cc(2), cc(3), cc(0), cc(1), board("AcKd2h"), cbr(0, 10))
			for k, a := range tt.allIns {
				mustApply(t, s, cbr(1+k, a))
			}
			p := s.ToAct()
			l := legal(t, s)
			if !slices.Equal(l.To, tt.to) {
				t.Fatalf("p%d may raise to %v, want exactly %v", p+1, l.To, tt.to)
			}
			for to := l.MinTo - 12; to <= l.MaxTo+12; to++ {
				if to <= s.currentBet || slices.Contains(tt.to, to) {
					continue
				}
				c := *s
				c.bet, c.stack, c.committed = slices.Clone(s.bet), slices.Clone(s.stack), slices.Clone(s.committed)
				c.acted, c.folded, c.canRaise = slices.Clone(s.acted), slices.Clone(s.folded), slices.Clone(s.canRaise)
				if err := c.Apply(cbr(p, to)); err == nil {
					t.Errorf("raise to %d accepted; only %v are allowed", to, tt.to)
				}
			}
			for _, to := range tt.to {
				c := *s
				c.bet, c.stack, c.committed = slices.Clone(s.bet), slices.Clone(s.stack), slices.Clone(s.committed)
				c.acted, c.folded, c.canRaise = slices.Clone(s.acted), slices.Clone(s.folded), slices.Clone(s.canRaise)
				if err := c.Apply(cbr(p, to)); err != nil {
					t.Errorf("raise to %d: %v", to, err)
				}
			}
		})
	}
}

// TestR9ShortAllInsAddUpToFullRaise: short all-in raises that together add
// up to a full raise reopen the betting for a player who already acted
// (TDA); short of that they do not.
func TestR9ShortAllInsAddUpToFullRaise(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		p3, p4 int64 // all-in totals over p1's bet of 100
		reopen bool
		minTo  int64
	}{
		{"50 and 60 more: 110 over the bet, a full raise", 150, 210, true, 310},
		{"50 and 50 more: exactly a full raise", 150, 200, true, 300},
		{"50 and 30 more: 80, not a full raise", 150, 180, false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := mustNew(t, Config{Game: eval.OmahaHi, Structure: NoLimit, Stacks: []int64{1000, 1000, tt.p3 + 10, tt.p4 + 10}, Button: 3,
				Posts: blinds(4, 3, 5, 10)})
			mustApply(t, s, cc(2), cc(3), cc(0), cc(1), board("AcKd2h"), cbr(0, 100), cc(1), cbr(2, tt.p3), cbr(3, tt.p4))
			for _, p := range []int{0, 1} {
				l := legal(t, s)
				if l.Player != p || l.Raise != tt.reopen || (tt.reopen && l.MinTo != tt.minTo) {
					t.Fatalf("legal %+v, want p%d reopened=%v (min raise to %d)", l, p+1, tt.reopen, tt.minTo)
				}
				if !tt.reopen {
					wantIllegal(t, s, cbr(p, 500), "is not allowed: the betting was not reopened")
				}
				mustApply(t, s, cc(p))
			}
		})
	}
}

// TestR9RaiseNobodyCanCall: a raise that no other player can call (every
// other player all-in or folded) is illegal; it can only be a call.
func TestR9RaiseNobodyCanCall(t *testing.T) {
	t.Parallel()
	s := mustNew(t, Config{Game: eval.OmahaHi, Structure: NoLimit, Stacks: []int64{1000, 1000, 50}, Button: 2, Posts: blinds(3, 2, 5, 10)})
	mustApply(t, s, cbr(2, 50), fold(0))
	l := legal(t, s)
	if l.Player != 1 || l.Raise || l.Call != 40 || l.Why != "no other player can call a raise (R9)" {
		t.Fatalf("legal %+v, want p2 to call 40 or fold only", l)
	}
	ie := wantIllegal(t, s, cbr(1, 200), "p2 raise to 200 is not allowed: no other player can call a raise (R9)")
	if ie.Allowed != "fold, call 40" {
		t.Errorf("allowed %q, want %q", ie.Allowed, "fold, call 40")
	}
	mustApply(t, s, call(1, 40))
	if s.Phase() != Runout {
		t.Fatalf("phase %v, want runout", s.Phase())
	}
}

// TestR5FirstToActEveryStreet: before the flop the player left of the big
// blind acts first; on every later street the first active player left of
// the button, past the blinds when they folded or are all-in; an action by
// anyone else is out of turn and names who was due.
func TestR5FirstToActEveryStreet(t *testing.T) {
	t.Parallel()
	// Six players, button p6; p1 small blind, p2 big blind (all-in for 30).
	s := mustNew(t, Config{Game: eval.OmahaHi, Structure: NoLimit, Stacks: []int64{100, 30, 100, 100, 100, 100}, Button: 5,
		Posts: blinds(6, 5, 1, 2)})
	ie := wantIllegal(t, s, cc(4), "p5 checks or calls out of turn: p3 is to act")
	if ie.Index != 0 || ie.Player != 4 {
		t.Fatalf("error %+v, want action 0 by p5", ie)
	}
	mustApply(t, s, cbr(2, 30), fold(3), cc(4), cc(5), fold(0), cc(1), board("AcKd2h"))
	// p1 folded and p2 is all-in: p3 is the first active player left of
	// the button.
	for _, street := range []string{"flop", "turn", "river"} {
		if s.ToAct() != 2 {
			t.Fatalf("%s: to act p%d, want p3", street, s.ToAct()+1)
		}
		wantIllegal(t, s, cc(4), "p5 checks or calls out of turn: p3 is to act")
		wantIllegal(t, s, cc(0), "after folding")
		mustApply(t, s, check(2), check(4))
		if s.ToAct() != 5 {
			t.Fatalf("%s: to act p%d after p3 and p5, want p6", street, s.ToAct()+1)
		}
		mustApply(t, s, check(5))
		if street != "river" {
			mustApply(t, s, board([]string{"", "9s", "8s"}[len(s.Board())-2]))
		}
	}
	if s.Phase() != Showdown {
		t.Fatalf("phase %v, want showdown", s.Phase())
	}
}

// TestR3BigBlindSeatWithoutSmallBlind: with no small blind posted, the big
// blind is the first player left of the button (the small blind's seat is
// empty: PokerStars records the hand without it) or the second (a dead
// small blind: that seat's player is dealt in and posts nothing); heads-up,
// the player who is not the button. Any other seat is impossible; the
// player left of the big blind acts first.
func TestR3BigBlindSeatWithoutSmallBlind(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		n, button int
		bb        int
		firstToAc int    // before the flop
		err       string // "" when legal
	}{
		{"first left of the button: the small blind's seat is empty", 4, 0, 1, 2, ""},
		{"second left of the button: a dead small blind", 4, 0, 2, 3, ""},
		{"second left, wrapping round the table", 4, 3, 1, 2, ""},
		{"heads-up: the player who is not the button", 2, 1, 0, 1, ""},
		{"three seats left of the button", 5, 0, 3, 0, "posts[0]: p4 posts the big blind, but with no small blind the big blind is p2's or p3's (R3)"},
		{"the button himself", 4, 0, 0, 0, "posts[0]: p1 posts the big blind, but with no small blind the big blind is p2's or p3's (R3)"},
		{"heads-up: the button", 2, 1, 1, 0, "posts[0]: p2 posts the big blind, but with no small blind the big blind is p1's (R3: heads-up, the player who is not the button)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s, err := New(Config{Game: eval.OmahaHi, Structure: NoLimit, Stacks: stacks(tt.n, 100), Button: tt.button, Posts: []Post{{tt.bb, BigBlind, 10}}})
			if tt.err != "" {
				if fault.KindOf(err) != fault.Impossible || err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("New: %v, want impossible %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("New: %v", err)
			}
			if s.ToAct() != tt.firstToAc {
				t.Fatalf("first to act p%d, want p%d", s.ToAct()+1, tt.firstToAc+1)
			}
		})
	}
}

// TestR13FoldedShownCardsIgnored: cards shown by a player who folded are
// dead: the show is accepted when it comes (even while the others still
// bet) and changes nothing, even when they would win.
func TestR13FoldedShownCardsIgnored(t *testing.T) {
	t.Parallel()
	s := mustNew(t, Config{Game: eval.OmahaHi, Structure: NoLimit, Stacks: stacks(3, 100), Button: 2, Posts: blinds(3, 2, 1, 2)})
	mustApply(t, s, cc(2), fold(0), show(0, "AhAsKhKs"), check(1), board("AdKd9c"), show(0, "AhAsKhKs"))
	checkDown(t, s)
	dealCheckingDown(t, s, "8c", "7d")
	mustApply(t, s, show(1, "2c3d4h5s"), show(2, "6c6d7h8s"), show(0, "AhAsKhKs"))
	st := settle(t, s, Rake{})
	if !slices.Equal(st.Payouts, []int64{0, 0, 5}) || !slices.Equal(st.Pots[0].Eligible, []int{1, 2}) {
		t.Fatalf("payouts %v pots %+v, want p3 to win 5 between p2 and p3", st.Payouts, st.Pots)
	}
	// A folded player's muck is accepted at any time too.
	s = mustNew(t, Config{Game: eval.OmahaHi, Structure: NoLimit, Stacks: stacks(3, 100), Button: 2, Posts: blinds(3, 2, 1, 2)})
	mustApply(t, s, fold(2), muck(2), cc(0))
	var ie *IllegalActionError
	if err := s.Apply(show(0, "AhAsKhKs")); !errors.As(err, &ie) || !strings.Contains(err.Error(), "before the betting is over") {
		t.Fatalf("a show by a player still in during the betting: %v, want illegal", err)
	}
}
