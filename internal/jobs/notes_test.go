package jobs

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/scoophq/scoop/internal/account"
	"github.com/scoophq/scoop/internal/auth"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/ingest"
	"github.com/scoophq/scoop/internal/jobs/jobstest"
	"github.com/scoophq/scoop/internal/store"
)

// TestChunkedImportOfAStoredFileFindsDuplicates: the same file stored
// whole (as POST /v1/hands stores it: the pipeline over the whole file)
// and as a chunked import (the chunk jobs), in either order, is the same
// hands: the second pass counts every hand a duplicate and none a
// conflict, and the hands the chunked import stores carry the notes the
// whole file's reading gives them, naming the file's lines. Before, a
// chunk's reader named its hands' notes by the chunk's lines: every hand
// of a later chunk was stored with other notes (other content), a
// conflict with the hand stored whole.
func TestChunkedImportOfAStoredFileFindsDuplicates(t *testing.T) {
	each(t, func(t *testing.T, st store.Store, _ func() store.Store) {
		const n = 45 // five chunks of 10 (testConfig)
		file := jobstest.WithRemarks(jobstest.Hands(t, n, 9_800_000_000))
		whole, err := handhistory.Read(handhistory.FormatPokerStars, file)
		if err != nil || len(whole) != n {
			t.Fatalf("%d entries, %v", len(whole), err)
		}
		notes := map[string][]string{} // by site hand id, as the whole file reads
		lines := bytes.Split(file, []byte("\n"))
		for _, e := range whole {
			if e.Hand == nil || len(e.Hand.Notes) != 1 {
				t.Fatalf("entry %d: %+v, want a hand with one note", e.Index, e)
			}
			notes[e.ID] = e.Hand.Notes
		}
		svc := start(t, st, quickConfig(2))
		storeWhole := func(ctx context.Context) store.ImportCounts {
			t.Helper()
			p := &ingest.Pipeline{Store: st, Analysis: ingest.AnalyseNone}
			counts, err := p.Run(ctx, handhistory.FormatPokerStars, file, func(r *ingest.Result) {
				if r.Kind == ingest.Conflict || r.Kind == ingest.Unreadable || r.Kind == ingest.Failed {
					t.Errorf("whole file, hand %d: %s %v", r.Index, r.Kind, r.Err)
				}
			})
			if err != nil {
				t.Fatal(err)
			}
			return counts
		}
		importChunked := func(ctx context.Context) store.Import {
			t.Helper()
			u, err := svc.NewUpload(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if err := u.AddFile(ctx, "month.txt", "text/plain", bytes.NewReader(file)); err != nil {
				t.Fatal(err)
			}
			if err := u.Commit(ctx); err != nil {
				t.Fatal(err)
			}
			return waitIn(t, ctx, svc, u.ID())
		}

		// Stored whole, then imported in chunks: every hand a duplicate.
		ctx := context.Background()
		if c := storeWhole(ctx); c.Stored != n {
			t.Fatalf("stored whole: %+v", c)
		}
		im := importChunked(ctx)
		if im.State != store.ImportDone || im.Chunks != 5 || im.Counts.Read != n || im.Counts.Duplicates != n ||
			im.Counts.Conflicts != 0 || im.Counts.Stored != 0 || len(im.Errors) != 0 {
			t.Fatalf("chunked import of the stored file: %+v", im)
		}

		// Imported in chunks first (another account), then stored whole:
		// the hands stored by the chunks carry the file's notes.
		_, prefix, hash := auth.NewKey()
		acct, err := st.CreateKey(ctx, "other", store.APIKey{Prefix: prefix, Name: "test", Scopes: "write", Hash: hash})
		if err != nil {
			t.Fatal(err)
		}
		other := account.With(ctx, acct)
		if im := importChunked(other); im.State != store.ImportDone || im.Chunks != 5 || im.Counts.Stored != n || im.Counts.Conflicts != 0 {
			t.Fatalf("chunked import: %+v", im)
		}
		page, err := st.Hands(other, store.Query{Limit: store.MaxLimit})
		if err != nil || len(page.Hands) != n {
			t.Fatalf("%d hands stored, %v", len(page.Hands), err)
		}
		for _, row := range page.Hands {
			rec, err := st.Hand(other, row.ID)
			if err != nil {
				t.Fatal(err)
			}
			var h handhistory.Hand
			if err := json.Unmarshal(rec.Hand, &h); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(h.Notes, notes[h.SiteHandID]) {
				t.Errorf("hand %s stored with notes %q, the file's reading gives %q", h.SiteHandID, h.Notes, notes[h.SiteHandID])
				continue
			}
			var at int // the line the note names holds the remark
			if _, err := fmt.Sscanf(h.Notes[0], "line %d ", &at); err != nil || at < 1 || at > len(lines) || string(bytes.TrimSpace(lines[at-1])) != jobstest.Remark {
				t.Errorf("hand %s: note %q does not name the file's line of the remark", h.SiteHandID, h.Notes[0])
			}
		}
		if c := storeWhole(other); c.Stored != 0 || c.Duplicates != n || c.Conflicts != 0 {
			t.Fatalf("stored whole after the chunked import: %+v", c)
		}
	})
}
