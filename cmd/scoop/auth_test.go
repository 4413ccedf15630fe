package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scoophq/scoop/internal/auth"
)

// get sends GET url with the bearer key (none for "") and returns the
// status and body.
func getWithKey(t *testing.T, url, key string) (int, []byte) {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, b
}

// firstKeyOf waits for the key a first start prints among lines.
func firstKeyOf(t *testing.T, lines <-chan string) string {
	t.Helper()
	deadline := time.After(30 * time.Second)
	for {
		select {
		case l := <-lines:
			if k, ok := strings.CutPrefix(strings.TrimSpace(l), "sk_scoop_"); ok {
				return "sk_scoop_" + k
			}
		case <-deadline:
			t.Fatal("the first start printed no API key")
			return ""
		}
	}
}

// printedKey returns the first line among those printed within wait that
// holds a key ("" for none): a key is printed on the third line of its
// message, so every line is looked at, not the first.
func printedKey(lines <-chan string, wait time.Duration) string {
	deadline := time.After(wait)
	for {
		select {
		case l := <-lines:
			if strings.Contains(l, auth.KeyMark) {
				return l
			}
		case <-deadline:
			return ""
		}
	}
}

// TestServeFirstKey: hands stored before keys existed (by scoop import)
// belong to the default account; the first start with keys required
// prints an admin key of that account, which sees them; a second start
// prints none; a key made by scoop apikey for another account sees none.
func TestServeFirstKey(t *testing.T) {
	t.Setenv("DATABASE_URL", "")
	db := filepath.Join(t.TempDir(), "scoop.db")
	if code, out, errs := runImportCmd(t, "--sqlite", db, "../../examples/ps-session.txt"); code != 0 {
		t.Fatalf("import: exit %d\n%s%s", code, out, errs)
	}
	base, stop, lines := startServeOutput(t, "--sqlite", db, "--auth", "required")
	key := firstKeyOf(t, lines)
	waitReady(t, base)
	if code, _ := getWithKey(t, base+"/v1/hands", ""); code != 401 {
		t.Errorf("GET /v1/hands without a key = %d, want 401", code)
	}
	code, body := getWithKey(t, base+"/v1/hands", key)
	var page struct {
		Hands []struct {
			ID string `json:"id"`
		} `json:"hands"`
	}
	json.Unmarshal(body, &page)
	if code != 200 || len(page.Hands) == 0 {
		t.Fatalf("the first key lists %d %s; want the imported hands", code, body)
	}
	if code, _ := getWithKey(t, base+"/metrics", key); code != 200 {
		t.Errorf("/metrics with the admin key = %d", code)
	}
	if _, logged := stop(); strings.Contains(logged, key[auth.PrefixLen:]) || !strings.Contains(logged, key[:auth.PrefixLen]) {
		t.Errorf("the log holds the first key's secret, or not its prefix:\n%s", logged)
	}

	var out, errb bytes.Buffer
	if code := Run(context.Background(), []string{"apikey", "create", "--sqlite", db, "--name", "other", "--account", "other"}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("apikey create: exit %d %s", code, errb.String())
	}
	other := strings.TrimSpace(out.String())
	out.Reset()
	if code := Run(context.Background(), []string{"apikey", "list", "--sqlite", db}, strings.NewReader(""), &out, &errb); code != 0 ||
		!strings.Contains(out.String(), "first admin key") || !strings.Contains(out.String(), other[:19]) || strings.Contains(out.String(), other[19:]) {
		t.Errorf("apikey list: exit %d\n%s", code, out.String())
	}

	base, _, lines = startServeOutput(t, "--sqlite", db, "--auth", "required")
	waitReady(t, base)
	if k := printedKey(lines, 500*time.Millisecond); k != "" {
		t.Errorf("a second start printed a key: %q", k)
	}
	code, body = getWithKey(t, base+"/v1/hands", other)
	if code != 200 || !strings.Contains(string(body), `"hands":[]`) {
		t.Errorf("another account's key lists %d %s; want none of the default account's hands", code, body)
	}
	for _, id := range page.Hands {
		if code, _ := getWithKey(t, base+"/v1/hands/"+id.ID, other); code != 404 {
			t.Errorf("another account reads %s: %d, want 404", id.ID, code)
		}
	}
	if code, _ := getWithKey(t, base+"/v1/hands", key); code != 200 {
		t.Errorf("the first key after a restart: %d", code)
	}
	// scoop import --account stores for that account: its key sees them.
	if code, out, errs := runImportCmd(t, "--sqlite", db, "--account", "other", "../../examples/hand.phh"); code != 0 {
		t.Fatalf("import --account other: exit %d\n%s%s", code, out, errs)
	}
	if code, body := getWithKey(t, base+"/v1/hands", other); code != 200 || strings.Contains(string(body), `"hands":[]`) {
		t.Errorf("after import --account other, its key lists %d %s", code, body)
	}
	if code, _, errs := runImportCmd(t, "--sqlite", db, "--account", "nobody", "../../examples/hand.phh"); code != 2 || !strings.Contains(errs, "no account named") {
		t.Errorf("import --account nobody: exit %d %q, want 2 naming it", code, errs)
	}
}

// TestServeAuthOffIsLoopbackOnly: --auth off on an address other machines
// reach is refused (exit 2, one line) unless --force-insecure.
func TestServeAuthOffIsLoopbackOnly(t *testing.T) {
	for _, addr := range []string{":0", "0.0.0.0:0", "[::]:0", "example.com:0"} {
		var out, errb bytes.Buffer
		code := Run(context.Background(), []string{"serve", "--auth", "off", "--addr", addr}, strings.NewReader(""), &out, &errb)
		if code != 2 || !strings.Contains(errb.String(), "--auth off") || strings.Count(strings.TrimSpace(errb.String()), "\n") != 0 {
			t.Errorf("serve --auth off --addr %s: exit %d %q, want 2 and one line", addr, code, errb.String())
		}
	}
	var out, errb bytes.Buffer
	if code := Run(context.Background(), []string{"serve", "--auth", "maybe"}, strings.NewReader(""), &out, &errb); code != 2 {
		t.Errorf("serve --auth maybe: exit %d, want 2", code)
	}
	// A Host naming another machine: refused on loopback, answered with
	// --force-insecure.
	foreignHost := func(base string) int {
		req, _ := http.NewRequest("GET", base+"/v1/hands", nil)
		req.Host = "scoop.example"
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	base, _ := startServe(t, "--sqlite", filepath.Join(t.TempDir(), "scoop.db"), "--addr", "127.0.0.1:0")
	waitReady(t, base)
	if code, _ := getWithKey(t, base+"/v1/hands", ""); code != 200 {
		t.Errorf("--auth off on loopback: GET /v1/hands = %d, want 200", code)
	}
	if code := foreignHost(base); code != 403 {
		t.Errorf("--auth off on loopback: Host scoop.example = %d, want 403", code)
	}
	base, _ = startServe(t, "--sqlite", filepath.Join(t.TempDir(), "scoop.db"), "--addr", ":0", "--force-insecure")
	waitReady(t, base)
	if code := foreignHost(base); code != 200 {
		t.Errorf("--auth off --force-insecure: Host scoop.example = %d, want 200", code)
	}
}

// TestImportServerWithKey: scoop import --server sends its --key (or
// SCOOP_KEY); the server stores for the key's account; without a key the
// upload is refused with the server's 401 in one line (exit 1).
func TestImportServerWithKey(t *testing.T) {
	t.Setenv("DATABASE_URL", "")
	t.Setenv("SCOOP_KEY", "")
	db := filepath.Join(t.TempDir(), "scoop.db")
	base, _, lines := startServeOutput(t, "--sqlite", db, "--auth", "required")
	key := firstKeyOf(t, lines)
	waitReady(t, base)
	var out, errb bytes.Buffer
	code := Run(context.Background(), []string{"import", "--server", base, "../../examples/ps-session.txt"}, strings.NewReader(""), &out, &errb)
	if code != 1 || !strings.Contains(errb.String(), "API key") || strings.Count(strings.TrimSpace(errb.String()), "\n") != 0 {
		t.Errorf("import --server without a key: exit %d %q, want 1 and the server's 401 in one line", code, errb.String())
	}
	out.Reset()
	errb.Reset()
	code = Run(context.Background(), []string{"import", "--server", base, "--key", key, "--json", "../../examples/ps-session.txt"}, strings.NewReader(""), &out, &errb)
	var im struct {
		State  string `json:"state"`
		Counts struct {
			Stored int `json:"stored"`
		} `json:"counts"`
	}
	if err := json.Unmarshal(out.Bytes(), &im); code != 0 || err != nil || im.State != "done" || im.Counts.Stored == 0 {
		t.Fatalf("import --server --key: exit %d %s %s", code, out.String(), errb.String())
	}
	_, body := getWithKey(t, base+"/v1/hands?limit=500", key)
	if n := strings.Count(string(body), `"site_hand_id"`); n != im.Counts.Stored {
		t.Errorf("the key lists %d hands, the import stored %d", n, im.Counts.Stored)
	}
}

// TestAPIKeyCreateOwnAccount: without --account a key gets a new account
// named after --name; a name that is an account's already is refused
// (exit 2) rather than joining it; --account adds keys to an account.
func TestAPIKeyCreateOwnAccount(t *testing.T) {
	t.Setenv("DATABASE_URL", "")
	db := filepath.Join(t.TempDir(), "scoop.db")
	run := func(args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		code := Run(context.Background(), append([]string{"apikey"}, append(args, "--sqlite", db)...), strings.NewReader(""), &out, &errb)
		return code, out.String(), errb.String()
	}
	if code, _, errs := run("create", "--name", "student1"); code != 0 {
		t.Fatalf("create student1: exit %d %s", code, errs)
	}
	if code, _, errs := run("create", "--name", "student1"); code != 2 || !strings.Contains(errs, "--account") {
		t.Errorf("create student1 again: exit %d %q, want 2 pointing at --account", code, errs)
	}
	if code, _, errs := run("create", "--name", "second", "--account", "student1"); code != 0 {
		t.Errorf("create --account student1: exit %d %s", code, errs)
	}
	code, out, _ := run("list", "--json")
	var accounts []string
	for line := range strings.SplitSeq(strings.TrimSpace(out), "\n") {
		var k struct {
			Account string `json:"account"`
		}
		json.Unmarshal([]byte(line), &k)
		accounts = append(accounts, k.Account)
	}
	if code != 0 || strings.Join(accounts, ",") != "student1,student1" {
		t.Errorf("keys' accounts %v (exit %d), want both of student1 and none of the default account", accounts, code)
	}
}

// TestImportServerUnreadableFile: a file that is no hand history, sent
// with scoop import --server, is refused by the server (400) and the
// command exits 2 with the server's reason in one line, as a local import
// of it does; before, the server took it as an import that failed, and
// the command exited 1.
func TestImportServerUnreadableFile(t *testing.T) {
	t.Setenv("DATABASE_URL", "")
	t.Setenv("SCOOP_KEY", "")
	base, _ := startServe(t, "--sqlite", filepath.Join(t.TempDir(), "scoop.db"), "--addr", "127.0.0.1:0")
	waitReady(t, base)
	dir := t.TempDir()
	for name, body := range map[string]string{"notes.txt": "remember the milk\n", "empty.txt": ""} {
		file := filepath.Join(dir, name)
		if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		var out, errb bytes.Buffer
		code := Run(context.Background(), []string{"import", "--server", base, file}, strings.NewReader(""), &out, &errb)
		if code != 2 || !strings.Contains(errb.String(), "400") || !strings.Contains(errb.String(), name) ||
			strings.Count(strings.TrimSpace(errb.String()), "\n") != 0 {
			t.Errorf("import --server %s: exit %d %q, want 2 and the server's 400 naming the file in one line", name, code, errb.String())
		}
	}
}
