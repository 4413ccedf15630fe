package main

import (
	"bufio"
	"context"
	"errors"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// readmeCommands returns the `scoop ...` and `curl ...` command lines of
// the README's code blocks (lines indented four spaces), in order: a
// leading "$ " prompt dropped, lines ending in a backslash joined with the
// next.
func readmeCommands(t *testing.T, readme string) []string {
	t.Helper()
	var cmds []string
	lines := strings.Split(readme, "\n")
	for i := 0; i < len(lines); i++ {
		code, ok := strings.CutPrefix(lines[i], "    ")
		if !ok {
			continue
		}
		code = strings.TrimPrefix(strings.TrimSpace(code), "$ ")
		if !strings.HasPrefix(code, "scoop ") && !strings.HasPrefix(code, "curl ") {
			continue
		}
		for strings.HasSuffix(code, `\`) && i+1 < len(lines) {
			i++
			code = strings.TrimSuffix(code, `\`) + " " + strings.TrimSpace(lines[i])
		}
		cmds = append(cmds, code)
	}
	return cmds
}

// TestReadmeCommandsRun runs every `scoop` and `curl` command of README.md
// as written, from the repository root, with `scoop` the binary built from
// this tree and `curl` failing on an HTTP error (--fail). The curl
// commands go to a `scoop serve` the test starts on a free port (the only
// change to them: localhost:8080 becomes that address); every store is a
// fresh SQLite file.
func TestReadmeCommandsRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs the README's commands")
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	cmds := readmeCommands(t, string(readme))
	var nScoop, nCurl int
	for _, c := range cmds {
		if strings.HasPrefix(c, "scoop ") {
			nScoop++
		} else {
			nCurl++
		}
	}
	if nScoop < 15 || nCurl < 10 {
		t.Fatalf("found %d scoop and %d curl commands in README.md; the parser lost some:\n%s", nScoop, nCurl, strings.Join(cmds, "\n"))
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	_, statErr := os.Stat(filepath.Join(root, "scoop.db"))
	hadDB := statErr == nil
	tmp := t.TempDir()
	bin := filepath.Join(tmp, "bin")
	if err := os.Mkdir(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	build := exec.Command("go", "build", "-o", filepath.Join(bin, "scoop"), ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	realCurl, curlErr := exec.LookPath("curl")
	if curlErr == nil {
		shim := "#!/bin/sh\nexec " + realCurl + " --fail --max-time 60 \"$@\"\n"
		if err := os.WriteFile(filepath.Join(bin, "curl"), []byte(shim), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	env := []string{
		"PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH"),
		"HOME=" + tmp,
		"SCOOP_SQLITE=" + filepath.Join(tmp, "cli.db"),
	}
	addr := ""
	if curlErr == nil {
		var key string
		addr, key = startReadmeServer(t, filepath.Join(bin, "scoop"), append(env[:2:2], "SCOOP_SQLITE="+filepath.Join(tmp, "server.db")))
		// As the README says: export SCOOP_KEY=<the key the first start printed>.
		env = append(env, "SCOOP_KEY="+key)
	}
	for i, c := range cmds {
		if strings.HasPrefix(c, "curl ") && curlErr != nil {
			t.Logf("curl is not installed: not run: %s", c)
			continue
		}
		if addr != "" {
			c = strings.ReplaceAll(c, "localhost:8080", addr)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		cmd := exec.CommandContext(ctx, "sh", "-c", c)
		cmd.Dir, cmd.Env = root, env
		out, err := cmd.Output()
		cancel()
		stderr := ""
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			stderr = string(ee.Stderr)
		}
		if err != nil {
			t.Errorf("README command %d failed (%v): %s\nstdout: %.500s\nstderr: %.500s", i+1, err, cmds[i], out, stderr)
			continue
		}
		if len(strings.TrimSpace(string(out))) == 0 {
			t.Errorf("README command %d printed nothing: %s", i+1, cmds[i])
		}
	}
	// The commands write nothing in the tree: the stores are the test's.
	if _, err := os.Stat(filepath.Join(root, "scoop.db")); err == nil && !hadDB {
		t.Errorf("a README command created scoop.db in the repository root")
	}
}

// startReadmeServer starts `scoop serve` on a free loopback port with env
// and returns its address once /readyz answers 200, and the admin key its
// first start printed; the server is stopped at the test's end.
func startReadmeServer(t *testing.T, scoop string, env []string) (addr, key string) {
	t.Helper()
	cmd := exec.Command(scoop, "serve", "--addr", "127.0.0.1:0", "--metrics-addr", "127.0.0.1:0", "--log", "text")
	cmd.Env = env
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
	// The first start prints the address and, once the store is
	// connected, the admin key it made (in either order).
	urls, keys := make(chan string, 1), make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			line := sc.Text()
			if _, u, ok := strings.Cut(line, "listening on "); ok {
				urls <- u
			}
			if k, ok := strings.CutPrefix(strings.TrimSpace(line), "sk_scoop_"); ok {
				keys <- "sk_scoop_" + k
			}
		}
	}()
	var url string
	select {
	case url = <-urls:
	case <-time.After(20 * time.Second):
		t.Fatal("scoop serve printed no address")
	}
	select {
	case key = <-keys:
	case <-time.After(20 * time.Second):
		t.Fatal("scoop serve's first start printed no API key")
	}
	addr = strings.TrimPrefix(url, "http://")
	for i := 0; ; i++ {
		resp, err := http.Get(url + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return addr, key
			}
		}
		if i == 300 {
			t.Fatalf("scoop serve at %s is not ready: %v", addr, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
