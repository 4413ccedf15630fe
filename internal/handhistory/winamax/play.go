package winamax

import (
	"strings"

	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// play reads a line of the play (see Builder.Route).
func (p *parser) play(l sitetext.Line) error {
	b := &p.b
	s := l.S
	if strings.HasPrefix(s, "Dealt to ") {
		return b.DealtTo(l, s[len("Dealt to "):])
	}
	if who := b.Player(s, " "); who >= 0 {
		return p.action(l, who, s[len(b.Seats[who].Name)+1:])
	}
	if strings.Contains(s, " deny BB ") || strings.HasSuffix(s, " sits out") || strings.HasSuffix(s, " is sitting out") ||
		strings.HasSuffix(s, " leaves the table") || strings.Contains(s, " joins the table") {
		return nil
	}
	return p.b.Unknown(l)
}

// marker reads a "*** ... ***" line.
func (p *parser) marker(l sitetext.Line) error {
	b := &p.b
	s := l.S
	if s == "*** ANTE/BLINDS ***" {
		if b.Street != sitetext.Deal {
			return sitetext.LineError(l.N, "%s out of place", sitetext.Quote(s))
		}
		return nil
	}
	if ok, err := b.StarsMarker(l, "PRE-FLOP"); ok {
		return err
	}
	// 2021 writes a colon after the marker: "*** FLOP ***: [3h Td 6d]".
	to, rest, ok := sitetext.Street(strings.Replace(strings.TrimPrefix(s, "*** "), " ***: ", " *** ", 1))
	if !ok {
		return sitetext.LineError(l.N, "unexpected street marker %s in an Omaha hand", sitetext.Quote(s))
	}
	// "[4s 9c 2s]" on the flop, "[4s 9c 2s][Qs]" (or with a space) after.
	a := strings.LastIndexByte(rest, '[')
	if a < 0 || !strings.HasSuffix(rest, "]") {
		return sitetext.LineError(l.N, "bad board cards in %s", sitetext.Quote(s))
	}
	if old := strings.TrimSpace(rest[:a]); old != "" {
		prev, unknown, err := sitetext.ParseCards(old)
		if err != nil || unknown > 0 || !strings.HasPrefix(old, "[") || prev.String() != b.Board.String() {
			return sitetext.LineError(l.N, "board %s differs from the board dealt so far %s", sitetext.Quote(old), b.Board)
		}
	} else if to != sitetext.Flop {
		return sitetext.LineError(l.N, "want the board so far and the new card in %s", sitetext.Quote(s))
	}
	c, unknown, err := sitetext.ParseCards(rest[a:])
	if err != nil || unknown > 0 {
		return sitetext.LineError(l.N, "bad board cards in %s", sitetext.Quote(s))
	}
	return b.Deal(l, to, c)
}

// action reads a listed player's line (the name and a space removed).
func (p *parser) action(l sitetext.Line, who int, v string) error {
	b := &p.b
	v, allIn := strings.CutSuffix(v, " and is all-in")
	verb, arg, _ := strings.Cut(v, " ")
	if verb == "raises" && b.Street == sitetext.Deal {
		// A raise among the blinds: the player posts Y, the big blind
		// live and the rest dead.
		_, to, _ := strings.Cut(arg, " to ")
		y, err := p.b.Amount(l, to)
		if err == nil {
			err = p.postOver(l, who, y)
		}
		return b.AllIn(l, who, allIn, err)
	}
	if ok, err := b.StarsAction(l, who, verb, arg, allIn, p.post); ok {
		return err
	}
	switch verb {
	case "collected":
		return p.collected(l, who, arg)
	case "deny", "sits", "is", "leaves":
		return nil
	default:
		return sitetext.LineError(l.N, "unrecognised action %s", sitetext.Quote(l.S))
	}
}

// post reads the rest of "name posts ...".
func (p *parser) post(l sitetext.Line, who int, arg string) error {
	b := &p.b
	arg, oop := strings.CutSuffix(arg, " out of position")
	kind, amt, ok := sitetext.StarsPosts.Cut(arg)
	if !ok {
		return sitetext.LineError(l.N, "unrecognised post %s", sitetext.Quote(l.S))
	}
	x, err := p.b.Amount(l, amt)
	if err != nil {
		return err
	}
	switch {
	case x == 0 && oop:
		return nil // "posts big blind 0€ out of position": nothing posted
	case kind == game.Ante || kind == game.Straddle:
	case b.LiveBlind(who) > 0:
		kind = game.Dead // a second blind of the same seat
	case oop && kind == game.SmallBlind && x > p.bb:
		return p.postOver(l, who, x)
	case oop && kind == game.SmallBlind && x < p.bb:
		kind = game.Dead
	case oop:
		kind = game.BigBlind
	}
	return b.Post(l, who, kind, x)
}

// postOver records a post of x over the big blind: the big blind live, the
// rest dead; x at most the big blind is a big blind.
func (p *parser) postOver(l sitetext.Line, who int, x int64) error {
	b := &p.b
	if x <= p.bb || p.bb <= 0 {
		return b.Post(l, who, game.BigBlind, x)
	}
	if err := b.Post(l, who, game.Dead, x-p.bb); err != nil {
		return err
	}
	return b.Post(l, who, game.BigBlind, p.bb)
}

// collected reads the rest of "name collected 16.35€ from pot" (main
// pot, side pot N; "(HI)"/"(LO)" after it in Hi/Lo).
func (p *parser) collected(l sitetext.Line, who int, arg string) error {
	b := &p.b
	if b.Street < sitetext.Preflop {
		return sitetext.LineError(l.N, "pot collected before the deal: %s", sitetext.Quote(l.S))
	}
	// "(HI)"/"(LO)" after the pot, with a space or (2016) without.
	arg = strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(arg, " (HI)"), " (LO)"), "(HI)"), "(LO)")
	amt, from, ok := strings.Cut(arg, " from ")
	if !ok || !(from == "pot" || from == "main pot" || strings.HasPrefix(from, "side pot")) {
		return sitetext.LineError(l.N, "unrecognised line %s", sitetext.Quote(l.S))
	}
	x, err := p.b.Amount(l, amt)
	if err != nil {
		return err
	}
	b.Collect(who, x)
	for k, n := range p.potNames {
		if n == from {
			p.potAmts[k] += x
			return nil
		}
	}
	p.potNames = append(p.potNames, from)
	p.potAmts = append(p.potAmts, x)
	return nil
}
