package store

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/handhistory"
)

// TestFactsMemoFollowsItsJSON: a record's memoised facts rows are the
// ones FactsRows gives while the record holds the very JSON they were
// computed with, a copy each time, and are ignored once a field is
// replaced, even by equal bytes. (TestFactsOfMatchesStoredJSON cannot
// tell the memo from HandFacts: it compares their rows.)
func TestFactsMemoFollowsItsJSON(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "examples", "ps-session.txt"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := handhistory.Detect("ps-session.txt", b)
	if err != nil {
		t.Fatal(err)
	}
	es, err := handhistory.Read(f, b)
	if err != nil {
		t.Fatal(err)
	}
	var rec Hand
	for _, e := range es {
		if e.Hand == nil {
			continue
		}
		if v := analysis.Replay(e.Hand); v.Legal {
			if rec, err = NewHandRecord(e.Hand, &v); err != nil {
				t.Fatal(err)
			}
			break
		}
	}
	if rec.facts == nil || len(rec.facts.rows) == 0 {
		t.Fatalf("a legal hand's record carries no facts rows: %+v", rec.facts)
	}
	const marked = 77 // no hand's VPIP: tells the memo's rows from HandFacts'
	rec.facts.rows[0].VPIP = marked
	got := rec.FactsRows(5)
	if got[0].VPIP != marked || got[0].HandID != 5 {
		t.Fatalf("FactsRows did not give the memoised rows: %+v", got[0])
	}
	got[0].VPIP = 0
	if again := rec.FactsRows(5); again[0].VPIP != marked {
		t.Errorf("a caller's change to FactsRows' rows reached the memo: VPIP %d", again[0].VPIP)
	}
	for name, edit := range map[string]func(h *Hand){
		"hand":     func(h *Hand) { h.Hand = append(json.RawMessage(nil), h.Hand...) },
		"verdict":  func(h *Hand) { h.Verdict = append(json.RawMessage(nil), h.Verdict...) },
		"analysis": func(h *Hand) { h.Analysis = json.RawMessage(`{}`) },
		"legal":    func(h *Hand) { h.Legal = false },
	} {
		h := rec
		edit(&h)
		if rows := h.FactsRows(5); len(rows) > 0 && rows[0].VPIP == marked {
			t.Errorf("%s replaced: FactsRows still gave the memoised rows", name)
		}
	}
}
