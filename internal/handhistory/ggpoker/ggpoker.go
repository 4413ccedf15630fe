package ggpoker

import (
	"strings"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// isHeader reports whether l starts a GGPoker hand.
func isHeader(l string) bool {
	if !strings.HasPrefix(l, "Poker Hand #") {
		return false
	}
	c := strings.IndexByte(l, ':')
	return c > len("Poker Hand #") && c < 40
}

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
	t := &b.Hand.Table
	b.SetBets(t.Structure, false, 0, 0, t.MinBet)
	b.Hand.AddedToPot = p.cashDrop // validated by assemble
	if err := b.Assemble(head.N); err != nil {
		return b.Hand, "", err
	}
	return b.Hand, "", nil
}

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
		desc = desc[:lv]
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
	b.Hand.Time = t.Format("2006-01-02T15:04:05") + sitetext.EasternOffset(t)
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
	if t.Structure == game.FixedLimit {
		t.SmallBet, t.BigBet = v[0], v[1]
		t.MinBet = 0
	} else {
		t.MinBet = v[1]
	}
	return nil
}

// seat reads "Seat 3: name ($1.75 in chips)", optionally followed by "is
// sitting out".
func (p *parser) seat(l sitetext.Line) error { return p.b.StarsSeat(l, " in chips)") }

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
		rest := s[len("Uncalled bet ("):]
		k := strings.Index(rest, ") returned to ")
		if k < 0 {
			return sitetext.LineError(l.N, "bad uncalled-bet line %s", sitetext.Quote(s))
		}
		x, err := p.b.Amount(l, rest[:k])
		if err != nil {
			return err
		}
		i := b.Named(rest[k+len(") returned to "):])
		if i < 0 {
			return sitetext.LineError(l.N, "uncalled bet returned to a player not seated: %s", sitetext.Quote(s))
		}
		b.Uncalled(i, x)
		return nil
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

// runsLine reads "Hand was run twice" (or three times).
func (p *parser) runsLine(l sitetext.Line) error {
	n, err := sitetext.RunsSaid(l)
	p.runsSaid = n
	return err
}

// board reads the summary's "Board [..]" of a hand run once, which
// settles the board dealt (sitetext.Builder.SummaryBoard).
func (p *parser) board(l sitetext.Line) error {
	b := &p.b
	s := l.S
	c, _, err := sitetext.ParseCards(s[len("Board "):])
	if err != nil || p.boardSaid || len(b.Runs) > 0 {
		return sitetext.LineError(l.N, "%s differs from the board dealt %s", sitetext.Quote(s), b.Board)
	}
	p.boardSaid = true
	return b.SummaryBoard(l, c)
}

// runBoard reads "FIRST Board [..]" (SECOND, THIRD), checked against the
// run's board.
func (p *parser) runBoard(l sitetext.Line) error {
	b := &p.b
	s := l.S
	ord, rest, _ := strings.Cut(s, " Board ")
	k := map[string]int{"FIRST": 0, "SECOND": 1, "THIRD": 2}[ord]
	c, _, err := sitetext.ParseCards(rest)
	if err != nil || k >= len(b.Runs) {
		return sitetext.LineError(l.N, "%s names a run the hand does not have", sitetext.Quote(s))
	}
	// GGPoker writes the first run's whole board, and the later runs'
	// own cards only.
	run := b.Runs[k]
	if k > 0 {
		run = run[len(b.Board):]
	}
	if c.String() != run.String() {
		return sitetext.LineError(l.N, "%s differs from run %d's board %s", sitetext.Quote(s), k+1, run)
	}
	return nil
}

// seatCards reads a summary seat line's shown cards.
func (p *parser) seatCards(l sitetext.Line) error { return p.b.SeatCards(l, nil) }

// totalPot reads "Total pot $2.81 | Rake $0.06 | Jackpot $0.02 | Bingo $0"
// (any number of fees after the total; each is taken from the pot).
func (p *parser) totalPot(l sitetext.Line) error {
	b := &p.b
	parts := strings.Split(l.S, " | ")
	total, err := p.b.Amount(l, strings.TrimPrefix(parts[0], "Total pot "))
	if err != nil {
		return err
	}
	b.Total, b.HasTotal = total, true
	for _, part := range parts[1:] {
		k := strings.LastIndexByte(part, ' ')
		if k < 0 {
			return sitetext.LineError(l.N, "bad total pot line %s", sitetext.Quote(l.S))
		}
		x, err := p.b.Amount(l, part[k+1:])
		if err != nil {
			return err
		}
		b.Rake += x
	}
	if b.Rake > b.Total {
		return sitetext.LineError(l.N, "fees larger than the pot in %s", sitetext.Quote(l.S))
	}
	return nil
}
