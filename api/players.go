package api

import (
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/filter"
	"github.com/scoophq/scoop/internal/stats"
	"github.com/scoophq/scoop/internal/store"
)

// The player endpoints (ANALYSIS.md S1-S6): GET /v1/players/{name}/stats,
// GET /v1/players/{name}/results and GET /v1/players. A player nobody
// stored is a search with no result (zero hands), never a 404.

// resultPoint is one point of GET /v1/players/{name}/results.
type resultPoint struct {
	HandID                string     `json:"hand_id"`
	Time                  *time.Time `json:"time"`
	Hands                 int64      `json:"hands"`
	Net                   int64      `json:"net"`
	CumulativeNet         int64      `json:"cumulative_net"`
	CumulativeAdjustedNet float64    `json:"cumulative_adjusted_net"`
	// Ledger is the point's ledger key: each ledger's series is summed on
	// its own, cash first.
	Ledger                   string `json:"ledger"`
	CumulativeShowdownNet    int64  `json:"cumulative_showdown_net"`
	CumulativeNonShowdownNet int64  `json:"cumulative_non_showdown_net"`
}

// resultsPage is the answer to GET /v1/players/{name}/results.
type resultsPage struct {
	Player string        `json:"player"`
	Every  int           `json:"every"`
	Points []resultPoint `json:"points"`
	Next   *string       `json:"next_cursor"`
}

// playerCount is one player of GET /v1/players.
type playerCount struct {
	Name  string `json:"name"`
	Hands int64  `json:"hands"`
}

// playerName returns the {name} path parameter, decoded.
func playerName(r *http.Request) (string, error) {
	name := chi.URLParam(r, "name")
	if r.URL.RawPath != "" { // chi routed on the escaped path
		n, err := url.PathUnescape(name)
		if err != nil {
			return "", fault.Field(fault.Invalid, "name", "malformed player name")
		}
		name = n
	}
	return name, nil
}

// playerFilter reads the hand filters from the query (package filter:
// game, structure, site, kind, currency, ledger, stakes, from, to). A bad
// value is an Invalid error naming its parameter.
func playerFilter(q url.Values) (stats.Filter, error) { return filter.Parse(q) }

// getPlayerStats answers GET /v1/players/{name}/stats: the player's
// statistics (stats.Report) over his stored legal hands passing the
// filters, over all of them and per ledger (amounts of money only per
// ledger when they span several).
func (s *Server) getPlayerStats(w http.ResponseWriter, r *http.Request) {
	name, err := playerName(r)
	if err != nil {
		s.writeProblem(w, r, err)
		return
	}
	f, err := playerFilter(r.URL.Query())
	if err != nil {
		s.writeProblem(w, r, err)
		return
	}
	all, err := s.cfg.Store.PlayerStats(r.Context(), name, f)
	if err != nil {
		s.writeProblem(w, r, err)
		return
	}
	ledgers, err := s.cfg.Store.PlayerLedgers(r.Context(), name, f)
	if err != nil {
		s.writeProblem(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, stats.NewReportOf(name, all, ledgers))
}

// getPlayerResults answers GET /v1/players/{name}/results: a page of the
// player's results series (S6), optionally bucketed by every hands.
func (s *Server) getPlayerResults(w http.ResponseWriter, r *http.Request) {
	name, f, q, ok := s.playerQuery(w, r)
	if !ok {
		return
	}
	var err error
	query := store.ResultsQuery{Player: name, Filter: f, Cursor: q.Get("cursor")}
	if v := q.Get("every"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > store.MaxEvery {
			s.writeProblem(w, r, fault.Field(fault.Invalid, "every", "want 1 to %d hands, got %q", store.MaxEvery, v))
			return
		}
		query.Every = n
	}
	if query.Limit, err = limitParam(q); err != nil {
		s.writeProblem(w, r, err)
		return
	}
	page, err := s.cfg.Store.PlayerResults(r.Context(), query)
	if err != nil {
		s.writeProblem(w, r, err)
		return
	}
	out := resultsPage{Player: name, Every: max(query.Every, 1), Points: make([]resultPoint, len(page.Points))}
	for i, p := range page.Points {
		out.Points[i] = resultPoint{HandID: p.HandID, Time: p.Time, Hands: p.Hands, Net: p.Net,
			CumulativeNet: p.CumulativeNet, CumulativeAdjustedNet: p.CumulativeAdjustedNet, Ledger: p.Ledger,
			CumulativeShowdownNet: p.CumulativeShowdownNet, CumulativeNonShowdownNet: p.CumulativeNet - p.CumulativeShowdownNet}
	}
	if page.Next != "" {
		out.Next = &page.Next
	}
	s.writeJSON(w, r, http.StatusOK, out)
}

// listPlayers answers GET /v1/players: player names starting with prefix,
// by name, with the number of stored hands each was dealt.
func (s *Server) listPlayers(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	limit, err := limitParam(q)
	if err != nil {
		s.writeProblem(w, r, err)
		return
	}
	page, err := s.cfg.Store.Players(r.Context(), store.PlayersQuery{Prefix: q.Get("prefix"), Limit: limit, Cursor: q.Get("cursor")})
	if err != nil {
		s.writeProblem(w, r, err)
		return
	}
	out := struct {
		Players []playerCount `json:"players"`
		Next    *string       `json:"next_cursor"`
	}{Players: make([]playerCount, len(page.Players))}
	for i, p := range page.Players {
		out.Players[i] = playerCount{Name: p.Name, Hands: p.Hands}
	}
	if page.Next != "" {
		out.Next = &page.Next
	}
	s.writeJSON(w, r, http.StatusOK, out)
}

// limitParam reads the limit query parameter (1 to store.MaxLimit; 0 when
// absent).
func limitParam(q url.Values) (int, error) {
	v := q.Get("limit")
	if v == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > store.MaxLimit {
		return 0, fault.Field(fault.Invalid, "limit", "want 1 to %d, got %q", store.MaxLimit, v)
	}
	return n, nil
}
