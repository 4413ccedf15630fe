package winamax

import (
	"strings"

	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// gameOf maps a Winamax game ("Omaha pot limit", "Omaha8 no limit")
// onto a game and structure.
func gameOf(s string) (eval.Game, game.Structure, bool) {
	name, limit, ok := strings.Cut(s, " ")
	if !ok {
		return 0, 0, false
	}
	if rest, ok := strings.CutPrefix(s, "Omaha Hi/Lo "); ok { // 2016: "Omaha Hi/Lo pot limit"
		name, limit = "Omaha Hi/Lo", rest
	}
	return sitetext.GameNamed(games, name, limit)
}

// games are the names of the games read, as gameOf cuts them from the
// header (sitetext.GameNamed).
var games = map[string]eval.Game{
	"Omaha":  eval.OmahaHi,
	"Omaha8": eval.OmahaHiLo, "Omaha-8": eval.OmahaHiLo, "OmahaHL": eval.OmahaHiLo, "Omaha Hi/Lo": eval.OmahaHiLo,
}

// header reads the header line.
func (p *parser) header(l sitetext.Line) (string, error) {
	b := &p.b
	s := l.S
	k := strings.Index(s, "HandId: #")
	rest := s[k+len("HandId: #"):]
	id, rest, ok := strings.Cut(rest, " - ")
	if !ok || id == "" {
		return "", sitetext.LineError(l.N, "bad hand id in the header: %s", sitetext.Quote(s))
	}
	for i := 0; i < len(id); i++ {
		if c := id[i]; !(c >= '0' && c <= '9' || c == '-') {
			return "", sitetext.LineError(l.N, "bad hand id %s in the header", sitetext.Quote(id))
		}
	}
	b.Hand.SiteHandID = id
	kind := s[len("Winamax Poker - "):k]
	b.Hand.Tournament = !strings.HasPrefix(kind, "CashGame")
	// rest: "Omaha pot limit (1€/2€) - 2014/07/30 01:25:40 UTC"
	d := strings.LastIndex(rest, " - ")
	if d < 0 {
		return "", sitetext.LineError(l.N, "header has no date: %s", sitetext.Quote(s))
	}
	desc, date := rest[:d], rest[d+3:]
	a := strings.LastIndex(desc, " (")
	if a < 0 || !strings.HasSuffix(desc, ")") {
		return "", sitetext.LineError(l.N, "header has no stakes: %s", sitetext.Quote(s))
	}
	game, stakes := desc[:a], desc[a+2:len(desc)-1]
	if skip := b.SetGame(game, gameOf); skip != "" {
		if strings.TrimSpace(game) == "" {
			return "", sitetext.LineError(l.N, "header names no game: %s", sitetext.Quote(s))
		}
		return skip, nil
	}
	if b.Hand.Tournament {
		b.Scale = 1
	}
	if err := p.stakes(l, stakes); err != nil {
		return "", err
	}
	t, err := sitetext.HeaderTime(l, "2006/01/02 15:04:05 UTC", date)
	if err != nil {
		return "", err
	}
	b.Hand.Time = sitetext.Clock(t) + "Z"
	return "", nil
}

// stakes reads "1€/2€", "0.05/0.10", "30/60" or, in tournaments,
// "5/20/40" (ante, small blind, big blind).
func (p *parser) stakes(l sitetext.Line, s string) error {
	b := &p.b
	t := &b.Hand.Table
	parts := strings.Split(s, "/")
	if len(parts) == 3 {
		parts = parts[1:]
	}
	if len(parts) != 2 {
		return sitetext.LineError(l.N, "bad stakes %s in the header", sitetext.Quote(s))
	}
	var v [2]int64
	for i := range v {
		x, sym, ok := sitetext.ParseAmount(parts[i], b.Scale)
		if !ok || x <= 0 || x > handhistory.MaxChips || i == 1 && sym != p.b.Sym {
			return sitetext.LineError(l.N, "bad stakes %s in the header", sitetext.Quote(s))
		}
		p.b.Sym = sym
		v[i] = x
	}
	if v[0] > v[1] {
		return sitetext.LineError(l.N, "stakes %s in the header: the first is larger than the second", sitetext.Quote(s))
	}
	t.ChipUnit = "0.01"
	if b.Scale == 1 {
		t.ChipUnit = "1"
	}
	if !b.Hand.Tournament {
		t.Currency = sitetext.CurrencyCode(p.b.Sym)
	}
	t.SetStakes(v[0], v[1])
	p.bb = v[1]
	if t.Structure == game.FixedLimit {
		p.bb = v[0]
	}
	return nil
}

// isHeader reports whether l starts a Winamax hand.
func isHeader(l string) bool {
	return strings.HasPrefix(l, "Winamax Poker - ") && strings.Contains(l, "HandId: #")
}

// seat reads "Seat 1: name (407.25€)" (tournaments: "(1500, 10€ bounty)").
func (p *parser) seat(l sitetext.Line) error {
	num, name, amt, tail, err := sitetext.SeatLine(l, ")")
	if err == nil && tail != "" {
		err = sitetext.LineError(l.N, "bad seat line %s", sitetext.Quote(l.S))
	}
	if err != nil {
		return err
	}
	amt, _, _ = strings.Cut(amt, ", ")
	stack, err := p.b.Amount(l, amt)
	if err != nil {
		return err
	}
	return p.b.AddSeat(l, num, name, stack, false)
}
