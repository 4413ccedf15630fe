package equity

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
)

// talliesBoardByBoard returns the tallies of every completion of r's board
// settled one board at a time (eval.OmahaHigh and eval.OmahaLow, the
// winners by value), in the form the exhaustive engine counts them:
// every field of accum, the outcome codes and the squared shares too.
func talliesBoardByBoard(r Request) accum {
	var a accum
	n := len(r.Hands)
	hilo := r.Game.HasLow()
	used := cards.CardSet(0)
	for _, h := range r.Hands {
		for _, c := range h {
			used = used.Add(c)
		}
	}
	for _, c := range append(append(cards.List{}, r.Board...), r.Dead...) {
		used = used.Add(c)
	}
	deck := (cards.FullDeck &^ used).List()
	b := make(cards.List, 5)
	copy(b, r.Board)
	var rec func(from, at int)
	rec = func(from, at int) {
		if at < 5 {
			for i := from; i < len(deck); i++ {
				b[at] = deck[i]
				rec(i+1, at+1)
			}
			return
		}
		var best eval.HighValue
		bestLow := eval.LowValue(0)
		anyLow := false
		var hi, lo uint16
		for i, h := range r.Hands {
			switch v := eval.OmahaHigh(h, b); {
			case v > best:
				best, hi = v, 1<<i
			case v == best:
				hi |= 1 << i
			}
			if !hilo {
				continue
			}
			if v, ok := eval.OmahaLow(h, b); ok {
				switch {
				case !anyLow || v < bestLow:
					bestLow, lo, anyLow = v, 1<<i, true
				case v == bestLow:
					lo |= 1 << i
				}
			}
		}
		a.settle(n, hi, lo, 1, hilo, true)
	}
	rec(0, len(r.Board))
	return a
}

// TestExhaustiveLaneSums checks the exhaustive engine's tallies, every
// one of them (outcome codes and squares included), against a board by
// board count on whole preflop decks of heads-up hands: the hands where
// each suit held twice is held by one player only (whose flush boards a
// pattern counts at once when its highs are below every flush of that
// suit), hands sharing a suit, and paired hands, in both games, with and
// without dead cards.
func TestExhaustiveLaneSums(t *testing.T) {
	hands := [][2]string{
		{"AsKsQhJh", "2c3c4d5d"},
		{"As2s3dKd", "QhQcJhTc"},
		{"AsAhKsKh", "JdTd9c8c"},
		{"AsKs2c3c", "QsJs4c5c"},
		{"AhAd2h3d", "KsKc4s5c"},
		{"7s7h8s8h", "9c9dTcTd"},
	}
	rng := rand.New(rand.NewPCG(38, 27))
	for range 4 {
		perm := rng.Perm(cards.NumCards)
		var h [2]string
		for i := range 2 {
			h[i] = cards.List{cards.Card(perm[4*i]), cards.Card(perm[4*i+1]), cards.Card(perm[4*i+2]), cards.Card(perm[4*i+3])}.String()
		}
		hands = append(hands, h)
	}
	if testing.Short() {
		hands = hands[:3]
	}
	for c, h := range hands {
		in := Input{Hands: h[:], Mode: "exhaustive"}
		if c%2 == 1 {
			in.Game = "omaha-hi"
		}
		if c%3 == 2 {
			for _, d := range []string{"8d", "Tc", "2h"} {
				if !containsCard(h, d) {
					in.Dead += d
				}
			}
		}
		r, err := ParseInput(in)
		if err != nil {
			t.Fatalf("%v: %v", in, err)
		}
		s := newSetup(r)
		acc, err := s.exhaustive(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		got := *acc
		s.release()
		if want := talliesBoardByBoard(r); got != want {
			t.Errorf("%s %v dead %v: tallies\n%+v\nboard by board\n%+v", r.Game, r.Hands, r.Dead, got, want)
		}
	}
	// More players than denseMost: the tallies by high winners per
	// pattern (five preflop, six with one board card).
	for _, in := range []Input{
		{Hands: []string{"AsKsQhJh", "2c3c4d5d", "9h9dTsTc", "6s7s8c8d", "AhAcKdQd"}, Mode: "exhaustive"},
		{Game: "omaha-hi", Hands: []string{"As2s3dKd", "QhQcJhTc", "5h5d6c7c", "AcKcJd9s", "2h3hTdTs", "8s8d4c4d"}, Mode: "exhaustive"},
	} {
		r, err := ParseInput(in)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Hands) == 6 {
			r.Board, _ = cards.Parse("9h")
		}
		s := newSetup(r)
		acc, err := s.exhaustive(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		got := *acc
		s.release()
		if want := talliesBoardByBoard(r); got != want {
			t.Errorf("%s %v board %v: tallies\n%+v\nboard by board\n%+v", r.Game, r.Hands, r.Board, got, want)
		}
	}
}

// containsCard reports whether one of the hands holds the card named c.
func containsCard(hands [2]string, c string) bool {
	for _, h := range hands {
		for i := 0; i+2 <= len(h); i += 2 {
			if h[i:i+2] == c {
				return true
			}
		}
	}
	return false
}
