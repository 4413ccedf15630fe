package main

import (
	"testing"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/handhistory"
)

func TestMoneyFormat(t *testing.T) {
	tests := []struct {
		unit, currency string
		n              int64
		want           string
	}{
		{"0.01", "USD", 28398, "$283.98"},
		{"0.01", "USD", 25, "$0.25"},
		{"0.01", "USD", 5, "$0.05"},
		{"0.01", "USD", 0, "$0.00"},
		{"0.01", "EUR", 3732, "€37.32"},
		{"0.01", "CNY", 36500, "365.00 CNY"},
		{"0.01", "", 150, "1.50"},
		{"0.05", "USD", 3, "$0.15"},
		{"1", "", 2900000, "2900000"},
		{"", "", 30, "30"},
		{"bogus", "USD", 30, "30"},
	}
	for _, tt := range tests {
		m := moneyOf(handhistory.Table{ChipUnit: tt.unit, Currency: tt.currency})
		if got := m.format(tt.n); got != tt.want {
			t.Errorf("unit %q %s: format(%d) = %q, want %q", tt.unit, tt.currency, tt.n, got, tt.want)
		}
	}
	m := moneyOf(handhistory.Table{ChipUnit: "0.01", Currency: "USD"})
	if got, want := m.amounts("raise to 25 is below the pot-limit minimum 30; the betting is capped at 4 bets (R10)"),
		"raise to $0.25 is below the pot-limit minimum $0.30; the betting is capped at 4 bets (R10)"; got != want {
		t.Errorf("amounts = %q, want %q", got, want)
	}
}

func TestStreetOf(t *testing.T) {
	h := &handhistory.Hand{Actions: []handhistory.Action{
		{Player: 0, Kind: handhistory.CheckCall},
		{Player: -1, Kind: handhistory.DealBoard, Cards: make(cards.List, 3)},
		{Player: 0, Kind: handhistory.BetRaise},
		{Player: -1, Kind: handhistory.DealBoard, Cards: make(cards.List, 1)},
		{Player: 0, Kind: handhistory.Fold},
		{Player: -1, Kind: handhistory.DealBoard, Cards: make(cards.List, 1)},
		{Player: 0, Kind: handhistory.Check},
	}}
	for i, want := range map[int]string{0: "preflop", 2: "flop", 4: "turn", 6: "river"} {
		if got := streetOf(h, i); got != want {
			t.Errorf("streetOf(%d) = %q, want %q", i, got, want)
		}
	}
}
