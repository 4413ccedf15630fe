package handhistory

import (
	"strings"
	"testing"
)

// A file of more than MaxHands hands (here bare headers, each a failed or
// skipped hand) is read up to MaxHands; one last entry says where the
// rest starts, so a body of a million headers costs MaxHands entries.
func TestMaxHandsPerFile(t *testing.T) {
	t.Parallel()
	n := MaxHands + 500
	tests := []struct {
		f    Format
		line string
	}{
		{FormatPokerStars, "PokerStars Hand #1: x\n"},
		{FormatGGPoker, "Poker Hand #OM1: x\n"},
		{FormatJSON, "{}\n"},
		{FormatPHH, "[1]\nvariant = 'x'\n"},
	}
	for _, tt := range tests {
		t.Run(string(tt.f), func(t *testing.T) {
			t.Parallel()
			entries, err := Read(tt.f, []byte(strings.Repeat(tt.line, n)))
			if err != nil {
				t.Fatal(err)
			}
			if len(entries) != MaxHands+1 {
				t.Fatalf("%d entries, want MaxHands+1 = %d", len(entries), MaxHands+1)
			}
			last := entries[MaxHands]
			perHand := strings.Count(tt.line, "\n")
			// The line where the rest starts: the next hand's first line
			// (PHH: its first line after the [N] header).
			if at := MaxHands*perHand + 1; last.Err == nil || !strings.Contains(last.Err.Error(), "MaxHands") || last.Line != at && last.Line != at+1 {
				t.Errorf("last entry: line %d, %v; want an error naming MaxHands at line %d", last.Line, last.Err, at)
			}
		})
	}
}
