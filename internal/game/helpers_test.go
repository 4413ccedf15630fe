package game

import (
	"errors"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/fault"
)

func fold(p int) Action            { return Action{Player: p, Kind: Fold} }
func cc(p int) Action              { return Action{Player: p, Kind: CheckCall} }
func cbr(p int, to int64) Action   { return Action{Player: p, Kind: BetRaise, Amount: to} }
func muck(p int) Action            { return Action{Player: p, Kind: Muck} }
func board(cs string) Action       { return Action{Player: -1, Kind: DealBoard, Cards: cards.MustParse(cs)} }
func show(p int, cs string) Action { return Action{Player: p, Kind: Show, Cards: cards.MustParse(cs)} }

// blinds returns the usual posts: small blind left of the button, big blind
// next (heads-up the button posts the small blind).
func blinds(n, button int, sb, bb int64) []Post {
	if n == 2 {
		return []Post{{button, SmallBlind, sb}, {(button + 1) % 2, BigBlind, bb}}
	}
	return []Post{{(button + 1) % n, SmallBlind, sb}, {(button + 2) % n, BigBlind, bb}}
}

func stacks(n int, chips int64) []int64 {
	s := make([]int64, n)
	for i := range s {
		s[i] = chips
	}
	return s
}

func mustNew(t testing.TB, cfg Config) *State {
	t.Helper()
	s, err := New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return s
}

func mustApply(t testing.TB, s *State, as ...Action) {
	t.Helper()
	for _, a := range as {
		if err := s.Apply(a); err != nil {
			t.Fatalf("Apply %+v: %v", a, err)
		}
	}
}

// wantIllegal applies a and checks it is rejected with an
// *IllegalActionError whose message contains msg.
func wantIllegal(t testing.TB, s *State, a Action, msg string) *IllegalActionError {
	t.Helper()
	err := s.Apply(a)
	var ie *IllegalActionError
	if !errors.As(err, &ie) {
		t.Fatalf("Apply %+v: error %v, want an *IllegalActionError", a, err)
	}
	if !strings.Contains(ie.Error(), msg) {
		t.Fatalf("error %q, want it to contain %q", ie.Error(), msg)
	}
	if fault.KindOf(err) != fault.Impossible {
		t.Fatalf("kind %v, want impossible", fault.KindOf(err))
	}
	return ie
}

func legal(t testing.TB, s *State) Legal {
	t.Helper()
	l, ok := s.Legal()
	if !ok {
		t.Fatalf("no player to act (phase %v)", s.Phase())
	}
	return l
}

// settle settles s and checks chip conservation: finishing stacks plus rake
// equal the starting stacks plus the money the site added.
func settle(t testing.TB, s *State, r Rake) *Settlement {
	t.Helper()
	st, err := s.Settle(r)
	if err != nil {
		t.Fatalf("Settle: %v", err)
	}
	before, after := s.cfg.Added, int64(0)
	for i := range s.cfg.Stacks {
		before += s.cfg.Stacks[i]
		after += st.Finishing[i]
	}
	if after+st.Rake != before {
		t.Fatalf("chips not conserved: %d after + %d rake != %d before", after, st.Rake, before)
	}
	return st
}

func holes(hs ...string) []cards.List {
	out := make([]cards.List, len(hs))
	for i, h := range hs {
		if h != "" {
			out[i] = cards.MustParse(h)
		}
	}
	return out
}

// checkDown applies check-call for every player to act until the phase
// leaves Betting.
func checkDown(t testing.TB, s *State) {
	t.Helper()
	for s.Phase() == Betting {
		mustApply(t, s, cc(s.ToAct()))
	}
}

var _ = eval.OmahaHi

// dealCheckingDown deals each street's board cards in turn and checks each
// betting round down.
func dealCheckingDown(t testing.TB, s *State, streets ...string) {
	t.Helper()
	for _, b := range streets {
		mustApply(t, s, board(b))
		checkDown(t, s)
	}
}
