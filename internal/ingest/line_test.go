package ingest_test

import (
	"context"
	"encoding/json"
	"os"
	"testing"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/handhistory"
	_ "github.com/scoophq/scoop/internal/handhistory/sites"
	"github.com/scoophq/scoop/internal/ingest"
	"github.com/scoophq/scoop/internal/store"
)

// TestLocateAndReverdictKeepTheLine (issue 27): Locate gives an illegal
// hand's verdict and error the offending action's line (examples'
// illegal.txt: 24), and a verdict made again from the stored hand (no
// text) keeps that line.
func TestLocateAndReverdictKeepTheLine(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("../../examples/illegal.txt")
	if err != nil {
		t.Fatal(err)
	}
	text, _, _ := handhistory.Decode(data)
	f, err := handhistory.Detect("illegal.txt", text)
	if err != nil {
		t.Fatal(err)
	}
	entries, err := handhistory.Read(f, text)
	if err != nil || len(entries) != 1 || entries[0].Hand == nil {
		t.Fatalf("read: %v %+v", err, entries)
	}
	e := entries[0]
	v := analysis.FromEntry(e)
	(&ingest.Lines{}).Locate(&v, text, e)
	if v.Line != 24 || v.Error == nil || v.Error.Line != 24 {
		t.Fatalf("located verdict line %d, error %+v; want 24", v.Line, v.Error)
	}
	hand, _ := json.Marshal(e.Hand)
	old, _ := json.Marshal(v)
	u, ok, err := ingest.Reverdict(context.Background(), store.Hand{ID: "x", Hand: hand, Verdict: old}, analysis.Options{})
	if err != nil || !ok {
		t.Fatalf("reverdict: %v %v", ok, err)
	}
	var again analysis.Verdict
	if err := json.Unmarshal(u.Verdict, &again); err != nil {
		t.Fatal(err)
	}
	if again.Line != 24 || again.Error == nil || again.Error.Line != 24 {
		t.Errorf("verdict made again: line %d, error %+v; want 24", again.Line, again.Error)
	}
}
