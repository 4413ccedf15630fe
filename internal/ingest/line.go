package ingest

import (
	"bytes"
	"regexp"
	"strings"

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

// bettingVerb matches the betting actions of PokerStars-style text
// ("Bob: raises $0.10 to $0.25", "Ann: folds").
var bettingVerb = regexp.MustCompile(`^: (folds|checks|calls|bets|raises)\b`)

// ActionLine finds, for a hand read from text in the PokerStars style
// (PokerStars and the clients writing its format), the line of data where
// the action at index i of h is written: the player's k-th betting line
// after the hand's first line start (1-based), k counting his betting
// actions before i. It returns the line number and its text, or 0 and ""
// when the action is not a betting one or no such line is found (other
// formats). It is the one line numbering of an illegal action: `scoop
// replay`, `scoop import`, POST /v1/hands and the import jobs all name it.
func ActionLine(data []byte, start int, h *handhistory.Hand, i int) (int, string) {
	var c lineCursor
	return c.actionLine(data, start, h, i)
}

// lineCursor remembers where a line starts in data, so that the action
// lines of a file's hands, asked in file order, cost one pass over it.
type lineCursor struct {
	line int // 1-based line starting at off (0: none yet)
	off  int
}

// seek returns the offset of line n (1-based) in data, or -1 past its end.
func (c *lineCursor) seek(data []byte, n int) int {
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

func (c *lineCursor) actionLine(data []byte, start int, h *handhistory.Hand, i int) (int, string) {
	if len(data) == 0 || start < 1 || h == nil || i < 0 || i >= len(h.Actions) || !betting(h.Actions[i].Kind) {
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
	off := c.seek(data, start)
	if off < 0 {
		return 0, ""
	}
	rest := data[off:]
	for n := start; len(rest) > 0; n++ {
		raw := rest
		if j := bytes.IndexByte(rest, '\n'); j >= 0 {
			raw, rest = rest[:j], rest[j+1:]
		} else {
			rest = nil
		}
		line := strings.TrimRight(string(raw), "\r")
		if n > start && strings.HasPrefix(line, "PokerStars ") {
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
