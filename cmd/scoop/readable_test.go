package main

import (
	"bytes"
	"context"
	"strings"
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

// TestDigitsOfANameAreNoMoney: an engine reason that names a player whose
// name has digits ("out of turn: Incognito 3 is to act", Winamax's
// anonymous names) keeps the name as written, in the text and the JSON
// (before, "Incognito €0.03 is to act").
func TestDigitsOfANameAreNoMoney(t *testing.T) {
	for _, args := range [][]string{{"replay", "testdata/winamax-digit-name.txt"}, {"replay", "--json", "testdata/winamax-digit-name.txt"}, {"analyze", "testdata/winamax-digit-name.txt"}} {
		var out, errb bytes.Buffer
		Run(context.Background(), args, strings.NewReader(""), &out, &errb)
		if !strings.Contains(out.String(), "out of turn: Incognito 3 is to act") || strings.Contains(out.String(), "Incognito €") {
			t.Errorf("scoop %v: %s %s", args, out.String(), errb.String())
		}
	}
}
