package storetest

import (
	"context"
	"testing"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/ingest"
	"github.com/scoophq/scoop/internal/stats"
	"github.com/scoophq/scoop/internal/store"
)

// testFactsAsGiven: records in, records out. The store saves the facts
// rows a record carries, as given, and never computes one: a record's
// rows marked with a net no replay gives are what the statistics sum; a
// record without rows is listed as pending (store.FactsStore) until rows
// are saved for it; SaveAnalysis writes the adjusted net it is given.
func testFactsAsGiven(t *testing.T, s store.Store) {
	fs, ok := s.(store.FactsStore)
	if !ok {
		t.Skip("the store keeps no facts")
	}
	ctx := context.Background()
	recs, _, _ := statsHands(t)
	const marked = 987_654 // no stats hand's net
	given := recs[0]
	given.Facts = append([]store.FactsRow(nil), given.Facts...)
	if len(given.Facts) == 0 || given.Facts[0].Facts != stats.Version {
		t.Fatalf("ingest's record carries no facts: %+v", given.Facts)
	}
	given.Facts[0].Net = marked
	name := given.Players[0]
	save(t, s, given)
	got, err := s.PlayerStats(ctx, name, stats.Filter{})
	if err != nil || got.Hands != 1 || got.Net != marked {
		t.Fatalf("stats of the record's rows: %+v, %v; want 1 hand of net %d (the rows given, not a replay's)", got, err, marked)
	}
	if page, err := fs.PendingFacts(ctx, 0, 10); err != nil || len(page) != 0 {
		t.Fatalf("PendingFacts after a record with its rows: %d hands, %v; want none", len(page), err)
	}

	// A record without rows: its facts are pending, counted once saved.
	bare := recs[1]
	bare.Facts, bare.Analysis = nil, nil
	bare.Players = append([]string(nil), bare.Players...)
	for i := range bare.Players {
		bare.Players[i] = "bare-" + bare.Players[i] // no one of the first hand
	}
	id := save(t, s, bare)[0].ID
	other := bare.Players[0]
	if got, err := s.PlayerStats(ctx, other, stats.Filter{}); err != nil || got.Hands != 0 {
		t.Fatalf("stats of a hand stored without facts: %+v, %v; want none counted", got, err)
	}
	page, err := fs.PendingFacts(ctx, 0, 10)
	if err != nil || len(page) != 1 || page[0].Seq <= 0 || len(page[0].Hand) == 0 || len(page[0].Verdict) == 0 || page[0].Analysis != nil {
		t.Fatalf("PendingFacts = %+v, %v; want the hand stored without facts, with its JSON and no analysis", page, err)
	}
	if after, err := fs.PendingFacts(ctx, page[0].Seq, 10); err != nil || len(after) != 0 {
		t.Errorf("PendingFacts after its Seq: %d hands, %v; want none", len(after), err)
	}
	rows := ingest.HandFacts(true, page[0].Hand, page[0].Verdict, nil)
	for i := range rows {
		rows[i].HandID = page[0].Seq
		rows[i].Net = marked + 1
	}
	if err := fs.SaveFacts(ctx, rows); err != nil {
		t.Fatal(err)
	}
	if got, err := s.PlayerStats(ctx, other, stats.Filter{}); err != nil || got.Hands != 1 || got.Net != marked+1 || got.Unanalyzed != 1 {
		t.Fatalf("stats once its rows are saved: %+v, %v; want 1 unanalysed hand of net %d", got, err, marked+1)
	}
	if page, err := fs.PendingFacts(ctx, 0, 10); err != nil || len(page) != 0 {
		t.Errorf("PendingFacts once saved: %d hands, %v; want none", len(page), err)
	}

	// SaveAnalysis writes the adjusted net it is given beside the analysis.
	adj := ingest.AdjustedFacts(&analysis.Analysis{Results: make([]analysis.PlayerResult, len(bare.Players))})
	for i := range adj {
		v := float64(marked + 2)
		adj[i].AdjustedNet = &v
	}
	if err := s.SaveAnalysis(ctx, id, analysis.EngineVersion, []byte(`{"results":[]}`), adj); err != nil {
		t.Fatal(err)
	}
	if got, err := s.PlayerStats(ctx, other, stats.Filter{}); err != nil || got.Unanalyzed != 0 || got.AdjustedNet != marked+2 {
		t.Errorf("stats after SaveAnalysis: %+v, %v; want the adjusted net given, %d", got, err, marked+2)
	}
}
