package api

import (
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/scoophq/scoop/internal/account"
	"github.com/scoophq/scoop/internal/auth"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/store"
)

// Share links. POST /v1/hands/{id}/share makes a read-only link to one
// hand of the caller's account, /s/<token>: the token is 256 random bits
// (auth.NewToken), shown once, of which the store keeps the hash. Anyone
// holding the link reads that hand and its analysis through GET
// /v1/shared/{token} and /v1/shared/{token}/analysis, without a key, and
// nothing else of the account: those two routes act for the link's
// account on the link's hand alone (they are the hand routes' handlers,
// given the link's hand id), and the page they feed links to no player
// page. Links may expire, are listed per account (GET /v1/shares) and
// revoked by their account (DELETE /v1/shares/{id}).

// SharePath is where a share link's page is served: SharePath + token.
const SharePath = "/s/"

// Bounds of a share link's expires_in, in seconds.
const (
	minShareSeconds = 60
	maxShareSeconds = 366 * 24 * 3600
)

// shareJSON is a share link as the API shows it (schema ShareLink); Token
// and URL only when it is made.
type shareJSON struct {
	ID        string     `json:"id"`
	HandID    string     `json:"hand_id"`
	URL       string     `json:"url,omitempty"`
	Token     string     `json:"token,omitempty"`
	CreatedAt time.Time  `json:"created_at"`
	ExpiresAt *time.Time `json:"expires_at"`
	RevokedAt *time.Time `json:"revoked_at"`
	Live      bool       `json:"live"`
}

func viewShare(sh store.Share, now time.Time) shareJSON {
	utc := func(t *time.Time) *time.Time {
		if t == nil {
			return nil
		}
		u := t.UTC()
		return &u
	}
	return shareJSON{ID: sh.ID, HandID: sh.HandID, CreatedAt: sh.CreatedAt.UTC(), ExpiresAt: utc(sh.ExpiresAt), RevokedAt: utc(sh.RevokedAt), Live: sh.Live(now)}
}

// postShare is POST /v1/hands/{id}/share[?expires_in=seconds].
func (s *Server) postShare(w http.ResponseWriter, r *http.Request) {
	sh := store.Share{HandID: chi.URLParam(r, "id")}
	if v := r.URL.Query().Get("expires_in"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < minShareSeconds || n > maxShareSeconds {
			s.writeProblem(w, r, fault.Field(fault.Invalid, "expires_in", "want whole seconds from %d to %d, got %q", minShareSeconds, maxShareSeconds, clipParam(v)))
			return
		}
		t := s.sessions.now().Add(time.Duration(n) * time.Second)
		sh.ExpiresAt = &t
	}
	token, hash := auth.NewToken()
	sh.Hash = hash
	made, err := s.cfg.Store.CreateShare(r.Context(), sh)
	if err != nil {
		s.writeProblem(w, r, err)
		return
	}
	out := viewShare(made, s.sessions.now())
	out.Token, out.URL = token, SharePath+token
	w.Header().Set("Location", out.URL)
	s.writeJSON(w, r, http.StatusCreated, out)
}

// listShares is GET /v1/shares.
func (s *Server) listShares(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	limit := 0
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > store.MaxLimit {
			s.writeProblem(w, r, fault.Field(fault.Invalid, "limit", "want 1 to %d, got %q", store.MaxLimit, clipParam(v)))
			return
		}
		limit = n
	}
	page, err := s.cfg.Store.Shares(r.Context(), store.SharesQuery{Limit: limit, Cursor: q.Get("cursor")})
	if err != nil {
		s.writeProblem(w, r, err)
		return
	}
	out := struct {
		Shares []shareJSON `json:"shares"`
		Next   *string     `json:"next_cursor"`
	}{Shares: make([]shareJSON, len(page.Shares))}
	now := s.sessions.now()
	for i, sh := range page.Shares {
		out.Shares[i] = viewShare(sh, now)
	}
	if page.NextCursor != "" {
		out.Next = &page.NextCursor
	}
	s.writeJSON(w, r, http.StatusOK, out)
}

// deleteShare is DELETE /v1/shares/{id}.
func (s *Server) deleteShare(w http.ResponseWriter, r *http.Request) {
	if err := s.cfg.Store.RevokeShare(r.Context(), chi.URLParam(r, "id")); err != nil {
		s.writeProblem(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// errNoShare is the one answer to a token that opens nothing: unknown,
// malformed, expired or revoked alike.
var errNoShare = fault.New(fault.NotFound, "no such share link (it may have expired or been revoked)")

// shared serves one of the hand routes' handlers for the hand a share
// link opens, acting for the link's account: the request's own caller
// (any key or session) is replaced, so the link shows the same to anyone.
func (s *Server) shared(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		token := chi.URLParam(r, "token")
		var sh store.Share
		var err error = errNoShare
		if auth.ValidToken(token) {
			var serr error
			sh, serr = s.cfg.Store.ShareByHash(r.Context(), auth.TokenHash(token))
			switch {
			case serr == nil && sh.Live(s.sessions.now()):
				err = nil
			case serr != nil && fault.KindOf(serr) != fault.NotFound:
				err = serr
			}
		}
		if err != nil {
			if fault.KindOf(err) == fault.NotFound {
				s.metrics.shares.WithLabelValues("not_found").Inc()
			}
			s.writeProblem(w, r, err)
			return
		}
		s.metrics.shares.WithLabelValues("ok").Inc()
		ctx := account.With(r.Context(), sh.AccountID)
		ctx = withCaller(ctx, caller{Account: sh.AccountID, Scopes: auth.Read})
		if rc := chi.RouteContext(ctx); rc != nil {
			rc.URLParams.Add("id", sh.HandID)
		}
		h(w, r.WithContext(ctx))
	}
}
