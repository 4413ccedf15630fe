package handhistory

import (
	"strconv"
	"strings"
	"time"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
)

// GGPoker text hand histories.
//
// A file holds hands each starting with a header line "Poker Hand
// #<id>: <game> (<stakes>) - <date>" (cash: "Poker Hand #OM181427446:
// Omaha Pot Limit ($0.5/$1) - 2020/04/14 07:56:19", "Poker Hand
// #OM260919438: PLO ($2/$5) - ..."; tournaments: "Poker Hand #TM106348078:
// Tournament #5948181, <name> Omaha Pot Limit - Level4 (90/180) - ...").
// The format is PokerStars' with these differences, each read:
//
//   - The hand id has a letter prefix ("OM", "RC", "TM"): SiteHandID is the
//     whole id. Site is "ggpoker", Format "ggpoker".
//   - The date has no time zone: it is read as US Eastern time, as
//     PokerStars-format records and fpdb's GGPoker reader do.
//   - Games: "Omaha Pot Limit", "PLO" and the Hi/Lo ("Omaha Hi/Lo", "PLO
//     Hi/Lo", "PLO8", "PLO Hi-Lo"), pot-, no- and fixed-limit; other games
//     (Hold'em, 5- and 6-card Omaha, Short Deck...) are Skipped with the
//     game's name.
//   - Money: one cent (ChipUnit "0.01") in cash games ("$0.5", "$1,234.5";
//     Currency from the stakes' symbol), one chip in tournaments ("1,338").
//   - Players are the seats "Dealt to" (every player dealt in has a
//     "Dealt to name" line, with cards for the hero only) and any seat that
//     posts, acts, shows or collects; in seat order.
//   - Posts: "posts the ante", "posts small blind", "posts big blind",
//     "posts straddle", "posts small & big blinds" (a dead small blind and
//     a live big blind), "posts missed blind"/"posts dead" (dead).
//   - Actions as PokerStars: folds, checks, calls X (the chips put in),
//     bets X (to X), raises X to Y (to Y; Y-X must be the current bet), "and
//     is all-in" checked against the recorded amounts. Shows come before
//     the "*** SHOWDOWN ***" line (after an all-in, before the run-out):
//     they are the showdown's shows, in the order written, emitted at it.
//   - Run it twice / three times: "*** FIRST FLOP|TURN|RIVER ***" ...
//     "*** THIRD ... ***" deal the rest of the board per run (Run 1, 2,
//     3), "*** FIRST SHOWDOWN ***" ... hold each run's collected lines
//     (Outcome.RunCollected); "Hand was run three times" and "SECOND Board
//     [..]" (the run's own cards) are checked against the runs.
//   - Outcome: Collected (the "collected X from pot" lines), Returned (the
//     "Uncalled bet (X) returned" lines), TotalPot, and Rake: everything
//     the summary's "Total pot X | Rake X | Jackpot X | Bingo X | ..." line
//     takes from the pot, the jackpot and other fees included (the model
//     has one rake); Pots is [TotalPot - Rake].
//
// Lines that are not actions are read as the site wrote them:
//
//   - "Cash Drop to Pot : total $X": the site adds $X to the pot before the
//     first action, Hand.AddedToPot (the lines add up): no player's, dead
//     money in the main pot, which raises the pot-limit maximum of every
//     bet after it (R7) and goes to the main pot's winner (R12). The
//     summary's total pot includes it. A cash drop after the betting began
//     is a line error (the model holds money added before it only).
//   - All-in insurance ("get an all-in insurance (...)" announces it,
//     "pay premium of all-in insurance ($X)" pays X outside the pot; a
//     line receiving an insurance payout adds it) and EV cash-out ("Pays
//     Cashout Risk ($X)", "Receives Cashout ($X)"): they change what the
//     player ends with, not the pot, so the hand's Outcome.FinishingStacks
//     is what the record says each player ends with (start - put in +
//     collected, plus or minus those payments) and the verdict reports the
//     player's finishing_stack difference against the pot's settlement.
//   - A hand without any "collected" line (a missing win line) keeps
//     Collected at zero: the verdict reports every winner's collected
//     difference.
//
// The record is checked against itself where it says a thing twice (a
// line error when not): "raises X to Y" against the current bet, "is
// all-in" against the stack, the summary's board and runs against the
// cards dealt, seats within the table's "N-max"; a hand must reach its
// summary and total pot. A hand that cannot be read is an Entry with a
// *fault.Error of kind Invalid (Impossible for a card seen twice) naming
// the line; the other hands of the file are still read. Every bound of
// limits.go applies (MaxLineBytes, MaxActions as Impossible, MaxText via
// Validate). Safe for concurrent use.
func readGGPoker(data []byte) ([]Entry, error) {
	var p ggParser
	return readSiteHands(data, "GGPoker", "Poker Hand #", ggIsHeader, p.parse)
}

// ggIsHeader reports whether l starts a GGPoker hand.
func ggIsHeader(l string) bool {
	if !strings.HasPrefix(l, "Poker Hand #") {
		return false
	}
	c := strings.IndexByte(l, ':')
	return c > len("Poker Hand #") && c < 40
}

type ggParser struct {
	b         siteHand
	cashDrop  int64
	runsSaid  int
	boardSaid bool
	sym       string
}

func (p *ggParser) parse(lines []siteLine) (*Hand, string, error) {
	b := &p.b
	b.reset("ggpoker", FormatGGPoker, 100)
	p.cashDrop, p.runsSaid, p.boardSaid, p.sym = 0, 0, false, ""
	head := lines[0]
	skip, err := p.header(head)
	if err != nil || skip != "" {
		return b.h, skip, err
	}
	if len(lines) < 2 {
		return b.h, "", siteErr(head.N, "hand has no table line")
	}
	if err := p.table(lines[1]); err != nil {
		return b.h, "", err
	}
	i := 2
	for ; i < len(lines) && strings.HasPrefix(lines[i].S, "Seat "); i++ {
		if err := p.seat(lines[i]); err != nil {
			return b.h, "", err
		}
	}
	if len(b.seats) < 2 {
		return b.h, "", siteErr(lines[min(i, len(lines)-1)].N, "hand lists %d seats, want at least 2", len(b.seats))
	}
	for ; i < len(lines); i++ {
		if err := p.line(lines[i]); err != nil {
			return b.h, "", err
		}
		if err := b.tooMany(lines[i]); err != nil {
			return b.h, "", err
		}
	}
	last := lines[len(lines)-1].N
	if b.street != siteSummary {
		return b.h, "", siteErr(last, "hand ends without its *** SUMMARY *** (truncated?)")
	}
	if !b.hasTotal {
		return b.h, "", siteErr(last, "summary has no \"Total pot\" line")
	}
	if p.runsSaid != 0 && p.runsSaid != len(b.runs) {
		return b.h, "", siteErr(last, "the summary says the hand was run %d times, but it was run %d times", p.runsSaid, max(len(b.runs), 1))
	}
	t := &b.h.Table
	if t.Structure == FixedLimit {
		t.MaxBets = 4
	} else {
		t.MinBet = b.bigBlind(t.MinBet)
	}
	b.h.AddedToPot = p.cashDrop // validated by assemble
	if err := b.assemble(head.N); err != nil {
		return b.h, "", err
	}
	return b.h, "", nil
}

// ggGame maps a GGPoker game name onto a game and structure.
func ggGame(name string) (eval.Game, Structure, bool) {
	switch name {
	case "Omaha Pot Limit", "PLO", "Pot Limit Omaha":
		return eval.OmahaHi, PotLimit, true
	case "Omaha No Limit", "NLO", "No Limit Omaha":
		return eval.OmahaHi, NoLimit, true
	case "Omaha Limit", "FLO", "Limit Omaha", "Omaha Fixed Limit":
		return eval.OmahaHi, FixedLimit, true
	case "Omaha Hi/Lo Pot Limit", "Omaha Hi-Lo Pot Limit", "PLO Hi/Lo", "PLO Hi-Lo", "PLO8", "PLO-8", "Pot Limit Omaha Hi/Lo", "Pot Limit Omaha Hi-Lo":
		return eval.OmahaHiLo, PotLimit, true
	case "Omaha Hi/Lo No Limit", "Omaha Hi-Lo No Limit", "NLO8", "NLO Hi/Lo":
		return eval.OmahaHiLo, NoLimit, true
	case "Omaha Hi/Lo Limit", "Omaha Hi-Lo Limit", "FLO8", "Limit Omaha Hi/Lo", "Limit Omaha Hi-Lo":
		return eval.OmahaHiLo, FixedLimit, true
	}
	return 0, "", false
}

// ggGameNames are the game names a header may end its description with,
// longest first where one ends another.
var ggGameNames = []string{
	"Omaha Hi/Lo Pot Limit", "Omaha Hi-Lo Pot Limit", "Pot Limit Omaha Hi/Lo", "Pot Limit Omaha Hi-Lo",
	"Omaha Hi/Lo No Limit", "Omaha Hi-Lo No Limit", "Omaha Hi/Lo Limit", "Omaha Hi-Lo Limit",
	"Limit Omaha Hi/Lo", "Limit Omaha Hi-Lo", "Omaha Fixed Limit",
	"Omaha Pot Limit", "Omaha No Limit", "Omaha Limit", "Pot Limit Omaha", "No Limit Omaha", "Limit Omaha",
	"PLO Hi/Lo", "PLO Hi-Lo", "NLO Hi/Lo", "PLO8", "PLO-8", "NLO8", "FLO8", "PLO", "NLO", "FLO",
}

// header reads "Poker Hand #ID: [Tournament #N, name ]game (stakes) - date"
// (tournaments: "... game - LevelN (sb/bb[/ante]) - date").
func (p *ggParser) header(l siteLine) (string, error) {
	b := &p.b
	s := l.S[len("Poker Hand #"):]
	c := strings.IndexByte(s, ':')
	id := s[:c]
	for i := 0; i < len(id); i++ {
		x := id[i]
		if !(x >= '0' && x <= '9' || x >= 'A' && x <= 'Z' || x >= 'a' && x <= 'z') {
			return "", siteErr(l.N, "bad hand number %s in the header", siteQuote(id))
		}
	}
	b.h.SiteHandID = id
	rest := strings.TrimSpace(s[c+1:])
	k := strings.LastIndex(rest, " - ")
	if k < 0 {
		return "", siteErr(l.N, "header has no date: %s", siteQuote(l.S))
	}
	desc, date := rest[:k], rest[k+3:]
	var stakes string
	if strings.HasPrefix(desc, "Tournament #") {
		b.h.Tournament = true
		b.scale = 1
		// "Tournament #5948181, name game - Level4 (90/180)"
		lv := strings.LastIndex(desc, " - Level")
		if lv < 0 {
			return "", siteErr(l.N, "tournament header has no level: %s", siteQuote(l.S))
		}
		level := desc[lv+3:]
		desc = desc[:lv]
		a, e := strings.IndexByte(level, '('), strings.LastIndexByte(level, ')')
		if a < 0 || e < a {
			return "", siteErr(l.N, "tournament header has no blinds: %s", siteQuote(l.S))
		}
		stakes = level[a+1 : e]
	} else {
		if !strings.HasSuffix(desc, ")") {
			return "", siteErr(l.N, "header has no stakes: %s", siteQuote(l.S))
		}
		a := strings.LastIndex(desc, " (")
		if a < 0 {
			return "", siteErr(l.N, "header has no stakes: %s", siteQuote(l.S))
		}
		stakes = desc[a+2 : len(desc)-1]
		desc = desc[:a]
	}
	name := ""
	for _, g := range ggGameNames {
		if strings.HasSuffix(desc, g) && (len(desc) == len(g) || desc[len(desc)-len(g)-1] == ' ') {
			name = g
			break
		}
	}
	if name == "" {
		game := desc
		if b.h.Tournament {
			if _, after, ok := strings.Cut(desc, ", "); ok {
				game = after
			}
		}
		if strings.TrimSpace(game) == "" {
			return "", siteErr(l.N, "header names no game: %s", siteQuote(l.S))
		}
		return "game " + clipped(game) + " is not Omaha", nil
	}
	g, st, _ := ggGame(name)
	b.h.Table.Game, b.h.Table.Structure = g, st
	if err := p.stakes(l, stakes); err != nil {
		return "", err
	}
	t, err := time.Parse("2006/01/02 15:04:05", strings.TrimSpace(date))
	if err != nil {
		return "", siteErr(l.N, "bad date and time %s in the header", siteQuote(date))
	}
	b.h.Time = t.Format("2006-01-02T15:04:05") + psEasternOffset(t)
	return "", nil
}

// stakes reads "$0.5/$1" (cash) or "90/180" / "90/180/30" (tournament).
func (p *ggParser) stakes(l siteLine, s string) error {
	b := &p.b
	t := &b.h.Table
	parts := strings.Split(s, "/")
	if len(parts) < 2 || len(parts) > 3 {
		return siteErr(l.N, "bad stakes %s in the header", siteQuote(s))
	}
	var v [2]int64
	for i := range v {
		x, sym, ok := parseSiteAmount(parts[i], b.scale)
		if !ok || x <= 0 || x > MaxChips {
			return siteErr(l.N, "bad stakes %s in the header", siteQuote(s))
		}
		if b.h.Tournament && sym != "" {
			return siteErr(l.N, "tournament stakes %s carry a currency", siteQuote(s))
		}
		if i == 0 {
			p.sym = sym
		} else if sym != p.sym {
			return siteErr(l.N, "stakes %s mix currencies", siteQuote(s))
		}
		v[i] = x
	}
	if v[0] > v[1] {
		return siteErr(l.N, "stakes %s in the header: the first is larger than the second", siteQuote(s))
	}
	if b.h.Tournament {
		t.ChipUnit = "1"
	} else {
		t.ChipUnit = "0.01"
		t.Currency = siteCurrencyCode(p.sym)
	}
	if t.Structure == FixedLimit {
		t.SmallBet, t.BigBet = v[0], v[1]
		t.MinBet = 0
	} else {
		t.MinBet = v[1]
	}
	return nil
}

// amount reads an amount of the hand: in a cash game with a currency
// symbol every amount carries it; in a tournament none does.
func (p *ggParser) amount(l siteLine, s string) (int64, error) {
	v, sym, ok := parseSiteAmount(s, p.b.scale)
	if !ok || sym != p.sym || v > MaxChips {
		return 0, siteErr(l.N, "bad amount %s in %s", siteQuote(s), siteQuote(l.S))
	}
	return v, nil
}

// table reads "Table 'name' 6-max Seat #1 is the button".
func (p *ggParser) table(l siteLine) error {
	b := &p.b
	s := l.S
	if !strings.HasPrefix(s, "Table '") {
		return siteErr(l.N, "want the table line (\"Table '...' ... Seat #N is the button\"), got %s", siteQuote(s))
	}
	k := strings.LastIndex(s, " Seat #")
	if k < 0 || !strings.HasSuffix(s, " is the button") {
		return siteErr(l.N, "table line names no button seat: %s", siteQuote(s))
	}
	btn, err := strconv.Atoi(s[k+len(" Seat #") : len(s)-len(" is the button")])
	if err != nil || btn < 1 || btn > 10 {
		return siteErr(l.N, "bad button seat in %s", siteQuote(s))
	}
	b.button = btn
	mid := s[len("Table '"):k]
	q := strings.LastIndexByte(mid, '\'')
	if q < 0 {
		return siteErr(l.N, "unclosed table name in %s", siteQuote(s))
	}
	b.h.TableName = mid[:q]
	for _, f := range strings.Fields(mid[q+1:]) {
		if m, ok := strings.CutSuffix(f, "-max"); ok {
			if v, err := strconv.Atoi(m); err == nil && v >= 2 && v <= 10 {
				b.h.Table.MaxSeats = v
			}
		}
	}
	if m := b.h.Table.MaxSeats; m > 0 && btn > m {
		return siteErr(l.N, "button seat %d on a %d-max table: %s", btn, m, siteQuote(s))
	}
	return nil
}

// seat reads "Seat 3: name ($1.75 in chips)", optionally followed by "is
// sitting out".
func (p *ggParser) seat(l siteLine) error {
	s := l.S
	c := strings.Index(s, ": ")
	if c < 0 {
		return siteErr(l.N, "bad seat line %s", siteQuote(s))
	}
	num, err := strconv.Atoi(s[len("Seat "):c])
	if err != nil {
		return siteErr(l.N, "bad seat number in %s", siteQuote(s))
	}
	rest := s[c+2:]
	k := strings.LastIndex(rest, " in chips)")
	if k < 0 {
		return siteErr(l.N, "seat line has no stack (\"(... in chips)\"): %s", siteQuote(s))
	}
	o := strings.LastIndex(rest[:k], " (")
	if o <= 0 {
		return siteErr(l.N, "seat line has no player name: %s", siteQuote(s))
	}
	stack, err := p.amount(l, rest[o+2:k])
	if err != nil {
		return err
	}
	return p.b.addSeat(l, num, rest[:o], stack, strings.Contains(rest[k:], "sitting out"))
}

// line reads one line after the seat list.
func (p *ggParser) line(l siteLine) error {
	b := &p.b
	s := l.S
	if strings.HasPrefix(s, "*** ") {
		return p.marker(l)
	}
	if b.street == siteSummary {
		return p.summary(l)
	}
	if who := b.player(s, ": "); who >= 0 {
		return p.action(l, who, s[len(b.seats[who].name)+2:])
	}
	switch {
	case strings.HasPrefix(s, "Dealt to "):
		return p.dealt(l)
	case strings.HasPrefix(s, "Uncalled bet ("):
		rest := s[len("Uncalled bet ("):]
		k := strings.Index(rest, ") returned to ")
		if k < 0 {
			return siteErr(l.N, "bad uncalled-bet line %s", siteQuote(s))
		}
		x, err := p.amount(l, rest[:k])
		if err != nil {
			return err
		}
		i := b.named(rest[k+len(") returned to "):])
		if i < 0 {
			return siteErr(l.N, "uncalled bet returned to a player not seated: %s", siteQuote(s))
		}
		b.uncalled(i, x)
		return nil
	case strings.HasPrefix(s, "Cash Drop to Pot : total "):
		x, err := p.amount(l, s[len("Cash Drop to Pot : total "):])
		if err != nil {
			return err
		}
		if len(b.actions) > 0 {
			// Hand.AddedToPot is money in the pot before the first action:
			// added later, it would change the pot limit of earlier bets.
			return siteErr(l.N, "%s after the betting began: Scoop holds money a site adds before the first action only", siteQuote(s))
		}
		p.cashDrop += x
		return nil
	case strings.Contains(s, " collected ") && strings.Contains(s, " from "):
		return p.collected(l)
	case strings.HasSuffix(s, " will be allowed to play after the button"), strings.HasSuffix(s, " has timed out"),
		strings.HasSuffix(s, " is disconnected"), strings.HasSuffix(s, " is connected"), strings.Contains(s, " said, \""):
		return nil
	}
	return siteErr(l.N, "unrecognised line %s", siteQuote(s))
}

// dealt reads "Dealt to name" (a player dealt in, cards unseen) and
// "Dealt to name [As Kd 3c 2h]".
func (p *ggParser) dealt(l siteLine) error {
	b := &p.b
	if b.street != sitePreflop {
		return siteErr(l.N, "hole cards dealt out of place: %s", siteQuote(l.S))
	}
	rest := l.S[len("Dealt to "):]
	if i := b.named(rest); i >= 0 {
		b.seats[i].used = true
		return nil
	}
	i := b.player(rest, " [")
	if i < 0 {
		return siteErr(l.N, "cards dealt to a player not seated: %s", siteQuote(l.S))
	}
	c, unknown, _, ok, err := siteCardsIn(rest[len(b.seats[i].name):])
	switch {
	case err != nil:
		return siteErr(l.N, "bad card in %s: %v", siteQuote(l.S), err)
	case !ok:
		return siteErr(l.N, "bad hole cards in %s", siteQuote(l.S))
	}
	b.seats[i].used = true
	if unknown > 0 && len(c) == 0 {
		return nil
	}
	return b.setHole(l, i, c)
}

// collected reads "name collected $1.31 from pot" (or main pot, side
// pot, side pot-N).
func (p *ggParser) collected(l siteLine) error {
	b := &p.b
	s := l.S
	k := strings.LastIndex(s, " collected ")
	amt, from, ok := strings.Cut(s[k+len(" collected "):], " from ")
	if !ok || !(from == "pot" || from == "main pot" || from == "side pot" || strings.HasPrefix(from, "side pot-") || strings.HasPrefix(from, "side pot ")) {
		return siteErr(l.N, "unrecognised line %s", siteQuote(s))
	}
	i := b.named(s[:k])
	if i < 0 {
		return siteErr(l.N, "pot collected by %s, who is not seated", siteQuote(s[:k]))
	}
	if b.street < sitePreflop {
		return siteErr(l.N, "pot collected before the deal: %s", siteQuote(s))
	}
	x, err := p.amount(l, amt)
	if err != nil {
		return err
	}
	b.collect(i, x)
	return nil
}

// marker reads a "*** ... ***" line.
func (p *ggParser) marker(l siteLine) error {
	b := &p.b
	s := l.S
	switch {
	case s == "*** HOLE CARDS ***":
		return b.startHole(l)
	case s == "*** SHOWDOWN ***" || s == "*** SHOW DOWN ***":
		return b.startShowdown(l, 0)
	case s == "*** SUMMARY ***":
		if b.street < sitePreflop {
			return siteErr(l.N, "*** SUMMARY *** before the deal")
		}
		b.street = siteSummary
		return nil
	}
	for k, ord := range [...]string{"", "FIRST ", "SECOND ", "THIRD "} {
		rest, ok := strings.CutPrefix(s, "*** "+ord)
		if !ok {
			continue
		}
		if k > 0 && (rest == "SHOWDOWN ***" || rest == "SHOW DOWN ***") {
			return b.startShowdown(l, k)
		}
		to := 0
		switch {
		case strings.HasPrefix(rest, "FLOP *** "):
			to, rest = siteFlop, rest[len("FLOP *** "):]
		case strings.HasPrefix(rest, "TURN *** "):
			to, rest = siteTurn, rest[len("TURN *** "):]
		case strings.HasPrefix(rest, "RIVER *** "):
			to, rest = siteRiver, rest[len("RIVER *** "):]
		default:
			continue
		}
		c, err := p.streetCards(l, k, to, rest)
		if err != nil {
			return err
		}
		if k == 0 {
			return b.deal(l, to, c)
		}
		return b.dealRun(l, k, to, c)
	}
	return siteErr(l.N, "unexpected street marker %s in an Omaha hand", siteQuote(s))
}

// streetCards reads a street's cards "[a b c]" (the flop) or "[board so
// far] [new]", checking the board so far against run's (k: 0 for a hand
// run once).
func (p *ggParser) streetCards(l siteLine, k, to int, s string) (cards.List, error) {
	b := &p.b
	a := strings.LastIndexByte(s, '[')
	if a < 0 || !strings.HasSuffix(s, "]") {
		return nil, siteErr(l.N, "bad board cards in %s", siteQuote(l.S))
	}
	if old := strings.TrimSpace(s[:a]); old != "" {
		prev, unknown, err := parseSiteCards(old)
		if err != nil || unknown > 0 || !strings.HasPrefix(old, "[") || !strings.HasSuffix(old, "]") {
			return nil, siteErr(l.N, "bad board cards in %s", siteQuote(l.S))
		}
		var so cards.List
		if k == 0 || k > len(b.runs) {
			so = b.board
		} else {
			so = b.runs[k-1]
		}
		if prev.String() != so.String() {
			return nil, siteErr(l.N, "board %s differs from the board dealt so far %s", prev, so)
		}
	} else if to != siteFlop {
		return nil, siteErr(l.N, "want the board so far and the new card in %s", siteQuote(l.S))
	}
	c, unknown, err := parseSiteCards(s[a:])
	if err != nil || unknown > 0 {
		return nil, siteErr(l.N, "bad board cards in %s", siteQuote(l.S))
	}
	return c, nil
}

// action reads a listed player's line.
func (p *ggParser) action(l siteLine, who int, v string) error {
	b := &p.b
	v, allIn := strings.CutSuffix(v, " and is all-in")
	verb, arg, _ := strings.Cut(v, " ")
	var err error
	switch verb {
	case "posts":
		err = p.post(l, who, arg)
	case "folds":
		err = b.fold(l, who)
		if err == nil && strings.HasPrefix(arg, "[") {
			if c, unknown, e := parseSiteCards(arg); e == nil && unknown == 0 && len(c) == 4 {
				err = b.setHole(l, who, c)
			}
		}
	case "checks":
		if arg != "" {
			return siteErr(l.N, "unrecognised action %s", siteQuote(l.S))
		}
		err = b.check(l, who)
	case "calls":
		var x int64
		if x, err = p.amount(l, arg); err == nil {
			err = b.call(l, who, x)
		}
	case "bets":
		var x int64
		if x, err = p.amount(l, arg); err == nil {
			err = b.betTo(l, who, x)
		}
	case "raises":
		by, to, ok := strings.Cut(arg, " to ")
		if !ok {
			return siteErr(l.N, "bad raise in %s", siteQuote(l.S))
		}
		x, e1 := p.amount(l, by)
		y, e2 := p.amount(l, to)
		if e1 != nil || e2 != nil || x <= 0 || y < x {
			return siteErr(l.N, "bad raise in %s", siteQuote(l.S))
		}
		if y-x != b.curBet {
			return siteErr(l.N, "%s raises by %d to %d, but the current bet is %d, not %d (chip units): %s", b.seats[who].name, x, y, b.curBet, y-x, siteQuote(l.S))
		}
		err = b.betTo(l, who, y)
	case "shows":
		c, unknown, _, ok, e := siteCardsIn(arg)
		if e != nil || !ok {
			return siteErr(l.N, "bad shown cards in %s", siteQuote(l.S))
		}
		if unknown > 0 {
			c = c[:0]
		}
		return b.show(l, who, c)
	case "mucks":
		b.muck(l, who)
		return nil
	case "doesn't":
		if v == "doesn't show hand" {
			return nil
		}
		return siteErr(l.N, "unrecognised action %s", siteQuote(l.S))
	default:
		return p.notAction(l, who, v)
	}
	if err != nil {
		return err
	}
	if allIn {
		if verb == "folds" || verb == "checks" {
			return siteErr(l.N, "unrecognised action %s", siteQuote(l.S))
		}
		return b.checkAllIn(l, who)
	}
	return nil
}

// notAction reads a player's line that is not an action: insurance and
// cash-out lines (money outside the pots), table traffic.
func (p *ggParser) notAction(l siteLine, who int, v string) error {
	b := &p.b
	paren := func() (int64, error) {
		a, e := strings.LastIndexByte(v, '('), strings.LastIndexByte(v, ')')
		if a < 0 || e < a {
			return 0, siteErr(l.N, "no amount in %s", siteQuote(l.S))
		}
		return p.amount(l, v[a+1:e])
	}
	switch {
	case strings.HasPrefix(v, "get an all-in insurance ("), v == "Chooses to EV Cashout", strings.HasPrefix(v, "Chooses to "):
		return nil // announced; the money moves on later lines
	case strings.HasPrefix(v, "pay premium of all-in insurance ("), strings.HasPrefix(v, "Pays Cashout Risk ("):
		x, err := paren()
		if err != nil {
			return err
		}
		b.seats[who].outside -= x
		b.seats[who].used = true
		b.outside = true
		return nil
	case strings.HasPrefix(v, "Receives Cashout ("), strings.Contains(v, "insurance") && (strings.HasPrefix(v, "receive") || strings.HasPrefix(v, "get paid") || strings.HasPrefix(v, "win")):
		x, err := paren()
		if err != nil {
			return err
		}
		b.seats[who].outside += x
		b.seats[who].used = true
		b.outside = true
		return nil
	case v == "sits out", v == "is sitting out", v == "sitting out", v == "is back", v == "is connected", v == "is disconnected", v == "has timed out":
		return nil
	case strings.Contains(v, "insurance") || strings.Contains(v, "Cashout"):
		return siteErr(l.N, "unrecognised insurance or cash-out line %s", siteQuote(l.S))
	}
	return siteErr(l.N, "unrecognised action %s", siteQuote(l.S))
}

// post reads the rest of "name: posts ...".
func (p *ggParser) post(l siteLine, who int, arg string) error {
	b := &p.b
	kinds := [...]struct {
		prefix string
		kind   PostKind
	}{
		{"small & big blinds ", ""},
		{"small blind ", PostSmallBlind},
		{"big blind ", PostBigBlind},
		{"the ante ", PostAnte},
		{"ante ", PostAnte},
		{"straddle ", PostStraddle},
		{"missed blind ", PostDead},
		{"dead ", PostDead},
	}
	for _, k := range kinds {
		amt, ok := strings.CutPrefix(arg, k.prefix)
		if !ok {
			continue
		}
		x, err := p.amount(l, amt)
		if err != nil {
			return err
		}
		if k.kind != "" {
			return b.post(l, who, k.kind, x)
		}
		bb := b.bigBlind(b.h.Table.MinBet)
		if b.h.Table.Structure == FixedLimit {
			bb = b.bigBlind(b.h.Table.SmallBet)
		}
		if bb <= 0 || bb >= x {
			return siteErr(l.N, "cannot split %s into a dead small blind and a big blind", siteQuote(l.S))
		}
		if err := b.post(l, who, PostDead, x-bb); err != nil {
			return err
		}
		return b.post(l, who, PostBigBlind, bb)
	}
	return siteErr(l.N, "unrecognised post %s", siteQuote(l.S))
}

// summary reads a summary line: the total pot and fees, the boards and
// runs; seat lines restate the play and give shown cards.
func (p *ggParser) summary(l siteLine) error {
	b := &p.b
	s := l.S
	switch {
	case strings.HasPrefix(s, "Total pot "):
		return p.totalPot(l)
	case strings.HasPrefix(s, "Hand was run "):
		switch s {
		case "Hand was run twice":
			p.runsSaid = 2
		case "Hand was run three times":
			p.runsSaid = 3
		default:
			return siteErr(l.N, "unrecognised line %s", siteQuote(s))
		}
		return nil
	case strings.HasPrefix(s, "Board ["):
		c, _, err := parseSiteCards(s[len("Board "):])
		if err != nil || p.boardSaid || len(b.runs) > 0 || c.String() != b.board.String() {
			return siteErr(l.N, "%s differs from the board dealt %s", siteQuote(s), b.board)
		}
		p.boardSaid = true
		return nil
	case strings.HasPrefix(s, "FIRST Board ["), strings.HasPrefix(s, "SECOND Board ["), strings.HasPrefix(s, "THIRD Board ["):
		ord, rest, _ := strings.Cut(s, " Board ")
		k := map[string]int{"FIRST": 0, "SECOND": 1, "THIRD": 2}[ord]
		c, _, err := parseSiteCards(rest)
		if err != nil || k >= len(b.runs) {
			return siteErr(l.N, "%s names a run the hand does not have", siteQuote(s))
		}
		// GGPoker writes the first run's whole board, and the later runs'
		// own cards only.
		run := b.runs[k]
		if k > 0 {
			run = run[len(b.board):]
		}
		if c.String() != run.String() {
			return siteErr(l.N, "%s differs from run %d's board %s", siteQuote(s), k+1, run)
		}
		return nil
	case strings.HasPrefix(s, "Seat "):
		c := strings.Index(s, ": ")
		if c < 0 {
			return nil
		}
		num, err := strconv.Atoi(s[len("Seat "):c])
		if err != nil {
			return nil
		}
		i := b.seatOf(num)
		k := strings.Index(s, " showed [")
		if k < 0 {
			k = strings.Index(s, " mucked [")
		}
		if k < 0 {
			return nil
		}
		if i < 0 {
			return siteErr(l.N, "summary names seat %d, which is empty", num)
		}
		cs, unknown, _, ok, err := siteCardsIn(s[k:])
		if err != nil || !ok {
			return siteErr(l.N, "bad cards in %s", siteQuote(s))
		}
		if unknown == 0 && len(cs) == 4 {
			return b.setHole(l, i, cs)
		}
	}
	return nil
}

// totalPot reads "Total pot $2.81 | Rake $0.06 | Jackpot $0.02 | Bingo $0"
// (any number of fees after the total; each is taken from the pot).
func (p *ggParser) totalPot(l siteLine) error {
	b := &p.b
	parts := strings.Split(l.S, " | ")
	total, err := p.amount(l, strings.TrimPrefix(parts[0], "Total pot "))
	if err != nil {
		return err
	}
	b.total, b.hasTotal = total, true
	for _, part := range parts[1:] {
		k := strings.LastIndexByte(part, ' ')
		if k < 0 {
			return siteErr(l.N, "bad total pot line %s", siteQuote(l.S))
		}
		x, err := p.amount(l, part[k+1:])
		if err != nil {
			return err
		}
		b.rake += x
	}
	if b.rake > b.total {
		return siteErr(l.N, "fees larger than the pot in %s", siteQuote(l.S))
	}
	return nil
}
