package client

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGeneratedClientIsCurrent regenerates the client from openapi.yaml
// with the pinned oapi-codegen (go.mod's tool directive) and fails unless
// the result is client.gen.go byte for byte: the committed client is the
// one a client of the contract would generate today.
func TestGeneratedClientIsCurrent(t *testing.T) {
	if testing.Short() {
		t.Skip("builds oapi-codegen")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to run the pinned oapi-codegen: %v", err)
	}
	// The same configuration, writing elsewhere (oapi-codegen takes the
	// output from the configuration, not from -o, when it names one).
	cfg, err := os.ReadFile("config.yaml")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "client.gen.go")
	cfg = bytes.Replace(cfg, []byte("\noutput: client.gen.go\n"), []byte("\noutput: "+out+"\n"), 1)
	if !bytes.Contains(cfg, []byte(out)) {
		t.Fatal("config.yaml has no line `output: client.gen.go`")
	}
	cfgPath := filepath.Join(dir, "config.yaml")
	if err := os.WriteFile(cfgPath, cfg, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(goCmd, "tool", "oapi-codegen", "-config", cfgPath, "../../../openapi.yaml")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go tool oapi-codegen: %v\n%s", err, msg)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("client.gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("client.gen.go is not what openapi.yaml generates (%d bytes, regenerated %d): run `go generate ./api/internal/client` and commit it", len(want), len(got))
	}
}
