package main

import (
	"testing"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
)

func TestStreetOf(t *testing.T) {
	h := &handhistory.Hand{Actions: []handhistory.Action{
		{Player: 0, Kind: game.CheckCall},
		{Player: -1, Kind: game.DealBoard, Cards: make(cards.List, 3)},
		{Player: 0, Kind: game.BetRaise},
		{Player: -1, Kind: game.DealBoard, Cards: make(cards.List, 1)},
		{Player: 0, Kind: game.Fold},
		{Player: -1, Kind: game.DealBoard, Cards: make(cards.List, 1)},
		{Player: 0, Kind: game.Check},
	}}
	for i, want := range map[int]string{0: "preflop", 2: "flop", 4: "turn", 6: "river"} {
		if got := streetOf(h, i); got != want {
			t.Errorf("streetOf(%d) = %q, want %q", i, got, want)
		}
	}
}
