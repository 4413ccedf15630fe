package api

import (
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/filter"
	"github.com/scoophq/scoop/internal/stats"
	"github.com/scoophq/scoop/internal/store"
)

// handRow is one hand of GET /v1/hands: its summary and what a tracker's
// hand list shows of it (store.HandRow).
type handRow struct {
	handSummary
	PlayedAt  *time.Time `json:"played_at"`
	Structure string     `json:"structure"`
	Stakes    stakes     `json:"stakes"`
	Board     string     `json:"board"`
	Pot       int64      `json:"pot"`
	PotAmount *string    `json:"pot_amount"`
	Ended     *string    `json:"ended"`
	Player    *rowPlayer `json:"player"`
}

// stakes are a hand's big blind and what it is played for.
type stakes struct {
	BigBlind int64   `json:"big_blind"`
	Amount   *string `json:"amount"` // the big blind in the currency, cash only
	Kind     string  `json:"kind"`
	Currency string  `json:"currency,omitempty"`
	ChipUnit string  `json:"chip_unit,omitempty"`
}

// rowPlayer is the named player's part in a listed hand.
type rowPlayer struct {
	Name      string  `json:"name"`
	Position  *string `json:"position"`
	Hole      *string `json:"hole"`
	Net       *int64  `json:"net"`
	NetAmount *string `json:"net_amount"`
}

// listHands answers GET /v1/hands: a page of the stored hands, newest
// stored first, filtered by the hand filters (package filter), each with
// its row.
func (s *Server) listHands(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	query, err := handQuery(q)
	if err != nil {
		s.writeProblem(w, r, err)
		return
	}
	query.Cursor = q.Get("cursor")
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > store.MaxLimit {
			s.writeProblem(w, r, fault.Field(fault.Invalid, "limit", "want 1 to %d, got %q", store.MaxLimit, v))
			return
		}
		query.Limit = n
	}
	page, err := s.cfg.Store.Hands(r.Context(), query)
	if err != nil {
		s.writeProblem(w, r, err)
		return
	}
	out := struct {
		Hands []handRow `json:"hands"`
		Next  *string   `json:"next_cursor"`
	}{Hands: make([]handRow, len(page.Hands))}
	for i, h := range page.Hands {
		out.Hands[i] = newHandRow(h)
	}
	if page.Next != "" {
		out.Next = &page.Next
	}
	s.writeJSON(w, r, http.StatusOK, out)
}

// handQuery reads the hand filters of q (package filter) into a store
// query: the player, game and legal filters its own fields, the others
// its Filter. Bad filters are Invalid errors naming the parameter.
func handQuery(q url.Values) (store.Query, error) {
	f, err := filter.Parse(q)
	if err == nil {
		err = filter.NeedPlayer(f, f.Player)
	}
	if err != nil {
		return store.Query{}, err
	}
	return store.QueryOf(f), nil
}

// newHandRow is h's row for the listing.
func newHandRow(h store.Hand) handRow {
	out := handRow{handSummary: summary(h)}
	row := h.Row
	if row == nil {
		row = &store.HandRow{}
	}
	amount := func(chips int64) *string {
		if row.Kind != stats.Cash || row.Currency == "" {
			return nil
		}
		if a, ok := stats.Decimal(float64(chips), row.ChipUnit); ok {
			return &a
		}
		return nil
	}
	opt := func(s string) *string {
		if s == "" {
			return nil
		}
		return &s
	}
	out.PlayedAt, out.Structure, out.Board, out.Pot, out.Ended = row.PlayedAt, row.Structure, row.Board, row.Pot, opt(row.Ended)
	out.Stakes = stakes{BigBlind: row.BigBlind, Amount: amount(row.BigBlind), Kind: row.Kind, Currency: row.Currency, ChipUnit: row.ChipUnit}
	if row.Ended != "" {
		out.PotAmount = amount(row.Pot)
	}
	if p := row.Player; p != nil {
		out.Player = &rowPlayer{Name: p.Name, Position: opt(p.Position), Hole: opt(p.Hole), Net: p.Net}
		if p.Net != nil {
			out.Player.NetAmount = amount(*p.Net)
		}
	}
	return out
}
