package handhistory

import (
	"strconv"
	"strings"
	"time"

	"github.com/scoophq/scoop/internal/eval"
)

// Winamax text hand histories.
//
// A file holds hands each starting with a header line "Winamax Poker -
// CashGame - HandId: #6417287-1303-1406683540 - Omaha pot limit (1€/2€) -
// 2014/07/30 01:25:40 UTC" (tournaments: "Winamax Poker - Tournament
// "name" buyIn: ... level: N - HandId: #... - Omaha pot limit
// (ante/sb/bb or sb/bb) - ..."), then "Table: 'name' 5-max (real money)
// Seat #1 is the button", the seats "Seat 1: name (407.25€)", and the
// sections "*** ANTE/BLINDS ***", "*** PRE-FLOP ***", "*** FLOP *** [..]",
// "*** TURN *** [..][.]", "*** RIVER *** [..][.]", "*** SHOW DOWN ***",
// "*** SUMMARY ***". The reader maps each Omaha hand onto the Hand model:
//
//   - Site "winamax", Format "winamax", SiteHandID the HandId without its
//     '#' ("6417287-1303-1406683540"), Time from the header (UTC),
//     TableName, MaxSeats from "N-max".
//   - Games: "Omaha pot limit" (Omaha high), "Omaha8 pot limit" (Hi/Lo),
//     and their "no limit" and "limit" forms; other games (Hold'em,
//     5-card Omaha "Omaha5"...) are Skipped with the game's name.
//   - Money: Winamax writes the currency after the number ("407.25€",
//     "0.05€"); real-money and play-money cash games are read in
//     hundredths (ChipUnit "0.01"; Currency "EUR" for euros, "" for play
//     money), tournaments in chips ("1500").
//   - Players: names are written without a colon ("Incognito 1 calls
//     2€"): a line is the longest seated name followed by a space. The
//     players are the seats that post, act, show or collect, in seat
//     order (a seat with no chips, "(0€)", is not dealt in).
//   - Posts: "posts small blind" -> small-blind; "posts big blind" ->
//     big-blind; "posts ante" -> ante; a blind posted by a seat that has
//     already posted live is dead money; "posts small blind X out of
//     position" -> dead X when X is under the big blind, a dead part and a
//     live big blind when it is over (the small and big blinds posted at
//     once), a big blind when equal; "posts big blind 0€ out of
//     position" says nothing; "raises X to Y" among the blinds (a player
//     posting more than the big blind) -> a live big blind and the rest
//     dead; "name deny BB 0€" says nothing.
//   - Actions: folds, checks, calls X (the chips put in), bets X (to X),
//     raises X to Y (to Y; Y-X must be the current bet), "and is all-in"
//     checked against the recorded amounts; "shows [..]" (once per half in
//     Hi/Lo) -> one show at the showdown.
//   - Outcome: Winamax prints no uncalled-bet line: an uncalled bet stays
//     in its pot and in the winner's "collected" line, so Returned is zero
//     for every player and the replay compares collected plus returned.
//     Collected sums the "collected X from pot|main pot|side pot N"
//     lines ("(HI)"/"(LO)" halves included); the summary's "Total pot X |
//     Rake Y" (or "| No rake") gives the pot AFTER rake: TotalPot is X+Y,
//     Rake Y; Pots are the main and side pots' collected amounts when the
//     record names them (less a last "side pot" that is an uncalled bet,
//     which Winamax names a pot: the model returns it, and TotalPot is
//     then without it), else [X].
//
// The record is checked against itself: "raises X to Y" against the
// current bet, "is all-in" against the stack, the streets' boards against
// the cards dealt, the summary's "Board: [..]", seats within "N-max", a
// hand must reach its summary and total pot. A hand that cannot be read
// is an Entry with a *fault.Error of kind Invalid (Impossible for a card
// seen twice) naming the line; the other hands of the file are still
// read. Every bound of limits.go applies (MaxLineBytes, MaxActions as
// Impossible, MaxText via Validate). Safe for concurrent use.
func readWinamax(data []byte) ([]Entry, error) {
	var p wmParser
	return readSiteHands(data, "Winamax", "Winamax Poker - ", wmIsHeader, p.parse)
}

// wmIsHeader reports whether l starts a Winamax hand.
func wmIsHeader(l string) bool {
	return strings.HasPrefix(l, "Winamax Poker - ") && strings.Contains(l, "HandId: #")
}

type wmParser struct {
	b         siteHand
	bb        int64 // the stakes' big blind (fixed-limit: the small bet)
	sym       string
	boardSaid bool
	potNames  []string // the pots named by collected lines, in order
	potAmts   []int64
}

func (p *wmParser) parse(lines []siteLine) (*Hand, string, error) {
	b := &p.b
	b.reset("winamax", FormatWinamax, 100)
	p.bb, p.sym, p.boardSaid = 0, "", false
	p.potNames, p.potAmts = p.potNames[:0], p.potAmts[:0]
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
	if len(p.potNames) > 1 || len(p.potNames) == 1 && p.potNames[0] != "pot" {
		// Main pot first, then the side pots in order.
		b.pots = b.pots[:0]
		for _, want := range []string{"main pot", "side pot 1", "side pot 2", "side pot 3", "side pot 4", "side pot 5", "side pot 6", "side pot 7", "side pot 8", "side pot 9"} {
			for k, n := range p.potNames {
				if n == want {
					b.pots = append(b.pots, p.potAmts[k])
				}
			}
		}
		if len(b.pots) != len(p.potNames) {
			b.pots = b.pots[:0]
		}
		p.dropUncalledPot()
	}
	t := &b.h.Table
	if t.Structure == FixedLimit {
		t.MaxBets = 4
	} else {
		t.MinBet = b.bigBlind(t.MinBet)
	}
	if err := b.assemble(head.N); err != nil {
		return b.h, "", err
	}
	return b.h, "", nil
}

// dropUncalledPot removes from the pots a last side pot that is an
// uncalled bet: Winamax names the excess of the largest bet over the
// second largest a side pot of its own, collected by the bettor alone
// and never raked; the model's pots do not hold it (it is returned).
func (p *wmParser) dropUncalledPot() {
	b := &p.b
	if len(b.pots) < 2 {
		return
	}
	big, second := -1, int64(0)
	for i := range b.seats {
		if big < 0 || b.seats[i].in > b.seats[big].in {
			if big >= 0 {
				second = max(second, b.seats[big].in)
			}
			big = i
		} else {
			second = max(second, b.seats[i].in)
		}
	}
	excess := b.seats[big].in - second
	last := len(b.pots) - 1
	if excess > 0 && b.pots[last] == excess && b.seats[big].collected >= excess {
		b.pots = b.pots[:last]
		b.total -= excess
	}
}

// wmGame maps a Winamax game ("Omaha pot limit", "Omaha8 no limit")
// onto a game and structure.
func wmGame(s string) (eval.Game, Structure, bool) {
	name, limit, ok := strings.Cut(s, " ")
	if !ok {
		return 0, "", false
	}
	var g eval.Game
	switch name {
	case "Omaha":
		g = eval.OmahaHi
	case "Omaha8", "Omaha-8", "OmahaHL", "Omaha Hi/Lo":
		g = eval.OmahaHiLo
	default:
		return 0, "", false
	}
	switch limit {
	case "pot limit":
		return g, PotLimit, true
	case "no limit":
		return g, NoLimit, true
	case "limit", "fixed limit":
		return g, FixedLimit, true
	}
	return 0, "", false
}

// header reads the header line.
func (p *wmParser) header(l siteLine) (string, error) {
	b := &p.b
	s := l.S
	k := strings.Index(s, "HandId: #")
	rest := s[k+len("HandId: #"):]
	id, rest, ok := strings.Cut(rest, " - ")
	if !ok || id == "" {
		return "", siteErr(l.N, "bad hand id in the header: %s", siteQuote(s))
	}
	for i := 0; i < len(id); i++ {
		if c := id[i]; !(c >= '0' && c <= '9' || c == '-') {
			return "", siteErr(l.N, "bad hand id %s in the header", siteQuote(id))
		}
	}
	b.h.SiteHandID = id
	kind := s[len("Winamax Poker - "):k]
	b.h.Tournament = !strings.HasPrefix(kind, "CashGame")
	// rest: "Omaha pot limit (1€/2€) - 2014/07/30 01:25:40 UTC"
	d := strings.LastIndex(rest, " - ")
	if d < 0 {
		return "", siteErr(l.N, "header has no date: %s", siteQuote(s))
	}
	desc, date := rest[:d], rest[d+3:]
	a := strings.LastIndex(desc, " (")
	if a < 0 || !strings.HasSuffix(desc, ")") {
		return "", siteErr(l.N, "header has no stakes: %s", siteQuote(s))
	}
	game, stakes := desc[:a], desc[a+2:len(desc)-1]
	g, st, ok := wmGame(game)
	if !ok {
		if strings.TrimSpace(game) == "" {
			return "", siteErr(l.N, "header names no game: %s", siteQuote(s))
		}
		return "game " + clipped(game) + " is not Omaha", nil
	}
	b.h.Table.Game, b.h.Table.Structure = g, st
	if b.h.Tournament {
		b.scale = 1
	}
	if err := p.stakes(l, stakes); err != nil {
		return "", err
	}
	date = strings.TrimSpace(date)
	tz, ok := strings.CutSuffix(date, " UTC")
	t, err := time.Parse("2006/01/02 15:04:05", tz)
	if !ok || err != nil {
		return "", siteErr(l.N, "bad date and time %s in the header", siteQuote(date))
	}
	b.h.Time = t.Format("2006-01-02T15:04:05") + "Z"
	return "", nil
}

// stakes reads "1€/2€", "0.05/0.10", "30/60" or, in tournaments,
// "5/20/40" (ante, small blind, big blind).
func (p *wmParser) stakes(l siteLine, s string) error {
	b := &p.b
	t := &b.h.Table
	parts := strings.Split(s, "/")
	if len(parts) == 3 {
		parts = parts[1:]
	}
	if len(parts) != 2 {
		return siteErr(l.N, "bad stakes %s in the header", siteQuote(s))
	}
	var v [2]int64
	for i := range v {
		x, sym, ok := parseSiteAmount(parts[i], b.scale)
		if !ok || x <= 0 || x > MaxChips || i == 1 && sym != p.sym {
			return siteErr(l.N, "bad stakes %s in the header", siteQuote(s))
		}
		p.sym = sym
		v[i] = x
	}
	if v[0] > v[1] {
		return siteErr(l.N, "stakes %s in the header: the first is larger than the second", siteQuote(s))
	}
	t.ChipUnit = "0.01"
	if b.scale == 1 {
		t.ChipUnit = "1"
	}
	if !b.h.Tournament {
		t.Currency = siteCurrencyCode(p.sym)
	}
	if t.Structure == FixedLimit {
		t.SmallBet, t.BigBet = v[0], v[1]
		p.bb = v[0]
	} else {
		t.MinBet = v[1]
		p.bb = v[1]
	}
	return nil
}

// amount reads an amount of the hand: in a game whose stakes carry a
// currency every amount carries it, else none does.
func (p *wmParser) amount(l siteLine, s string) (int64, error) {
	v, sym, ok := parseSiteAmount(s, p.b.scale)
	if !ok || sym != p.sym || v > MaxChips {
		return 0, siteErr(l.N, "bad amount %s in %s", siteQuote(s), siteQuote(l.S))
	}
	return v, nil
}

// table reads "Table: 'name' 5-max (real money) Seat #1 is the button".
func (p *wmParser) table(l siteLine) error {
	b := &p.b
	s := l.S
	if !strings.HasPrefix(s, "Table: '") {
		return siteErr(l.N, "want the table line (\"Table: '...' ... Seat #N is the button\"), got %s", siteQuote(s))
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
	mid := s[len("Table: '"):k]
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

// seat reads "Seat 1: name (407.25€)" (tournaments: "(1500, 10€ bounty)").
func (p *wmParser) seat(l siteLine) error {
	s := l.S
	c := strings.Index(s, ": ")
	if c < 0 || !strings.HasSuffix(s, ")") {
		return siteErr(l.N, "bad seat line %s", siteQuote(s))
	}
	num, err := strconv.Atoi(s[len("Seat "):c])
	if err != nil {
		return siteErr(l.N, "bad seat number in %s", siteQuote(s))
	}
	rest := s[c+2:]
	o := strings.LastIndex(rest, " (")
	if o <= 0 {
		return siteErr(l.N, "seat line has no player name or stack: %s", siteQuote(s))
	}
	amt, _, _ := strings.Cut(rest[o+2:len(rest)-1], ", ")
	stack, err := p.amount(l, amt)
	if err != nil {
		return err
	}
	return p.b.addSeat(l, num, rest[:o], stack, false)
}

// line reads one line after the seat list.
func (p *wmParser) line(l siteLine) error {
	b := &p.b
	s := l.S
	if strings.HasPrefix(s, "*** ") {
		return p.marker(l)
	}
	if b.street == siteSummary {
		return p.summary(l)
	}
	if strings.HasPrefix(s, "Dealt to ") {
		rest := s[len("Dealt to "):]
		i := b.player(rest, " [")
		if i < 0 {
			return siteErr(l.N, "cards dealt to a player not seated: %s", siteQuote(s))
		}
		c, unknown, _, ok, err := siteCardsIn(rest[len(b.seats[i].name):])
		if err != nil || !ok {
			return siteErr(l.N, "bad hole cards in %s", siteQuote(s))
		}
		b.seats[i].used = true
		if unknown > 0 {
			return nil
		}
		return b.setHole(l, i, c)
	}
	if who := b.player(s, " "); who >= 0 {
		return p.action(l, who, s[len(b.seats[who].name)+1:])
	}
	if strings.Contains(s, " deny BB ") || strings.HasSuffix(s, " sits out") || strings.HasSuffix(s, " is sitting out") ||
		strings.HasSuffix(s, " leaves the table") || strings.Contains(s, " joins the table") {
		return nil
	}
	return siteErr(l.N, "unrecognised line %s", siteQuote(s))
}

// marker reads a "*** ... ***" line.
func (p *wmParser) marker(l siteLine) error {
	b := &p.b
	s := l.S
	switch {
	case s == "*** ANTE/BLINDS ***":
		if b.street != siteDeal {
			return siteErr(l.N, "%s out of place", siteQuote(s))
		}
		return nil
	case s == "*** PRE-FLOP ***":
		return b.startHole(l)
	case s == "*** SHOW DOWN ***":
		return b.startShowdown(l, 0)
	case s == "*** SUMMARY ***":
		if b.street < sitePreflop {
			return siteErr(l.N, "*** SUMMARY *** before the deal")
		}
		b.street = siteSummary
		return nil
	}
	to := 0
	var rest string
	switch {
	case strings.HasPrefix(s, "*** FLOP *** "):
		to, rest = siteFlop, s[len("*** FLOP *** "):]
	case strings.HasPrefix(s, "*** TURN *** "):
		to, rest = siteTurn, s[len("*** TURN *** "):]
	case strings.HasPrefix(s, "*** RIVER *** "):
		to, rest = siteRiver, s[len("*** RIVER *** "):]
	default:
		return siteErr(l.N, "unexpected street marker %s in an Omaha hand", siteQuote(s))
	}
	// "[4s 9c 2s]" on the flop, "[4s 9c 2s][Qs]" (or with a space) after.
	a := strings.LastIndexByte(rest, '[')
	if a < 0 || !strings.HasSuffix(rest, "]") {
		return siteErr(l.N, "bad board cards in %s", siteQuote(s))
	}
	if old := strings.TrimSpace(rest[:a]); old != "" {
		prev, unknown, err := parseSiteCards(old)
		if err != nil || unknown > 0 || !strings.HasPrefix(old, "[") || prev.String() != b.board.String() {
			return siteErr(l.N, "board %s differs from the board dealt so far %s", siteQuote(old), b.board)
		}
	} else if to != siteFlop {
		return siteErr(l.N, "want the board so far and the new card in %s", siteQuote(s))
	}
	c, unknown, err := parseSiteCards(rest[a:])
	if err != nil || unknown > 0 {
		return siteErr(l.N, "bad board cards in %s", siteQuote(s))
	}
	return b.deal(l, to, c)
}

// action reads a listed player's line (the name and a space removed).
func (p *wmParser) action(l siteLine, who int, v string) error {
	b := &p.b
	v, allIn := strings.CutSuffix(v, " and is all-in")
	verb, arg, _ := strings.Cut(v, " ")
	var err error
	switch verb {
	case "posts":
		err = p.post(l, who, arg)
	case "folds":
		err = b.fold(l, who)
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
		if b.street == siteDeal {
			// A raise among the blinds: the player posts Y, the big
			// blind live and the rest dead.
			err = p.postOver(l, who, y)
			break
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
	case "collected":
		return p.collected(l, who, arg)
	case "deny", "sits", "is", "leaves":
		return nil
	default:
		return siteErr(l.N, "unrecognised action %s", siteQuote(l.S))
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

// post reads the rest of "name posts ...".
func (p *wmParser) post(l siteLine, who int, arg string) error {
	b := &p.b
	arg, oop := strings.CutSuffix(arg, " out of position")
	var kind PostKind
	var amt string
	switch {
	case strings.HasPrefix(arg, "small blind "):
		kind, amt = PostSmallBlind, arg[len("small blind "):]
	case strings.HasPrefix(arg, "big blind "):
		kind, amt = PostBigBlind, arg[len("big blind "):]
	case strings.HasPrefix(arg, "ante "):
		kind, amt = PostAnte, arg[len("ante "):]
	case strings.HasPrefix(arg, "straddle "):
		kind, amt = PostStraddle, arg[len("straddle "):]
	default:
		return siteErr(l.N, "unrecognised post %s", siteQuote(l.S))
	}
	x, err := p.amount(l, amt)
	if err != nil {
		return err
	}
	switch {
	case x == 0 && oop:
		return nil // "posts big blind 0€ out of position": nothing posted
	case kind == PostAnte || kind == PostStraddle:
	case b.liveBlind(who) > 0:
		kind = PostDead // a second blind of the same seat
	case oop && kind == PostSmallBlind && x > p.bb:
		return p.postOver(l, who, x)
	case oop && kind == PostSmallBlind && x < p.bb:
		kind = PostDead
	case oop:
		kind = PostBigBlind
	}
	return b.post(l, who, kind, x)
}

// postOver records a post of x over the big blind: the big blind live, the
// rest dead; x at most the big blind is a big blind.
func (p *wmParser) postOver(l siteLine, who int, x int64) error {
	b := &p.b
	if x <= p.bb || p.bb <= 0 {
		return b.post(l, who, PostBigBlind, x)
	}
	if err := b.post(l, who, PostDead, x-p.bb); err != nil {
		return err
	}
	return b.post(l, who, PostBigBlind, p.bb)
}

// collected reads the rest of "name collected 16.35€ from pot" (main
// pot, side pot N; "(HI)"/"(LO)" after it in Hi/Lo).
func (p *wmParser) collected(l siteLine, who int, arg string) error {
	b := &p.b
	if b.street < sitePreflop {
		return siteErr(l.N, "pot collected before the deal: %s", siteQuote(l.S))
	}
	arg = strings.TrimSuffix(strings.TrimSuffix(arg, " (HI)"), " (LO)")
	amt, from, ok := strings.Cut(arg, " from ")
	if !ok || !(from == "pot" || from == "main pot" || strings.HasPrefix(from, "side pot")) {
		return siteErr(l.N, "unrecognised line %s", siteQuote(l.S))
	}
	x, err := p.amount(l, amt)
	if err != nil {
		return err
	}
	b.collect(who, x)
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

// summary reads a summary line: the total pot and rake, the board and the
// seats' shown cards.
func (p *wmParser) summary(l siteLine) error {
	b := &p.b
	s := l.S
	switch {
	case strings.HasPrefix(s, "Total pot "):
		total, fee, _ := strings.Cut(s[len("Total pot "):], " | ")
		x, err := p.amount(l, total)
		if err != nil {
			return err
		}
		var rake int64
		switch {
		case fee == "No rake":
		case strings.HasPrefix(fee, "Rake "):
			if rake, err = p.amount(l, fee[len("Rake "):]); err != nil {
				return err
			}
		default:
			return siteErr(l.N, "bad total pot line %s", siteQuote(s))
		}
		// Winamax's total pot is after rake.
		b.total, b.rake, b.hasTotal = x+rake, rake, true
		return nil
	case strings.HasPrefix(s, "Board: ["):
		c, _, err := parseSiteCards(s[len("Board: "):])
		if err != nil || p.boardSaid || c.String() != b.board.String() {
			return siteErr(l.N, "%s differs from the board dealt %s", siteQuote(s), b.board)
		}
		p.boardSaid = true
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
		k := strings.Index(s, " showed [")
		if k < 0 {
			return nil
		}
		i := b.seatOf(num)
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
