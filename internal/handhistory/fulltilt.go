package handhistory

import (
	"strconv"
	"strings"
	"time"

	"github.com/scoophq/scoop/internal/eval"
)

// Full Tilt Poker text hand histories.
//
// A file holds hands each starting with a header line "Full Tilt Poker
// Game #<id>: Table <name> (6 max, shallow) - $2/$4 - Pot Limit Omaha Hi
// - 18:33:09 CET - 2012/11/06 [12:33:09 ET - 2012/11/06]" (older:
// "FullTiltPoker Game #..."; the game may come before the stakes, "FL
// Omaha H/L - $0.50/$1"; a capped game names its cap before the game,
// "$400 Pot Limit Omaha Hi"). Then the seats "Seat 1: name ($120.15)"
// (", is sitting out" after it), the posts, "The button is in seat #3",
// "*** HOLE CARDS ***", the streets and "*** SUMMARY ***". The reader maps
// each Omaha hand onto the Hand model:
//
//   - Site "fulltilt", Format "fulltilt", SiteHandID the game number, Time
//     from the header's Eastern time ("[... ET ...]" when two are given),
//     TableName, MaxSeats from "(N max" ("heads up": 2).
//   - Games: Omaha Hi and Omaha Hi/Lo ("H/L", "Hi/Lo", "8 or Better") in
//     limit ("Limit", "FL"), pot-limit ("Pot Limit", "PL") and no-limit
//     ("No Limit", "NL"); other games are Skipped with the game's name.
//   - Money: one cent in cash games (ChipUnit "0.01", "$1,234.50"), one
//     chip in tournaments. Fixed-limit stakes are the bets.
//   - A capped game ("$400 Pot Limit Omaha Hi"): no player may put in more
//     than the cap, and ", and is capped" ends his betting. The model has
//     no cap, so a player's Stack is the chips he can play, the smaller of
//     his stack and the cap (Table has no field to say so): the replay then
//     plays the hand as Full Tilt did.
//   - Players are named without a colon ("Mike Matusow calls $200"): a
//     line is the longest seated name followed by a space; "name: text"
//     and "name (Observer): text" are chat. The players are the seats that
//     post, act, show or collect, in seat order.
//   - Posts: "posts the small blind of X" -> small-blind, "posts the big
//     blind of X" -> big-blind, "posts a dead small blind of X" -> dead,
//     "posts X" (a player entering) -> big-blind, "antes X" -> ante.
//   - Actions: folds, checks, calls X (the chips put in), bets X (to X),
//     raises to X (to X); ", and is all in" checked against the recorded
//     amounts. "shows [..]" (before the run-out after an all-in, or at the
//     showdown) -> a show at the showdown; "shows <a description>"
//     without cards says nothing; mucks -> muck.
//   - Run it twice ("Players agree to Run It Twice"): "*** FLOP 1 ***",
//     "*** TURN 1 ***" ... "*** RIVER 2 ***" deal each run (Run 1, 2: from
//     the flop when the all-in was before it), "*** SHOW DOWN 1 ***" ...;
//     a run's win lines name "pot N" for run N (Outcome.RunCollected).
//   - Outcome: Collected sums the win lines ("wins the pot (X)", "wins
//     the high|low pot", "wins the main pot", "wins side pot #N", "ties
//     for ..."), Returned the "Uncalled bet of X returned to name" lines,
//     TotalPot and Rake the summary's "Total pot X | Rake Y" (the total
//     includes the rake); Pots is [X - Y]. A hand with no win line (Full
//     Tilt sometimes writes none: the summary's "collected (X)" is then
//     the only word on it) keeps Collected at zero: the verdict reports
//     each winner's collected difference, so the missing line is said,
//     not papered over with the summary.
//
// The record is checked against itself: "is all in" and "is capped"
// against the stack, the streets' boards against the cards dealt, the
// summary's boards, seats within "N max", a hand must reach its summary
// and total pot. A hand that cannot be read is an Entry with a
// *fault.Error of kind Invalid (Impossible for a card seen twice) naming
// the line; the other hands of the file are still read. Every bound of
// limits.go applies (MaxLineBytes, MaxActions as Impossible, MaxText via
// Validate). Safe for concurrent use.
func readFullTilt(data []byte) ([]Entry, error) {
	var p ftParser
	return readSiteHands(data, "Full Tilt", "Full Tilt Poker Game #", ftIsHeader, p.parse)
}

// ftIsHeader reports whether l starts a Full Tilt hand.
func ftIsHeader(l string) bool {
	return (strings.HasPrefix(l, "Full Tilt Poker Game #") || strings.HasPrefix(l, "FullTiltPoker Game #")) && strings.Contains(l, ": ")
}

type ftParser struct {
	b      siteHand
	bb     int64
	cap    int64 // the capped game's cap, 0 when none
	sym    string
	boards int // the summary's "Board: [..]" lines read
}

func (p *ftParser) parse(lines []siteLine) (*Hand, string, error) {
	b := &p.b
	b.reset("fulltilt", FormatFullTilt, 100)
	p.bb, p.cap, p.sym, p.boards = 0, 0, "", 0
	head := lines[0]
	skip, err := p.header(head)
	if err != nil || skip != "" {
		return b.h, skip, err
	}
	i := 1
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
	if b.button == 0 {
		return b.h, "", siteErr(head.N, "hand has no \"The button is in seat #N\" line")
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

// ftGame maps a Full Tilt game name onto a game and structure.
func ftGame(s string) (eval.Game, Structure, bool) {
	var st Structure
	switch {
	case strings.HasPrefix(s, "Pot Limit "), strings.HasPrefix(s, "PL "):
		st = PotLimit
	case strings.HasPrefix(s, "No Limit "), strings.HasPrefix(s, "NL "):
		st = NoLimit
	case strings.HasPrefix(s, "Limit "), strings.HasPrefix(s, "FL "), strings.HasPrefix(s, "Fixed Limit "):
		st = FixedLimit
	default:
		return 0, "", false
	}
	_, g, _ := strings.Cut(s, "Omaha")
	if !strings.Contains(s, " Omaha") {
		return 0, "", false
	}
	switch strings.TrimSpace(g) {
	case "", "Hi":
		return eval.OmahaHi, st, true
	case "H/L", "Hi/Lo", "Hi-Lo", "8 or Better", "Hi/Lo 8 or Better":
		return eval.OmahaHiLo, st, true
	}
	return 0, "", false
}

// header reads the header line.
func (p *ftParser) header(l siteLine) (string, error) {
	b := &p.b
	s := l.S
	k := strings.IndexByte(s, '#')
	c := strings.Index(s[k:], ": ")
	id := s[k+1 : k+c]
	if !psDigits(id) {
		return "", siteErr(l.N, "bad game number %s in the header", siteQuote(id))
	}
	b.h.SiteHandID = id
	parts := strings.Split(s[k+c+2:], " - ")
	if len(parts) < 3 {
		return "", siteErr(l.N, "bad header %s", siteQuote(s))
	}
	if err := p.tablePart(l, parts[0]); err != nil {
		return "", err
	}
	var game, stakes string
	var when []string
	for _, part := range parts[1:] {
		switch {
		case game == "" && (strings.Contains(part, "Omaha") || strings.Contains(part, "Hold'em") || strings.Contains(part, "Stud") ||
			strings.Contains(part, "Razz") || strings.Contains(part, "Draw") || strings.Contains(part, "Badugi") || strings.Contains(part, "HORSE") || strings.Contains(part, "Mixed")):
			game = part
		case stakes == "" && strings.Count(part, "/") == 1 && !strings.Contains(part, ":"):
			stakes = part
		default:
			when = append(when, part)
		}
	}
	if game == "" {
		return "", siteErr(l.N, "header names no game: %s", siteQuote(s))
	}
	// A capped game: "$400 Pot Limit Omaha Hi".
	if f, rest, ok := strings.Cut(game, " "); ok && f != "" && (f[0] == '$' || f[0] >= '0' && f[0] <= '9') {
		x, _, ok := parseSiteAmount(f, b.scale)
		if !ok || x <= 0 {
			return "", siteErr(l.N, "bad cap %s in the header", siteQuote(f))
		}
		p.cap, game = x, rest
	}
	g, st, ok := ftGame(game)
	if !ok {
		return "game " + clipped(game) + " is not Omaha", nil
	}
	b.h.Table.Game, b.h.Table.Structure = g, st
	if err := p.stakes(l, stakes); err != nil {
		return "", err
	}
	t, err := ftTime(strings.Join(when, " - "))
	if err != nil {
		return "", siteErr(l.N, "%v in the header: %s", err, siteQuote(s))
	}
	b.h.Time = t
	return "", nil
}

// tablePart reads "Table Rymer (6 max, shallow)", "Table Mention (heads
// up)", "Table Vernon" or a tournament's "$10 + $1 Sit & Go (123),
// Table 1".
func (p *ftParser) tablePart(l siteLine, s string) error {
	b := &p.b
	k := strings.LastIndex(s, "Table ")
	if k < 0 {
		return siteErr(l.N, "header names no table: %s", siteQuote(l.S))
	}
	if k > 0 {
		b.h.Tournament = true
		b.scale = 1
	}
	name := s[k+len("Table "):]
	if a := strings.Index(name, " ("); a >= 0 && strings.HasSuffix(name, ")") {
		for _, f := range strings.Split(name[a+2:len(name)-1], ", ") {
			switch {
			case f == "heads up":
				b.h.Table.MaxSeats = 2
			case strings.HasSuffix(f, " max"):
				if v, err := strconv.Atoi(strings.TrimSuffix(f, " max")); err == nil && v >= 2 && v <= 10 {
					b.h.Table.MaxSeats = v
				}
			}
		}
		name = name[:a]
	}
	b.h.TableName = name
	return nil
}

// stakes reads "$2/$4", "$0.50/$1", "15/30".
func (p *ftParser) stakes(l siteLine, s string) error {
	b := &p.b
	t := &b.h.Table
	x, y, ok := strings.Cut(s, "/")
	if !ok {
		return siteErr(l.N, "header has no stakes: %s", siteQuote(l.S))
	}
	v1, sym1, ok1 := parseSiteAmount(x, b.scale)
	v2, sym2, ok2 := parseSiteAmount(y, b.scale)
	if !ok1 || !ok2 || sym1 != sym2 || v1 <= 0 || v2 <= 0 || v2 > MaxChips || b.h.Tournament && sym1 != "" {
		return siteErr(l.N, "bad stakes %s in the header", siteQuote(s))
	}
	if v1 > v2 {
		return siteErr(l.N, "stakes %s in the header: the first is larger than the second", siteQuote(s))
	}
	p.sym = sym1
	if b.h.Tournament {
		t.ChipUnit = "1"
	} else {
		t.ChipUnit = "0.01"
		t.Currency = siteCurrencyCode(sym1)
	}
	if t.Structure == FixedLimit {
		t.SmallBet, t.BigBet = v1, v2
		p.bb = v1
	} else {
		t.MinBet = v2
		p.bb = v2
	}
	return nil
}

// ftTime reads the header's times: "18:33:09 CET - 2012/11/06 [12:33:09
// ET - 2012/11/06]" (the bracketed Eastern time) or "0:03:34 ET -
// 2006/10/11"; "" when no Eastern time is given.
func ftTime(s string) (string, error) {
	if a := strings.LastIndexByte(s, '['); a >= 0 {
		if e := strings.IndexByte(s[a:], ']'); e >= 0 {
			s = s[a+1 : a+e]
		}
	}
	clock, date, ok := strings.Cut(s, " ET - ")
	if !ok {
		return "", nil
	}
	t, err := time.Parse("15:04:05 2006/01/02", strings.TrimSpace(clock)+" "+strings.TrimSpace(date))
	if err != nil {
		return "", &timeError{s}
	}
	return t.Format("2006-01-02T15:04:05") + psEasternOffset(t), nil
}

type timeError struct{ s string }

func (e *timeError) Error() string { return "bad date and time " + strconv.Quote(e.s) }

// amount reads an amount of the hand (every amount carries the stakes'
// currency, or none does).
func (p *ftParser) amount(l siteLine, s string) (int64, error) {
	v, sym, ok := parseSiteAmount(s, p.b.scale)
	if !ok || sym != p.sym || v > MaxChips {
		return 0, siteErr(l.N, "bad amount %s in %s", siteQuote(s), siteQuote(l.S))
	}
	return v, nil
}

// seat reads "Seat 1: name ($120.15)" with ", is sitting out" after it.
func (p *ftParser) seat(l siteLine) error {
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
	rest, out := strings.CutSuffix(rest, ", is sitting out")
	if !strings.HasSuffix(rest, ")") {
		return siteErr(l.N, "seat line has no stack: %s", siteQuote(s))
	}
	o := strings.LastIndex(rest, " (")
	if o <= 0 {
		return siteErr(l.N, "seat line has no player name: %s", siteQuote(s))
	}
	stack, err := p.amount(l, rest[o+2:len(rest)-1])
	if err != nil {
		return err
	}
	if p.cap > 0 {
		stack = min(stack, p.cap) // the chips he can play (see readFullTilt)
	}
	return p.b.addSeat(l, num, rest[:o], stack, out)
}

// ftIgnored are the lines, about a seated player or not, with no bearing
// on the play.
var ftIgnored = []string{
	" seconds left to act", " has requested TIME", " sits down", " stands up", " is sitting out", " has returned",
	" has been disconnected", " has reconnected", " is feeling ", " leaves the table", " joins the table",
	" has timed out", " sits out", " is back", " will be allowed to play after the button",
}

// line reads one line after the seat list.
func (p *ftParser) line(l siteLine) error {
	b := &p.b
	s := l.S
	if strings.HasPrefix(s, "*** ") {
		return p.marker(l)
	}
	if b.street == siteSummary {
		return p.summary(l)
	}
	if who := b.player(s, " "); who >= 0 {
		err := p.action(l, who, s[len(b.seats[who].name)+1:])
		if err == nil || b.player(s, ": ") < 0 {
			return err
		}
		return nil // "name: text" is chat
	}
	switch {
	case b.player(s, ": ") >= 0, strings.Contains(s, " (Observer): "), strings.HasPrefix(s, "("), s == "Players agree to Run It Twice":
		return nil
	case strings.HasPrefix(s, "Dealt to "):
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
	case strings.HasPrefix(s, "Uncalled bet of "):
		amt, name, ok := strings.Cut(s[len("Uncalled bet of "):], " returned to ")
		if !ok {
			return siteErr(l.N, "bad uncalled-bet line %s", siteQuote(s))
		}
		x, err := p.amount(l, amt)
		if err != nil {
			return err
		}
		i := b.named(name)
		if i < 0 {
			return siteErr(l.N, "uncalled bet returned to a player not seated: %s", siteQuote(s))
		}
		b.uncalled(i, x)
		return nil
	case strings.HasPrefix(s, "The button is in seat #"):
		n, err := strconv.Atoi(s[len("The button is in seat #"):])
		if err != nil || n < 1 || n > 10 || b.h.Table.MaxSeats > 0 && n > b.h.Table.MaxSeats {
			return siteErr(l.N, "bad button seat in %s", siteQuote(s))
		}
		b.button = n
		return nil
	}
	for _, x := range ftIgnored {
		if strings.Contains(s, x) {
			return nil
		}
	}
	if strings.Contains(s, " adds ") {
		return nil // a player not in the hand adds chips
	}
	return siteErr(l.N, "unrecognised line %s", siteQuote(s))
}

// marker reads a "*** ... ***" line.
func (p *ftParser) marker(l siteLine) error {
	b := &p.b
	s := l.S
	switch {
	case s == "*** HOLE CARDS ***":
		return b.startHole(l)
	case s == "*** SHOW DOWN ***":
		return b.startShowdown(l, 0)
	case strings.HasPrefix(s, "*** SHOW DOWN ") && strings.HasSuffix(s, " ***"):
		run, err := strconv.Atoi(s[len("*** SHOW DOWN ") : len(s)-len(" ***")])
		if err != nil || len(b.runs) < 2 {
			return siteErr(l.N, "%s out of place", siteQuote(s))
		}
		return b.startShowdown(l, run)
	case b.street == siteSummary && strings.HasPrefix(s, "*** SUMMARY ") && strings.HasSuffix(s, " ***"):
		return nil // "*** SUMMARY 1 ***": a run's summary (its board is checked)
	case s == "*** SUMMARY ***":
		if b.street < sitePreflop {
			return siteErr(l.N, "*** SUMMARY *** before the deal")
		}
		b.street = siteSummary
		return nil
	}
	var to int
	var rest string
	switch {
	case strings.HasPrefix(s, "*** FLOP "):
		to, rest = siteFlop, s[len("*** FLOP "):]
	case strings.HasPrefix(s, "*** TURN "):
		to, rest = siteTurn, s[len("*** TURN "):]
	case strings.HasPrefix(s, "*** RIVER "):
		to, rest = siteRiver, s[len("*** RIVER "):]
	default:
		return siteErr(l.N, "unexpected street marker %s in an Omaha hand", siteQuote(s))
	}
	// "*** ***" or "1 *** " (the run), then "[..]" or "[..] [.]", then an
	// optional "(Total Pot: ...)".
	run := 0
	if !strings.HasPrefix(rest, "*** ") {
		num, after, ok := strings.Cut(rest, " *** ")
		n, err := strconv.Atoi(num)
		if !ok || err != nil || n < 1 || n > siteMaxRuns {
			return siteErr(l.N, "bad street marker %s", siteQuote(s))
		}
		run, rest = n, after
	} else {
		rest = rest[len("*** "):]
	}
	if k := strings.Index(rest, " (Total Pot"); k >= 0 {
		rest = rest[:k]
	}
	a := strings.LastIndexByte(rest, '[')
	if a < 0 || !strings.HasSuffix(rest, "]") {
		return siteErr(l.N, "bad board cards in %s", siteQuote(s))
	}
	// The board so far: the hand's for an unnumbered street (even once
	// runs have started) or a run not started yet, else the run's.
	so := b.board
	if run > 0 && run <= len(b.runs) {
		so = b.runBoard(run - 1)
	}
	if old := strings.TrimSpace(rest[:a]); old != "" {
		prev, unknown, err := parseSiteCards(old)
		if err != nil || unknown > 0 || !strings.HasPrefix(old, "[") || prev.String() != so.String() {
			return siteErr(l.N, "board %s differs from the board dealt so far %s", siteQuote(old), so)
		}
	} else if to != siteFlop {
		return siteErr(l.N, "want the board so far and the new card in %s", siteQuote(s))
	}
	c, unknown, err := parseSiteCards(rest[a:])
	if err != nil || unknown > 0 {
		return siteErr(l.N, "bad board cards in %s", siteQuote(s))
	}
	if run > 0 {
		return b.dealRun(l, run, to, c)
	}
	return b.deal(l, to, c)
}

// action reads a listed player's line (the name and a space removed).
func (p *ftParser) action(l siteLine, who int, v string) error {
	b := &p.b
	v, allIn := strings.CutSuffix(v, ", and is all in")
	if !allIn {
		v, allIn = strings.CutSuffix(v, ", and is capped")
	}
	verb, arg, _ := strings.Cut(v, " ")
	var err error
	switch verb {
	case "posts":
		err = p.post(l, who, arg)
	case "antes":
		var x int64
		if x, err = p.amount(l, arg); err == nil {
			err = b.post(l, who, PostAnte, x)
		}
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
		to, ok := strings.CutPrefix(arg, "to ")
		if !ok {
			return siteErr(l.N, "bad raise in %s", siteQuote(l.S))
		}
		var x int64
		if x, err = p.amount(l, to); err == nil {
			if x <= b.curBet && b.seats[who].stack-b.seats[who].in > x-b.seats[who].round {
				return siteErr(l.N, "%s raises to %d, not above the current bet %d (chip units): %s", b.seats[who].name, x, b.curBet, siteQuote(l.S))
			}
			err = b.betTo(l, who, x)
		}
	case "shows":
		if !strings.HasPrefix(arg, "[") {
			return nil // "shows two pair, Aces and Sevens": the run's hand, no cards
		}
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
	case "wins", "ties":
		return p.wins(l, who, v)
	default:
		for _, x := range ftIgnored {
			if strings.Contains(" "+v, x) {
				return nil
			}
		}
		if verb == "adds" {
			return nil
		}
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
func (p *ftParser) post(l siteLine, who int, arg string) error {
	b := &p.b
	var kind PostKind
	var amt string
	switch {
	case strings.HasPrefix(arg, "the small blind of "):
		kind, amt = PostSmallBlind, arg[len("the small blind of "):]
	case strings.HasPrefix(arg, "the big blind of "):
		kind, amt = PostBigBlind, arg[len("the big blind of "):]
	case strings.HasPrefix(arg, "a dead small blind of "):
		kind, amt = PostDead, arg[len("a dead small blind of "):]
	case strings.HasPrefix(arg, "a straddle of "):
		kind, amt = PostStraddle, arg[len("a straddle of "):]
	default:
		kind, amt = PostBigBlind, arg
	}
	x, err := p.amount(l, amt)
	if err != nil {
		return err
	}
	return b.post(l, who, kind, x)
}

// wins reads "wins the pot ($X) with ...", "wins the high pot ($X)",
// "ties for side pot #1 ($X)", "wins pot 2 ($X)" (run 2 of a hand run
// twice).
func (p *ftParser) wins(l siteLine, who int, v string) error {
	b := &p.b
	a := strings.IndexByte(v, '(')
	e := strings.IndexByte(v, ')')
	if a < 0 || e < a {
		return siteErr(l.N, "bad win line %s", siteQuote(l.S))
	}
	if b.street < sitePreflop {
		return siteErr(l.N, "pot won before the deal: %s", siteQuote(l.S))
	}
	x, err := p.amount(l, v[a+1:e])
	if err != nil {
		return err
	}
	pot := strings.TrimSpace(v[:a])
	pot = strings.TrimPrefix(strings.TrimPrefix(pot, "wins "), "ties for ")
	if n, ok := strings.CutPrefix(pot, "pot "); ok && len(b.runs) > 1 {
		run, err := strconv.Atoi(n)
		if err != nil || run < 1 || run > len(b.runs) {
			return siteErr(l.N, "%s names a run the hand does not have", siteQuote(l.S))
		}
		b.collectRun(who, run, x)
		return nil
	}
	switch {
	case pot == "the pot", pot == "the high pot", pot == "the low pot", pot == "the main pot",
		strings.HasPrefix(pot, "side pot"), strings.HasPrefix(pot, "the side pot"), strings.HasPrefix(pot, "main pot"):
	default:
		return siteErr(l.N, "bad win line %s", siteQuote(l.S))
	}
	b.collect(who, x)
	return nil
}

// summary reads a summary line: the total pot and rake, the boards and
// the seats' shown cards.
func (p *ftParser) summary(l siteLine) error {
	b := &p.b
	s := l.S
	switch {
	case strings.HasPrefix(s, "Total pot "):
		parts := strings.Split(s, " | ")
		f := strings.Fields(parts[0])
		if len(f) < 3 {
			return siteErr(l.N, "bad total pot line %s", siteQuote(s))
		}
		total, err := p.amount(l, f[2])
		if err != nil {
			return err
		}
		b.total, b.hasTotal = total, true
		for _, part := range parts[1:] {
			if r, ok := strings.CutPrefix(part, "Rake "); ok {
				if b.rake, err = p.amount(l, strings.TrimSpace(r)); err != nil {
					return err
				}
			}
		}
		return nil
	case strings.HasPrefix(s, "Board: ["):
		c, _, err := parseSiteCards(s[len("Board: "):])
		want := b.runBoard(p.boards)
		if err != nil || want == nil || c.String() != want.String() {
			return siteErr(l.N, "%s differs from the board dealt %s", siteQuote(s), want)
		}
		p.boards++
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
			k = strings.Index(s, " mucked [")
		}
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
