//go:build faults

package faultsuite

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// binPath is the scoop binary TestMain builds.
var binPath string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "scoop-faults-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "faults:", err)
		os.Exit(2)
	}
	binPath = filepath.Join(dir, "scoop")
	build := exec.Command("go", "build", "-o", binPath, "github.com/scoophq/scoop/cmd/scoop")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "faults: build scoop:", err)
		os.RemoveAll(dir)
		os.Exit(2)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// syncBuffer is a bytes.Buffer safe for one writer and many readers.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// server is a running `scoop serve` process.
type server struct {
	t      *testing.T
	name   string
	base   string // http://127.0.0.1:port
	addr   string // 127.0.0.1:port
	cmd    *exec.Cmd
	log    *syncBuffer
	exited chan struct{}
	err    error // the process's exit error, once exited is closed

	// key is the admin API key a first start with keys required printed
	// ("" until then, and with --auth off).
	key atomic.Value
	// sick, when set, allows 503 answers: the database is down or frozen.
	sick atomic.Bool
	mu   sync.Mutex
	bad  []string // unexpected answers (5xx), reported at the end
}

// startServer starts `scoop serve` on a free loopback port with env added
// to a clean environment (no DATABASE_URL, no SCOOP_*), and stops it with
// SIGTERM at cleanup, failing the test if it had died, answered an
// unexpected 5xx, logged a panic or did not stop cleanly.
func startServer(t *testing.T, name string, env []string, args ...string) *server {
	t.Helper()
	s := &server{t: t, name: name, log: &syncBuffer{}, exited: make(chan struct{})}
	// Keys off unless args ask for them: the scenarios tell clients apart
	// by address, as a server without keys does (the "hostile
	// credentials" scenario runs with keys). No metrics listener: two
	// servers run at once.
	s.cmd = exec.Command(binPath, append([]string{"serve", "--addr", "127.0.0.1:0", "--log", "json", "--auth", "off", "--metrics-addr", "off"}, args...)...)
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "DATABASE_URL=") || strings.HasPrefix(kv, "SCOOP_") || strings.HasPrefix(kv, "GOMAXPROCS=") {
			continue
		}
		s.cmd.Env = append(s.cmd.Env, kv)
	}
	s.cmd.Env = append(s.cmd.Env, env...)
	out, err := s.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	s.cmd.Stderr = s.log
	if err := s.cmd.Start(); err != nil {
		t.Fatalf("start scoop serve: %v", err)
	}
	lines := make(chan string, 1)
	go func() {
		r := bufio.NewReader(out)
		for {
			l, err := r.ReadString('\n')
			if k, ok := strings.CutPrefix(strings.TrimSpace(l), "sk_scoop_"); ok {
				s.key.Store("sk_scoop_" + k)
			}
			if strings.Contains(l, "listening on") {
				select {
				case lines <- l:
				default:
				}
			}
			if err != nil {
				return
			}
		}
	}()
	go func() {
		s.err = s.cmd.Wait()
		close(s.exited)
	}()
	select {
	case l := <-lines:
		s.base = strings.TrimSpace(l[strings.Index(l, "http://"):])
		s.addr = strings.TrimPrefix(s.base, "http://")
	case <-s.exited:
		t.Fatalf("%s: scoop serve exited before listening (%v); log:\n%s", name, s.err, tail(s.log.String()))
	case <-time.After(20 * time.Second):
		s.cmd.Process.Kill()
		t.Fatalf("%s: scoop serve did not listen within 20s; log:\n%s", name, tail(s.log.String()))
	}
	t.Cleanup(s.stop)
	return s
}

// stop checks the server survived, sends SIGTERM and waits for a clean
// exit, then reports what went wrong.
func (s *server) stop() {
	t := s.t
	select {
	case <-s.exited:
		t.Errorf("%s: the server died during the suite (%v); log:\n%s", s.name, s.err, tail(s.log.String()))
		return
	default:
	}
	s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.exited:
		if s.err != nil {
			t.Errorf("%s: after SIGTERM the server exited with %v", s.name, s.err)
		}
	case <-time.After(40 * time.Second):
		s.cmd.Process.Kill()
		t.Errorf("%s: the server did not stop within 40s of SIGTERM", s.name)
	}
	log := s.log.String()
	for _, bad := range []string{`"msg":"panic"`, "fatal error:", "goroutine "} {
		if strings.Contains(log, bad) {
			t.Errorf("%s: the log shows %q:\n%s", s.name, bad, tail(log))
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, b := range s.bad {
		t.Errorf("%s: %s", s.name, b)
	}
}

// alive fails the test unless the process runs and /healthz answers 200.
func (s *server) alive(t *testing.T, after string) {
	t.Helper()
	select {
	case <-s.exited:
		t.Fatalf("%s: the server died after %s (%v); log:\n%s", s.name, after, s.err, tail(s.log.String()))
	default:
	}
	res := s.do(t, client(""), "GET", "/healthz", nil, nil)
	if res.status != http.StatusOK {
		t.Fatalf("%s: /healthz after %s = %d %s", s.name, after, res.status, res.body)
	}
}

// peakRSS returns the process's peak resident set size in bytes (VmHWM).
func (s *server) peakRSS(t *testing.T) int64 {
	t.Helper()
	return procStatus(t, s.cmd.Process.Pid, "VmHWM")
}

// rss returns the process's current resident set size in bytes (VmRSS).
func (s *server) rss(t *testing.T) int64 {
	t.Helper()
	return procStatus(t, s.cmd.Process.Pid, "VmRSS")
}

func procStatus(t *testing.T, pid int, key string) int64 {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatalf("read /proc status: %v", err)
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, key+":"); ok {
			f := strings.Fields(v)
			kb, err := strconv.ParseInt(f[0], 10, 64)
			if err != nil {
				t.Fatalf("%s: %q", key, l)
			}
			return kb << 10
		}
	}
	t.Fatalf("no %s in /proc/%d/status", key, pid)
	return 0
}

// response is one answer.
type response struct {
	status  int
	body    []byte
	header  http.Header
	elapsed time.Duration
	err     error // transport error (status 0)
}

// client returns an HTTP client whose connections come from the loopback
// address ip ("" for the default), so that the server sees distinct
// clients by address.
func client(ip string) *http.Client {
	d := &net.Dialer{Timeout: 5 * time.Second}
	if ip != "" {
		d.LocalAddr = &net.TCPAddr{IP: net.ParseIP(ip)}
	}
	return &http.Client{
		Timeout: 120 * time.Second,
		Transport: &http.Transport{
			DialContext:           d.DialContext,
			ExpectContinueTimeout: 5 * time.Second,
			MaxIdleConnsPerHost:   64,
			DisableCompression:    true,
		},
	}
}

// do sends a request and records an unexpected 5xx against the server.
func (s *server) do(t testing.TB, c *http.Client, method, path string, body []byte, hdr map[string]string) response {
	return s.doCtx(context.Background(), t, c, method, path, body, hdr)
}

func (s *server) doCtx(ctx context.Context, t testing.TB, c *http.Client, method, path string, body []byte, hdr map[string]string) response {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, s.base+path, rd)
	if err != nil {
		t.Fatalf("request %s %s: %v", method, path, err)
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	start := time.Now()
	res, err := c.Do(req)
	if err != nil {
		return response{err: err, elapsed: time.Since(start)}
	}
	defer res.Body.Close()
	// Keep at most 4 MiB of an answer (a replay of 30 MB is tens of MB
	// of verdicts): the suite reads counts, not whole verdicts.
	b, err := io.ReadAll(io.LimitReader(res.Body, 4<<20))
	if err == nil {
		_, err = io.Copy(io.Discard, res.Body)
	}
	out := response{status: res.StatusCode, body: b, header: res.Header, elapsed: time.Since(start), err: err}
	s.check(method, path, out)
	return out
}

// check records a 5xx that is not an allowed 503.
func (s *server) check(method, path string, r response) {
	if r.status < 500 || r.status == http.StatusServiceUnavailable && s.sick.Load() {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.bad = append(s.bad, fmt.Sprintf("%s %s answered %d: %s", method, path, r.status, clip(r.body)))
}

func jsonHdr() map[string]string { return map[string]string{"Content-Type": "application/json"} }
func textHdr() map[string]string { return map[string]string{"Content-Type": "text/plain"} }

// percentile returns the p-th percentile (0-100) of ds.
func percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := int(float64(len(s)-1) * p / 100)
	return s[i]
}

func clip(b []byte) string {
	if len(b) > 300 {
		return string(b[:300]) + "..."
	}
	return string(b)
}

func tail(s string) string {
	if len(s) > 4000 {
		return "..." + s[len(s)-4000:]
	}
	return s
}

// hungListener accepts connections and never answers: a database that
// hangs. It returns its address.
func hungListener(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var conns []net.Conn
	var mu sync.Mutex
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			c.Close()
		}
	})
	return ln.Addr().String()
}

// proxy forwards TCP to target until frozen: a frozen proxy keeps every
// connection open and forwards nothing, as a database that stops answering.
type proxy struct {
	ln     net.Listener
	target string
	mu     sync.Mutex
	frozen bool
	thaw   chan struct{}
	conns  []net.Conn
}

func newProxy(t *testing.T, target string) *proxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &proxy{ln: ln, target: target, thaw: make(chan struct{})}
	close(p.thaw)
	go p.serve()
	t.Cleanup(p.close)
	return p
}

func (p *proxy) addr() string { return p.ln.Addr().String() }

func (p *proxy) serve() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		go p.handle(c)
	}
}

func (p *proxy) handle(c net.Conn) {
	p.wait()
	up, err := net.Dial("tcp", p.target)
	if err != nil {
		c.Close()
		return
	}
	p.mu.Lock()
	p.conns = append(p.conns, c, up)
	p.mu.Unlock()
	go p.pipe(up, c)
	p.pipe(c, up)
}

// pipe copies src to dst, holding each chunk while the proxy is frozen.
func (p *proxy) pipe(dst, src net.Conn) {
	defer dst.Close()
	defer src.Close()
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			p.wait()
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

func (p *proxy) wait() {
	p.mu.Lock()
	ch := p.thaw
	p.mu.Unlock()
	<-ch
}

func (p *proxy) freeze() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.frozen {
		p.frozen = true
		p.thaw = make(chan struct{})
	}
}

func (p *proxy) unfreeze() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.frozen {
		p.frozen = false
		close(p.thaw)
	}
}

func (p *proxy) close() {
	p.unfreeze()
	p.ln.Close()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		c.Close()
	}
}
