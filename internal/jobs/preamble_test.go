package jobs

import (
	"bytes"
	"fmt"
	"reflect"
	"testing"

	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/jobs/jobstest"
	"github.com/scoophq/scoop/internal/store"
)

// TestPreambleKeepsTheHandsNumbers: in a file with text before its first
// hand (an exporter's banner), a whole read makes that text entry 1 and
// numbers the hands after it from 2; a chunked import numbers every
// hand, in every chunk, the same way. Before, the chunks after the first
// numbered their hands one lower than the whole read (the first chunk's
// last hand and the second's first had the same number).
func TestPreambleKeepsTheHandsNumbers(t *testing.T) {
	each(t, func(t *testing.T, st store.Store, _ func() store.Store) {
		hands := jobstest.Hands(t, 25, 9_810_000_000) // three chunks of 10 (testConfig)
		// Hands 17 and 24 (in the second and third chunks) unreadable:
		// their first seat line is "Seat 1: x".
		for _, id := range []string{"9810000016", "9810000023"} {
			at := bytes.Index(hands, []byte("PokerStars Game #"+id+":"))
			seat := at + bytes.Index(hands[at:], []byte("\nSeat ")) + 1
			end := seat + bytes.IndexByte(hands[seat:], '\n')
			hands = append(hands[:seat:seat], append([]byte("Seat 1: x"), hands[end:]...)...)
		}
		file := append([]byte("Hand histories exported by a tracker\nfor the account Hero\n\n"), hands...)
		whole, err := handhistory.Read(handhistory.FormatPokerStars, file)
		if err != nil || len(whole) != 26 {
			t.Fatalf("%d entries, %v", len(whole), err)
		}
		var want []store.ImportError
		for _, e := range whole {
			if e.Err != nil {
				want = append(want, store.ImportError{File: "fa.txt", Hand: e.Index})
			}
		}
		if len(want) != 3 || want[0].Hand != 1 || want[1].Hand != 18 || want[2].Hand != 25 {
			t.Fatalf("a whole read's errors: %+v, want the preamble's and two hands'", want)
		}
		svc := start(t, st, quickConfig(1))
		im := wait(t, svc, upload(t, svc, file))
		var got []store.ImportError
		for _, e := range im.Errors {
			got = append(got, store.ImportError{File: e.File, Hand: e.Hand})
		}
		if im.State != store.ImportDone || im.Counts.Stored != 23 || !reflect.DeepEqual(got, want) {
			t.Errorf("import %s, %d stored, errors %s; want done, 23 stored, errors at the whole read's %s",
				im.State, im.Counts.Stored, fmt.Sprint(got), fmt.Sprint(want))
		}
	})
}
