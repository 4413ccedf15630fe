package api_test

import (
	"bytes"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"github.com/scoophq/scoop/api"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// TestRoutesMatchSpec fails when a route is in the router but not in
// openapi.yaml, or the reverse.
func TestRoutesMatchSpec(t *testing.T) {
	c := newClient(t, storetest.OpenSQLite(t), api.Config{})
	var routes []string
	err := chi.Walk(c.api.Router(), func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		routes = append(routes, method+" "+strings.TrimSuffix(route, "/"))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var spec []string
	for path, item := range c.spec.Doc.Paths.Map() {
		for method := range item.Operations() {
			spec = append(spec, method+" "+path)
		}
	}
	slices.Sort(routes)
	slices.Sort(spec)
	for _, r := range routes {
		if !slices.Contains(spec, r) {
			t.Errorf("route %s is not in openapi.yaml", r)
		}
	}
	for _, s := range spec {
		if !slices.Contains(routes, s) {
			t.Errorf("openapi.yaml has %s, the router does not", s)
		}
	}
	if len(routes) < 11 {
		t.Errorf("walked %d routes: %q", len(routes), routes)
	}
}

func TestOperations(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newClient(t, st, api.Config{})
		tests := []struct {
			name, path   string
			status       int
			contentType  string
			bodyContains string
		}{
			{"health", "/healthz", 200, "application/json", `"ok"`},
			{"ready", "/readyz", 200, "application/json", `"ready"`},
			{"contract", "/openapi.yaml", 200, "application/yaml", "openapi: 3.0"},
			{"docs render the paths", "/docs", 200, "text/html; charset=utf-8", "/v1/hands/{id}"},
			{"unknown path", "/nope", 404, "application/problem+json", "/nope"},
		}
		for _, tc := range tests {
			res := c.get(tc.path)
			if res.status != tc.status || res.header.Get("Content-Type") != tc.contentType || !bytes.Contains(res.body, []byte(tc.bodyContains)) {
				t.Errorf("%s: GET %s = %d %q %.200s; want %d %q containing %q", tc.name, tc.path, res.status, res.header.Get("Content-Type"), res.body, tc.status, tc.contentType, tc.bodyContains)
			}
			if res.header.Get("X-Request-ID") == "" {
				t.Errorf("%s: no X-Request-ID", tc.name)
			}
		}
		// The docs page fetches nothing from elsewhere: no external URL,
		// no script file (its one inline script is checked against its
		// CSP hash by TestDocsReference).
		docs := c.get("/docs").body
		for _, bad := range []string{"<script src", "http://", "https://"} {
			if bytes.Contains(docs, []byte(bad)) {
				t.Errorf("/docs contains %q", bad)
			}
		}
	})
}

func TestMethodNotAllowed(t *testing.T) {
	c := newClient(t, storetest.OpenSQLite(t), api.Config{})
	tests := []struct {
		method, path, allow string
	}{
		{http.MethodDelete, "/v1/hands", "GET, HEAD, POST"},
		{http.MethodGet, "/v1/equity", "POST"},
		{http.MethodPut, "/v1/hands/1", "GET, HEAD"},
		{http.MethodPost, "/healthz", "GET, HEAD"},
	}
	for _, tc := range tests {
		res := c.do(tc.method, tc.path, "application/json", []byte(`{}`))
		if res.status != http.StatusMethodNotAllowed || res.header.Get("Allow") != tc.allow {
			t.Errorf("%s %s = %d Allow %q, want 405 Allow %q", tc.method, tc.path, res.status, res.header.Get("Allow"), tc.allow)
		}
	}
}

func TestMetricsCountRoutesByPattern(t *testing.T) {
	c := newClient(t, storetest.OpenSQLite(t), api.Config{})
	c.get("/v1/hands/12345")
	c.get("/v1/hands/67890")
	c.postJSON("/v1/equity", map[string]any{"hands": []string{"As2s3dKd", "QhQcJhTc"}, "board": "4c7hKh"})
	res := c.get("/metrics")
	body := string(res.body)
	for _, want := range []string{
		`scoop_http_requests_total{method="GET",route="/v1/hands/{id}",status="404"} 2`,
		`scoop_http_request_duration_seconds_bucket{method="POST",route="/v1/equity",le="+Inf"} 1`,
		`scoop_equity_runs_total{mode="exhaustive",outcome="ok"} 1`,
		`go_goroutines`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	if strings.Contains(body, "12345") {
		t.Error("/metrics labels a raw path")
	}
}

// TestReadyWhenDatabaseDown: /readyz answers 503 when the database is gone,
// and equity, which needs no database, keeps working.
func TestReadyWhenDatabaseDown(t *testing.T) {
	st := storetest.OpenSQLite(t)
	c := newClient(t, st, api.Config{})
	if res := c.get("/readyz"); res.status != 200 {
		t.Fatalf("/readyz before = %d", res.status)
	}
	st.Close()
	res := c.get("/readyz")
	if res.status != 503 {
		t.Fatalf("/readyz with the database closed = %d %s", res.status, res.body)
	}
	if p := res.problem(t); !strings.Contains(p.Detail, "database") {
		t.Errorf("detail %q does not mention the database", p.Detail)
	}
	if res := c.get("/healthz"); res.status != 200 {
		t.Errorf("/healthz = %d", res.status)
	}
	res = c.postJSON("/v1/equity", map[string]any{"hands": []string{"As2s3dKd", "QhQcJhTc"}, "board": "4c7hKh"})
	if res.status != 200 {
		t.Errorf("equity with the database down = %d %s", res.status, res.body)
	}
	res = c.get("/v1/hands/" + store.NewPublicID())
	if res.status != 503 {
		t.Errorf("GET a hand with the database down = %d %s, want 503", res.status, res.body)
	}
}

// TestHeadAnswersLikeGet checks HEAD on every GET route answers as GET
// does (status, Content-Type, Content-Length, Allow) without a body,
// errors included, and that HEAD is allowed wherever GET is.
func TestHeadAnswersLikeGet(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newClient(t, st, api.Config{})
		var posted handResults
		c.do(http.MethodPost, "/v1/hands", "text/plain", readFile(t, "nlo8_knockout.txt")).decode(t, &posted)
		var eq struct {
			ID string `json:"id"`
		}
		c.postJSON("/v1/equity", map[string]any{"hands": []string{"As2s3dKd", "QhQcJhTc"}, "board": "4c7hKh", "store": true}).decode(t, &eq)
		if len(posted.Hands) == 0 || posted.Hands[0].ID == "" || eq.ID == "" {
			t.Fatalf("setup: hand %+v, equity %q", posted.Hands, eq.ID)
		}
		tests := []struct {
			path       string
			status     int
			sameLength bool // false where the body changes between two calls
		}{
			{"/healthz", 200, true},
			{"/readyz", 200, true},
			{"/metrics", 200, false},
			{"/openapi.yaml", 200, true},
			{"/docs", 200, true},
			{"/v1/hands", 200, true},
			{"/v1/hands?limit=2&legal=true", 200, true},
			{"/v1/hands/" + posted.Hands[0].ID, 200, true},
			{"/v1/equity/" + eq.ID, 200, true},
			{"/v1/hands/999999999", 404, true},
			{"/v1/hands?limit=0", 400, true},
			{"/v1/hands?game=holdem", 400, true}, // rejected by the contract alone
			{"/nowhere", 404, true},
			{"/v1/equity", 405, false}, // POST only; the detail names the method
		}
		for _, tc := range tests {
			get := c.do(http.MethodGet, tc.path, "", nil)
			head := rawDo(t, http.MethodHead, c.srv.URL+tc.path)
			if get.status != tc.status || head.status != tc.status {
				t.Errorf("%s: GET %d, HEAD %d; want %d", tc.path, get.status, head.status, tc.status)
			}
			if len(head.body) != 0 {
				t.Errorf("HEAD %s has a body: %.100q", tc.path, head.body)
			}
			for _, h := range []string{"Content-Type", "Allow"} {
				if g, hd := get.header.Get(h), head.header.Get(h); g != hd {
					t.Errorf("%s: %s %q for GET, %q for HEAD", tc.path, h, g, hd)
				}
			}
			if gl, hl := get.header.Get("Content-Length"), head.header.Get("Content-Length"); tc.sameLength &&
				(gl != hl || gl != strconv.Itoa(len(get.body))) {
				t.Errorf("%s: Content-Length %q for GET (body %d bytes), %q for HEAD", tc.path, gl, len(get.body), hl)
			}
			if head.header.Get("X-Request-ID") == "" {
				t.Errorf("HEAD %s: no X-Request-ID", tc.path)
			}
		}
		if body := string(c.get("/metrics").body); !strings.Contains(body, `scoop_http_requests_total{method="HEAD",route="/v1/hands/{id}",status="200"} 1`) {
			t.Error("/metrics does not count HEAD by route")
		}
	})
}

// rawDo sends a request outside the contract checks (HEAD is not in
// openapi.yaml: it mirrors GET).
func rawDo(t *testing.T, method, url string) response {
	t.Helper()
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatalf("%s %s: read body: %v", method, url, err)
	}
	return response{status: res.StatusCode, header: res.Header, body: body}
}
