package acr

import (
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/handhistory/readertest"
)

// TestRealFilesSettle: the real ACR records of testdata (SOURCES.md) are
// read and every hand settles to the site's record: a walk whose only
// win line is the summary's, a hand run twice whose runs' showdowns
// come between the runs' boards, and a fixed-limit hand whose raise from
// the small blind says the chips it puts in.
func TestRealFilesSettle(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		file string
		runs int
	}{
		{"wpn__fpdb3__NLO8-6max-USD-3-6-202104.walk.txt", 0},
		{"wpn__fpdb3__NLO8-6max-USD-3-6-202104.RIT.txt", 2},
		// Fixed-limit $20/$40: "Hero raises $30.00 to $40.00" from the
		// small blind's $10 (ACR's first amount is the chips put in).
		{"wpn__fpdb3__LO8-6max-USD-20-40-201907.St.Lucie.txt", 0},
	} {
		es, err := Reader.Read(readertest.File(t, c.file))
		if err != nil || len(es) != 1 {
			t.Fatalf("%s: %+v, %v", c.file, es, err)
		}
		if v := readertest.Settles(t, c.file, es[0]); len(v.Runs) != c.runs {
			t.Errorf("%s: %d runs, want %d", c.file, len(v.Runs), c.runs)
		}
	}
}

// TestVariants: another game is skipped with its name, a hand cut off is
// skipped as incomplete naming its last line, and the rest of the file is
// read.
func TestVariants(t *testing.T) {
	t.Parallel()
	walk := string(readertest.File(t, "wpn__fpdb3__NLO8-6max-USD-3-6-202104.walk.txt"))
	holdem := strings.Replace(walk, "Omaha H/L(No Limit)", "Holdem(No Limit)", 1)
	cut := walk[:strings.Index(walk, "*** SUMMARY ***")]
	es := readertest.ReadHands(t, Reader.Read, holdem, cut, walk)
	readertest.SkippedAs(t, es, 0, "game Holdem(No Limit) is not Omaha")
	readertest.CutAt(t, es, 1, 17)
	if es[2].Hand == nil {
		t.Errorf("entry 3: %+v", es[2])
	}
}

// TestBounds: the limits every reader keeps (MaxLineBytes, MaxActions,
// MaxText) hold for ACR text, each a located error of the hand.
func TestBounds(t *testing.T) {
	t.Parallel()
	walk := string(readertest.File(t, "wpn__fpdb3__NLO8-6max-USD-3-6-202104.walk.txt"))
	readertest.Bounds(t, Reader.Read, walk, "*** HOLE CARDS ***\n", "Hero folds")
}

// FuzzReadACR: no panic, no hang; every entry is exactly one of a hand
// (passing Validate), a skip or a located error.
func FuzzReadACR(f *testing.F) {
	readertest.FuzzRead(f, Reader.Read,
		readertest.File(f, "wpn__fpdb3__NLO8-6max-USD-3-6-202104.walk.txt"),
		readertest.File(f, "wpn__fpdb3__NLO8-6max-USD-3-6-202104.RIT.txt"))
}
