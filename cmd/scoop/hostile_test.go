package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/hhtest"
)

// TestReplaySurvivesHostileFiles: `scoop replay` reads files built to
// overflow a recursive decoder's stack (2,000,000 nested brackets: before
// the bounds, a fatal error that ended the process) or to cost quadratic
// time, and reports each as an unreadable hand naming the line and the
// limit, with exit status 0 (a JSON file of that one value is unreadable
// as a whole: exit status 2, naming the limit); a hand of more than MaxActions actions is a
// verdict naming the limit.
func TestReplaySurvivesHostileFiles(t *testing.T) {
	t.Parallel()
	const deep = 2_000_000
	for _, tt := range []struct {
		name, text, want string
	}{
		{"brackets.phh", "variant = " + strings.Repeat("[", deep), "MaxNesting"},
		{"inline.phh", "variant = 'NO/8'\n_x = " + strings.Repeat("{a = ", deep/5), "MaxKeySegments"},
		{"dotted.phh", strings.Repeat("a.", deep/2) + "a = 1\n", "MaxKeySegments"},
		{"arrays.json", strings.Repeat("[", deep), "MaxNesting"},
		{"objects.json", strings.Repeat(`{"a":`, deep/5), "MaxNesting"},
		{"raises.phh", hhtest.PHHRaises(4 * handhistory.MaxActions), "at most 5000"},
		{"raises.txt", hhtest.PokerStarsRaises(2 * handhistory.MaxActions), "at most 5000"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			path := writeTemp(t, tt.name, tt.text)
			code, out, errOut := runReplayCmd("replay", "--json", path)
			if strings.HasSuffix(tt.name, ".json") {
				// A JSON file of one value that cannot be read is the
				// whole file: exit 2, naming the limit.
				if code != 2 || !strings.Contains(errOut, "MaxNesting") {
					t.Fatalf("exit %d, stderr %q", code, errOut)
				}
				return
			}
			if code != 0 {
				t.Fatalf("exit %d, stderr %q", code, errOut)
			}
			var v struct {
				Legal      bool
				Unreadable bool
				Line       int
				Error      struct{ Message string }
			}
			if err := json.Unmarshal([]byte(out), &v); err != nil {
				t.Fatalf("%v: %q", err, out)
			}
			if v.Legal || !v.Unreadable || !strings.Contains(v.Error.Message, tt.want) {
				t.Fatalf("verdict %+v, want unreadable naming %q", v, tt.want)
			}
		})
	}
}

// TestReplayHonoursContext: a cancelled context stops `scoop replay` in
// the middle of a long hand with the cancellation.
func TestReplayHonoursContext(t *testing.T) {
	t.Parallel()
	path := writeTemp(t, "raises.phh", hhtest.PHHRaises(handhistory.MaxActions-1))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := replayHands(ctx, walkFile{Name: path}, nil)
	if !errors.Is(err, context.Canceled) || fault.KindOf(err) != fault.Canceled {
		t.Fatalf("error %v, want the cancellation", err)
	}
	vs, err := replayHands(context.Background(), walkFile{Name: path}, nil)
	if err != nil || len(vs) != 1 || !vs[0].verdict.Legal {
		t.Fatalf("%v %+v", err, vs)
	}
}

// TestWindows1252FileReadsAsTheAPIReadsIt: a PokerStars file written in
// Windows-1252 is a hand history for `scoop import` (found in a directory,
// not skipped as "not a hand history") and `scoop replay`, with the
// player names decoded as the API decodes them (api/handread_test.go
// checks hhtest.LatinNames through formatOf and readHands).
func TestWindows1252FileReadsAsTheAPIReadsIt(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "latin1.txt")
	if err := os.WriteFile(path, []byte(hhtest.PokerStarsHandLatin1), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runImportCmd(t, "--dry-run", "--json", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	s := decodeSummary(t, out)
	if len(s.SkippedFiles) != 0 || s.Hands != 1 || s.Legal != 1 {
		t.Fatalf("summary %+v, want the one hand read and legal", s)
	}
	code, out, errOut = runReplayCmd("replay", "--json", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var v struct{ Players []string }
	if err := json.NewDecoder(bytes.NewReader([]byte(out))).Decode(&v); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(v.Players[:2], hhtest.LatinNames) {
		t.Fatalf("players %q, want %q", v.Players, hhtest.LatinNames)
	}
}

// A file of a site Scoop has no reader for, found in a directory, is
// reported with the site's name (never skipped as "not a hand history").
func TestImportNamesUnsupportedSite(t *testing.T) {
	dir := t.TempDir()
	everleaf := "Everleaf Gaming Game #3800000001\n***** Hand history for game #3800000001 *****\n"
	if err := os.WriteFile(filepath.Join(dir, "everleaf.txt"), []byte(everleaf), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	Run(context.Background(), []string{"import", "--dry-run", dir}, strings.NewReader(""), &stdout, &stderr)
	out := stdout.String() + stderr.String()
	if !strings.Contains(out, "unsupported site: Everleaf") || strings.Contains(out, "not a hand history") {
		t.Errorf("import of an Everleaf file in a directory:\n%s", out)
	}
}
