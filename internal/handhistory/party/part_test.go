package party

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory/readertest"
)

// TestReadPartNamesTheFilesLines: cut where a hand's group of header
// lines starts (GroupStarts), a hand read alone from its part of a file
// (as an import's chunk job reads it, from the file's line the part starts
// on) is the hand read from the whole file, its notes included, and every
// line the entries name is the file's: text before the first hand, a line
// not read, an error.
func TestReadPartNamesTheFilesLines(t *testing.T) {
	t.Parallel()
	game := func(id string) string { return strings.ReplaceAll(std, "555", id) }
	noted := strings.Replace(game("556"), "** Dealing down cards **\n", "** Dealing down cards **\nA converter's remark\n", 1)
	bad := strings.Replace(game("557"), "Bob bets [$2 USD]", "Bob bets [$2x USD]", 1)
	data := []byte("exported by a tool\n\n" + game("555") + "\n" + noted + bad + "\n\n" +
		string(readertest.File(t, "fpdb3__cash__PartyPoker__Flop__PLO-6max-USD-0.10-0.25-202607.multi.hand.split.txt")) + "\n" + game("558"))
	for _, n := range []int{1, 2} {
		es := readertest.ReadsInParts(t, Reader, data, n)
		if len(es) != 9 || es[1].Hand == nil || es[8].Hand == nil {
			t.Fatalf("%d entries, want 9", len(es))
		}
		var fe *fault.Error
		if !errors.As(es[0].Err, &fe) || fe.Line != 1 {
			t.Errorf("preamble: %+v", es[0])
		}
		if l := readertest.LineOf(t, data, "A converter's remark"); es[2].Hand == nil || len(es[2].Hand.Notes) != 1 ||
			!strings.HasPrefix(es[2].Hand.Notes[0], fmt.Sprintf("line %d not read", l)) {
			t.Errorf("noted: %+v, want a note naming line %d", es[2], l)
		}
		if l := readertest.LineOf(t, data, "Bob bets [$2x USD]"); !errors.As(es[3].Err, &fe) || fe.Line != l {
			t.Errorf("bad: %+v, want an error on line %d", es[3], l)
		}
	}
}
