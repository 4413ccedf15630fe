package handhistory_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/handhistory"
	_ "github.com/scoophq/scoop/internal/handhistory/sites" // every site reader, for the golden verdicts
	"github.com/scoophq/scoop/internal/ingest"
)

// update rewrites the golden verdicts from the readers as they are (go
// test ./internal/handhistory -run TestGolden -update), as go/printer's
// golden tests do. Review the diff before committing it: every change of
// a verdict is a change of what Scoop says about a real hand.
var update = flag.Bool("update", false, "rewrite testdata/golden from the readers as they are")

// goldenRoots are the folders whose every hand history is pinned: the
// shared corpus (outside the repository, beside it: ../shared/corpus from
// the repository root, as CI lays it out) and the repository's examples.
var goldenRoots = []struct{ name, dir string }{
	{"corpus", "../../../shared/corpus"},
	{"examples", "../../examples"},
}

// goldenFiles lists the files of dir that are pinned, as slash paths
// relative to dir: every file but the folders' notes (*.md) and the PHH
// corpus' expected.jsonl (an independent replay's results, not a hand
// history).
func goldenFiles(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || strings.HasSuffix(p, ".md") || d.Name() == "expected.jsonl" {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		out = append(out, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// goldenVerdicts is what `scoop replay --json FILE` prints for one file:
// one verdict a line (JSON Lines, HTML not escaped), File named by the
// root and the path under it; for a file that cannot be read at all, one
// line {"file_error": "..."} with the reader's message.
func goldenVerdicts(name string, data []byte) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	entries, err := detectAndRead(name, data)
	if err != nil {
		_ = enc.Encode(map[string]string{"file_error": err.Error()})
		return b.Bytes()
	}
	text, _, _ := handhistory.Decode(data)
	for _, e := range entries {
		v := analysis.FromEntry(e)
		v.File = name
		(&ingest.Lines{}).Locate(&v, text, e) // an illegal hand's line: its action's
		_ = enc.Encode(v)
	}
	return b.Bytes()
}

// detectAndRead reads a file as scoop replay does: decoded, detected, read.
func detectAndRead(name string, data []byte) ([]handhistory.Entry, error) {
	data, _, err := handhistory.Decode(data)
	if err != nil {
		return nil, err
	}
	f, err := handhistory.Detect(name, data)
	if err != nil {
		return nil, err
	}
	return handhistory.Read(f, data)
}

// TestGoldenVerdicts pins, byte for byte, the verdict JSON of every hand
// of every corpus and example file (testdata/golden/ROOT/PATH.jsonl), so
// that a change of a reader that changes what Scoop says about a real
// hand is seen. The shared corpus is not in the repository: the test
// fails under CI when it is missing, and is skipped elsewhere.
func TestGoldenVerdicts(t *testing.T) {
	pinned := 0
	for _, root := range goldenRoots {
		if _, err := os.Stat(root.dir); err != nil {
			if os.Getenv("CI") != "" {
				t.Fatalf("%s: %v (the shared corpus must be beside the repository)", root.dir, err)
			}
			t.Logf("skipping %s: %v", root.name, err)
			continue
		}
		files := goldenFiles(t, root.dir)
		if len(files) == 0 {
			t.Fatalf("%s: no files", root.dir)
		}
		for _, rel := range files {
			name := root.name + "/" + rel
			data, err := os.ReadFile(filepath.Join(root.dir, filepath.FromSlash(rel)))
			if err != nil {
				t.Fatal(err)
			}
			got := goldenVerdicts(name, data)
			golden := filepath.Join("testdata", "golden", filepath.FromSlash(name)+".jsonl")
			pinned++
			if *update {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Errorf("%s: no golden (%v): run go test -run TestGoldenVerdicts -update", name, err)
				continue
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s: verdicts differ from %s:\n%s", name, golden, firstDiff(want, got))
			}
		}
	}
	t.Logf("%d files pinned", pinned)
}

// firstDiff shows the first line where got differs from want.
func firstDiff(want, got []byte) string {
	w := strings.Split(string(want), "\n")
	g := strings.Split(string(got), "\n")
	for i := 0; i < max(len(w), len(g)); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return fmt.Sprintf("line %d:\n  want %s\n  got  %s", i+1, a, b)
		}
	}
	return "(no line differs)"
}
