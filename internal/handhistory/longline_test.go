package handhistory

import (
	"errors"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory/hhtest"
)

// A line longer than MaxLineBytes fails its hand alone, naming the line,
// and echoes none of it; the other hands of the file are read.
func TestPokerStarsLongLineFailsItsHand(t *testing.T) {
	t.Parallel()
	long := strings.Replace(hhtest.PokerStarsHand, "Bob: folds", "Bob: says "+strings.Repeat("x", 2*MaxLineBytes), 1)
	file := hhtest.PokerStarsHand + "\n\n" + long + "\n\n" + strings.Replace(hhtest.PokerStarsHand, "#900", "#901", 1)
	entries, err := Read(FormatPokerStars, []byte(file))
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 3 || entries[0].Hand == nil || entries[2].Hand == nil {
		t.Fatalf("entries %+v, want three with the first and last read", entries)
	}
	e := entries[1].Err
	var f *fault.Error
	if !errors.As(e, &f) || f.Kind != fault.Invalid || f.Line != 28 || !strings.Contains(f.Message, "MaxLineBytes") {
		t.Fatalf("the long line's hand: %v, want Invalid at line 28 naming MaxLineBytes", e)
	}
	if strings.Contains(e.Error(), "xxxxxxxxxx") {
		t.Errorf("the error echoes the long line: %.200s", e.Error())
	}
}

// A huge unknown game name or PHH variant is skipped with a short reason.
func TestSkipReasonsAreClipped(t *testing.T) {
	t.Parallel()
	name := strings.Repeat("y", 4000)
	ps := strings.Replace(hhtest.PokerStarsHand, "Omaha Pot Limit", "Razz "+name+" Limit", 1)
	phh := "variant = '" + name + "'\nstarting_stacks = [10, 10]\nactions = []\n"
	for _, c := range []struct {
		f    Format
		text string
	}{{FormatPokerStars, ps}, {FormatPHH, phh}} {
		entries, err := Read(c.f, []byte(c.text))
		if err != nil {
			t.Fatalf("%s: %v", c.f, err)
		}
		if len(entries) != 1 || entries[0].Skipped == "" {
			t.Fatalf("%s: %+v, want one skipped hand", c.f, entries)
		}
		if n := len(entries[0].Skipped); n > 200 {
			t.Errorf("%s: skip reason of %d bytes: %.100s...", c.f, n, entries[0].Skipped)
		}
	}
}
