package fulltilt

import (
	"strconv"
	"strings"

	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

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
	if b.Street == sitetext.Summary && strings.HasPrefix(s, "*** SUMMARY ") && strings.HasSuffix(s, " ***") {
		// "*** SUMMARY 1 ***": a run's summary (its board is checked); a
		// second "*** SUMMARY ***" too.
		return nil
	}
	if ok, err := b.StarsMarker(l, "HOLE CARDS"); ok {
		return err
	}
	if strings.HasPrefix(s, "*** SHOW DOWN ") && strings.HasSuffix(s, " ***") {
		run, err := strconv.Atoi(s[len("*** SHOW DOWN ") : len(s)-len(" ***")])
		if err != nil || len(b.Runs) < 2 {
			return sitetext.LineError(l.N, "%s out of place", sitetext.Quote(s))
		}
		return b.StartShowdown(l, run)
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
