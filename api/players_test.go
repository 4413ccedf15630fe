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

type shareJSON struct {
	Value         *float64 `json:"value"`
	Count         int64    `json:"count"`
	Opportunities int64    `json:"opportunities"`
}

type moneyJSON struct {
	Chips    float64 `json:"chips"`
	Amount   string  `json:"amount"`
	Currency string  `json:"currency"`
}

type statsJSON struct {
	Player     string    `json:"player"`
	Hands      int64     `json:"hands"`
	Net        moneyJSON `json:"net"`
	VPIP       shareJSON `json:"vpip"`
	PFR        shareJSON `json:"pfr"`
	ThreeBet   shareJSON `json:"three_bet"`
	Quartered  shareJSON `json:"quartered"`
	AllInHands int64     `json:"allin_hands"`
}

// storeStatsHands stores the statistics tests' hands (storetest) in st.
func storeStatsHands(t *testing.T, st store.Store) map[string]int64 {
	t.Helper()
	recs, want := storetest.StatsRecords(t)
	if _, err := st.SaveHands(context.Background(), recs); err != nil {
		t.Fatal(err)
	}
	nets := map[string]int64{}
	for name, tot := range want {
		nets[name] = tot.Net
	}
	return nets
}

// TestPlayerStats: GET /v1/players/{name}/stats answers S1-S5 over the
// stored hands, filtered; an unknown player has zero hands; bad filters
// and unknown parameters are 400s naming them.
func TestPlayerStats(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newClient(t, st, api.Config{})
		nets := storeStatsHands(t, st)
		res := c.get("/v1/players/p1/stats")
		if res.status != http.StatusOK {
			t.Fatalf("status %d: %s", res.status, res.body)
		}
		var s statsJSON
		res.decode(t, &s)
		if s.Player != "p1" || s.Hands != 5 || s.VPIP.Count != 5 || s.VPIP.Opportunities != 5 || s.PFR.Count != 2 ||
			s.ThreeBet.Count != 1 || s.AllInHands != 1 || s.Net.Chips != float64(nets["p1"]) || s.Net.Currency != "USD" {
			t.Errorf("p1 stats %+v", s)
		}
		res = c.get("/v1/players/p2/stats?game=omaha-hilo&structure=fixed-limit&stakes=2&from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z&site=test")
		res.decode(t, &s)
		if res.status != http.StatusOK || s.Hands != 1 || s.Quartered.Count != 1 {
			t.Errorf("p2 filtered: %d %+v", res.status, s)
		}
		res = c.get("/v1/players/nobody%20here/stats")
		res.decode(t, &s)
		if res.status != http.StatusOK || s.Hands != 0 || s.Player != "nobody here" || s.VPIP.Value != nil {
			t.Errorf("unknown player: %d %+v", res.status, s)
		}
		for _, tc := range []struct{ query, field string }{
			{"stakes=abc", "stakes"},
			{"stakes=0", "stakes"},
			{"from=yesterday", "from"},
			{"to=2026-13-01T00:00:00Z", "to"},
			{"from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z", "to"},
			{"game=holdem", "game"},
			{"structure=spread-limit", "structure"},
			{"stake=2", "stake"},
			{"result=maybe", "result"},
			{"result=WON", "result"},
		} {
			res := c.get("/v1/players/p1/stats?" + tc.query)
			if p := res.problem(t); res.status != http.StatusBadRequest || p.Field != tc.field {
				t.Errorf("%s: %d field %q (%s); want 400 naming %s", tc.query, res.status, p.Field, p.Detail, tc.field)
			}
		}
		// A word of the wrong length names the values, not a length.
		if p := c.get("/v1/players/p1/stats?result=maybe").problem(t); !strings.Contains(p.Detail, "won") || strings.Contains(p.Detail, "length") {
			t.Errorf("result=maybe: %q, want the allowed values named", p.Detail)
		}
	})
}

// TestS6_PlayerResultsSeries: GET /v1/players/{name}/results pages the S6 series
// oldest first and buckets it with every.
func TestS6_PlayerResultsSeries(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newClient(t, st, api.Config{})
		nets := storeStatsHands(t, st)
		type page struct {
			Every  int `json:"every"`
			Points []struct {
				HandID        string  `json:"hand_id"`
				Time          *string `json:"time"`
				Hands         int64   `json:"hands"`
				Net           int64   `json:"net"`
				CumulativeNet int64   `json:"cumulative_net"`
			} `json:"points"`
			Next *string `json:"next_cursor"`
		}
		var p page
		res := c.get("/v1/players/p1/results?limit=3")
		res.decode(t, &p)
		if res.status != http.StatusOK || len(p.Points) != 3 || p.Next == nil || p.Points[0].Time == nil || *p.Points[0].Time != "2026-01-01T12:00:00Z" {
			t.Fatalf("first page: %d %s", res.status, res.body)
		}
		var rest page
		res = c.get("/v1/players/p1/results?limit=3&cursor=" + *p.Next)
		res.decode(t, &rest)
		if res.status != http.StatusOK || len(rest.Points) != 2 || rest.Next != nil || rest.Points[1].CumulativeNet != nets["p1"] {
			t.Fatalf("second page: %d %s", res.status, res.body)
		}
		res = c.get("/v1/players/p1/results?every=2")
		res.decode(t, &p)
		if res.status != http.StatusOK || p.Every != 2 || len(p.Points) != 3 || p.Points[2].Hands != 1 || p.Points[2].CumulativeNet != nets["p1"] {
			t.Errorf("every 2: %d %s", res.status, res.body)
		}
		for _, tc := range []struct{ query, field string }{
			{"every=0", "every"},
			{"cursor=nope", "cursor"},
			{"limit=501", "limit"},
			{"page=2", "page"},
		} {
			res := c.get("/v1/players/p1/results?" + tc.query)
			if pr := res.problem(t); res.status != http.StatusBadRequest || pr.Field != tc.field {
				t.Errorf("%s: %d field %q; want 400 naming %s", tc.query, res.status, pr.Field, tc.field)
			}
		}
	})
}

// TestListPlayers: GET /v1/players lists names by prefix with their hand
// counts.
func TestListPlayers(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newClient(t, st, api.Config{})
		storeStatsHands(t, st)
		var out struct {
			Players []struct {
				Name  string `json:"name"`
				Hands int64  `json:"hands"`
			} `json:"players"`
			Next *string `json:"next_cursor"`
		}
		res := c.get("/v1/players?prefix=p&limit=3")
		res.decode(t, &out)
		if res.status != http.StatusOK || len(out.Players) != 3 || out.Players[0].Name != "p1" || out.Players[0].Hands != 5 || out.Players[2].Hands != 4 || out.Next == nil {
			t.Fatalf("players: %d %s", res.status, res.body)
		}
		res = c.get("/v1/players?prefix=p&limit=3&cursor=" + *out.Next)
		out.Next = nil
		res.decode(t, &out)
		if res.status != http.StatusOK || len(out.Players) != 1 || out.Players[0].Name != "p4" || out.Next != nil {
			t.Errorf("second page: %d %s; want p4 alone, no next", res.status, res.body)
		}
		if res := c.get("/v1/players?cursor=nope"); res.status != http.StatusBadRequest || res.problem(t).Field != "cursor" {
			t.Errorf("bad cursor: %d %s", res.status, res.body)
		}
		res = c.get("/v1/players?prefix=zz")
		res.decode(t, &out)
		if res.status != http.StatusOK || len(out.Players) != 0 {
			t.Errorf("no match: %d %s", res.status, res.body)
		}
		if res := c.get("/v1/players?name=p1"); res.status != http.StatusBadRequest || res.problem(t).Field != "name" {
			t.Errorf("unknown parameter: %d %s", res.status, res.body)
		}
	})
}

// TestPlayerStats_PerLedger: over hands of several ledgers the statistics
// carry no amount of money at the top, one block per ledger (cash first)
// with its own amounts; kind, currency and ledger filter them, and a
// single ledger gives the top-level amounts again.
func TestPlayerStats_PerLedger(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newClient(t, st, api.Config{})
		recs, want := storetest.LedgerRecords(t)
		if _, err := st.SaveHands(context.Background(), recs); err != nil {
			t.Fatal(err)
		}
		type ledgerJSON struct {
			Key    string     `json:"key"`
			Label  string     `json:"label"`
			Hands  int64      `json:"hands"`
			Net    *moneyJSON `json:"net"`
			Ledger struct {
				Kind, Currency, Tournament string
			} `json:"ledger"`
		}
		var s struct {
			Hands   int64        `json:"hands"`
			Net     *moneyJSON   `json:"net"`
			Luck    *moneyJSON   `json:"luck"`
			Ledger  *ledgerJSON  `json:"ledger"`
			Ledgers []ledgerJSON `json:"ledgers"`
		}
		res := c.get("/v1/players/p1/stats")
		res.decode(t, &s)
		w := want["p1"]
		if res.status != http.StatusOK || s.Hands != 5 || s.Net != nil || s.Luck != nil || s.Ledger != nil || len(s.Ledgers) != len(w) || len(w) != 3 {
			t.Fatalf("p1 over three ledgers: %d %s", res.status, res.body)
		}
		// By hand: EUR 0.01 chips, USD cents, tournament chips.
		for i, l := range s.Ledgers {
			wantAmount := ""
			if w[i].Ledger.Kind == "cash" {
				wantAmount, _ = decimal(w[i].Net)
			}
			if l.Key != w[i].Ledger.Key() || l.Hands != w[i].Hands || l.Net == nil || l.Net.Chips != float64(w[i].Net) || l.Net.Amount != wantAmount {
				t.Errorf("ledger %d: %+v net %+v; want %s, %d hands, net %d chips (%q)", i, l, l.Net, w[i].Ledger.Key(), w[i].Hands, w[i].Net, wantAmount)
			}
		}
		if s.Ledgers[0].Ledger.Currency != "EUR" || s.Ledgers[1].Ledger.Currency != "USD" || s.Ledgers[2].Ledger.Tournament != "99" {
			t.Errorf("ledgers out of order: %s", res.body)
		}
		for _, tc := range []struct {
			query   string
			hands   int64
			ledgers int
		}{
			{"kind=cash", 3, 2},
			{"kind=tournament", 2, 1},
			{"currency=usd", 2, 1},
			{"ledger=tournament%2Fpokerstars%2F99", 2, 1},
			{"kind=cash&currency=EUR&site=pokerstars", 1, 1},
		} {
			s.Net, s.Ledger, s.Ledgers = nil, nil, nil
			res := c.get("/v1/players/p1/stats?" + tc.query)
			res.decode(t, &s)
			if res.status != http.StatusOK || s.Hands != tc.hands || len(s.Ledgers) != tc.ledgers || (tc.ledgers == 1) != (s.Net != nil && s.Ledger != nil) {
				t.Errorf("%s: %d %s; want %d hands in %d ledgers", tc.query, res.status, res.body, tc.hands, tc.ledgers)
			}
		}
		for _, tc := range []struct{ query, field string }{
			{"kind=poker", "kind"},
			{"currency=dollars", "currency"},
			{"ledger=cash", "ledger"},
		} {
			res := c.get("/v1/players/p1/stats?" + tc.query)
			if res.status != http.StatusBadRequest || !strings.Contains(string(res.body), `"`+tc.field+`"`) {
				t.Errorf("%s: %d %s; want 400 naming %s", tc.query, res.status, res.body, tc.field)
			}
		}
		var series struct {
			Points []struct {
				Ledger        string `json:"ledger"`
				CumulativeNet int64  `json:"cumulative_net"`
			} `json:"points"`
		}
		res = c.get("/v1/players/p1/results?kind=cash")
		res.decode(t, &series)
		if res.status != http.StatusOK || len(series.Points) != 3 || series.Points[0].Ledger != "cash/EUR/0.01" || series.Points[2].Ledger != "cash/USD/0.01" ||
			series.Points[2].CumulativeNet != w[1].Net {
			t.Errorf("cash series: %d %s; want EUR then USD, ending at the USD net %d", res.status, res.body, w[1].Net)
		}
	})
}

// decimal is chips of 0.01 as a decimal string.
func decimal(chips int64) (string, bool) { return stats.Decimal(float64(chips), "0.01") }
