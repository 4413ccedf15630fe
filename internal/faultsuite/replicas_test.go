//go:build faults

package faultsuite

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/scoophq/scoop/internal/auth"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// replicas: two `scoop serve` started together on one fresh PostgreSQL
// schema and one Redis. Exactly one of them makes the first admin key;
// and a client sending to both by turns gets one allowance of requests
// (--rate-requests) between them, not one each.
func replicas(t *testing.T) {
	env := []string{"DATABASE_URL=" + storetest.SchemaURL(t, storetest.NewSchema(t)), "SCOOP_DB_TIMEOUT=2s", "SCOOP_REDIS_URL=" + storetest.RedisURL()}
	const allowance = 100
	var a, b *server
	var wg sync.WaitGroup
	wg.Go(func() {
		a = startServer(t, "replica-a", env, "--auth", "required", "--rate-requests", fmt.Sprint(allowance))
	})
	wg.Go(func() {
		b = startServer(t, "replica-b", env, "--auth", "required", "--rate-requests", fmt.Sprint(allowance))
	})
	wg.Wait()
	if t.Failed() {
		return
	}
	waitReady(t, a, 30*time.Second)
	waitReady(t, b, 30*time.Second)
	var keys []string
	for i := 0; i < 100; i++ {
		keys = keys[:0]
		for _, s := range []*server{a, b} {
			if k, _ := s.key.Load().(string); k != "" {
				keys = append(keys, k)
			}
		}
		if len(keys) > 0 && i > 40 { // 2 s more for a second key to show
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	figure("replicas: first admin keys made by two replicas started together", "%d", len(keys))
	if len(keys) != 1 {
		t.Fatalf("two replicas started together printed %d first admin keys, want 1", len(keys))
	}
	key := keys[0]
	c := client("127.0.0.21")
	counts := map[int]int{}
	hdr := map[string]string{"Authorization": "Bearer " + key}
	for i := range 2 * allowance {
		s := a
		if i%2 == 1 {
			s = b
		}
		r := s.do(t, c, "GET", "/v1/hands?limit=1", nil, hdr)
		counts[r.status]++
	}
	figure("replicas: requests allowed of 200 sent to two replicas by turns (allowance 100 a minute)", "%d (answers %v)", counts[200], counts)
	if counts[200] < allowance || counts[200] > allowance+allowance/20 || counts[429] == 0 {
		t.Errorf("200 requests over two replicas sharing Redis: %v; want one allowance of %d, then 429", counts, allowance)
	}
	a.alive(t, "replicas")
	b.alive(t, "replicas")
}

// sharedAddress: an attacker behind the same address as a valid key's
// owner floods bad keys past the address's limit; the valid key, used
// before, keeps working from that address, and the flood's client errors
// fill the log with at most the per-client quota of lines.
func sharedAddress(t *testing.T) {
	s := startServer(t, "shared-address", []string{"SCOOP_DB_TIMEOUT=2s"}, "--sqlite", t.TempDir()+"/shared.db", "--auth", "required", "--log-sample", "1")
	waitReady(t, s, 30*time.Second)
	key := printedKey(t, s)
	office := client("127.0.0.33")
	hdr := map[string]string{"Authorization": "Bearer " + key}
	want(t, "the valid key before the flood", s.do(t, office, "GET", "/v1/hands?limit=1", nil, hdr), 200)
	before := strings.Count(s.log.String(), "\n")
	start := time.Now()
	counts := map[int]int{}
	const flood = 2000
	for range flood {
		bad, _, _ := auth.NewKey()
		r := s.do(t, office, "GET", "/v1/hands?limit=1", nil, map[string]string{"Authorization": "Bearer " + bad})
		counts[r.status]++
	}
	elapsed := time.Since(start)
	good := 0
	for range 20 {
		if r := s.do(t, office, "GET", "/v1/hands?limit=1", nil, hdr); r.status == 200 {
			good++
		}
	}
	lines := strings.Count(s.log.String(), "\n") - before
	figure("shared address: bad-key flood answers", "%v in %v", counts, elapsed.Round(time.Millisecond))
	figure("shared address: valid key from the flooded address", "%d/20 answered 200", good)
	figure("shared address: log lines for the flood of 2000 bad keys", "%d (%.0f lines/s)", lines, float64(lines)/elapsed.Seconds())
	if counts[429] == 0 {
		t.Errorf("the flood: %v, want 429s past the address's bad-key limit", counts)
	}
	if good != 20 {
		t.Errorf("the valid key from the flooded address: %d/20 answered 200", good)
	}
	if lines > 200 {
		t.Errorf("a flood of %d bad keys wrote %d log lines", flood, lines)
	}
	s.alive(t, "shared address")
}

// printedKey waits for the admin key s printed on its first start.
func printedKey(t *testing.T, s *server) string {
	t.Helper()
	for range 300 {
		if key, _ := s.key.Load().(string); key != "" {
			return key
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("the first start printed no API key")
	return ""
}
