package api_test

import (
	"bytes"
	"log/slog"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/scoophq/scoop/api"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// TestResponseHeaders: every response carries X-Content-Type-Options
// nosniff and a Cache-Control: no-store for /v1, the operations endpoints
// and every error; the contract and the docs page may be cached briefly.
func TestResponseHeaders(t *testing.T) {
	c := newClient(t, storetest.OpenSQLite(t), api.Config{})
	json := map[string]string{"Content-Type": "application/json"}
	tests := []struct {
		method, path string
		header       map[string]string
		body         string
		status       int
		cache        string
	}{
		{"GET", "/healthz", nil, "", 200, "no-store"},
		{"GET", "/readyz", nil, "", 200, "no-store"},
		{"GET", "/metrics", nil, "", 200, "no-store"},
		{"GET", "/openapi.yaml", nil, "", 200, "public, max-age=300"},
		{"GET", "/docs", nil, "", 200, "public, max-age=300"},
		{"GET", "/v1/hands", nil, "", 200, "no-store"},
		{"POST", "/v1/equity", json, cheapEquity, 200, "no-store"},
		{"GET", "/v1/hands/42", nil, "", 404, "no-store"},
		{"GET", "/nowhere", nil, "", 404, "no-store"},
		{"DELETE", "/v1/equity", nil, "", 405, "no-store"},
		{"POST", "/openapi.yaml", nil, "", 405, "no-store"},
		{"GET", "/v1/hands?limit=0", nil, "", 400, "no-store"},
		{"POST", "/v1/equity", json, `{"hands":"` + strings.Repeat("x", api.MaxJSONBody) + `"}`, 413, "no-store"},
		{"POST", "/v1/equity", map[string]string{"Content-Type": "text/csv"}, "a", 415, "no-store"},
		{"POST", "/v1/equity", map[string]string{"Content-Type": "application/json", "Content-Encoding": "br"}, cheapEquity, 415, "no-store"},
		{"POST", "/v1/equity", json, `{"hands":["As2s3dKd","AsQcJhTc"]}`, 422, "no-store"},
	}
	for _, tc := range tests {
		res := c.doAs(tc.method, tc.path, tc.header, []byte(tc.body))
		if res.status != tc.status {
			t.Errorf("%s %s: %d, want %d", tc.method, tc.path, res.status, tc.status)
		}
		if got := res.header.Get("X-Content-Type-Options"); got != "nosniff" {
			t.Errorf("%s %s -> %d: X-Content-Type-Options %q", tc.method, tc.path, res.status, got)
		}
		if got := res.header.Get("Cache-Control"); got != tc.cache {
			t.Errorf("%s %s -> %d: Cache-Control %q, want %q", tc.method, tc.path, res.status, got, tc.cache)
		}
	}
}

// TestRequestIDIsAlwaysOurs: the X-Request-ID answered (and in problems and
// the log) is always the server's own random id; a client's sane id is
// logged beside it as client_request_id, an insane one not at all.
func TestRequestIDIsAlwaysOurs(t *testing.T) {
	var log lockedWriter
	c := newClient(t, storetest.OpenSQLite(t), api.Config{Logger: slog.New(slog.NewTextHandler(&log, nil))})
	ours := regexp.MustCompile(`^[0-9a-f]{16}$`)
	seen := map[string]bool{}
	for _, id := range []string{"client-1.2:3_x", strings.Repeat("a", 10_000), "x y<script>", "", "\u00e9t\u00e9"} {
		res := c.doAs("GET", "/nowhere", map[string]string{"X-Request-ID": id}, nil)
		got := res.header.Get("X-Request-ID")
		if !ours.MatchString(got) || got == id || seen[got] {
			t.Errorf("client id %.20q: answered X-Request-ID %q, want a fresh id of our own", id, got)
		}
		seen[got] = true
		if p := res.problem(t); p.RequestID != got {
			t.Errorf("problem request_id %q, header %q", p.RequestID, got)
		}
	}
	out := log.String()
	if !strings.Contains(out, "client_request_id=client-1.2:3_x") {
		t.Errorf("the sane client id is not logged as client_request_id:\n%s", out)
	}
	for _, bad := range []string{"<script>", strings.Repeat("a", 65)} {
		if strings.Contains(out, bad) {
			t.Errorf("the log carries the client's %.20q", bad)
		}
	}
}

// TestNumbersOutOfRangeInUsersWords: a number no field can hold (1e400) or
// out of the contract's range is a 400 naming the field and the range as
// written, never Go's words (json.Number, float64...).
func TestNumbersOutOfRangeInUsersWords(t *testing.T) {
	c := newClient(t, storetest.OpenSQLite(t), api.Config{})
	hu := `"hands":["As2s3dKd","QhQcJhTc"],"mode":"montecarlo"`
	tests := []struct {
		path, body, field string
		words             []string
	}{
		{"/v1/equity", `{` + hu + `,"trials":1e400}`, "trials", []string{"1e400", "10000000"}},
		{"/v1/equity", `{` + hu + `,"trials":-1e400}`, "trials", []string{"-1e400"}},
		{"/v1/equity", `{` + hu + `,"trials":10000001}`, "trials", []string{"at most 10000000"}},
		{"/v1/equity", `{` + hu + `,"seed":1e400}`, "seed", []string{"1e400", "integer"}},
		{"/v1/hands/replay", `{"table":{"game":"omaha-hi","structure":"no-limit"},"players":[{"name":"a","stack":1e400},{"name":"b","stack":5}],"actions":[]}`, "players.0.stack", []string{"1e400"}},
	}
	for _, tc := range tests {
		res := c.do("POST", tc.path, "application/json", []byte(tc.body))
		p := res.problem(t)
		if res.status != 400 || p.Field != tc.field {
			t.Errorf("%s: %d %s, want 400 on %s", tc.body, res.status, res.body, tc.field)
			continue
		}
		for _, w := range tc.words {
			if !strings.Contains(p.Detail, w) {
				t.Errorf("%s: detail %q lacks %q", tc.body, p.Detail, w)
			}
		}
		for _, goWord := range []string{"json.Number", "float64", "int64", "convert", "1e+07"} {
			if strings.Contains(p.Detail, goWord) {
				t.Errorf("%s: detail %q has %q", tc.body, p.Detail, goWord)
			}
		}
	}
}

// lockedWriter is a buffer safe for the server's concurrent log lines.
type lockedWriter struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(b)
}

func (l *lockedWriter) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// An undeclared query parameter is a 400 naming it, on every route of the
// contract: a typo must not turn into a silently unfiltered answer.
func TestUnknownQueryParameters(t *testing.T) {
	c := newClient(t, storetest.OpenSQLite(t), api.Config{})
	tests := []struct {
		method, path, field string
	}{
		{http.MethodGet, "/v1/hands?playr=alice", "playr"},
		{http.MethodGet, "/v1/hands?player=alice&limt=5", "limt"},
		{http.MethodPost, "/v1/equity?stor=true", "stor"},
		{http.MethodGet, "/v1/hands/1?verbose=1", "verbose"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			var body []byte
			ct := ""
			if tt.method == http.MethodPost {
				body, ct = []byte(`{"hands":["As2s3dKd","QhQcJhTc"],"board":"4c7hKh"}`), "application/json"
			}
			res := c.do(tt.method, tt.path, ct, body)
			if res.status != http.StatusBadRequest || res.problem(t).Field != tt.field {
				t.Errorf("%s %s = %d %s, want 400 naming %s", tt.method, tt.path, res.status, res.body, tt.field)
			}
		})
	}
	// A pair that does not unescape is refused, not dropped (the limit
	// would silently be the default, the filter silently off).
	for _, q := range []string{"limit=%zz", "player=Hero&holding=%%%", "player=%"} {
		res := c.get("/v1/hands?" + q)
		if res.status != http.StatusBadRequest || !strings.Contains(res.problem(t).Detail, "malformed query string") {
			t.Errorf("GET /v1/hands?%s = %d %s, want 400 malformed query string", q, res.status, res.body)
		}
	}
	if res := c.get("/v1/hands?player=alice&limit=5"); res.status != http.StatusOK {
		t.Errorf("declared parameters: %d %s", res.status, res.body)
	}
}
