package wpn

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// parser is one hand's state beyond the builder's.
type parser struct {
	b sitetext.Builder
	// small and big are the Game ID line's stakes, bigBlind the first big
	// blind posted (fixed-limit when it is small).
	small, big, bigBlind int64
	// hole is the cards each seat was dealt one by one ("received card:
	// [2d]"), until it has four.
	hole [sitetext.MaxSeats]cards.List
	// ended: the "Game ended at:" line was read.
	ended bool
	// skip is why a record that contradicts itself is skipped.
	skip string
}

func (p *parser) parse(lines []sitetext.Line) (*handhistory.Hand, string, error) {
	b := &p.b
	if b.Actions == nil { // the first hand of a file: room for most hands
		b.Seats, b.Actions = make([]sitetext.Seat, 0, sitetext.MaxSeats), make([]handhistory.Action, 0, 64)
	}
	b.Reset(&handhistory.Hand{Site: string(Format), Format: string(Format)}, 100)
	b.MendsBoard = true // the summary's "Board: [..]" settles a misprinted street line
	p.small, p.big, p.bigBlind, p.ended, p.skip = 0, 0, 0, false, ""
	clear(p.hole[:])
	if len(lines) < 3 {
		return b.Hand, sitetext.Incomplete(lines[len(lines)-1].N), nil
	}
	if skip, err := p.game(lines[1]); err != nil || skip != "" {
		return b.Hand, skip, err
	}
	if err := p.button(lines[2]); err != nil {
		return b.Hand, "", err
	}
	i, err := sitetext.SeatList(lines, 3, func(l sitetext.Line) error { return b.StarsSeat(l, ")") })
	if err != nil {
		return b.Hand, "", err
	}
	done := func() bool { return p.ended && b.Street == sitetext.Summary }
	if skip, err := b.Play(lines, i, 0, p.line, done); err != nil || skip != "" {
		return b.Hand, skip, err
	}
	if p.skip != "" {
		return b.Hand, p.skip, nil
	}
	if !b.HasTotal {
		return b.Hand, "", sitetext.LineError(lines[len(lines)-1].N, "summary has no \"Pot:\" line")
	}
	t := &b.Hand.Table
	if p.bigBlind == p.small && p.small < p.big {
		t.Structure = game.FixedLimit
	} else {
		t.Structure = game.PotLimit
	}
	b.SetBets(t.Structure, true, p.small, p.big, p.big)
	return b.Hand, "", b.Assemble(lines[0].N)
}

// game reads "Game ID: 741631166 40/80 (PRR) Xana (Omaha HiLow)" (a
// tournament's: "Game ID: N 30 / 60 $10 Freeroll - On Demand, Table
// 27(Omaha)"): the hand number, the stakes, the table and the game.
func (p *parser) game(l sitetext.Line) (string, error) {
	b := &p.b
	rest, ok := strings.CutPrefix(l.S, "Game ID: ")
	id, rest, _ := strings.Cut(rest, " ")
	o, c := strings.LastIndexByte(rest, '('), strings.LastIndexByte(rest, ')')
	if !ok || !sitetext.Digits(id) || o < 0 || c < o {
		return "", sitetext.LineError(l.N, "want the game line (\"Game ID: N sb/bb table (Omaha)\"), got %s", sitetext.Quote(l.S))
	}
	b.Hand.SiteHandID = id
	t := &b.Hand.Table
	switch game := rest[o+1 : c]; game {
	case "Omaha":
		t.Game = eval.OmahaHi
	case "Omaha HiLow":
		t.Game = eval.OmahaHiLo
	default:
		return sitetext.NotOmaha(game), nil
	}
	f := strings.Fields(rest[:o])
	if len(f) >= 3 && f[1] == "/" { // "30 / 60": tournament blinds
		f = append([]string{f[0] + "/" + f[2]}, f[3:]...)
	}
	if len(f) == 0 {
		return "", sitetext.LineError(l.N, "the game line has no stakes: %s", sitetext.Quote(l.S))
	}
	table := strings.Join(f[1:], " ")
	b.Hand.Tournament = strings.Contains(table, ", Table ") || strings.HasSuffix(rest[:o], ", Table") || strings.Contains(l.S, " / ")
	if b.Hand.Tournament {
		b.Scale, t.ChipUnit = 1, "1"
	} else {
		t.ChipUnit = "0.01"
		if !strings.HasPrefix(table, "PM ") && !strings.HasPrefix(table, "Play Money ") {
			t.Currency = "USD"
		}
	}
	sb, bb, _ := strings.Cut(f[0], "/")
	x, err1 := b.Amount(l, sb)
	y, err2 := b.Amount(l, bb)
	if err1 != nil || err2 != nil || x <= 0 || y < x {
		return "", sitetext.LineError(l.N, "bad stakes %s in %s", sitetext.Quote(f[0]), sitetext.Quote(l.S))
	}
	p.small, p.big = x, y
	for _, w := range append(strings.Fields(rest[c+1:]), f[1:]...) {
		if v, ok := sitetext.MaxTag(w); ok {
			t.MaxSeats = v
		}
	}
	b.Hand.TableName = table
	return "", nil
}

// button reads "Seat 6 is the button".
func (p *parser) button(l sitetext.Line) error {
	n, ok := strings.CutSuffix(strings.TrimPrefix(l.S, "Seat "), " is the button")
	v, err := strconv.Atoi(n)
	if !ok || err != nil || v < 1 || v > sitetext.MaxSeats {
		return sitetext.LineError(l.N, "want the button line (\"Seat N is the button\"), got %s", sitetext.Quote(l.S))
	}
	p.b.Button = v
	return nil
}

// line reads a line after the seats.
func (p *parser) line(l sitetext.Line) error {
	b := &p.b
	s := l.S
	switch {
	case p.ended:
		return b.Unknown(l)
	case strings.HasPrefix(s, "*** "):
		return p.street(l)
	case s == "------ Summary ------":
		if b.Street == sitetext.Summary {
			return sitetext.LineError(l.N, "a second summary")
		}
		b.StartSummary(l)
		return nil
	case strings.HasPrefix(s, "Game ended at: "):
		p.ended = true
		return nil
	case b.Street == sitetext.Summary:
		return p.summary(l)
	case strings.HasPrefix(s, "Uncalled bet ("):
		return p.uncalled(l)
	case strings.HasPrefix(s, "Player "):
		return p.play(l)
	}
	return b.Unknown(l)
}

// street reads "*** FLOP ***: [6d 7h 3h]", "*** TURN ***: [6d 7h 3h]
// [2c]": the new cards are the last bracketed list. A street line
// without cards is noted and not read.
func (p *parser) street(l sitetext.Line) error {
	b := &p.b
	name, rest, ok := strings.Cut(strings.TrimPrefix(l.S, "*** "), " ***:")
	var to int
	switch name {
	case "FLOP":
		to = sitetext.Flop
	case "TURN":
		to = sitetext.Turn
	case "RIVER":
		to = sitetext.River
	default:
		ok = false
	}
	if !ok {
		return sitetext.LineError(l.N, "unexpected street marker %s", sitetext.Quote(l.S))
	}
	rest = strings.TrimSpace(rest)
	if rest == "" {
		b.Hand.Notes = append(b.Hand.Notes, fmt.Sprintf("line %d, a street line without cards, is not read: %s", l.N, sitetext.Quote(l.S)))
		return nil
	}
	c, err := sitetext.NewCards(l, rest)
	if err != nil {
		return err
	}
	return b.Deal(l, to, c)
}

// paren reads the amount of "(40)".
func (p *parser) paren(l sitetext.Line, s string) (int64, error) {
	in, ok := strings.CutPrefix(s, "(")
	in, ok2 := strings.CutSuffix(in, ")")
	if !ok || !ok2 {
		return 0, sitetext.LineError(l.N, "bad amount %s in %s", sitetext.Quote(s), sitetext.Quote(l.S))
	}
	return p.b.Amount(l, in)
}

// posts are the post lines' words after the player's name, each before
// the amount in parentheses.
var posts = []struct {
	verb, after string
	kind        game.PostKind
}{
	{"has small blind ", "", game.SmallBlind},
	{"has big blind ", "", game.BigBlind},
	{"posts ", " as a dead bet", game.Dead},
	{"posts ante ", "", game.Ante},
	{"ante ", "", game.Ante},
	{"posts ", "", game.BigBlind},
	{"straddle ", "", game.Straddle},
	{"straddles ", "", game.Straddle},
}

// ignored are the lines after a player's name that cannot change the
// hand.
var ignored = []string{"is timed out.", "sitting out", "wait BB", "is disconnected.", "is connected.", "is back.", "is sitting out."}

// play reads a "Player name ..." line before the summary.
func (p *parser) play(l sitetext.Line) error {
	b := &p.b
	rest := l.S[len("Player "):]
	who := b.Player(rest, " ")
	if who < 0 {
		return b.Unknown(l)
	}
	v := rest[len(b.Seats[who].Name)+1:]
	for _, x := range ignored {
		if v == x {
			return nil
		}
	}
	switch {
	case v == "received a card.":
		b.Seats[who].Used = true
		return nil
	case strings.HasPrefix(v, "received card: "):
		return p.card(l, who, v[len("received card: "):])
	case v == "is disconnected and ALL IN.":
		return p.disconnected(l, who)
	case v == "allin": // after "is disconnected and ALL IN."
		return nil
	case v == "folds":
		return b.Fold(l, who)
	case v == "checks":
		return b.Check(l, who)
	case v == "mucks cards":
		return b.Muck(l, who, nil)
	}
	if b.Street == sitetext.Deal {
		for _, w := range posts {
			if a, ok := strings.CutPrefix(v, w.verb); ok {
				if a, ok = strings.CutSuffix(a, w.after); ok {
					return p.post(l, who, w.kind, a)
				}
			}
		}
	}
	verb, arg, _ := strings.Cut(v, " ")
	x, err := p.paren(l, arg)
	if err != nil {
		if verb == "calls" || verb == "bets" || verb == "raises" || verb == "caps" || verb == "cap" || verb == "allin" {
			return err
		}
		return b.Unknown(l)
	}
	switch verb {
	case "calls":
		return b.Call(l, who, x)
	case "bets", "raises":
		return b.PutMore(l, who, x)
	case "caps", "cap":
		if err := b.PutMore(l, who, x); err != nil {
			return err
		}
		b.CapStacks(l, b.Seats[who].In)
		return nil
	case "allin":
		if b.Street == sitetext.Deal { // a blind that puts the player all-in
			kind := game.BigBlind
			if b.LiveBlind(who) == 0 && len(b.Posts) == 0 && x < p.big {
				kind = game.SmallBlind
			}
			return b.AllIn(l, who, true, b.Post(l, who, kind, x))
		}
		return b.AllIn(l, who, true, b.PutMore(l, who, x))
	}
	return b.Unknown(l)
}

// post records a forced bet of the amount a ("(20)").
func (p *parser) post(l sitetext.Line, who int, kind game.PostKind, a string) error {
	x, err := p.paren(l, a)
	if err != nil {
		return err
	}
	if kind == game.BigBlind && p.bigBlind == 0 {
		p.bigBlind = x
	}
	return p.b.Post(l, who, kind, x)
}

// card reads one hole card "[2d]" dealt to seat who; a fifth is an
// error of the line.
func (p *parser) card(l sitetext.Line, who int, s string) error {
	b := &p.b
	c, unknown, err := sitetext.ParseCards(s)
	if err != nil || unknown > 0 || len(c) != 1 || !strings.HasPrefix(s, "[") {
		return sitetext.LineError(l.N, "bad hole card in %s", sitetext.Quote(l.S))
	}
	b.Seats[who].Used = true
	if len(p.hole[who]) == 4 {
		return sitetext.LineError(l.N, "a fifth hole card for %s: %s", handhistory.Clipped(b.Seats[who].Name), sitetext.Quote(l.S))
	}
	p.hole[who] = append(p.hole[who], c[0])
	if len(p.hole[who]) == 4 {
		return b.SetHole(l, who, p.hole[who])
	}
	return nil
}

// disconnected reads "is disconnected and ALL IN.": the player plays on
// for what he has put in (the site's disconnection protection), his stack
// read as that; a check of his on this street is dropped (an all-in
// player does not act).
func (p *parser) disconnected(l sitetext.Line, who int) error {
	b := &p.b
	st := &b.Seats[who]
	if st.Folded {
		return sitetext.LineError(l.N, "%s is made all-in after folding", handhistory.Clipped(st.Name))
	}
	if st.Stack > st.In {
		b.Hand.Notes = append(b.Hand.Notes, fmt.Sprintf("line %d: %s is all-in on disconnection with %s put in; his stack of %s is read as that", l.N, handhistory.Clipped(st.Name), b.Money(st.In), b.Money(st.Stack)))
		st.Stack = st.In
	}
	for k := len(b.Actions) - 1; k >= 0 && b.Actions[k].Kind != game.DealBoard; k-- {
		if a := b.Actions[k]; a.Player == who && a.Kind == game.Check {
			b.Actions = append(b.Actions[:k], b.Actions[k+1:]...)
		}
	}
	return nil
}

// uncalled reads "Uncalled bet (20) returned to name".
func (p *parser) uncalled(l sitetext.Line) error {
	b := &p.b
	amt, name, ok := strings.Cut(l.S[len("Uncalled bet "):], " returned to ")
	i := b.Named(name)
	if !ok || i < 0 {
		return sitetext.LineError(l.N, "bad uncalled-bet line %s", sitetext.Quote(l.S))
	}
	x, err := p.paren(l, amt)
	if err != nil {
		return err
	}
	if !b.Seats[i].Folded {
		b.Uncalled(i, x)
	} else if p.skip == "" {
		p.skip = fmt.Sprintf("the record contradicts itself: line %d returns an uncalled bet to %s, who folded", l.N, handhistory.Clipped(name))
	}
	return nil
}

// summary reads a summary line: the pot and fees, the board, and each
// seat's line (its shown or mucked cards and what it collected).
func (p *parser) summary(l sitetext.Line) error {
	if rest, ok := strings.CutPrefix(l.S, "Pot: "); ok {
		return p.pot(l, rest)
	}
	if rest, ok := strings.CutPrefix(l.S, "Board: "); ok {
		return p.board(l, rest)
	}
	return p.seatResult(l)
}

// seatResult reads a summary line of a seat: "*Player name shows: desc
// [cards]. Bets: 80. Collects: 198.50. Wins: 118.50.", "Player name
// mucks (does not show: [cards]). ...", "Player name does not show
// cards.Bets: ...".
func (p *parser) seatResult(l sitetext.Line) error {
	b := &p.b
	rest, ok := strings.CutPrefix(strings.TrimPrefix(l.S, "*"), "Player ")
	who := b.Player(rest, " ")
	if !ok || who < 0 {
		return b.Unknown(l)
	}
	v := rest[len(b.Seats[who].Name)+1:]
	k := strings.Index(v, "Collects: ")
	if k < 0 {
		return sitetext.LineError(l.N, "summary line has no \"Collects:\": %s", sitetext.Quote(l.S))
	}
	amt, _, _ := strings.Cut(v[k+len("Collects: "):], " ")
	x, err := b.Amount(l, strings.TrimSuffix(amt, "."))
	if err != nil {
		return err
	}
	if x > 0 {
		b.Collect(who, x)
	}
	show := strings.HasPrefix(v, "shows: ")
	if !show && !strings.HasPrefix(v, "mucks (does not show: [") {
		return nil
	}
	c, unknown, _, found, err := sitetext.CardsIn(v)
	if err != nil || !found {
		return sitetext.LineError(l.N, "bad cards in %s", sitetext.Quote(l.S))
	}
	if unknown > 0 {
		c = nil
	}
	if show {
		return b.Show(l, who, c)
	}
	return b.Muck(l, who, c)
}

// pot reads "Pot: 477. Rake 2.76. JP fee 0.24" (rest: after "Pot: "):
// the pot after the fees.
func (p *parser) pot(l sitetext.Line, rest string) error {
	b := &p.b
	parts := strings.Split(strings.TrimSuffix(rest, "."), ". ")
	pot, err := b.Amount(l, parts[0])
	if err != nil {
		return err
	}
	b.Rake = 0
	for _, part := range parts[1:] { // "Rake 2.76", "JP fee 0.24"
		k := strings.LastIndexByte(part, ' ')
		if k < 0 {
			return sitetext.LineError(l.N, "bad pot line %s", sitetext.Quote(l.S))
		}
		x, err := b.Amount(l, part[k+1:])
		if err != nil {
			return err
		}
		b.Rake += x
	}
	b.Total, b.HasTotal = pot+b.Rake, true
	return nil
}

// board reads "Board: [6d 7h 3h 2c 2h]": the board dealt, or, when the
// street lines misprint it, the board the showdown was settled on (said
// in the notes).
func (p *parser) board(l sitetext.Line, rest string) error {
	b := &p.b
	c, unknown, err := sitetext.ParseCards(rest)
	if err != nil || unknown > 0 {
		return sitetext.LineError(l.N, "bad board in %s", sitetext.Quote(l.S))
	}
	return b.SummaryBoard(l, c)
}
