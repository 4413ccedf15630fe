package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/scoophq/scoop/internal/jobs/jobstest"
	"github.com/scoophq/scoop/internal/store/storetest"
)

var (
	jobsBinOnce sync.Once
	jobsBin     string
	jobsBinErr  error
)

// scoopBinary builds the binary once for the process tests of this file
// (in a directory removed when the test binary exits: os.MkdirTemp under
// the test's TMPDIR).
func scoopBinary(t *testing.T) string { return scoopBinaryB(t) }

func scoopBinaryB(t testing.TB) string {
	t.Helper()
	jobsBinOnce.Do(func() {
		dir, err := os.MkdirTemp("", "scoop-jobs-bin")
		if err != nil {
			jobsBinErr = err
			return
		}
		jobsBin = filepath.Join(dir, "scoop")
		if out, err := exec.Command("go", "build", "-o", jobsBin, ".").CombinedOutput(); err != nil {
			jobsBinErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if jobsBinErr != nil {
		t.Fatal(jobsBinErr)
	}
	return jobsBin
}

// proc is a scoop process of a test, killed at its end.
type proc struct {
	cmd *exec.Cmd
	out *bytes.Buffer
}

func startScoop(t *testing.T, env []string, args ...string) *proc {
	t.Helper()
	cmd := exec.Command(scoopBinary(t), args...)
	cmd.Env = append(os.Environ(), env...)
	var out bytes.Buffer
	cmd.Stderr = &syncWriter{w: &out}
	p := &proc{cmd: cmd, out: &out}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	return p
}

type syncWriter struct {
	mu sync.Mutex
	w  *bytes.Buffer
}

func (s *syncWriter) Write(b []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(b)
}

// serveWithoutWorkers starts scoop serve --workers 0 and returns its URL
// once ready.
func serveWithoutWorkers(t *testing.T, env []string) string {
	t.Helper()
	// Keys off: these tests are about the jobs (TestImportServerWithKey
	// uploads with a key).
	cmd := exec.Command(scoopBinary(t), "serve", "--addr", "127.0.0.1:0", "--log", "text", "--workers", "0", "--backfill=false",
		"--auth", "off", "--metrics-addr", "off")
	cmd.Env = append(os.Environ(), env...)
	return startScoopServe(t, cmd)
}

// startScoopServe starts a scoop serve command and returns its URL once ready;
// it is interrupted at the test's end.
func startScoopServe(t testing.TB, cmd *exec.Cmd) string {
	t.Helper()
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
	})
	sc := bufio.NewScanner(stdout)
	var url string
	for url == "" {
		if !sc.Scan() {
			t.Fatalf("scoop serve printed no address: %v", sc.Err())
		}
		_, url, _ = strings.Cut(sc.Text(), "listening on ")
	}
	go func() {
		for sc.Scan() {
		}
	}()
	for i := 0; ; i++ {
		if res, err := http.Get(url + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return url
			}
		}
		if i == 400 {
			t.Fatalf("scoop serve at %s is not ready", url)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

type importState struct {
	ID             string `json:"id"`
	State          string `json:"state"`
	Chunks         int    `json:"chunks"`
	ChunksFinished int    `json:"chunks_finished"`
	Counts         struct {
		Read, Stored, Duplicates, Conflicts, Legal, Illegal, Unreadable, Analysed int
	} `json:"counts"`
}

func latestImport(t *testing.T, url string) (importState, bool) {
	t.Helper()
	res, err := http.Get(url + "/v1/imports?limit=1")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var page struct {
		Imports []importState `json:"imports"`
	}
	if err := json.NewDecoder(res.Body).Decode(&page); err != nil {
		t.Fatal(err)
	}
	if len(page.Imports) == 0 {
		return importState{}, false
	}
	return page.Imports[0], true
}

// TestImportSurvivesKilledWorker: `scoop import --server` uploads 300
// hands (30 chunks) to a server without workers; worker A (its own
// process and connection pool) starts working them and is killed -9
// midway; worker B, started after, gets A's orphaned jobs back from
// River's rescuer and finishes: the import is done with the counts of a
// clean run, every hand stored once. Both workers processed chunks of the
// one import. On PostgreSQL and on the SQLite file.
func TestImportSurvivesKilledWorker(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary, runs processes")
	}
	file := filepath.Join(t.TempDir(), "season.txt")
	if err := os.WriteFile(file, jobstest.Hands(t, 300, 9_800_000_000), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, db := range []string{"postgres", "sqlite"} {
		t.Run(db, func(t *testing.T) {
			t.Parallel()
			env := []string{"SCOOP_CHUNK_HANDS=10", "SCOOP_JOB_TIMEOUT=2s", "SCOOP_RESCUE_AFTER=3s", "SCOOP_JOB_RETRY=50ms", "SCOOP_LOG=text"}
			if db == "postgres" {
				env = append(env, "DATABASE_URL="+storetest.SchemaURL(t, storetest.NewSchema(t)))
			} else {
				env = append(env, "DATABASE_URL=", "SCOOP_SQLITE="+filepath.Join(t.TempDir(), "scoop.db"))
			}
			url := serveWithoutWorkers(t, env)
			client := exec.Command(scoopBinary(t), "import", "--server", url, "--json", file)
			client.Env = append(os.Environ(), env...)
			var clientOut, clientErr bytes.Buffer
			client.Stdout, client.Stderr = &clientOut, &clientErr
			if err := client.Start(); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { client.Process.Kill() })
			a := startScoop(t, env, "worker", "--workers", "2")
			var atKill importState
			for deadline := time.Now().Add(60 * time.Second); ; {
				if im, ok := latestImport(t, url); ok && im.ChunksFinished >= 2 {
					if err := a.cmd.Process.Signal(syscall.SIGKILL); err != nil {
						t.Fatal(err)
					}
					a.cmd.Wait()
					atKill, _ = latestImport(t, url)
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("worker A finished no chunk in 60s: %s", a.out)
				}
				time.Sleep(20 * time.Millisecond)
			}
			if atKill.ChunksFinished >= atKill.Chunks {
				t.Fatalf("worker A finished every chunk before it was killed: %+v", atKill)
			}
			b := startScoop(t, env, "worker", "--workers", "2")
			done := make(chan error, 1)
			go func() { done <- client.Wait() }()
			select {
			case err := <-done:
				if err != nil {
					t.Fatalf("scoop import --server: %v\n%s\nworker B: %s", err, clientErr.String(), b.out)
				}
			case <-time.After(90 * time.Second):
				t.Fatalf("the import did not end in 90s after the kill; worker B: %s", b.out)
			}
			var im importState
			if err := json.Unmarshal(clientOut.Bytes(), &im); err != nil {
				t.Fatalf("scoop import --json: %v: %s", err, clientOut.Bytes())
			}
			c := im.Counts
			if im.State != "done" || im.Chunks != 30 || c.Read != 300 || c.Stored != 300 || c.Duplicates != 0 || c.Conflicts != 0 ||
				c.Legal != 300 || c.Illegal != 0 || c.Unreadable != 0 || c.Analysed != 300 {
				t.Fatalf("import after a kill -9: %+v; want done, 30 chunks, 300 read, stored, legal and analysed", im)
			}
			if n := atKill.ChunksFinished; n == 0 || n >= 30 {
				t.Fatalf("worker A finished %d chunks, so worker B %d: both must have worked", n, 30-n)
			}
			// Every hand once.
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
			if hands != 300 {
				t.Fatalf("%d hands stored, want 300", hands)
			}
		})
	}
}

// TestImportServerBadInput: bad input to scoop import --server is one
// line on stderr and exit status 2, before anything is sent.
func TestImportServerBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"import", "--server", "nope:", "x.txt"},
		{"import", "--server", "http://127.0.0.1:1", "--dry-run", "x.txt"},
		{"import", "--server", "http://127.0.0.1:1", filepath.Join(t.TempDir(), "missing.txt")},
		{"worker", "--workers", "0"},
		{"worker", "--workers", "x"},
		{"worker", "--job-timeout", "1m", "--rescue-after", "30s"},
	} {
		var stdout, stderr bytes.Buffer
		code := Run(t.Context(), args, strings.NewReader(""), &stdout, &stderr)
		if code != 2 || strings.Count(stderr.String(), "\n") != 1 {
			t.Errorf("scoop %q: exit %d, stderr %q; want 2 and one line", args, code, stderr.String())
		}
	}
}
