package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/ingest"
	"github.com/scoophq/scoop/internal/store"
)

// A legal heads-up hand and an illegal one (a pot-limit raise above the
// pot), as PHH.
const (
	legalPHH = `variant = 'PO'
antes = [0, 0]
blinds_or_straddles = [1, 2]
starting_stacks = [100, 100]
actions = ['d dh p1 AsAhKsKh', 'd dh p2 QdQcJdJc', 'p2 cc', 'p1 cc', 'd db Tc5h2s', 'p1 cc', 'p2 cc', 'd db 3c', 'p1 cc', 'p2 cc', 'd db 4d', 'p1 cc', 'p2 cc', 'p1 sm AsAhKsKh', 'p2 sm QdQcJdJc']
`
	illegalPHH = `variant = 'PO'
antes = [0, 0]
blinds_or_straddles = [1, 2]
starting_stacks = [100, 100]
actions = ['d dh p1 AsAhKsKh', 'd dh p2 QdQcJdJc', 'p2 cbr 90']
`
)

// realHand reads a PHH hand and returns its record as NewHandRecord
// makes it, with its analysis when legal, and its verdict.
func realHand(t *testing.T, text string) (store.Hand, analysis.Verdict) {
	t.Helper()
	es, err := handhistory.Read(handhistory.FormatPHH, []byte(text))
	if err != nil || len(es) != 1 || es[0].Hand == nil {
		t.Fatalf("read PHH: %v", err)
	}
	v := analysis.Replay(es[0].Hand)
	rec, err := ingest.NewAnalysedRecord(context.Background(), es[0].Hand, &v, analysis.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return rec, v
}

func isKind(err error, k fault.Kind) bool {
	var fe *fault.Error
	return errors.As(err, &fe) && fe.Kind == k
}

func testAnalysisSaved(t *testing.T, s store.Store) {
	ctx := context.Background()
	legal, _ := realHand(t, legalPHH)
	illegal, _ := realHand(t, illegalPHH)
	if legal.Analysis == nil || illegal.Analysis != nil || legal.EngineVersion != analysis.EngineVersion {
		t.Fatalf("records: legal analysis %v, illegal analysis %v, version %d", legal.Analysis != nil, illegal.Analysis != nil, legal.EngineVersion)
	}
	saved := save(t, s, legal, illegal)
	a, err := s.Analysis(ctx, saved[0].ID)
	if err != nil {
		t.Fatalf("Analysis: %v", err)
	}
	if a.HandID != saved[0].ID || a.EngineVersion != analysis.EngineVersion || a.CreatedAt.IsZero() {
		t.Errorf("analysis %+v", a)
	}
	jsonEqual(t, "analysis", a.Analysis, legal.Analysis)
	h, err := s.Hand(ctx, saved[0].ID)
	if err != nil || h.EngineVersion != analysis.EngineVersion {
		t.Errorf("hand version %d, %v", h.EngineVersion, err)
	}
	if _, err := s.Analysis(ctx, saved[1].ID); !isKind(err, fault.NotFound) {
		t.Errorf("illegal hand's analysis: %v, want not found", err)
	}
	for _, id := range []string{"999999", "x", "-1"} {
		if _, err := s.Analysis(ctx, id); !isKind(err, fault.NotFound) {
			t.Errorf("Analysis(%q): %v, want not found", id, err)
		}
	}
	// A hand saved again keeps its one analysis; a record with analysis
	// text no database holds is refused alone.
	bad := NewHand(70, "", "omaha-hi", true, "a", "b")
	bad.Analysis = json.RawMessage(`{"x":"\u0000"}`)
	again := save(t, s, legal, bad)
	if again[0].Created || again[0].ID != saved[0].ID || !isKind(again[1].Err, fault.Invalid) {
		t.Errorf("again: %+v", again)
	}
	// A record without a version is stored with the running one.
	plain := NewHand(71, "", "omaha-hi", true, "a", "b")
	id := save(t, s, plain)[0].ID
	if h, err := s.Hand(ctx, id); err != nil || h.EngineVersion != analysis.EngineVersion {
		t.Errorf("plain hand version %d, %v", h.EngineVersion, err)
	}
}

func testSaveAnalysis(t *testing.T, s store.Store) {
	ctx := context.Background()
	h := NewHand(80, "", "omaha-hilo", true, "a", "b")
	id := save(t, s, h)[0].ID
	if _, err := s.Analysis(ctx, id); !isKind(err, fault.NotFound) {
		t.Fatalf("no analysis yet: %v", err)
	}
	put := func(version int, doc string) {
		t.Helper()
		if err := s.SaveAnalysis(ctx, id, version, json.RawMessage(doc), nil); err != nil {
			t.Fatalf("SaveAnalysis(%d): %v", version, err)
		}
	}
	put(2, `{"v":2}`)
	put(3, `{"v":3}`)
	put(1, `{"v":1}`) // older: ignored
	a, err := s.Analysis(ctx, id)
	if err != nil || a.EngineVersion != 3 {
		t.Fatalf("analysis %+v, %v", a, err)
	}
	jsonEqual(t, "analysis", a.Analysis, []byte(`{"v":3}`))
	if err := s.SaveAnalysis(ctx, store.NewPublicID(), 2, json.RawMessage(`{}`), nil); !isKind(err, fault.NotFound) {
		t.Errorf("missing hand: %v", err)
	}
	// An illegal hand gets no analysis, even when asked.
	illegalID := save(t, s, NewHand(81, "", "omaha-hilo", false, "a", "b"))[0].ID
	if err := s.SaveAnalysis(ctx, illegalID, 3, json.RawMessage(`{"v":3}`), nil); err != nil {
		t.Errorf("SaveAnalysis of an illegal hand: %v, want nil (nothing stored)", err)
	}
	if _, err := s.Analysis(ctx, illegalID); !isKind(err, fault.NotFound) {
		t.Errorf("an illegal hand's analysis was stored: %v", err)
	}
	if err := s.SaveAnalysis(ctx, id, 4, json.RawMessage(`{"x":"\u0000"}`), nil); !isKind(err, fault.Invalid) {
		t.Errorf("NUL analysis: %v", err)
	}
	if err := s.SaveAnalysis(ctx, id, 4, json.RawMessage(`{`), nil); !isKind(err, fault.Invalid) {
		t.Errorf("bad JSON: %v", err)
	}
}

func testStaleHands(t *testing.T, s store.Store) {
	ctx := context.Background()
	var want []string
	for i := range 7 {
		h := NewHand(90+i, "", "omaha-hi", true, "a", "b")
		h.EngineVersion = 1 + i%3 // 1, 2, 3, 1, 2, 3, 1
		id := save(t, s, h)[0].ID
		if h.EngineVersion < 3 {
			want = append(want, id)
		}
	}
	var got []string
	var after int64
	for pages := 0; ; pages++ {
		page, err := s.StaleHands(ctx, 3, after, 2)
		if err != nil {
			t.Fatal(err)
		}
		if len(page) == 0 {
			break
		}
		if len(page) > 2 || pages > 10 {
			t.Fatalf("page of %d", len(page))
		}
		for _, h := range page {
			if h.EngineVersion >= 3 || len(h.Hand) == 0 || len(h.Verdict) == 0 {
				t.Errorf("stale hand %+v", h)
			}
			got = append(got, h.ID)
			if h.Seq <= after {
				t.Errorf("stale hand seq %d after %d: not ascending", h.Seq, after)
			}
		}
		after = page[len(page)-1].Seq
	}
	if len(got) != len(want) {
		t.Fatalf("stale %v, want %v", got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("stale %v, want %v (ascending ids)", got, want)
			break
		}
	}
	if _, err := s.StaleHands(ctx, 3, -1, 2); !isKind(err, fault.Invalid) {
		t.Errorf("bad after: %v", err)
	}
}

func testUpdateVerdicts(t *testing.T, s store.Store) {
	ctx := context.Background()
	h := NewHand(100, "", "omaha-hi", true, "a", "b")
	h.EngineVersion = 1
	h.Analysis = json.RawMessage(`{"old":true}`)
	id := save(t, s, h)[0].ID
	other := NewHand(101, "", "omaha-hi", true, "a", "b")
	other.EngineVersion = 1
	otherID := save(t, s, other)[0].ID
	res, err := s.UpdateVerdicts(ctx, []store.VerdictUpdate{
		{ID: id, EngineVersion: 2, Legal: false, Verdict: json.RawMessage(`{"legal":false}`)},
		{ID: otherID, EngineVersion: 2, Legal: true, Verdict: json.RawMessage(`{"x":"\u0000"}`)},
		{ID: "nope", EngineVersion: 2, Verdict: json.RawMessage(`{}`)},
		{ID: store.NewPublicID(), EngineVersion: 2, Verdict: json.RawMessage(`{}`)}, // no such hand: not updated, no error
	})
	if err != nil {
		t.Fatal(err)
	}
	if !res[0].Updated || res[0].Err != nil || !isKind(res[1].Err, fault.Invalid) || res[2].Err == nil || res[3].Updated || res[3].Err != nil {
		t.Fatalf("results %+v", res)
	}
	got, err := s.Hand(ctx, id)
	if err != nil || got.Legal || got.EngineVersion != 2 {
		t.Fatalf("updated hand %+v, %v", got, err)
	}
	jsonEqual(t, "verdict", got.Verdict, []byte(`{"legal":false}`))
	if _, err := s.Analysis(ctx, id); !isKind(err, fault.NotFound) {
		t.Errorf("an illegal hand keeps its analysis: %v", err)
	}
	if o, _ := s.Hand(ctx, otherID); o.EngineVersion != 1 {
		t.Errorf("the refused update changed its hand: %+v", o)
	}
	// Again with the same version: nothing to do. With a newer one and an
	// analysis: stored.
	res, err = s.UpdateVerdicts(ctx, []store.VerdictUpdate{{ID: id, EngineVersion: 2, Legal: true, Verdict: json.RawMessage(`{}`)}})
	if err != nil || res[0].Updated {
		t.Errorf("same version again: %+v, %v", res, err)
	}
	res, err = s.UpdateVerdicts(ctx, []store.VerdictUpdate{{ID: id, EngineVersion: 3, Legal: true, Verdict: json.RawMessage(`{"legal":true}`), Analysis: json.RawMessage(`{"new":1}`)}})
	if err != nil || !res[0].Updated {
		t.Fatalf("newer version: %+v, %v", res, err)
	}
	a, err := s.Analysis(ctx, id)
	if err != nil || a.EngineVersion != 3 {
		t.Fatalf("analysis %+v, %v", a, err)
	}
	jsonEqual(t, "analysis", a.Analysis, []byte(`{"new":1}`))
}

func testReverify(t *testing.T, s store.Store) {
	ctx := context.Background()
	// Stored by engine 1: a legal hand judged illegal, an illegal one
	// judged legal (with an analysis), a record that is not a hand, and a
	// hand already judged by the running engine.
	wasIllegal, _ := realHand(t, legalPHH)
	wasIllegal.EngineVersion, wasIllegal.Legal, wasIllegal.Analysis = 1, false, nil
	wasIllegal.Verdict = json.RawMessage(`{"file":"old.phh","hand":3,"legal":false}`)
	wasLegal, _ := realHand(t, illegalPHH)
	wasLegal.EngineVersion, wasLegal.Legal, wasLegal.Analysis = 1, true, json.RawMessage(`{"old":1}`)
	junk := NewHand(110, "", "omaha-hi", true, "a", "b")
	junk.Hand = json.RawMessage(`{"players":5}`)
	junk.NaturalKey = store.NaturalKey("", "", junk.Hand)
	junk.EngineVersion = 1
	current := NewHand(111, "", "omaha-hi", true, "a", "b")
	// One at a time, so that their ids follow this order.
	var saved []store.Saved
	for _, h := range []store.Hand{wasIllegal, wasLegal, junk, current} {
		saved = append(saved, save(t, s, h)...)
	}

	// The first run is interrupted after its first batch of two.
	cctx, cancel := context.WithCancel(ctx)
	rep, err := ingest.Reverify(cctx, s, ingest.ReverifyOptions{Batch: 2, Progress: func(ingest.ReverifyReport) { cancel() }})
	if !isKind(err, fault.Canceled) || rep.Updated != 2 || rep.Checked != 2 || rep.LegalToIllegal != 1 || rep.IllegalToLegal != 1 {
		t.Fatalf("interrupted run: %+v, %v", rep, err)
	}
	rep, err = ingest.Reverify(ctx, s, ingest.ReverifyOptions{Batch: 2})
	if err != nil || rep.Checked != 1 || rep.Unreadable != 1 || rep.Updated != 0 {
		t.Fatalf("second run: %+v, %v", rep, err)
	}
	h, err := s.Hand(ctx, saved[0].ID)
	if err != nil || !h.Legal || h.EngineVersion != analysis.EngineVersion {
		t.Fatalf("was illegal: %+v, %v", h, err)
	}
	var v analysis.Verdict
	if err := json.Unmarshal(h.Verdict, &v); err != nil || !v.Legal || v.File != "old.phh" || v.Hand != 3 {
		t.Errorf("new verdict %+v, %v", v, err)
	}
	if a, err := s.Analysis(ctx, saved[0].ID); err != nil || a.EngineVersion != analysis.EngineVersion {
		t.Errorf("the hand now legal has no analysis: %v", err)
	}
	if h, _ := s.Hand(ctx, saved[1].ID); h.Legal || h.EngineVersion != analysis.EngineVersion {
		t.Errorf("was legal: %+v", h)
	}
	if _, err := s.Analysis(ctx, saved[1].ID); !isKind(err, fault.NotFound) {
		t.Errorf("the hand now illegal keeps its analysis: %v", err)
	}
	if h, _ := s.Hand(ctx, saved[3].ID); h.EngineVersion != analysis.EngineVersion {
		t.Errorf("current hand: %+v", h)
	}

}

// testSaveAnalyses: a batch of analyses is stored in one call, each as
// SaveAnalysis stores it; a missing hand or a document no store can hold
// is that analysis's own error, the others stored; too many is invalid.
func testSaveAnalyses(t *testing.T, s store.Store) {
	ctx := context.Background()
	a := save(t, s, NewHand(90, "", "omaha-hilo", true, "a", "b"))[0].ID
	b := save(t, s, NewHand(91, "", "omaha-hi", true, "c", "d"))[0].ID
	illegal := save(t, s, NewHand(92, "", "omaha-hilo", false, "e", "f"))[0].ID
	if err := s.SaveAnalysis(ctx, b, 5, json.RawMessage(`{"v":5}`), nil); err != nil {
		t.Fatal(err)
	}
	batch := []store.AnalysisSave{
		{ID: a, Version: 3, Analysis: json.RawMessage(`{"v":3}`)},
		{ID: store.NewPublicID(), Version: 3, Analysis: json.RawMessage(`{}`)},
		{ID: a, Version: 4, Analysis: json.RawMessage(`{`)},
		{ID: b, Version: 4, Analysis: json.RawMessage(`{"v":4}`)}, // older than b's: ignored
		{ID: illegal, Version: 3, Analysis: json.RawMessage(`{"v":3}`)},
	}
	errs, err := s.SaveAnalyses(ctx, batch)
	if err != nil || len(errs) != len(batch) {
		t.Fatalf("SaveAnalyses: %v, %v", errs, err)
	}
	if errs[0] != nil || !isKind(errs[1], fault.NotFound) || !isKind(errs[2], fault.Invalid) || errs[3] != nil || errs[4] != nil {
		t.Errorf("errors %v, want nil, not found, invalid, nil, nil", errs)
	}
	for id, want := range map[string]string{a: `{"v":3}`, b: `{"v":5}`} {
		got, err := s.Analysis(ctx, id)
		if err != nil {
			t.Fatalf("analysis of %s: %v", id, err)
		}
		jsonEqual(t, "analysis", got.Analysis, []byte(want))
	}
	if _, err := s.Analysis(ctx, illegal); !isKind(err, fault.NotFound) {
		t.Errorf("an illegal hand's analysis was stored: %v", err)
	}
	// A hand named twice in one batch ends as two saves in order would
	// leave it: the later version over the earlier, never an older one
	// over a newer.
	c := save(t, s, NewHand(93, "", "omaha-hilo", true, "g", "h"))[0].ID
	d := save(t, s, NewHand(94, "", "omaha-hilo", true, "i", "j"))[0].ID
	errs, err = s.SaveAnalyses(ctx, []store.AnalysisSave{
		{ID: c, Version: 3, Analysis: json.RawMessage(`{"v":3}`)},
		{ID: d, Version: 4, Analysis: json.RawMessage(`{"v":4}`)},
		{ID: c, Version: 4, Analysis: json.RawMessage(`{"v":4}`)},
		{ID: d, Version: 3, Analysis: json.RawMessage(`{"v":3}`)},
		{ID: c, Version: 4, Analysis: json.RawMessage(`{"v":"4 again"}`)},
	})
	if err != nil || len(errs) != 5 || errs[0] != nil || errs[1] != nil || errs[2] != nil || errs[3] != nil || errs[4] != nil {
		t.Fatalf("SaveAnalyses of a hand named twice: %v, %v", errs, err)
	}
	for id, want := range map[string]string{c: `{"v":"4 again"}`, d: `{"v":4}`} {
		got, err := s.Analysis(ctx, id)
		if err != nil {
			t.Fatalf("analysis of %s: %v", id, err)
		}
		jsonEqual(t, "analysis of a hand named twice", got.Analysis, []byte(want))
	}
	if _, err := s.SaveAnalyses(ctx, make([]store.AnalysisSave, store.MaxLimit+1)); !isKind(err, fault.Invalid) {
		t.Errorf("%d analyses: %v, want invalid", store.MaxLimit+1, err)
	}
}
