package storetest

import (
	"cmp"
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/store"
)

// unanalyzed lists every hand UnanalyzedHands gives below version, by
// pages of limit, failing t on a page out of order or too long.
func unanalyzed(t *testing.T, s store.Store, version, limit int) []string {
	t.Helper()
	var got []string
	var after int64
	for pages := 0; ; pages++ {
		page, err := s.UnanalyzedHands(context.Background(), version, after, limit)
		if err != nil {
			t.Fatalf("UnanalyzedHands: %v", err)
		}
		if len(page) == 0 {
			return got
		}
		if len(page) > limit || pages > 50 {
			t.Fatalf("page of %d (limit %d), page %d", len(page), limit, pages)
		}
		for _, h := range page {
			if !h.Legal || len(h.Hand) == 0 || len(h.Verdict) == 0 || h.EngineVersion == 0 {
				t.Errorf("unanalyzed hand %+v", h)
			}
			got = append(got, h.ID)
		}
		after = page[len(page)-1].Seq
	}
}

// bySeq sorts the ids of stored hands in the order they were stored (their
// Seq, read back with Store.Hand).
func bySeq(t *testing.T, s store.Store, ids []string) {
	t.Helper()
	seq := make(map[string]int64, len(ids))
	for _, id := range ids {
		h, err := s.Hand(context.Background(), id)
		if err != nil {
			t.Fatalf("hand %s: %v", id, err)
		}
		seq[id] = h.Seq
	}
	slices.SortFunc(ids, func(a, b string) int { return cmp.Compare(seq[a], seq[b]) })
}

func testUnanalyzedHands(t *testing.T, s store.Store) {
	ctx := context.Background()
	analysed, _ := realHand(t, legalPHH) // legal, with its analysis
	illegal, _ := realHand(t, illegalPHH)
	bare := analysed
	bare.Analysis = nil
	bare.NaturalKey = "site:test:bare"
	bare.Site, bare.SiteHandID = "test", "bare"
	hands := []store.Hand{analysed, illegal, bare}
	for i := range 5 {
		hands = append(hands, NewHand(110+i, "", "omaha-hi", true, "a", "b"))
	}
	hands = append(hands, NewHand(120, "", "omaha-hi", false, "a", "b")) // illegal: never listed
	saved := save(t, s, hands...)
	ids := make([]string, len(saved))
	for i, sv := range saved {
		ids[i] = sv.ID
	}
	// The analysed hand was saved with the engine's version, v; a hand
	// analysed by v is missing below v+1, not below v.
	v := analysis.EngineVersion
	if err := s.SaveAnalysis(ctx, ids[3], v, json.RawMessage(`{"v":1}`), nil); err != nil {
		t.Fatal(err)
	}
	want := []string{ids[2], ids[4], ids[5], ids[6], ids[7]}
	bySeq(t, s, want)
	if got := unanalyzed(t, s, v, 2); !slices.Equal(got, want) {
		t.Errorf("below version %d: %v, want %v (ascending ids, legal hands without an analysis)", v, got, want)
	}
	want2 := []string{ids[0], ids[2], ids[3], ids[4], ids[5], ids[6], ids[7]}
	bySeq(t, s, want2)
	if got := unanalyzed(t, s, v+1, 3); !slices.Equal(got, want2) {
		t.Errorf("below version %d: %v, want %v", v+1, got, want2)
	}
	// Once each has an analysis by the version asked, none is missing.
	for _, id := range want2 {
		if err := s.SaveAnalysis(ctx, id, v+1, json.RawMessage(`{"v":2}`), nil); err != nil {
			t.Fatal(err)
		}
	}
	if got := unanalyzed(t, s, v+1, 50); len(got) != 0 {
		t.Errorf("after saving analyses: %v, want none", got)
	}
	if _, err := s.UnanalyzedHands(ctx, 3, -1, 2); !isKind(err, fault.Invalid) {
		t.Errorf("bad after: %v", err)
	}
	if _, err := s.UnanalyzedHands(ctx, 0, 0, 2); !isKind(err, fault.Invalid) {
		t.Errorf("version 0: %v", err)
	}
}
