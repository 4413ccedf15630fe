package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestMakeDBTest: `make test` prepares PostgreSQL through `make db/test`,
// which says in one line when it cannot (no PostgreSQL tools here: an
// empty PATH), and leaves a configured SCOOP_TEST_DATABASE_URL (CI's)
// alone, silently.
func TestMakeDBTest(t *testing.T) {
	mk, err := exec.LookPath("make")
	if err != nil {
		t.Skip("make is not installed")
	}
	run := func(env ...string) (string, error) {
		cmd := exec.Command(mk, "-s", "-C", "../..", "db/test")
		cmd.Env = append([]string{"PATH=" + t.TempDir(), "HOME=" + os.Getenv("HOME")}, env...)
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	out, err := run()
	if err != nil || strings.Count(out, "\n") != 1 || !strings.Contains(out, "PostgreSQL") || !strings.Contains(out, "SCOOP_TEST_DATABASE_URL") {
		t.Errorf("without PostgreSQL tools: %v, output %q; want exit 0 and one line saying what is needed", err, out)
	}
	out, err = run("SCOOP_TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/ci?sslmode=disable")
	if err != nil || out != "" {
		t.Errorf("with SCOOP_TEST_DATABASE_URL: %v, output %q; want nothing done", err, out)
	}
	b, err := os.ReadFile("../../Makefile")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "\ntest: db/test ") {
		t.Errorf("make test does not depend on db/test")
	}
}
