package ggpoker

import (
	"strings"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

type parser struct {
	b         sitetext.Builder
	cashDrop  int64
	runsSaid  int
	boardSaid bool
}

func (p *parser) parse(lines []sitetext.Line) (*handhistory.Hand, string, error) {
	b := &p.b
	b.Reset(&handhistory.Hand{Site: "ggpoker", Format: string(handhistory.FormatGGPoker)}, 100)
	p.cashDrop, p.runsSaid, p.boardSaid = 0, 0, false
	b.MendsBoard = true // the summary's "Board [..]" settles a misprinted street line
	head := lines[0]
	skip, err := p.header(head)
	if err != nil || skip != "" {
		return b.Hand, skip, err
	}
	if skip, err := b.ReadBody(lines, "Table '", p.seat, p.b.Route(p.marker, summaryLines.For(p), p.play)); err != nil || skip != "" { // "Table '...' 6-max Seat #1 is the button"
		return b.Hand, skip, err
	}
	if p.runsSaid != 0 && p.runsSaid != len(b.Runs) {
		return b.Hand, "", sitetext.LineError(lines[len(lines)-1].N, "the summary says the hand was run %d times, but it was run %d times", p.runsSaid, max(len(b.Runs), 1))
	}
	b.SetTableBets()
	b.Hand.AddedToPot = p.cashDrop // validated by assemble
	return b.Hand, "", b.Assemble(head.N)
}

// summaryLines are GGPoker's summary lines that count: the total pot and
// fees, the boards and runs; seat lines restate the play and give shown
// cards.
var summaryLines = sitetext.SummaryLines[*parser]{
	{Prefix: "Total pot ", Read: (*parser).totalPot},
	{Prefix: "Hand was run ", Read: (*parser).runsLine},
	{Prefix: "Board [", Read: (*parser).board},
	{Prefix: "FIRST Board [", Read: (*parser).runBoard},
	{Prefix: "SECOND Board [", Read: (*parser).runBoard},
	{Prefix: "THIRD Board [", Read: (*parser).runBoard},
	{Prefix: "Seat ", Read: (*parser).seatCards},
}

// play reads a line of the play (see Builder.Route).
func (p *parser) play(l sitetext.Line) error {
	b := &p.b
	s := l.S
	if who := b.Player(s, ": "); who >= 0 {
		return p.action(l, who, s[len(b.Seats[who].Name)+2:])
	}
	switch {
	case strings.HasPrefix(s, "Dealt to "):
		return p.dealt(l)
	case strings.HasPrefix(s, "Uncalled bet ("):
		return b.UncalledBet(l)
	case strings.HasPrefix(s, "Cash Drop to Pot : total "):
		x, err := p.b.Amount(l, s[len("Cash Drop to Pot : total "):])
		if err != nil {
			return err
		}
		if len(b.Actions) > 0 {
			// Hand.AddedToPot is money in the pot before the first action:
			// added later, it would change the pot limit of earlier bets.
			return sitetext.LineError(l.N, "%s after the betting began: Scoop holds money a site adds before the first action only", sitetext.Quote(s))
		}
		p.cashDrop += x
		return nil
	case strings.Contains(s, " collected ") && strings.Contains(s, " from "):
		return p.collected(l)
	case strings.HasSuffix(s, " will be allowed to play after the button"), strings.HasSuffix(s, " has timed out"),
		strings.HasSuffix(s, " is disconnected"), strings.HasSuffix(s, " is connected"), strings.Contains(s, " said, \""):
		return nil
	}
	return p.b.Unknown(l)
}

// dealt reads "Dealt to name" (a player dealt in, cards unseen) and
// "Dealt to name [As Kd 3c 2h]".
func (p *parser) dealt(l sitetext.Line) error {
	b := &p.b
	if b.Street != sitetext.Preflop {
		return sitetext.LineError(l.N, "hole cards dealt out of place: %s", sitetext.Quote(l.S))
	}
	rest := l.S[len("Dealt to "):]
	if i := b.Named(rest); i >= 0 {
		b.Seats[i].Used = true
		return nil
	}
	return b.DealtTo(l, rest)
}

// collected reads "name collected $1.31 from pot" (or main pot, side
// pot, side pot-N).
func (p *parser) collected(l sitetext.Line) error {
	b := &p.b
	s := l.S
	k := strings.LastIndex(s, " collected ")
	amt, from, ok := strings.Cut(s[k+len(" collected "):], " from ")
	if !ok || !(from == "pot" || from == "main pot" || from == "side pot" || strings.HasPrefix(from, "side pot-") || strings.HasPrefix(from, "side pot ")) {
		return sitetext.LineError(l.N, "unrecognised line %s", sitetext.Quote(s))
	}
	i := b.Named(s[:k])
	if i < 0 {
		return sitetext.LineError(l.N, "pot collected by %s, who is not seated", sitetext.Quote(s[:k]))
	}
	if b.Street < sitetext.Preflop {
		return sitetext.LineError(l.N, "pot collected before the deal: %s", sitetext.Quote(s))
	}
	x, err := p.b.Amount(l, amt)
	if err != nil {
		return err
	}
	b.Collect(i, x)
	return nil
}

// marker reads a "*** ... ***" line.
func (p *parser) marker(l sitetext.Line) error {
	b := &p.b
	s := l.S
	if ok, err := b.StarsMarker(l, "HOLE CARDS"); ok {
		return err
	}
	if s == "*** SHOWDOWN ***" {
		return b.StartShowdown(l, 0)
	}
	for k, ord := range [...]string{"", "FIRST ", "SECOND ", "THIRD "} {
		rest, ok := strings.CutPrefix(s, "*** "+ord)
		if !ok {
			continue
		}
		if k > 0 && (rest == "SHOWDOWN ***" || rest == "SHOW DOWN ***") {
			return b.StartShowdown(l, k)
		}
		to, rest, ok := sitetext.Street(rest)
		if !ok {
			continue
		}
		c, err := p.streetCards(l, k, to, rest)
		if err != nil {
			return err
		}
		if k == 0 {
			return b.Deal(l, to, c)
		}
		return b.DealRun(l, k, to, c)
	}
	return sitetext.LineError(l.N, "unexpected street marker %s in an Omaha hand", sitetext.Quote(s))
}

// streetCards reads a street's cards "[a b c]" (the flop) or "[board so
// far] [new]", checking the board so far against run's (k: 0 for a hand
// run once).
func (p *parser) streetCards(l sitetext.Line, k, to int, s string) (cards.List, error) {
	b := &p.b
	a := strings.LastIndexByte(s, '[')
	if a < 0 || !strings.HasSuffix(s, "]") {
		return nil, sitetext.LineError(l.N, "bad board cards in %s", sitetext.Quote(l.S))
	}
	if old := strings.TrimSpace(s[:a]); old != "" {
		prev, unknown, err := sitetext.ParseCards(old)
		if err != nil || unknown > 0 || !strings.HasPrefix(old, "[") || !strings.HasSuffix(old, "]") {
			return nil, sitetext.LineError(l.N, "bad board cards in %s", sitetext.Quote(l.S))
		}
		var so cards.List
		if k == 0 || k > len(b.Runs) {
			so = b.Board
		} else {
			so = b.Runs[k-1]
		}
		if prev.String() != so.String() {
			return nil, sitetext.LineError(l.N, "board %s differs from the board dealt so far %s", prev, so)
		}
	} else if to != sitetext.Flop {
		return nil, sitetext.LineError(l.N, "want the board so far and the new card in %s", sitetext.Quote(l.S))
	}
	c, unknown, err := sitetext.ParseCards(s[a:])
	if err != nil || unknown > 0 {
		return nil, sitetext.LineError(l.N, "bad board cards in %s", sitetext.Quote(l.S))
	}
	return c, nil
}

// action reads a listed player's line.
func (p *parser) action(l sitetext.Line, who int, v string) error {
	b := &p.b
	v, allIn := strings.CutSuffix(v, " and is all-in")
	verb, arg, _ := strings.Cut(v, " ")
	if ok, err := b.StarsAction(l, who, verb, arg, allIn, p.post); ok {
		return err
	}
	switch verb {
	case "doesn't":
		if v == "doesn't show hand" {
			return nil
		}
		return sitetext.LineError(l.N, "unrecognised action %s", sitetext.Quote(l.S))
	case "straddle":
		return b.AllIn(l, who, allIn, p.straddle(l, who, arg))
	default:
		return p.notAction(l, who, v)
	}
}

// notAction reads a player's line that is not an action: insurance and
// cash-out lines (money outside the pots), table traffic.
func (p *parser) notAction(l sitetext.Line, who int, v string) error {
	b := &p.b
	paren := func() (int64, error) {
		a, e := strings.LastIndexByte(v, '('), strings.LastIndexByte(v, ')')
		if a < 0 || e < a {
			return 0, sitetext.LineError(l.N, "no amount in %s", sitetext.Quote(l.S))
		}
		return p.b.Amount(l, v[a+1:e])
	}
	switch {
	case strings.HasPrefix(v, "get an all-in insurance ("), v == "Chooses to EV Cashout", strings.HasPrefix(v, "Chooses to "):
		return nil // announced; the money moves on later lines
	case strings.HasPrefix(v, "pay premium of all-in insurance ("), strings.HasPrefix(v, "Pays Cashout Risk ("):
		x, err := paren()
		if err != nil {
			return err
		}
		b.Seats[who].Outside -= x
		b.Seats[who].Used = true
		b.Outside = true
		return nil
	case strings.HasPrefix(v, "Receives Cashout ("), strings.Contains(v, "insurance") && (strings.HasPrefix(v, "receive") || strings.HasPrefix(v, "get paid") || strings.HasPrefix(v, "win")):
		x, err := paren()
		if err != nil {
			return err
		}
		b.Seats[who].Outside += x
		b.Seats[who].Used = true
		b.Outside = true
		return nil
	case v == "sits out", v == "is sitting out", v == "sitting out", v == "is back", v == "is connected", v == "is disconnected", v == "has timed out":
		return nil
	case strings.Contains(v, "insurance") || strings.Contains(v, "Cashout"):
		return sitetext.LineError(l.N, "unrecognised insurance or cash-out line %s", sitetext.Quote(l.S))
	}
	return sitetext.LineError(l.N, "unrecognised action %s", sitetext.Quote(l.S))
}

// straddle reads the rest of "name: straddle $0.5", GGPoker's straddle
// without "posts": the amount is the player's total so far, as a raise's
// "to" is ("straddle $0.5" then "straddle $15.35 and is all-in" from one
// seat puts in $15.35 in all), so the post is what it adds to his live
// blind.
func (p *parser) straddle(l sitetext.Line, who int, arg string) error {
	x, err := p.b.Amount(l, arg)
	if err != nil {
		return err
	}
	add := x - p.b.LiveBlind(who)
	if add <= 0 {
		return sitetext.LineError(l.N, "a straddle to %s, no more than the player has in: %s", p.b.Money(x), sitetext.Quote(l.S))
	}
	return p.b.Post(l, who, game.Straddle, add)
}

// post reads the rest of "name: posts ...".
func (p *parser) post(l sitetext.Line, who int, arg string) error {
	b := &p.b
	kinds := [...]struct {
		prefix string
		kind   game.PostKind
		both   bool // the small and big blinds at once (kind unused)
	}{
		{"small & big blinds ", 0, true},
		{"small blind ", game.SmallBlind, false},
		{"big blind ", game.BigBlind, false},
		{"the ante ", game.Ante, false},
		{"ante ", game.Ante, false},
		{"straddle ", game.Straddle, false},
		{"missed blind ", game.Dead, false},
		{"dead ", game.Dead, false},
	}
	for _, k := range kinds {
		amt, ok := strings.CutPrefix(arg, k.prefix)
		if !ok {
			continue
		}
		x, err := p.b.Amount(l, amt)
		if err != nil {
			return err
		}
		if !k.both {
			return b.Post(l, who, k.kind, x)
		}
		bb := b.BigBlind(b.Hand.Table.MinBet)
		if b.Hand.Table.Structure == game.FixedLimit {
			bb = b.BigBlind(b.Hand.Table.SmallBet)
		}
		return b.PostBlinds(l, who, x, bb)
	}
	return sitetext.LineError(l.N, "unrecognised post %s", sitetext.Quote(l.S))
}
