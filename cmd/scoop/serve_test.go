package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/scoophq/scoop/internal/jobs"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// startServe runs `scoop serve args...` in-process on 127.0.0.1:0 and
// returns its base URL and a stop function that cancels it (SIGINT's
// context) and returns its exit status and stderr.
func startServe(t *testing.T, args ...string) (base string, stop func() (int, string)) {
	t.Helper()
	base, stop, _ = startServeOutput(t, args...)
	return base, stop
}

// startServeOutput is startServe that also gives the lines serve prints on
// its standard output other than the address (the first key's notice).
func startServeOutput(t *testing.T, args ...string) (base string, stop func() (int, string), lines <-chan string) {
	t.Helper()
	printed := make(chan string, 64)
	serveOutput := func(line string) {
		select {
		case printed <- line:
		default:
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	outR, outW := io.Pipe()
	var stderr bytes.Buffer
	done := make(chan int, 1)
	go func() {
		// Keys off (the tests are about serving; TestServeFirstKey and the
		// README test run with keys) and no metrics listener: tests run
		// many servers at once. args come after, so they win.
		code := Run(ctx, append([]string{"serve", "--addr", "127.0.0.1:0", "--log", "text", "--auth", "off", "--metrics-addr", "off"}, args...), strings.NewReader(""), outW, &stderr)
		outW.Close()
		done <- code
	}()
	out := bufio.NewReader(outR)
	for {
		line, err := out.ReadString('\n')
		if err != nil {
			cancel()
			t.Fatalf("serve did not start: %v; stderr:\n%s", err, stderr.String())
		}
		if rest, ok := strings.CutPrefix(line, "scoop: listening on "); ok {
			base = strings.TrimSpace(rest)
			break
		}
		serveOutput(line)
	}
	go func() {
		for {
			line, err := out.ReadString('\n')
			if err != nil {
				return
			}
			serveOutput(line)
		}
	}()
	stopped := false
	stop = func() (int, string) {
		if stopped {
			return 0, ""
		}
		stopped = true
		cancel()
		select {
		case code := <-done:
			return code, stderr.String()
		case <-time.After(30 * time.Second):
			t.Fatal("serve did not stop")
			return -1, ""
		}
	}
	t.Cleanup(func() { stop() })
	return base, stop, printed
}

// waitReady waits until base's /readyz answers 200 (the store connects in
// the background), failing the test if it never does (a bound only so
// that a hang fails; no timing is asserted).
func waitReady(t *testing.T, base string) {
	t.Helper()
	var code int
	var body []byte
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		res, err := http.Get(base + "/readyz")
		if err != nil {
			t.Fatalf("GET /readyz: %v", err)
		}
		body, _ = io.ReadAll(res.Body)
		res.Body.Close()
		if code = res.StatusCode; code == http.StatusOK {
			return
		}
	}
	t.Fatalf("/readyz never turned 200: last %d %s", code, body)
}

func TestServe(t *testing.T) {
	tests := []struct {
		name string
		env  func(t *testing.T) []string // KEY=VALUE pairs
		args func(t *testing.T) []string
	}{
		{"sqlite", func(t *testing.T) []string { return nil }, func(t *testing.T) []string {
			return []string{"--sqlite", filepath.Join(t.TempDir(), "scoop.db")}
		}},
		{"postgres", func(t *testing.T) []string {
			return []string{"DATABASE_URL=" + storetest.SchemaURL(t, storetest.NewSchema(t))}
		}, func(t *testing.T) []string { return nil }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("DATABASE_URL", "")
			for _, kv := range tc.env(t) {
				k, v, _ := strings.Cut(kv, "=")
				t.Setenv(k, v)
			}
			base, stop := startServe(t, tc.args(t)...)
			get := func(path string) (int, string) {
				res, err := http.Get(base + path)
				if err != nil {
					t.Fatalf("GET %s: %v", path, err)
				}
				defer res.Body.Close()
				b, _ := io.ReadAll(res.Body)
				return res.StatusCode, string(b)
			}
			waitReady(t, base)
			res, err := http.Post(base+"/v1/equity", "application/json",
				strings.NewReader(`{"hands":["As2s3dKd","QhQcJhTc"],"board":"4c7hKh","store":true}`))
			if err != nil {
				t.Fatal(err)
			}
			var r struct {
				ID     string `json:"id"`
				Boards int    `json:"boards"`
			}
			json.NewDecoder(res.Body).Decode(&r)
			res.Body.Close()
			if res.StatusCode != 200 || r.ID == "" || r.Boards != 820 {
				t.Fatalf("POST /v1/equity = %d %+v", res.StatusCode, r)
			}
			if code, body := get("/v1/equity/" + r.ID); code != 200 || !strings.Contains(body, `"boards":820`) {
				t.Errorf("GET stored equity = %d %s", code, body)
			}
			pool := map[string]string{"postgres": "scoop_db_pool_max_conns", "sqlite": `go_sql_max_open_connections{db_name="sqlite"}`}[tc.name]
			if code, body := get("/metrics"); code != 200 || !strings.Contains(body, "scoop_http_requests_total") ||
				!strings.Contains(body, pool) {
				t.Errorf("/metrics = %d, want the %s pool metric %s", code, tc.name, pool)
			}
			// PostgreSQL: the pool holds the requests' default (at least
			// 4) plus what the one default job worker may use.
			if tc.name == "postgres" {
				want := fmt.Sprintf("scoop_db_pool_max_conns %d", max(4, runtime.NumCPU())+jobs.StoreStreams+1)
				if _, body := get("/metrics"); !strings.Contains(body, want) {
					t.Errorf("/metrics lacks %q", want)
				}
			}
			code, stderr := stop()
			if code != 0 {
				t.Errorf("serve exited %d; stderr:\n%s", code, stderr)
			}
			for _, want := range []string{"storage ready", "shutting down", "stopped"} {
				if !strings.Contains(stderr, want) {
					t.Errorf("log lacks %q:\n%s", want, stderr)
				}
			}
		})
	}
}

// TestServeDrainsInFlight starts a request whose body is still arriving,
// stops the server, and checks the request is still answered in full.
func TestServeDrainsInFlight(t *testing.T) {
	t.Setenv("DATABASE_URL", "")
	// The server tells when a connection has started a request (active).
	active := make(chan struct{})
	var once sync.Once
	serveConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateActive {
			once.Do(func() { close(active) })
		}
	}
	t.Cleanup(func() { serveConnState = nil })
	base, stop := startServe(t, "--sqlite", filepath.Join(t.TempDir(), "scoop.db"))
	pr, pw := io.Pipe()
	type result struct {
		code int
		body string
		err  error
	}
	got := make(chan result, 1)
	go func() {
		req, _ := http.NewRequest(http.MethodPost, base+"/v1/equity", pr)
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			got <- result{err: err}
			return
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		got <- result{code: res.StatusCode, body: string(b)}
	}()
	io.WriteString(pw, `{"hands":["As2s3dKd",`)
	<-active // the request is in flight
	stopped := make(chan int, 1)
	go func() { code, _ := stop(); stopped <- code }()
	// Shutdown has begun once the listener refuses new connections (a
	// wait, with a deadline only so that a hang fails).
	host := strings.TrimPrefix(base, "http://")
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(2 * time.Millisecond) {
		c, err := net.Dial("tcp", host)
		if err != nil {
			break
		}
		c.Close()
		if time.Now().After(deadline) {
			t.Fatal("the server still accepts connections after stop")
		}
	}
	io.WriteString(pw, `"QhQcJhTc"],"board":"4c7hKh"}`)
	pw.Close()
	r := <-got
	if r.err != nil || r.code != 200 || !strings.Contains(r.body, `"boards":820`) {
		t.Errorf("in-flight request during shutdown = %d %q %v", r.code, r.body, r.err)
	}
	if code := <-stopped; code != 0 {
		t.Errorf("serve exited %d", code)
	}
}

func TestServeAndMigrateBadConfig(t *testing.T) {
	tests := []struct {
		name string
		env  string
		args []string
	}{
		{"bad address", "", []string{"serve", "--addr", "nowhere"}},
		{"unknown flag", "", []string{"serve", "--port", "1"}},
		{"stray argument", "", []string{"serve", "extra"}},
		{"bad log format", "", []string{"serve", "--log", "xml"}},
		{"empty sqlite path", "", []string{"serve", "--sqlite", ""}},
		{"bad DATABASE_URL", "postgres://u:p@host:notaport/db", []string{"serve", "--addr", "127.0.0.1:0"}},
		{"migrate: bad DATABASE_URL", "postgres://u:p@host:notaport/db", []string{"migrate"}},
		{"migrate: stray argument", "", []string{"migrate", "up"}},
		{"migrate: unknown flag", "", []string{"migrate", "--force"}},
		{"limit: not a size", "", []string{"serve", "--max-text-body", "lots"}},
		{"limit: zero slots", "", []string{"serve", "--compute-slots", "0"}},
		{"limit: budget below the largest body", "", []string{"serve", "--body-budget", "1MiB"}},
		{"limit: trials over the engine's maximum", "", []string{"serve", "--max-trials", "20000000"}},
		{"limit: compute timeout past the write timeout", "", []string{"serve", "--compute-timeout", "5m"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("DATABASE_URL", tc.env)
			var stdout, stderr bytes.Buffer
			code := Run(context.Background(), tc.args, strings.NewReader(""), &stdout, &stderr)
			lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
			if code != 2 || len(lines) != 1 || !strings.HasPrefix(lines[0], "scoop "+tc.args[0]+": ") {
				t.Errorf("exit %d, stderr %q; want 2 and one line scoop %s: ...", code, stderr.String(), tc.args[0])
			}
			if strings.Contains(stderr.String(), ":p@") {
				t.Errorf("the password is echoed: %s", stderr.String())
			}
		})
	}
}

func TestMigrate(t *testing.T) {
	pgURL := storetest.SchemaURL(t, storetest.NewSchema(t))
	tests := []struct {
		name, databaseURL string
		args              []string
	}{
		{"sqlite", "", []string{"migrate", "--sqlite", filepath.Join(t.TempDir(), "scoop.db")}},
		{"postgres", pgURL, []string{"migrate"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("DATABASE_URL", tc.databaseURL)
			for i, want := range []string{"applied migrations [1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17]", "up to date"} {
				var stdout, stderr bytes.Buffer
				code := Run(context.Background(), tc.args, strings.NewReader(""), &stdout, &stderr)
				if code != 0 || !strings.Contains(stdout.String(), want) {
					t.Errorf("run %d: exit %d stdout %q stderr %q; want %q", i+1, code, stdout.String(), stderr.String(), want)
				}
			}
		})
	}
}

// TestServeDefaultAddrIsLoopback: on a laptop `scoop serve` listens on
// this machine only; the container images set SCOOP_ADDR=:8080 so that
// they still listen on every interface.
func TestServeDefaultAddrIsLoopback(t *testing.T) {
	c := defaultServeConfig()
	c.fromEnv(func(string) string { return "" })
	if c.Addr != "127.0.0.1:8080" {
		t.Errorf("default addr %q, want 127.0.0.1:8080", c.Addr)
	}
	c.fromEnv(func(k string) string {
		if k == "SCOOP_ADDR" {
			return ":9000"
		}
		return ""
	})
	if c.Addr != ":9000" {
		t.Errorf("SCOOP_ADDR ignored: %q", c.Addr)
	}
	for _, f := range []string{"../../Dockerfile", "../../docker-compose.yml"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !regexp.MustCompile(`SCOOP_ADDR[=:] *"?:8080"?`).Match(b) {
			t.Errorf("%s does not set SCOOP_ADDR to :8080", f)
		}
	}
}

func TestServeHelpListsLogAndAddr(t *testing.T) {
	code, _, errs := runScoop(t, "serve", "--help")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	usage := strings.SplitN(errs, "\n", 2)[0]
	for _, want := range []string{"--log", "--addr"} {
		if !strings.Contains(usage, want) {
			t.Errorf("usage line lacks %s: %q", want, usage)
		}
	}
	if !strings.Contains(errs, "127.0.0.1:8080") {
		t.Errorf("help does not name the default address:\n%s", errs)
	}
}

func TestVersion(t *testing.T) {
	code, out, errs := runScoop(t, "version")
	if code != 0 || !strings.HasPrefix(out, "scoop ") || strings.Count(out, "\n") != 1 {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	bi := &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "v1.2.3"},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc123"}, {Key: "vcs.time", Value: "2026-01-02T03:04:05Z"}, {Key: "vcs.modified", Value: "true"}}}
	if got, want := versionLine(bi), "scoop v1.2.3 (revision abc123+dirty, 2026-01-02T03:04:05Z) go1.26.0"; got != want {
		t.Errorf("versionLine = %q, want %q", got, want)
	}
	if got := versionLine(nil); got != "scoop unknown (revision unknown) unknown" {
		t.Errorf("versionLine(nil) = %q", got)
	}
}
