package ingest

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
)

// betting reports whether k is an action a player takes in a betting
// round.
func betting(k game.ActionKind) bool {
	switch k {
	case game.Fold, game.Check, game.Call, game.CheckCall, game.BetRaise:
		return true
	}
	return false
}

// bettingVerb matches the betting actions of the sites' text after the
// player's name: "Bob: raises $0.10 to $0.25" (PokerStars and the
// clients writing its format), "Bob raises 0.38€ to 0.76€" (Winamax and
// the others writing no colon), "Ann: folds".
var bettingVerb = regexp.MustCompile(`^:? (folds|checks|calls|bets|raises)\b`)

// phhKey is a PHH (TOML) key line: a hand's first line is one ("variant =
// ..."), or its section's header ("[2]").
var phhKey = regexp.MustCompile(`^\s*(\[|[A-Za-z_][A-Za-z0-9_.]*\s*=)`)

// Lines finds where the actions of a file's hands are written: the one
// line numbering of an illegal action, named by `scoop replay`, `scoop
// import`, `scoop analyze`, POST /v1/hands and the import jobs. It
// remembers where a line starts, so that the hands of one file, asked in
// file order, cost one pass over it (a question about an earlier hand
// starts again from the top). Use one per file and per pass; the zero
// value is ready for a whole file.
type Lines struct {
	// First is the line of the file the data asked about starts on (0 or
	// 1: the file's start; a chunk's first line): the lines asked and
	// returned are the file's, as the reader numbered them (see
	// handhistory.ReadPart).
	First int
	line  int // 1-based line of the data starting at off (0: none yet)
	off   int
}

// ActionLine finds the line of data (a hand-history file's text, or its
// part from line c.First on) where the action at index i of h, whose
// first line is start (1-based, in the file), is written, and its text.
// By the hand's text:
//
//   - a site's text (PokerStars and the clients writing its format,
//     Winamax and the other sites): the player's k-th betting line after
//     start ("Bob: raises ...", "Bob raises ..."), k counting his betting
//     actions before i, up to the next hand's first line; only betting
//     actions are found;
//   - PHH (start is a key or a section header): the line of the i-th
//     string of the hand's actions array, and that string;
//   - Scoop JSON (start opens a record): start, the record's line (a
//     record of JSON Lines is one line), and no text.
//
// It returns 0 and "" when the action is not found.
func (c *Lines) ActionLine(data []byte, start int, h *handhistory.Hand, i int) (int, string) {
	return c.actionLine(data, start, h, i)
}

// Locate makes an illegal verdict's Line (and its error's) the line of its
// offending action in text (ActionLine), when found; otherwise Line stays
// where the hand starts (an unreadable hand's is its error's:
// analysis.FromEntry). e is the entry the verdict is of, read from text.
func (c *Lines) Locate(v *analysis.Verdict, text []byte, e handhistory.Entry) {
	if n := c.illegalLine(v, text, e); n > 0 {
		v.Line, v.Error.Line = n, n
	}
}

// illegalLine is the line of v's offending action (0: not illegal, or not
// found).
func (c *Lines) illegalLine(v *analysis.Verdict, text []byte, e handhistory.Entry) int {
	if v.Legal || v.Unreadable || v.Skipped != "" || v.Error == nil || v.Error.Index < 0 {
		return 0
	}
	n, _ := c.actionLine(text, e.Line, e.Hand, v.Error.Index)
	return n
}

// seek returns the offset of the file's line n (1-based) in data, which
// starts on line c.First, or -1 outside data.
func (c *Lines) seek(data []byte, n int) int {
	if c.First > 1 {
		n -= c.First - 1
	}
	if n < 1 {
		return -1
	}
	if c.line == 0 || n < c.line {
		c.line, c.off = 1, 0
	}
	for c.line < n {
		j := bytes.IndexByte(data[c.off:], '\n')
		if j < 0 {
			return -1
		}
		c.off += j + 1
		c.line++
	}
	return c.off
}

func (c *Lines) actionLine(data []byte, start int, h *handhistory.Hand, i int) (int, string) {
	if len(data) == 0 || start < 1 || h == nil || i < 0 || i >= len(h.Actions) {
		return 0, ""
	}
	off := c.seek(data, start)
	if off < 0 {
		return 0, ""
	}
	rest := data[off:]
	first := rest
	if j := bytes.IndexByte(first, '\n'); j >= 0 {
		first = first[:j]
	}
	switch lead := leadLine(rest); {
	case bytes.HasPrefix(lead, []byte("{")):
		return start, ""
	case phhKey.Match(lead):
		return phhActionLine(rest, start, i)
	}
	if !betting(h.Actions[i].Kind) {
		return 0, ""
	}
	p := h.Actions[i].Player
	if p < 0 || p >= len(h.Players) || h.Players[p].Name == "" {
		return 0, ""
	}
	name := h.Players[p].Name
	k := 0
	for _, a := range h.Actions[:i] {
		if a.Player == p && betting(a.Kind) {
			k++
		}
	}
	head, _, _ := strings.Cut(strings.TrimSpace(string(first)), " ")
	for n := start; len(rest) > 0; n++ {
		raw := rest
		if j := bytes.IndexByte(rest, '\n'); j >= 0 {
			raw, rest = rest[:j], rest[j+1:]
		} else {
			rest = nil
		}
		line := strings.TrimRight(string(raw), "\r")
		if n > start && head != "" && strings.HasPrefix(line, head+" ") {
			return 0, "" // the next hand
		}
		if after, ok := strings.CutPrefix(line, name); ok && bettingVerb.MatchString(after) {
			if k == 0 {
				return n, strings.TrimSpace(line)
			}
			k--
		}
	}
	return 0, ""
}

// leadLine is the first line of b that is neither blank nor a comment
// ("# ..."), trimmed: what tells a PHH hand (a key, after its comments)
// from a JSON record and a site's text (888's "#Game No : 1" is followed
// by its banner, no key). Only the first lines are looked at.
func leadLine(b []byte) []byte {
	for k := 0; k < 200 && len(b) > 0; k++ {
		line := b
		if j := bytes.IndexByte(b, '\n'); j >= 0 {
			line, b = b[:j], b[j+1:]
		} else {
			b = nil
		}
		if t := bytes.TrimSpace(line); len(t) > 0 && t[0] != '#' {
			return t
		}
	}
	return nil
}

// phhActionLine finds, in the PHH hand whose text from line start on is
// rest, the line of the i-th string of its actions array and the string:
// the actions key is looked for up to the next section's header; its
// array is scanned string by string (basic and literal strings, comments
// outside them), across lines.
func phhActionLine(rest []byte, start, i int) (int, string) {
	n := start
	for len(rest) > 0 {
		raw := rest
		if j := bytes.IndexByte(rest, '\n'); j >= 0 {
			raw = rest[:j]
		}
		t := bytes.TrimSpace(raw)
		if n > start && bytes.HasPrefix(t, []byte("[")) {
			return 0, "" // the next hand's section
		}
		if key, _, ok := bytes.Cut(t, []byte("=")); ok && string(bytes.TrimSpace(key)) == "actions" {
			skip := len(raw) - len(bytes.TrimLeft(raw, " \t")) + len(key) + 1
			return phhString(rest[skip:], n, i)
		}
		if len(raw) == len(rest) {
			break
		}
		rest, n = rest[len(raw)+1:], n+1
	}
	return 0, ""
}

// phhString scans a TOML array from b (its line n) for its i-th string.
func phhString(b []byte, n, i int) (int, string) {
	k := 0
	for j := 0; j < len(b); j++ {
		switch ch := b[j]; ch {
		case '\n':
			n++
		case '#':
			for j < len(b) && b[j] != '\n' {
				j++
			}
			j-- // the newline counts the line
		case ']':
			return 0, ""
		case '"', '\'':
			var s strings.Builder
			at := n
			for j++; j < len(b) && b[j] != ch; j++ {
				switch {
				case b[j] == '\n':
					return 0, "" // a string does not span lines here
				case ch == '"' && b[j] == '\\' && j+1 < len(b):
					j++
				}
				s.WriteByte(b[j])
			}
			if k == i {
				return at, s.String()
			}
			k++
		}
	}
	return 0, ""
}
