package handhistory_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/handhistory"
)

// TestNotesAreLimited: a record of many lines no reader knows (each a
// note) keeps MaxNotes notes, the last saying how many more were left
// out; a hand of MaxNotes notes keeps them all, and notes once limited
// are limited again to themselves. Read through the
// package (as every caller reads), here a real GGPoker hand with unknown
// lines written into it.
func TestNotesAreLimited(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join("ggpoker", "testdata", "fpdb3__cash__GGPoker__Flop__PLO-6max-USD-0.50-1.00-202004.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{handhistory.MaxNotes, handhistory.MaxNotes + 150} {
		var odd strings.Builder
		for k := range n {
			fmt.Fprintf(&odd, "the table lights flicker %d\n", k)
		}
		text := strings.Replace(string(data), "*** HOLE CARDS ***\n", "*** HOLE CARDS ***\n"+odd.String(), 1)
		es, err := handhistory.Read(handhistory.FormatGGPoker, []byte(text))
		if err != nil || len(es) == 0 || es[0].Hand == nil {
			t.Fatalf("read: %v %+v", err, es)
		}
		notes := es[0].Hand.Notes
		kept := min(n, handhistory.MaxNotes-1)
		if len(notes) < kept || !strings.Contains(notes[0], "the table lights flicker 0") || !strings.Contains(notes[kept-1], fmt.Sprintf("flicker %d", kept-1)) {
			t.Fatalf("%d unknown lines: %d notes, first %q", n, len(notes), notes[:min(len(notes), 1)])
		}
		switch {
		case n <= handhistory.MaxNotes && len(notes) != n:
			t.Errorf("%d unknown lines: %d notes, want every one", n, len(notes))
		case n > handhistory.MaxNotes && (len(notes) != handhistory.MaxNotes || notes[kept] != fmt.Sprintf("and %d more notes, not kept (a hand keeps %d)", n-kept, handhistory.MaxNotes)):
			t.Errorf("%d unknown lines: %d notes, the last %q", n, len(notes), notes[len(notes)-1])
		}
		if again := handhistory.LimitNotes(notes); !slices.Equal(again, notes) {
			t.Errorf("%d unknown lines: limited again, the notes became %d, the last %q", n, len(again), again[len(again)-1])
		}
	}
	short := []string{"a", "b"}
	if got := handhistory.LimitNotes(short); !slices.Equal(got, short) {
		t.Errorf("LimitNotes(%q) = %q", short, got)
	}
}
