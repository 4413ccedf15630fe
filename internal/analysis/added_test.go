package analysis

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/handhistory"
)

// readSiteHand reads the one hand of a corpus file under sitesDir.
func readSiteHand(t *testing.T, name string) *handhistory.Hand {
	t.Helper()
	data, err := os.ReadFile(siteFile(name))
	if err != nil {
		t.Fatal(err)
	}
	format, err := handhistory.Detect(name, data)
	if err != nil {
		t.Fatal(err)
	}
	es, err := handhistory.Read(format, data)
	if err != nil || len(es) != 1 || es[0].Hand == nil {
		t.Fatalf("Read = %+v, %v", es, err)
	}
	return es[0].Hand
}

// TestAddedToPotInReplayAndAnalysis: the money a site adds to the pot
// (Hand.AddedToPot) is in the pot for the pot-limit maximum (R7), in the
// main pot at the settlement (R12) and in the analysis' pots.
func TestAddedToPotInReplayAndAnalysis(t *testing.T) {
	t.Parallel()
	const stp = "ggpoker/fpdb3__cash__GGPoker__Flop__PLO-6max-USD-0.01-0.02-202104.STP.txt"
	t.Run("GGPoker cash drop makes the raise to 41 the pot-limit maximum", func(t *testing.T) {
		t.Parallel()
		h := readSiteHand(t, stp)
		if h.AddedToPot != 20 {
			t.Fatalf("added to pot %d, want 20 (\"Cash Drop to Pot : total $0.2\")", h.AddedToPot)
		}
		v := Replay(h)
		if !v.Legal || v.MatchesRecord == nil || !*v.MatchesRecord || len(v.Pots) != 1 || v.Pots[0].Amount != 281 || v.Pots[0].Rake != 8 || v.Payouts[5] != 273 {
			t.Fatalf("verdict legal %v matches %v pots %+v payouts %v differences %+v; want one pot of 281 (20 added), rake 8, 273 won",
				v.Legal, v.MatchesRecord, v.Pots, v.Payouts, v.Differences)
		}
		// Without the site's money the same raise is over the pot limit:
		// the field is what makes the hand legal.
		h.AddedToPot = 0
		if v := Replay(h); v.Legal || v.Error == nil || !strings.Contains(v.Error.Message, "raise to $0.41 exceeds the pot-limit maximum $0.21") ||
			v.Error.Amount != 41 || v.Error.AllowedChips == nil || v.Error.AllowedChips.MaxTo != 21 {
			t.Fatalf("without the cash drop: legal %v, error %+v; want the raise to 41 over the maximum 21", v.Legal, v.Error)
		}
	})
	t.Run("the analysis counts the cash drop in every pot", func(t *testing.T) {
		t.Parallel()
		h := readSiteHand(t, stp)
		a, err := AnalyzeWith(context.Background(), h, Options{Trials: 1000})
		if err != nil {
			t.Fatal(err)
		}
		if len(a.Streets) == 0 || a.Streets[0].Pot != 23 {
			t.Fatalf("streets %+v; want the preflop pot 1 + 2 + 20 added = 23", a.Streets)
		}
		if a.AllIn == nil || len(a.AllIn.Pots) != 1 || a.AllIn.Pots[0].Amount+a.AllIn.Pots[0].Rake != 281 {
			t.Fatalf("all-in %+v; want one pot of 281 with the 20 added", a.AllIn)
		}
	})
}
