package game

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/fault"
)

func check(p int) Action { return Action{Player: p, Kind: Check} }
func call(p int, amt int64) Action {
	return Action{Player: p, Kind: Call, Amount: amt}
}

// potsOf returns each pot as "amount:eligible players (1-based)".
func potsOf(st *Settlement) []string {
	var out []string
	for _, p := range st.Pots {
		e := ""
		for _, x := range p.Eligible {
			e += fmt.Sprint(x + 1)
		}
		out = append(out, fmt.Sprintf("%d:%s", p.Amount, e))
	}
	return out
}

func TestR12PotsAreBuiltFromTotalContributions(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		cfg       Config
		actions   []Action
		pots      []string // "amount:eligible players (1-based)"
		finishing []int64
	}{
		{
			// p1 is all-in on a 10 ante with 5 chips: 5 from each player.
			name: "short ante",
			cfg: Config{Game: eval.OmahaHi, Structure: NoLimit, Stacks: []int64{5, 1000, 1000}, Button: 0,
				Holes: holes("AhAsKhKs", "2c3d4h5s", "6c6d7h8s"),
				Posts: []Post{{0, Ante, 10}, {1, Ante, 10}, {2, Ante, 10}, {1, SmallBlind, 10}, {2, BigBlind, 20}}},
			actions:   []Action{cc(1), cc(2), board("AdKd9c"), cc(1), cc(2), board("8c"), cc(1), cc(2), board("7d"), cc(1), cc(2)},
			pots:      []string{"15:123", "50:23"},
			finishing: []int64{15, 970, 1020},
		},
		{
			// p4 returns with a dead small blind and a big blind and is
			// not all-in: his dead chip is in the one pot everyone may win.
			name: "dead blind of a player with chips behind",
			cfg: Config{Game: eval.OmahaHi, Structure: PotLimit, Stacks: stacks(4, 100), Button: 0,
				Holes: holes("AhAsKhKs", "2c3d4h5s", "6c6d7h8s", "9c9dThJs"),
				Posts: []Post{{1, SmallBlind, 1}, {2, BigBlind, 2}, {3, Dead, 1}, {3, BigBlind, 2}}},
			actions: []Action{cc(3), cc(0), cc(1), cc(2), board("AdKd3c"), cc(1), cc(2), cc(3), cc(0),
				board("8c"), cc(1), cc(2), cc(3), cc(0), board("7d"), cc(1), cc(2), cc(3), cc(0)},
			pots:      []string{"9:1234"},
			finishing: []int64{107, 98, 98, 97},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := mustNew(t, tt.cfg)
			mustApply(t, s, tt.actions...)
			st := settle(t, s, Rake{})
			if got := potsOf(st); !slices.Equal(got, tt.pots) {
				t.Errorf("pots %v, want %v", got, tt.pots)
			}
			if !slices.Equal(st.Finishing, tt.finishing) {
				t.Errorf("finishing %v, want %v", st.Finishing, tt.finishing)
			}
		})
	}
}

func TestR12WalkWithOnlyABigBlindHasNoPots(t *testing.T) {
	t.Parallel()
	s := mustNew(t, Config{Game: eval.OmahaHiLo, Structure: PotLimit, Stacks: stacks(3, 1000), Button: 0,
		Posts: []Post{{2, BigBlind, 10}}})
	mustApply(t, s, fold(0), fold(1), muck(2))
	st := settle(t, s, Rake{})
	if len(st.Pots) != 0 || !slices.Equal(st.Returned, []int64{0, 0, 10}) || !slices.Equal(st.Finishing, []int64{1000, 1000, 1000}) {
		t.Fatalf("pots %+v returned %v finishing %v; want no pot and the blind back", st.Pots, st.Returned, st.Finishing)
	}
}

func TestR13FoldedToOnePlayerWinsWithoutShowing(t *testing.T) {
	t.Parallel()
	// The big blind's 10 is called by the small blind's 5 and the button's
	// ante: the last player takes the pot though he shows nothing.
	s := mustNew(t, Config{Game: eval.OmahaHi, Structure: NoLimit, Stacks: stacks(3, 100), Button: 0,
		Posts: []Post{{0, Ante, 1}, {1, SmallBlind, 5}, {2, BigBlind, 10}}})
	mustApply(t, s, fold(0), fold(1))
	st := settle(t, s, Rake{})
	if got := potsOf(st); !slices.Equal(got, []string{"11:3"}) || st.Payouts[2] != 11 {
		t.Fatalf("pots %v payouts %v, want p3 to take 11", got, st.Payouts)
	}
}

func TestR6FixedLimitAfterShortAllInOnlyTheListedTotals(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		allIn    int64 // p3's stack; he calls the big blind of 10 first
		to       []int64
		allowed  string
		illegal  int64
		legalTo  int64
		wantText string
	}{
		// 16 over a bet of 10 is at least half a bet: a raise to 26 (over
		// the all-in) or to 30 (over the completed bet of 20).
		{"all-in at least half a bet", 26, []int64{26, 30}, "fold, call 16 or raise to 26 or 30", 27, 30, "raise to 27 is not a fixed-limit raise to 26 or 30 (R6)"},
		// 13 over 10 is less than half: to 20 (the full raise over the
		// bet) or to 23 (one bet over the all-in).
		{"all-in less than half a bet", 23, []int64{20, 23}, "fold, call 13 or raise to 20 or 23", 21, 20, "raise to 21 is not a fixed-limit raise to 20 or 23 (R6)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := mustNew(t, Config{Game: eval.OmahaHiLo, Structure: FixedLimit, Stacks: []int64{1000, 1000, tt.allIn, 1000}, Button: 3,
				SmallBet: 10, Posts: blinds(4, 3, 5, 10)})
			// Preflop: p3 calls 10, p4 calls, p1 completes, p2 checks.
			mustApply(t, s, cc(2), cc(3), cc(0), cc(1), board("AcKd2h"), cbr(0, 10), cc(1), cbr(2, tt.allIn-10))
			l := legal(t, s)
			if !slices.Equal(l.To, tt.to) || l.String() != tt.allowed {
				t.Fatalf("legal %+v %q, want totals %v, %q", l, l.String(), tt.to, tt.allowed)
			}
			wantIllegal(t, s, cbr(3, tt.illegal), tt.wantText)
			mustApply(t, s, cbr(3, tt.legalTo))
		})
	}
}

func TestR10CheckOnlyWhenNothingIsOwedAndCallWhatIsOwed(t *testing.T) {
	t.Parallel()
	cfg := Config{Game: eval.OmahaHi, Structure: NoLimit, Stacks: []int64{100, 100, 30}, Button: 0, Posts: blinds(3, 0, 1, 2)}
	t.Run("check facing a bet", func(t *testing.T) {
		s := mustNew(t, cfg)
		wantIllegal(t, s, check(0), "p1 checks facing a bet: p1 owes 2 (R10)")
	})
	t.Run("call of the wrong size", func(t *testing.T) {
		s := mustNew(t, cfg)
		wantIllegal(t, s, call(0, 1), "p1 calls 1 is not the call: p1 owes 2")
		mustApply(t, s, call(0, 2), call(1, 1))
		wantIllegal(t, s, call(2, 1), "p3 calls 1 with nothing to call")
		mustApply(t, s, check(2))
	})
	t.Run("call all-in for less, or with the amount unrecorded", func(t *testing.T) {
		s := mustNew(t, cfg)
		mustApply(t, s, cbr(0, 50), call(1, 0))
		wantIllegal(t, s, call(2, 48), "p3 calls 48 is not the call: p3 owes 28")
		mustApply(t, s, call(2, 28))
		if s.Stack(2) != 0 || s.Committed(2) != 30 {
			t.Fatalf("p3 stack %d in %d, want all-in for 30", s.Stack(2), s.Committed(2))
		}
	})
}

func TestConfigRejectsEmptyStacksAndAmountsAboveMaxChips(t *testing.T) {
	t.Parallel()
	ok := Config{Game: eval.OmahaHi, Structure: PotLimit, Stacks: stacks(2, MaxChips), Button: 0, Posts: blinds(2, 0, MaxChips/2, MaxChips)}
	if _, err := New(ok); err != nil {
		t.Fatalf("stacks of MaxChips: %v", err)
	}
	tests := []struct {
		name  string
		edit  func(c *Config)
		field string
	}{
		{"zero stack", func(c *Config) { c.Stacks[1] = 0 }, "stacks[1]"},
		{"stack above the maximum", func(c *Config) { c.Stacks[0] = MaxChips + 1 }, "stacks[0]"},
		{"post above the maximum", func(c *Config) { c.Posts[1].Amount = MaxChips + 1 }, "posts[1].amount"},
		{"bet size above the maximum", func(c *Config) { c.SmallBet = MaxChips + 1 }, "small_bet"},
		{"min bet above the maximum", func(c *Config) { c.MinBet = 1 << 62 }, "min_bet"},
	}
	for _, tt := range tests {
		c := ok
		c.Stacks = slices.Clone(ok.Stacks)
		c.Posts = slices.Clone(ok.Posts)
		tt.edit(&c)
		_, err := New(c)
		if fault.KindOf(err) != fault.Invalid || !strings.Contains(err.Error(), tt.field) {
			t.Errorf("%s: %v, want invalid naming %s", tt.name, err, tt.field)
		}
	}
}

func TestR3BlindsArePostedFromTheirSeats(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		n      int
		button int
		posts  []Post
		err    string // "" when legal
	}{
		{"usual blinds", 3, 0, []Post{{1, SmallBlind, 5}, {2, BigBlind, 10}}, ""},
		{"heads-up, the button posts the small blind", 2, 1, []Post{{1, SmallBlind, 5}, {0, BigBlind, 10}}, ""},
		{"a second big blind from any seat", 4, 0, []Post{{1, SmallBlind, 5}, {2, BigBlind, 10}, {0, BigBlind, 10}}, ""},
		{"a returning player's dead small blind", 4, 0, []Post{{1, SmallBlind, 5}, {2, BigBlind, 10}, {3, Dead, 5}, {3, BigBlind, 10}}, ""},
		{"no small blind: the big blind first left of the button (see TestR3BigBlindSeatWithoutSmallBlind)", 4, 0, []Post{{1, BigBlind, 10}}, ""},
		{"the button posts the small blind 3-handed", 3, 0, []Post{{0, SmallBlind, 5}, {1, SmallBlind, 5}, {0, BigBlind, 10}},
			"posts[0]: p1 posts the small blind, but the small blind is p2's"},
		{"heads-up, the big blind posts the small blind", 2, 0, []Post{{1, SmallBlind, 5}, {0, BigBlind, 10}},
			"posts[0]: p2 posts the small blind, but the small blind is p1's"},
		{"the big blind skips a seat", 4, 0, []Post{{1, SmallBlind, 5}, {3, BigBlind, 10}},
			"posts[1]: p4 posts the big blind, but the big blind is p3's"},
	}
	for _, tt := range tests {
		_, err := New(Config{Game: eval.OmahaHi, Structure: NoLimit, Stacks: stacks(tt.n, 100), Button: tt.button, Posts: tt.posts})
		switch {
		case tt.err == "" && err != nil:
			t.Errorf("%s: %v, want legal", tt.name, err)
		case tt.err != "" && (fault.KindOf(err) != fault.Impossible || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("%s: %v, want impossible %q", tt.name, err, tt.err)
		}
	}
}

func TestSettleFaultsOfTheHandHaveActionMinusOne(t *testing.T) {
	t.Parallel()
	cfg := Config{Game: eval.OmahaHi, Structure: NoLimit, Stacks: stacks(3, 100), Button: 0, Posts: blinds(3, 0, 1, 2)}
	s := mustNew(t, cfg)
	mustApply(t, s, cc(0), cc(1), cc(2))
	_, err := s.Settle(Rake{})
	var fe *fault.Error
	if !errors.As(err, &fe) || fe.Action != -1 || !strings.Contains(fe.Message, "before the flop") {
		t.Fatalf("error %#v, want a fault of the hand with Action -1", err)
	}
}

func TestR12SidePotWhoseContendersAllMuckIsNotGivenToTheAllInPlayer(t *testing.T) {
	t.Parallel()
	// p1 is all-in for 20; p2 and p3 build a side pot and both muck at the
	// showdown: p1 may not win their chips, and no one else may.
	s := mustNew(t, Config{Game: eval.OmahaHi, Structure: NoLimit, Stacks: []int64{20, 100, 100}, Button: 0,
		Posts: blinds(3, 0, 1, 2)})
	mustApply(t, s, cbr(0, 20), cbr(1, 60), cc(2), board("2c3d4h"), cc(1), cc(2), board("5s"), cc(1), cc(2), board("9h"), cc(1), cc(2),
		show(0, "AhAsKhKs"), muck(1), muck(2))
	_, err := s.Settle(Rake{})
	var fe *fault.Error
	if !errors.As(err, &fe) || fe.Action != -1 || !strings.Contains(fe.Message, "pot 2: every player eligible for it mucked") {
		t.Fatalf("error %v, want pot 2 without a winner", err)
	}
}
