package api_test

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/scoophq/scoop/api"
	"github.com/scoophq/scoop/internal/ratelimit"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// testRedis opens the test Redis ($SCOOP_TEST_REDIS_URL, else the local
// one .ci/run starts), failing the test when it does not answer.
func testRedis(t *testing.T) *ratelimit.Shared {
	t.Helper()
	u := storetest.RedisURL()
	r, err := ratelimit.OpenNamespace(u, "scooptest"+strconv.FormatInt(time.Now().UnixNano(), 36))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	if err := r.Ping(t.Context()); err != nil {
		t.Fatalf("the test Redis at %s does not answer (.ci/run starts one; or set SCOOP_TEST_REDIS_URL): %v", u, err)
	}
	return r
}

// TestSharedRateLimits: two replicas on one database and one Redis give
// a client one allowance of requests between them, not one each.
func TestSharedRateLimits(t *testing.T) {
	st := storetest.OpenSQLite(t)
	shared := testRedis(t)
	lim := api.Limits{RequestsPerMinute: 30}
	a := newClient(t, st, api.Config{Auth: api.AuthRequired, Limits: lim, SharedRates: shared})
	b := newClient(t, st, api.Config{Auth: api.AuthRequired, Limits: lim, SharedRates: shared})
	// A client of its own (a fresh account), so that no other run's
	// counts are its.
	key := makeKey(t, st, "shared", "read")
	counts := map[int]int{}
	began := time.Now()
	for i := range 60 {
		c := a
		if i%2 == 1 {
			c = b
		}
		counts[c.as(key).get("/v1/hands").status]++
	}
	// The allowance refills at one request every 2 s: a slow run (a
	// loaded machine) earns one more per 2 s it took, never a second
	// allowance of 30 (which two limits of their own would give).
	refilled := int(time.Since(began)/(2*time.Second)) + 1
	if counts[200] < 30 || counts[200] > 30+refilled || counts[429] == 0 {
		t.Errorf("60 requests over two replicas: %v (%d refilled); want the one allowance of 30, then 429", counts, refilled)
	}
}

// TestSharedRateLimitsUnreachable: with Redis unreachable, cheap work is
// limited by each process alone (fail open), expensive equity work is
// refused 503 (fail closed), and the fallback is logged.
func TestSharedRateLimitsUnreachable(t *testing.T) {
	dead, err := ratelimit.Open("redis://127.0.0.1:1/0")
	if err != nil {
		t.Fatal(err)
	}
	defer dead.Close()
	var log api.LogBuffer
	c := newClient(t, storetest.OpenSQLite(t), api.Config{SharedRates: dead, Limits: api.Limits{RequestsPerMinute: 5},
		Logger: slog.New(slog.NewTextHandler(&log, nil))})
	cheap := map[string]any{"hands": []string{"As2s3dKd", "QhQcJhTc"}, "board": "4c7hKh"}
	counts := map[int]int{}
	for range 8 {
		counts[c.postJSON("/v1/equity", cheap).status]++
	}
	if counts[200] != 5 || counts[429] != 3 {
		t.Errorf("cheap equity with Redis down: %v; want this process's 5 a minute, then 429", counts)
	}
	d := newClient(t, storetest.OpenSQLite(t), api.Config{SharedRates: dead, Logger: slog.New(slog.NewTextHandler(&log, nil))})
	body, _ := json.Marshal(map[string]any{"hands": []string{"As2s3dKd", "QhQcJhTc"}})
	res := d.do(http.MethodPost, "/v1/equity", "application/json", body)
	p := wantStatus(t, "expensive equity with Redis down", res, 503)
	if !strings.Contains(p.Detail, "shared rate limit") || res.header.Get("Retry-After") == "" {
		t.Errorf("expensive equity with Redis down: %q Retry-After %q", p.Detail, res.header.Get("Retry-After"))
	}
	if !strings.Contains(log.String(), "shared rate limit unreachable") {
		t.Error("the fallback is not logged")
	}
}
