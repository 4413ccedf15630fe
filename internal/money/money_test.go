package money

import (
	"testing"

	"github.com/scoophq/scoop/internal/handhistory"
)

func TestChipsAsTheSiteWritesThem(t *testing.T) {
	t.Parallel()
	tests := []struct {
		unit, currency string
		n              int64
		want           string
	}{
		{"0.01", "USD", 28398, "$283.98"},
		{"0.01", "USD", 25, "$0.25"},
		{"0.01", "USD", 5, "$0.05"},
		{"0.01", "USD", 0, "$0.00"},
		{"0.01", "USD", -10, "-$0.10"},
		{"0.01", "EUR", 3732, "€37.32"},
		{"0.01", "CNY", 36500, "¥365.00"},
		{"0.01", "CAD", 36500, "365.00 CAD"},
		{"0.01", "", 150, "1.50"},
		{"0.05", "USD", 3, "$0.15"},
		{"1", "", 2900000, "2900000"},
		{"", "", 30, "30"},
		{"bogus", "USD", 30, "30"},
	}
	for _, tt := range tests {
		if got := Of(tt.unit, tt.currency).Chips(tt.n); got != tt.want {
			t.Errorf("unit %q %s: Chips(%d) = %q, want %q", tt.unit, tt.currency, tt.n, got, tt.want)
		}
	}
}

func TestExpectationsToTheSitesPrecision(t *testing.T) {
	t.Parallel()
	usd := Of("0.01", "USD")
	for _, c := range []struct {
		f    Format
		x    float64
		want string
	}{
		{usd, 57.16, "$0.57"},
		{usd, 57.5, "$0.58"},
		{usd, -57.5, "-$0.58"},
		{Format{}, 1500.25, "1500"},
		{Of("1", ""), 12.7, "13"},
	} {
		if got := c.f.Expected(c.x); got != c.want {
			t.Errorf("Expected(%v) = %q, want %q", c.x, got, c.want)
		}
	}
	if got := usd.SignedExpected(57.16); got != "+$0.57" {
		t.Errorf("SignedExpected = %q", got)
	}
	if got := usd.Signed(-5); got != "-$0.05" {
		t.Errorf("Signed = %q", got)
	}
}

func TestAmountsInAnEngineMessage(t *testing.T) {
	t.Parallel()
	m := OfTable(handhistory.Table{ChipUnit: "0.01", Currency: "EUR"})
	for msg, want := range map[string]string{
		"raise to 3025 is below the pot-limit minimum 3732":            "raise to €30.25 is below the pot-limit minimum €37.32",
		"the betting is capped at 4 bets (R10)":                        "the betting is capped at 4 bets (R10)",
		"action 14: p3 raise to 900 exceeds the pot-limit maximum 800": "action 14: p3 raise to €9.00 exceeds the pot-limit maximum €8.00",
		"fold, call 150 or raise to 300..800":                          "fold, call €1.50 or raise to €3.00..€8.00",
	} {
		if got := m.Amounts(msg); got != want {
			t.Errorf("Amounts(%q) = %q, want %q", msg, got, want)
		}
	}
	if got := (Format{}).Amounts("raise to 25"); got != "raise to 25" {
		t.Errorf("plain: %q", got)
	}
	if got := OfHand(&handhistory.Hand{Tournament: true, Table: handhistory.Table{ChipUnit: "0.01", Currency: "USD"}}).Chips(1500); got != "1500" {
		t.Errorf("tournament chips: %q", got)
	}
}

// TestUnitNamesEveryKindOfMoney: a header's unit is never empty: the
// currency of a cash game, chips of a tournament, play chips otherwise
// (issue 27: play money said "amounts in ").
func TestUnitNamesEveryKindOfMoney(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		h    *handhistory.Hand
		want string
	}{
		{&handhistory.Hand{Table: handhistory.Table{ChipUnit: "0.01", Currency: "EUR"}}, "EUR"},
		{&handhistory.Hand{Table: handhistory.Table{ChipUnit: "0.01"}}, "play chips"},
		{&handhistory.Hand{Table: handhistory.Table{ChipUnit: "1"}}, "play chips"},
		{&handhistory.Hand{Tournament: true, Table: handhistory.Table{ChipUnit: "1"}}, "chips"},
		{nil, "chips"},
	} {
		if got := Unit(c.h); got != c.want {
			t.Errorf("Unit(%+v) = %q, want %q", c.h, got, c.want)
		}
	}
}

// TestAmountsBesideNames: a player's name with digits in an engine reason
// stays as written; only the amounts around it are money (before, "out of
// turn: Incognito 3 is to act" read "Incognito €0.03").
func TestAmountsBesideNames(t *testing.T) {
	t.Parallel()
	m := OfTable(handhistory.Table{ChipUnit: "0.01", Currency: "EUR"})
	names := []string{"Incognito 3", "Incognito 31", "Hero", "Player 5"}
	for msg, want := range map[string]string{
		"out of turn: Incognito 3 is to act":           "out of turn: Incognito 3 is to act",
		"facing a bet: Incognito 31 owes 40 (R10)":     "facing a bet: Incognito 31 owes €0.40 (R10)",
		"is not the call: Player 5 owes 1200":          "is not the call: Player 5 owes €12.00",
		"is below the pot-limit minimum 3732":          "is below the pot-limit minimum €37.32",
		"out of turn: Incognito 3 is to act, owes 5 5": "out of turn: Incognito 3 is to act, owes €0.05 €0.05",
	} {
		if got := m.AmountsBeside(msg, names); got != want {
			t.Errorf("AmountsBeside(%q) = %q, want %q", msg, got, want)
		}
	}
	if got := (Format{}).AmountsBeside("Player 5 owes 40", names); got != "Player 5 owes 40" {
		t.Errorf("plain: %q", got)
	}
}
