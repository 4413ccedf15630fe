package handhistory

import (
	"strconv"
	"strings"
	"time"

	"github.com/scoophq/scoop/internal/eval"
)

// 888poker (Pacific Poker, Cassava) text hand histories.
//
// A hand starts with "#Game No : N" and/or "***** 888poker Hand History
// for Game N *****" ("Cassava", "888.es"... before "Hand History"), then
// the stakes line ("$0.50/$1 Blinds Pot Limit OmahaHL - *** 06 01 2014
// 23:15:35"), the table line ("Table Coruna 6 Max (Real Money)", or
// "Tournament #N $1.80 + $0.20 - Table #19 (Real Money)"), "Seat N is the
// button", "Total number of players : N", the seats ("Seat 6: azartists (
// $2,141 )"), the posts, "** Dealing down cards **" (missing in an
// observed hand), the actions and the streets ("** Dealing flop ** [ 7c,
// Ah, 2c ]"), and "** Summary **" with the shows, mucks and "collected"
// lines. The reader maps each Omaha hand onto the Hand model:
//
//   - Site "pacific", SiteHandID the game number, Time the header's date
//     and time ("dd mm yyyy hh:mm:ss", the site's clock: RFC 3339 without
//     an offset), TableName the table's name.
//   - Players are the seats that post, act, are dealt cards, show or
//     collect, in seat order; Button the button seat's player.
//   - Posts: "posts small blind [X]" -> small-blind, "posts big blind [X]"
//     -> big-blind, "posts ante [X]" -> ante, "posts dead big blind [X]"
//     -> a dead post. Actions: folds, checks, "calls [X]" (X put in),
//     "bets [X]" and "raises [X]" (X put in: a bet-raise to the round
//     total), "is all-in [X]" (X put in: a raise, or a call for less).
//   - Hole cards from "Dealt to", "shows [..]" and "mucks [..]" (a show
//     and a muck at a showdown); "(Hi: ...)"/"(Lo: ...)" lines describe a
//     shown hand and are not read; "did not show his hand" says nothing.
//   - Outcome: Collected the sum of each player's "collected [X]" lines
//     (one per half of a hi/lo pot), Returned zero, the rake derived (the
//     chips put in less the uncalled bet less the chips collected: 888
//     prints none; see ippBuilder.finish); tournaments have no rake.
//   - Money: cents in real-money and practice cash games (ChipUnit
//     "0.01"; a practice table has no currency), whole chips in
//     tournaments (whose amounts 888 writes with a "$"). Amounts carry the
//     currency before or after ("$1,234.50", "25 $", "$ 3.243" with a
//     Dutch thousands point, "552,72" with a decimal comma, "15 788,50 $"
//     with a no-break space, also as mis-encoded "Â\u00a0").
//   - Cards in English, Dutch (H, V, B: "Bh" is the jack of hearts) or
//     Swedish ("Kns", the jack of spades) notation (see ippCard).
//
// Fixed-limit stakes are the blinds ("15/30 Blinds Fix Limit Omaha":
// SmallBet 30, BigBet 60); pot- and no-limit MinBet is the big blind.
// Hands of other games are Skipped with the reason. A hand with an
// unknown line, a player not seated, or no "** Summary **" (cut off: then
// "skipped: incomplete hand") is handled per hand; a malformed hand is an
// Entry with a *fault.Error of kind Invalid naming the line.

// pacIsHeader reports whether l is one of the lines that start an 888 hand.
func pacIsHeader(l string) bool {
	if strings.HasPrefix(l, "#Game No :") {
		return true
	}
	if !strings.HasPrefix(l, "***** ") {
		return false
	}
	k := strings.Index(l, " Hand History for Game ")
	return k > 6 && !strings.HasPrefix(l, "***** Hand History") // PartyPoker has no site name there
}

// readPacific reads an 888poker text file (see Read): an Entry per hand.
// Safe for concurrent use.
func readPacific(data []byte) ([]Entry, error) {
	var b ippBuilder
	return ippReadGrouped(data, "888poker", "***** 888poker Hand History for Game N *****", pacIsHeader, func(lines []siteLine) (*Hand, string, error) {
		h := &Hand{Site: "pacific", Format: string(FormatPacific)}
		b.reset(h)
		hand, skip, err := pacParse(&b, lines)
		if hand == nil {
			hand = &Hand{SiteHandID: h.SiteHandID} // names a skipped or failed hand
		}
		return hand, skip, err
	})
}

// pacState is what a Pacific hand's lines say beyond the builder's state.
type pacState struct {
	scale   int64
	summary bool
}

func pacParse(b *ippBuilder, lines []siteLine) (*Hand, string, error) {
	h := b.h
	i := 0
	for ; i < len(lines) && pacIsHeader(lines[i].S); i++ {
		s := lines[i].S
		if strings.HasPrefix(s, "#Game No :") {
			h.SiteHandID = strings.TrimSpace(s[len("#Game No :"):])
			continue
		}
		k := strings.Index(s, " for Game ")
		h.SiteHandID = strings.TrimSpace(strings.TrimSuffix(s[k+len(" for Game "):], "*****"))
	}
	head := lines[0]
	if !ippID(h.SiteHandID) {
		h.SiteHandID = ""
		return nil, "", siteErr(head.N, "bad game number in %s", siteQuote(head.S))
	}
	if i >= len(lines) {
		return nil, "incomplete hand", nil
	}
	st := pacState{}
	g, skip, err := pacStakes(h, lines[i], &st)
	if err != nil || skip != "" {
		return nil, skip, err
	}
	i++
	for ; i < len(lines); i++ {
		l := lines[i]
		s := l.S
		switch {
		case strings.HasPrefix(s, "Table "):
			pacTable(h, s)
		case strings.HasPrefix(s, "Tournament #"):
			h.Tournament = true
			if k := strings.Index(s, " - Table "); k >= 0 {
				pacTable(h, s[k+3:])
			}
		case strings.HasPrefix(s, "Seat ") && strings.HasSuffix(s, " is the button"):
			n, err := strconv.Atoi(strings.TrimSuffix(s[len("Seat "):], " is the button"))
			if err != nil {
				return nil, "", siteErr(l.N, "bad button line %s", siteQuote(s))
			}
			b.button = n
		case strings.HasPrefix(s, "Total number of players"):
		case strings.HasPrefix(s, "Seat "):
			if err := pacSeat(b, l, &st); err != nil {
				return nil, "", err
			}
		default:
			goto body
		}
	}
body:
	if h.Tournament {
		st.scale = 1
		h.Table.ChipUnit, h.Table.Currency = "1", ""
		for k := range b.seats { // stacks were read as cents
			b.seats[k].stack /= 100
		}
		if g.hasStakes {
			g.stakes[0], g.stakes[1] = g.stakes[0]/100, g.stakes[1]/100
		}
	}
	if len(b.seats) < 2 {
		return nil, "", siteErr(lines[min(i, len(lines)-1)].N, "hand lists %d seats, want at least 2", len(b.seats))
	}
	for ; i < len(lines); i++ {
		if err := pacLine(b, lines[i], &st); err != nil {
			return nil, "", err
		}
		if len(b.actions) > MaxActions {
			return nil, "", tooManyActions(lines[i].N, 0)
		}
	}
	if !st.summary {
		return nil, "incomplete hand", nil
	}
	t := &h.Table
	if g.structure == FixedLimit {
		t.MaxBets = 4
		if g.hasStakes {
			t.SmallBet, t.BigBet = g.stakes[1], 2*g.stakes[1]
		}
	} else {
		t.MinBet = b.bigBlind()
		if t.MinBet == 0 && g.hasStakes {
			t.MinBet = g.stakes[1]
		}
	}
	hand, err := b.finish(head.N, sbOutcome{})
	return hand, "", err
}

// pacStakes reads "$0.50/$1 Blinds Pot Limit OmahaHL - *** 06 01 2014 23:15:35".
func pacStakes(h *Hand, l siteLine, st *pacState) (ipkGameSpec, string, error) {
	var g ipkGameSpec
	s := l.S
	desc, when, _ := strings.Cut(s, " - ***")
	stakes, game, ok := strings.Cut(desc, " Blinds ")
	if !ok {
		return g, "", siteErr(l.N, "want the stakes line (\"$X/$Y Blinds <game> - *** <date>\"), got %s", siteQuote(s))
	}
	game = strings.TrimSpace(game)
	switch {
	case strings.HasSuffix(game, "Omaha"):
		g.game = eval.OmahaHi
	case strings.HasSuffix(game, "OmahaHL"), strings.HasSuffix(game, "Omaha HL"), strings.HasSuffix(game, "Omaha Hi/Lo"), strings.HasSuffix(game, "Omaha Hi-Lo"):
		g.game = eval.OmahaHiLo
	default:
		return g, "game " + clipped(game) + " is not Omaha", nil
	}
	switch {
	case strings.HasPrefix(game, "Pot Limit "):
		g.structure = PotLimit
	case strings.HasPrefix(game, "No Limit "):
		g.structure = NoLimit
	case strings.HasPrefix(game, "Fix Limit "), strings.HasPrefix(game, "Fixed Limit "), strings.HasPrefix(game, "Limit "):
		g.structure = FixedLimit
	default:
		return g, "", siteErr(l.N, "unknown betting structure in %s", siteQuote(s))
	}
	h.Table.Game, h.Table.Structure = g.game, g.structure
	st.scale = 100
	h.Table.ChipUnit = "0.01"
	a, c, ok := strings.Cut(pacClean(stakes), "/")
	x, sx, ok1 := parseSiteAmount(a, 100)
	y, sy, ok2 := parseSiteAmount(c, 100)
	if !ok || !ok1 || !ok2 || x <= 0 || y < x {
		return g, "", siteErr(l.N, "bad stakes %s", siteQuote(stakes))
	}
	if sx != sy {
		return g, "", siteErr(l.N, "stakes %s in two currencies", siteQuote(stakes))
	}
	h.Table.Currency = siteCurrencyCode(sx)
	g.stakes, g.hasStakes = [2]int64{x, y}, true
	if t, err := time.Parse("02 01 2006 15:04:05", strings.TrimSpace(when)); err == nil {
		h.Time = t.Format("2006-01-02T15:04:05")
	} else if strings.TrimSpace(when) != "" {
		return g, "", siteErr(l.N, "bad date and time %s", siteQuote(when))
	}
	return g, "", nil
}

// pacTable reads "Table Frisco 6 Max (Real Money)" (or "(Practice Play)").
func pacTable(h *Hand, s string) {
	name := strings.TrimPrefix(s, "Table ")
	if k := strings.LastIndex(name, " ("); k >= 0 {
		if strings.Contains(name[k:], "Play") {
			h.Table.Currency = "" // practice chips
		}
		name = name[:k]
	}
	if f := strings.Fields(name); len(f) >= 2 && f[len(f)-1] == "Max" {
		if n, err := strconv.Atoi(f[len(f)-2]); err == nil && n >= 2 && n <= 10 {
			h.Table.MaxSeats = n
		}
	}
	h.TableName = name
}

// pacClean undoes the double encoding of a no-break space ("Â\u00a0").
func pacClean(s string) string {
	if strings.Contains(s, "Â\u00a0") {
		s = strings.ReplaceAll(s, "Â\u00a0", "\u00a0")
	}
	return s
}

// pacAmount reads an amount in brackets or parentheses, at cents (the
// caller divides for tournaments, whose amounts are whole chips).
func pacAmount(s string, scale int64) (int64, bool) {
	s = strings.TrimSpace(pacClean(s))
	s = strings.TrimSpace(strings.Trim(s, "[]()"))
	x, _, ok := parseSiteAmount(s, scale)
	return x, ok
}

// pacSeat reads "Seat 6: azartists ( $2,141 )".
func pacSeat(b *ippBuilder, l siteLine, st *pacState) error {
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
	o := strings.LastIndex(rest, " (")
	if o <= 0 || !strings.HasSuffix(rest, ")") {
		return siteErr(l.N, "seat line has no stack in parentheses: %s", siteQuote(s))
	}
	stack, ok := pacAmount(rest[o+1:], 100)
	if !ok {
		return siteErr(l.N, "bad stack in %s", siteQuote(s))
	}
	return b.addSeat(l.N, num, rest[:o], stack)
}

// pacIgnored are lines with no bearing on the play.
var pacIgnored = []string{" has left the table", " has joined the table", " is sitting out", " sits out", " is back", " has been disconnected", " is disconnected", " is connected", " has timed out", " will be allowed to play after the button"}

// pacLine reads one line after the seats.
func pacLine(b *ippBuilder, l siteLine, st *pacState) error {
	s := l.S
	switch {
	case s == "** Dealing down cards **":
		return nil
	case s == "** Summary **":
		st.summary = true
		return nil
	case strings.HasPrefix(s, "** Dealing "):
		c, _, ok, err := ippBracketCards(l.N, s)
		if err != nil {
			return err
		}
		if !ok {
			return siteErr(l.N, "a street with no cards: %s", siteQuote(s))
		}
		return b.deal(l.N, c)
	case strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")"): // "(Hi: ...)", "(Lo: ...)"
		return nil
	case strings.HasPrefix(s, "Dealt to "):
		i := b.prefixed(s[len("Dealt to "):], " ")
		if i < 0 {
			return siteErr(l.N, "cards dealt to a player not seated: %s", siteQuote(s))
		}
		c, _, _, err := ippBracketCards(l.N, s)
		if err != nil {
			return err
		}
		return b.setHole(l.N, i, c)
	}
	i := b.prefixed(s, " ")
	if i < 0 {
		for _, x := range pacIgnored {
			if strings.HasSuffix(s, x) {
				return nil
			}
		}
		return siteErr(l.N, "unrecognised line (a player not seated?) %s", siteQuote(s))
	}
	v := s[len(b.seats[i].name)+1:]
	verb, arg, _ := strings.Cut(v, " ")
	amount := func() (int64, error) {
		x, ok := pacAmount(arg, 100)
		if !ok || x <= 0 {
			return 0, siteErr(l.N, "bad amount in %s", siteQuote(s))
		}
		if st.scale == 1 {
			if x%100 != 0 {
				return 0, siteErr(l.N, "a fraction of a chip in %s", siteQuote(s))
			}
			x /= 100
		}
		return x, nil
	}
	if st.summary {
		switch verb {
		case "shows", "mucks":
			c, _, ok, err := ippBracketCards(l.N, arg)
			if err != nil || !ok {
				return siteErr(l.N, "want cards in %s", siteQuote(s))
			}
			if verb == "shows" {
				return b.show(l.N, i, c)
			}
			return b.muck(l.N, i, c)
		case "collected":
			x, err := amount()
			if err != nil {
				return err
			}
			b.seats[i].collected += x
			b.seats[i].used = true
			return nil
		case "did":
			if v == "did not show his hand" || v == "did not show her hand" {
				return nil
			}
		}
		return siteErr(l.N, "unrecognised summary line %s", siteQuote(s))
	}
	switch verb {
	case "posts":
		var kind PostKind
		switch {
		case strings.HasPrefix(arg, "small blind "):
			kind = PostSmallBlind
		case strings.HasPrefix(arg, "big blind "):
			kind = PostBigBlind
		case strings.HasPrefix(arg, "ante "):
			kind = PostAnte
		case strings.HasPrefix(arg, "dead big blind "), strings.HasPrefix(arg, "dead small blind "), strings.HasPrefix(arg, "dead blind "):
			kind = PostDead
		default:
			return siteErr(l.N, "unrecognised post %s", siteQuote(s))
		}
		if k := strings.IndexByte(arg, '['); k >= 0 {
			arg = arg[k:]
		}
		x, err := amount()
		if err != nil {
			return err
		}
		return b.post(l.N, i, kind, x)
	case "folds":
		b.fold(i)
		return nil
	case "checks":
		b.check(i)
		return nil
	case "calls":
		x, err := amount()
		if err != nil {
			return err
		}
		return b.call(l.N, i, x)
	case "bets", "raises":
		x, err := amount()
		if err != nil {
			return err
		}
		return b.putMore(l.N, i, x)
	case "is":
		if rest, ok := strings.CutPrefix(arg, "all-in "); ok {
			arg = rest
			x, err := amount()
			if err != nil {
				return err
			}
			return b.putMore(l.N, i, x)
		}
	}
	for _, x := range pacIgnored {
		if strings.HasSuffix(s, x) {
			return nil
		}
	}
	return siteErr(l.N, "unrecognised action %s", siteQuote(s))
}
