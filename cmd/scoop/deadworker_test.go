package main

import (
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/scoophq/scoop/internal/jobs/jobstest"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// deadImport is the part of GET /v1/imports/{id} this test reads.
type deadImport struct {
	ID             string `json:"id"`
	State          string `json:"state"`
	Chunks         int    `json:"chunks"`
	ChunksFinished int    `json:"chunks_finished"`
	Counts         struct {
		Read, Stored, Duplicates, Conflicts, Legal, Analysed int
	} `json:"counts"`
	Analysis struct {
		Hands, Analysed, Pending, Failed int
	} `json:"analysis"`
}

func getImport(t *testing.T, url, id string) deadImport {
	t.Helper()
	res, err := http.Get(url + "/v1/imports/" + id)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var im deadImport
	if err := json.NewDecoder(res.Body).Decode(&im); err != nil {
		t.Fatal(err)
	}
	return im
}

// TestDeadWorkerCostsSeconds: with the default job timeouts (the feature
// is that bound), two `scoop worker` processes share an import of 3,000
// hands; one is killed with SIGKILL while it holds jobs (its analysis
// jobs, a fifth of the way through them). The other finishes: every hand
// stored once and analysed, the import done within 60 s of the kill plus
// the work left (generously: the rate before the kill, halved). On
// PostgreSQL and on the SQLite file; the figures are logged.
func TestDeadWorkerCostsSeconds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary, runs processes")
	}
	const n = 3000
	file := filepath.Join(t.TempDir(), "season.txt")
	if err := os.WriteFile(file, jobstest.Hands(t, n, 9_810_000_000), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, db := range []string{"postgres", "sqlite"} {
		t.Run(db, func(t *testing.T) {
			t.Parallel()
			env := []string{"SCOOP_CHUNK_HANDS=250", "SCOOP_LOG=text"}
			if db == "postgres" {
				env = append(env, "DATABASE_URL="+storetest.SchemaURL(t, storetest.NewSchema(t)))
			} else {
				env = append(env, "DATABASE_URL=", "SCOOP_SQLITE="+filepath.Join(t.TempDir(), "scoop.db"))
			}
			url := serveWithoutWorkers(t, env)
			a := startScoop(t, env, "worker", "--workers", "1")
			b := startScoop(t, env, "worker", "--workers", "1")
			start := time.Now()
			up := exec.Command(scoopBinary(t), "import", "--server", url, "--json", file)
			up.Env = append(os.Environ(), env...)
			if err := up.Start(); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { up.Process.Kill(); up.Wait() })
			var id string
			var killed time.Time
			var atKill deadImport
			for deadline := time.Now().Add(120 * time.Second); ; time.Sleep(50 * time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatalf("a fifth of the analyses not done in 120s; A: %s\nB: %s", a.out, b.out)
				}
				if id == "" {
					if im, ok := latestImport(t, url); ok {
						id = im.ID
					}
					continue
				}
				if im := getImport(t, url, id); im.Analysis.Analysed >= n/5 {
					if err := a.cmd.Process.Signal(syscall.SIGKILL); err != nil {
						t.Fatal(err)
					}
					killed = time.Now()
					atKill = getImport(t, url, id)
					break
				}
			}
			if atKill.State == "done" {
				t.Fatalf("the import ended before the kill: %+v", atKill)
			}
			rate := float64(atKill.Analysis.Analysed) / killed.Sub(start).Seconds()
			left := time.Duration(float64(n-atKill.Analysis.Analysed) / (rate / 2) * float64(time.Second))
			bound := 60*time.Second + left
			var im deadImport
			for deadline := killed.Add(bound); ; time.Sleep(100 * time.Millisecond) {
				im = getImport(t, url, id)
				if im.State == "done" || im.State == "failed" || im.State == "cancelled" {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("import still %s %v after the kill (bound %v): %+v\nB: %s", im.State, time.Since(killed).Round(time.Second), bound.Round(time.Second), im, b.out)
				}
			}
			took := time.Since(killed)
			t.Logf("FIGURE dead worker (%s): %d hands, killed at %d analysed after %v (%.0f analyses/s); done %v after the kill (bound %v)",
				db, n, atKill.Analysis.Analysed, killed.Sub(start).Round(time.Second), rate, took.Round(time.Second), bound.Round(time.Second))
			c := im.Counts
			if im.State != "done" || c.Read != n || c.Stored != n || c.Duplicates != 0 || c.Conflicts != 0 || c.Legal != n ||
				c.Analysed != n || im.Analysis.Analysed != n || im.Analysis.Pending != 0 || im.Analysis.Failed != 0 {
				t.Fatalf("import after a kill -9: %+v; want done, %d stored once and analysed", im, n)
			}
			hands, cursor := 0, ""
			for {
				res, err := http.Get(url + "/v1/hands?limit=500&cursor=" + cursor)
				if err != nil {
					t.Fatal(err)
				}
				var page struct {
					Hands []struct{ ID string } `json:"hands"`
					Next  *string               `json:"next_cursor"`
				}
				json.NewDecoder(res.Body).Decode(&page)
				res.Body.Close()
				hands += len(page.Hands)
				if page.Next == nil {
					break
				}
				cursor = *page.Next
			}
			if hands != n {
				t.Fatalf("%d hands stored, want %d", hands, n)
			}
		})
	}
}
