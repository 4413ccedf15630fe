package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/ingest"
	moneyfmt "github.com/scoophq/scoop/internal/money"
)

// money writes amounts for people: the one formatter of readable
// amounts (package money), shared with the API's problem details and,
// through the same rules, the pages. The zero value writes plain integers.
type money = moneyfmt.Format

// moneyOf is the money format of a hand's amounts (plain chips for a
// tournament), or of the zero hand's table when h is nil.
func moneyOf(h *handhistory.Hand) money { return moneyfmt.OfHand(h) }

// moneyShares lists pot shares sorted by name with amounts as money
// ("Ann $0.10, Bob $0.05"), like analysis.Shares.String.
func moneyShares(m money, s analysis.Shares) string {
	parts := strings.Split(s.String(), ", ")
	for i, p := range parts {
		if k := strings.LastIndexByte(p, ' '); k >= 0 {
			if n, err := strconv.ParseInt(p[k+1:], 10, 64); err == nil {
				parts[i] = p[:k+1] + m.Chips(n)
			}
		}
	}
	return strings.Join(parts, ", ")
}

// streetOf names the street of the action at index i of h: preflop, flop,
// turn or river by the board cards dealt before it (the first run's).
func streetOf(h *handhistory.Hand, i int) string {
	n := 0
	for j := 0; j < i && j < len(h.Actions); j++ {
		if a := h.Actions[j]; a.Kind == game.DealBoard && a.Run <= 1 {
			n += len(a.Cards)
		}
	}
	switch {
	case n == 0:
		return "preflop"
	case n <= 3:
		return "flop"
	case n == 4:
		return "turn"
	}
	return "river"
}

// illegalMessage is the readable form of an illegal hand's error: where
// (the file's line for text formats, the street), the action as written
// (the file's line) and why, amounts as money (the verdict says them so), e.g.
//
//	line 23, flop: "Bob: raises $0.10 to $0.25": raise to $0.25 is below the pot-limit minimum $0.30 (allowed: fold, call $0.10 or raise to $0.30..$0.85)
//
// data is the file's content, start the hand's first line (0 when
// unknown); h is the hand as read; lines is the file's ingest.Lines, asked
// in file order (nil: no line is looked for).
func illegalMessage(ae *analysis.ActionError, h *handhistory.Hand, lines *ingest.Lines, data []byte, start int) string {
	if ae == nil {
		return "illegal"
	}
	msg := ae.Explained()
	if h == nil || ae.Index < 0 || ae.Index >= len(h.Actions) {
		return msg
	}
	where := streetOf(h, ae.Index)
	n, text := 0, ""
	if lines != nil {
		n, text = lines.ActionLine(data, start, h, ae.Index)
	}
	switch {
	case n > 0 && text != "":
		where = fmt.Sprintf("line %d, %s: %q", n, where, text)
	case n > 0: // a JSON record: its line
		where = fmt.Sprintf("line %d, %s", n, where)
	}
	return where + ": " + msg
}
