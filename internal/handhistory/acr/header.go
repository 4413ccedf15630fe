package acr

import (
	"strconv"
	"strings"

	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// header reads "Hand #N - game - $sb/$bb - yyyy/mm/dd hh:mm:ss UTC" and
// the tournament form.
func (p *parser) header(l sitetext.Line) (string, error) {
	b := &p.b
	f := strings.Split(l.S, " - ")
	if len(f) < 3 {
		return "", sitetext.LineError(l.N, "bad hand header %s", sitetext.Quote(l.S))
	}
	b.Hand.SiteHandID = f[0][strings.IndexByte(f[0], '#')+1:]
	game, stakes, date := f[1], f[2], f[len(f)-1]
	// "Tournament #T", or with its name before it ("$5,000 GTD
	// Tournament #T", "Freeroll Tournament #T"): the field names a
	// tournament wherever "Tournament #" stands in it.
	if strings.Contains(f[1], "Tournament #") && len(f) >= 4 {
		b.Hand.Tournament, b.Scale = true, 1
		game = f[2]
		// "Level 1 (250.00/500.00)- 2019/07/25 02:31:33 UTC"
		lv := f[3]
		a, e := strings.IndexByte(lv, '('), strings.IndexByte(lv, ')')
		if a < 0 || e < a {
			return "", sitetext.LineError(l.N, "tournament header has no blinds: %s", sitetext.Quote(l.S))
		}
		stakes, date = lv[a+1:e], strings.TrimPrefix(strings.TrimSpace(lv[e+1:]), "- ")
	}
	if skip := b.SetGame(game, gameOf); skip != "" {
		return skip, nil
	}
	if err := p.stakes(l, stakes); err != nil {
		return "", err
	}
	t, err := sitetext.HeaderTime(l, "2006/01/02 15:04:05 UTC", date)
	if err != nil {
		return "", err
	}
	b.Hand.Time = t.Format("2006-01-02T15:04:05Z")
	return "", nil
}

// gameOf maps "Omaha H/L(No Limit)", "Omaha (Pot Limit)", "4Card Omaha
// H/L(Pot Limit)" (the client's name for four-card Omaha beside its
// "5Card Omaha") and the like onto a game and structure; ok is false for
// another game ("5Card Omaha", the "... Reshuffle" games).
func gameOf(s string) (eval.Game, game.Structure, bool) {
	name, limit, ok := strings.Cut(strings.TrimSuffix(s, ")"), "(")
	if !ok {
		return 0, 0, false
	}
	return sitetext.GameNamed(games, strings.TrimSpace(name), limit)
}

// games are the names of the games read, as gameOf cuts them from the
// header (sitetext.GameNamed).
var games = map[string]eval.Game{
	"Omaha": eval.OmahaHi, "4Card Omaha": eval.OmahaHi,
	"Omaha H/L": eval.OmahaHiLo, "Omaha HiLo": eval.OmahaHiLo, "Omaha Hi/Lo": eval.OmahaHiLo, "4Card Omaha H/L": eval.OmahaHiLo,
}

// stakes reads "$3.00/$6.00" (tournaments: "250.00/500.00"): the currency
// and the big blind (fixed-limit: the bets).
func (p *parser) stakes(l sitetext.Line, s string) error {
	b := &p.b
	sb, bb, ok := strings.Cut(s, "/")
	x, sym, ok1 := sitetext.ParseAmount(sb, 100)
	y, sym2, ok2 := sitetext.ParseAmount(bb, 100)
	if !ok || !ok1 || !ok2 || sym != sym2 || x <= 0 || y < x {
		return sitetext.LineError(l.N, "bad stakes %s in the header", sitetext.Quote(s))
	}
	t := &b.Hand.Table
	if b.Hand.Tournament {
		t.ChipUnit, x, y = "1", x/100, y/100
	} else {
		b.Sym = sym
		t.ChipUnit, t.Currency = "0.01", sitetext.CurrencyCode(sym)
	}
	t.SetStakes(x, y)
	return nil
}

// table reads "Parachute 6-max Seat #6 is the button" ("Table '25' 9-max
// (Play Money) Seat #8 is the button" at a play-money table).
func (p *parser) table(l sitetext.Line) error {
	b := &p.b
	s := l.S
	k := strings.LastIndex(s, " Seat #")
	if k <= 0 || !strings.HasSuffix(s, " is the button") {
		return sitetext.LineError(l.N, "want the table line (\"name 6-max Seat #N is the button\"), got %s", sitetext.Quote(s))
	}
	btn, err := strconv.Atoi(s[k+len(" Seat #") : len(s)-len(" is the button")])
	if err != nil || btn < 1 || btn > sitetext.MaxSeats {
		return sitetext.LineError(l.N, "bad button seat in %s", sitetext.Quote(s))
	}
	b.Button = btn
	name := strings.TrimSuffix(s[:k], " (Play Money)")
	if j := strings.LastIndexByte(name, ' '); j > 0 {
		if m, ok := strings.CutSuffix(name[j+1:], "-max"); ok {
			if v, err := strconv.Atoi(m); err == nil && v >= 2 && v <= sitetext.MaxSeats {
				b.Hand.Table.MaxSeats, name = v, name[:j]
			}
		}
	}
	b.Hand.TableName = name
	return nil
}

// isHeader reports whether l starts an ACR/WPN hand.
func isHeader(l string) bool {
	rest, ok := strings.CutPrefix(l, "Hand #")
	if !ok {
		rest, ok = strings.CutPrefix(l, "Game Hand #")
	}
	k := strings.Index(rest, " - ")
	return ok && k > 0 && sitetext.Digits(rest[:k])
}

// seat reads "Seat 1: name ($135.00)".
func (p *parser) seat(l sitetext.Line) error { return p.b.StarsSeat(l, ")") }
