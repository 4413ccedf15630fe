package ingest_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/ingest"
	"github.com/scoophq/scoop/internal/jobs/jobstest"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// eachStore runs fn on a fresh PostgreSQL store and a fresh SQLite one.
func eachStore(t *testing.T, fn func(t *testing.T, st store.Store)) {
	t.Run("postgres", func(t *testing.T) { fn(t, storetest.OpenPostgres(t)) })
	t.Run("sqlite", func(t *testing.T) { fn(t, storetest.OpenSQLite(t)) })
}

// obvious is what the pipeline must give for entries, worked out one hand
// at a time with nothing in flight: each entry's kind before storing.
func obvious(t *testing.T, entries []handhistory.Entry) []ingest.Kind {
	out := make([]ingest.Kind, len(entries))
	for i, e := range entries {
		switch {
		case e.Err != nil || (e.Hand == nil && e.Skipped == ""):
			out[i] = ingest.Unreadable
		case e.Skipped != "":
			out[i] = ingest.Skipped
		default:
			if v := analysis.Replay(e.Hand); v.Skipped != "" {
				out[i] = ingest.Skipped
			} else {
				out[i] = ingest.Stored
			}
		}
	}
	return out
}

// TestPipelineStoresOnceInOrder: over many small batches stored three at
// once, every hand's result comes back once, in entry order, with the
// kind one hand at a time gives; a second run finds every stored hand a
// duplicate with the same id, and the counts add up.
func TestPipelineStoresOnceInOrder(t *testing.T) {
	data := jobstest.Hands(t, 300, 7_100_000_000)
	// An unreadable hand and a line of junk in the middle.
	data = append(data, []byte("\n\nPokerStars Hand #7100009999: garbage\n\n")...)
	data = append(data, jobstest.Hands(t, 40, 7_100_010_000)...)
	f, err := handhistory.Detect("", data)
	if err != nil {
		t.Fatal(err)
	}
	eachStore(t, func(t *testing.T, st store.Store) {
		p := &ingest.Pipeline{Store: st, Analysis: ingest.AnalyseNone, Batch: 7, Streams: 3}
		entries, err := p.Read(f, data)
		if err != nil {
			t.Fatal(err)
		}
		want := obvious(t, entries)
		var got []ingest.Result
		counts, err := p.Run(context.Background(), f, data, func(r *ingest.Result) { got = append(got, *r) })
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Fatalf("%d results for %d entries", len(got), len(want))
		}
		ids := map[string]int{}
		for i, r := range got {
			if r.Index != i+1 {
				t.Fatalf("result %d has index %d: out of order", i, r.Index)
			}
			if r.Kind != want[i] {
				t.Errorf("hand %d: %v, want %v (%v)", r.Index, r.Kind, want[i], r.Err)
			}
			if r.Kind == ingest.Stored {
				if _, dup := ids[r.StoredID]; dup || r.StoredID == "" {
					t.Errorf("hand %d: id %q given twice or empty", r.Index, r.StoredID)
				}
				ids[r.StoredID] = r.Index
			}
		}
		if counts.Stored != int64(len(ids)) || counts.Read != int64(len(entries)) || counts.Stored < 300 {
			t.Errorf("counts %+v for %d stored of %d entries", counts, len(ids), len(entries))
		}
		// Again: all duplicates, the same ids.
		again := 0
		_, err = p.Run(context.Background(), f, data, func(r *ingest.Result) {
			if want[r.Index-1] == ingest.Stored {
				again++
				if r.Kind != ingest.Duplicate || ids[r.StoredID] != r.Index {
					t.Errorf("second run, hand %d: %v id %s", r.Index, r.Kind, r.StoredID)
				}
			}
		})
		if err != nil || again != len(ids) {
			t.Errorf("second run: %d duplicates of %d (%v)", again, len(ids), err)
		}
	})
}

// TestPipelineConflictAndAnalysis: a hand under the natural key of a
// stored one with other content is a Conflict naming that one's id, with
// the one message; AnalyseAll stores legal hands analysed.
func TestPipelineConflictAndAnalysis(t *testing.T) {
	one := jobstest.Hands(t, 1, 7_200_000_000)
	// The same site hand id, another hand: a player renamed throughout.
	other := bytes.ReplaceAll(one, []byte("EricSteph261"), []byte("EricSteph999"))
	eachStore(t, func(t *testing.T, st store.Store) {
		p := &ingest.Pipeline{Store: st, Analysis: ingest.AnalyseAll}
		var first ingest.Result
		if _, err := p.Run(context.Background(), handhistory.FormatPokerStars, one, func(r *ingest.Result) { first = *r }); err != nil {
			t.Fatal(err)
		}
		if first.Kind != ingest.Stored || !first.Analysed {
			t.Fatalf("first: %v analysed %v (%v)", first.Kind, first.Analysed, first.Err)
		}
		a, err := st.Analysis(context.Background(), first.StoredID)
		if err != nil || len(a.Analysis) == 0 {
			t.Errorf("the analysed hand has no stored analysis: %v", err)
		}
		var second ingest.Result
		if _, err := p.Run(context.Background(), handhistory.FormatPokerStars, other, func(r *ingest.Result) { second = *r }); err != nil {
			t.Fatal(err)
		}
		if second.Kind != ingest.Conflict || second.StoredID != first.StoredID || second.Message() != ingest.ConflictMessage(store.NaturalKey(first.Hand.Site, first.Hand.SiteHandID, nil), first.StoredID) {
			t.Errorf("the same hand id with other content: %v, id %s, message %q; want a conflict with %s", second.Kind, second.StoredID, second.Message(), first.StoredID)
		}
	})
}

// TestPipelineStoreErrorStops: a store that fails stops the run with its
// error; no result after the failed batch is given.
func TestPipelineStoreErrorStops(t *testing.T) {
	data := jobstest.Hands(t, 50, 7_300_000_000)
	st := &failingStore{Store: storetest.OpenSQLite(t), after: 2}
	p := &ingest.Pipeline{Store: st, Analysis: ingest.AnalyseNone, Batch: 5, Streams: 2}
	n := 0
	_, err := p.Run(context.Background(), handhistory.FormatPokerStars, data, func(r *ingest.Result) { n++ })
	if !errors.Is(err, errBroken) {
		t.Fatalf("err %v, want the store's", err)
	}
	if n > 15 {
		t.Errorf("%d results given after the third batch failed, want at most 15", n)
	}
}

var errBroken = errors.New("broken store")

type failingStore struct {
	store.Store
	after int64
	calls atomic.Int64 // the pipeline's streams call at once
}

func (f *failingStore) SaveHands(ctx context.Context, recs []store.Hand) ([]store.Saved, error) {
	if f.calls.Add(1) > f.after {
		return nil, errBroken
	}
	return f.Store.SaveHands(ctx, recs)
}

// TestReaderPanicIsAnError: a reader that panics is an Internal error of
// Read naming the panic, never a crash.
func TestReaderPanicIsAnError(t *testing.T) {
	ingest.TestHookRead = func([]byte) { panic("poisoned") }
	defer func() { ingest.TestHookRead = nil }()
	_, err := (&ingest.Pipeline{}).Read(handhistory.FormatPokerStars, []byte("x"))
	if err == nil || !strings.Contains(err.Error(), "poisoned") {
		t.Fatalf("err %v", err)
	}
}

// TestActionLineIsTheFilesLine: the line of an illegal action is the
// file's line, the same from the start of the file or of a hand found by
// the cursor, and the pipeline gives it for an illegal hand placed
// FirstLine into its file.
func TestActionLineIsTheFilesLine(t *testing.T) {
	data := jobstest.Hands(t, 3, 7_400_000_000)
	lines := strings.Split(string(data), "\n")
	// Make the third hand illegal: its first call becomes a bet far too large.
	start := 0
	for i, l := range lines {
		if strings.HasPrefix(l, "PokerStars Game #7400000002:") {
			start = i
		}
	}
	target := -1
	for i := start; i < len(lines); i++ {
		if strings.Contains(lines[i], ": raises ") || strings.Contains(lines[i], ": bets ") {
			fields := strings.Fields(lines[i])
			lines[i] = fields[0] + " bets $1000000"
			target = i + 1
			break
		}
	}
	if target < 0 {
		t.Fatal("no bet or raise in the third hand of the corpus")
	}
	bad := []byte(strings.Join(lines, "\n"))
	for _, first := range []int{0, 101} {
		p := &ingest.Pipeline{FirstLine: first}
		var got *ingest.Result
		_, err := p.Run(context.Background(), handhistory.FormatPokerStars, bad, func(r *ingest.Result) {
			if r.Index == 3 {
				c := *r
				got = &c
			}
		})
		if err != nil || got == nil {
			t.Fatalf("run: %v", err)
		}
		want := target
		if first > 1 {
			want += first - 1
		}
		if got.Verdict == nil || got.Verdict.Legal {
			t.Fatalf("the edited hand is legal or unreplayed: %+v", got)
		}
		if got.Line != want {
			t.Errorf("FirstLine %d: illegal action at line %d, want %d (hand at %d)", first, got.Line, want, got.HandLine)
		}
		if n, _ := (&ingest.Lines{}).ActionLine(bad, start+1, got.Hand, got.Verdict.Error.Index); n != target {
			t.Errorf("ActionLine %d, want %d", n, target)
		}
	}
}
