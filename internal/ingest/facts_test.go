package ingest_test

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/ingest"
	"github.com/scoophq/scoop/internal/store"
)

// TestFactsOfMatchesStoredJSON: the facts rows a record carries
// (FactsOf of the values in memory) are the rows FillFacts derives from
// the record's JSON (HandFacts), for every hand of the example files,
// legal and illegal, with and without an analysis.
func TestFactsOfMatchesStoredJSON(t *testing.T) {
	n := 0
	for _, name := range []string{"ps-session.txt", "illegal.txt", "hand.phh", "hand.json"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "examples", name))
		if err != nil {
			t.Fatal(err)
		}
		f, err := handhistory.Detect(name, b)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		es, err := handhistory.Read(f, b)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for i, e := range es {
			if e.Hand == nil {
				continue
			}
			v := analysis.Replay(e.Hand)
			for _, analysed := range []bool{false, true} {
				var rec store.Hand
				if analysed {
					rec, err = ingest.NewAnalysedRecord(context.Background(), e.Hand, &v, analysis.Options{Trials: 2000, OneCore: true})
				} else {
					rec, err = ingest.NewRecord(e.Hand, &v)
				}
				if err != nil {
					t.Fatal(err)
				}
				want := ingest.HandFacts(rec.Legal, rec.Hand, rec.Verdict, rec.Analysis)
				for j := range want {
					want[j].HandID = 42
				}
				if got := rec.FactsRows(42); len(want) == 0 || !reflect.DeepEqual(got, want) {
					t.Errorf("%s hand %d (analysed %v): facts from values\n%+v\nfrom JSON\n%+v", name, i, analysed, got, want)
				}
				n++
			}
		}
	}
	if n < 30 {
		t.Errorf("compared %d records; want the example files' hands", n)
	}
}
