package jobs

import (
	"bytes"
	"context"
	"fmt"
	"reflect"
	"strings"
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

// TestPHHCommentsAreNoEntry: a PHH file's comments before its first hand
// (short, or longer than the cutter keeps) make no entry in a whole read,
// and a chunked import numbers its hands the same way; a line of text
// that is not TOML before the first hand is an entry in both.
func TestPHHCommentsAreNoEntry(t *testing.T) {
	const good = "variant = 'FO/8'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nsmall_bet = 2\nbig_bet = 4\n" +
		"starting_stacks = [50, 50]\nactions = ['d dh p1 KsKh9c9d', 'd dh p2 As4dJhJc', 'p2 f']\nfinishing_stacks = [51, 49]\n"
	const bad = "variant = 'FO/8'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nsmall_bet = 2\nbig_bet = 4\n" +
		"starting_stacks = [50, 50]\nactions = ['d dh p1 KsKh9c9d', 'd dh p2 As4dJhJc', 'p3 f']\n"
	each(t, func(t *testing.T, st store.Store, _ func() store.Store) {
		svc := start(t, st, quickConfig(1))
		for _, c := range []struct {
			name, pre string
			first     int // the whole read's index of the first hand
		}{
			{"comments", "# hands exported by a tracker\n# for the account Hero\n\n", 1},
			{"long comments", strings.Repeat("# a comment line of a long banner before the first hand\n", 1300), 1},
			{"a line of text", "Hand histories exported by a tracker\n\n", 2},
		} {
			var b bytes.Buffer
			b.WriteString(c.pre)
			for i := 1; i <= 25; i++ {
				fmt.Fprintf(&b, "[%d]\n", i)
				if i == 17 || i == 24 { // in the second and third chunks of 10
					b.WriteString(bad)
				} else {
					b.WriteString(good)
				}
				b.WriteString("\n")
			}
			file := b.Bytes()
			whole, err := handhistory.Read(handhistory.FormatPHH, file)
			if err != nil {
				t.Fatal(err)
			}
			var want []int
			for _, e := range whole {
				if e.Err != nil && e.Index >= c.first {
					want = append(want, e.Index)
				}
			}
			if len(want) != 2 || want[0] != 16+c.first {
				t.Fatalf("%s: a whole read's hand errors at %v", c.name, want)
			}
			ctx := context.Background()
			u, err := svc.NewUpload(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if err := u.AddFile(ctx, "hands.phhs", "application/toml", bytes.NewReader(file)); err != nil {
				t.Fatal(err)
			}
			if err := u.Commit(ctx); err != nil {
				t.Fatal(err)
			}
			im := wait(t, svc, u.ID())
			var got []int
			for _, e := range im.Errors {
				if e.Hand >= c.first {
					got = append(got, e.Hand)
				}
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s: the import's hand errors at %v, the whole read's at %v", c.name, got, want)
			}
		}
	})
}
