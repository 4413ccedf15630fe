//go:build faults

package faultsuite

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/scoophq/scoop/api"
)

// hostileCredentials attacks a server that requires keys with bad
// Authorization headers, many at once: malformed, huge, binary, unknown
// keys of the right form (each one a database lookup until the address
// is past its bad keys), the real key with its secret altered. Every one
// must be a 401 (or 431 for a header over the server's limit, 429 once
// the address is past its bad keys), never a 5xx, and the real key must
// keep working from its own address while the flood goes on.
func hostileCredentials(t *testing.T) {
	s := startServer(t, "auth", []string{"SCOOP_DB_TIMEOUT=2s"}, "--sqlite", filepath.Join(t.TempDir(), "auth.db"), "--auth", "required")
	waitReady(t, s, 30*time.Second)
	key := printedKey(t, s)
	c := client("")
	auth := func(v string) map[string]string {
		return map[string]string{"Content-Type": "text/plain", "Authorization": v}
	}
	r := s.do(t, c, "POST", "/v1/hands", oneHand(1), auth("Bearer "+key))
	want(t, "a hand with the real key", r, 200)

	altered := []byte(key)
	altered[len(altered)-1] ^= 1
	bad := []string{"", "Bearer", "Bearer  ", "Basic Zm9vOmJhcg==", "Bearer " + string(altered), "Bearer " + key + "x",
		"Bearer sk_scoop_" + strings.Repeat("a", 60000), "Bearer " + strings.Repeat("\xff", 100), "Bearer sk_scoop_aaaaaaaaaa_" + strings.Repeat("Z", 40),
		"bEaReR " + key[:len(key)-2], strings.Repeat("Bearer ", 5000)}
	for _, h := range bad {
		r := s.do(t, c, "GET", "/v1/hands", nil, map[string]string{"Authorization": h})
		want(t, fmt.Sprintf("Authorization %.30q", h), r, 401, 431)
		if r.status == 401 && r.header.Get("WWW-Authenticate") == "" {
			t.Errorf("Authorization %.30q: a 401 without a challenge", h)
		}
	}
	// A flood of unknown keys of the right form, each a lookup, from 8
	// connections, while the real key reads its hands.
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var mu sync.Mutex
	counts := map[int]int{}
	for w := range 8 {
		wg.Go(func() {
			cc := client("")
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				k := fmt.Sprintf("sk_scoop_%010d_%s", w*1_000_000+i, strings.Repeat("Q", 40))
				r := s.do(t, cc, "GET", "/v1/hands?limit=1", nil, map[string]string{"Authorization": "Bearer " + k})
				mu.Lock()
				counts[r.status]++
				mu.Unlock()
			}
		})
	}
	// The real key's owner reads from another address: the flooding one
	// is refused (429) once past its bad keys, before each lookup, and
	// the others are not.
	owner := client("127.0.0.5")
	var worst time.Duration
	for i := range 50 {
		r := s.do(t, owner, "GET", "/v1/hands?limit=5", nil, map[string]string{"Authorization": "Bearer " + key})
		want(t, fmt.Sprintf("the real key during the flood (%d)", i), r, 200)
		worst = max(worst, r.elapsed)
		time.Sleep(20 * time.Millisecond)
	}
	close(stop)
	wg.Wait()
	for st, n := range counts {
		if st != 401 && st != 429 {
			t.Errorf("unknown keys: %d answers of %d, want 401 (or 429 past the address's rate)", n, st)
		}
	}
	if counts[401]+counts[429] > api.AuthFailuresPerMinute && counts[429] == 0 {
		t.Errorf("unknown keys: %v; an address past %d bad keys a minute must be refused before the lookup", counts, api.AuthFailuresPerMinute)
	}
	figure("auth: unknown-key flood answers", "%v", counts)
	figure("auth: slowest real-key read during the flood", "%v", worst.Round(time.Millisecond))
	// Keys never reach the log; the prefix may.
	if log := s.log.String(); strings.Contains(log, key[20:]) || bytes.Contains([]byte(log), altered[20:]) {
		t.Errorf("the server log holds key material")
	}
	r = s.do(t, owner, "GET", "/v1/hands", nil, map[string]string{"Authorization": "Bearer " + key})
	want(t, "the real key after the flood", r, 200)
	s.alive(t, "hostile credentials")
}
