package ggpoker

import (
	"strings"

	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// gameOf maps a GGPoker game name onto a game and structure.
func gameOf(name string) (eval.Game, game.Structure, bool) {
	switch name {
	case "Omaha Pot Limit", "PLO", "Pot Limit Omaha":
		return eval.OmahaHi, game.PotLimit, true
	case "Omaha No Limit", "NLO", "No Limit Omaha":
		return eval.OmahaHi, game.NoLimit, true
	case "Omaha Limit", "FLO", "Limit Omaha", "Omaha Fixed Limit":
		return eval.OmahaHi, game.FixedLimit, true
	case "Omaha Hi/Lo Pot Limit", "Omaha Hi-Lo Pot Limit", "PLO Hi/Lo", "PLO Hi-Lo", "PLO8", "PLO-8", "Pot Limit Omaha Hi/Lo", "Pot Limit Omaha Hi-Lo":
		return eval.OmahaHiLo, game.PotLimit, true
	case "Omaha Hi/Lo No Limit", "Omaha Hi-Lo No Limit", "NLO8", "NLO Hi/Lo":
		return eval.OmahaHiLo, game.NoLimit, true
	case "Omaha Hi/Lo Limit", "Omaha Hi-Lo Limit", "FLO8", "Limit Omaha Hi/Lo", "Limit Omaha Hi-Lo":
		return eval.OmahaHiLo, game.FixedLimit, true
	}
	return 0, 0, false
}

// gameNames are the game names a header may end its description with,
// longest first where one ends another.
var gameNames = []string{
	"Omaha Hi/Lo Pot Limit", "Omaha Hi-Lo Pot Limit", "Pot Limit Omaha Hi/Lo", "Pot Limit Omaha Hi-Lo",
	"Omaha Hi/Lo No Limit", "Omaha Hi-Lo No Limit", "Omaha Hi/Lo Limit", "Omaha Hi-Lo Limit",
	"Limit Omaha Hi/Lo", "Limit Omaha Hi-Lo", "Omaha Fixed Limit",
	"Omaha Pot Limit", "Omaha No Limit", "Omaha Limit", "Pot Limit Omaha", "No Limit Omaha", "Limit Omaha",
	"PLO Hi/Lo", "PLO Hi-Lo", "NLO Hi/Lo", "PLO8", "PLO-8", "NLO8", "FLO8", "PLO", "NLO", "FLO",
}

// header reads "Poker Hand #ID: [Tournament #N, name ]game (stakes) - date"
// (tournaments: "... game - LevelN (sb/bb[/ante]) - date").
func (p *parser) header(l sitetext.Line) (string, error) {
	b := &p.b
	s := l.S[len("Poker Hand #"):]
	c := strings.IndexByte(s, ':')
	id := s[:c]
	for i := 0; i < len(id); i++ {
		x := id[i]
		if !(x >= '0' && x <= '9' || x >= 'A' && x <= 'Z' || x >= 'a' && x <= 'z') {
			return "", sitetext.LineError(l.N, "bad hand number %s in the header", sitetext.Quote(id))
		}
	}
	b.Hand.SiteHandID = id
	rest := strings.TrimSpace(s[c+1:])
	k := strings.LastIndex(rest, " - ")
	if k < 0 {
		return "", sitetext.LineError(l.N, "header has no date: %s", sitetext.Quote(l.S))
	}
	desc, date := rest[:k], rest[k+3:]
	var stakes string
	if strings.HasPrefix(desc, "Tournament #") {
		b.Hand.Tournament = true
		b.Scale = 1
		// "Tournament #5948181, name game - Level4 (90/180)"
		lv := strings.LastIndex(desc, " - Level")
		if lv < 0 {
			return "", sitetext.LineError(l.N, "tournament header has no level: %s", sitetext.Quote(l.S))
		}
		level := desc[lv+3:]
		desc = strings.TrimRight(desc[:lv], " ") // "Hold'em No Limit   - Level14(300/600)": spaces before the level
		a, e := strings.IndexByte(level, '('), strings.LastIndexByte(level, ')')
		if a < 0 || e < a {
			return "", sitetext.LineError(l.N, "tournament header has no blinds: %s", sitetext.Quote(l.S))
		}
		stakes = level[a+1 : e]
	} else {
		if !strings.HasSuffix(desc, ")") {
			return "", sitetext.LineError(l.N, "header has no stakes: %s", sitetext.Quote(l.S))
		}
		a := strings.LastIndex(desc, " (")
		if a < 0 {
			return "", sitetext.LineError(l.N, "header has no stakes: %s", sitetext.Quote(l.S))
		}
		stakes = desc[a+2 : len(desc)-1]
		desc = desc[:a]
	}
	name := ""
	for _, g := range gameNames {
		if strings.HasSuffix(desc, g) && (len(desc) == len(g) || desc[len(desc)-len(g)-1] == ' ') {
			name = g
			break
		}
	}
	if name == "" {
		game := desc
		if b.Hand.Tournament {
			if _, after, ok := strings.Cut(desc, ", "); ok {
				game = after
			}
		}
		if strings.TrimSpace(game) == "" {
			return "", sitetext.LineError(l.N, "header names no game: %s", sitetext.Quote(l.S))
		}
		return sitetext.NotOmaha(game), nil
	}
	g, st, _ := gameOf(name)
	b.Hand.Table.Game, b.Hand.Table.Structure = g, st
	if err := p.stakes(l, stakes); err != nil {
		return "", err
	}
	t, err := sitetext.HeaderTime(l, "2006/01/02 15:04:05", date)
	if err != nil {
		return "", err
	}
	b.Hand.Time = sitetext.Eastern(t)
	return "", nil
}

// stakes reads "$0.5/$1" (cash) or "90/180" / "90/180/30" (tournament).
func (p *parser) stakes(l sitetext.Line, s string) error {
	b := &p.b
	t := &b.Hand.Table
	parts := strings.Split(s, "/")
	if len(parts) < 2 || len(parts) > 3 {
		return sitetext.LineError(l.N, "bad stakes %s in the header", sitetext.Quote(s))
	}
	var v [2]int64
	for i := range v {
		x, sym, ok := sitetext.ParseAmount(parts[i], b.Scale)
		if !ok || x <= 0 || x > handhistory.MaxChips {
			return sitetext.LineError(l.N, "bad stakes %s in the header", sitetext.Quote(s))
		}
		if b.Hand.Tournament && sym != "" {
			return sitetext.LineError(l.N, "tournament stakes %s carry a currency", sitetext.Quote(s))
		}
		if i == 0 {
			p.b.Sym = sym
		} else if sym != p.b.Sym {
			return sitetext.LineError(l.N, "stakes %s mix currencies", sitetext.Quote(s))
		}
		v[i] = x
	}
	if v[0] > v[1] {
		return sitetext.LineError(l.N, "stakes %s in the header: the first is larger than the second", sitetext.Quote(s))
	}
	if b.Hand.Tournament {
		t.ChipUnit = "1"
	} else {
		t.ChipUnit = "0.01"
		t.Currency = sitetext.CurrencyCode(p.b.Sym)
	}
	t.SetStakes(v[0], v[1])
	return nil
}

// isHeader reports whether l starts a GGPoker hand.
func isHeader(l string) bool {
	if !strings.HasPrefix(l, "Poker Hand #") {
		return false
	}
	c := strings.IndexByte(l, ':')
	return c > len("Poker Hand #") && c < 40
}

// seat reads "Seat 3: name ($1.75 in chips)", optionally followed by "is
// sitting out".
func (p *parser) seat(l sitetext.Line) error { return p.b.StarsSeat(l, " in chips)") }
