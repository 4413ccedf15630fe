package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// The tests build bin/scoop (this command) and scoop-full (cmd/scoop)
// side by side, as make build does, once for the package.
var built struct {
	once sync.Once
	dir  string
	err  error
	out  []byte
}

func binaries(t testing.TB) (lite, full string) {
	t.Helper()
	built.once.Do(func() {
		built.dir, built.err = os.MkdirTemp("", "scooplite-")
		if built.err != nil {
			return
		}
		for _, b := range []struct{ out, pkg string }{{"scoop", "."}, {fullName, "../scoop"}} {
			built.out, built.err = exec.Command("go", "build", "-trimpath", "-o", filepath.Join(built.dir, b.out), b.pkg).CombinedOutput()
			if built.err != nil {
				return
			}
		}
	})
	if built.err != nil {
		t.Fatalf("go build: %v\n%s", built.err, built.out)
	}
	return filepath.Join(built.dir, "scoop"), filepath.Join(built.dir, fullName)
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

type result struct {
	code           int
	stdout, stderr string
}

func run(t testing.TB, bin string, args ...string) result {
	t.Helper()
	cmd := exec.Command(bin, args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := errors.AsType[*exec.ExitError](err); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return result{code, out.String(), errb.String()}
}

// elapsed masks the run time, the one thing two runs print differently.
var elapsed = regexp.MustCompile(`(, [0-9.]+ ms$|"elapsed_ms":[0-9.e-]+)`)

func masked(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = elapsed.ReplaceAllString(l, "<elapsed>")
	}
	return strings.Join(lines, "\n")
}

// TestEquityAsTheFullBinary: `scoop equity` in this binary answers exactly
// as the full binary's: tables, JSON, ranges, listings, help, every kind
// of bad input with its exit status and one line.
func TestEquityAsTheFullBinary(t *testing.T) {
	lite, full := binaries(t)
	for _, args := range [][]string{
		{"equity", "AsKsQhJh", "2c3c4d5d", "9h9dTsTc", "--board", "7h8h2s"},
		{"equity", "--json", "As2s3dKd", "QhQcJhTc", "--board", "4c7hKh"},
		{"equity", "--game", "omaha-hi", "As2s3dKd", "QhQcJhTc", "--board", "4c7hKh5s"},
		{"equity", "--mode", "montecarlo", "--trials", "20000", "--seed", "7", "As2s3dKd", "QhQcJhTc"},
		{"equity", "As2s3dKd", "AA**", "--board", "4c7hKh"},
		{"equity", "--list", "3", "AA**", "As2s3dKd"},
		{"equity", "--help"},
		{"equity", "As", "2s", "3d", "Kd", "QhQcJhTc"},
		{"equity", "As2s3dKd", "As2s3dKd"},
		{"equity", "As2s3dKd", "QhQcJhTc", "--board", "4c7h"},
		{"equity", "--mode", "exhaustive", "--trials", "5", "As2s3dKd", "QhQcJhTc"},
		{"equity", "--bogus", "As2s3dKd", "QhQcJhTc"},
		{"equity"},
	} {
		l, f := run(t, lite, args...), run(t, full, args...)
		if l.code != f.code || masked(l.stdout) != masked(f.stdout) || masked(l.stderr) != masked(f.stderr) {
			t.Errorf("scoop %q:\nthis binary: %d\n%s%s\nscoop-full: %d\n%s%s", args, l.code, l.stdout, l.stderr, f.code, f.stdout, f.stderr)
		}
	}
}

// TestOtherCommandsGoToTheFullBinary: every other command, and none, is
// run by scoop-full with the same arguments: same output, same exit status.
func TestOtherCommandsGoToTheFullBinary(t *testing.T) {
	lite, full := binaries(t)
	for _, args := range [][]string{
		{"version"},
		{},
		{"help"},
		{"bogus"},
		{"serve", "--help"},
		{"serve", "--log", "xml"},
		{"replay", "../../examples/hand.phh"},
	} {
		l, f := run(t, lite, args...), run(t, full, args...)
		if l.code != f.code || l.stdout != f.stdout || l.stderr != f.stderr {
			t.Errorf("scoop %q:\nthis binary: %d\n%s%s\nscoop-full: %d\n%s%s", args, l.code, l.stdout, l.stderr, f.code, f.stdout, f.stderr)
		}
	}
}

// TestWithoutTheFullBinary: alone, this binary still answers equity, and
// any other command is exit status 1 with one line naming scoop-full.
func TestWithoutTheFullBinary(t *testing.T) {
	lite, _ := binaries(t)
	b, err := os.ReadFile(lite)
	if err != nil {
		t.Fatal(err)
	}
	alone := filepath.Join(t.TempDir(), "scoop")
	if err := os.WriteFile(alone, b, 0o755); err != nil {
		t.Fatal(err)
	}
	if r := run(t, alone, "equity", "As2s3dKd", "QhQcJhTc", "--board", "4c7hKh"); r.code != 0 || !strings.Contains(r.stdout, "64.70%") {
		t.Errorf("equity alone: %d %q %q", r.code, r.stdout, r.stderr)
	}
	r := run(t, alone, "version")
	if r.code != 1 || r.stdout != "" || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, fullName) {
		t.Errorf("version alone: exit %d, stdout %q, stderr %q; want 1 and one line naming %s", r.code, r.stdout, r.stderr, fullName)
	}
}

// TestLinksNoServer: this binary links none of the server's packages (their
// initialisation is what it exists to skip).
func TestLinksNoServer(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range strings.Fields(string(out)) {
		for _, heavy := range []string{"github.com/getkin/", "github.com/prometheus/", "github.com/santhosh-tekuri/",
			"modernc.org/", "github.com/jackc/", "github.com/go-chi/", "github.com/scoophq/scoop/api", "/internal/store", "net/http"} {
			if strings.Contains(p, heavy) {
				t.Errorf("links %s", p)
			}
		}
	}
}

// The start-up benchmarks time bin/scoop as a whole process, as a shell
// runs it: initialisation, the evaluation tables and the work.

func benchProcess(b *testing.B, bin string, args ...string) {
	if r := run(b, bin, args...); r.code != 0 {
		b.Fatalf("scoop %v: %d %s", args, r.code, r.stderr)
	}
	for b.Loop() {
		if err := exec.Command(bin, args...).Run(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkProcessEquityFlop3Way is `scoop equity` on a 3-way flop (666
// boards), the case timed against poker-eval's pokenum (make
// bench-compare).
func BenchmarkProcessEquityFlop3Way(b *testing.B) {
	lite, _ := binaries(b)
	benchProcess(b, lite, "equity", "AsKsQhJh", "2c3c4d5d", "9h9dTsTc", "--board", "7h8h2s")
}

// BenchmarkProcessEquityPreflopHeadsUp is heads-up preflop, exact
// (1,086,008 boards).
func BenchmarkProcessEquityPreflopHeadsUp(b *testing.B) {
	lite, _ := binaries(b)
	benchProcess(b, lite, "equity", "AsKsQhJh", "2c3c4d5d")
}

// BenchmarkProcessFullEquityFlop3Way is the same flop run by the full
// binary (cmd/scoop, every command linked).
func BenchmarkProcessFullEquityFlop3Way(b *testing.B) {
	_, full := binaries(b)
	benchProcess(b, full, "equity", "AsKsQhJh", "2c3c4d5d", "9h9dTsTc", "--board", "7h8h2s")
}

// BenchmarkProcessVersion is `scoop version`: this binary handing over to
// the full one, start-up and exit of both.
func BenchmarkProcessVersion(b *testing.B) {
	lite, _ := binaries(b)
	benchProcess(b, lite, "version")
}

// TestEquityInterrupted: an interrupt during a long `scoop equity` (once
// interruptAfter has passed) cancels the work cleanly: one line, status 1,
// nothing on stdout.
func TestEquityInterrupted(t *testing.T) {
	lite, _ := binaries(t)
	// Nine players: 10^7 trials (the most a request may ask) take
	// about 0.4 s on two cores of a fast machine, well past the signal.
	cmd := exec.Command(lite, "equity", "--mode", "montecarlo", "--trials", "10000000",
		"AsKsQhJh", "2c3c4d5d", "9h9dTsTc", "8s7s6d5c", "AhKhQdJd", "2h3h4s5s", "9c9sTdTh", "8c7c6h5h", "AcKcQcJc")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Past interruptAfter (the handler installed) and well before 10^7
	// trials of nine players are done (some 400 ms of CPU): once the
	// process has used 60 ms of CPU on at most two cores, at least 30 ms
	// have passed since it started, however loaded the machine.
	waitCPU(t, cmd.Process.Pid, 60*time.Millisecond)
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	ee, ok := errors.AsType[*exec.ExitError](err)
	if !ok || ee.ExitCode() != 1 || out.Len() != 0 || errb.String() != "scoop equity: context canceled\n" {
		t.Fatalf("interrupted: %v, stdout %q, stderr %q; want status 1 and one line", err, out.String(), errb.String())
	}
}

// waitCPU waits until process pid has used at least d of CPU time (user
// and system, from /proc/pid/stat in clock ticks: 10 ms, Linux's USER_HZ
// of 100), or fails after 10 s.
func waitCPU(t *testing.T, pid int, d time.Duration) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			t.Fatalf("read the process's CPU time: %v", err)
		}
		// The fields after the command's closing parenthesis: state is
		// the first, utime the 12th and stime the 13th.
		f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
		ut, err1 := strconv.ParseInt(f[11], 10, 64)
		st, err2 := strconv.ParseInt(f[12], 10, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("bad /proc/%d/stat: %q", pid, b)
		}
		if time.Duration(ut+st)*10*time.Millisecond >= d {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatalf("process %d did not use %v of CPU in 10 s", pid, d)
}
