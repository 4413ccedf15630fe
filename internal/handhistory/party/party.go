package party

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// isHeader reports whether l is one of the lines that start a
// PartyPoker hand.
func isHeader(l string) bool {
	switch {
	case strings.HasPrefix(l, "***** Hand History for Game "), strings.HasPrefix(l, "***** Hand History For Game "):
		return true
	case strings.HasPrefix(l, "#Game No :"):
		return true
	case strings.HasPrefix(l, "Game #") && strings.HasSuffix(l, " starts."):
		return true
	}
	return false
}

// state is what a PartyPoker hand's lines say beyond the builder's.
type state struct {
	scale   int64
	summary bool // the later layout's "** Summary **" was read
	play    bool // a play-money table
	pots    []int64
	rake    int64
	rakeSet bool
	// cashedOut marks the seats that took the site's cash-out ("P
	// Cashout Amount is 23.01"): paid outside the pot, their summary
	// line's "collected" is that payment, not a pot's.
	cashedOut [sitetext.MaxSeats]bool
}

func parse(b *sitetext.Builder, lines []sitetext.Line) (*handhistory.Hand, string, error) {
	h := b.Hand
	i := 0
	found := false
	for ; i < len(lines) && isHeader(lines[i].S); i++ {
		s := lines[i].S
		switch {
		case strings.HasPrefix(s, "***** "):
			id := strings.TrimSpace(strings.TrimSuffix(s[len("***** Hand History for Game "):], "*****"))
			h.SiteHandID, found = id, true
		case found:
		case strings.HasPrefix(s, "#Game No :"):
			h.SiteHandID = strings.TrimSpace(s[len("#Game No :"):])
		case h.SiteHandID == "": // "Game #N starts."
			h.SiteHandID = strings.TrimSuffix(s[len("Game #"):], " starts.")
		}
	}
	if skip, err := b.GroupedHead(lines, i < len(lines) && found); err != nil || skip != "" { // cut off after its first lines
		return nil, skip, err
	}
	st := state{scale: 100}
	g, skip, err := gameLine(h, lines[i], &st)
	if err != nil || skip != "" {
		return nil, skip, err
	}
	seatLine := func(l sitetext.Line) error { return seat(b, l, &st) }
	i, err = b.GroupedTable(lines, i+1, seatLine, func(l sitetext.Line) (bool, error) {
		s := l.S
		switch {
		case strings.HasPrefix(s, "Table "):
			name := s[len("Table "):]
			if k := strings.Index(name, " -- Seat "); k >= 0 { // later layout: the button on the table line
				n, err := strconv.Atoi(strings.TrimSuffix(name[k+len(" -- Seat "):], " is the button"))
				if err != nil {
					return true, sitetext.LineError(l.N, "bad button in %s", sitetext.Quote(s))
				}
				b.Button, name = n, name[:k]
			}
			if k := strings.LastIndex(name, " ("); k >= 0 && strings.HasSuffix(name, ")") {
				if strings.Contains(name[k:], "Play") {
					h.Table.Currency, st.play = "", true
				}
				name = name[:k]
			}
			h.TableName = strings.Join(strings.Fields(name), " ")
		case strings.HasPrefix(s, "Total number of players"):
			if _, m, ok := strings.Cut(s, "/"); ok {
				if n, ok := sitetext.SeatCount(m); ok {
					h.Table.MaxSeats = n
				}
			}
		case strings.HasPrefix(s, "seat") && len(s) > 4 && s[4] >= '0' && s[4] <= '9': // 2012: "seat1: P ( $664.25 USD )"
			l.S = "Seat " + s[len("seat"):]
			return true, seatLine(l)
		default:
			return false, nil
		}
		return true, nil
	})
	if err != nil {
		return nil, "", err
	}
	// A hand ends with its win lines (or the later layout's summary,
	// which has them): a hand without any was cut off.
	play := func(l sitetext.Line) error { return line(b, l, &st) }
	if skip, err := b.Play(lines, i, 0, play, b.Won); err != nil || skip != "" {
		return nil, skip, err
	}
	var bb int64
	if g.HasStakes {
		bb = g.Stakes[1]
	}
	b.SetBets(g.Structure, g.HasStakes, g.Stakes[0], g.Stakes[1], bb)
	b.Settle = sitetext.Settlement{Derived: true, WinsWithReturned: true}
	b.Rake, b.RakeSet, b.Pots = st.rake, st.rakeSet, append(b.Pots[:0], st.pots...)
	if err := b.Assemble(lines[0].N); err != nil {
		return nil, "", err
	}
	hand := b.Hand
	if st.pots != nil {
		hand.Outcome.TotalPot = st.rake
		for _, x := range st.pots {
			hand.Outcome.TotalPot += x
		}
	}
	return hand, "", nil
}

// zones are the offsets of the zones PartyPoker names.
var zones = map[string]string{"EST": "-05:00", "EDT": "-04:00", "CET": "+01:00", "CEST": "+02:00", "GMT": "+00:00", "UTC": "+00:00", "BST": "+01:00", "PST": "-08:00", "PDT": "-07:00", "MSK": "+03:00"}

// parseTime reads "Monday, November 1, 08:40:12 CET 2013" or "Mon Jul 20
// 11:01:17 EDT 2026"; "" when in neither form.
func parseTime(s string) string {
	f := strings.Fields(strings.ReplaceAll(s, ",", " "))
	if len(f) != 6 {
		return ""
	}
	zone := f[4]
	f[4] = ""
	day := f[1] + " " + f[2] + " " + f[3] + " " + f[5]
	t, ok := sitetext.ParseClock(day, "January 2 15:04:05 2006", "Jan 2 15:04:05 2006")
	if !ok {
		return ""
	}
	return sitetext.Clock(t) + zones[zone]
}

// gameLine reads the game line.
func gameLine(h *handhistory.Hand, l sitetext.Line, st *state) (sitetext.GameSpec, string, error) {
	var g sitetext.GameSpec
	s := l.S
	k, w := strings.LastIndex(s, " - "), len(" - ")
	if k < 0 { // 2012: "$1,000 USD PL  Omaha Hi-Saturday,February 18, 01:10:59 EST 2012"
		k, w = strings.LastIndexByte(s, '-'), 1
		if k >= 0 && parseTime(s[k+1:]) == "" {
			k = -1
		}
	}
	if k < 0 {
		return g, "", sitetext.LineError(l.N, "want the game line (\"<stakes> <game> - <date>\"), got %s", sitetext.Quote(s))
	}
	desc, when := s[:k], s[k+w:]
	h.Time = parseTime(when)
	switch {
	case strings.Contains(desc, "Omaha Hi-Lo"), strings.Contains(desc, "Omaha Hi/Lo"), strings.Contains(desc, "Omaha8"), strings.Contains(desc, "Omaha H/L"):
		g.Game = eval.OmahaHiLo
	case strings.Contains(desc, "Omaha"):
		g.Game = eval.OmahaHi
	default:
		name := desc
		for _, x := range []string{"Texas Hold'em", "Hold'em", "Holdem", "Stud", "Razz", "Draw"} {
			if strings.Contains(desc, x) {
				name = x
				break
			}
		}
		return g, sitetext.NotOmaha(name), nil
	}
	fields := strings.Fields(desc)
	known := false
	for _, f := range fields {
		switch strings.Trim(f, "()") {
		case "PL":
			g.Structure, known = game.PotLimit, true
		case "NL":
			g.Structure, known = game.NoLimit, true
		case "FL":
			g.Structure, known = game.FixedLimit, true
		}
	}
	if !known {
		return g, "", sitetext.LineError(l.N, "no betting structure (PL, NL, FL) in %s", sitetext.Quote(s))
	}
	h.Table.Game, h.Table.Structure = g.Game, g.Structure
	if strings.Contains(desc, "Trny:") || strings.Contains(desc, "Buy-in") {
		h.Tournament = true
		st.scale = 1
		h.Table.ChipUnit = "1"
		if a := strings.Index(desc, "Blinds("); a >= 0 {
			if e := strings.IndexByte(desc[a:], ')'); e >= 0 {
				x, y, _ := strings.Cut(desc[a+len("Blinds("):a+e], "/")
				if bx, _, ok1 := sitetext.ParseAmount(x, 1); ok1 {
					if by, _, ok2 := sitetext.ParseAmount(y, 1); ok2 && bx > 0 && by >= bx {
						g.Stakes, g.HasStakes = [2]int64{bx, by}, true
					}
				}
			}
		}
		return g, "", nil
	}
	h.Table.ChipUnit = "0.01"
	first := fields[0]
	if code := code(fields); code != "" {
		h.Table.Currency = code
	}
	if a, c, ok := strings.Cut(first, "/"); ok { // "$20/$40" (bets) or "0.10/0.25" (blinds)
		x, sx, ok1 := sitetext.ParseAmount(a, 100)
		y, _, ok2 := sitetext.ParseAmount(c, 100)
		if !ok1 || !ok2 || x <= 0 || y < x {
			return g, "", sitetext.LineError(l.N, "bad stakes %s", sitetext.Quote(first))
		}
		g.Stakes, g.HasStakes = [2]int64{x, y}, true
		if h.Table.Currency == "" {
			h.Table.Currency = sitetext.CurrencyCode(sx)
		}
	}
	return g, "", nil
}

// code returns the currency code among the game line's fields.
func code(fields []string) string {
	for _, f := range fields {
		switch f {
		case "USD", "EUR", "GBP", "CAD":
			return f
		}
	}
	return ""
}

// amount reads "$10 USD", "[$0.05 USD].", "(0.15)", "2,910", "640
// chips".
func amount(s string, scale int64) (int64, bool) {
	s = strings.TrimSpace(s)
	s = strings.TrimSuffix(s, ".")
	s = strings.TrimSpace(strings.Trim(s, "[]()"))
	for _, x := range []string{" USD", " EUR", " GBP", " CAD", " chips"} {
		s = strings.TrimSuffix(s, x)
	}
	x, _, ok := sitetext.ParseAmount(s, scale)
	return x, ok
}

// seat reads "Seat 10: Player0 ( $200 USD )" or "Seat 1: P ($113.97)".
func seat(b *sitetext.Builder, l sitetext.Line, st *state) error {
	amt, err := b.GroupedSeat(l, func(a string) (int64, bool) { return amount(a, st.scale) })
	if err != nil {
		return err
	}
	if t := &b.Hand.Table; t.Currency == "" && !b.Hand.Tournament && !st.play {
		// The later layout's stakes carry no currency; its stacks do.
		_, sym, _ := sitetext.ParseAmount(strings.TrimSpace(amt), st.scale)
		t.Currency = sitetext.CurrencyCode(sym)
	}
	return nil
}

// ignored are lines with no bearing on the play.
var ignored = sitetext.Ignored{
	Suffixes: []string{" has left the table.", " has joined the table.", " is sitting out.", " is sitting out", " has been disconnected.", " is disconnected.", " is connected.", " has timed out.", " is back.", " is all-In.", " does not show cards.", " will be using his time bank for this hand.", " will be using her time bank for this hand.", " will be using their time bank for this hand."},
	Prefixes: []string{"Your time bank will be activated", "Creating Main Pot with", "Creating side pot", "Trny:", "Blinds(", "Board:", "There was no showdown"},
}

// line reads one line after the seats.
func line(b *sitetext.Builder, l sitetext.Line, st *state) error {
	s := l.S
	if ok, err := b.GroupedDeal(l, &st.summary); ok {
		return err
	}
	if strings.HasPrefix(s, "Main Pot: ") {
		return pots(l, st)
	}
	if st.summary {
		if i := b.Player(s, " balance "); i >= 0 {
			return balance(b, l, i, len(b.Seats[i].Name)+len(" balance "), st)
		}
		if i := b.Player(s, " Cashed out  balance "); i >= 0 {
			return balance(b, l, i, len(b.Seats[i].Name)+len(" Cashed out  balance "), st)
		}
	}
	if i := b.Player(s, ": "); i >= 0 { // chat
		return nil
	}
	i := b.Player(s, " ")
	if i < 0 {
		if ignored.Has(s) {
			return nil
		}
		if f := strings.Fields(s); len(f) >= 2 && (f[1] == "folds" || f[1] == "checks" || f[1] == "calls" || f[1] == "bets" || f[1] == "raises" || f[1] == "posts") {
			return sitetext.LineError(l.N, "%s acts but is not seated in this hand: %s", sitetext.Quote(f[0]), sitetext.Quote(s))
		}
		return b.Unknown(l)
	}
	v := s[len(b.Seats[i].Name)+1:]
	if done, err := cashOut(b, l, i, v, st); done {
		return err
	}
	verb, arg, _ := strings.Cut(v, " ")
	if arg == "" { // 2005: "P folds.", "P checks." (its amounts' stops: see amount)
		verb = strings.TrimSuffix(verb, ".")
	}
	if k := strings.IndexByte(verb, '['); k > 0 { // 2012: "raises[ $25 USD ]"
		verb, arg = verb[:k], strings.TrimSpace(verb[k:]+" "+arg)
	}
	amount := func(a string) (int64, error) {
		x, ok := amount(a, st.scale)
		if !ok || x <= 0 {
			return 0, sitetext.LineError(l.N, "bad amount in %s", sitetext.Quote(s))
		}
		return x, nil
	}
	if _, to, ok := strings.Cut(arg, " to "); ok && verb == "raises" { // later layout: "raises 2.70 to 2.80"
		y, err := amount(to)
		if err != nil {
			return err
		}
		return b.BetTo(l, i, y)
	}
	if ok, err := b.PutIn(l, i, verb, arg, "all-In ", amount); ok {
		return err
	}
	switch verb {
	case "posts":
		if both, ok := strings.CutPrefix(arg, "big blind + dead "); ok {
			x, err := amount(both)
			if err != nil {
				return err
			}
			return b.PostBlinds(l, i, x, b.BigBlind(0))
		}
		kind, amt, ok := sitetext.StarsPosts.Cut(arg)
		if !ok {
			return sitetext.LineError(l.N, "unrecognised post %s", sitetext.Quote(s))
		}
		x, err := amount(amt)
		if err != nil {
			return err
		}
		return b.Post(l, i, kind, x)
	case "shows":
		c, _, ok, err := sitetext.BracketCards(l.N, arg)
		if err != nil {
			return err
		}
		if !ok { // "P shows6,5,3,2,A for low." describes the low
			return nil
		}
		return b.Show(l, i, c)
	case "doesn't":
		if strings.HasPrefix(arg, "show [") {
			c, _, _, err := sitetext.BracketCards(l.N, arg)
			if err != nil {
				return err
			}
			return b.Muck(l, i, c)
		}
	case "wins":
		return wins(b, l, i, arg, st)
	}
	if ignored.Has(s) {
		return nil
	}
	if strings.HasPrefix(verb, "shows") { // "P shows6,5,3,2,A  for low."
		return nil
	}
	return sitetext.LineError(l.N, "unrecognised action %s", sitetext.Quote(s))
}

// wins reads the rest of "P wins $2,697 USD from the main pot with
// ...", "P wins Lo (640 chips) from ...", "P wins $239 USD".
func wins(b *sitetext.Builder, l sitetext.Line, i int, arg string, st *state) error {
	amt, _, _ := strings.Cut(arg, " from ")
	amt = strings.TrimPrefix(amt, "Lo ")
	amt = strings.TrimPrefix(amt, "Hi ")
	x, ok := amount(amt, st.scale)
	if !ok {
		return sitetext.LineError(l.N, "bad amount in %s", sitetext.Quote(l.S))
	}
	b.Collect(i, x)
	return nil
}

// pots reads "Main Pot: $1.09 Rake: $0.05" (the later layout).
func pots(l sitetext.Line, st *state) error {
	s := strings.TrimPrefix(l.S, "Main Pot: ")
	pot, rake, ok := strings.Cut(s, " Rake: ")
	x, ok1 := amount(pot, st.scale)
	r, ok2 := amount(rake, st.scale)
	if !ok || !ok1 || !ok2 {
		return sitetext.LineError(l.N, "bad pot line %s", sitetext.Quote(l.S))
	}
	st.pots = []int64{x}
	st.rake, st.rakeSet = r, true
	return nil
}

// cashOut reads the lines of a player's cash-out (2026 on: "P Cash-out
// Premium % is 1.0", "P opted for cash-out", "P probabilty is 60.37", "P
// Cashout Amount is 23.01"): the amount the site pays him outside the
// pot, which still goes to its winner. done is false for another line.
func cashOut(b *sitetext.Builder, l sitetext.Line, i int, v string, st *state) (done bool, err error) {
	switch {
	case strings.HasPrefix(v, "Cash-out Premium % is "), v == "opted for cash-out", strings.HasPrefix(v, "probabilty is "), strings.HasPrefix(v, "probability is "):
		return true, nil
	case strings.HasPrefix(v, "Cashout Amount is "):
		x, ok := amount(v[len("Cashout Amount is "):], st.scale)
		if !ok {
			return true, sitetext.LineError(l.N, "bad cash-out amount in %s", sitetext.Quote(l.S))
		}
		b.Seats[i].Outside += x
		b.Outside, st.cashedOut[i] = true, true
		b.Hand.Notes = append(b.Hand.Notes, fmt.Sprintf("line %d: %s took the site's cash-out of %s, paid outside the pot", l.N, handhistory.Clipped(b.Seats[i].Name), b.Money(x)))
		return true, nil
	}
	return false, nil
}

// balance reads a later summary line "P balance $13.12, bet $0.57,
// collected $1.09, net +$0.52[ 9s, 4d, 8s, Jc ] [ description ]" (and
// "P Cashed out  balance $23.01, ..." of a player who took the cash-out:
// his "collected" is the cash-out), the line read from byte at on.
func balance(b *sitetext.Builder, l sitetext.Line, i, at int, st *state) error {
	s := l.S[at:]
	text, _, _ := strings.Cut(s, "[")
	parts := strings.Split(text, ", ")
	bal, ok := amount(parts[0], st.scale)
	if !ok {
		return sitetext.LineError(l.N, "bad balance in %s", sitetext.Quote(l.S))
	}
	seat := &b.Seats[i]
	seat.Finish, seat.FinishSet = bal, true
	for _, p := range parts[1:] {
		if c, ok := strings.CutPrefix(p, "collected "); ok && !st.cashedOut[i] {
			x, good := amount(c, st.scale)
			if !good {
				return sitetext.LineError(l.N, "bad collected amount in %s", sitetext.Quote(l.S))
			}
			b.Collect(i, x)
		}
	}
	if c, _, ok, err := sitetext.BracketCards(l.N, s); err != nil {
		return err
	} else if ok && len(c) == 4 {
		if seat.Folded {
			return b.SetHole(l, i, c)
		}
		return b.Show(l, i, c)
	}
	return nil
}
