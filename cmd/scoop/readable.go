package main

import (
	"bufio"
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/handhistory"
)

// money formats amounts of a hand's chips for people, as the site shows
// them: integer chip units scaled by the chip unit and given the
// currency's symbol ("$283.98" for 28398 with unit "0.01" and USD,
// "283.98 CAD" for a currency without a symbol here), or plain integers
// for tournament chips and hands that name no unit. The zero value prints
// plain integers. JSON output never goes through it: it keeps integer
// chips.
type money struct {
	decimals int    // digits after the point
	scale    int64  // the unit's digits as an integer: 1 for "0.01", 5 for "0.05"
	symbol   string // before the amount
	code     string // after the amount when there is no symbol
}

// currencySymbols are the symbols written before an amount.
var currencySymbols = map[string]string{"USD": "$", "EUR": "€", "GBP": "£"}

// moneyOf returns the money format of a table: its ChipUnit ("0.01",
// "1"; a plain integer format when empty or unreadable) and Currency.
func moneyOf(t handhistory.Table) money {
	m := money{scale: 1}
	unit := strings.TrimSpace(t.ChipUnit)
	if unit != "" {
		whole, frac, _ := strings.Cut(unit, ".")
		digits := strings.TrimLeft(whole+frac, "0")
		if n, err := strconv.ParseInt(digits, 10, 64); err == nil && n > 0 && n < 1_000_000 && len(frac) <= 6 {
			m.decimals, m.scale = len(frac), n
		}
	}
	if m.decimals > 0 && t.Currency != "" {
		if s, ok := currencySymbols[t.Currency]; ok {
			m.symbol = s
		} else {
			m.code = t.Currency
		}
	}
	return m
}

// format writes n chip units: "$283.98", "0.25 CAD", "1500".
func (m money) format(n int64) string {
	v := n * max(m.scale, 1)
	neg := v < 0
	if neg {
		v = -v
	}
	s := strconv.FormatInt(v, 10)
	if m.decimals > 0 {
		if len(s) <= m.decimals {
			s = strings.Repeat("0", m.decimals-len(s)+1) + s
		}
		s = s[:len(s)-m.decimals] + "." + s[len(s)-m.decimals:]
	}
	s = m.symbol + s
	if m.code != "" {
		s += " " + m.code
	}
	if neg {
		s = "-" + s
	}
	return s
}

// shares lists pot shares sorted by name with amounts as money ("Ann
// $0.10, Bob $0.05"), like analysis.Shares.String.
func (m money) shares(s analysis.Shares) string {
	parts := strings.Split(s.String(), ", ")
	for i, p := range parts {
		if k := strings.LastIndexByte(p, ' '); k >= 0 {
			if n, err := strconv.ParseInt(p[k+1:], 10, 64); err == nil {
				parts[i] = p[:k+1] + m.format(n)
			}
		}
	}
	return strings.Join(parts, ", ")
}

// chipNumber is an integer standing alone in an engine message: an amount
// of chips, unless followed by " bet" ("capped at 4 bets").
var chipNumber = regexp.MustCompile(`\b\d+\b( bets?\b)?`)

// amounts rewrites the chip amounts of an engine message ("raise to 25 is
// below the pot-limit minimum 30", "fold, call 150 or raise to 300..800")
// as money; counts of bets are left alone.
func (m money) amounts(msg string) string {
	if m == (money{scale: 1}) || m == (money{}) {
		return msg
	}
	return chipNumber.ReplaceAllStringFunc(msg, func(s string) string {
		if strings.HasSuffix(s, "bet") || strings.HasSuffix(s, "bets") {
			return s
		}
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return s
		}
		return m.format(n)
	})
}

// actionPrefix is the engine's "action N: " before an illegal action's
// message: an index into an internal list, which people cannot find.
var actionPrefix = regexp.MustCompile(`^action \d+: `)

// streetOf names the street of the action at index i of h: preflop, flop,
// turn or river by the board cards dealt before it (the first run's).
func streetOf(h *handhistory.Hand, i int) string {
	n := 0
	for j := 0; j < i && j < len(h.Actions); j++ {
		if a := h.Actions[j]; a.Kind == handhistory.DealBoard && a.Run <= 1 {
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

// bettingKinds are the actions a player takes in a betting round.
var bettingKinds = map[handhistory.ActionKind]bool{
	handhistory.Fold: true, handhistory.Check: true, handhistory.Call: true,
	handhistory.CheckCall: true, handhistory.BetRaise: true,
}

// bettingVerb matches the betting actions of PokerStars-style text
// ("Bob: raises $0.10 to $0.25", "Ann: folds").
var bettingVerb = regexp.MustCompile(`^: (folds|checks|calls|bets|raises)\b`)

// actionLine finds, for a hand read from text in the PokerStars style
// (PokerStars and the clients writing its format), the line of data where
// the action at index i of h is written: the player's k-th betting line
// after the hand's first line start (1-based), k counting his betting
// actions before i. It returns the line number and its text, or 0 and ""
// when the action is not a betting one or no such line is found (other
// formats).
func actionLine(data []byte, start int, h *handhistory.Hand, i int) (int, string) {
	if start < 1 || i < 0 || i >= len(h.Actions) || !bettingKinds[h.Actions[i].Kind] {
		return 0, ""
	}
	p := h.Actions[i].Player
	if p < 0 || p >= len(h.Players) || h.Players[p].Name == "" {
		return 0, ""
	}
	name := h.Players[p].Name
	k := 0
	for _, a := range h.Actions[:i] {
		if a.Player == p && bettingKinds[a.Kind] {
			k++
		}
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		if n < start {
			continue
		}
		line := strings.TrimRight(sc.Text(), "\r")
		if n > start && strings.HasPrefix(line, "PokerStars ") {
			return 0, "" // the next hand
		}
		if rest, ok := strings.CutPrefix(line, name); ok && bettingVerb.MatchString(rest) {
			if k == 0 {
				return n, strings.TrimSpace(line)
			}
			k--
		}
	}
	return 0, ""
}

// illegalMessage is the readable form of an illegal hand's error: where
// (the file's line for text formats, the street), the action as written
// (the file's line) and why, amounts as money, e.g.
//
//	line 23, flop: "Bob: raises $0.10 to $0.25": raise to $0.25 is below the pot-limit minimum $0.30 (allowed: fold, call $0.10 or raise to $0.30..$0.85)
//
// data is the file's content, start the hand's first line (0 when
// unknown); h is the hand as read.
func illegalMessage(ae *analysis.ActionError, h *handhistory.Hand, data []byte, start int, m money) string {
	if ae == nil {
		return "illegal"
	}
	msg := m.amounts(actionPrefix.ReplaceAllString(ae.Message, ""))
	if h == nil || ae.Index < 0 || ae.Index >= len(h.Actions) {
		return msg
	}
	where := streetOf(h, ae.Index)
	if n, text := actionLine(data, start, h, ae.Index); n > 0 {
		where = fmt.Sprintf("line %d, %s: %q", n, where, text)
	}
	out := where + ": " + msg
	if ae.Allowed != "" {
		out += " (allowed: " + m.amounts(ae.Allowed) + ")"
	}
	return out
}
