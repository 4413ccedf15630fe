package main

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/scoophq/scoop/internal/handhistory/hhtest"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// shortRetries makes serve retry the database quickly, for the test.
func shortRetries(t *testing.T) {
	base, limit := serveRetryBase, serveRetryCap
	serveRetryBase, serveRetryCap = 50*time.Millisecond, 300*time.Millisecond
	t.Cleanup(func() { serveRetryBase, serveRetryCap = base, limit })
}

type reply struct {
	status int
	ctype  string
	body   string
}

func call(t *testing.T, method, url, ctype, body string) reply {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return reply{res.StatusCode, res.Header.Get("Content-Type"), string(b)}
}

// want503 fails unless r is a 503 problem+json whose detail holds want
// (and is never the empty 200 a timeout once gave).
func want503(t *testing.T, what string, r reply, want string) {
	t.Helper()
	var p struct {
		Status int    `json:"status"`
		Detail string `json:"detail"`
	}
	if r.status != http.StatusServiceUnavailable || r.ctype != "application/problem+json" ||
		json.Unmarshal([]byte(r.body), &p) != nil || p.Status != 503 || !strings.Contains(p.Detail, want) {
		t.Errorf("%s = %d %q %s; want a 503 problem saying %q", what, r.status, r.ctype, r.body, want)
	}
}

const equityBody = `{"hands":["As2s3dKd","QhQcJhTc"],"board":"4c7hKh"}`

// TestServeWithoutDatabase starts the real `scoop serve` on a PostgreSQL
// that does not answer (a listener that accepts and never writes) or
// refuses connections: it used never to listen (hung) or to exit 1
// (refused). It must listen at once, serve health and equity, answer 503
// for readiness and the hand endpoints, and, once the database is
// reachable, connect, migrate and store hands.
func TestServeWithoutDatabase(t *testing.T) {
	shortRetries(t)
	tests := []struct {
		name string
		// down returns the database's address while it is down, and the
		// function that brings it up there.
		down      func(t *testing.T) (addr string, up func())
		logCauses string
	}{
		{"hung", func(t *testing.T) (string, func()) {
			p := storetest.NewProxy(t, "")
			return p.Addr(), func() { p.Forward(storetest.PostgresHost(t)) }
		}, "did not answer in time"},
		{"refused", func(t *testing.T) (string, func()) {
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			addr := ln.Addr().String()
			ln.Close()
			return addr, func() { storetest.NewProxy(t, addr).Forward(storetest.PostgresHost(t)) }
		}, "connection refused"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			addr, up := tc.down(t)
			t.Setenv("DATABASE_URL", storetest.ViaURL(t, storetest.NewSchema(t), addr, nil))
			base, stop := startServe(t, "--db-timeout", "1s")

			if r := call(t, "GET", base+"/healthz", "", ""); r.status != 200 {
				t.Errorf("/healthz = %d %s", r.status, r.body)
			}
			if r := call(t, "POST", base+"/v1/equity", "application/json", equityBody); r.status != 200 || !strings.Contains(r.body, `"boards":820`) {
				t.Errorf("POST /v1/equity without a database = %d %s", r.status, r.body)
			}
			for _, path := range []string{"/metrics", "/docs", "/openapi.yaml"} {
				if r := call(t, "GET", base+path, "", ""); r.status != 200 {
					t.Errorf("GET %s without a database = %d", path, r.status)
				}
			}
			want503(t, "/readyz", call(t, "GET", base+"/readyz", "", ""), "not connected")
			want503(t, "GET /v1/hands", call(t, "GET", base+"/v1/hands", "", ""), "not connected")
			want503(t, "GET /v1/hands/1", call(t, "GET", base+"/v1/hands/1", "", ""), "not connected")
			want503(t, "POST /v1/hands", call(t, "POST", base+"/v1/hands", "text/plain", hhtest.PokerStarsHand), "not connected")
			want503(t, "POST /v1/equity storing", call(t, "POST", base+"/v1/equity", "application/json",
				`{"hands":["As2s3dKd","QhQcJhTc"],"board":"4c7hKh","store":true}`), "not connected")

			up()
			waitReady(t, base)
			r := call(t, "POST", base+"/v1/hands", "text/plain", hhtest.PokerStarsHand)
			if r.status != 200 || !strings.Contains(r.body, `"stored":1`) {
				t.Errorf("POST /v1/hands once connected = %d %s", r.status, r.body)
			}
			if r := call(t, "GET", base+"/v1/hands", "", ""); r.status != 200 || !strings.Contains(r.body, `"site_hand_id":"900"`) {
				t.Errorf("GET /v1/hands once connected = %d %s", r.status, r.body)
			}
			code, log := stop()
			if code != 0 {
				t.Errorf("serve exited %d", code)
			}
			for _, want := range []string{"storage not ready", tc.logCauses, "storage ready"} {
				if !strings.Contains(log, want) {
					t.Errorf("the log lacks %q:\n%s", want, log)
				}
			}
		})
	}
}

// TestServeDatabaseHangsMidway: a database that stops answering once
// connected costs each request the database deadline and a 503 (it hung
// requests for 100s, and with connect_timeout answered an empty 200 that
// stored nothing); when it answers again, so does the server.
func TestServeDatabaseHangsMidway(t *testing.T) {
	shortRetries(t)
	p := storetest.NewProxy(t, "")
	p.Forward(storetest.PostgresHost(t))
	t.Setenv("DATABASE_URL", storetest.ViaURL(t, storetest.NewSchema(t), p.Addr(), map[string][]string{"connect_timeout": {"1"}}))
	base, _ := startServe(t, "--db-timeout", "1s")
	waitReady(t, base)
	if r := call(t, "POST", base+"/v1/hands", "text/plain", hhtest.PokerStarsHand); r.status != 200 {
		t.Fatalf("POST /v1/hands = %d %s", r.status, r.body)
	}
	p.Hang()
	want503(t, "GET /v1/hands", call(t, "GET", base+"/v1/hands", "", ""), "did not answer in time")
	want503(t, "GET /v1/hands/{id}", call(t, "GET", base+"/v1/hands/"+store.NewPublicID(), "", ""), "")
	other := strings.Replace(hhtest.PokerStarsHand, "#900", "#901", 1)
	want503(t, "POST /v1/hands", call(t, "POST", base+"/v1/hands", "text/plain", other), "")
	want503(t, "POST /v1/hands again", call(t, "POST", base+"/v1/hands", "text/plain", other), "")
	want503(t, "/readyz", call(t, "GET", base+"/readyz", "", ""), "")
	if r := call(t, "POST", base+"/v1/equity", "application/json", equityBody); r.status != 200 {
		t.Errorf("equity while the database hangs = %d %s", r.status, r.body)
	}
	p.Forward(storetest.PostgresHost(t))
	waitReady(t, base)
	if r := call(t, "GET", base+"/v1/hands", "", ""); r.status != 200 || strings.Contains(r.body, `"site_hand_id":"901"`) || !strings.Contains(r.body, `"site_hand_id":"900"`) {
		t.Errorf("GET /v1/hands after the hang = %d %s; want hand 900 only", r.status, r.body)
	}
}

func TestServeDBTimeoutConfig(t *testing.T) {
	t.Setenv("DATABASE_URL", "")
	var stdout, stderr strings.Builder
	if code := Run(t.Context(), []string{"serve", "--help"}, strings.NewReader(""), &stdout, &stderr); code != 0 ||
		!strings.Contains(stderr.String(), "-db-timeout") || !strings.Contains(stderr.String(), "SCOOP_DB_TIMEOUT") {
		t.Errorf("serve --help = %d, %s; want --db-timeout and SCOOP_DB_TIMEOUT listed", code, stderr.String())
	}
	for _, tc := range []struct {
		name, env string
		args      []string
	}{
		{"zero", "", []string{"--db-timeout", "0s"}},
		{"negative", "", []string{"--db-timeout", "-1s"}},
		{"not a duration", "", []string{"--db-timeout", "5"}},
		{"bad environment", "soon", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("SCOOP_DB_TIMEOUT", tc.env)
			var stdout, stderr strings.Builder
			code := Run(t.Context(), append([]string{"serve", "--addr", "127.0.0.1:0"}, tc.args...), strings.NewReader(""), &stdout, &stderr)
			if code != 2 || strings.Count(strings.TrimSpace(stderr.String()), "\n") != 0 {
				t.Errorf("exit %d, stderr %q; want 2 and one line", code, stderr.String())
			}
		})
	}
}
