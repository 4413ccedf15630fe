package kingsclub

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

// parser is one hand's state: the builder's.
type parser struct {
	b sitetext.Builder
}

func (p *parser) parse(lines []sitetext.Line) (*handhistory.Hand, string, error) {
	b := &p.b
	b.Reset(&handhistory.Hand{Site: "kingsclub", Format: string(Format)}, 100)
	head := lines[0]
	if skip, err := p.header(head); err != nil || skip != "" {
		return b.Hand, skip, err
	}
	if skip := skipBody(lines); skip != "" {
		return b.Hand, skip, nil
	}
	last := lines[len(lines)-1]
	for k, read := range [...]func(sitetext.Line) error{p.date, p.table} {
		if len(lines) < k+2 {
			return b.Hand, sitetext.Incomplete(last.N), nil
		}
		if err := read(lines[k+1]); err != nil {
			if len(lines) == k+2 { // cut off in the line
				return b.Hand, sitetext.Incomplete(last.N), nil
			}
			return b.Hand, "", err
		}
	}
	i, err := sitetext.SeatList(lines, 3, p.seat)
	if err != nil {
		return b.Hand, "", err
	}
	if skip, err := b.Play(lines, i, 0, b.Route(p.marker, p.summary, p.play), p.done); err != nil || skip != "" {
		return b.Hand, skip, err
	}
	b.SetTableBets()
	return b.Hand, "", b.Assemble(head.N)
}

// skipBody returns the skip reason of a hand its lines show is not read
// ("Hand cancelled", a double-board game's "*** BOARD 1 - FLOP ***"),
// else "".
func skipBody(lines []sitetext.Line) string {
	for _, l := range lines[1:] {
		switch {
		case l.S == "Hand cancelled":
			return "hand cancelled"
		case strings.HasPrefix(l.S, "*** BOARD ") && (strings.Contains(l.S, " - FLOP ***") || strings.Contains(l.S, " - TURN ***")):
			return fmt.Sprintf("double-board Omaha (line %d %s: two boards dealt from the flop and bet on together) is not read", l.N, sitetext.Quote(handhistory.Clipped(l.S)))
		}
	}
	return ""
}

// header reads "#39969218: Limit Omaha Hi-Lo - 40/80": the hand number,
// the game and the stakes.
func (p *parser) header(l sitetext.Line) (string, error) {
	b := &p.b
	rest := strings.TrimPrefix(l.S, "#")
	k := strings.Index(rest, ": ")
	b.Hand.SiteHandID = rest[:k]
	name, stakes, _ := cutLast(rest[k+2:], " - ")
	if skip := b.SetGame(name, gameOf); skip != "" {
		return skip, nil
	}
	return "", p.stakes(l, stakes)
}

// gameOf maps "Limit Omaha Hi-Lo", "Pot Limit Omaha" and the like onto a
// game and structure; ok is false for another game ("Pot Limit Omaha 5
// Card", "Pot Limit Big O", "Limit Holdem", the Stud and Draw games).
func gameOf(s string) (eval.Game, game.Structure, bool) {
	for _, limit := range [...]string{"Pot Limit", "No Limit", "Limit"} {
		if name, ok := strings.CutPrefix(s, limit+" "); ok {
			return sitetext.GameNamed(games, name, limit)
		}
	}
	return 0, 0, false
}

// games are the names of the games read, as gameOf cuts them from the
// header.
var games = map[string]eval.Game{"Omaha": eval.OmahaHi, "Omaha Hi-Lo": eval.OmahaHiLo}

// stakes reads "40/80", "500/1,000": the blinds (fixed-limit: the small
// and big bets), dollars without a mark.
func (p *parser) stakes(l sitetext.Line, s string) error {
	t := &p.b.Hand.Table
	sb, bb, _ := strings.Cut(s, "/")
	x, _, _ := sitetext.ParseAmount(sb, 100)
	y, _, _ := sitetext.ParseAmount(bb, 100)
	if x <= 0 || y < x || y > handhistory.MaxChips {
		return sitetext.LineError(l.N, "bad stakes %s in the header", sitetext.Quote(s))
	}
	t.ChipUnit, t.Currency = "0.01", "USD"
	t.SetStakes(x, y)
	return nil
}

// date reads the hand's second line, "2021-01-02 15:39:12" (no zone
// written: kept as the wall clock).
func (p *parser) date(l sitetext.Line) error {
	t, ok := sitetext.ParseClock(l.S, "2006-01-02 15:04:05")
	if !ok {
		return sitetext.LineError(l.N, "want the hand's date and time (\"2021-01-02 15:39:12\"), got %s", sitetext.Quote(l.S))
	}
	p.b.Hand.Time = sitetext.Clock(t)
	return nil
}

// table reads "Table '8 Game Mix' Seat 6 is the button" (or "Table
// '8 Game Mix'" without a button, as the client writes it for stud).
func (p *parser) table(l sitetext.Line) error {
	b := &p.b
	s, ok := strings.CutPrefix(l.S, "Table '")
	if !ok {
		return sitetext.LineError(l.N, "want the table line (\"Table 'name' Seat N is the button\"), got %s", sitetext.Quote(l.S))
	}
	if name, ok := strings.CutSuffix(s, "'"); ok {
		b.Hand.TableName = name
		return nil
	}
	name, btn, ok := cutLast(s, "' Seat ")
	n, err := strconv.Atoi(strings.TrimSuffix(btn, " is the button"))
	if !ok || !strings.HasSuffix(btn, " is the button") || err != nil || n < 1 || n > sitetext.MaxSeats {
		return sitetext.LineError(l.N, "bad table line %s", sitetext.Quote(l.S))
	}
	b.Hand.TableName, b.Button = name, n
	return nil
}

// seat reads "Seat 1: Player0 (1,200)".
func (p *parser) seat(l sitetext.Line) error { return p.b.StarsSeat(l, ")") }

// done reports whether the hand has reached its end: the summary with a
// win line and the final stack of every seat dealt in.
func (p *parser) done() bool {
	b := &p.b
	if b.Street != sitetext.Summary || !b.Won() {
		return false
	}
	for i := range b.Seats {
		if b.Seats[i].Used && !b.Seats[i].FinishSet {
			return false
		}
	}
	return true
}

// marker reads a "*** ... ***" line: the hole cards, the streets, a
// run's river ("*** BOARD 2 - RIVER *** [- - - Kh] [Ac]"), the summary.
func (p *parser) marker(l sitetext.Line) error {
	b := &p.b
	s := strings.TrimPrefix(l.S, "*** ")
	switch s {
	case "HOLE CARDS ***":
		return b.StartHole(l)
	case "SUMMARY ***":
		return b.SummaryMarker(l)
	}
	if to, rest, ok := sitetext.Street(s); ok {
		return p.board(l, 0, to, rest)
	}
	if r, rest, ok := strings.Cut(strings.TrimPrefix(s, "BOARD "), " - RIVER *** "); ok && strings.HasPrefix(s, "BOARD ") {
		if run, err := strconv.Atoi(r); err == nil && run >= 1 && run <= sitetext.MaxRuns {
			return p.board(l, run, sitetext.River, rest)
		}
	}
	return sitetext.LineError(l.N, "unexpected street marker %s", sitetext.Quote(l.S))
}

// board reads the cards of a street line up to street to, "[4s Td 6c]",
// "[4s Td 6c] [Th]", "[4s Td 6c Th] [2h]", of run run (0: the hand's one
// board). The line gives the whole board up to the street: the cards
// before it must be those dealt ("-" for each in a run after the first),
// and those it adds are dealt street by street (the client writes no
// flop and turn lines when the betting was over before them: "***
// RIVER *** [2s Th 6h 7c] [5s]" after a preflop all-in).
func (p *parser) board(l sitetext.Line, run, to int, rest string) error {
	b := &p.b
	toks, ok := boardTokens(rest)
	if !ok || len(toks) != to-sitetext.Flop+3 {
		return sitetext.LineError(l.N, "bad board cards in %s", sitetext.Quote(l.S))
	}
	shared := b.Board
	if len(shared) > len(toks) {
		return sitetext.LineError(l.N, "a board deal out of place: %s", sitetext.Quote(l.S))
	}
	var fresh cards.List
	for k, tok := range toks {
		if tok == "-" {
			if k >= len(shared) || run < 2 {
				return sitetext.LineError(l.N, "bad board cards in %s", sitetext.Quote(l.S))
			}
			continue
		}
		c, err := cards.Parse(tok)
		if err != nil || len(c) != 1 {
			return sitetext.LineError(l.N, "bad board cards in %s", sitetext.Quote(l.S))
		}
		if k < len(shared) {
			if c[0] != shared[k] {
				return sitetext.LineError(l.N, "%s differs from the board dealt %s", sitetext.Quote(l.S), shared)
			}
			continue
		}
		fresh = append(fresh, c[0])
	}
	if len(fresh) == 0 {
		return sitetext.LineError(l.N, "a board deal out of place: %s", sitetext.Quote(l.S))
	}
	if b.Street == sitetext.Deal {
		if err := b.StartHole(l); err != nil {
			return err
		}
	}
	for at := len(shared); at < len(toks); {
		st, n := sitetext.Flop, 3
		if at >= 3 {
			st, n = sitetext.Turn+at-3, 1
		}
		if at+n > len(toks) || at != 0 && at < 3 {
			return sitetext.LineError(l.N, "bad board cards in %s", sitetext.Quote(l.S))
		}
		c := fresh[at-len(shared) : at-len(shared)+n : at-len(shared)+n]
		var err error
		if run == 0 {
			err = b.Deal(l, st, c)
		} else {
			err = b.DealRun(l, run, st, c)
		}
		if err != nil {
			return err
		}
		at += n
	}
	return nil
}

// boardTokens splits "[a b c] [d]" (one or two bracketed lists) into its
// cards' texts; ok is false for another form.
func boardTokens(s string) (toks []string, ok bool) {
	for s != "" {
		if s[0] != '[' {
			return nil, false
		}
		e := strings.IndexByte(s, ']')
		if e < 0 {
			return nil, false
		}
		toks = append(toks, strings.Fields(s[1:e])...)
		s = strings.TrimPrefix(s[e+1:], " ")
	}
	return toks, len(toks) > 0
}

// posts are Kings Club's post words: "posts blind X" is a big blind
// posted out of turn (fpdb-3 reads it so), "posts straddle X" is in
// fpdb-3's parser though in no file seen.
var posts = sitetext.PostWords{
	{"the small blind ", game.SmallBlind},
	{"the big blind ", game.BigBlind},
	{"ante ", game.Ante},
	{"blind ", game.BigBlind},
	{"straddle ", game.Straddle},
}

// allIn is the end of a line whose player is all-in.
const allIn = ", and is all in"

// play reads a line of the play: a post ("Hero: posts the small blind
// 20"), the cards dealt, an action ("Player0 calls 80", "... raises to
// 1,375", ", and is all in" after it), a show, an uncalled bet.
func (p *parser) play(l sitetext.Line) error {
	b := &p.b
	s := l.S
	switch {
	case strings.HasPrefix(s, "Dealt to "):
		return p.dealt(l, s[len("Dealt to "):])
	case strings.HasPrefix(s, "Uncalled bet ("):
		return b.UncalledBet(l)
	}
	if who := b.Player(s, ": "); who >= 0 {
		if arg, ok := strings.CutPrefix(s[len(b.Seats[who].Name)+2:], "posts "); ok {
			arg, all := strings.CutSuffix(arg, allIn)
			return b.AllIn(l, who, all, p.post(l, who, arg))
		}
	}
	who := b.Player(s, " ")
	if who < 0 {
		return b.Unknown(l)
	}
	v, all := strings.CutSuffix(s[len(b.Seats[who].Name)+1:], allIn)
	verb, arg, _ := strings.Cut(v, " ")
	switch {
	case verb == "calls":
		return b.AllIn(l, who, all, p.call(l, who, arg))
	case verb == "raises" && !strings.HasPrefix(arg, "to "):
		return sitetext.LineError(l.N, "unrecognised action %s", sitetext.Quote(s))
	case verb == "shows" && !all:
		return b.ShowLine(l, who, arg)
	case v == "sits out":
		return nil
	}
	if ok, err := b.Bet(l, who, verb, arg, all, sitetext.AmountsOf(l, b.Amount)); ok {
		return err
	}
	return b.Unknown(l)
}

// call reads the amount of "calls X": Kings Club's X is the player's bet
// of the round once called (as a raise's "to"), not the chips the call
// puts in: "Player0 calls 80" from the big blind's 40 against "Hero
// raises to 80" puts 40 in.
func (p *parser) call(l sitetext.Line, who int, arg string) error {
	b := &p.b
	x, err := b.Amount(l, arg)
	if err != nil {
		return err
	}
	st := &b.Seats[who]
	if x <= st.Round {
		return sitetext.LineError(l.N, "%s calls %s but has %s in this round already: %s", handhistory.Clipped(st.Name), b.Money(x), b.Money(st.Round), sitetext.Quote(l.S))
	}
	return b.Call(l, who, x-st.Round)
}

// post reads the rest of "name: posts ...".
func (p *parser) post(l sitetext.Line, who int, arg string) error {
	return p.b.PostLine(posts, l, who, arg)
}

// dealt reads the rest of "Dealt to Hero: [4d Kd Ac 5s]" ("[X X X X]"
// for another player's): four cards, the player's hole cards when seen.
func (p *parser) dealt(l sitetext.Line, rest string) error {
	b := &p.b
	i := b.Player(rest, ": [")
	if i < 0 {
		return sitetext.LineError(l.N, "cards dealt to a player not seated: %s", sitetext.Quote(l.S))
	}
	c, unknown, after, ok, err := sitetext.CardsIn(rest[len(b.Seats[i].Name)+1:])
	if err != nil || !ok || after != "" || len(c)+unknown != 4 || unknown > 0 && len(c) > 0 {
		return sitetext.LineError(l.N, "bad hole cards in %s (want four)", sitetext.Quote(l.S))
	}
	b.Seats[i].Used = true
	if unknown > 0 {
		return nil
	}
	return b.SetHole(l, i, c)
}

// summary reads a summary line: a seat's final stack and net ("Seat 1:
// Player0 (599.50) -0.50", "Seat 1: Hero (32,500)" for no change), the
// rake ("Rake 1") and the win lines ("Player0 wins (279.50) from pot",
// "... wins pot (209)", "... wins (3,075) from side pot 1").
func (p *parser) summary(l sitetext.Line) error {
	b := &p.b
	s := l.S
	switch {
	case strings.HasPrefix(s, "Seat "):
		return p.final(l)
	case strings.HasPrefix(s, "Rake "):
		x, err := b.Amount(l, s[len("Rake "):])
		if err != nil {
			return err
		}
		b.Rake += x
		return nil
	}
	who := b.Player(s, " wins ")
	if who < 0 {
		if strings.Contains(s, " wins ") {
			return sitetext.LineError(l.N, "a win line of a player not seated: %s", sitetext.Quote(s))
		}
		return b.Unknown(l)
	}
	rest := s[len(b.Seats[who].Name)+len(" wins "):]
	var amt string
	if a, ok := strings.CutPrefix(rest, "pot ("); ok && strings.HasSuffix(a, ")") {
		amt = strings.TrimSuffix(a, ")")
	} else if a, from, ok := strings.Cut(strings.TrimPrefix(rest, "("), ") from "); ok && strings.HasPrefix(rest, "(") && (from == "pot" || sidePot(from)) {
		amt = a
	} else {
		return sitetext.LineError(l.N, "unrecognised win line %s", sitetext.Quote(s))
	}
	x, err := b.Amount(l, amt)
	if err != nil {
		return err
	}
	b.Collect(who, x)
	return nil
}

// sidePot reports whether s is "side pot N".
func sidePot(s string) bool {
	n, ok := strings.CutPrefix(s, "side pot ")
	return ok && sitetext.Digits(n)
}

// final reads a summary seat line "Seat 1: Player0 (599.50) -0.50": the
// seat's stack after the hand, and its net, which must be that stack
// less the one it started with (a hand whose record says otherwise has it
// in its notes).
func (p *parser) final(l sitetext.Line) error {
	b := &p.b
	num, name, amt, tail, err := sitetext.SeatLine(l, ")")
	if err != nil {
		return err
	}
	i := b.SeatOf(num)
	if i < 0 || b.Seats[i].Name != name {
		return sitetext.LineError(l.N, "summary line of a seat not listed so: %s", sitetext.Quote(l.S))
	}
	x, err := b.Amount(l, amt)
	if err != nil {
		return err
	}
	var net int64
	if tail = strings.TrimPrefix(tail, " "); tail != "" {
		sign, num := tail[0], tail[1:]
		n, err := b.Amount(l, num)
		if err != nil || sign != '+' && sign != '-' {
			return sitetext.LineError(l.N, "bad net %s in %s", sitetext.Quote(tail), sitetext.Quote(l.S))
		}
		net = n
		if sign == '-' {
			net = -n
		}
	}
	st := &b.Seats[i]
	st.Finish, st.FinishSet = x, true
	if net != x-st.Stack {
		b.Hand.Notes = append(b.Hand.Notes, fmt.Sprintf("line %d gives %s's net as %s, but the stack went from %s to %s", l.N, handhistory.Clipped(st.Name), tail, b.Money(st.Stack), b.Money(x)))
	}
	return nil
}
