package api

import (
	"net/http"
	"net/url"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/stats"
	"github.com/scoophq/scoop/internal/store"
)

// A player's sessions, and a hand's tags and note (issue 24). (Sign-in
// sessions are sessions.go's.)

// playerSession is one session of GET /v1/players/{name}/sessions: its
// site, times and tables, then its statistics block (amounts per ledger).
type playerSession struct {
	Site       string    `json:"site"`
	Start      time.Time `json:"start"`
	End        time.Time `json:"end"`
	Tables     []string  `json:"tables"`
	TableCount int       `json:"table_count"`
	stats.Block
}

// PlayerSessions is the page GET /v1/players/{name}/sessions answers (and
// `scoop stats --by session --json` prints).
type PlayerSessions struct {
	Player   string          `json:"player"`
	Sessions []playerSession `json:"sessions"`
	Untimed  int64           `json:"untimed_hands"`
	Next     *string         `json:"next_cursor"`
}

// getPlayerSessions answers GET /v1/players/{name}/sessions.
func (s *Server) getPlayerSessions(w http.ResponseWriter, r *http.Request) {
	name, f, q, ok := s.playerQuery(w, r)
	if !ok {
		return
	}
	query := store.SessionsQuery{Player: name, Filter: f, Cursor: q.Get("cursor")}
	var err error
	if query.Limit, err = limitParam(q); err != nil {
		s.writeProblem(w, r, err)
		return
	}
	page, err := s.cfg.Store.PlayerSessions(r.Context(), query)
	if err != nil {
		s.writeProblem(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, NewPlayerSessions(name, page))
}

// playerQuery reads a player endpoint's path name and filters; on an
// error it writes the problem and returns false.
func (s *Server) playerQuery(w http.ResponseWriter, r *http.Request) (string, stats.Filter, url.Values, bool) {
	name, err := playerName(r)
	if err != nil {
		s.writeProblem(w, r, err)
		return "", stats.Filter{}, nil, false
	}
	q := r.URL.Query()
	f, err := playerFilter(q)
	if err != nil {
		s.writeProblem(w, r, err)
		return "", stats.Filter{}, nil, false
	}
	return name, f, q, true
}

// NewPlayerSessions is the JSON of a page of name's sessions: each
// session's statistics block made from its totals per ledger.
func NewPlayerSessions(name string, page store.SessionsPage) PlayerSessions {
	out := PlayerSessions{Player: name, Sessions: make([]playerSession, len(page.Sessions)), Untimed: page.Untimed}
	for i, x := range page.Sessions {
		out.Sessions[i] = playerSession{Site: x.Site, Start: x.Start, End: x.End, Tables: x.Tables, TableCount: x.TableCount, Block: stats.NewBlock(x.Ledgers)}
	}
	if page.Next != "" {
		out.Next = &page.Next
	}
	return out
}

// putHandTags answers PUT /v1/hands/{id}/tags: the hand's tags replaced
// by the body's set ({"tags": [...]}), answered as stored.
func (s *Server) putHandTags(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Tags *[]string `json:"tags"`
	}
	if err := decodeJSON(takeBody(r), &body); err != nil {
		s.writeProblem(w, r, err)
		return
	}
	if body.Tags == nil {
		s.writeProblem(w, r, fault.Field(fault.Invalid, "tags", "the body needs tags: a list of at most 20 tags"))
		return
	}
	set, err := s.cfg.Store.SetTags(r.Context(), chi.URLParam(r, "id"), *body.Tags)
	if err != nil {
		s.writeProblem(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, struct {
		Tags []string `json:"tags"`
	}{set})
}

// putHandNote answers PUT /v1/hands/{id}/note: the hand's note replaced
// by the body's ({"note": "..."}; empty deletes it), answered as stored.
func (s *Server) putHandNote(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Note *string `json:"note"`
	}
	if err := decodeJSON(takeBody(r), &body); err != nil {
		s.writeProblem(w, r, err)
		return
	}
	if body.Note == nil {
		s.writeProblem(w, r, fault.Field(fault.Invalid, "note", "the body needs note: a text of at most 4000 bytes (empty deletes the note)"))
		return
	}
	note, err := s.cfg.Store.SetNote(r.Context(), chi.URLParam(r, "id"), *body.Note)
	if err != nil {
		s.writeProblem(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, struct {
		Note string `json:"note"`
	}{note})
}
