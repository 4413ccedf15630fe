package export_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"io"
	"slices"
	"strconv"
	"testing"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/export"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
	_ "github.com/scoophq/scoop/internal/handhistory/sites" // the readers of the corpus hands
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/storetest"
)

var backends = []struct {
	name string
	open func(testing.TB) store.Store
}{
	{"sqlite", func(t testing.TB) store.Store { return storetest.OpenSQLite(t) }},
	{"postgres", func(t testing.TB) store.Store { return storetest.OpenPostgres(t) }},
}

// TestWriteBounded: an export stops at its cap (Options.Max) and says so,
// pages through the store (a page of 5 hands here), and gives every hand
// when they fit; a bad format is an Invalid error naming format.
func TestWriteBounded(t *testing.T) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			st := b.open(t)
			storetest.FillCorpus(t, st, 20)
			ctx := context.Background()
			var out bytes.Buffer
			res, err := export.Write(ctx, st, export.PokerStars, store.Query{}, &out, export.Options{Max: 7, PageSize: 5})
			if err != nil || res.Hands+res.Skipped != 7 || !res.Truncated {
				t.Errorf("Max 7: %+v, %v; want 7 hands and Truncated", res, err)
			}
			entries, err := handhistory.Read(handhistory.FormatPokerStars, out.Bytes())
			if err != nil || len(entries) != res.Hands {
				t.Errorf("the text holds %d hands (%v), want %d", len(entries), err, res.Hands)
			}
			out.Reset()
			res, err = export.Write(ctx, st, export.CSV, store.Query{Player: storetest.BenchHero}, &out, export.Options{Max: 20, PageSize: 5})
			if err != nil || res.Hands != 20 || res.Truncated || res.Rows != 20 {
				t.Errorf("Max 20 of 20: %+v, %v; want 20 hands, 20 rows, not truncated", res, err)
			}
			recs, err := csv.NewReader(&out).ReadAll()
			if err != nil || len(recs) != 21 {
				t.Errorf("the CSV: %d records (%v), want 21", len(recs), err)
			}
			_, err = export.Write(ctx, st, "xml", store.Query{}, io.Discard, export.Options{})
			var fe *fault.Error
			if !errors.As(err, &fe) || fe.Kind != fault.Invalid || fe.Field != "format" {
				t.Errorf("format xml: %v", err)
			}
		})
	}
}

// cancelOnWrite cancels its context on the first write: a client that
// goes away once the export has started.
type cancelOnWrite struct {
	cancel context.CancelFunc
	n      int
}

func (c *cancelOnWrite) Write(p []byte) (int, error) {
	c.n++
	c.cancel()
	return len(p), nil
}

// TestWriteStopsWhenCancelled: once the context is cancelled (the client
// left), the export stops within the page it is on, and says why.
func TestWriteStopsWhenCancelled(t *testing.T) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			st := b.open(t)
			storetest.FillCorpus(t, st, 30)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			w := &cancelOnWrite{cancel: cancel}
			res, err := export.Write(ctx, st, export.PHH, store.Query{}, w, export.Options{PageSize: 5})
			if !errors.Is(err, context.Canceled) || res.Hands > 5 || w.n == 0 {
				t.Errorf("cancelled after the first write: %+v, %v, %d writes; want context.Canceled within the first page", res, err, w.n)
			}
		})
	}
}

// BenchmarkExport measures exporting 10,000 stored hands (FillCorpus: the
// corpus renumbered, not analysed; the filling is not timed) in each
// format, reporting hands/s.
func BenchmarkExport(b *testing.B) {
	for _, be := range backends {
		b.Run(be.name, func(b *testing.B) {
			st := be.open(b)
			const n = 10_000
			storetest.FillCorpus(b, st, n)
			for _, format := range export.Formats {
				b.Run(format, func(b *testing.B) {
					for b.Loop() {
						res, err := export.Write(context.Background(), st, format, store.Query{}, io.Discard, export.Options{})
						if err != nil || res.Hands+res.Skipped != n {
							b.Fatalf("%+v, %v", res, err)
						}
					}
					b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "hands/s")
				})
			}
		})
	}
}

// analysisCounter is a real store that counts its Analysis reads.
type analysisCounter struct {
	store.Store
	reads int
}

func (s *analysisCounter) Analysis(ctx context.Context, id string) (store.Analysis, error) {
	s.reads++
	return s.Store.Analysis(ctx, id)
}

// TestCSVReadsAnalysesWithTheListing: the CSV's adjusted net comes from
// each hand's stored analysis, read with the listing's page (Query.Text)
// rather than a query per legal hand: no Store.Analysis read, and the
// analysed hand's row has its analysis' adjusted net, the others none.
func TestCSVReadsAnalysesWithTheListing(t *testing.T) {
	for _, be := range backends {
		t.Run(be.name, func(t *testing.T) {
			under := be.open(t)
			storetest.FillCorpus(t, under, 8)
			ctx := context.Background()
			page, err := under.Hands(ctx, store.Query{Legal: new(true), Limit: 1})
			if err != nil || len(page.Hands) != 1 {
				t.Fatalf("a legal hand: %v %v", page, err)
			}
			h := page.Hands[0]
			results := make([]map[string]any, len(h.Players))
			for i, name := range h.Players {
				results[i] = map[string]any{"player": name, "adjusted_net": 100.5 + float64(i)}
			}
			doc, _ := json.Marshal(map[string]any{"allin": nil, "results": results})
			if err := under.SaveAnalysis(ctx, h.ID, analysis.EngineVersion, doc, nil); err != nil {
				t.Fatal(err)
			}
			st := &analysisCounter{Store: under}
			var out bytes.Buffer
			if _, err := export.Write(ctx, st, export.CSV, store.Query{}, &out, export.Options{}); err != nil {
				t.Fatal(err)
			}
			if st.reads != 0 {
				t.Errorf("the CSV read %d analyses one by one, want 0 (read with the listing)", st.reads)
			}
			recs, err := csv.NewReader(&out).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			col := slices.Index(export.CSVHeader, "adjusted_net")
			seen := 0
			for _, rec := range recs[1:] {
				if rec[0] != h.ID {
					if rec[col] != "" {
						t.Errorf("hand %s, not analysed: adjusted_net %q, want empty", rec[0], rec[col])
					}
					continue
				}
				i := slices.Index(h.Players, rec[slices.Index(export.CSVHeader, "player")])
				if want := strconv.FormatFloat(100.5+float64(i), 'f', -1, 64); rec[col] != want {
					t.Errorf("the analysed hand's player %d: adjusted_net %q, want %q", i, rec[col], want)
				}
				seen++
			}
			if seen != len(h.Players) {
				t.Errorf("%d rows of the analysed hand, want %d", seen, len(h.Players))
			}
		})
	}
}
