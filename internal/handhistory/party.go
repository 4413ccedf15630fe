package handhistory

import (
	"strconv"
	"strings"
	"time"

	"github.com/scoophq/scoop/internal/eval"
)

// PartyPoker text hand histories.
//
// A hand starts with "Game #N starts.", "#Game No : N" and "***** Hand
// History for Game N *****" (any of them may be missing; "For" in the
// later format), then the game line, the table line, "Seat N is the
// button", "Total number of players : N/M", the seats and the play. Two
// layouts are read:
//
//   - the classic one: "$2 USD PL Omaha - Monday, November 1, 08:40:12
//     CET 2013" (a cash game's table buy-in or fixed-limit bets, then the
//     game), "PL Omaha Hi-Lo $22 USD Buy-in Trny: N Level: 2
//     Blinds(20/40) - ..." (a tournament); amounts in brackets, each the
//     chips put in ("raises [$30 USD]", "is all-In [$3.92 USD]"); the
//     outcome in "wins" lines ("P wins $2,697 USD from the main pot with
//     ...", "P wins Lo (640 chips) from the main pot", "P wins $239
//     USD"), which include the uncalled bet given back;
//   - the later one: "0.10/0.25 Omaha Hi Game Table (PL) - Mon Jul 20
//     11:01:17 EDT 2026", amounts in parentheses, "raises X to Y" (Y the
//     round total), "P is all-In." after the action, and a summary
//     ("Main Pot: $1.09 Rake: $0.05", "P balance $13.12, bet $0.57,
//     collected $1.09, net +$0.52[ cards ] [ description ]") giving the
//     pot after rake, the rake, each player's collected amount, finishing
//     stack (balance) and shown cards.
//
// The reader maps each Omaha hand onto the Hand model: Site
// "partypoker", SiteHandID the game number, Time the game line's date and
// time in RFC 3339 with the offset of the zone it names (EST, EDT, CET,
// CEST, GMT, BST, PST, PDT, MSK; none for another zone), TableName the
// table's name; players in seat order (the record lists seats in any
// order), those who post, act, are dealt cards, show or collect; the
// button; posts (small blind, big blind from any seat, ante, and "big
// blind + dead" as a dead small blind and a big blind); actions ("folds",
// "checks", "calls [X]" X put in, "bets [X]", "raises [X]" and "is all-In
// [X]" X put in: a bet-raise to the round total or a call for less);
// streets ("** Dealing Flop ** [ Qc, 3s, Ks ]"); hole cards from "Dealt
// to", "shows [..]" (a show at a showdown), "doesn't show [..]" (a muck
// there) and the later summary's cards. Outcome: Collected (the "wins"
// lines or the summary's "collected"), Returned zero, FinishingStacks the
// summary's balances (later layout), Rake and Pots as the summary states
// them, else the rake derived from the chips put in less the chips won
// (see ippBuilder.finish); tournaments have no rake. Money is in cents
// for real-money cash games, in chips for tournaments ("wins 640
// chips"). Chat ("P: text"), players joining or leaving, time-bank
// notices, "Trny:"/"Blinds(...)" lines and "Creating Main Pot" notices are
// ignored. Fixed-limit stakes are the bets; pot- and no-limit MinBet is
// the big blind posted.
//
// A line by a player who is not seated (a record that lists other players
// than the ones acting), an unknown line or a hand that cannot be read is
// an Entry with a *fault.Error of kind Invalid naming the line; a hand cut
// off after its header lines is Skipped ("incomplete hand"); hands of
// other games are Skipped with the reason.

// partyIsHeader reports whether l is one of the lines that start a
// PartyPoker hand.
func partyIsHeader(l string) bool {
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

// readParty reads a PartyPoker text file (see Read): an Entry per hand.
// Safe for concurrent use.
func readParty(data []byte) ([]Entry, error) {
	var b ippBuilder
	return ippReadGrouped(data, "PartyPoker", "***** Hand History for Game N *****", partyIsHeader, func(lines []siteLine) (*Hand, string, error) {
		h := &Hand{Site: "partypoker", Format: string(FormatParty)}
		b.reset(h)
		hand, skip, err := partyParse(&b, lines)
		if hand == nil {
			hand = &Hand{SiteHandID: h.SiteHandID} // names a skipped or failed hand
		}
		return hand, skip, err
	})
}

// partyState is what a PartyPoker hand's lines say beyond the builder's.
type partyState struct {
	scale   int64
	summary bool // the later layout's "** Summary **" was read
	play    bool // a play-money table
	pots    []int64
	rake    int64
	rakeSet bool
}

func partyParse(b *ippBuilder, lines []siteLine) (*Hand, string, error) {
	h := b.h
	i := 0
	found := false
	for ; i < len(lines) && partyIsHeader(lines[i].S); i++ {
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
	head := lines[0]
	if !ippID(h.SiteHandID) {
		h.SiteHandID = ""
		return nil, "", siteErr(head.N, "bad game number in %s", siteQuote(head.S))
	}
	if i >= len(lines) || !found {
		return nil, "incomplete hand", nil // cut off after its first lines
	}
	st := partyState{scale: 100}
	g, skip, err := partyGame(h, lines[i], &st)
	if err != nil || skip != "" {
		return nil, skip, err
	}
	i++
	for ; i < len(lines); i++ {
		l := lines[i]
		s := l.S
		switch {
		case strings.HasPrefix(s, "Table "):
			name := s[len("Table "):]
			if k := strings.Index(name, " -- Seat "); k >= 0 { // later layout: the button on the table line
				n, err := strconv.Atoi(strings.TrimSuffix(name[k+len(" -- Seat "):], " is the button"))
				if err != nil {
					return nil, "", siteErr(l.N, "bad button in %s", siteQuote(s))
				}
				b.button, name = n, name[:k]
			}
			if k := strings.LastIndex(name, " ("); k >= 0 && strings.HasSuffix(name, ")") {
				if strings.Contains(name[k:], "Play") {
					h.Table.Currency, st.play = "", true
				}
				name = name[:k]
			}
			h.TableName = strings.Join(strings.Fields(name), " ")
		case strings.HasPrefix(s, "Seat ") && strings.HasSuffix(s, " is the button"):
			n, err := strconv.Atoi(strings.TrimSuffix(s[len("Seat "):], " is the button"))
			if err != nil {
				return nil, "", siteErr(l.N, "bad button line %s", siteQuote(s))
			}
			b.button = n
		case strings.HasPrefix(s, "Total number of players"):
			if _, m, ok := strings.Cut(s, "/"); ok {
				if n, err := strconv.Atoi(strings.TrimSpace(m)); err == nil && n >= 2 && n <= 10 {
					h.Table.MaxSeats = n
				}
			}
		case strings.HasPrefix(s, "Seat "):
			if err := partySeat(b, l, &st); err != nil {
				return nil, "", err
			}
		default:
			goto body
		}
	}
body:
	if len(b.seats) < 2 {
		return nil, "", siteErr(lines[min(i, len(lines)-1)].N, "hand lists %d seats, want at least 2", len(b.seats))
	}
	for ; i < len(lines); i++ {
		if err := partyLine(b, lines[i], &st); err != nil {
			return nil, "", err
		}
		if len(b.actions) > MaxActions {
			return nil, "", tooManyActions(lines[i].N, 0)
		}
	}
	t := &h.Table
	if g.structure == FixedLimit {
		t.MaxBets = 4
		if g.hasStakes {
			t.SmallBet, t.BigBet = g.stakes[0], g.stakes[1]
		}
	} else {
		t.MinBet = b.bigBlind()
		if t.MinBet == 0 && g.hasStakes {
			t.MinBet = g.stakes[1]
		}
	}
	o := sbOutcome{winsWithReturned: true, rake: st.rake, rakeSet: st.rakeSet, pots: st.pots}
	hand, err := b.finish(head.N, o)
	if err == nil && st.pots != nil {
		hand.Outcome.TotalPot = st.rake
		for _, x := range st.pots {
			hand.Outcome.TotalPot += x
		}
	}
	return hand, "", err
}

// partyZones are the offsets of the zones PartyPoker names.
var partyZones = map[string]string{"EST": "-05:00", "EDT": "-04:00", "CET": "+01:00", "CEST": "+02:00", "GMT": "+00:00", "UTC": "+00:00", "BST": "+01:00", "PST": "-08:00", "PDT": "-07:00", "MSK": "+03:00"}

// partyTime reads "Monday, November 1, 08:40:12 CET 2013" or "Mon Jul 20
// 11:01:17 EDT 2026"; "" when in neither form.
func partyTime(s string) string {
	f := strings.Fields(strings.ReplaceAll(s, ",", " "))
	if len(f) != 6 {
		return ""
	}
	zone := f[4]
	f[4] = ""
	day := f[1] + " " + f[2] + " " + f[3] + " " + f[5]
	for _, layout := range []string{"January 2 15:04:05 2006", "Jan 2 15:04:05 2006"} {
		if t, err := time.Parse(layout, day); err == nil {
			return t.Format("2006-01-02T15:04:05") + partyZones[zone]
		}
	}
	return ""
}

// partyGame reads the game line.
func partyGame(h *Hand, l siteLine, st *partyState) (ipkGameSpec, string, error) {
	var g ipkGameSpec
	s := l.S
	k := strings.LastIndex(s, " - ")
	if k < 0 {
		return g, "", siteErr(l.N, "want the game line (\"<stakes> <game> - <date>\"), got %s", siteQuote(s))
	}
	desc, when := s[:k], s[k+3:]
	h.Time = partyTime(when)
	switch {
	case strings.Contains(desc, "Omaha Hi-Lo"), strings.Contains(desc, "Omaha Hi/Lo"), strings.Contains(desc, "Omaha8"), strings.Contains(desc, "Omaha H/L"):
		g.game = eval.OmahaHiLo
	case strings.Contains(desc, "Omaha"):
		g.game = eval.OmahaHi
	default:
		name := desc
		for _, x := range []string{"Texas Hold'em", "Hold'em", "Holdem", "Stud", "Razz", "Draw"} {
			if strings.Contains(desc, x) {
				name = x
				break
			}
		}
		return g, "game " + clipped(name) + " is not Omaha", nil
	}
	fields := strings.Fields(desc)
	for _, f := range fields {
		switch strings.Trim(f, "()") {
		case "PL":
			g.structure = PotLimit
		case "NL":
			g.structure = NoLimit
		case "FL":
			g.structure = FixedLimit
		}
	}
	if g.structure == "" {
		return g, "", siteErr(l.N, "no betting structure (PL, NL, FL) in %s", siteQuote(s))
	}
	h.Table.Game, h.Table.Structure = g.game, g.structure
	if strings.Contains(desc, "Trny:") || strings.Contains(desc, "Buy-in") {
		h.Tournament = true
		st.scale = 1
		h.Table.ChipUnit = "1"
		if a := strings.Index(desc, "Blinds("); a >= 0 {
			if e := strings.IndexByte(desc[a:], ')'); e >= 0 {
				x, y, _ := strings.Cut(desc[a+len("Blinds("):a+e], "/")
				if bx, _, ok1 := parseSiteAmount(x, 1); ok1 {
					if by, _, ok2 := parseSiteAmount(y, 1); ok2 && bx > 0 && by >= bx {
						g.stakes, g.hasStakes = [2]int64{bx, by}, true
					}
				}
			}
		}
		return g, "", nil
	}
	h.Table.ChipUnit = "0.01"
	first := fields[0]
	if code := partyCode(fields); code != "" {
		h.Table.Currency = code
	}
	if a, c, ok := strings.Cut(first, "/"); ok { // "$20/$40" (bets) or "0.10/0.25" (blinds)
		x, sx, ok1 := parseSiteAmount(a, 100)
		y, _, ok2 := parseSiteAmount(c, 100)
		if !ok1 || !ok2 || x <= 0 || y < x {
			return g, "", siteErr(l.N, "bad stakes %s", siteQuote(first))
		}
		g.stakes, g.hasStakes = [2]int64{x, y}, true
		if h.Table.Currency == "" {
			h.Table.Currency = siteCurrencyCode(sx)
		}
	}
	return g, "", nil
}

// partyCode returns the currency code among the game line's fields.
func partyCode(fields []string) string {
	for _, f := range fields {
		switch f {
		case "USD", "EUR", "GBP", "CAD":
			return f
		}
	}
	return ""
}

// partyAmount reads "$10 USD", "[$0.05 USD].", "(0.15)", "2,910", "640
// chips".
func partyAmount(s string, scale int64) (int64, bool) {
	s = strings.TrimSpace(s)
	s = strings.TrimSuffix(s, ".")
	s = strings.TrimSpace(strings.Trim(s, "[]()"))
	for _, x := range []string{" USD", " EUR", " GBP", " CAD", " chips"} {
		s = strings.TrimSuffix(s, x)
	}
	x, _, ok := parseSiteAmount(s, scale)
	return x, ok
}

// partySeat reads "Seat 10: Player0 ( $200 USD )" or "Seat 1: P ($113.97)".
func partySeat(b *ippBuilder, l siteLine, st *partyState) error {
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
	stack, ok := partyAmount(rest[o+1:], st.scale)
	if !ok {
		return siteErr(l.N, "bad stack in %s", siteQuote(s))
	}
	if t := &b.h.Table; t.Currency == "" && !b.h.Tournament && !st.play {
		// The later layout's stakes carry no currency; its stacks do.
		_, sym, _ := parseSiteAmount(strings.TrimSpace(strings.Trim(strings.TrimSpace(rest[o+1:]), "()")), st.scale)
		t.Currency = siteCurrencyCode(sym)
	}
	return b.addSeat(l.N, num, rest[:o], stack)
}

// partyIgnored are lines with no bearing on the play.
var (
	partyIgnoredSufx = []string{" has left the table.", " has joined the table.", " is sitting out.", " is sitting out", " has been disconnected.", " is disconnected.", " is connected.", " has timed out.", " is back.", " is all-In.", " does not show cards.", " will be using his time bank for this hand.", " will be using her time bank for this hand."}
	partyIgnoredPre  = []string{"Your time bank will be activated", "Creating Main Pot with", "Creating side pot", "Trny:", "Blinds(", "Board:", "There was no showdown"}
)

func partyIgnorable(s string) bool {
	for _, x := range partyIgnoredSufx {
		if strings.HasSuffix(s, x) {
			return true
		}
	}
	for _, x := range partyIgnoredPre {
		if strings.HasPrefix(s, x) {
			return true
		}
	}
	return false
}

// partyLine reads one line after the seats.
func partyLine(b *ippBuilder, l siteLine, st *partyState) error {
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
	case strings.HasPrefix(s, "Main Pot: "):
		return partyPots(l, st)
	}
	if st.summary {
		if i := b.prefixed(s, " balance "); i >= 0 {
			return partyBalance(b, l, i, st)
		}
	}
	if i := b.prefixed(s, ": "); i >= 0 { // chat
		return nil
	}
	i := b.prefixed(s, " ")
	if i < 0 {
		if partyIgnorable(s) {
			return nil
		}
		if f := strings.Fields(s); len(f) >= 2 && (f[1] == "folds" || f[1] == "checks" || f[1] == "calls" || f[1] == "bets" || f[1] == "raises" || f[1] == "posts") {
			return siteErr(l.N, "%s acts but is not seated in this hand: %s", siteQuote(f[0]), siteQuote(s))
		}
		return siteErr(l.N, "unrecognised line %s", siteQuote(s))
	}
	v := s[len(b.seats[i].name)+1:]
	verb, arg, _ := strings.Cut(v, " ")
	amount := func(a string) (int64, error) {
		x, ok := partyAmount(a, st.scale)
		if !ok || x <= 0 {
			return 0, siteErr(l.N, "bad amount in %s", siteQuote(s))
		}
		return x, nil
	}
	switch verb {
	case "posts":
		var kind PostKind
		var amt string
		switch {
		case strings.HasPrefix(arg, "small blind "):
			kind, amt = PostSmallBlind, arg[len("small blind "):]
		case strings.HasPrefix(arg, "big blind + dead "):
			x, err := amount(arg[len("big blind + dead "):])
			if err != nil {
				return err
			}
			bb := b.bigBlind()
			if bb <= 0 || bb >= x {
				return siteErr(l.N, "cannot split %s into a dead small blind and a big blind", siteQuote(s))
			}
			if err := b.post(l.N, i, PostDead, x-bb); err != nil {
				return err
			}
			return b.post(l.N, i, PostBigBlind, bb)
		case strings.HasPrefix(arg, "big blind "):
			kind, amt = PostBigBlind, arg[len("big blind "):]
		case strings.HasPrefix(arg, "ante "):
			kind, amt = PostAnte, arg[len("ante "):]
		default:
			return siteErr(l.N, "unrecognised post %s", siteQuote(s))
		}
		x, err := amount(amt)
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
		x, err := amount(arg)
		if err != nil {
			return err
		}
		return b.call(l.N, i, x)
	case "bets":
		x, err := amount(arg)
		if err != nil {
			return err
		}
		return b.putMore(l.N, i, x)
	case "raises":
		if _, to, ok := strings.Cut(arg, " to "); ok { // later layout: "raises 2.70 to 2.80"
			y, err := amount(to)
			if err != nil {
				return err
			}
			return b.betTo(l.N, i, y)
		}
		x, err := amount(arg)
		if err != nil {
			return err
		}
		return b.putMore(l.N, i, x)
	case "is":
		if rest, ok := strings.CutPrefix(arg, "all-In "); ok {
			x, err := amount(rest)
			if err != nil {
				return err
			}
			return b.putMore(l.N, i, x)
		}
	case "shows":
		c, _, ok, err := ippBracketCards(l.N, arg)
		if err != nil {
			return err
		}
		if !ok { // "P shows6,5,3,2,A for low." describes the low
			return nil
		}
		return b.show(l.N, i, c)
	case "doesn't":
		if strings.HasPrefix(arg, "show [") {
			c, _, _, err := ippBracketCards(l.N, arg)
			if err != nil {
				return err
			}
			return b.muck(l.N, i, c)
		}
	case "wins":
		return partyWins(b, l, i, arg, st)
	}
	if partyIgnorable(s) {
		return nil
	}
	if strings.HasPrefix(verb, "shows") { // "P shows6,5,3,2,A  for low."
		return nil
	}
	return siteErr(l.N, "unrecognised action %s", siteQuote(s))
}

// partyWins reads the rest of "P wins $2,697 USD from the main pot with
// ...", "P wins Lo (640 chips) from ...", "P wins $239 USD".
func partyWins(b *ippBuilder, l siteLine, i int, arg string, st *partyState) error {
	amt, _, _ := strings.Cut(arg, " from ")
	amt = strings.TrimPrefix(amt, "Lo ")
	amt = strings.TrimPrefix(amt, "Hi ")
	x, ok := partyAmount(amt, st.scale)
	if !ok {
		return siteErr(l.N, "bad amount in %s", siteQuote(l.S))
	}
	b.seats[i].collected += x
	b.seats[i].used = true
	return nil
}

// partyPots reads "Main Pot: $1.09 Rake: $0.05" (the later layout).
func partyPots(l siteLine, st *partyState) error {
	s := strings.TrimPrefix(l.S, "Main Pot: ")
	pot, rake, ok := strings.Cut(s, " Rake: ")
	x, ok1 := partyAmount(pot, st.scale)
	r, ok2 := partyAmount(rake, st.scale)
	if !ok || !ok1 || !ok2 {
		return siteErr(l.N, "bad pot line %s", siteQuote(l.S))
	}
	st.pots = []int64{x}
	st.rake, st.rakeSet = r, true
	return nil
}

// partyBalance reads a later summary line "P balance $13.12, bet $0.57,
// collected $1.09, net +$0.52[ 9s, 4d, 8s, Jc ] [ description ]".
func partyBalance(b *ippBuilder, l siteLine, i int, st *partyState) error {
	s := l.S[len(b.seats[i].name)+len(" balance "):]
	text, _, _ := strings.Cut(s, "[")
	parts := strings.Split(text, ", ")
	bal, ok := partyAmount(parts[0], st.scale)
	if !ok {
		return siteErr(l.N, "bad balance in %s", siteQuote(l.S))
	}
	seat := &b.seats[i]
	seat.finish, seat.finishSet = bal, true
	for _, p := range parts[1:] {
		if c, ok := strings.CutPrefix(p, "collected "); ok {
			x, good := partyAmount(c, st.scale)
			if !good {
				return siteErr(l.N, "bad collected amount in %s", siteQuote(l.S))
			}
			seat.collected += x
			seat.used = true
		}
	}
	if c, _, ok, err := ippBracketCards(l.N, s); err != nil {
		return err
	} else if ok && len(c) == 4 {
		if seat.folded {
			return b.setHole(l.N, i, c)
		}
		return b.show(l.N, i, c)
	}
	return nil
}
