package main

import (
	"bytes"
	"context"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
)

// The limits flags and their environment twins reach the server: a JSON
// body over --max-json-body is a 413, and a malformed variable is a usage
// error naming it.
func TestServeLimitsTakeEffect(t *testing.T) {
	t.Setenv("DATABASE_URL", "")
	t.Setenv("SCOOP_MAX_TRIALS", "1000")
	base, stop := startServe(t, "--sqlite", filepath.Join(t.TempDir(), "scoop.db"), "--max-json-body", "100")
	defer stop()
	post := func(body string) int {
		t.Helper()
		res, err := http.Post(base+"/v1/equity", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	small := `{"hands":["As2s3dKd","QhQcJhTc"],"board":"4c7hKh"}`
	if got := post(small); got != http.StatusOK {
		t.Errorf("a %d-byte equity request: %d, want 200", len(small), got)
	}
	big := `{"hands":["As2s3dKd","QhQcJhTc"],"board":"4c7hKh","game":"omaha-hilo","mode":"exhaustive","dead":""}` + strings.Repeat(" ", 60)
	if got := post(big); got != http.StatusRequestEntityTooLarge {
		t.Errorf("a %d-byte body with --max-json-body 100: %d, want 413", len(big), got)
	}
	if got := post(`{"hands":["As2s3dKd","QhQcJhTc"],"mode":"montecarlo","trials":1001}`); got != http.StatusBadRequest {
		t.Errorf("1001 trials with SCOOP_MAX_TRIALS=1000: %d, want 400", got)
	}
}

func TestServeLimitsBadEnvironment(t *testing.T) {
	t.Setenv("SCOOP_QUEUE_WAIT", "soon")
	var stdout, stderr bytes.Buffer
	code := Run(context.Background(), []string{"serve"}, strings.NewReader(""), &stdout, &stderr)
	if code != 2 || !strings.Contains(stderr.String(), "SCOOP_QUEUE_WAIT") || strings.Count(strings.TrimSpace(stderr.String()), "\n") != 0 {
		t.Errorf("exit %d, stderr %q; want 2 and one line naming SCOOP_QUEUE_WAIT", code, stderr.String())
	}
}
