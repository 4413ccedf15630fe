package api

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/httprate"

	"github.com/scoophq/scoop/internal/admission"
	"github.com/scoophq/scoop/internal/fault"
)

type ctxKey int

const (
	keyRequestID       ctxKey = iota
	keyBody                   // *heldBody: the request body read by validated
	keyClientRequestID        // the client's own sane X-Request-ID
)

// requestID returns the request's id ("" outside a request).
func requestID(ctx context.Context) string {
	id, _ := ctx.Value(keyRequestID).(string)
	return id
}

// clientRequestID is what a client's X-Request-ID must look like to be
// logged as its client_request_id.
var clientRequestID = regexp.MustCompile(`^[A-Za-z0-9._:-]{1,64}$`)

// withRequestID gives every request our own random id, answered in
// X-Request-ID and named in every log line and problem; a client's own
// X-Request-ID, when it is a sane token (1 to 64 of A-Z a-z 0-9 . _ : -),
// is logged beside it as client_request_id and never trusted as ours. It
// also sets the headers every response carries: X-Content-Type-Options
// nosniff and Cache-Control no-store (the contract and the docs page
// replace the latter with their own).
func withRequestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b [8]byte
		rand.Read(b[:])
		id := hex.EncodeToString(b[:])
		h := w.Header()
		// Header names in canonical form (X-Request-Id for X-Request-ID):
		// others are canonicalised into a new string on every call. The
		// constant values are shared slices: Set replaces them and Add
		// appends to a copy (their capacity is their length), so no
		// response changes another's.
		h.Set("X-Request-Id", id)
		h["X-Content-Type-Options"] = nosniff
		h["Cache-Control"] = noStore
		ctx := context.WithValue(r.Context(), keyRequestID, id)
		if cid := r.Header.Get("X-Request-Id"); clientRequestID.MatchString(cid) {
			ctx = context.WithValue(ctx, keyClientRequestID, cid)
		}
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// The values of the headers every response carries (see withRequestID).
var (
	nosniff = []string{"nosniff"}
	noStore = []string{"no-store"}
)

// clientRequestIDOf returns the client's own sane request id, or "".
func clientRequestIDOf(ctx context.Context) string {
	id, _ := ctx.Value(keyClientRequestID).(string)
	return id
}

// clientOf names the client of r for fair admission and rate limits: the
// account of its API key when it carries one, else its remote address.
func clientOf(r *http.Request) string { return rateKey(r) }

// clientAddr names a client by its remote address without the port
// (an IPv6 address by its /64 prefix).
func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	// An IPv6 client is its /64: one host holds a whole prefix, and could
	// otherwise take a fresh share (and rate) per address.
	return "addr:" + httprate.CanonicalizeIP(host)
}

// retryAfter is the Retry-After of a 429, in seconds.
const retryAfter = "1"

// admit asks pool (named name in metrics and messages) for weight on
// behalf of r's client. The error is a fault: Overloaded (429; the
// Retry-After header is set on w and the refusal counted) or Canceled.
func (s *Server) admit(w http.ResponseWriter, r *http.Request, pool *admission.Pool, name string, weight int64, cheap bool) (*admission.Grant, error) {
	g, err := pool.Acquire(r.Context(), admission.Request{Client: clientOf(r), Weight: weight, Cheap: cheap})
	if err == nil {
		return g, nil
	}
	what := "compute is"
	if name == "body" {
		what = "the request-body budget is"
	}
	cfg := pool.Config()
	switch {
	case errors.Is(err, admission.ErrQueueFull):
		s.metrics.rejected.WithLabelValues(name, "queue_full").Inc()
		w.Header().Set("Retry-After", retryAfter)
		return nil, fault.New(fault.Overloaded, "%s busy and its queue of %d is full; retry after %s s", what, cfg.MaxQueue, retryAfter)
	case errors.Is(err, admission.ErrWaitExpired):
		s.metrics.rejected.WithLabelValues(name, "wait_expired").Inc()
		w.Header().Set("Retry-After", retryAfter)
		return nil, fault.New(fault.Overloaded, "%s busy: not admitted within %v; retry after %s s", what, cfg.MaxWait, retryAfter)
	}
	return nil, &fault.Error{Kind: fault.Canceled, Action: -1, Message: "client gone", Err: err}
}

// statusWriter records the status and size of a response.
type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += int64(n)
	return n, err
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// markStatus records a status that is not sent (the client is gone).
func markStatus(w http.ResponseWriter, status int) {
	for {
		switch sw := w.(type) {
		case *statusWriter:
			if sw.status == 0 {
				sw.status = status
			}
			return
		case interface{ Unwrap() http.ResponseWriter }:
			w = sw.Unwrap()
		default:
			return
		}
	}
}

// observe logs every request (log/slog; sampled by Config.LogSample) and
// counts it in the metrics by route pattern (not path, so ids don't
// explode the label set) and status.
func (s *Server) observe(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		if sw.status == 0 {
			sw.status = http.StatusOK
		}
		elapsed := time.Since(start)
		route, method := s.routeLabel(r), methodLabel(r.Method)
		s.metrics.requests.WithLabelValues(route, method, statusLabel(sw.status)).Inc()
		s.metrics.latency.WithLabelValues(route, method).Observe(elapsed.Seconds())
		if s.quietRoutes[route] && sw.status < 400 {
			return
		}
		if sw.status >= 400 && sw.status < 500 && !s.logQuota(r) {
			return
		}
		sample := 0
		if n := s.cfg.LogSample; n > 1 && sw.status < 400 && elapsed < s.cfg.LogSlow {
			// One in n: the first, the n+1st...
			if (s.logged.Add(1)-1)%uint64(n) != 0 {
				return
			}
			sample = n
		}
		attrs := []slog.Attr{
			slog.String("request_id", requestID(r.Context())), slog.String("client_request_id", clientRequestIDOf(r.Context())),
			slog.String("method", r.Method), slog.String("path", redactPath(r.URL.Path)), slog.String("route", route),
			slog.Int("status", sw.status), slog.Int64("bytes", sw.bytes),
			slog.Float64("duration_ms", float64(elapsed.Microseconds())/1000),
			slog.String("remote", r.RemoteAddr),
		}
		if sample > 0 {
			attrs = append(attrs, slog.Int("log_sample", sample))
		}
		s.log.LogAttrs(r.Context(), slog.LevelInfo, "request", attrs...)
	})
}

// statusLabel is the metrics label of an HTTP status: the common ones
// without allocating (strconv.Itoa allocates for every number past 99).
func statusLabel(code int) string {
	switch code {
	case 200:
		return "200"
	case 400:
		return "400"
	case 404:
		return "404"
	case 429:
		return "429"
	}
	return strconv.Itoa(code)
}

// knownMethods are the methods that label metrics as themselves; any other
// is counted as "other", so a client cannot grow the label set.
var knownMethods = []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut,
	http.MethodPatch, http.MethodDelete, http.MethodOptions}

// methodLabel is the metrics label of a request method: itself when it is
// one of knownMethods, else "other".
func methodLabel(m string) string {
	for _, k := range knownMethods {
		if m == k {
			return m
		}
	}
	return "other"
}

// routeLabel is the metrics label of a served request: the route pattern
// of the path whatever the method, so a request answered before its
// handler (a 400/413/415 from validation on the /v1 sub-router, a 405)
// carries its route's pattern; "unmatched" when no route has the path (a
// 404), never the raw path.
func (s *Server) routeLabel(r *http.Request) string {
	if rc := chi.RouteContext(r.Context()); rc != nil {
		if p := rc.RoutePattern(); p != "" && !strings.HasSuffix(p, "/*") {
			return p
		}
	}
	if p := s.patternOf(r.Method, r.URL.Path); p != "" {
		return p
	}
	return "unmatched"
}

// patternOf returns the route pattern that path matches under method (HEAD
// as GET) or, when none, the most literal one it matches under any other
// method; "" when none does. The request's own method comes first: POST
// /v1/hands/replay is its own route, not GET /v1/hands/{id}.
func (s *Server) patternOf(method, path string) string {
	if method == http.MethodHead {
		method = http.MethodGet
	}
	if p := s.router.Find(chi.NewRouteContext(), method, path); p != "" && !strings.HasSuffix(p, "/*") {
		return p
	}
	best := ""
	for _, m := range knownMethods {
		p := s.router.Find(chi.NewRouteContext(), m, path)
		if p == "" || strings.HasSuffix(p, "/*") {
			continue
		}
		// The most literal pattern wins: /v1/hands/replay over
		// /v1/hands/{id}.
		if best == "" || strings.Count(p, "{") < strings.Count(best, "{") {
			best = p
		}
	}
	return best
}

// recoverer turns a panic into a logged error and a 500 problem: never a
// stack trace to the client.
func (s *Server) recoverer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			v := recover()
			if v == nil {
				return
			}
			if v == http.ErrAbortHandler {
				panic(v)
			}
			s.log.ErrorContext(r.Context(), "panic", "request_id", requestID(r.Context()),
				"panic", fmt.Sprint(v), "stack", string(debug.Stack()))
			s.sendProblem(w, newProblem(r, http.StatusInternalServerError, "internal error; the request id identifies it in the server log"))
		}()
		next.ServeHTTP(w, r)
	})
}

func (s *Server) notFound(w http.ResponseWriter, r *http.Request) {
	s.sendProblem(w, newProblem(r, http.StatusNotFound, fmt.Sprintf("no resource at %s", r.URL.Path)))
}

// methodNotAllowed answers 405 with the Allow header (HEAD wherever GET
// is, see middleware.GetHead).
func (s *Server) methodNotAllowed(w http.ResponseWriter, r *http.Request) {
	if s.patternOf(r.Method, r.URL.Path) == "" {
		// An unknown method (chi answers 405 for any method it does not
		// know) on a path no route has: that path is not found.
		s.notFound(w, r)
		return
	}
	var allow []string
	for _, m := range []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
		if s.router.Match(chi.NewRouteContext(), m, r.URL.Path) ||
			m == http.MethodHead && s.router.Match(chi.NewRouteContext(), http.MethodGet, r.URL.Path) {
			allow = append(allow, m)
		}
	}
	var list string
	for i, m := range allow {
		if i > 0 {
			list += ", "
		}
		list += m
	}
	w.Header().Set("Allow", list)
	s.sendProblem(w, newProblem(r, http.StatusMethodNotAllowed, fmt.Sprintf("%s is not allowed on %s (allowed: %s)", r.Method, r.URL.Path, list)))
}

// LogClientErrorsPerMinute is how many log lines of client errors (4xx
// responses, bad keys) one client (its address) may cause a minute; past
// it they are counted (scoop_log_lines_suppressed_total, and every request
// in scoop_http_requests_total) but not logged, so one client cannot fill
// the log (it wrote some 3,000 lines a second). 5xx and slow requests are
// always logged.
const LogClientErrorsPerMinute = 60

// logQuota reports whether r's client may log one more client-error line
// this minute, counting the line; false counts it as suppressed.
func (s *Server) logQuota(r *http.Request) bool {
	if s.logLines.OnLimit(discardHeaders{}, r, clientAddr(r)) {
		s.metrics.logSuppressed.Inc()
		return false
	}
	return true
}

// redactPath is a path as the log keeps it: a share link's token (a
// bearer secret in the path) is replaced by its first 6 characters.
func redactPath(p string) string {
	for _, pre := range []string{"/s/", "/v1/shared/"} {
		if rest, ok := strings.CutPrefix(p, pre); ok {
			tok, tail, _ := strings.Cut(rest, "/")
			if len(tok) > 6 {
				tok = tok[:6] + "…"
			}
			if tail != "" {
				tail = "/" + tail
			}
			return pre + tok + tail
		}
	}
	return p
}
