package pacific

import (
	"strings"

	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// isHeader reports whether l is one of the lines that start an 888 hand.
func isHeader(l string) bool {
	if strings.HasPrefix(l, "#Game No :") {
		return true
	}
	if !strings.HasPrefix(l, "***** ") {
		return false
	}
	k := strings.Index(l, " Hand History for Game ")
	return k > 6 && !strings.HasPrefix(l, "***** Hand History") // PartyPoker has no site name there
}

// state is what a Pacific hand's lines say beyond the builder's state.
type state struct {
	scale   int64
	summary bool
}

func parse(b *sitetext.Builder, lines []sitetext.Line) (*handhistory.Hand, string, error) {
	h := b.Hand
	i := 0
	for ; i < len(lines) && isHeader(lines[i].S); i++ {
		s := lines[i].S
		if strings.HasPrefix(s, "#Game No :") {
			h.SiteHandID = strings.TrimSpace(s[len("#Game No :"):])
			continue
		}
		k := strings.Index(s, " for Game ")
		h.SiteHandID = strings.TrimSpace(strings.TrimSuffix(s[k+len(" for Game "):], "*****"))
	}
	if skip, err := b.GroupedHead(lines, i < len(lines)); err != nil || skip != "" {
		return nil, skip, err
	}
	st := state{}
	g, skip, err := stakes(h, lines[i], &st)
	if err != nil || skip != "" {
		return nil, skip, err
	}
	i, err = b.GroupedTable(lines, i+1, func(l sitetext.Line) error { return seat(b, l) }, func(l sitetext.Line) (bool, error) {
		s := l.S
		switch {
		case strings.HasPrefix(s, "Table "):
			table(h, s)
		case strings.HasPrefix(s, "Tournament #"):
			h.Tournament = true
			if k := strings.Index(s, " - Table "); k >= 0 {
				table(h, s[k+3:])
			}
		case strings.HasPrefix(s, "Total number of players"):
		default:
			return false, nil
		}
		return true, nil
	})
	if err != nil {
		return nil, "", err
	}
	if h.Tournament {
		st.scale = 1
		h.Table.ChipUnit, h.Table.Currency = "1", ""
		for k := range b.Seats { // stacks were read as cents
			b.Seats[k].Stack /= 100
		}
		if g.HasStakes {
			g.Stakes[0], g.Stakes[1] = g.Stakes[0]/100, g.Stakes[1]/100
		}
	}
	play := func(l sitetext.Line) error { return line(b, l, &st) }
	if skip, err := b.Play(lines, i, 0, play, func() bool { return st.summary }); err != nil || skip != "" {
		return nil, skip, err
	}
	var bb int64
	if g.HasStakes {
		bb = g.Stakes[1]
	}
	b.SetBets(g.Structure, g.HasStakes, g.Stakes[1], 2*g.Stakes[1], bb)
	b.Settle = sitetext.Settlement{Derived: true}
	if err := b.Assemble(lines[0].N); err != nil {
		return nil, "", err
	}
	return b.Hand, "", nil
}

// stakes reads "$0.50/$1 Blinds Pot Limit OmahaHL - *** 06 01 2014 23:15:35".
func stakes(h *handhistory.Hand, l sitetext.Line, st *state) (sitetext.GameSpec, string, error) {
	var g sitetext.GameSpec
	s := l.S
	desc, when, _ := strings.Cut(s, " - ***")
	stakes, name, ok := strings.Cut(desc, " Blinds ")
	if !ok {
		return g, "", sitetext.LineError(l.N, "want the stakes line (\"$X/$Y Blinds <game> - *** <date>\"), got %s", sitetext.Quote(s))
	}
	name = strings.TrimSpace(name)
	switch {
	case strings.HasSuffix(name, "Omaha"):
		g.Game = eval.OmahaHi
	case strings.HasSuffix(name, "OmahaHL"), strings.HasSuffix(name, "Omaha HL"), strings.HasSuffix(name, "Omaha Hi/Lo"), strings.HasSuffix(name, "Omaha Hi-Lo"):
		g.Game = eval.OmahaHiLo
	default:
		return g, sitetext.NotOmaha(name), nil
	}
	switch {
	case strings.HasPrefix(name, "Pot Limit "):
		g.Structure = game.PotLimit
	case strings.HasPrefix(name, "No Limit "):
		g.Structure = game.NoLimit
	case strings.HasPrefix(name, "Fix Limit "), strings.HasPrefix(name, "Fixed Limit "), strings.HasPrefix(name, "Limit "):
		g.Structure = game.FixedLimit
	default:
		return g, "", sitetext.LineError(l.N, "unknown betting structure in %s", sitetext.Quote(s))
	}
	h.Table.Game, h.Table.Structure = g.Game, g.Structure
	st.scale = 100
	h.Table.ChipUnit = "0.01"
	a, c, ok := strings.Cut(clean(stakes), "/")
	x, sx, ok1 := sitetext.ParseAmount(a, 100)
	y, sy, ok2 := sitetext.ParseAmount(c, 100)
	if !ok || !ok1 || !ok2 || x <= 0 || y < x {
		return g, "", sitetext.LineError(l.N, "bad stakes %s", sitetext.Quote(stakes))
	}
	if sx != sy {
		return g, "", sitetext.LineError(l.N, "stakes %s in two currencies", sitetext.Quote(stakes))
	}
	h.Table.Currency = sitetext.CurrencyCode(sx)
	g.Stakes, g.HasStakes = [2]int64{x, y}, true
	if t, ok := sitetext.ParseClock(when, "02 01 2006 15:04:05"); ok {
		h.Time = sitetext.Clock(t)
	} else if strings.TrimSpace(when) != "" {
		return g, "", sitetext.LineError(l.N, "bad date and time %s", sitetext.Quote(when))
	}
	return g, "", nil
}

// table reads "Table Frisco 6 Max (Real Money)" (or "(Practice Play)").
func table(h *handhistory.Hand, s string) {
	name := strings.TrimPrefix(s, "Table ")
	if k := strings.LastIndex(name, " ("); k >= 0 {
		if strings.Contains(name[k:], "Play") {
			h.Table.Currency = "" // practice chips
		}
		name = name[:k]
	}
	if f := strings.Fields(name); len(f) >= 2 && f[len(f)-1] == "Max" {
		if n, ok := sitetext.SeatCount(f[len(f)-2]); ok {
			h.Table.MaxSeats = n
		}
	}
	h.TableName = name
}

// clean undoes the double encoding of a no-break space ("Â\u00a0").
func clean(s string) string {
	if strings.Contains(s, "Â\u00a0") {
		s = strings.ReplaceAll(s, "Â\u00a0", "\u00a0")
	}
	return s
}

// amount reads an amount in brackets or parentheses, at cents (the
// caller divides for tournaments, whose amounts are whole chips).
func amount(s string, scale int64) (int64, bool) {
	s = strings.TrimSpace(clean(s))
	s = strings.TrimSpace(strings.Trim(s, "[]()"))
	x, _, ok := sitetext.ParseAmount(s, scale)
	return x, ok
}

// seat reads "Seat 6: azartists ( $2,141 )".
func seat(b *sitetext.Builder, l sitetext.Line) error {
	_, err := b.GroupedSeat(l, func(a string) (int64, bool) { return amount(a, 100) })
	return err
}

// ignored are lines with no bearing on the play.
var ignored = sitetext.Ignored{Suffixes: []string{" has left the table", " has joined the table", " is sitting out", " sits out", " is back", " has been disconnected", " is disconnected", " is connected", " has timed out", " will be allowed to play after the button"}}

// line reads one line after the seats.
func line(b *sitetext.Builder, l sitetext.Line, st *state) error {
	s := l.S
	if ok, err := b.GroupedDeal(l, &st.summary); ok {
		return err
	}
	if strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") { // "(Hi: ...)", "(Lo: ...)"
		return nil
	}
	i := b.Player(s, " ")
	if i < 0 {
		if ignored.Has(s) {
			return nil
		}
		return b.Unknown(l)
	}
	v := s[len(b.Seats[i].Name)+1:]
	verb, arg, _ := strings.Cut(v, " ")
	amount := func(a string) (int64, error) {
		x, ok := amount(a, 100)
		if !ok || x <= 0 {
			return 0, sitetext.LineError(l.N, "bad amount in %s", sitetext.Quote(s))
		}
		if st.scale == 1 {
			if x%100 != 0 {
				return 0, sitetext.LineError(l.N, "a fraction of a chip in %s", sitetext.Quote(s))
			}
			x /= 100
		}
		return x, nil
	}
	if st.summary {
		switch verb {
		case "shows", "mucks":
			c, _, ok, err := sitetext.BracketCards(l.N, arg)
			if err != nil || !ok {
				return sitetext.LineError(l.N, "want cards in %s", sitetext.Quote(s))
			}
			if verb == "shows" {
				return b.Show(l, i, c)
			}
			return b.Muck(l, i, c)
		case "collected":
			x, err := amount(arg)
			if err != nil {
				return err
			}
			b.Collect(i, x)
			return nil
		case "did":
			if v == "did not show his hand" || v == "did not show her hand" {
				return nil
			}
		}
		return sitetext.LineError(l.N, "unrecognised summary line %s", sitetext.Quote(s))
	}
	if ok, err := b.PutIn(l, i, verb, arg, "all-in ", amount); ok {
		return err
	}
	switch verb {
	case "posts":
		var kind game.PostKind
		switch {
		case strings.HasPrefix(arg, "small blind "):
			kind = game.SmallBlind
		case strings.HasPrefix(arg, "big blind "):
			kind = game.BigBlind
		case strings.HasPrefix(arg, "ante "):
			kind = game.Ante
		case strings.HasPrefix(arg, "dead big blind "), strings.HasPrefix(arg, "dead small blind "), strings.HasPrefix(arg, "dead blind "):
			kind = game.Dead
		default:
			return sitetext.LineError(l.N, "unrecognised post %s", sitetext.Quote(s))
		}
		if k := strings.IndexByte(arg, '['); k >= 0 {
			arg = arg[k:]
		}
		if dead, live, ok := strings.Cut(arg, " + "); ok && kind == game.Dead {
			// "posts dead blind [$0.01 + $0.02]": the small blind's part,
			// dead, and the big blind's, live (either may be $0).
			return postBoth(b, l, i, s, st, strings.TrimPrefix(dead, "["), strings.TrimSuffix(live, "]"))
		}
		x, err := amount(arg)
		if err != nil {
			return err
		}
		return b.Post(l, i, kind, x)
	}
	if ignored.Has(s) {
		return nil
	}
	return sitetext.LineError(l.N, "unrecognised action %s", sitetext.Quote(s))
}

// postBoth reads the two amounts of a dead blind posted with a live one
// ("posts dead blind [$25 + $0]"): dead, the small blind's part, is dead
// money, live, the big blind's part, a live big blind; a zero part posts
// nothing, and a line of two zeros is an error.
func postBoth(b *sitetext.Builder, l sitetext.Line, i int, s string, st *state, dead, live string) error {
	parts := [2]int64{}
	for k, a := range [2]string{dead, live} {
		x, ok := amount(strings.TrimSpace(a), 100)
		if !ok || x < 0 {
			return sitetext.LineError(l.N, "bad amount in %s", sitetext.Quote(s))
		}
		if st.scale == 1 {
			if x%100 != 0 {
				return sitetext.LineError(l.N, "a fraction of a chip in %s", sitetext.Quote(s))
			}
			x /= 100
		}
		parts[k] = x
	}
	if parts[0] == 0 && parts[1] == 0 {
		return sitetext.LineError(l.N, "a dead blind of nothing in %s", sitetext.Quote(s))
	}
	if parts[0] > 0 {
		if err := b.Post(l, i, game.Dead, parts[0]); err != nil {
			return err
		}
	}
	if parts[1] > 0 {
		return b.Post(l, i, game.BigBlind, parts[1])
	}
	return nil
}
