package pokerstars

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory/hhtest"
	"github.com/scoophq/scoop/internal/handhistory/readertest"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// TestReadPartNamesTheFilesLines: a hand read alone from its part of a
// file (as an import's chunk job reads it, from the file's line the part
// starts on) is the hand read from the whole file, its notes included, and
// every line the entries name is the file's: a note of an English and of
// a Portuguese hand, an error, a skip reason. A chunked import stored
// notes naming a chunk's lines, so that a hand stored whole before was a
// conflict, not a duplicate.
func TestReadPartNamesTheFilesLines(t *testing.T) {
	t.Parallel()
	hand := func(id string) string { return strings.Replace(hhtest.PokerStarsHand, "#900", "#"+id, 1) }
	noted := strings.Replace(hand("902"), "*** HOLE CARDS ***\n", "*** HOLE CARDS ***\nA converter's remark\n", 1)
	bad := strings.Replace(hand("903"), "Bob: folds", "Bob: fo", 1)
	cut := hand("904")[:strings.Index(hand("904"), "*** SUMMARY ***")]
	pt, err := os.ReadFile(filepath.Join(localeDir, "portuguese-translations.txt"))
	if err != nil {
		t.Fatal(err)
	}
	portuguese := strings.Replace(string(pt), "*** CARTAS DA MÃO *** \n", "*** CARTAS DA MÃO *** \nComentário do conversor \n", 1)
	data := []byte(hand("901") + "\n\n" + noted + "\n" + bad + "\n\n\n" + cut + "\n" + portuguese + "\n" + hand("905"))
	for _, n := range []int{1, 2, 3} {
		es := readertest.ReadsInParts(t, Reader, data, n)
		if len(es) != 9 || es[8].Hand == nil { // the Portuguese file holds four hands
			t.Fatalf("%d entries, want 9", len(es))
		}
		if l := readertest.LineOf(t, data, "A converter's remark"); len(es[1].Hand.Notes) != 1 ||
			!strings.HasPrefix(es[1].Hand.Notes[0], fmt.Sprintf("line %d not read", l)) {
			t.Errorf("notes %q, want line %d named", es[1].Hand.Notes, l)
		}
		var fe *fault.Error
		if l := readertest.LineOf(t, data, "Bob: fo"); !errors.As(es[2].Err, &fe) || fe.Line != l {
			t.Errorf("entry %+v, want an error on line %d", es[2], l)
		}
		last := strings.Count(string(data[:strings.Index(string(data), cut)])+strings.TrimRight(cut, "\n"), "\n") + 1
		if want := sitetext.Incomplete(last); es[3].Skipped != want {
			t.Errorf("entry %+v, want skipped %q", es[3], want)
		}
		if l := readertest.LineOf(t, data, "Comentário do conversor"); es[4].Hand == nil || len(es[4].Hand.Notes) != 1 ||
			!strings.HasPrefix(es[4].Hand.Notes[0], fmt.Sprintf("line %d not read", l)) {
			t.Errorf("Portuguese hand %+v, want a note naming line %d", es[4], l)
		}
	}
}
