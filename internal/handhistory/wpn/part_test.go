package wpn

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory/readertest"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// TestReadPartNamesTheFilesLines: a hand read alone from its part of a
// file (as an import's chunk job reads it, from the file's line the part
// starts on) is the hand read from the whole file, its notes included, and
// every line the entries name is the file's: the notes of a line not read
// and of an all-in on disconnection, an error, the skip reasons of a
// contradicting record and of a hand cut off.
func TestReadPartNamesTheFilesLines(t *testing.T) {
	t.Parallel()
	game := func(id string) string { return strings.Replace(walk, "Game ID: 5 ", "Game ID: "+id+" ", 1) }
	noted := strings.Replace(game("6"), "Player B is timed out.", "A converter's remark", 1)
	bad := strings.Replace(game("7"), "Player B has big blind (2)", "Player B has big blind (2x)", 1)
	cut := game("8")[:strings.Index(game("8"), "------ Summary")]
	data := []byte(game("5") + "\n" + string(readertest.File(t, disconnected)) + "\n\n" + noted + bad +
		string(readertest.File(t, noFlop)) + "\n" + cut + "\n\n" + string(readertest.File(t, capped)) + game("9"))
	for _, n := range []int{1, 2, 3} {
		es := readertest.ReadsInParts(t, Reader, data, n)
		if len(es) != 8 || es[0].Hand == nil || es[7].Hand == nil {
			t.Fatalf("%d entries, want 8", len(es))
		}
		if h := es[1].Hand; h == nil || len(h.Notes) != 1 || !strings.HasPrefix(h.Notes[0], fmt.Sprintf("line %d: Player0 is all-in on disconnection", readertest.LineOf(t, data, "Player Player0 is disconnected and ALL IN."))) {
			t.Errorf("disconnected: %+v", es[1])
		}
		if l := readertest.LineOf(t, data, "A converter's remark"); es[2].Hand == nil || len(es[2].Hand.Notes) != 1 ||
			!strings.HasPrefix(es[2].Hand.Notes[0], fmt.Sprintf("line %d not read", l)) {
			t.Errorf("noted: %+v, want a note naming line %d", es[2], l)
		}
		var fe *fault.Error
		if l := readertest.LineOf(t, data, "Player B has big blind (2x)"); !errors.As(es[3].Err, &fe) || fe.Line != l {
			t.Errorf("bad: %+v, want an error on line %d", es[3], l)
		}
		if !strings.HasPrefix(es[4].Skipped, "the record contradicts itself: line ") || strings.Contains(es[4].Skipped, "line 34 ") {
			t.Errorf("no flop: skipped %q, want the file's line", es[4].Skipped)
		}
		last := strings.Count(string(data[:strings.Index(string(data), cut)])+strings.TrimRight(cut, "\n"), "\n") + 1
		if want := sitetext.Incomplete(last); es[5].Skipped != want {
			t.Errorf("cut: %+v, want skipped %q", es[5], want)
		}
	}
}
