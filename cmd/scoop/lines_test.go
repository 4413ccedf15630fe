package main

import (
	"encoding/json"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// multiLinePHHS is two PHH hands, the second's actions written one a
// line with comments: its illegal raise ('p2 cbr 90', over the pot
// limit of 8) is on line 15, its variant on line 9.
const multiLinePHHS = foldedPHHSHand + `
[2]
variant = 'PO'
blinds_or_straddles = [1, 2, 0]
starting_stacks = [100, 100, 100]
actions = [
  'p3 cc', # a limp
  "p1 cc",
  'p2 cbr 90',
]
`

// illegalJSONL is two records of Scoop JSON Lines, the second illegal (a
// raise to 90 over the pot limit of 6): its line is the record's, 2.
const illegalJSONL = `{"site":"test","site_hand_id":"1","table":{"game":"omaha-hi","structure":"pot-limit"},"players":[{"name":"a","stack":100},{"name":"b","stack":100}],"button":0,"posts":[{"player":0,"kind":"small-blind","amount":1},{"player":1,"kind":"big-blind","amount":2}],"actions":[{"player":0,"kind":"fold"}]}
{"site":"test","site_hand_id":"2","table":{"game":"omaha-hi","structure":"pot-limit"},"players":[{"name":"a","stack":100},{"name":"b","stack":100}],"button":0,"posts":[{"player":0,"kind":"small-blind","amount":1},{"player":1,"kind":"big-blind","amount":2}],"actions":[{"player":0,"kind":"bet-raise","amount":90}]}
`

// TestOneLineNumbering (issue 27): an illegal hand is named by the line
// of its offending action in the file, the same in scoop replay (text
// and JSON: the verdict's line and its error's), scoop analyze and scoop
// import, for a site's text (PokerStars, Winamax), PHH (a file of several
// hands, actions one a line) and JSON Lines (the record's line).
func TestOneLineNumbering(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{"two.phhs": multiLinePHHS, "two.jsonl": illegalJSONL})
	for _, c := range []struct {
		file, where string
		line        int
	}{
		{"../../examples/illegal.txt", `flop: "Shaun J: raises €1.36 to €30.25"`, 24},
		{"testdata/winamax-illegal.txt", `river: "Player5 raises 0.38€ to 0.76€"`, 43},
		{filepath.Join(dir, "two.phhs"), `preflop: "p2 cbr 90"`, 15},
		{filepath.Join(dir, "two.jsonl"), `preflop: a raise to 90`, 2},
	} {
		want := "line " + strconv.Itoa(c.line) + ", " + c.where
		_, out, errs := runReplayCmd("replay", c.file)
		if !strings.Contains(out, want) {
			t.Errorf("replay %s: want %q in\n%s%s", c.file, want, out, errs)
		}
		_, out, _ = runReplayCmd("analyze", c.file)
		if !strings.Contains(out, want) {
			t.Errorf("analyze %s: want %q in\n%s", c.file, want, out)
		}
		_, out, _ = runReplayCmd("import", "--dry-run", c.file)
		if !strings.Contains(out, " line "+strconv.Itoa(c.line)+": ") {
			t.Errorf("import %s: want line %d in\n%s", c.file, c.line, out)
		}
		_, out, _ = runReplayCmd("replay", "--json", c.file)
		found := false
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			var v struct {
				Legal bool
				Line  int
				Error *struct{ Line int }
			}
			if err := json.Unmarshal([]byte(l), &v); err != nil {
				t.Fatal(err)
			}
			if !v.Legal && v.Error != nil {
				found = true
				if v.Line != c.line || v.Error.Line != c.line {
					t.Errorf("replay --json %s: line %d, error line %d; want %d", c.file, v.Line, v.Error.Line, c.line)
				}
			}
		}
		if !found {
			t.Errorf("replay --json %s: no illegal hand:\n%s", c.file, out)
		}
	}
}
