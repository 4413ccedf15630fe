package acr

import (
	"strconv"
	"strings"

	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// parser is one hand's state beyond the builder's.
type parser struct {
	b sitetext.Builder
	// won is what the summary says each seat won, for a hand without
	// collected lines (a walk).
	won map[int]int64
	// run is the run whose showdown is being read ("*** SHOW DOWN 2
	// ***"), 0 outside one: ACR writes each run's showdown before the
	// next run's board, so its collected lines are the run's.
	run int
}

func (p *parser) parse(lines []sitetext.Line) (*handhistory.Hand, string, error) {
	b := &p.b
	b.Reset(&handhistory.Hand{Site: "acr", Format: string(Format)}, 100)
	clear(p.won)
	p.run = 0
	head := lines[0]
	if skip, err := p.header(head); err != nil || skip != "" {
		return b.Hand, skip, err
	}
	if len(lines) < 2 {
		return b.Hand, sitetext.Incomplete(head.N), nil
	}
	if err := p.table(lines[1]); err != nil {
		return b.Hand, "", err
	}
	i, err := sitetext.SeatList(lines, 2, p.seat)
	if err != nil {
		return b.Hand, "", err
	}
	if skip, err := b.Play(lines, i, 0, b.Route(p.marker, summaryLines.For(p), p.play), nil); err != nil || skip != "" {
		return b.Hand, skip, err
	}
	if !b.HasTotal {
		return b.Hand, "", sitetext.LineError(lines[len(lines)-1].N, "summary has no \"Total pot\" line")
	}
	if !b.Won() {
		for k, x := range p.won {
			b.Collect(k, x)
		}
	}
	b.SetTableBets()
	return b.Hand, "", b.Assemble(head.N)
}

// summaryLines are ACR's summary lines that count: the total pot and
// fees, and the seat lines' shown cards and (for a hand without collected
// lines) what each seat won. "Board [..]", "Board 1 [..]" restate the
// boards dealt.
var summaryLines = sitetext.SummaryLines[*parser]{
	{Prefix: "Total pot ", Read: (*parser).totalPot},
	{Prefix: "Seat ", Read: func(p *parser, l sitetext.Line) error { return p.b.SeatCards(l, p.seatWon) }},
}

// marker reads a "*** ... ***" line.
func (p *parser) marker(l sitetext.Line) error {
	b := &p.b
	s := strings.TrimPrefix(l.S, "*** ")
	if ok, err := b.PlainMarker(l, s); ok || s == "RUN IT TWICE ***" {
		return err
	}
	if rest, ok := strings.CutPrefix(s, "SHOW DOWN "); ok {
		run, err := strconv.Atoi(strings.TrimSuffix(rest, " ***"))
		if err != nil || run != p.run+1 || run > len(b.Runs) {
			return sitetext.LineError(l.N, "a run's showdown out of order: %s", sitetext.Quote(l.S))
		}
		p.run = run
		return nil
	}
	to, rest, ok := sitetext.Street(s)
	run := 0
	if !ok { // "FLOP 1 *** [..]": a street of run 1
		name, after, found := strings.Cut(s, " *** ")
		k := strings.LastIndexByte(name, ' ')
		if !found || k < 0 {
			return sitetext.LineError(l.N, "unexpected street marker %s", sitetext.Quote(l.S))
		}
		n, err := strconv.Atoi(name[k+1:])
		if to, _, ok = sitetext.Street(name[:k] + " *** "); !ok || err != nil {
			return sitetext.LineError(l.N, "unexpected street marker %s", sitetext.Quote(l.S))
		}
		run, rest = n, after
	}
	c, err := sitetext.NewCards(l, rest)
	if err != nil {
		return err
	}
	if run > 0 {
		return b.DealRun(l, run, to, c)
	}
	return b.Deal(l, to, c)
}

// raise reads the rest of "raises X to Y": ACR's X is the chips the
// raise puts in (Y less what the player had in the round: "Hero raises
// $30.00 to $40.00" from the small blind's $10 in fixed-limit $20/$40,
// "raises $134.00 to $134.00" over a bet of $120), not the raise's size
// as in PokerStars' words.
func (p *parser) raise(l sitetext.Line, who int, arg string) error {
	b := &p.b
	by, to, found := strings.Cut(arg, " to ")
	x, err1 := b.Amount(l, by)
	y, err2 := b.Amount(l, to)
	if !found || err1 != nil || err2 != nil || x <= 0 || y <= b.CurBet {
		return sitetext.LineError(l.N, "bad raise in %s", sitetext.Quote(l.S))
	}
	if had := b.Seats[who].Round; y-x != had {
		return sitetext.LineError(l.N, "%s raises to %s putting in %s, but had %s in this round, not %s: %s", handhistory.Clipped(b.Seats[who].Name), b.Money(y), b.Money(x), b.Money(had), b.Money(y-x), sitetext.Quote(l.S))
	}
	return b.BetTo(l, who, y)
}

// caps reads the rest of "caps X", a raise at a capped table ("Miramar
// (Cap)") that puts in X and reaches the cap: no player puts in more in
// the hand than the capping player has then put in, so every stack is
// read as at most that, said in the hand's notes, and the betting ends
// for those who match it.
func (p *parser) caps(l sitetext.Line, who int, arg string) error {
	b := &p.b
	x, err := b.Amount(l, arg)
	if err != nil || x <= 0 {
		return sitetext.LineError(l.N, "bad cap in %s", sitetext.Quote(l.S))
	}
	if err := b.PutMore(l, who, x); err != nil {
		return err
	}
	b.CapStacks(l, b.Seats[who].In)
	return nil
}

// posts are ACR's post words.
var posts = sitetext.PostWords{
	{"the small blind ", game.SmallBlind},
	{"the big blind ", game.BigBlind},
	{"ante ", game.Ante},
	{"the ante ", game.Ante},
	{"dead ", game.Dead},
	{"straddle ", game.Straddle},
}

// play reads a line of the play: a seated player's action, "Dealt to",
// an uncalled bet, a collected pot, the running pot.
func (p *parser) play(l sitetext.Line) error {
	b := &p.b
	s := l.S
	switch {
	case strings.HasPrefix(s, "Dealt to "):
		return b.DealtTo(l, s[len("Dealt to "):])
	case strings.HasPrefix(s, "Main pot "), strings.HasPrefix(s, "Side pot "):
		return nil // the running pot
	case strings.HasPrefix(s, "Uncalled bet ("):
		return b.UncalledBet(l)
	}
	who := b.Player(s, " ")
	if who < 0 {
		return b.Unknown(l)
	}
	v := s[len(b.Seats[who].Name)+1:]
	v, allIn := strings.CutSuffix(v, " and is all-in")
	verb, arg, _ := strings.Cut(v, " ")
	if verb == "raises" {
		return b.AllIn(l, who, allIn, p.raise(l, who, arg))
	}
	if verb == "caps" {
		return b.AllIn(l, who, allIn, p.caps(l, who, arg))
	}
	if ok, err := b.StarsAction(l, who, verb, arg, allIn, p.post); ok {
		return err
	}
	switch verb {
	case "collected":
		amt, from, ok := strings.Cut(arg, " from ")
		if !ok || !strings.Contains(from, "pot") {
			return sitetext.LineError(l.N, "unrecognised line %s", sitetext.Quote(s))
		}
		x, err := b.Amount(l, amt)
		if err != nil {
			return err
		}
		b.CollectRun(who, p.run, x)
		return nil
	case "does":
		if arg == "not show" {
			return nil
		}
	}
	return b.Unknown(l)
}

// post reads the rest of "name posts ...".
func (p *parser) post(l sitetext.Line, who int, arg string) error {
	return p.b.PostLine(posts, l, who, arg)
}

// totalPot reads "Total pot $X | Rake $Y | JP Fee $Z": the pot with the
// fees.
func (p *parser) totalPot(l sitetext.Line) error {
	b := &p.b
	s := l.S
	parts := strings.Split(s, " | ")
	total, err := b.Amount(l, strings.TrimPrefix(parts[0], "Total pot "))
	if err != nil {
		return err
	}
	for _, part := range parts[1:] { // "Rake $2.76", "JP Fee $0.24"
		k := strings.LastIndexByte(part, ' ')
		x, err := b.Amount(l, part[k+1:])
		if k < 0 || err != nil {
			return sitetext.LineError(l.N, "bad total pot line %s", sitetext.Quote(s))
		}
		b.Rake += x
	}
	b.Total, b.HasTotal = total+b.Rake, true
	return nil
}

// seatWon reads what a summary seat line says seat number num won
// ("... won $X"), for a hand without collected lines (a walk).
func (p *parser) seatWon(l sitetext.Line, num int, rest string) error {
	b := &p.b
	if k := strings.Index(rest, " won "); k >= 0 && !b.Won() {
		amt, _, _ := strings.Cut(rest[k+len(" won "):], " ")
		if x, err := b.Amount(l, amt); err == nil {
			if i := b.SeatOf(num); i >= 0 {
				if p.won == nil {
					p.won = map[int]int64{}
				}
				p.won[i] += x
			}
		}
	}
	return nil
}
