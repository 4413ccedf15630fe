package bovada

import (
	"slices"
	"strconv"
	"strings"

	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// marker reads a "*** ... ***" line.
func (p *parser) marker(l sitetext.Line) error {
	b := &p.b
	s := strings.TrimPrefix(l.S, "*** ")
	if ok, err := b.PlainMarker(l, s); ok {
		return err
	}
	to, rest, ok := sitetext.Street(s)
	if !ok {
		return sitetext.LineError(l.N, "unexpected street marker %s", sitetext.Quote(l.S))
	}
	c, err := sitetext.NewCards(l, rest)
	if err != nil {
		return err
	}
	clear(p.acted[:])
	return b.Deal(l, to, c)
}

// ignored are the words after "name : " that cannot change the hand.
var ignored = []string{"Sitout (wait for bb)", "Seat sit out", "Seat re-join", "Sit out", "Re-join", "Stand", "Seat stand",
	"Table leave user", "Table enter user", "Leave table", "Seat sit down", "Enter(Auto)", "Leave(Auto)", "Sitout", "Seat stand up"}

// The notices above are also written without a name ("Seat re-join",
// "Table deposit $1.50", "Set dealer/Bring in spot", "Set dealer").

// line reads a line of the play, "name : words".
func (p *parser) line(l sitetext.Line) error {
	b := &p.b
	who, v, ok := strings.Cut(l.S, " : ")
	if !ok && strings.HasPrefix(l.S, "Player Info: ") {
		// Records of 2021 on ("[MVS]") list an id per seat after the
		// dealer's line: "Player Info: Seat1: P1-d07e9231..., Seat2: ...".
		return nil
	}
	if !ok && (slices.Contains(ignored, l.S) || strings.HasPrefix(l.S, "Table deposit ") || l.S == "Set dealer/Bring in spot" || l.S == "Set dealer") {
		return nil // the same notices without the seat's name
	}
	i := b.Named(name(who))
	if !ok || i < 0 {
		return b.Unknown(l)
	}
	for _, x := range ignored {
		if v == x {
			return nil
		}
	}
	verb, arg, _ := strings.Cut(v, " ")
	if verb != "" && verb[0] >= 'a' && verb[0] <= 'z' {
		// The verbs are also written in lower case ("bets $5", "raises
		// $2 to $4").
		verb = string(verb[0]-'a'+'A') + verb[1:]
	}
	switch {
	case strings.HasPrefix(v, "Set dealer/Bring in spot ["), strings.HasPrefix(v, "Set dealer ["):
		// The button's seat: "Set dealer/Bring in spot [2]" (to 2014),
		// "Set dealer [2]" (records of 2017 on).
		n, err := strconv.Atoi(strings.TrimSuffix(v[strings.IndexByte(v, '[')+1:], "]"))
		if err != nil || n < 1 || n > sitetext.MaxSeats {
			return sitetext.LineError(l.N, "bad dealer seat in %s", sitetext.Quote(l.S))
		}
		b.Button = n
		return nil
	case strings.HasPrefix(v, "Card dealt to a spot "):
		c, unknown, err := sitetext.ParseCards(v[len("Card dealt to a spot "):])
		if err != nil {
			return sitetext.LineError(l.N, "bad hole cards in %s", sitetext.Quote(l.S))
		}
		b.Seats[i].Used = true
		if unknown > 0 {
			return nil
		}
		return b.SetHole(l, i, c)
	case strings.HasPrefix(v, "Ranking "), strings.HasPrefix(v, "Table deposit "), strings.HasPrefix(v, "Prize Cash "), strings.HasPrefix(v, "BOUNTY PRIZE "):
		// A tournament's placing, chips brought for the next hand, a
		// prize, a bounty ("BOUNTY PRIZE [$5]", paid outside the chips).
		return nil
	case strings.HasPrefix(v, "Does not show ["), strings.HasPrefix(v, "Showdown("):
		// The winner of an uncontested pot: "Does not show [..] (One
		// pair)", or in Zone Poker "Showdown(High Card)", no cards.
		return nil
	case strings.HasPrefix(v, "Hand result"), strings.HasPrefix(v, "Hand Result"):
		x, err := b.Amount(l, v[strings.LastIndexByte(v, ' ')+1:])
		if err != nil {
			return err
		}
		b.Collect(i, x)
		if strings.Contains(strings.ToLower(v), "side pot") {
			p.side += x
		} else {
			p.main += x
		}
		return nil
	case strings.HasPrefix(v, "Return uncalled portion of bet "):
		// Also written without the currency's mark in a cash game
		// ("Return uncalled portion of bet 74").
		s := v[len("Return uncalled portion of bet "):]
		x, err := b.Amount(l, s)
		if err != nil && b.Sym != "" && s != "" && s[0] >= '0' && s[0] <= '9' {
			x, err = b.Amount(l, b.Sym+s)
		}
		if err != nil {
			return err
		}
		b.Uncalled(i, x)
		return nil
	case strings.HasPrefix(v, "Showdown ["), strings.HasPrefix(v, "Shows ["):
		if err := p.dealRest(l); err != nil {
			return err
		}
		if err := b.StartShowdown(l, 0); err != nil {
			return err
		}
		return b.Show(l, i, b.Seats[i].Hole())
	case strings.HasPrefix(v, "Mucks ["):
		if err := p.dealRest(l); err != nil {
			return err
		}
		c, unknown, _, _, err := sitetext.CardsIn(v)
		if err != nil || unknown > 0 || len(c) != 4 {
			c = nil
		}
		return b.Muck(l, i, c)
	}
	if b.Street == sitetext.Deal && p.holeMarker && strings.HasPrefix(verb, "All-in") && arg != "" && !p.posted(i) {
		// A blind posted all-in before "*** HOLE CARDS ***": "Big Blind
		// [ME] : All-in $0.05" (all the stack). In a record without that
		// line a shove before any other line of the play is a bet.
		return p.post(l, i, p.allInPost(who), v)
	}
	if b.Street <= sitetext.Preflop && !p.anyActed() {
		for _, w := range posts {
			if strings.HasPrefix(v, w.Prefix) {
				return p.post(l, i, w.Kind, v)
			}
		}
	}
	return p.act(l, i, verb, arg)
}

// posts are the post lines' words before the amount: the blinds as
// written to 2014 ("Ante/Small Blind", "Big blind/Bring in") and in
// records of 2017 on ("Small Blind", "Small blind", "Big blind").
var posts = sitetext.PostWords{
	{"Ante/Small Blind ", game.SmallBlind}, {"Ante/Small blind ", game.SmallBlind},
	{"Small Blind ", game.SmallBlind}, {"Small blind ", game.SmallBlind},
	{"Big blind/Bring in ", game.BigBlind}, {"Big blind ", game.BigBlind}, {"Big Blind ", game.BigBlind},
	{"Posts chip ", game.BigBlind}, {"Posts dead chip ", game.Dead}, {"Ante chip ", game.Ante}, {"Ante ", game.Ante},
}

// post reads a forced bet: "Ante/Small Blind $2" or "Small Blind $2",
// "Big blind/Bring in $4" or "Big blind $4", "Posts chip $5" (a live
// post: a big blind out of turn, or a small blind's amount), "Posts dead
// chip $15" (the big blind live, the rest dead), "Ante chip 10".
func (p *parser) post(l sitetext.Line, who int, kind game.PostKind, v string) error {
	b := &p.b
	x, err := b.Amount(l, v[strings.LastIndexByte(v, ' ')+1:])
	if err != nil {
		return err
	}
	bb := b.BigBlind(0)
	switch {
	case kind == game.BigBlind && strings.HasPrefix(v, "Big blind/"):
		p.bb = x
	case kind == game.BigBlind && bb > 0 && x < bb:
		kind = game.SmallBlind
	case kind == game.Dead && bb > 0 && x > bb:
		return b.PostBlinds(l, who, x, bb)
	}
	return b.Post(l, who, kind, x)
}

// allInPost is the forced bet a seat named who ("Small Blind", "Big
// Blind", "Dealer"..., with "[ME]" or not) posts all-in before the deal:
// the small blind's seat a small blind, the big blind's a big blind,
// another seat the small blind when nothing is posted yet (the dealer
// heads-up), else a live post.
func (p *parser) allInPost(who string) game.PostKind {
	switch {
	case strings.HasPrefix(who, "Small Blind"):
		return game.SmallBlind
	case strings.HasPrefix(who, "Big Blind"), len(p.b.Posts) > 0:
		return game.BigBlind
	}
	return game.SmallBlind
}

// posted reports whether seat i has posted a forced bet.
func (p *parser) posted(i int) bool {
	for _, x := range p.b.Posts {
		if x.Player == i {
			return true
		}
	}
	return false
}

// anyActed reports whether a betting action was recorded.
func (p *parser) anyActed() bool {
	for _, a := range p.b.Actions {
		if a.Player >= 0 {
			return true
		}
	}
	return false
}

// act reads a betting action: "Folds" (with a remark, "Folds(timeout)",
// "Folds (timeout)"; "Fold(Blind Disconnected)"),
// "Checks", "Calls $4" ("Call 100": the chips put in), "Bets $22.50",
// "Raises $76" (to $76), "Raises $0.10 to $0.10" (the chips put in, then
// the round total), "All-in $190" and "All-in(raise) $124" (everything
// left; the amount is the chips put in or the round total), "All-in(raise)
// $1.69 to $1.69" (the chips put in, then the round total).
func (p *parser) act(l sitetext.Line, who int, verb, arg string) error {
	b := &p.b
	if err := p.nextStreet(l); err != nil {
		return err
	}
	st := &b.Seats[who]
	cur := b.CurBet
	var err error
	switch {
	case strings.HasPrefix(verb, "Folds") || verb == "Fold" || strings.HasPrefix(verb, "Fold("):
		err = b.Fold(l, who)
	case strings.HasPrefix(verb, "Checks"):
		err = b.Check(l, who)
	case verb == "Calls" || verb == "Call":
		err = p.amount(l, arg, func(x int64) error { return b.Call(l, who, x) })
	case verb == "Bets":
		err = p.amount(l, arg, func(x int64) error { return b.PutMore(l, who, x) })
	case verb == "Raises":
		by, to, found := strings.Cut(arg, " to ")
		if !found {
			err = p.amount(l, arg, func(y int64) error { return b.BetTo(l, who, y) })
			break
		}
		err = p.raiseTo(l, who, by, to)
	case strings.HasPrefix(verb, "All-in"):
		if by, to, found := strings.Cut(arg, " to "); found {
			// "All-in(raise) $1.69 to $1.69" (2014): "Raises ... to ...",
			// all the player had.
			if err = p.raiseTo(l, who, by, to); err == nil {
				err = b.CheckAllIn(l, who)
			}
			break
		}
		err = p.amount(l, arg, func(x int64) error {
			left := st.Stack - st.In
			if x != left && x != st.Round+left {
				return sitetext.LineError(l.N, "%s goes all-in for %s, but has %s left: %s", st.Name, b.Money(x), b.Money(left), sitetext.Quote(l.S))
			}
			return b.PutMore(l, who, left)
		})
	default:
		// Unknown would take the exporting player's line ("Dealer  [ME] :
		// ...") for a notice: it does not start with his seat's name, Hero.
		return b.UnknownOf(l, who)
	}
	if err != nil {
		return err
	}
	if b.CurBet > cur {
		clear(p.acted[:])
	}
	p.acted[who] = true
	return nil
}

// raiseTo reads "Raises $0.10 to $0.10": by the chips put in, to the
// round total, which must agree with what the seat had in the round.
func (p *parser) raiseTo(l sitetext.Line, who int, by, to string) error {
	st := &p.b.Seats[who]
	return p.amount(l, by, func(x int64) error {
		return p.amount(l, to, func(y int64) error {
			if y-x != st.Round {
				return sitetext.LineError(l.N, "%s raises to %s putting in %s, but had %s in this round: %s", st.Name, p.b.Money(y), p.b.Money(x), p.b.Money(st.Round), sitetext.Quote(l.S))
			}
			return p.b.BetTo(l, who, y)
		})
	})
}

// amount reads an amount of line l and passes it to f.
func (p *parser) amount(l sitetext.Line, s string, f func(int64) error) error {
	x, err := p.b.Amount(l, s)
	if err != nil {
		return err
	}
	return f(x)
}

// roundOver reports whether the betting round is over: every seat that
// can still act has acted since the last bet or raise and matched it.
func (p *parser) roundOver() bool {
	b := &p.b
	if b.Street < sitetext.Preflop {
		return false
	}
	for i := range b.Seats {
		st := &b.Seats[i]
		if !st.Used || st.Folded || st.In >= st.Stack {
			continue
		}
		if !p.acted[i] || st.Round < b.CurBet {
			return false
		}
	}
	return true
}

// nextStreet deals the next street from the summary's board when the
// record writes no street lines and the betting round is over before
// line l's action.
func (p *parser) nextStreet(l sitetext.Line) error {
	if p.markers || !p.roundOver() {
		return nil
	}
	return p.deal(l)
}

// deal deals the next street's cards of the summary's board.
func (p *parser) deal(l sitetext.Line) error {
	b := &p.b
	n := len(b.Board) + 1
	if b.Street < sitetext.Flop {
		n = 3
	}
	if b.Street >= sitetext.River || len(p.board) < n {
		return sitetext.LineError(l.N, "the play goes on past the %d cards of the summary's board %s", len(p.board), p.board)
	}
	clear(p.acted[:])
	return b.DealNext(l, p.board[len(b.Board):n:n])
}

// dealRest deals, at the showdown of a record without street lines, the
// rest of the summary's board.
func (p *parser) dealRest(l sitetext.Line) error {
	b := &p.b
	for !p.markers && b.Street < sitetext.River && len(b.Board) < len(p.board) {
		if err := p.deal(l); err != nil {
			return err
		}
	}
	return nil
}
