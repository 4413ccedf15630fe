package api

import (
	"net/http"

	"github.com/scoophq/scoop/internal/stats"
	"github.com/scoophq/scoop/internal/store"
)

// The player's statistics by group (issue 24): GET
// /v1/players/{name}/stats/positions and /stats/holdings, the S1-S5 block
// of getPlayerStats per seat and per starting-hand group, each per ledger,
// over the same filters.

// getPlayerPositions answers GET /v1/players/{name}/stats/positions.
func (s *Server) getPlayerPositions(w http.ResponseWriter, r *http.Request) {
	name, rows, ok := s.playerGroups(w, r, store.ByPosition)
	if ok {
		s.writeJSON(w, r, http.StatusOK, stats.NewPositionsReport(name, rows))
	}
}

// getPlayerHoldings answers GET /v1/players/{name}/stats/holdings.
func (s *Server) getPlayerHoldings(w http.ResponseWriter, r *http.Request) {
	name, rows, ok := s.playerGroups(w, r, store.ByHolding)
	if ok {
		s.writeJSON(w, r, http.StatusOK, stats.NewHoldingsReport(name, rows))
	}
}

// playerGroups reads the player and the filters and returns his totals by
// group; on an error it writes the problem and returns false.
func (s *Server) playerGroups(w http.ResponseWriter, r *http.Request, by string) (string, []stats.GroupTotals, bool) {
	name, err := playerName(r)
	if err != nil {
		s.writeProblem(w, r, err)
		return "", nil, false
	}
	f, err := playerFilter(r.URL.Query())
	if err != nil {
		s.writeProblem(w, r, err)
		return "", nil, false
	}
	rows, err := s.cfg.Store.PlayerGroups(r.Context(), name, f, by)
	if err != nil {
		s.writeProblem(w, r, err)
		return "", nil, false
	}
	return name, rows, true
}
