package api_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/scoophq/scoop/api"
	"github.com/scoophq/scoop/internal/stats"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// groupJSON is one block of the positions and holdings answers.
type groupJSON struct {
	Position string     `json:"position"`
	Game     string     `json:"game"`
	Group    string     `json:"group"`
	Label    string     `json:"label"`
	Hands    int64      `json:"hands"`
	Net      *moneyJSON `json:"net"`
	VPIP     shareJSON  `json:"vpip"`
	Ledgers  []struct {
		Key   string    `json:"key"`
		Hands int64     `json:"hands"`
		Net   moneyJSON `json:"net"`
	} `json:"ledgers"`
}

// TestPlayerStatsByPositionAndHolding: GET /v1/players/{name}/stats/positions
// and /stats/holdings give the S1-S5 block per seat and per starting-hand
// group, each per ledger, equal to the facts summed by hand; they take
// every filter, and bad ones are 400s naming them.
func TestPlayerStatsByPositionAndHolding(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newClient(t, st, api.Config{})
		recs, _ := storetest.LedgerRecords(t)
		if _, err := st.SaveHands(context.Background(), recs); err != nil {
			t.Fatal(err)
		}
		facts := storetest.FactsOfRecords(t, recs)
		for _, name := range []string{"p1", "p2", "p3"} {
			bySeat := map[string]*stats.ByLedger{}
			byGroup := map[string]*stats.ByLedger{}
			for _, hf := range facts[name] {
				if bySeat[hf.Facts.Seat] == nil {
					bySeat[hf.Facts.Seat] = &stats.ByLedger{}
				}
				bySeat[hf.Facts.Seat].Add(hf.Hand, hf.Facts)
				g := hf.Hand.Game + " " + hf.Facts.Group
				if byGroup[g] == nil {
					byGroup[g] = &stats.ByLedger{}
				}
				byGroup[g].Add(hf.Hand, hf.Facts)
			}
			var pos struct {
				Player    string      `json:"player"`
				Positions []groupJSON `json:"positions"`
			}
			res := c.get("/v1/players/" + name + "/stats/positions")
			res.decode(t, &pos)
			if res.status != http.StatusOK || pos.Player != name || len(pos.Positions) != len(bySeat) {
				t.Fatalf("%s positions: %d %s; want %d seats", name, res.status, res.body, len(bySeat))
			}
			last := -1
			for _, p := range pos.Positions {
				checkBlock(t, name+" "+p.Position, p, bySeat[p.Position])
				i := indexOf(stats.Seats, p.Position)
				if i <= last {
					t.Errorf("%s: %s out of order (UTG first, BB last): %s", name, p.Position, res.body)
				}
				last = i
			}
			var hold struct {
				Holdings []groupJSON `json:"holdings"`
			}
			res = c.get("/v1/players/" + name + "/stats/holdings")
			res.decode(t, &hold)
			if res.status != http.StatusOK || len(hold.Holdings) != len(byGroup) {
				t.Fatalf("%s holdings: %d %s; want %d groups", name, res.status, res.body, len(byGroup))
			}
			for _, h := range hold.Holdings {
				if h.Label != stats.HoldingLabels[h.Group] || h.Label == "" {
					t.Errorf("%s %s: label %q", name, h.Group, h.Label)
				}
				checkBlock(t, name+" "+h.Game+" "+h.Group, h, byGroup[h.Game+" "+h.Group])
			}
		}
		// p1 holds AsAhKsKh in the PLO hands: double-suited, in three
		// ledgers, so no amount at the top, one per ledger.
		var hold struct {
			Holdings []groupJSON `json:"holdings"`
		}
		res := c.get("/v1/players/p1/stats/holdings?game=omaha-hi")
		res.decode(t, &hold)
		if res.status != http.StatusOK || len(hold.Holdings) != 1 || hold.Holdings[0].Group != "double-suited" ||
			hold.Holdings[0].Net != nil || len(hold.Holdings[0].Ledgers) != 3 {
			t.Errorf("p1 omaha-hi holdings: %d %s", res.status, res.body)
		}
		// Every filter applies: one seat, cash only.
		var pos struct {
			Positions []groupJSON `json:"positions"`
		}
		seat := facts["p1"][0].Facts.Seat
		res = c.get("/v1/players/p1/stats/positions?kind=cash&position=" + strings.ToLower(seat))
		res.decode(t, &pos)
		if res.status != http.StatusOK || len(pos.Positions) != 1 || pos.Positions[0].Position != seat {
			t.Errorf("p1 positions at %s in cash: %d %s", seat, res.status, res.body)
		}
		for _, tc := range []struct{ query, field string }{
			{"position=DEALER", "position"},
			{"freeroll=maybe", "freeroll"},
			{"holding=ZZ", "holding"},
			{"street=flop", "street"},
		} {
			for _, path := range []string{"positions", "holdings"} {
				res := c.get("/v1/players/p1/stats/" + path + "?" + tc.query)
				if res.status != http.StatusBadRequest || !strings.Contains(string(res.body), tc.field) {
					t.Errorf("%s?%s: %d %s; want 400 naming %s", path, tc.query, res.status, res.body, tc.field)
				}
			}
		}
	})
}

// checkBlock compares a group's block with the facts summed by hand.
func checkBlock(t *testing.T, what string, got groupJSON, want *stats.ByLedger) {
	t.Helper()
	if want == nil {
		t.Errorf("%s: a group with no hand of the player's", what)
		return
	}
	ws := want.Totals()
	all := stats.Sum(ws)
	if got.Hands != all.Hands || got.VPIP.Count != all.VPIP || len(got.Ledgers) != len(ws) || (got.Net != nil) != (len(ws) == 1) {
		t.Errorf("%s: %+v; want %d hands, vpip %d, %d ledgers", what, got, all.Hands, all.VPIP, len(ws))
		return
	}
	for i, w := range ws {
		l := got.Ledgers[i]
		if l.Key != w.Ledger.Key() || l.Hands != w.Hands || l.Net.Chips != float64(w.Net) {
			t.Errorf("%s ledger %d: %+v; want %s, %d hands, net %d", what, i, l, w.Ledger.Key(), w.Hands, w.Net)
		}
	}
}

func indexOf(xs []string, x string) int {
	for i, v := range xs {
		if v == x {
			return i
		}
	}
	return -1
}

// TestFreerollFilterAndCount: the freeroll filter (A9, issue 26) on the
// statistics and the listing, and the freerolls count in the statistics.
func TestFreerollFilterAndCount(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newClient(t, st, api.Config{})
		if _, err := st.SaveHands(context.Background(), storetest.FreerollRecords(t)); err != nil {
			t.Fatal(err)
		}
		var s struct {
			Hands     int64 `json:"hands"`
			Freerolls struct {
				Hands   int64     `json:"hands"`
				Scooped shareJSON `json:"scooped"`
			} `json:"freerolls"`
		}
		res := c.get("/v1/players/p1/stats")
		res.decode(t, &s)
		if res.status != http.StatusOK || s.Hands != 3 || s.Freerolls.Hands != 2 || s.Freerolls.Scooped.Opportunities != 2 {
			t.Errorf("p1: %d %s; want 3 hands, 2 freerolls", res.status, res.body)
		}
		res = c.get("/v1/players/p1/stats?freeroll=true")
		res.decode(t, &s)
		if res.status != http.StatusOK || s.Hands != 2 || s.Freerolls.Hands != 2 {
			t.Errorf("p1 freeroll=true: %d %s", res.status, res.body)
		}
		var page struct {
			Hands []struct {
				ID string `json:"id"`
			} `json:"hands"`
		}
		res = c.get("/v1/hands?player=p1&freeroll=false")
		res.decode(t, &page)
		if res.status != http.StatusOK || len(page.Hands) != 1 {
			t.Errorf("hands of p1 without a freeroll: %d %s; want one", res.status, res.body)
		}
		res = c.get("/v1/hands?freeroll=true")
		if res.status != http.StatusBadRequest || !strings.Contains(string(res.body), "freeroll") {
			t.Errorf("freeroll without a player: %d %s; want 400 naming freeroll", res.status, res.body)
		}
	})
}
