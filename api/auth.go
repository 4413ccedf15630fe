package api

import (
	"context"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/routers"
	"github.com/go-chi/httprate"

	"github.com/scoophq/scoop/internal/account"
	"github.com/scoophq/scoop/internal/auth"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/store"
)

// AuthMode says whether requests must carry an API key.
type AuthMode string

const (
	// AuthRequired: the stored data's operations need a key
	// (Authorization: Bearer sk_scoop_...) with the operation's scope, and
	// each key sees only its account's data. What stays open: POST
	// /v1/equity without "store", POST /v1/ranges/parse, /healthz,
	// /readyz, /openapi.yaml, /docs and the web app's pages and assets.
	// The zero AuthMode is AuthRequired.
	AuthRequired AuthMode = "required"
	// AuthOff: no key is asked for or looked at; every request acts for
	// the default account with every scope. For a single user on a
	// laptop, listening on loopback only.
	AuthOff AuthMode = "off"
)

// ParseAuthMode reads "required" or "off".
func ParseAuthMode(s string) (AuthMode, error) {
	switch m := AuthMode(s); m {
	case AuthRequired, AuthOff:
		return m, nil
	}
	return "", fault.Field(fault.Invalid, "auth", "want required or off, got %q", s)
}

// caller is who a request acts for: an account with scopes, or nobody
// (anonymous). The authenticate middleware puts it in the context, and
// withKey replaces it with a key's.
type caller struct {
	Account account.ID
	Scopes  auth.Scope
	Prefix  string // the key's prefix, "" without a key
	// session is the browser session the request was authenticated by
	// (nil for a bearer key or none).
	session *callerSession
	// staleSession marks an anonymous request whose session cookie names
	// no live session: told to sign in again.
	staleSession bool
}

// anonymous reports a request without a key while keys are required: it
// acts for account.Nobody.
func (c caller) anonymous() bool { return c.Account == account.Nobody }

type ctxCallerKey struct{}

func callerOf(ctx context.Context) caller {
	c, _ := ctx.Value(ctxCallerKey{}).(caller)
	return c
}

// keyTouchEvery is how often a key's last use is written, at most.
const keyTouchEvery = time.Minute

// authenticator checks API keys against the store. It keeps nothing of a
// key but when its use was last recorded: every request reads the key
// afresh, so a revocation takes effect at once, on every replica.
type authenticator struct {
	keys    store.Keys
	touched sync.Map // prefix -> time.Time of the last TouchKey
	// good holds the hashes of keys that authenticated lately
	// (string(hash) -> time.Time): while an address is over its bad-key
	// limit, such a key is still looked up, so that one attacker behind a
	// shared address cannot lock its valid keys out. Only live keys get
	// in, so it holds at most as many entries as there are keys.
	good sync.Map
}

// goodFor is how long a key that authenticated stays known good.
const goodFor = time.Hour

// knownGood reports whether token authenticated within goodFor.
func (a *authenticator) knownGood(token string) bool {
	v, ok := a.good.Load(string(auth.Hash(token)))
	return ok && time.Since(v.(time.Time)) < goodFor
}

// remember marks token as known good from now.
func (a *authenticator) remember(token string) { a.good.Store(string(auth.Hash(token)), time.Now()) }

// dummyHash is compared against when a key's prefix is unknown, so that an
// unknown key costs the same hashing as a wrong one.
var dummyHash = auth.Hash(auth.KeyMark + "0000000000_0000000000000000000000000000000000000000")

// check returns the live key a bearer token names, or an Unauthenticated
// error saying why not (never quoting the token); store failures pass
// through (Unavailable).
func (a *authenticator) check(ctx context.Context, token string) (store.APIKey, error) {
	prefix, err := auth.ParseKey(token)
	if err != nil {
		return store.APIKey{}, fault.New(fault.Unauthenticated, "%v", err)
	}
	k, err := a.keys.KeyByPrefix(ctx, prefix)
	if fault.KindOf(err) == fault.NotFound {
		auth.Matches(token, dummyHash)
		return store.APIKey{}, fault.New(fault.Unauthenticated, "unknown API key %s", prefix)
	}
	if err != nil {
		return store.APIKey{}, err
	}
	if !auth.Matches(token, k.Hash) {
		return store.APIKey{}, fault.New(fault.Unauthenticated, "unknown API key %s", prefix)
	}
	if !k.Live() {
		return store.APIKey{}, fault.New(fault.Unauthenticated, "API key %s is revoked", prefix)
	}
	return k, nil
}

// touch records the key's use, at most once per keyTouchEvery, in the
// background under the store's own deadline.
func (a *authenticator) touch(prefix string, log func(error)) {
	now := time.Now()
	if last, ok := a.touched.Load(prefix); ok && now.Sub(last.(time.Time)) < keyTouchEvery {
		return
	}
	a.touched.Store(prefix, now)
	go func() {
		if err := a.keys.TouchKey(context.Background(), prefix); err != nil {
			log(err)
		}
	}()
}

// bearer returns the token of an "Authorization: Bearer <token>" header,
// found reports whether the header is there at all, and err says what is
// wrong with one that is not a bearer token.
func bearer(r *http.Request) (token string, found bool, err error) {
	h := r.Header.Values("Authorization")
	if len(h) == 0 {
		return "", false, nil
	}
	if len(h) > 1 {
		return "", true, fault.New(fault.Unauthenticated, "more than one Authorization header")
	}
	scheme, tok, ok := strings.Cut(strings.TrimSpace(h[0]), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", true, fault.New(fault.Unauthenticated, "malformed Authorization header: want Bearer followed by an API key")
	}
	tok = strings.TrimSpace(tok)
	if tok == "" {
		return "", true, fault.New(fault.Unauthenticated, "malformed Authorization header: the bearer token is empty")
	}
	return tok, true, nil
}

// authenticate puts the caller in every request's context without reading
// any key: with keys off, the default account with every scope (to a
// request this machine sent, see sameMachine); else anonymous, which
// withKey replaces on the routes that look at keys. The routes that never
// need one (/healthz, /readyz, /openapi.yaml, /docs, the web app's pages)
// ignore a key: a liveness probe or a page load must not wait on a database
// read, nor fail with it.
func (s *Server) authenticate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.cfg.Auth == AuthOff {
			if err := s.sameMachine(r); err != nil {
				s.writeProblem(w, r, err)
				return
			}
			ctx := context.WithValue(r.Context(), ctxCallerKey{}, caller{Account: account.Default, Scopes: auth.Admin})
			next.ServeHTTP(w, r.WithContext(ctx))
			return
		}
		ctx := account.With(r.Context(), account.Nobody)
		ctx = context.WithValue(ctx, ctxCallerKey{}, caller{Account: account.Nobody})
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// withKey, on the routes that take a key (/v1 and /metrics), makes the
// request act for its key's account and scopes when it carries a live key.
// A request carrying a bad key (malformed, unknown, revoked) is refused 401
// whatever it asks for there: a client that sends a key means to use it.
// With keys off it does nothing (authenticate set the caller).
func (s *Server) withKey(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.cfg.Auth == AuthOff {
			next.ServeHTTP(w, r)
			return
		}
		token, found, err := bearer(r)
		if !found {
			// A browser's session cookie, except where a key signs in.
			if cookie := sessionCookie(r); cookie != "" && !(r.Method == http.MethodPost && r.URL.Path == "/v1/sessions") {
				var ok bool
				if r, ok = s.withSession(w, r, cookie); !ok {
					return
				}
			}
			next.ServeHTTP(w, r)
			return
		}
		if err != nil {
			addr := clientAddr(r)
			if !s.authFailsOK(addr) {
				s.refuseBadKeys(w, r)
				return
			}
			s.countAuthFailure(r, addr, err)
			challenge(w, "invalid_token", "")
			s.writeProblem(w, r, err)
			return
		}
		k, err := s.checkKey(w, r, token)
		if err != nil {
			s.writeProblem(w, r, err)
			return
		}
		scopes, _ := auth.ParseScopes(k.Scopes)
		ctx := account.With(r.Context(), k.AccountID)
		ctx = context.WithValue(ctx, ctxCallerKey{}, caller{Account: k.AccountID, Scopes: scopes, Prefix: k.Prefix})
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// authFailsOK reports whether the address is within its bad-key limit.
func (s *Server) authFailsOK(addr string) bool {
	ok, rate, _ := s.authFails.Status(addr) // Status's ok: within the limit
	return ok && rate < AuthFailuresPerMinute
}

// refuseBadKeys answers 429 to an address over its bad-key limit.
func (s *Server) refuseBadKeys(w http.ResponseWriter, r *http.Request) {
	s.metrics.rejected.WithLabelValues("rate", "auth_failures").Inc()
	w.Header().Set("Retry-After", "60")
	s.writeProblem(w, r, errTooManyBadKeys)
}

var errTooManyBadKeys = fault.New(fault.Overloaded, "too many requests with bad API keys from this address; retry after 60 s")

// countAuthFailure counts a bad key (or session cookie) against its
// address and in the metrics, and logs it (sampled per client, see
// logQuota).
func (s *Server) countAuthFailure(r *http.Request, addr string, err error) {
	s.authFails.OnLimit(discardHeaders{}, r, addr) // count it
	s.metrics.authFailures.Inc()
	if s.logQuota(r) {
		s.log.WarnContext(r.Context(), "authentication failed", "request_id", requestID(r.Context()),
			"reason", err.Error(), "remote", r.RemoteAddr)
	}
}

// checkKey returns the live key token names, or the error to answer: an
// address over its bad-key limit is refused (429) before the lookup,
// unless the key authenticated lately (authenticator.knownGood), so that
// bad keys from a shared address do not lock out its good ones; a bad key
// is counted (401 with its challenge).
func (s *Server) checkKey(w http.ResponseWriter, r *http.Request, token string) (store.APIKey, error) {
	addr := clientAddr(r)
	if !s.authFailsOK(addr) && !s.auth.knownGood(token) {
		s.metrics.rejected.WithLabelValues("rate", "auth_failures").Inc()
		w.Header().Set("Retry-After", "60")
		return store.APIKey{}, errTooManyBadKeys
	}
	k, err := s.auth.check(r.Context(), token)
	if err != nil {
		if fault.KindOf(err) == fault.Unauthenticated {
			s.countAuthFailure(r, addr, err)
			challenge(w, "invalid_token", "")
		}
		return store.APIKey{}, err
	}
	s.auth.remember(token)
	s.auth.touch(k.Prefix, func(err error) {
		s.log.Warn("record API key use", "key", k.Prefix, "err", err)
	})
	return k, nil
}

// challenge sets the WWW-Authenticate header of a 401 or 403 (RFC 6750).
func challenge(w http.ResponseWriter, code, scope string) {
	v := `Bearer realm="scoop"`
	if code != "" {
		v += `, error="` + code + `"`
	}
	if scope != "" {
		v += `, scope="` + scope + `"`
	}
	w.Header().Set("WWW-Authenticate", v)
}

// require checks that the request's caller holds need: nil, or the
// Unauthenticated (no key) or Forbidden (a key without the scope) error,
// with the challenge header set on w.
func require(w http.ResponseWriter, r *http.Request, need auth.Scope) error {
	c := callerOf(r.Context())
	if c.anonymous() {
		challenge(w, "", "")
		if c.staleSession {
			return fault.New(fault.Unauthenticated, "your session has ended (signed out, expired, or its key revoked): sign in again, or send Authorization: Bearer <key>")
		}
		return fault.New(fault.Unauthenticated, "this operation needs an API key with the %s scope: sign in, or send Authorization: Bearer <key> (scoop apikey create makes one)", need)
	}
	if !c.Scopes.Has(need) {
		challenge(w, "insufficient_scope", need.String())
		return fault.New(fault.Forbidden, "API key %s lacks the %s scope this operation needs (it has %s)", c.Prefix, need, c.Scopes)
	}
	return nil
}

// scoped wraps a handler that needs scope need.
func (s *Server) scoped(need auth.Scope, h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := require(w, r, need); err != nil {
			s.writeProblem(w, r, err)
			return
		}
		h(w, r)
	}
}

// scopedHandler is scoped for an http.Handler.
func (s *Server) scopedHandler(need auth.Scope, h http.Handler) http.Handler {
	return s.scoped(need, h.ServeHTTP)
}

// rateKey is the client a rate limit counts against: the account of a
// key, else the remote address.
func rateKey(r *http.Request) string {
	if c := callerOf(r.Context()); c.Prefix != "" {
		return "acct:" + strconv.FormatInt(int64(c.Account), 10)
	}
	return clientAddr(r)
}

// requestRateHeaders are the headers of the request rate: the
// X-RateLimit-* of every /v1 response describe it, and only it (the equity
// rate, in other units, sets Retry-After on its 429 alone).
var requestRateHeaders = httprate.ResponseHeaders{
	Limit: "X-RateLimit-Limit", Remaining: "X-RateLimit-Remaining", Reset: "X-RateLimit-Reset",
	RetryAfter: "Retry-After",
}

// newLimiter builds a per-client limiter of limit units per minute setting
// the headers h names ("" for none).
func newLimiter(limit int, h httprate.ResponseHeaders) *httprate.RateLimiter {
	return httprate.NewRateLimiter(limit, time.Minute, httprate.WithResponseHeaders(h))
}

// rateLimited refuses a request over its client's request rate with 429
// (problem+json, Retry-After).
func (s *Server) rateLimited(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if over, _ := s.overLimit(w, r, rateKey(r), s.sharedRequests, s.requests, "requests", true); over {
			s.metrics.rejected.WithLabelValues("rate", "requests").Inc()
			s.writeProblem(w, r, fault.New(fault.Overloaded, "more than %d requests a minute from this client; retry after %s s",
				s.limits.RequestsPerMinute, w.Header().Get("Retry-After")))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// chargeEquity counts an equity computation of the given cost against its
// client's equity rate, in units of EquityUnitBoards boards (at least
// one). It returns the Overloaded error of a client over its rate.
func (s *Server) chargeEquity(w http.ResponseWriter, r *http.Request, boards int64) error {
	units := max(1, (boards+EquityUnitBoards-1)/EquityUnitBoards)
	units = min(units, int64(s.limits.EquityUnitsPerMinute))
	ctx := httprate.WithIncrement(r.Context(), int(units))
	over, err := s.overLimit(w, r.WithContext(ctx), rateKey(r), s.sharedEquity, s.equityRate, "equity", boards < s.limits.CheapBoards)
	if err != nil {
		return err
	}
	if over {
		s.metrics.rejected.WithLabelValues("rate", "equity").Inc()
		return fault.New(fault.Overloaded, "equity work over %d boards a minute from this client; retry after %s s",
			int64(s.limits.EquityUnitsPerMinute)*EquityUnitBoards, w.Header().Get("Retry-After"))
	}
	return nil
}

// EquityUnitBoards is the unit of the equity rate limit, in boards.
const EquityUnitBoards = 10_000

// accessTable is what the validated middleware needs of each operation's
// access: the scope its x-scoop-scope names (0: open, "none..."), checked
// before the body is read, so that nobody without a key can make the
// server read, hold or validate a body; and the operation's copy without
// security requirements, the one openapi3filter validates against.
// openapi3filter's security check reads the whole body into memory,
// unbounded, before it calls the authentication function (kin-openapi
// v0.153.0 validateSecurityRequirement): keys are this package's to check,
// never the validator's.
type accessTable struct {
	scope map[*openapi3.Operation]auth.Scope
	bare  map[*openapi3.Operation]*openapi3.Operation
}

func newAccessTable(doc *openapi3.T) accessTable {
	t := accessTable{scope: map[*openapi3.Operation]auth.Scope{}, bare: map[*openapi3.Operation]*openapi3.Operation{}}
	for _, item := range doc.Paths.Map() {
		for _, op := range item.Operations() {
			if v, _ := op.Extensions["x-scoop-scope"].(string); v != "" && !strings.HasPrefix(v, "none") {
				if sc, err := auth.ParseScopes(v); err == nil {
					t.scope[op] = sc
				} else {
					t.scope[op] = auth.Admin // a scope this server does not know: the strictest
				}
			}
			bare := *op
			bare.Security = &openapi3.SecurityRequirements{}
			t.bare[op] = &bare
		}
	}
	return t
}

// route returns route with its operation's copy without security
// requirements (route itself when the operation is unknown).
func (t accessTable) route(route *routers.Route) *routers.Route {
	bare, ok := t.bare[route.Operation]
	if !ok {
		return route
	}
	r := *route
	r.Operation = bare
	return &r
}

// AuthFailuresPerMinute is how many requests with a bad API key one address
// may send in a minute; past it the next is a 429 before its key is looked
// up.
const AuthFailuresPerMinute = 600

// discardHeaders is a ResponseWriter whose headers go nowhere: the
// failures limiter counts without answering.
type discardHeaders struct{}

func (discardHeaders) Header() http.Header         { return http.Header{} }
func (discardHeaders) Write(b []byte) (int, error) { return len(b), nil }
func (discardHeaders) WriteHeader(int)             {}

// sameMachine refuses, with keys off, what only another machine or another
// site would send, since no key stands in their way: a Host that is not
// this machine's loopback name or address (a DNS-rebinding page), unless
// the server was told to listen for other machines (Config.AnyHost); and
// a request that changes data sent by another site's page (Sec-Fetch-Site
// cross-site, or an Origin that is not this server's), which a browser
// sends without asking.
func (s *Server) sameMachine(r *http.Request) error {
	if !s.cfg.AnyHost && !loopbackHost(r.Host) {
		return fault.New(fault.Forbidden, "this server runs without keys for this machine only; Host %q is not a loopback address", r.Host)
	}
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return nil
	}
	if r.Header.Get("Sec-Fetch-Site") == "cross-site" {
		return fault.New(fault.Forbidden, "a request from another site's page is refused by a server without keys")
	}
	if o := r.Header.Get("Origin"); o != "" {
		u, err := url.Parse(o)
		if err != nil || u.Host != r.Host {
			return fault.New(fault.Forbidden, "Origin %q is not this server: refused by a server without keys", o)
		}
	}
	return nil
}

// loopbackHost reports whether a Host header names this machine: localhost
// or a loopback address, with or without a port.
func loopbackHost(host string) bool {
	h := host
	if hh, _, err := net.SplitHostPort(host); err == nil {
		h = hh
	}
	h = strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")
	if strings.EqualFold(h, "localhost") {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}

// withCaller returns ctx acting for c.
func withCaller(ctx context.Context, c caller) context.Context {
	return context.WithValue(ctx, ctxCallerKey{}, c)
}

// ctxRateBroke carries, to a shared limiter's error handler, where to say
// that its counter failed.
type ctxRateBroke struct{}

// newSharedLimiter is newLimiter over a shared counter, whose failures
// are reported to overLimit instead of answered.
func newSharedLimiter(limit int, h httprate.ResponseHeaders, c httprate.LimitCounter) *httprate.RateLimiter {
	return httprate.NewRateLimiter(limit, time.Minute, httprate.WithResponseHeaders(h), httprate.WithLimitCounter(c),
		httprate.WithErrorHandler(func(_ http.ResponseWriter, r *http.Request, _ error) {
			if p, ok := r.Context().Value(ctxRateBroke{}).(*bool); ok {
				*p = true
			}
		}))
}

// overLimit reports whether the client key is over its limit (counting
// this request when it is not; headers set on w): by the shared limiter
// when there is one (Config.SharedRates) and its counter answers, else by
// this process's local one. While the shared counter is unreachable a
// request of the cheap lane (failOpen) is judged by the local limiter,
// and one of the expensive lane is refused with the Unavailable error
// (503, Retry-After); either is counted and logged (at most every 10 s).
func (s *Server) overLimit(w http.ResponseWriter, r *http.Request, key string, shared, local *httprate.RateLimiter, name string, failOpen bool) (bool, error) {
	if shared != nil {
		broke := false
		over := shared.OnLimit(w, r.WithContext(context.WithValue(r.Context(), ctxRateBroke{}, &broke)), key)
		if !broke {
			return over, nil
		}
		outcome := "local"
		if !failOpen {
			outcome = "refused"
		}
		s.metrics.rateFallback.WithLabelValues(name, outcome).Inc()
		if now := time.Now().UnixNano(); now-s.rateWarned.Load() > int64(10*time.Second) {
			s.rateWarned.Store(now)
			s.log.Warn("shared rate limit unreachable: cheap requests are limited by this process alone, expensive ones refused",
				"limit", name, "err", s.cfg.SharedRates.LastError())
		}
		if !failOpen {
			w.Header().Set("Retry-After", retryAfter)
			return true, fault.New(fault.Unavailable, "the shared rate limit is unreachable, so expensive work is refused for now; retry after %s s", retryAfter)
		}
	}
	return local.OnLimit(w, r, key), nil
}
