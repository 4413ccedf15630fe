package winamax

import (
	"strings"

	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// isHeader reports whether l starts a Winamax hand.
func isHeader(l string) bool {
	return strings.HasPrefix(l, "Winamax Poker - ") && strings.Contains(l, "HandId: #")
}

type parser struct {
	b         sitetext.Builder
	bb        int64 // the stakes' big blind (fixed-limit: the small bet)
	boardSaid bool
	potNames  []string // the pots named by collected lines, in order
	potAmts   []int64
}

func (p *parser) parse(lines []sitetext.Line) (*handhistory.Hand, string, error) {
	b := &p.b
	b.Reset(&handhistory.Hand{Site: "winamax", Format: string(handhistory.FormatWinamax)}, 100)
	p.bb, p.boardSaid = 0, false
	b.MendsBoard = true // the summary's "Board: [..]" settles a misprinted street line
	p.potNames, p.potAmts = p.potNames[:0], p.potAmts[:0]
	head := lines[0]
	skip, err := p.header(head)
	if err != nil || skip != "" {
		return b.Hand, skip, err
	}
	table := "Table: '" // "Table: '...' 6-max Seat #1 is the button"
	if len(lines) > 1 && strings.HasPrefix(lines[1].S, "Table '") {
		table = "Table '" // 2021: "Table 'Nagoya' 5-max (real money) Seat #3 is the button"
	}
	if skip, err := b.ReadBody(lines, table, p.seat, p.b.Route(p.marker, summaryLines.For(p), p.play)); err != nil || skip != "" {
		return b.Hand, skip, err
	}
	if len(p.potNames) > 1 || len(p.potNames) == 1 && p.potNames[0] != "pot" {
		// Main pot first, then the side pots in order.
		b.Pots = b.Pots[:0]
		for _, want := range []string{"main pot", "side pot 1", "side pot 2", "side pot 3", "side pot 4", "side pot 5", "side pot 6", "side pot 7", "side pot 8", "side pot 9"} {
			for k, n := range p.potNames {
				if n == want {
					b.Pots = append(b.Pots, p.potAmts[k])
				}
			}
		}
		if len(b.Pots) != len(p.potNames) {
			b.Pots = b.Pots[:0]
		}
		p.dropUncalledPot()
	}
	t := &b.Hand.Table
	if t.Structure == game.FixedLimit {
		t.MaxBets = 4
	} else {
		t.MinBet = b.BigBlind(t.MinBet)
	}
	if err := b.Assemble(head.N); err != nil {
		return b.Hand, "", err
	}
	return b.Hand, "", nil
}

// dropUncalledPot removes from the pots a last side pot that is an
// uncalled bet: Winamax names the excess of the largest bet over the
// second largest a side pot of its own, collected by the bettor alone
// and never raked; the model's pots do not hold it (it is returned).
func (p *parser) dropUncalledPot() {
	b := &p.b
	if len(b.Pots) < 2 {
		return
	}
	big, second := -1, int64(0)
	for i := range b.Seats {
		if big < 0 || b.Seats[i].In > b.Seats[big].In {
			if big >= 0 {
				second = max(second, b.Seats[big].In)
			}
			big = i
		} else {
			second = max(second, b.Seats[i].In)
		}
	}
	excess := b.Seats[big].In - second
	last := len(b.Pots) - 1
	if excess > 0 && b.Pots[last] == excess && b.Seats[big].Collected >= excess {
		b.Pots = b.Pots[:last]
		b.Total -= excess
	}
}

// gameOf maps a Winamax game ("Omaha pot limit", "Omaha8 no limit")
// onto a game and structure.
func gameOf(s string) (eval.Game, game.Structure, bool) {
	name, limit, ok := strings.Cut(s, " ")
	if !ok {
		return 0, 0, false
	}
	var g eval.Game
	if rest, ok := strings.CutPrefix(s, "Omaha Hi/Lo "); ok { // 2016: "Omaha Hi/Lo pot limit"
		name, limit = "Omaha Hi/Lo", rest
	}
	switch name {
	case "Omaha":
		g = eval.OmahaHi
	case "Omaha8", "Omaha-8", "OmahaHL", "Omaha Hi/Lo":
		g = eval.OmahaHiLo
	default:
		return 0, 0, false
	}
	st, ok := sitetext.StructureOf(limit)
	return g, st, ok
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
	b.Hand.Time = t.Format("2006-01-02T15:04:05") + "Z"
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
	if t.Structure == game.FixedLimit {
		t.SmallBet, t.BigBet = v[0], v[1]
		p.bb = v[0]
	} else {
		t.MinBet = v[1]
		p.bb = v[1]
	}
	return nil
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

// summaryLines are Winamax's summary lines that count: the total pot and
// rake, the board and the seats' shown cards.
var summaryLines = sitetext.SummaryLines[*parser]{
	{Prefix: "Total pot ", Read: (*parser).totalPot},
	{Prefix: "Board: [", Read: (*parser).board},
	{Prefix: "Seat ", Read: (*parser).seatCards},
}

// totalPot reads "Total pot X | Rake Y" or "Total pot X | No rake", the
// pot after rake.
func (p *parser) totalPot(l sitetext.Line) error {
	b := &p.b
	s := l.S
	total, fee, _ := strings.Cut(s[len("Total pot "):], " | ")
	x, err := p.b.Amount(l, total)
	if err != nil {
		return err
	}
	var rake int64
	switch {
	case fee == "No rake":
	case strings.HasPrefix(fee, "Rake "):
		if rake, err = p.b.Amount(l, fee[len("Rake "):]); err != nil {
			return err
		}
	default:
		return sitetext.LineError(l.N, "bad total pot line %s", sitetext.Quote(s))
	}
	// Winamax's total pot is after rake.
	b.Total, b.Rake, b.HasTotal = x+rake, rake, true
	return nil
}

// board reads the summary's "Board: [..]", which settles the board dealt
// (sitetext.Builder.SummaryBoard); a second is an error.
func (p *parser) board(l sitetext.Line) error {
	b := &p.b
	s := l.S
	c, _, err := sitetext.ParseCards(s[len("Board: "):])
	if err != nil || p.boardSaid {
		return sitetext.LineError(l.N, "%s differs from the board dealt %s", sitetext.Quote(s), b.Board)
	}
	p.boardSaid = true
	return b.SummaryBoard(l, c)
}

// seatCards reads a summary seat line's shown cards.
func (p *parser) seatCards(l sitetext.Line) error { return p.b.SeatCards(l, nil) }
