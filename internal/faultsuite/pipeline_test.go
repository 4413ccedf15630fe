//go:build faults

package faultsuite

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/handhistory"
)

// The pipeline's bounds (issue 25): a mixed flood of large uploads, half
// stored, half replayed.
const (
	floodUploads = 40
	floodFlat    = 20 << 20 // RSS after the flood at most this over before
)

// mixedFlood: 40 concurrent 30 MB PokerStars bodies, every other one to
// POST /v1/hands (stored) and the rest to /v1/hands/replay, on a fresh
// server: each answered 200 or 429 (never a 5xx), the peak RSS under
// rssBound (storing streams its records in batches), the RSS back within
// floodFlat of where it was, and the file's hands stored exactly once
// (an upload to POST /v1/hands after the flood finds them all stored).
func mixedFlood(t *testing.T, name string, env []string, args ...string) {
	bigOnce.Do(func() { bigFile = psFileOfSize(t, ids(9, 0), uploadSize) })
	es, err := handhistory.Read(handhistory.FormatPokerStars, bigFile)
	if err != nil {
		t.Fatal(err)
	}
	want := 0 // the hands a store keeps: those read and replayed
	for _, e := range es {
		if e.Hand != nil && analysis.FromEntry(e).Skipped == "" {
			want++
		}
	}
	es = nil
	// No sweeper: its analyses of the 24,000 hands stored would still be
	// running (and allocating) when "after" is read; the case is the uploads.
	s := startServer(t, name+"-flood", append(env, "SCOOP_DB_TIMEOUT=30s", "SCOOP_BACKFILL=false"), args...)
	waitReady(t, s, 30*time.Second)
	// Warm: one small upload to each endpoint, so that "before" is a
	// server that has served (its statements prepared, its pools made).
	small := psFile(t, ids(9, 90), 200)
	for _, path := range []string{"/v1/hands", "/v1/hands/replay"} {
		if r := s.do(t, client(""), "POST", path, small, textHdr()); r.status != http.StatusOK {
			t.Fatalf("warm-up %s: %d %s", path, r.status, clip(r.body))
		}
	}
	before := s.rss(t)
	var ok, refused atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	for u := 0; u < floodUploads; u++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			path := "/v1/hands/replay"
			if u%2 == 0 {
				path = "/v1/hands"
			}
			c := client(fmt.Sprintf("127.0.2.%d", 1+u))
			r := s.do(t, c, "POST", path, bigFile, map[string]string{"Content-Type": "text/plain", "Expect": "100-continue"})
			switch {
			case r.status == http.StatusOK:
				ok.Add(1)
			case r.status == http.StatusTooManyRequests, r.status == 0 && isClosed(r.err):
				refused.Add(1)
			default:
				t.Errorf("upload %d to %s: %d (%v) %s", u, path, r.status, r.err, clip(r.body))
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	peak := s.peakRSS(t)
	// Flat: the heap the uploads took is given back (Go's scavenger
	// returns it within seconds).
	after := s.rss(t)
	for deadline := time.Now().Add(60 * time.Second); after > before+floodFlat && time.Now().Before(deadline); {
		time.Sleep(time.Second)
		after = s.rss(t)
	}
	// Nothing lost or stored twice: one more stored upload of the file
	// finds every hand stored (or stores those no flood upload did), and
	// the store lists each hand once.
	var again response
	for deadline := time.Now().Add(120 * time.Second); ; time.Sleep(time.Second) {
		again = s.do(t, client("127.0.2.200"), "POST", "/v1/hands", bigFile, map[string]string{"Content-Type": "text/plain"})
		if again.status != http.StatusTooManyRequests || time.Now().After(deadline) {
			break
		}
	}
	if again.status != http.StatusOK {
		t.Fatalf("the stored upload after the flood: %d %s", again.status, clip(again.body))
	}
	seen := map[string]bool{}
	cursor := ""
	for {
		r := s.do(t, client(""), "GET", "/v1/hands?limit=500&cursor="+cursor, nil, nil)
		var page struct {
			Hands []struct{ ID string } `json:"hands"`
			Next  *string               `json:"next_cursor"`
		}
		if r.status != http.StatusOK || json.Unmarshal(r.body, &page) != nil {
			t.Fatalf("list hands: %d %s", r.status, clip(r.body))
		}
		for _, h := range page.Hands {
			if seen[h.ID] {
				t.Fatalf("hand %s listed twice", h.ID)
			}
			seen[h.ID] = true
		}
		if page.Next == nil {
			break
		}
		cursor = *page.Next
	}
	figure(name+" mixed upload flood", "%d uploads of %d MiB (half stored): %d answered, %d refused in %v; RSS before %d MiB, peak %d MiB, after %d MiB; %d of %d hands stored once (the warm-up's 200 too)",
		floodUploads, uploadSize>>20, ok.Load(), refused.Load(), elapsed.Round(time.Second), before>>20, peak>>20, after>>20, len(seen), want+200)
	if peak > rssBound {
		t.Errorf("peak RSS %d MiB through the mixed flood, want at most %d MiB", peak>>20, rssBound>>20)
	}
	if after > before+floodFlat {
		t.Errorf("RSS %d MiB after the flood, %d MiB before: want at most %d MiB more", after>>20, before>>20, floodFlat>>20)
	}
	if ok.Load() == 0 {
		t.Errorf("no upload of the flood was answered")
	}
	if len(seen) != want+200 {
		t.Errorf("%d hands stored, want the file's %d", len(seen), want)
	}
	s.alive(t, "the mixed flood")
}

// killedWorker: an import of 3,000 hands worked by two `scoop worker`
// processes (the server runs none), one killed with SIGKILL while it holds
// jobs: the import is done, every hand stored once and analysed, within
// 60 s of the kill plus the work left (at half the rate before the kill).
func killedWorker(t *testing.T, name string, env []string, args ...string) {
	const n = 3000
	file := psFile(t, ids(10, 0), n)
	path := t.TempDir() + "/season.txt"
	if err := os.WriteFile(path, file, 0o644); err != nil {
		t.Fatal(err)
	}
	env = append(env, "SCOOP_CHUNK_HANDS=250")
	s := startServer(t, name+"-workers", env, append(args, "--workers", "0", "--backfill=false")...)
	waitReady(t, s, 30*time.Second)
	worker := func() *exec.Cmd {
		w := exec.Command(binPath, append([]string{"worker", "--workers", "1", "--log", "text"}, args...)...)
		for _, kv := range os.Environ() {
			if !strings.HasPrefix(kv, "DATABASE_URL=") && !strings.HasPrefix(kv, "SCOOP_") {
				w.Env = append(w.Env, kv)
			}
		}
		w.Env = append(w.Env, env...)
		if err := w.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { w.Process.Kill(); w.Wait() })
		return w
	}
	a, _ := worker(), worker()
	start := time.Now()
	r := s.do(t, client(""), "POST", "/v1/imports", file, map[string]string{"Content-Type": "text/plain"})
	if r.status != http.StatusAccepted {
		t.Fatalf("POST /v1/imports: %d %s", r.status, clip(r.body))
	}
	var im struct {
		ID     string `json:"id"`
		State  string `json:"state"`
		Counts struct {
			Read, Stored, Duplicates, Legal, Illegal, Analysed int
		} `json:"counts"`
		Analysis struct {
			Hands, Analysed, Pending, Failed int
		} `json:"analysis"`
	}
	if err := json.Unmarshal(r.body, &im); err != nil {
		t.Fatal(err)
	}
	read := func() {
		r := s.do(t, client(""), "GET", "/v1/imports/"+im.ID, nil, nil)
		if r.status != http.StatusOK || json.Unmarshal(r.body, &im) != nil {
			t.Fatalf("GET the import: %d %s", r.status, clip(r.body))
		}
	}
	for deadline := time.Now().Add(120 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		read()
		if im.Analysis.Analysed >= n/5 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("a fifth of the analyses not done in 120s: %+v", im)
		}
	}
	a.Process.Signal(syscall.SIGKILL)
	killed := time.Now()
	atKill := im.Analysis.Analysed
	rate := float64(atKill) / killed.Sub(start).Seconds()
	bound := 60*time.Second + time.Duration(float64(n-atKill)/(rate/2)*float64(time.Second))
	for deadline := killed.Add(bound); im.State != "done"; time.Sleep(100 * time.Millisecond) {
		read()
		if im.State == "failed" || im.State == "cancelled" || time.Now().After(deadline) {
			t.Fatalf("import %s %v after the kill (bound %v): %+v", im.State, time.Since(killed).Round(time.Second), bound.Round(time.Second), im)
		}
	}
	took := time.Since(killed)
	figure(name+" killed worker", "%d hands, two workers, one killed -9 at %d analysed (%.0f/s): done %v after the kill (bound %v); %d stored, %d analysed",
		n, atKill, rate, took.Round(time.Second), bound.Round(time.Second), im.Counts.Stored, im.Counts.Analysed)
	c := im.Counts
	if c.Read != n || c.Stored != c.Legal+c.Illegal || c.Duplicates != 0 || c.Analysed != c.Legal || im.Analysis.Pending != 0 || im.Analysis.Failed != 0 {
		t.Errorf("after the kill: %+v; want the %d hands read, each stored once, the legal ones analysed", im, n)
	}
	s.alive(t, "the killed worker")
}
