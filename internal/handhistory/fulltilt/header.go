package fulltilt

import (
	"strconv"
	"strings"

	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// gameOf maps a Full Tilt game name onto a game and structure.
func gameOf(s string) (eval.Game, game.Structure, bool) {
	var st game.Structure
	switch {
	case strings.HasPrefix(s, "Pot Limit "), strings.HasPrefix(s, "PL "):
		st = game.PotLimit
	case strings.HasPrefix(s, "No Limit "), strings.HasPrefix(s, "NL "):
		st = game.NoLimit
	case strings.HasPrefix(s, "Limit "), strings.HasPrefix(s, "FL "), strings.HasPrefix(s, "Fixed Limit "):
		st = game.FixedLimit
	default:
		return 0, 0, false
	}
	_, g, _ := strings.Cut(s, "Omaha")
	if !strings.Contains(s, " Omaha") {
		return 0, 0, false
	}
	switch strings.TrimSpace(g) {
	case "", "Hi":
		return eval.OmahaHi, st, true
	case "H/L", "Hi/Lo", "Hi-Lo", "8 or Better", "Hi/Lo 8 or Better":
		return eval.OmahaHiLo, st, true
	}
	return 0, 0, false
}

// header reads the header line.
func (p *parser) header(l sitetext.Line) (string, error) {
	b := &p.b
	s := l.S
	k := strings.IndexByte(s, '#')
	c := strings.Index(s[k:], ": ")
	id := s[k+1 : k+c]
	if !sitetext.Digits(id) {
		return "", sitetext.LineError(l.N, "bad game number %s in the header", sitetext.Quote(id))
	}
	b.Hand.SiteHandID = id
	parts := strings.Split(s[k+c+2:], " - ")
	if len(parts) < 3 {
		return "", sitetext.LineError(l.N, "bad header %s", sitetext.Quote(s))
	}
	if err := p.tablePart(l, parts[0]); err != nil {
		return "", err
	}
	var game, stakes string
	var when []string
	for _, part := range parts[1:] {
		switch {
		case game == "" && (strings.Contains(part, "Omaha") || strings.Contains(part, "Hold'em") || strings.Contains(part, "Stud") ||
			strings.Contains(part, "Razz") || strings.Contains(part, "Draw") || strings.Contains(part, "Badugi") || strings.Contains(part, "HORSE") || strings.Contains(part, "Mixed")):
			game = part
		case stakes == "" && strings.Count(part, "/") == 1 && !strings.Contains(part, ":"):
			stakes = part
		default:
			when = append(when, part)
		}
	}
	if game == "" {
		return "", sitetext.LineError(l.N, "header names no game: %s", sitetext.Quote(s))
	}
	// A capped game: "$400 Pot Limit Omaha Hi", "$2,000 Cap Pot Limit
	// Omaha Hi" (2011).
	if f, rest, ok := strings.Cut(game, " "); ok && f != "" && (f[0] == '$' || f[0] >= '0' && f[0] <= '9') {
		x, _, ok := sitetext.ParseAmount(f, b.Scale)
		if !ok || x <= 0 {
			return "", sitetext.LineError(l.N, "bad cap %s in the header", sitetext.Quote(f))
		}
		p.cap, game = x, strings.TrimPrefix(rest, "Cap ")
	}
	if skip := b.SetGame(game, gameOf); skip != "" {
		return skip, nil
	}
	if err := p.stakes(l, stakes); err != nil {
		return "", err
	}
	t, err := parseTime(strings.Join(when, " - "))
	if err != nil {
		return "", sitetext.LineError(l.N, "%v in the header: %s", err, sitetext.Quote(s))
	}
	b.Hand.Time = t
	return "", nil
}

// tablePart reads "Table Rymer (6 max, shallow)", "Table Mention (heads
// up)", "Table Vernon" or a tournament's "$10 + $1 Sit & Go (123),
// Table 1".
func (p *parser) tablePart(l sitetext.Line, s string) error {
	b := &p.b
	k := strings.LastIndex(s, "Table ")
	if k < 0 {
		return sitetext.LineError(l.N, "header names no table: %s", sitetext.Quote(l.S))
	}
	if k > 0 {
		b.Hand.Tournament = true
		b.Scale = 1
	}
	name := s[k+len("Table "):]
	if a := strings.Index(name, " ("); a >= 0 && strings.HasSuffix(name, ")") {
		for _, f := range strings.Split(name[a+2:len(name)-1], ", ") {
			switch {
			case f == "heads up":
				b.Hand.Table.MaxSeats = 2
			case strings.HasSuffix(f, " max"):
				if v, ok := sitetext.SeatCount(strings.TrimSuffix(f, " max")); ok {
					b.Hand.Table.MaxSeats = v
				}
			}
		}
		name = name[:a]
	}
	b.Hand.TableName = name
	return nil
}

// stakes reads "$2/$4", "$0.50/$1", "15/30".
func (p *parser) stakes(l sitetext.Line, s string) error {
	b := &p.b
	t := &b.Hand.Table
	x, y, ok := strings.Cut(s, "/")
	if !ok {
		return sitetext.LineError(l.N, "header has no stakes: %s", sitetext.Quote(l.S))
	}
	v1, sym1, ok1 := sitetext.ParseAmount(x, b.Scale)
	v2, sym2, ok2 := sitetext.ParseAmount(y, b.Scale)
	if !ok1 || !ok2 || sym1 != sym2 || v1 <= 0 || v2 <= 0 || v2 > handhistory.MaxChips || b.Hand.Tournament && sym1 != "" {
		return sitetext.LineError(l.N, "bad stakes %s in the header", sitetext.Quote(s))
	}
	if v1 > v2 {
		return sitetext.LineError(l.N, "stakes %s in the header: the first is larger than the second", sitetext.Quote(s))
	}
	p.b.Sym = sym1
	if b.Hand.Tournament {
		t.ChipUnit = "1"
	} else {
		t.ChipUnit = "0.01"
		t.Currency = sitetext.CurrencyCode(sym1)
	}
	t.SetStakes(v1, v2)
	p.bb = v2
	if t.Structure == game.FixedLimit {
		p.bb = v1
	}
	return nil
}

// parseTime reads the header's times: "18:33:09 CET - 2012/11/06 [12:33:09
// ET - 2012/11/06]" (the bracketed Eastern time) or "0:03:34 ET -
// 2006/10/11"; "" when no Eastern time is given.
func parseTime(s string) (string, error) {
	if a := strings.LastIndexByte(s, '['); a >= 0 {
		if e := strings.IndexByte(s[a:], ']'); e >= 0 {
			s = s[a+1 : a+e]
		}
	}
	clock, date, ok := strings.Cut(s, " ET - ")
	if !ok {
		return "", nil
	}
	t, ok := sitetext.ParseClock(strings.TrimSpace(clock)+" "+strings.TrimSpace(date), "15:04:05 2006/01/02")
	if !ok {
		return "", &timeError{s}
	}
	return sitetext.Eastern(t), nil
}

type timeError struct{ s string }

func (e *timeError) Error() string { return "bad date and time " + strconv.Quote(e.s) }

// isHeader reports whether l starts a Full Tilt hand.
func isHeader(l string) bool {
	return (strings.HasPrefix(l, "Full Tilt Poker Game #") || strings.HasPrefix(l, "FullTiltPoker Game #")) && strings.Contains(l, ": ")
}

// seat reads "Seat 1: name ($120.15)" with ", is sitting out" after it.
func (p *parser) seat(l sitetext.Line) error {
	num, name, amt, tail, err := sitetext.SeatLine(l, ")")
	if err != nil {
		return err
	}
	if tail != "" && tail != ", is sitting out" { // a seat sitting out is dealt in only when it plays
		return sitetext.LineError(l.N, "seat line has no stack: %s", sitetext.Quote(l.S))
	}
	stack, err := p.b.Amount(l, amt)
	if err != nil {
		return err
	}
	if p.cap > 0 {
		stack = min(stack, p.cap) // the chips he can play (see read)
	}
	return p.b.AddSeat(l, num, name, stack, false)
}
