package api_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/scoophq/scoop/api"
	"github.com/scoophq/scoop/internal/auth"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// doAs sends a request with extra headers and validates the response
// against openapi.yaml, as do does. A "Client" header names the client:
// the request carries that client's API key (keyOf), so that admission
// tells the clients apart by their accounts.
func (c *client) doAs(method, path string, header map[string]string, body []byte) response {
	c.t.Helper()
	req, err := http.NewRequest(method, c.srv.URL+path, bytes.NewReader(body))
	if err != nil {
		c.t.Fatal(err)
	}
	if c.key != "" {
		req.Header.Set("Authorization", "Bearer "+c.key)
	}
	for k, v := range header {
		if k == "Client" {
			req.Header.Set("Authorization", "Bearer "+c.keyOf(v))
			continue
		}
		req.Header.Set(k, v)
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

// jsonAs is the header of a JSON request from the client named key.
func jsonAs(key string) map[string]string {
	return map[string]string{"Content-Type": "application/json", "Client": key}
}

// holdAs starts a slow equity run for the client key and returns once
// inFlight runs are in flight; cancel ends it.
func holdAs(t *testing.T, c *client, key string, inFlight float64) (cancel func()) {
	t.Helper()
	ctx, stop := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, c.srv.URL+"/v1/equity", strings.NewReader(slowEquity))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+c.keyOf(key))
		if res, err := http.DefaultClient.Do(req); err == nil {
			res.Body.Close()
		}
	})
	waitFor(t, key+"'s slow run to start", func() bool {
		v, _ := metricValue(c, "scoop_equity_in_flight")
		return v == inFlight
	})
	return func() { stop(); wg.Wait() }
}

const cheapEquity = `{"hands":["As2s3dKd","QhQcJhTc"],"board":"4c7hKh"}` // 820 boards

// TestCheapServedWhileExpensiveSaturates: while two clients hold all the
// expensive compute with maximum-cost runs, a third client's cheap equity
// and one-hand posts are answered (before admission control they waited
// for a slot and got 429), while its expensive request is refused after
// the brief queue wait, with Retry-After.
func TestCheapServedWhileExpensiveSaturates(t *testing.T) {
	// Room for two parallel runs, one per attacker.
	slots := 2 * runtime.GOMAXPROCS(0)
	c := newKeyedClient(t, storetest.OpenSQLite(t), api.Config{Limits: api.Limits{QueueWait: 50 * time.Millisecond, ComputeSlots: slots}})
	stopA := holdAs(t, c, "attacker-a", 1)
	defer stopA()
	stopB := holdAs(t, c, "attacker-b", 2)
	defer stopB()
	if v, _ := metricValue(c, "scoop_compute_cores_in_use"); v != float64(slots) {
		t.Fatalf("two runs hold %v cores, want all %d of the expensive compute", v, slots)
	}
	for i := range 3 {
		if res := c.doAs("POST", "/v1/equity", jsonAs("victim"), []byte(cheapEquity)); res.status != 200 {
			t.Errorf("cheap equity %d under saturation: %d %s", i, res.status, res.body)
		}
		for _, path := range []string{"/v1/hands/replay", "/v1/hands"} {
			res := c.doAs("POST", path, map[string]string{"Content-Type": "text/plain", "Client": "victim"}, []byte(psHand))
			if res.status != 200 {
				t.Errorf("one hand to %s under saturation: %d %.300s", path, res.status, res.body)
			}
		}
	}
	// The attackers' own cheap requests are served too: cheap work is
	// judged by its cost, not by who sends it.
	if res := c.doAs("POST", "/v1/equity", jsonAs("attacker-a"), []byte(cheapEquity)); res.status != 200 {
		t.Errorf("an attacker's cheap equity: %d", res.status)
	}
	res := c.doAs("POST", "/v1/equity", jsonAs("victim"), []byte(`{"hands":["As2s3dKd","QhQcJhTc"]}`)) // 1,086,008 boards
	if res.status != http.StatusTooManyRequests || res.header.Get("Retry-After") == "" {
		t.Fatalf("expensive equity under saturation: %d %s, want 429 with Retry-After", res.status, res.body)
	}
	if v, _ := metricValue(c, `scoop_admission_rejected_total{pool="compute",reason="wait_expired"}`); v != 1 {
		t.Errorf("rejections by reason: wait_expired = %v, want 1", v)
	}
}

// TestTrialsCap: the cost of one request is capped: trials over
// Limits.MaxTrials (equity.MaxTrials by default) are a 400 naming trials
// and the maximum.
func TestTrialsCap(t *testing.T) {
	for _, tc := range []struct {
		limits api.Limits
		trials int
		max    string
	}{
		{api.Limits{}, 10_000_001, "10000000"},
		{api.Limits{MaxTrials: 1000}, 1001, "1000"},
	} {
		c := newKeyedClient(t, storetest.OpenSQLite(t), api.Config{Limits: tc.limits})
		res := c.postJSON("/v1/equity", map[string]any{"hands": []string{"As2s3dKd", "QhQcJhTc"}, "mode": "montecarlo", "trials": tc.trials})
		if p := res.problem(t); res.status != 400 || p.Field != "trials" || !strings.Contains(p.Detail, tc.max) {
			t.Errorf("%d trials with MaxTrials %d: %d %s, want 400 on trials naming %s", tc.trials, tc.limits.MaxTrials, res.status, res.body, tc.max)
		}
	}
	if err := (api.Limits{MaxTrials: 20_000_000}).Validate(); err == nil {
		t.Error("Limits.MaxTrials over equity.MaxTrials accepted")
	}
}

// smallLimits make a body budget a test can fill: 1 MiB text bodies, a
// 64 KiB cheap reserve, cheap bodies of at most 4 KiB.
var smallLimits = api.Limits{
	MaxTextBody:    1 << 20,
	MaxJSONBody:    1 << 16,
	CheapBytes:     1 << 12,
	CheapBodyBytes: 1 << 16,
	BodyBytes:      1<<20 + 1<<16,
	QueueWait:      50 * time.Millisecond,
}

// rawPost opens a connection and sends a POST's head (and a first part
// of its body), with c's key when it has one; the caller reads or closes.
func rawPost(t *testing.T, c *client, path, head, body string) net.Conn {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(c.srv.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	if c.key != "" {
		head += "Authorization: Bearer " + c.key + "\r\n"
	}
	if _, err := fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: 127.0.0.1\r\n%s\r\n%s", path, head, body); err != nil {
		t.Fatal(err)
	}
	return conn
}

// statusLine reads the first line the server answers on conn.
func statusLine(t *testing.T, conn net.Conn) string {
	t.Helper()
	conn.SetReadDeadline(time.Now().Add(30 * time.Second)) // a guard against a hang, not a measure
	line, err := bufio.NewReader(conn).ReadString('\n')
	if err != nil {
		t.Fatalf("reading the status line: %v (got %q)", err, line)
	}
	return strings.TrimSpace(line)
}

// TestBodyBytesAdmittedBeforeReading: a body's declared length is reserved
// from the budget before it is read. With the budget held by an upload in
// progress, a large body from another client is refused (429, Retry-After,
// unread) after the brief wait, while a small one is served from the cheap
// reserve; when the upload ends its bytes are given back.
func TestBodyBytesAdmittedBeforeReading(t *testing.T) {
	c := newKeyedClient(t, storetest.OpenSQLite(t), api.Config{Limits: smallLimits})
	// An upload of the largest text body that sends a few bytes and stalls.
	slow := rawPost(t, c, "/v1/hands/replay", fmt.Sprintf("Content-Type: text/plain\r\nContent-Length: %d\r\n", smallLimits.MaxTextBody), "PokerStars")
	waitFor(t, "the upload's bytes to be reserved", func() bool {
		v, _ := metricValue(c, "scoop_request_body_bytes_in_flight")
		return v == float64(smallLimits.MaxTextBody)
	})
	big := bytes.Repeat([]byte("x"), 100<<10)
	res := c.doAs("POST", "/v1/hands/replay", map[string]string{"Content-Type": "text/plain", "Client": "b"}, big)
	if res.status != http.StatusTooManyRequests || res.header.Get("Retry-After") == "" {
		t.Fatalf("a 100 KiB body with the budget held: %d %.300s, want 429 with Retry-After", res.status, res.body)
	}
	if v, _ := metricValue(c, `scoop_admission_rejected_total{pool="body",reason="wait_expired"}`); v != 1 {
		t.Errorf("body rejections (wait_expired) = %v, want 1", v)
	}
	if res := c.doAs("POST", "/v1/equity", jsonAs("c"), []byte(cheapEquity)); res.status != 200 {
		t.Errorf("a small equity body with the budget held: %d %s", res.status, res.body)
	}
	if res := c.doAs("POST", "/v1/hands/replay", map[string]string{"Content-Type": "text/plain", "Client": "c"}, []byte(psHand)); res.status != 200 {
		t.Errorf("a one-hand body with the budget held: %d %.300s", res.status, res.body)
	}
	slow.Close()
	waitFor(t, "the abandoned upload's bytes to be given back", func() bool {
		v, _ := metricValue(c, "scoop_request_body_bytes_in_flight")
		return v == 0
	})
	if res := c.doAs("POST", "/v1/hands/replay", map[string]string{"Content-Type": "text/plain", "Client": "b"}, big); res.status != 400 {
		t.Errorf("the 100 KiB body with the budget free: %d %.200s, want 400 (read, and not a hand history)", res.status, res.body)
	}
}

// TestDeclaredLengthOverLimit: a Content-Length over the route's limit is
// a 413 at once, without reading the body: with Expect: 100-continue the
// first answer is the 413, never 100 Continue, and with no body sent at
// all the 413 still comes.
func TestDeclaredLengthOverLimit(t *testing.T) {
	c := newKeyedClient(t, storetest.OpenSQLite(t), api.Config{})
	for _, tc := range []struct{ path, head string }{
		{"/v1/hands", "Content-Type: text/plain\r\nContent-Length: 1099511627776\r\nExpect: 100-continue\r\n"},
		{"/v1/hands/replay", "Content-Type: application/toml\r\nContent-Length: 33554433\r\n"},
		{"/v1/equity", "Content-Type: application/json\r\nContent-Length: 1048577\r\nExpect: 100-continue\r\n"},
		{"/v1/equity", "Content-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: 1048577\r\n"},
	} {
		conn := rawPost(t, c, tc.path, tc.head, "")
		line := statusLine(t, conn)
		conn.Close()
		if !strings.HasPrefix(line, "HTTP/1.1 413") {
			t.Errorf("POST %s with %q: first line %q, want 413", tc.path, tc.head, line)
		}
	}
	if v, _ := metricValue(c, "scoop_request_body_bytes_in_flight"); v != 0 {
		t.Errorf("bytes in flight after refusals: %v", v)
	}
}

// TestContentEncoding: identity and gzip are accepted, gzip decoded within
// the same limit (a bomb is a 413); any other encoding is a 415 naming it.
func TestContentEncoding(t *testing.T) {
	c := newKeyedClient(t, storetest.OpenSQLite(t), api.Config{})
	gz := func(b []byte) []byte {
		var buf bytes.Buffer
		zw := gzip.NewWriter(&buf)
		zw.Write(b)
		zw.Close()
		return buf.Bytes()
	}
	hdr := func(ct, enc string) map[string]string {
		return map[string]string{"Content-Type": ct, "Content-Encoding": enc}
	}
	for _, enc := range []string{"br", "deflate", "gzip, br", "compress", "zstd"} {
		res := c.doAs("POST", "/v1/equity", hdr("application/json", enc), []byte(cheapEquity))
		if p := res.problem(t); res.status != 415 || !strings.Contains(p.Detail, enc) {
			t.Errorf("Content-Encoding %q: %d %s, want 415 naming it", enc, res.status, res.body)
		}
	}
	for _, enc := range []string{"gzip", "GZIP", "x-gzip"} {
		if res := c.doAs("POST", "/v1/equity", hdr("application/json", enc), gz([]byte(cheapEquity))); res.status != 200 {
			t.Errorf("a %s equity request: %d %s", enc, res.status, res.body)
		}
	}
	if res := c.doAs("POST", "/v1/equity", hdr("application/json", "identity"), []byte(cheapEquity)); res.status != 200 {
		t.Errorf("identity: %d %s", res.status, res.body)
	}
	if res := c.doAs("POST", "/v1/hands/replay", hdr("text/plain", "gzip"), gz([]byte(psHand))); res.status != 200 {
		t.Errorf("a gzip hand: %d %.300s", res.status, res.body)
	}
	// Bombs: small on the wire, over the limit decoded.
	jsonBomb := gz([]byte(`{"hands":["` + strings.Repeat("A", api.MaxJSONBody) + `"]}`))
	textBomb := gz(make([]byte, api.MaxTextBody+1))
	for _, tc := range []struct {
		path, ct string
		body     []byte
	}{
		{"/v1/equity", "application/json", jsonBomb},
		{"/v1/hands/replay", "text/plain", textBomb},
		{"/v1/hands", "application/json", jsonBomb},
	} {
		res := c.doAs("POST", tc.path, hdr(tc.ct, "gzip"), tc.body)
		if p := res.problem(t); res.status != 413 || !strings.Contains(p.Detail, "decoded") {
			t.Errorf("a gzip bomb (%d bytes) to %s: %d %s, want 413 once decoded", len(tc.body), tc.path, res.status, res.body)
		}
	}
	res := c.doAs("POST", "/v1/equity", hdr("application/json", "gzip"), []byte(cheapEquity))
	if p := res.problem(t); res.status != 400 || !strings.Contains(p.Detail, "gzip") {
		t.Errorf("a body marked gzip that is not: %d %s, want 400", res.status, res.body)
	}
	if v, _ := metricValue(c, "scoop_request_body_bytes_in_flight"); v != 0 {
		t.Errorf("bytes in flight after the requests: %v", v)
	}
}

// BenchmarkCheapUnderSaturation measures what the fault suite checks:
// while two clients loop maximum-cost equity requests (four connections
// each), the latency of a third client's cheap equity (a heads-up flop,
// 820 boards) and one-hand replay, through a real server on loopback. It
// reports the p50, p99 and max in milliseconds and fails on any non-200.
func BenchmarkCheapUnderSaturation(b *testing.B) {
	st := storetest.OpenSQLite(b)
	s, err := api.New(context.Background(), api.Config{Store: st, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(s)
	defer srv.Close()
	keys := map[string]string{}
	for _, name := range []string{"attacker-0", "attacker-1", "victim"} {
		keys[name] = benchKey(b, st, name)
	}
	expensive := fmt.Sprintf(`{"hands":["As2s3dKd","QhQcJhTc","9c8c7d6d","AhKh5c4c","2h3h4d5d","JsTs9s8s"],"mode":"montecarlo","trials":%d}`, 10_000_000)
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for a := range 2 {
		for range 4 {
			wg.Go(func() {
				for ctx.Err() == nil {
					req, _ := http.NewRequestWithContext(ctx, "POST", srv.URL+"/v1/equity", strings.NewReader(expensive))
					req.Header.Set("Content-Type", "application/json")
					req.Header.Set("Authorization", "Bearer "+keys[fmt.Sprint("attacker-", a)])
					if res, err := http.DefaultClient.Do(req); err == nil {
						io.Copy(io.Discard, res.Body)
						res.Body.Close()
					}
				}
			})
		}
	}
	time.Sleep(300 * time.Millisecond) // let the attack saturate
	post := func(ct, body string) time.Duration {
		req, _ := http.NewRequest("POST", srv.URL+map[bool]string{true: "/v1/equity", false: "/v1/hands/replay"}[ct == "application/json"], strings.NewReader(body))
		req.Header.Set("Content-Type", ct)
		req.Header.Set("Authorization", "Bearer "+keys["victim"])
		start := time.Now()
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode != 200 {
			b.Fatalf("cheap request under saturation: %d", res.StatusCode)
		}
		return time.Since(start)
	}
	var lat []time.Duration
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if i%2 == 0 {
			lat = append(lat, post("application/json", cheapEquity))
		} else {
			lat = append(lat, post("text/plain", psHand))
		}
	}
	b.StopTimer()
	cancel()
	wg.Wait()
	slices.Sort(lat)
	at := func(p float64) float64 {
		return float64(lat[min(len(lat)-1, int(p*float64(len(lat))))].Microseconds()) / 1000
	}
	b.ReportMetric(at(0.5), "p50-ms")
	b.ReportMetric(at(0.99), "p99-ms")
	b.ReportMetric(at(1), "max-ms")
}

// TestChunkedBodyEndingAtItsReservation: a body of unknown length (sent
// chunked) that ends exactly where its reservation ends (CheapBytes, the
// first one) is read without reserving more: with the budget held by a
// large upload it is answered, not refused 429 for bytes it never sends.
func TestChunkedBodyEndingAtItsReservation(t *testing.T) {
	c := newKeyedClient(t, storetest.OpenSQLite(t), api.Config{Limits: smallLimits})
	slow := rawPost(t, c, "/v1/hands/replay", fmt.Sprintf("Content-Type: text/plain\r\nContent-Length: %d\r\n", smallLimits.MaxTextBody), "PokerStars")
	defer slow.Close()
	waitFor(t, "the upload's bytes to be reserved", func() bool {
		v, _ := metricValue(c, "scoop_request_body_bytes_in_flight")
		return v == float64(smallLimits.MaxTextBody)
	})
	body := bytes.Repeat([]byte("x"), int(smallLimits.CheapBytes))
	// A reader of unknown length: sent chunked, without Content-Length.
	req, err := http.NewRequest(http.MethodPost, c.srv.URL+"/v1/hands/replay", io.MultiReader(bytes.NewReader(body)))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "text/plain")
	req.Header.Set("Authorization", "Bearer "+c.key)
	res, err := c.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusBadRequest {
		t.Fatalf("a chunked body of exactly CheapBytes with the budget held: %d %.300s, want 400 (not a hand history)", res.StatusCode, got)
	}
}

// benchKey stores an admin key for the account named name.
func benchKey(b *testing.B, st store.Store, name string) string {
	key, prefix, hash := auth.NewKey()
	if _, err := st.CreateKey(context.Background(), name, store.APIKey{Prefix: prefix, Name: name, Scopes: "admin", Hash: hash}); err != nil {
		b.Fatal(err)
	}
	return key
}
