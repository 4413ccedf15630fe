package ingest_test

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/readertest"
	"github.com/scoophq/scoop/internal/ingest"
	"github.com/scoophq/scoop/internal/jobs/jobstest"
)

// TestChunksGiveTheWholeFilesResults: the pipeline run over a file's
// chunks, each placed in the file by FirstHand and FirstLine as the chunk
// jobs place it, gives the results of the pipeline run over the whole
// file: each hand's index, its lines (where it starts, an error's, an
// illegal action's: each offset once, by the reader), its verdict, and the
// hand itself with its notes. The file holds hands with notes, an
// unreadable hand, an incomplete (skipped) one and an illegal one.
func TestChunksGiveTheWholeFilesResults(t *testing.T) {
	lines := strings.Split(string(jobstest.WithRemarks(jobstest.Hands(t, 12, 7_500_000_000))), "\n")
	edit := func(id, from, to string) { // the first line of hand id starting with from becomes to
		in := false
		for i, l := range lines {
			switch {
			case strings.HasPrefix(l, "PokerStars Game #"):
				in = strings.HasPrefix(l, "PokerStars Game #"+id+":")
			case in && strings.HasPrefix(l, from):
				lines[i] = to
				return
			}
		}
		t.Fatalf("hand %s has no line %q", id, from)
	}
	edit("7500000004", "*** SUMMARY ***", "*** SUMMARY") // unreadable: a line it does not know
	edit("7500000006", "Seat 1:", "Seat 1: x")           // unreadable
	edit("7500000009", "*** SUMMARY ***", "*** CUT ***") // cut off there: skipped as incomplete
	for i := 0; i < len(lines); i++ {
		if lines[i] == "*** CUT ***" {
			j := i
			for j < len(lines) && !strings.HasPrefix(lines[j], "PokerStars Game #") {
				j++
			}
			lines = append(lines[:i], lines[j:]...)
			break
		}
	}
	for i, l := range lines { // illegal: a bet far too large
		if strings.HasPrefix(l, "PokerStars Game #7500000011:") {
			for j := i; j < len(lines); j++ {
				if strings.Contains(lines[j], ": bets ") || strings.Contains(lines[j], ": raises ") {
					lines[j] = strings.Fields(lines[j])[0] + " bets $1000000"
					break
				}
			}
			break
		}
	}
	data := []byte(strings.Join(lines, "\n"))
	run := func(p *ingest.Pipeline, data []byte) []ingest.Result {
		t.Helper()
		var out []ingest.Result
		if _, err := p.Run(context.Background(), handhistory.FormatPokerStars, data, func(r *ingest.Result) { out = append(out, *r) }); err != nil {
			t.Fatal(err)
		}
		return out
	}
	whole := run(&ingest.Pipeline{Analysis: ingest.AnalyseNone}, data)
	kinds, illegal, noted := map[ingest.Kind]int{}, 0, 0
	for _, r := range whole {
		kinds[r.Kind]++
		if r.Kind == ingest.Replayed && !r.Verdict.Legal && r.Line > r.HandLine {
			illegal++ // its line the offending action's
		}
		if r.Hand != nil && len(r.Hand.Notes) == 1 {
			noted++
		}
	}
	if len(whole) != 12 || kinds[ingest.Unreadable] != 2 || kinds[ingest.Skipped] != 1 || kinds[ingest.Replayed] != 9 || illegal != 1 || noted != 9 {
		t.Fatalf("whole file: %d results, kinds %v, %d illegal, %d with a note", len(whole), kinds, illegal, noted)
	}
	var ps handhistory.Reader
	for _, r := range handhistory.Readers() {
		if r.Format == handhistory.FormatPokerStars {
			ps = r
		}
	}
	for _, n := range []int{1, 5} {
		var got []ingest.Result
		for _, part := range readertest.Parts(t, ps, data, n) {
			got = append(got, run(&ingest.Pipeline{Analysis: ingest.AnalyseNone, FirstHand: len(got) + 1, FirstLine: part.First}, part.Data)...)
		}
		if len(got) != len(whole) {
			t.Fatalf("chunks of %d: %d results, want %d", n, len(got), len(whole))
		}
		for i, w := range whole {
			g := got[i]
			if g.Kind != w.Kind || g.Index != w.Index || g.ID != w.ID || g.Line != w.Line || g.HandLine != w.HandLine ||
				g.Message() != w.Message() || g.Skipped != w.Skipped {
				t.Errorf("chunks of %d, hand %d: %s index %d line %d (hand at %d) %q %q; whole file: %s index %d line %d (hand at %d) %q %q",
					n, i+1, g.Kind, g.Index, g.Line, g.HandLine, g.Message(), g.Skipped, w.Kind, w.Index, w.Line, w.HandLine, w.Message(), w.Skipped)
			}
			if !reflect.DeepEqual(g.Hand, w.Hand) {
				t.Errorf("chunks of %d, hand %d: the hand differs from the whole file's", n, i+1)
			}
			if gv, wv := verdictJSON(t, g), verdictJSON(t, w); gv != wv {
				t.Errorf("chunks of %d, hand %d: verdict\n%s\nwhole file:\n%s", n, i+1, gv, wv)
			}
		}
	}
}

func verdictJSON(t *testing.T, r ingest.Result) string {
	t.Helper()
	if r.Verdict == nil {
		return ""
	}
	b, err := json.Marshal(r.Verdict)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
