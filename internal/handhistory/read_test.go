package handhistory_test

import (
	"testing"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
)

func TestDetect(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, file, data string
		want             handhistory.Format
		ok               bool
	}{
		{"PokerStars hand", "x.txt", "PokerStars Hand #1: Omaha", handhistory.FormatPokerStars, true},
		{"PokerStars after a BOM and blank lines", "", "\xef\xbb\xbf\r\n\r\nPokerStars Game #1676150046: Tournament", handhistory.FormatPokerStars, true},
		{"PokerStars Zoom", "", "PokerStars Zoom Hand #9:", handhistory.FormatPokerStars, true},
		{"PokerStars Home Game", "", "\nPokerStars Home Game Hand #9:", handhistory.FormatPokerStars, true},
		{"PHH by its keys", "hand", "# comment\nvariant = 'FO/8'\n", handhistory.FormatPHH, true},
		{"PHHS by its header", "", "[1]\nvariant = 'PO'\n", handhistory.FormatPHH, true},
		{"JSON object", "", ` {"players":[]}`, handhistory.FormatJSON, true},
		{"JSON array", "", "[\n {\"players\":[]}]", handhistory.FormatJSON, true},
		{"JSON by the name", "h.jsonl", "nonsense", handhistory.FormatJSON, true},
		{"PHH by the name", "h.phhs", "nonsense", handhistory.FormatPHH, true},
		{"unknown text", "h.txt", "Nothing Poker Game 1", "", false},
		{"Full Tilt by its header", "h.txt", "Full Tilt Poker Game #1: Table T - $1/$2 - Pot Limit Omaha Hi", handhistory.FormatFullTilt, true},
		{"empty", "", "  \n", "", false},
		{"not UTF-8", "", "\xff\xfe\x00P", "", false},
	}
	for _, tt := range tests {
		got, err := handhistory.Detect(tt.file, []byte(tt.data))
		if got != tt.want || (err == nil) != tt.ok {
			t.Errorf("%s: Detect = %q, %v; want %q ok=%v", tt.name, got, err, tt.want, tt.ok)
		}
		if err != nil && fault.KindOf(err) != fault.Invalid {
			t.Errorf("%s: kind %v, want invalid", tt.name, fault.KindOf(err))
		}
	}
	if _, err := handhistory.Read("xml", nil); fault.KindOf(err) != fault.Invalid {
		t.Errorf("Read of an unknown format: %v", err)
	}
}

func TestDetectPokerStarsAfterPreamble(t *testing.T) {
	t.Parallel()
	data := []byte("Tournament summary, exported 2021\r\n\r\nPokerStars Hand #1: Omaha Pot Limit ($0.01/$0.02 USD)\r\n")
	got, err := handhistory.Detect("export.txt", data)
	if err != nil || got != handhistory.FormatPokerStars {
		t.Fatalf("Detect = %q, %v; want pokerstars", got, err)
	}
	if _, err := handhistory.Detect("notes.txt", []byte("nothing here\nPokerStarsHand\n")); err == nil {
		t.Fatal("Detect accepted text without a hand header")
	}
}

// TestSetStakes: a fixed-limit table's stakes are its small and big bet,
// any other's second amount its minimum bet.
func TestSetStakes(t *testing.T) {
	t.Parallel()
	fl := handhistory.Table{Structure: game.FixedLimit, MinBet: 7}
	fl.SetStakes(10, 20)
	pl := handhistory.Table{Structure: game.PotLimit}
	pl.SetStakes(5, 10)
	if fl.SmallBet != 10 || fl.BigBet != 20 || fl.MinBet != 0 || pl.MinBet != 10 || pl.SmallBet != 0 || pl.BigBet != 0 {
		t.Errorf("fixed limit %+v, pot limit %+v", fl, pl)
	}
}
