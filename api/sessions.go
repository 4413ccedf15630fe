package api

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/scoophq/scoop/internal/account"
	"github.com/scoophq/scoop/internal/auth"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/store"
)

// Browser sessions. POST /v1/sessions trades an API key for a session: a
// random token (auth.NewToken) in an HttpOnly, SameSite=Strict cookie
// (Secure over TLS), of which the store keeps only the hash. The pages'
// scripts never see the key nor the session's token; they read the
// session's anti-forgery token (auth.CSRFToken) from a second cookie
// and send it as X-CSRF-Token on every request that changes something, as
// withKey demands of a request authenticated by the cookie. A session
// stands for its key: every request reads the session with its key's and
// account's state, so revoking the key or the account ends it at once.
const (
	// SessionCookie holds the session's token (HttpOnly).
	SessionCookie = "scoop_session"
	// CSRFCookie holds the session's anti-forgery token, readable by the
	// pages' scripts, which send it back as CSRFHeader.
	CSRFCookie = "scoop_csrf"
	// CSRFHeader carries the anti-forgery token on a request that changes
	// something and is authenticated by the session cookie.
	CSRFHeader = "X-CSRF-Token"
	// SessionIdle ends a session unused this long.
	SessionIdle = 12 * time.Hour
	// SessionLifetime ends a session this long after sign-in, used or not.
	SessionLifetime = 7 * 24 * time.Hour
	// sessionTouchEvery is how often a session's last use is written, at
	// most (the idle limit is hours).
	sessionTouchEvery = time.Minute
)

// sessionAuth is the session side of the authenticator.
type sessionAuth struct {
	sessions store.Sessions
	touched  sync.Map // string(hash) -> time.Time of the last TouchSession
	now      func() time.Time
}

// check returns the live session of a cookie's token, or an
// Unauthenticated error saying why not; store failures pass through.
func (a *sessionAuth) check(ctx context.Context, token string) (store.Session, error) {
	if !auth.ValidToken(token) {
		return store.Session{}, fault.New(fault.Unauthenticated, "malformed session cookie: sign in again")
	}
	sn, err := a.sessions.SessionByHash(ctx, auth.TokenHash(token))
	if fault.KindOf(err) == fault.NotFound {
		return store.Session{}, fault.New(fault.Unauthenticated, "unknown session: sign in again")
	}
	if err != nil {
		return store.Session{}, err
	}
	if !sn.Live(a.now(), SessionIdle) {
		return store.Session{}, fault.New(fault.Unauthenticated, "the session has ended (signed out, expired, or its key revoked): sign in again")
	}
	return sn, nil
}

// touch records the session's use, at most once per sessionTouchEvery.
func (a *sessionAuth) touch(hash []byte, log func(error)) {
	now := a.now()
	if last, ok := a.touched.Load(string(hash)); ok && now.Sub(last.(time.Time)) < sessionTouchEvery {
		return
	}
	a.touched.Store(string(hash), now)
	go func() {
		if err := a.sessions.TouchSession(context.Background(), hash); err != nil {
			log(err)
		}
	}()
}

// sessionCookie returns the session token a request's cookie carries, ""
// for none.
func sessionCookie(r *http.Request) string {
	c, err := r.Cookie(SessionCookie)
	if err != nil {
		return ""
	}
	return c.Value
}

// unsafeMethod reports whether a method may change something.
func unsafeMethod(m string) bool {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return false
	}
	return true
}

// overTLS reports whether the client reached us over TLS: directly, or
// through a proxy that says so (it only makes the cookies Secure).
func overTLS(r *http.Request) bool {
	return r.TLS != nil || strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https")
}

// setSessionCookies sets (maxAge > 0) or clears (maxAge < 0) the two
// cookies of a session.
func setSessionCookies(w http.ResponseWriter, r *http.Request, token string, maxAge int) {
	csrf := ""
	if token != "" {
		csrf = auth.CSRFToken(token)
	}
	secure := overTLS(r)
	http.SetCookie(w, &http.Cookie{Name: SessionCookie, Value: token, Path: "/", MaxAge: maxAge,
		HttpOnly: true, Secure: secure, SameSite: http.SameSiteStrictMode})
	http.SetCookie(w, &http.Cookie{Name: CSRFCookie, Value: csrf, Path: "/", MaxAge: maxAge,
		Secure: secure, SameSite: http.SameSiteStrictMode})
}

// crossSite reports a request sent by another site's page: what a login
// forgery would be.
func crossSite(r *http.Request) bool {
	if r.Header.Get("Sec-Fetch-Site") == "cross-site" {
		return true
	}
	if o := r.Header.Get("Origin"); o != "" {
		u, err := url.Parse(o)
		return err != nil || u.Host != r.Host
	}
	return false
}

// sessionJSON is a session as the API shows it (schema Session).
type sessionJSON struct {
	Account     string    `json:"account"`
	KeyPrefix   string    `json:"key_prefix"`
	Scopes      []string  `json:"scopes"`
	CreatedAt   time.Time `json:"created_at"`
	ExpiresAt   time.Time `json:"expires_at"`
	IdleTimeout int       `json:"idle_timeout_seconds"`
	CSRFToken   string    `json:"csrf_token"`
}

func newSessionJSON(k store.APIKey, created, expires time.Time, token string) sessionJSON {
	scopes := strings.Split(k.Scopes, ",")
	return sessionJSON{Account: k.Account, KeyPrefix: k.Prefix, Scopes: scopes, CreatedAt: created.UTC(), ExpiresAt: expires.UTC(),
		IdleTimeout: int(SessionIdle / time.Second), CSRFToken: auth.CSRFToken(token)}
}

// localPath returns next when it is a path on this server ("/hands"),
// else "/": a sign-in form never sends the browser elsewhere.
func localPath(next string) string {
	if !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") || strings.HasPrefix(next, "/\\") || strings.ContainsAny(next, "\r\n") {
		return "/"
	}
	return next
}

// postSession is POST /v1/sessions: sign in with an API key, sent as a
// bearer token (withKey checked it) or, from the sign-in page's form, as
// the form field key (checked here, counted against the address's bad
// keys like a bearer token). A form is answered with a redirect (303) to
// its next page, or back to the sign-in page naming what went wrong; a
// bearer request with 201 and the session.
func (s *Server) postSession(w http.ResponseWriter, r *http.Request) {
	form := false
	var values url.Values
	if b := takeBody(r); b != nil {
		v, err := url.ParseQuery(string(b))
		if err != nil {
			s.writeProblem(w, r, fault.Field(fault.Invalid, "body", "the sign-in form does not parse: %v", err))
			return
		}
		form, values = true, v
	}
	next := localPath(values.Get("next"))
	fail := func(code string, err error) {
		if form {
			q := url.Values{"error": {code}, "next": {next}}
			http.Redirect(w, r, "/signin?"+q.Encode(), http.StatusSeeOther)
			return
		}
		s.writeProblem(w, r, err)
	}
	if crossSite(r) {
		fail("forbidden", fault.New(fault.Forbidden, "a sign-in sent by another site's page is refused"))
		return
	}
	c := callerOf(r.Context())
	var k store.APIKey
	switch {
	case form:
		token := strings.TrimSpace(values.Get("key"))
		if token == "" {
			fail("missing", fault.Field(fault.Invalid, "key", "the sign-in form needs an API key"))
			return
		}
		var err error
		if k, err = s.checkKey(w, r, token); err != nil {
			code := "refused"
			switch fault.KindOf(err) {
			case fault.Overloaded:
				code = "rate"
			case fault.Unavailable:
				code = "unavailable"
			}
			fail(code, err)
			return
		}
	case c.Prefix != "" && c.session == nil:
		var err error
		if k, err = s.auth.keys.KeyByPrefix(r.Context(), c.Prefix); err != nil {
			s.writeProblem(w, r, err)
			return
		}
	default:
		challenge(w, "", "")
		s.writeProblem(w, r, fault.New(fault.Unauthenticated, "signing in needs an API key: send Authorization: Bearer <key>, or the form field key"))
		return
	}
	token, hash := auth.NewToken()
	now := s.sessions.now()
	expires := now.Add(SessionLifetime)
	if err := s.cfg.Store.CreateSession(r.Context(), store.Session{Hash: hash, KeyPrefix: k.Prefix, ExpiresAt: expires}); err != nil {
		fail("unavailable", err)
		return
	}
	setSessionCookies(w, r, token, int(SessionLifetime/time.Second))
	s.log.InfoContext(r.Context(), "signed in", "request_id", requestID(r.Context()), "key", k.Prefix, "remote", r.RemoteAddr)
	if form {
		http.Redirect(w, r, next, http.StatusSeeOther)
		return
	}
	s.writeJSON(w, r, http.StatusCreated, newSessionJSON(k, now, expires, token))
}

// currentSession returns the request's session, or the Unauthenticated
// error of a request without one.
func currentSession(w http.ResponseWriter, r *http.Request) (*callerSession, error) {
	c := callerOf(r.Context())
	if c.session == nil {
		challenge(w, "", "")
		return nil, fault.New(fault.Unauthenticated, "not signed in: this operation is about the session of the %s cookie (POST /v1/sessions signs in)", SessionCookie)
	}
	return c.session, nil
}

// getSession is GET /v1/sessions/current.
func (s *Server) getSession(w http.ResponseWriter, r *http.Request) {
	cs, err := currentSession(w, r)
	if err != nil {
		s.writeProblem(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, newSessionJSON(cs.s.Key, cs.s.CreatedAt, cs.s.ExpiresAt, cs.token))
}

// deleteSession is DELETE /v1/sessions/current: sign out.
func (s *Server) deleteSession(w http.ResponseWriter, r *http.Request) {
	cs, err := currentSession(w, r)
	if err != nil {
		s.writeProblem(w, r, err)
		return
	}
	if err := s.cfg.Store.RevokeSession(r.Context(), cs.s.Hash); err != nil {
		s.writeProblem(w, r, err)
		return
	}
	setSessionCookies(w, r, "", -1)
	w.WriteHeader(http.StatusNoContent)
}

// callerSession is the session a request was authenticated by.
type callerSession struct {
	s     store.Session
	token string
}

// withSession authenticates r by its session cookie, when it has one and
// no Authorization header (see withKey). A request authenticated so that
// may change something must carry the session's CSRFHeader. A cookie that
// names no live session is ignored (the request is anonymous, told to sign
// in again where it needs to be someone), but counted as a bad key.
func (s *Server) withSession(w http.ResponseWriter, r *http.Request, token string) (*http.Request, bool) {
	addr := clientAddr(r)
	if !s.authFailsOK(addr) {
		return r, true // anonymous: a flood of bad cookies costs no lookups
	}
	sn, err := s.sessions.check(r.Context(), token)
	if err != nil {
		if fault.KindOf(err) != fault.Unauthenticated {
			s.writeProblem(w, r, err)
			return r, false
		}
		s.countAuthFailure(r, addr, err)
		ctx := context.WithValue(r.Context(), ctxCallerKey{}, caller{Account: account.Nobody, staleSession: true})
		return r.WithContext(ctx), true
	}
	if unsafeMethod(r.Method) && !auth.CSRFMatches(token, r.Header.Get(CSRFHeader)) {
		challenge(w, "invalid_request", "")
		s.writeProblem(w, r, fault.New(fault.Forbidden, "a request signed in by the session cookie that changes something needs the %s header (the %s cookie's value)", CSRFHeader, CSRFCookie))
		return r, false
	}
	s.sessions.touch(sn.Hash, func(err error) { s.log.Warn("record session use", "key", sn.KeyPrefix, "err", err) })
	scopes, _ := auth.ParseScopes(sn.Key.Scopes)
	ctx := account.With(r.Context(), sn.Key.AccountID)
	ctx = context.WithValue(ctx, ctxCallerKey{}, caller{Account: sn.Key.AccountID, Scopes: scopes, Prefix: sn.Key.Prefix,
		session: &callerSession{s: sn, token: token}})
	return r.WithContext(ctx), true
}
