package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3filter"

	"github.com/scoophq/scoop/api"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// backends are the stores every API test runs against.
var backends = []struct {
	name string
	open func(t testing.TB) store.Store
}{
	{"sqlite", func(t testing.TB) store.Store { return storetest.OpenSQLite(t) }},
	{"postgres", func(t testing.TB) store.Store { return storetest.OpenPostgres(t) }},
}

// client is a real server on 127.0.0.1:0 and a way to call it that
// validates every response against the contract.
type client struct {
	t    *testing.T
	srv  *httptest.Server
	api  *api.Server
	spec *api.Spec
	key  string // sent as the bearer token when set
	st   store.Store
	keys *sync.Map // client name -> its API key (keyOf)
}

// keyOf returns the admin API key of the account named name, made on
// first use: tests name clients, and admission tells them apart by their
// keys' accounts.
func (c *client) keyOf(name string) string {
	c.t.Helper()
	if k, ok := c.keys.Load(name); ok {
		return k.(string)
	}
	k, _ := c.keys.LoadOrStore(name, makeKey(c.t, c.st, name, "admin"))
	return k.(string)
}

// newKeyedClient is newClient requiring keys, sending the admin key of
// the default account unless a request names another client.
func newKeyedClient(t *testing.T, st store.Store, cfg api.Config) *client {
	t.Helper()
	cfg.Auth = api.AuthRequired
	c := newClient(t, st, cfg)
	c.key = c.keyOf("default")
	return c
}

func newClient(t *testing.T, st store.Store, cfg api.Config) *client {
	t.Helper()
	cfg.Store = st
	if cfg.Auth == "" {
		// Most tests are about what the operations do; the access
		// control tests ask for AuthRequired.
		cfg.Auth = api.AuthOff
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if cfg.ComputeWait == 0 {
		// Tests run in parallel on a busy machine: a request waits for a
		// compute slot rather than be told 429, unless the test is about
		// that and sets its own wait.
		cfg.ComputeWait = time.Minute
	}
	s, err := api.New(context.Background(), cfg)
	if err != nil {
		t.Fatalf("api.New: %v", err)
	}
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	return &client{t: t, srv: srv, api: s, spec: s.Spec(), st: st, keys: new(sync.Map)}
}

// response is a response read in full.
type response struct {
	status int
	header http.Header
	body   []byte
}

func (r response) problem(t *testing.T) api.Problem {
	t.Helper()
	if ct := r.header.Get("Content-Type"); ct != "application/problem+json" {
		t.Fatalf("status %d Content-Type %q, want application/problem+json; body %s", r.status, ct, r.body)
	}
	var p api.Problem
	if err := json.Unmarshal(r.body, &p); err != nil {
		t.Fatalf("problem does not parse: %v: %s", err, r.body)
	}
	if p.Status != r.status || p.Title == "" || p.Type == "" {
		t.Errorf("problem %+v does not match status %d", p, r.status)
	}
	return p
}

func (r response) decode(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal(r.body, v); err != nil {
		t.Fatalf("response does not parse: %v: %s", err, r.body)
	}
}

// do sends a request and validates the response against openapi.yaml
// (every status, every body) when the route is in the contract.
func (c *client) do(method, path, contentType string, body []byte) response {
	c.t.Helper()
	req, err := http.NewRequest(method, c.srv.URL+path, bytes.NewReader(body))
	if err != nil {
		c.t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if c.key != "" {
		req.Header.Set("Authorization", "Bearer "+c.key)
	}
	res, err := c.srv.Client().Do(req)
	if err != nil {
		c.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	got, err := io.ReadAll(res.Body)
	if err != nil {
		c.t.Fatalf("%s %s: read body: %v", method, path, err)
	}
	out := response{status: res.StatusCode, header: res.Header, body: got}
	if res.StatusCode == http.StatusInternalServerError {
		c.t.Errorf("%s %s answered 500: %s", method, path, got)
	}
	if res.StatusCode >= 400 {
		out.problem(c.t)
	}
	c.validate(req, body, out)
	return out
}

func (c *client) validate(req *http.Request, body []byte, res response) {
	c.t.Helper()
	// Route the request as the server saw it (path without the host).
	vreq := req.Clone(context.Background())
	vreq.URL.Scheme, vreq.URL.Host, vreq.Host = "", "", ""
	vreq.Body = io.NopCloser(bytes.NewReader(body))
	route, params, err := c.spec.Router.FindRoute(vreq)
	if err != nil {
		// Not in the contract (404 or 405 by design): the problem was
		// checked by do.
		if res.status != http.StatusNotFound && res.status != http.StatusMethodNotAllowed {
			c.t.Errorf("%s %s: not in openapi.yaml (%v) but answered %d", req.Method, req.URL.Path, err, res.status)
		}
		return
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: vreq, PathParams: params, Route: route},
		Status:                 res.status,
		Header:                 res.header,
		Body:                   io.NopCloser(bytes.NewReader(res.body)),
		Options:                &openapi3filter.Options{IncludeResponseStatus: true},
	}
	if err := openapi3filter.ValidateResponse(context.Background(), in); err != nil {
		c.t.Errorf("%s %s -> %d violates openapi.yaml: %v\nbody: %.600s", req.Method, req.URL.Path, res.status, err, res.body)
	}
}

func (c *client) get(path string) response { c.t.Helper(); return c.do(http.MethodGet, path, "", nil) }

func (c *client) postJSON(path string, v any) response {
	c.t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		c.t.Fatal(err)
	}
	return c.do(http.MethodPost, path, "application/json", b)
}

func readTestdata(name string) ([]byte, error) { return os.ReadFile("testdata/" + name) }

func readFile(t *testing.T, name string) []byte {
	t.Helper()
	b, err := readTestdata(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func eachBackend(t *testing.T, fn func(t *testing.T, st store.Store)) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			t.Parallel()
			fn(t, b.open(t))
		})
	}
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }
