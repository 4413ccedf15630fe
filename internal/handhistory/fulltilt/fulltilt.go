package fulltilt

import (
	"strconv"
	"strings"
	"time"

	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// isHeader reports whether l starts a Full Tilt hand.
func isHeader(l string) bool {
	return (strings.HasPrefix(l, "Full Tilt Poker Game #") || strings.HasPrefix(l, "FullTiltPoker Game #")) && strings.Contains(l, ": ")
}

type parser struct {
	b      sitetext.Builder
	bb     int64
	cap    int64 // the capped game's cap, 0 when none
	boards int   // the summary's "Board: [..]" lines read
}

func (p *parser) parse(lines []sitetext.Line) (*handhistory.Hand, string, error) {
	b := &p.b
	b.Reset(&handhistory.Hand{Site: "fulltilt", Format: string(handhistory.FormatFullTilt)}, 100)
	b.MendsBoard = true // the summary's "Board: [..]" settles a misprinted street line
	p.bb, p.cap, p.boards = 0, 0, 0
	head := lines[0]
	skip, err := p.header(head)
	if err != nil || skip != "" {
		return b.Hand, skip, err
	}
	if skip, err := b.ReadBody(lines, "", p.seat, p.b.Route(p.marker, summaryLines.For(p), p.play)); err != nil || skip != "" {
		return b.Hand, skip, err
	}
	if b.Button == 0 {
		return b.Hand, "", sitetext.LineError(head.N, "hand has no \"The button is in seat #N\" line")
	}
	t := &b.Hand.Table
	b.SetBets(t.Structure, false, 0, 0, t.MinBet)
	if err := b.Assemble(head.N); err != nil {
		return b.Hand, "", err
	}
	return b.Hand, "", nil
}

// gameOf maps a Full Tilt game name onto a game and structure.
func gameOf(s string) (eval.Game, game.Structure, bool) {
	var st game.Structure
	switch {
	case strings.HasPrefix(s, "Pot Limit "), strings.HasPrefix(s, "PL "):
		st = game.PotLimit
	case strings.HasPrefix(s, "No Limit "), strings.HasPrefix(s, "NL "):
		st = game.NoLimit
	case strings.HasPrefix(s, "Limit "), strings.HasPrefix(s, "FL "), strings.HasPrefix(s, "Fixed Limit "):
		st = game.FixedLimit
	default:
		return 0, 0, false
	}
	_, g, _ := strings.Cut(s, "Omaha")
	if !strings.Contains(s, " Omaha") {
		return 0, 0, false
	}
	switch strings.TrimSpace(g) {
	case "", "Hi":
		return eval.OmahaHi, st, true
	case "H/L", "Hi/Lo", "Hi-Lo", "8 or Better", "Hi/Lo 8 or Better":
		return eval.OmahaHiLo, st, true
	}
	return 0, 0, false
}

// header reads the header line.
func (p *parser) header(l sitetext.Line) (string, error) {
	b := &p.b
	s := l.S
	k := strings.IndexByte(s, '#')
	c := strings.Index(s[k:], ": ")
	id := s[k+1 : k+c]
	if !sitetext.Digits(id) {
		return "", sitetext.LineError(l.N, "bad game number %s in the header", sitetext.Quote(id))
	}
	b.Hand.SiteHandID = id
	parts := strings.Split(s[k+c+2:], " - ")
	if len(parts) < 3 {
		return "", sitetext.LineError(l.N, "bad header %s", sitetext.Quote(s))
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
		return "", sitetext.LineError(l.N, "header names no game: %s", sitetext.Quote(s))
	}
	// A capped game: "$400 Pot Limit Omaha Hi", "$2,000 Cap Pot Limit
	// Omaha Hi" (2011).
	if f, rest, ok := strings.Cut(game, " "); ok && f != "" && (f[0] == '$' || f[0] >= '0' && f[0] <= '9') {
		x, _, ok := sitetext.ParseAmount(f, b.Scale)
		if !ok || x <= 0 {
			return "", sitetext.LineError(l.N, "bad cap %s in the header", sitetext.Quote(f))
		}
		p.cap, game = x, strings.TrimPrefix(rest, "Cap ")
	}
	if skip := b.SetGame(game, gameOf); skip != "" {
		return skip, nil
	}
	if err := p.stakes(l, stakes); err != nil {
		return "", err
	}
	t, err := parseTime(strings.Join(when, " - "))
	if err != nil {
		return "", sitetext.LineError(l.N, "%v in the header: %s", err, sitetext.Quote(s))
	}
	b.Hand.Time = t
	return "", nil
}

// tablePart reads "Table Rymer (6 max, shallow)", "Table Mention (heads
// up)", "Table Vernon" or a tournament's "$10 + $1 Sit & Go (123),
// Table 1".
func (p *parser) tablePart(l sitetext.Line, s string) error {
	b := &p.b
	k := strings.LastIndex(s, "Table ")
	if k < 0 {
		return sitetext.LineError(l.N, "header names no table: %s", sitetext.Quote(l.S))
	}
	if k > 0 {
		b.Hand.Tournament = true
		b.Scale = 1
	}
	name := s[k+len("Table "):]
	if a := strings.Index(name, " ("); a >= 0 && strings.HasSuffix(name, ")") {
		for _, f := range strings.Split(name[a+2:len(name)-1], ", ") {
			switch {
			case f == "heads up":
				b.Hand.Table.MaxSeats = 2
			case strings.HasSuffix(f, " max"):
				if v, err := strconv.Atoi(strings.TrimSuffix(f, " max")); err == nil && v >= 2 && v <= 10 {
					b.Hand.Table.MaxSeats = v
				}
			}
		}
		name = name[:a]
	}
	b.Hand.TableName = name
	return nil
}

// stakes reads "$2/$4", "$0.50/$1", "15/30".
func (p *parser) stakes(l sitetext.Line, s string) error {
	b := &p.b
	t := &b.Hand.Table
	x, y, ok := strings.Cut(s, "/")
	if !ok {
		return sitetext.LineError(l.N, "header has no stakes: %s", sitetext.Quote(l.S))
	}
	v1, sym1, ok1 := sitetext.ParseAmount(x, b.Scale)
	v2, sym2, ok2 := sitetext.ParseAmount(y, b.Scale)
	if !ok1 || !ok2 || sym1 != sym2 || v1 <= 0 || v2 <= 0 || v2 > handhistory.MaxChips || b.Hand.Tournament && sym1 != "" {
		return sitetext.LineError(l.N, "bad stakes %s in the header", sitetext.Quote(s))
	}
	if v1 > v2 {
		return sitetext.LineError(l.N, "stakes %s in the header: the first is larger than the second", sitetext.Quote(s))
	}
	p.b.Sym = sym1
	if b.Hand.Tournament {
		t.ChipUnit = "1"
	} else {
		t.ChipUnit = "0.01"
		t.Currency = sitetext.CurrencyCode(sym1)
	}
	if t.Structure == game.FixedLimit {
		t.SmallBet, t.BigBet = v1, v2
		p.bb = v1
	} else {
		t.MinBet = v2
		p.bb = v2
	}
	return nil
}

// parseTime reads the header's times: "18:33:09 CET - 2012/11/06 [12:33:09
// ET - 2012/11/06]" (the bracketed Eastern time) or "0:03:34 ET -
// 2006/10/11"; "" when no Eastern time is given.
func parseTime(s string) (string, error) {
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
	return t.Format("2006-01-02T15:04:05") + sitetext.EasternOffset(t), nil
}

type timeError struct{ s string }

func (e *timeError) Error() string { return "bad date and time " + strconv.Quote(e.s) }

// seat reads "Seat 1: name ($120.15)" with ", is sitting out" after it.
func (p *parser) seat(l sitetext.Line) error {
	num, name, amt, tail, err := sitetext.SeatLine(l, ")")
	if err != nil {
		return err
	}
	if tail != "" && tail != ", is sitting out" { // a seat sitting out is dealt in only when it plays
		return sitetext.LineError(l.N, "seat line has no stack: %s", sitetext.Quote(l.S))
	}
	stack, err := p.b.Amount(l, amt)
	if err != nil {
		return err
	}
	if p.cap > 0 {
		stack = min(stack, p.cap) // the chips he can play (see read)
	}
	return p.b.AddSeat(l, num, name, stack, false)
}

// ignored are the lines, about a seated player or not, with no bearing
// on the play.
var ignored = []string{
	" seconds left to act", " has requested TIME", " sits down", " stands up", " is sitting out", " has returned",
	" has been disconnected", " has reconnected", " is feeling ", " leaves the table", " joins the table",
	" has timed out", " sits out", " is back", " will be allowed to play after the button",
}

// play reads a line of the play (see Builder.Route).
func (p *parser) play(l sitetext.Line) error {
	b := &p.b
	s := l.S
	if who := b.Player(s, " "); who >= 0 {
		err := p.action(l, who, s[len(b.Seats[who].Name)+1:])
		if err == nil || b.Player(s, ": ") < 0 {
			return err
		}
		return nil // "name: text" is chat
	}
	switch {
	case b.Player(s, ": ") >= 0, strings.Contains(s, " (Observer): "), strings.HasPrefix(s, "("), s == "Players agree to Run It Twice":
		return nil
	case strings.HasPrefix(s, "Dealt to "):
		return b.DealtTo(l, s[len("Dealt to "):])
	case strings.HasPrefix(s, "Uncalled bet of "):
		amt, name, ok := strings.Cut(s[len("Uncalled bet of "):], " returned to ")
		if !ok {
			return sitetext.LineError(l.N, "bad uncalled-bet line %s", sitetext.Quote(s))
		}
		x, err := p.b.Amount(l, amt)
		if err != nil {
			return err
		}
		i := b.Named(name)
		if i < 0 {
			return sitetext.LineError(l.N, "uncalled bet returned to a player not seated: %s", sitetext.Quote(s))
		}
		b.Uncalled(i, x)
		return nil
	case strings.HasPrefix(s, "The button is in seat #"):
		n, err := strconv.Atoi(s[len("The button is in seat #"):])
		if err != nil || n < 1 || n > 10 || b.Hand.Table.MaxSeats > 0 && n > b.Hand.Table.MaxSeats {
			return sitetext.LineError(l.N, "bad button seat in %s", sitetext.Quote(s))
		}
		b.Button = n
		return nil
	}
	for _, x := range ignored {
		if strings.Contains(s, x) {
			return nil
		}
	}
	if strings.Contains(s, " adds ") {
		return nil // a player not in the hand adds chips
	}
	return p.b.Unknown(l)
}

// marker reads a "*** ... ***" line.
func (p *parser) marker(l sitetext.Line) error {
	b := &p.b
	s := l.S
	switch {
	case s == "*** HOLE CARDS ***":
		return b.StartHole(l)
	case s == "*** SHOW DOWN ***":
		return b.StartShowdown(l, 0)
	case strings.HasPrefix(s, "*** SHOW DOWN ") && strings.HasSuffix(s, " ***"):
		run, err := strconv.Atoi(s[len("*** SHOW DOWN ") : len(s)-len(" ***")])
		if err != nil || len(b.Runs) < 2 {
			return sitetext.LineError(l.N, "%s out of place", sitetext.Quote(s))
		}
		return b.StartShowdown(l, run)
	case b.Street == sitetext.Summary && strings.HasPrefix(s, "*** SUMMARY ") && strings.HasSuffix(s, " ***"):
		return nil // "*** SUMMARY 1 ***": a run's summary (its board is checked)
	case s == "*** SUMMARY ***":
		return b.SummaryMarker(l)
	}
	var to int
	var rest string
	switch {
	case strings.HasPrefix(s, "*** FLOP "):
		to, rest = sitetext.Flop, s[len("*** FLOP "):]
	case strings.HasPrefix(s, "*** TURN "):
		to, rest = sitetext.Turn, s[len("*** TURN "):]
	case strings.HasPrefix(s, "*** RIVER "):
		to, rest = sitetext.River, s[len("*** RIVER "):]
	default:
		return sitetext.LineError(l.N, "unexpected street marker %s in an Omaha hand", sitetext.Quote(s))
	}
	// "*** ***" or "1 *** " (the run), then "[..]" or "[..] [.]", then an
	// optional "(Total Pot: ...)".
	run := 0
	if !strings.HasPrefix(rest, "*** ") {
		num, after, ok := strings.Cut(rest, " *** ")
		n, err := strconv.Atoi(num)
		if !ok || err != nil || n < 1 || n > sitetext.MaxRuns {
			return sitetext.LineError(l.N, "bad street marker %s", sitetext.Quote(s))
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
		return sitetext.LineError(l.N, "bad board cards in %s", sitetext.Quote(s))
	}
	// The board so far: the hand's for an unnumbered street (even once
	// runs have started) or a run not started yet, else the run's.
	so := b.Board
	if run > 0 && run <= len(b.Runs) {
		so = b.RunBoard(run - 1)
	}
	if old := strings.TrimSpace(rest[:a]); old != "" {
		prev, unknown, err := sitetext.ParseCards(old)
		if err != nil || unknown > 0 || !strings.HasPrefix(old, "[") || prev.String() != so.String() {
			return sitetext.LineError(l.N, "board %s differs from the board dealt so far %s", sitetext.Quote(old), so)
		}
	} else if to != sitetext.Flop {
		return sitetext.LineError(l.N, "want the board so far and the new card in %s", sitetext.Quote(s))
	}
	c, unknown, err := sitetext.ParseCards(rest[a:])
	if err != nil || unknown > 0 {
		return sitetext.LineError(l.N, "bad board cards in %s", sitetext.Quote(s))
	}
	if run > 0 {
		return b.DealRun(l, run, to, c)
	}
	return b.Deal(l, to, c)
}

// action reads a listed player's line (the name and a space removed).
func (p *parser) action(l sitetext.Line, who int, v string) error {
	b := &p.b
	v, allIn := strings.CutSuffix(v, ", and is all in")
	if !allIn {
		v, allIn = strings.CutSuffix(v, ", and is capped")
	}
	verb, arg, _ := strings.Cut(v, " ")
	if verb == "raises" && !strings.HasPrefix(arg, "to ") {
		return sitetext.LineError(l.N, "bad raise in %s", sitetext.Quote(l.S))
	}
	if ok, err := b.StarsAction(l, who, verb, arg, allIn, p.post); ok {
		return err
	}
	switch verb {
	case "antes":
		x, err := p.b.Amount(l, arg)
		if err == nil {
			err = b.Post(l, who, game.Ante, x)
		}
		return b.AllIn(l, who, allIn, err)
	case "wins", "ties":
		return p.wins(l, who, v)
	default:
		for _, x := range ignored {
			if strings.Contains(" "+v, x) {
				return nil
			}
		}
		if verb == "adds" {
			return nil
		}
		return sitetext.LineError(l.N, "unrecognised action %s", sitetext.Quote(l.S))
	}
}

// posts are Full Tilt's post words.
var posts = sitetext.PostWords{
	{"the small blind of ", game.SmallBlind},
	{"the big blind of ", game.BigBlind},
	{"a dead small blind of ", game.Dead},
	{"a straddle of ", game.Straddle},
}

// post reads the rest of "name posts ...".
func (p *parser) post(l sitetext.Line, who int, arg string) error {
	b := &p.b
	kind, amt, ok := posts.Cut(arg)
	if !ok { // "posts $2": a big blind
		kind, amt = game.BigBlind, arg
	}
	x, err := p.b.Amount(l, amt)
	if err != nil {
		return err
	}
	return b.Post(l, who, kind, x)
}

// wins reads "wins the pot ($X) with ...", "wins the high pot ($X)",
// "ties for side pot #1 ($X)", "wins pot 2 ($X)" (run 2 of a hand run
// twice).
func (p *parser) wins(l sitetext.Line, who int, v string) error {
	b := &p.b
	a := strings.IndexByte(v, '(')
	e := strings.IndexByte(v, ')')
	if a < 0 || e < a {
		return sitetext.LineError(l.N, "bad win line %s", sitetext.Quote(l.S))
	}
	if b.Street < sitetext.Preflop {
		return sitetext.LineError(l.N, "pot won before the deal: %s", sitetext.Quote(l.S))
	}
	x, err := p.b.Amount(l, v[a+1:e])
	if err != nil {
		return err
	}
	pot := strings.TrimSpace(v[:a])
	pot = strings.TrimPrefix(strings.TrimPrefix(pot, "wins "), "ties for ")
	if n, ok := strings.CutPrefix(pot, "pot "); ok && len(b.Runs) > 1 {
		run, err := strconv.Atoi(n)
		if err != nil || run < 1 || run > len(b.Runs) {
			return sitetext.LineError(l.N, "%s names a run the hand does not have", sitetext.Quote(l.S))
		}
		b.CollectRun(who, run, x)
		return nil
	}
	switch {
	case pot == "the pot", pot == "the high pot", pot == "the low pot", pot == "the main pot",
		strings.HasPrefix(pot, "side pot"), strings.HasPrefix(pot, "the side pot"), strings.HasPrefix(pot, "main pot"):
	default:
		return sitetext.LineError(l.N, "bad win line %s", sitetext.Quote(l.S))
	}
	b.Collect(who, x)
	return nil
}

// summaryLines are Full Tilt's summary lines that count: the total pot
// and rake, the boards and the seats' shown cards.
var summaryLines = sitetext.SummaryLines[*parser]{
	{Prefix: "Total pot ", Read: (*parser).totalPot},
	{Prefix: "Board: [", Read: (*parser).board},
	{Prefix: "Seat ", Read: (*parser).seatCards},
}

// totalPot reads "Total pot $X | Rake $Y" (the rake may be missing).
func (p *parser) totalPot(l sitetext.Line) error {
	b := &p.b
	s := l.S
	parts := strings.Split(s, " | ")
	f := strings.Fields(parts[0])
	if len(f) < 3 {
		return sitetext.LineError(l.N, "bad total pot line %s", sitetext.Quote(s))
	}
	total, err := p.b.Amount(l, f[2])
	if err != nil {
		return err
	}
	b.Total, b.HasTotal = total, true
	for _, part := range parts[1:] {
		if r, ok := strings.CutPrefix(part, "Rake "); ok {
			if b.Rake, err = p.b.Amount(l, strings.TrimSpace(r)); err != nil {
				return err
			}
		}
	}
	return nil
}

// board reads the summary's "Board: [..]": the first settles the board
// dealt (sitetext.Builder.SummaryBoard), the next are the runs' boards.
func (p *parser) board(l sitetext.Line) error {
	b := &p.b
	s := l.S
	c, _, err := sitetext.ParseCards(s[len("Board: "):])
	if err == nil && p.boards == 0 && len(b.Runs) == 0 {
		p.boards++
		return b.SummaryBoard(l, c)
	}
	want := b.RunBoard(p.boards)
	if err != nil || want == nil || c.String() != want.String() {
		return sitetext.LineError(l.N, "%s differs from the board dealt %s", sitetext.Quote(s), want)
	}
	p.boards++
	return nil
}

// seatCards reads a summary seat line's shown cards.
func (p *parser) seatCards(l sitetext.Line) error { return p.b.SeatCards(l, nil) }
