package api_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/scoophq/scoop/api"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// TestListHands_Filters: GET /v1/hands takes the filters of the player
// statistics (one parser), the player's own only with player; its rows
// carry time played, stakes, board, pot, how the hand ended and the named
// player's part.
func TestListHands_Filters(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newClient(t, st, api.Config{})
		recs, _ := storetest.LedgerRecords(t)
		if _, err := st.SaveHands(context.Background(), recs); err != nil {
			t.Fatal(err)
		}
		type rowJSON struct {
			ID       string  `json:"id"`
			PlayedAt *string `json:"played_at"`
			Board    string  `json:"board"`
			Pot      int64   `json:"pot"`
			Ended    *string `json:"ended"`
			Stakes   struct {
				BigBlind int64   `json:"big_blind"`
				Amount   *string `json:"amount"`
				Kind     string  `json:"kind"`
			} `json:"stakes"`
			Player *struct {
				Position  *string `json:"position"`
				Hole      *string `json:"hole"`
				Net       *int64  `json:"net"`
				NetAmount *string `json:"net_amount"`
			} `json:"player"`
		}
		var page struct {
			Hands []rowJSON `json:"hands"`
		}
		for _, tc := range []struct {
			query string
			hands int
		}{
			{"stakes=2", 5},
			{"kind=cash", 3},
			{"currency=EUR", 1},
			{"from=2026-01-02T00:00:00Z&to=2026-01-04T00:00:00Z", 2},
			{"site=pokerstars&structure=pot-limit", 3},
			{"player=p1&position=SB", 4},
			{"player=p1&holding=AA**", 3},
			{"player=p1&holding=A2**&kind=tournament", 1},
			{"player=p1&showdown=true&result=won", 2},
			{"player=p2&saw_flop=false", 2},
			{"player=p1&allin=true", 1},
			{"player=p1&legal=false", 0},
		} {
			page.Hands = nil
			res := c.get("/v1/hands?" + tc.query)
			res.decode(t, &page)
			if res.status != http.StatusOK || len(page.Hands) != tc.hands {
				t.Errorf("%s: %d, %d hands; want %d: %s", tc.query, res.status, len(page.Hands), tc.hands, res.body)
			}
		}
		res := c.get("/v1/hands?player=p1&kind=cash&result=won")
		res.decode(t, &page)
		if res.status != http.StatusOK || len(page.Hands) != 1 {
			t.Fatalf("p1's cash wins: %d %s", res.status, res.body)
		}
		// Hand 4 (hi/lo, checked down, in dollars; hand 3 is the
		// tournament's).
		h := page.Hands[0]
		if h.PlayedAt == nil || !strings.HasPrefix(*h.PlayedAt, "2026-01-04") || h.Board != "2c3d4hKcKs" || h.Pot != 6 || h.Ended == nil || *h.Ended != "showdown" ||
			h.Stakes.BigBlind != 2 || h.Stakes.Amount == nil || *h.Stakes.Amount != "0.02" || h.Stakes.Kind != "cash" ||
			h.Player == nil || h.Player.Position == nil || *h.Player.Position != "SB" || h.Player.Hole == nil || *h.Player.Hole != "KdKhQcQd" ||
			h.Player.Net == nil || *h.Player.Net != 1 || h.Player.NetAmount == nil || *h.Player.NetAmount != "0.01" {
			t.Errorf("row of hand 4: %s", res.body)
		}
		for _, tc := range []struct{ query, field string }{
			{"position=SB", "position"},
			{"holding=AA**", "holding"},
			{"player=p1&holding=AA**(", "holding"},
			{"player=p1&position=dealer", "position"},
			{"player=p1&result=tied", "result"},
			{"kind=poker", "kind"},
			{"stakes=0", "stakes"},
			{"from=yesterday", "from"},
			{"colour=red", "colour"},
		} {
			res := c.get("/v1/hands?" + tc.query)
			if res.status != http.StatusBadRequest || !strings.Contains(string(res.body), `"`+tc.field+`"`) {
				t.Errorf("%s: %d %s; want 400 naming %s", tc.query, res.status, res.body, tc.field)
			}
		}
		var s statsJSON
		res = c.get("/v1/players/p1/stats?holding=AA**&position=SB&showdown=false")
		res.decode(t, &s)
		if res.status != http.StatusOK || s.Hands != 3 {
			t.Errorf("p1 with aces in the small blind, no showdown: %d %s; want 3 hands", res.status, res.body)
		}
		res = c.get("/v1/players/p1/results?result=lost")
		if res.status != http.StatusOK || strings.Count(string(res.body), `"hand_id"`) != 2 {
			t.Errorf("p1's lost hands' series: %d %s; want 2 points", res.status, res.body)
		}
	})
}
