package handhistory

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/fault"
)

// Helpers shared by the text readers of the sites other than PokerStars
// (GGPoker, Winamax, Full Tilt, 888, PartyPoker...): lines numbered and
// bounded by MaxLineBytes, a file split into hands by a header, amounts in
// every site's notation, card lists with unseen cards, and the per-hand
// driver that turns a file into Entries. None of them allocates per line
// beyond the slice of lines of the hand being read; all are safe for
// concurrent use (they keep no state outside their arguments).
//
// The API (keep it stable; add, don't change):
//
//	siteLine, siteLines / (*siteLines).next     numbered, trimmed, bounded lines
//	siteHeader, headerRegexp, headerPrefix      how a reader recognises a hand header
//	splitSiteHands                              a file's hands (and the text before the first)
//	readSiteHands                               the per-hand driver: []Entry, per-hand errors
//	siteErr, siteQuote, siteCheckLong           errors naming a line
//	parseSiteAmount, siteCurrencyCode           money in every notation
//	parseSiteCards, siteCardsIn                 card lists, "X" for an unseen card
//	siteHand and its methods                    the betting bookkeeping and assembly of a Hand

// siteLine is one non-blank line of a text hand history.
type siteLine struct {
	N    int    // 1-based line number in the file
	S    string // the line with surrounding spaces, tabs, CR and BOMs trimmed (its first MaxLineBytes bytes when long)
	Long int    // the line's length in bytes when over MaxLineBytes, else 0
}

// siteLines iterates over the non-blank lines of a text, numbering every
// line (blank ones included) from 1. A line longer than MaxLineBytes is
// returned cut to MaxLineBytes with Long set: the reader reports it (see
// siteCheckLong), nothing beyond the bound is looked at.
type siteLines struct {
	text string
	n    int
}

// newSiteLines returns an iterator over text (a leading UTF-8 BOM is
// dropped, as are BOMs starting a line: files concatenated with theirs).
func newSiteLines(text string) *siteLines {
	return &siteLines{text: strings.TrimPrefix(text, "\uFEFF")}
}

// next returns the next non-blank line, false at the end of the text.
func (r *siteLines) next() (siteLine, bool) {
	for len(r.text) > 0 {
		var l string
		if i := strings.IndexByte(r.text, '\n'); i >= 0 {
			l, r.text = r.text[:i], r.text[i+1:]
		} else {
			l, r.text = r.text, ""
		}
		r.n++
		long := 0
		if len(l) > MaxLineBytes {
			long, l = len(l), l[:MaxLineBytes]
		}
		l = strings.TrimPrefix(l, "\uFEFF")
		l = strings.Trim(l, " \t\r\v\f\u00a0")
		if l == "" {
			continue
		}
		return siteLine{N: r.n, S: l, Long: long}, true
	}
	return siteLine{}, false
}

// siteHeader reports whether a (trimmed) line starts a hand.
type siteHeader func(line string) bool

// headerRegexp returns a siteHeader matching re. The regexp's literal
// prefix, if any, is checked first, so lines that cannot match cost a
// string comparison, not a regexp run: anchor re with ^ and start it with
// literal text ("^Winamax Poker - ") for speed.
func headerRegexp(re *regexp.Regexp) siteHeader {
	prefix, _ := re.LiteralPrefix()
	anchored := strings.HasPrefix(re.String(), "^")
	if !anchored {
		prefix = ""
	}
	return func(l string) bool {
		if prefix != "" && !strings.HasPrefix(l, prefix) {
			return false
		}
		return re.MatchString(l)
	}
}

// headerPrefix returns a siteHeader matching lines that start with any of
// prefixes.
func headerPrefix(prefixes ...string) siteHeader {
	return func(l string) bool {
		for _, p := range prefixes {
			if strings.HasPrefix(l, p) {
				return true
			}
		}
		return false
	}
}

// eachSiteHand reads text's hands in turn, calling hand with each: its
// header line (a line isHeader accepts) and the non-blank lines up to the
// next header, at most MaxHandLines of them; over is the number of the
// first line past that bound (0 when none), whose lines are not kept. The
// slice is reused for the next hand: hand must not keep it. Only one
// hand's lines are held at a time. pre is the first non-blank line before
// the first header, if any (a preamble the reader should report, not drop
// silently).
func eachSiteHand(text string, isHeader siteHeader, hand func(lines []siteLine, over int)) (pre *siteLine) {
	var lines []siteLine
	over := 0
	r := newSiteLines(text)
	for {
		l, ok := r.next()
		if !ok {
			break
		}
		if isHeader(l.S) {
			if len(lines) > 0 {
				hand(lines, over)
			}
			lines, over = lines[:0], 0
		} else if len(lines) == 0 {
			if pre == nil {
				x := l
				pre = &x
			}
			continue
		}
		if len(lines) == MaxHandLines {
			if over == 0 {
				over = l.N
			}
			continue
		}
		lines = append(lines, l)
	}
	if len(lines) > 0 {
		hand(lines, over)
	}
	return pre
}

// splitSiteHands splits text into hands as eachSiteHand reads them, each
// hand's lines a slice of its own.
func splitSiteHands(text string, isHeader siteHeader) (pre *siteLine, hands [][]siteLine) {
	pre = eachSiteHand(text, isHeader, func(lines []siteLine, _ int) {
		hands = append(hands, slices.Clone(lines))
	})
	return pre, hands
}

// tooManyLines is the error of a hand of more than MaxHandLines lines,
// naming the first line past the bound.
func tooManyLines(line int) *fault.Error {
	return siteErr(line, "a hand may have at most %d lines (MaxHandLines)", MaxHandLines)
}

// siteEntry reads one hand's lines with parse (over as eachSiteHand
// gives it) as the index-th Entry: an error for a line over MaxLineBytes,
// else parse's hand, skip or error; a hand cut at MaxHandLines is an error
// naming the first line past it unless parse found one before.
func siteEntry(index int, lines []siteLine, over int, parse siteParse) Entry {
	var (
		h    *Hand
		skip string
		err  error
	)
	if err = siteCheckLong(lines); err == nil {
		h, skip, err = parse(lines)
		if over > 0 && !errorBefore(err, over) {
			skip, err = "", tooManyLines(over)
		}
	}
	return newEntry(index, lines[0].N, h, skip, err)
}

// errorBefore reports whether err is a *fault.Error naming a line before
// line: for a hand cut at MaxHandLines, an error found in the lines kept
// (the actions limit passed, a bad card) is the hand's first and is
// reported rather than the cut.
func errorBefore(err error, line int) bool {
	var fe *fault.Error
	return errors.As(err, &fe) && fe.Line > 0 && fe.Line < line
}

// withPreamble returns entries with, when pre is set, a first Entry whose
// error names the text before the first hand header, the entries
// renumbered.
func withPreamble(pre *siteLine, entries []Entry) []Entry {
	if pre == nil {
		return entries
	}
	e := Entry{Line: pre.N, Err: siteErr(pre.N, "text before the first hand header: %s", siteQuote(pre.S))}
	entries = append([]Entry{e}, entries...)
	for i := range entries {
		entries[i].Index = i + 1
	}
	return entries
}

// siteParse reads one hand's lines (the header first): the hand, or a
// reason to skip it, or an error (a *fault.Error naming a line). On a skip
// or an error it may return the partial hand (its SiteHandID at least) so
// that the Entry names it.
type siteParse func(lines []siteLine) (h *Hand, skip string, err error)

// readSiteHands is the driver of a site's text reader: it splits data into
// hands by isHeader and reads each with parse, an Entry per hand (the
// other hands are still read when one fails). Text before the first
// header is reported as a first Entry with an error naming its line. The
// error return is for data without any header (a *fault.Error of kind
// Invalid saying "no <site> hand header (<example>) found"). A hand with a
// line over MaxLineBytes, or with more than MaxHandLines lines, is an error
// naming that line before parse sees it.
func readSiteHands(data []byte, site, example string, isHeader siteHeader, parse siteParse) ([]Entry, error) {
	var entries []Entry
	pre := eachSiteHand(string(data), isHeader, func(lines []siteLine, over int) {
		if handsFull(&entries, lines[0].N) {
			return
		}
		entries = append(entries, siteEntry(len(entries)+1, lines, over, parse))
	})
	if len(entries) == 0 {
		return nil, &fault.Error{Kind: fault.Invalid, Action: -1, Message: fmt.Sprintf("no %s hand header (%q) found", site, example)}
	}
	return withPreamble(pre, entries), nil
}

// siteCheckLong returns the error of the first line of lines longer than
// MaxLineBytes, nil when none is.
func siteCheckLong(lines []siteLine) error {
	for _, l := range lines {
		if l.Long > 0 {
			return siteErr(l.N, "the line is %d bytes long; a hand history line may have at most %d (MaxLineBytes)", l.Long, MaxLineBytes)
		}
	}
	return nil
}

// siteErr is a *fault.Error of kind Invalid naming line.
func siteErr(line int, format string, args ...any) *fault.Error {
	return &fault.Error{Kind: fault.Invalid, Line: line, Action: -1, Message: fmt.Sprintf(format, args...)}
}

// siteQuote quotes a line for an error message, cut to 100 bytes (at a
// rune boundary) when longer.
func siteQuote(s string) string {
	if len(s) > 100 {
		cut := 100
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "..."
	}
	return strconv.Quote(s)
}

// siteSymbols are the currency marks parseSiteAmount accepts before or
// after the number, longest first where one is a prefix of another.
var siteSymbols = [...]string{"USD", "EUR", "GBP", "CAD", "CNY", "RMB", "INR", "US$", "C$", "$", "€", "£", "¥", "₹", "₩"}

// siteCurrencyCode returns the ISO 4217 code of a currency mark that
// parseSiteAmount returns ("$" -> "USD", "€" -> "EUR", "EUR" -> "EUR"),
// "" for none or an unknown one.
func siteCurrencyCode(sym string) string {
	switch sym {
	case "$", "US$", "USD":
		return "USD"
	case "€", "EUR":
		return "EUR"
	case "£", "GBP":
		return "GBP"
	case "C$", "CAD":
		return "CAD"
	case "¥", "CNY", "RMB":
		return "CNY"
	case "₹", "INR":
		return "INR"
	case "₩":
		return "KRW"
	}
	return ""
}

// parseSiteAmount parses a money amount as sites write it into integer
// units of 1/scale of the currency unit (scale 100: cents; scale 1: whole
// chips). It reads:
//
//   - a currency mark before or after the number, with or without a space
//     ("$1,234.50", "€0.10", "407.25€", "1 234,50 €", "USD 5", "5 EUR");
//   - thousands separators ',', '.', ' ', a no-break space or an apostrophe in
//     groups of three digits, and a decimal point '.' or ',' followed by
//     one or two digits ("1.234,50€", "1,234.5", "0,05€"); a lone
//     separator followed by exactly three digits is a thousands separator
//     ("1,500" is 1500), otherwise it is the decimal one;
//   - a sign is not read (amounts are never negative in a record).
//
// sym is the currency mark found ("" when none). ok is false for anything
// else: no digits, more than 15 integer digits, more than two decimals, a
// fraction of a chip at scale 1 (a zero fraction, "1500.00", is read), a
// mark on both sides, misplaced separators. It does not allocate.
func parseSiteAmount(s string, scale int64) (v int64, sym string, ok bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, "", false
	}
	if c := s[0]; c < '0' || c > '9' {
		for _, m := range siteSymbols {
			if rest, found := strings.CutPrefix(s, m); found {
				s, sym = rest, m
				break
			}
		}
	}
	if sym == "" && (s[len(s)-1] < '0' || s[len(s)-1] > '9') {
		for _, m := range siteSymbols {
			if rest, found := strings.CutSuffix(s, m); found {
				s, sym = rest, m
				break
			}
		}
	}
	s = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(s, "\u00a0"), "\u00a0"))
	if s == "" || s[0] < '0' || s[0] > '9' || s[len(s)-1] < '0' || s[len(s)-1] > '9' {
		return 0, "", false
	}
	// The decimal separator: the last '.' or ',' when it is followed by
	// one or two digits (not three), and no other '.'/',' after it.
	dec := -1
	if k := strings.LastIndexAny(s, ".,"); k >= 0 {
		after := len(s) - k - 1
		switch {
		case after == 1 || after == 2:
			dec = k
		case after > 3:
			return 0, "", false
		}
	}
	var whole, frac int64
	digits, fracDigits := 0, 0
	group := -1 // digits since the last thousands separator (-1: none seen)
	var sep string
	for i := 0; i < len(s); {
		b := s[i]
		switch {
		case b >= '0' && b <= '9':
			if dec >= 0 && i > dec {
				frac = frac*10 + int64(b-'0')
				fracDigits++
			} else {
				if digits == 15 {
					return 0, "", false
				}
				whole = whole*10 + int64(b-'0')
				digits++
				if group >= 0 {
					group++
				}
			}
			i++
			continue
		case i == dec:
			if group >= 0 && group != 3 {
				return 0, "", false
			}
			group = -1
			i++
			continue
		}
		// A thousands separator: after one to three digits at first, then
		// after exactly three, always the same one.
		w := 1
		if strings.HasPrefix(s[i:], "\u00a0") {
			w = len("\u00a0")
		} else if b != ',' && b != '.' && b != ' ' && b != '\'' {
			return 0, "", false
		}
		t := s[i : i+w]
		switch {
		case dec >= 0 && i > dec:
			return 0, "", false
		case group < 0 && (digits < 1 || digits > 3 || whole == 0): // "0.005" is not five
			return 0, "", false
		case group >= 0 && group != 3:
			return 0, "", false
		case sep != "" && sep != t:
			return 0, "", false
		}
		sep, group = t, 0
		i += w
	}
	if group >= 0 && group != 3 {
		return 0, "", false
	}
	if fracDigits == 1 {
		frac *= 10
	}
	switch scale {
	case 100:
		return whole*100 + frac, sym, true
	case 1:
		if frac != 0 {
			return 0, "", false
		}
		return whole, sym, true
	}
	if scale <= 0 {
		return 0, "", false
	}
	// Other scales: whole units and cents must divide evenly.
	if frac*scale%100 != 0 {
		return 0, "", false
	}
	return whole*scale + frac*scale/100, sym, true
}

// parseSiteCards parses a list of cards as sites write them: separated by
// spaces or commas, optionally inside one pair of brackets ("[Ah Kd 5c
// 2s]", "Ah,Kd", "10h Jd"), where an unseen card is "X", "x", "XX", "xx"
// or "??". known holds the cards seen, in order; unknown counts the unseen
// ones. The error is a *cards.ParseError naming the bad token.
func parseSiteCards(s string) (known cards.List, unknown int, err error) {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") {
		s = s[1 : len(s)-1]
	}
	if !strings.ContainsAny(s, "xX?") {
		known, err = cards.Parse(s)
		return known, 0, err
	}
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' }) {
		switch f {
		case "X", "x", "XX", "xx", "??", "?":
			unknown++
			continue
		}
		c, err := cards.Parse(f)
		if err != nil {
			return nil, 0, err
		}
		known = append(known, c...)
	}
	return known, unknown, nil
}

// siteCardsIn returns the cards of the first "[...]" of s (see
// parseSiteCards), and the rest of s after its "]". ok is false when s has
// no bracketed list.
func siteCardsIn(s string) (known cards.List, unknown int, rest string, ok bool, err error) {
	a := strings.IndexByte(s, '[')
	if a < 0 {
		return nil, 0, s, false, nil
	}
	b := strings.IndexByte(s[a:], ']')
	if b < 0 {
		return nil, 0, s, false, nil
	}
	known, unknown, err = parseSiteCards(s[a+1 : a+b])
	return known, unknown, s[a+b+1:], true, err
}

// The streets of a hand as a site reader goes through it.
const (
	siteDeal    = iota // before the hole cards: seats and posts
	sitePreflop        // the hole cards are dealt
	siteFlop
	siteTurn
	siteRiver
	siteSummary // the summary: restates the hand
)

// siteMaxRuns is the most runs a site reader reads a hand with (run it
// three times).
const siteMaxRuns = 3

// siteSeat is one seat listed at the top of a hand.
type siteSeat struct {
	seat       int
	name       string
	stack      int64
	sittingOut bool
	used       bool // posted, acted, was dealt, showed or collected: dealt in
	folded     bool
	hole       cards.List
	collected  int64
	returned   int64
	// runCollected is what the seat collected in each run's showdown.
	runCollected [siteMaxRuns]int64
	// in is what the seat has put in so far by the recorded amounts (posts,
	// calls, bets, raises, less uncalled bets returned) and round its live
	// bet of the current betting round.
	in, round int64
	// outside is what the seat got (positive) or paid (negative) outside
	// the pots: insurance payouts and premiums, cash-outs.
	outside int64
}

// siteHand is the state of one hand being read by a site's text reader:
// the seats, the posts and actions recorded so far, with the bookkeeping
// the readers share (the current bet, what each seat put in, the board of
// each run, the cards seen) and the assembly of the Hand at the end
// (assemble). Posts and actions hold seat indexes until assembly. A reader
// keeps one siteHand and calls reset for each hand.
type siteHand struct {
	h         *Hand
	scale     int64 // chip units per currency unit: 100 for money, else 1
	seats     []siteSeat
	posts     []Post
	actions   []Action
	pending   []Action // shows read before the showdown, emitted at it
	street    int
	showdown  bool
	curBet    int64
	board     cards.List
	runs      []cards.List // each run's whole board, shared cards first
	runStreet []int
	sdRun     int // the run whose showdown is being read, 0 outside one
	used      cards.CardSet
	total     int64
	rake      int64
	hasTotal  bool
	pots      []int64
	button    int  // the button's seat number, 0 when unknown
	outside   bool // some seat got or paid money outside the pots
	winLines  int  // the lines saying who won what
}

// reset starts a new hand of site in format f with money scale scale.
func (b *siteHand) reset(site string, f Format, scale int64) {
	*b = siteHand{seats: b.seats[:0], posts: b.posts[:0], actions: b.actions[:0], pending: b.pending[:0], pots: b.pots[:0]}
	b.h = &Hand{Site: site, Format: string(f)}
	b.scale = scale
}

// addSeat lists a seat; its number must be 1 to 10 and neither it nor the
// name listed before.
func (b *siteHand) addSeat(l siteLine, num int, name string, stack int64, sittingOut bool) error {
	if num < 1 || num > 10 {
		return siteErr(l.N, "bad seat number %d in %s", num, siteQuote(l.S))
	}
	if name == "" {
		return siteErr(l.N, "seat line has no player name: %s", siteQuote(l.S))
	}
	if m := b.h.Table.MaxSeats; m > 0 && num > m {
		return siteErr(l.N, "seat %d on a %d-max table: %s", num, m, siteQuote(l.S))
	}
	for i := range b.seats {
		if b.seats[i].seat == num {
			return siteErr(l.N, "seat %d is listed twice", num)
		}
		if b.seats[i].name == name {
			return siteErr(l.N, "player %s is seated twice", siteQuote(name))
		}
	}
	b.seats = append(b.seats, siteSeat{seat: num, name: name, stack: stack, sittingOut: sittingOut})
	return nil
}

// player returns the seat index of the listed player whose name followed
// by sep starts s (the longest such name), or -1.
func (b *siteHand) player(s, sep string) int {
	best := -1
	for i := range b.seats {
		n := b.seats[i].name
		if len(s) >= len(n)+len(sep) && strings.HasPrefix(s, n) && strings.HasPrefix(s[len(n):], sep) {
			if best < 0 || len(n) > len(b.seats[best].name) {
				best = i
			}
		}
	}
	return best
}

// named returns the seat index of the player named exactly name, or -1.
func (b *siteHand) named(name string) int {
	for i := range b.seats {
		if b.seats[i].name == name {
			return i
		}
	}
	return -1
}

// seatOf returns the seat index of seat number num, or -1.
func (b *siteHand) seatOf(num int) int {
	for i := range b.seats {
		if b.seats[i].seat == num {
			return i
		}
	}
	return -1
}

// post records a forced bet of seat who: antes and dead money go in dead,
// blinds and straddles as live bets. Posts come before the deal.
func (b *siteHand) post(l siteLine, who int, kind PostKind, x int64) error {
	if b.street != siteDeal {
		return siteErr(l.N, "%s posts after the deal: %s", b.seats[who].name, siteQuote(l.S))
	}
	if x <= 0 {
		return siteErr(l.N, "a post of nothing: %s", siteQuote(l.S))
	}
	b.seats[who].used = true
	b.posts = append(b.posts, Post{Player: who, Kind: kind, Amount: x})
	switch kind {
	case PostAnte, PostDead:
		b.seats[who].in += x
	default:
		b.putIn(who, x)
	}
	return nil
}

// liveBlind returns seat who's live post (0 when none).
func (b *siteHand) liveBlind(who int) int64 {
	var x int64
	for _, p := range b.posts {
		if p.Player == who && p.Kind != PostAnte && p.Kind != PostDead {
			x += p.Amount
		}
	}
	return x
}

// bigBlind returns the largest big blind posted, else dflt.
func (b *siteHand) bigBlind(dflt int64) int64 {
	var bb int64
	for _, p := range b.posts {
		if p.Kind == PostBigBlind && p.Amount > bb {
			bb = p.Amount
		}
	}
	if bb == 0 {
		return dflt
	}
	return bb
}

// startHole moves to the dealing of the hole cards.
func (b *siteHand) startHole(l siteLine) error {
	if b.street != siteDeal {
		return siteErr(l.N, "the hole cards are dealt twice")
	}
	b.street = sitePreflop
	b.newRound()
	// The blinds are this round's live bets.
	for _, p := range b.posts {
		if p.Kind != PostAnte && p.Kind != PostDead {
			b.seats[p.Player].round += p.Amount
			b.curBet = max(b.curBet, b.seats[p.Player].round)
		}
	}
	return nil
}

// canAct reports an error unless a betting action may come now.
func (b *siteHand) canAct(l siteLine, who int) error {
	if b.street < sitePreflop || b.street > siteRiver || b.showdown {
		return siteErr(l.N, "%s acts out of place: %s", b.seats[who].name, siteQuote(l.S))
	}
	b.seats[who].used = true
	return nil
}

// fold, check, call, betTo record betting actions: call with the chips put
// in, betTo with the round total bet or raised to.
func (b *siteHand) fold(l siteLine, who int) error {
	if err := b.canAct(l, who); err != nil {
		return err
	}
	b.seats[who].folded = true
	b.actions = append(b.actions, Action{Player: who, Kind: Fold})
	return nil
}

func (b *siteHand) check(l siteLine, who int) error {
	if err := b.canAct(l, who); err != nil {
		return err
	}
	b.actions = append(b.actions, Action{Player: who, Kind: Check})
	return nil
}

func (b *siteHand) call(l siteLine, who int, x int64) error {
	if err := b.canAct(l, who); err != nil {
		return err
	}
	if x <= 0 {
		return siteErr(l.N, "a call of nothing: %s", siteQuote(l.S))
	}
	b.putIn(who, x)
	b.actions = append(b.actions, Action{Player: who, Kind: Call, Amount: x})
	return nil
}

func (b *siteHand) betTo(l siteLine, who int, to int64) error {
	if err := b.canAct(l, who); err != nil {
		return err
	}
	if to <= 0 || to < b.seats[who].round {
		return siteErr(l.N, "a bet to %d (chip units) below what %s has bet: %s", to, b.seats[who].name, siteQuote(l.S))
	}
	b.putIn(who, to-b.seats[who].round)
	b.actions = append(b.actions, Action{Player: who, Kind: BetRaise, Amount: to})
	return nil
}

// checkAllIn checks a line saying the player is all-in: by the recorded
// amounts, the seat must have no chips left.
func (b *siteHand) checkAllIn(l siteLine, who int) error {
	st := &b.seats[who]
	if left := st.stack - st.in; left != 0 {
		return siteErr(l.N, "%s is said to be all-in but has %d chip units left of %d: %s", st.name, left, st.stack, siteQuote(l.S))
	}
	return nil
}

// putIn adds x to seat i's live bet of the round (and to what it put in).
func (b *siteHand) putIn(i int, x int64) {
	st := &b.seats[i]
	st.in += x
	st.round += x
	b.curBet = max(b.curBet, st.round)
}

// newRound starts a betting round.
func (b *siteHand) newRound() {
	b.curBet = 0
	for i := range b.seats {
		b.seats[i].round = 0
	}
}

// deal deals a street's new cards c to the board (run 0: a hand run once,
// or the cards before the runs): the street must come next.
func (b *siteHand) deal(l siteLine, to int, c cards.List) error {
	if b.street != to-1 || b.showdown || len(b.runs) > 0 {
		return siteErr(l.N, "%s out of place", siteQuote(l.S))
	}
	if err := b.boardCards(l, to, c); err != nil {
		return err
	}
	b.board = append(b.board, c...)
	b.street = to
	b.newRound()
	b.actions = append(b.actions, Action{Player: -1, Kind: DealBoard, Cards: c})
	return nil
}

// dealRun deals street to of run run (1-based) of a hand run more than
// once: the runs are dealt in order, each from the street after the shared
// board to the river.
func (b *siteHand) dealRun(l siteLine, run, to int, c cards.List) error {
	switch {
	case b.showdown || run < 1 || run > siteMaxRuns:
		return siteErr(l.N, "%s out of place", siteQuote(l.S))
	case run > len(b.runs)+1:
		return siteErr(l.N, "%s before run %d", siteQuote(l.S), len(b.runs)+1)
	case run < len(b.runs):
		return siteErr(l.N, "%s after run %d started", siteQuote(l.S), len(b.runs))
	case run == len(b.runs)+1:
		if run > 1 && b.runStreet[run-2] != siteRiver {
			return siteErr(l.N, "%s before the river of run %d", siteQuote(l.S), run-1)
		}
		b.runs = append(b.runs, b.board[:len(b.board):len(b.board)])
		b.runStreet = append(b.runStreet, b.street)
	}
	if b.runStreet[run-1] != to-1 {
		return siteErr(l.N, "%s out of place", siteQuote(l.S))
	}
	if err := b.boardCards(l, to, c); err != nil {
		return err
	}
	b.runs[run-1] = append(b.runs[run-1], c...)
	b.runStreet[run-1] = to
	b.newRound()
	b.actions = append(b.actions, Action{Player: -1, Kind: DealBoard, Cards: c, Run: run})
	return nil
}

// boardCards checks a street's new cards: three on the flop, one after,
// none seen before.
func (b *siteHand) boardCards(l siteLine, to int, c cards.List) error {
	n := 1
	if to == siteFlop {
		n = 3
	}
	if len(c) != n {
		return siteErr(l.N, "%d new board cards, want %d: %s", len(c), n, siteQuote(l.S))
	}
	for _, x := range c {
		if b.used.Has(x) {
			return &fault.Error{Kind: fault.Impossible, Line: l.N, Action: -1, Message: fmt.Sprintf("card %s is dealt twice", x)}
		}
		b.used = b.used.Add(x)
	}
	return nil
}

// runBoard returns the board of run k (0-based) so far, or the board when
// the hand is run once.
func (b *siteHand) runBoard(k int) cards.List {
	if len(b.runs) == 0 {
		return b.board
	}
	if k < len(b.runs) {
		return b.runs[k]
	}
	return nil
}

// setHole records seat i's hole cards (four), checking they agree with
// what was seen before and that no card is seen twice.
func (b *siteHand) setHole(l siteLine, i int, c cards.List) error {
	if len(c) != 4 {
		return siteErr(l.N, "%d hole cards for %s, want 4: %s", len(c), b.seats[i].name, siteQuote(l.S))
	}
	st := &b.seats[i]
	st.used = true
	if st.hole != nil {
		x, _ := st.hole.Set()
		y, err := c.Set()
		if err != nil || x != y {
			return &fault.Error{Kind: fault.Impossible, Line: l.N, Action: -1, Message: fmt.Sprintf("%s shows %s but holds %s", st.name, c, st.hole)}
		}
		return nil
	}
	for _, x := range c {
		if b.used.Has(x) {
			return &fault.Error{Kind: fault.Impossible, Line: l.N, Action: -1, Message: fmt.Sprintf("card %s is seen twice", x)}
		}
		b.used = b.used.Add(x)
	}
	st.hole = c
	return nil
}

// show records seat i showing c (four cards; fewer cannot make an Omaha
// hand and are a muck at the showdown). A show before the showdown (an
// all-in player's cards turned up before the run-out) is kept and emitted
// at the showdown (see startShowdown) or at the end of the hand.
func (b *siteHand) show(l siteLine, i int, c cards.List) error {
	if b.street < sitePreflop {
		return siteErr(l.N, "%s shows before the deal", b.seats[i].name)
	}
	a := Action{Player: i, Kind: Muck}
	if len(c) == 4 {
		if err := b.setHole(l, i, c); err != nil {
			return err
		}
		a = Action{Player: i, Kind: Show, Cards: c}
	}
	b.seats[i].used = true
	if b.seats[i].folded || b.sdRun > 1 {
		return nil
	}
	for _, p := range b.pending { // shown twice (once per half or run)
		if p.Player == i {
			return nil
		}
	}
	if b.showdown {
		for _, p := range b.actions {
			if p.Player == i && (p.Kind == Show || p.Kind == Muck) {
				return nil
			}
		}
		b.actions = append(b.actions, a)
		return nil
	}
	b.pending = append(b.pending, a)
	return nil
}

// muck records seat i giving up at the showdown (nothing when every other
// player has folded).
func (b *siteHand) muck(l siteLine, i int) {
	b.seats[i].used = true
	if b.seats[i].folded {
		return
	}
	in := 0
	for k := range b.seats {
		if b.seats[k].used && !b.seats[k].folded {
			in++
		}
	}
	if in < 2 {
		return // the winner of an uncontested pot not showing: no showdown
	}
	if b.showdown {
		b.actions = append(b.actions, Action{Player: i, Kind: Muck})
		return
	}
	b.pending = append(b.pending, Action{Player: i, Kind: Muck})
}

// startShowdown starts the showdown (run run of a hand run more than once,
// 0 for the hand's one showdown): the shows read before it are emitted.
func (b *siteHand) startShowdown(l siteLine, run int) error {
	if b.street < sitePreflop || b.street == siteSummary {
		return siteErr(l.N, "%s out of place", siteQuote(l.S))
	}
	if run > 0 {
		if run > max(len(b.runs), 1) || run != b.sdRun+1 {
			return siteErr(l.N, "%s out of order (the hand is run %d times)", siteQuote(l.S), max(len(b.runs), 1))
		}
		b.sdRun = run
	}
	if !b.showdown {
		b.showdown = true
		b.flushPending()
	}
	return nil
}

func (b *siteHand) flushPending() {
	b.actions = append(b.actions, b.pending...)
	b.pending = b.pending[:0]
}

// collect records seat i collecting x from the pots (in the current run's
// showdown, if any).
func (b *siteHand) collect(i int, x int64) {
	st := &b.seats[i]
	st.used = true
	st.collected += x
	if b.sdRun > 0 {
		st.runCollected[b.sdRun-1] += x
	}
	b.winLines++
}

// collectRun records seat i collecting x in run run (1-based).
func (b *siteHand) collectRun(i, run int, x int64) {
	st := &b.seats[i]
	st.used = true
	st.collected += x
	if run >= 1 && run <= siteMaxRuns {
		st.runCollected[run-1] += x
	}
	b.winLines++
}

// uncalled records x returned to seat i.
func (b *siteHand) uncalled(i int, x int64) {
	st := &b.seats[i]
	st.returned += x
	st.in -= x
	st.round -= x
}

// assemble builds the Hand: players in seat order (the seats dealt in:
// those that posted, acted, were dealt, showed or collected), the button
// (its seat's player; when that seat is not dealt in, the player before
// the small blind, heads-up the small blind), posts and actions by player
// index, the outcome; then Validate. headLine names the hand in errors.
func (b *siteHand) assemble(headLine int) error {
	h := b.h
	if len(b.pending) > 0 {
		b.flushPending()
	}
	order := make([]int, len(b.seats))
	for i := range order {
		order[i] = i
		for j := i; j > 0 && b.seats[order[j-1]].seat > b.seats[i].seat; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	idx := make([]int, len(b.seats))
	n := 0
	for _, i := range order {
		if !b.seats[i].used {
			idx[i] = -1
			continue
		}
		idx[i] = n
		n++
	}
	if n < 2 {
		return siteErr(headLine, "%d players dealt in, want at least 2", n)
	}
	h.Players = make([]Player, 0, n)
	out := &Outcome{Collected: make([]int64, n), Returned: make([]int64, n), Rake: b.rake, TotalPot: b.total}
	h.Button = -1
	for _, i := range order {
		if idx[i] < 0 {
			continue
		}
		st := &b.seats[i]
		if st.seat == b.button {
			h.Button = idx[i]
		}
		h.Players = append(h.Players, Player{Name: st.name, Seat: st.seat, Stack: st.stack, Hole: st.hole})
		out.Collected[idx[i]] = st.collected
		out.Returned[idx[i]] = st.returned
	}
	if h.Button < 0 {
		sb := -1
		for _, x := range b.posts {
			if x.Kind == PostSmallBlind {
				sb = idx[x.Player]
				break
			}
		}
		switch {
		case sb >= 0 && n == 2:
			h.Button = sb
		case sb >= 0:
			h.Button = (sb + n - 1) % n
		default: // the last player before the button seat
			h.Button = n - 1
			for j, pl := range h.Players {
				if pl.Seat < b.button {
					h.Button = j
				}
			}
		}
	}
	h.Posts = make([]Post, len(b.posts))
	for i, x := range b.posts {
		x.Player = idx[x.Player]
		h.Posts[i] = x
	}
	h.Actions = make([]Action, len(b.actions))
	for i, a := range b.actions {
		if a.Player >= 0 {
			a.Player = idx[a.Player]
		}
		h.Actions[i] = a
	}
	if len(b.runs) > 1 {
		byRun := true
		for _, i := range order {
			st := &b.seats[i]
			var sum int64
			for _, x := range st.runCollected {
				sum += x
			}
			byRun = byRun && sum == st.collected
		}
		if byRun {
			out.RunCollected = make([][]int64, len(b.runs))
			for k := range out.RunCollected {
				out.RunCollected[k] = make([]int64, n)
				for _, i := range order {
					if idx[i] >= 0 {
						out.RunCollected[k][idx[i]] = b.seats[i].runCollected[k]
					}
				}
			}
		}
	}
	if len(b.pots) > 0 {
		out.Pots = append([]int64(nil), b.pots...)
	} else if b.hasTotal {
		out.Pots = []int64{b.total - b.rake}
	}
	if b.outside {
		// Money paid or received outside the pots (insurance, cash-out):
		// what the record says each player ends with, so that the replay
		// reports what it changed.
		out.FinishingStacks = make([]int64, n)
		for _, i := range order {
			if idx[i] >= 0 {
				st := &b.seats[i]
				out.FinishingStacks[idx[i]] = st.stack - st.in + st.collected + st.outside
			}
		}
	}
	h.Outcome = out
	if err := Validate(h); err != nil {
		fe := siteErr(headLine, "%v", err)
		var ve *fault.Error
		if errors.As(err, &ve) { // keep its kind, field and action
			fe.Kind, fe.Field, fe.Action, fe.Message = ve.Kind, ve.Field, ve.Action, ve.Message
		}
		fe.Err = err
		return fe
	}
	return nil
}

// tooMany returns the MaxActions error when the hand has passed it on
// line l.
func (b *siteHand) tooMany(l siteLine) error {
	if len(b.actions)+len(b.pending) > MaxActions {
		return tooManyActions(l.N, 0)
	}
	return nil
}

// siteTextFormats are the text formats Detect recognises by a hand header
// at the start of a line, besides PokerStars' own (which Detect checks
// first). Add a row for a new site's text reader. The Run It Once Poker
// client writes PokerStars' format under its own header: it is sent to
// the PokerStars reader.
var siteTextFormats = []struct {
	format   Format
	isHeader siteHeader
}{
	{FormatGGPoker, ggIsHeader},
	{FormatWinamax, wmIsHeader},
	{FormatFullTilt, ftIsHeader},
	{FormatPokerStars, headerPrefix("Run It Once Poker Hand #")},
}

// detectSiteText returns the format of the first line of text, among its
// first 64 KiB, that a siteTextFormats header accepts ("" when none).
func detectSiteText(text string) Format {
	head := text[:min(len(text), 64<<10)]
	r := newSiteLines(head)
	for {
		l, ok := r.next()
		if !ok {
			return ""
		}
		for _, f := range siteTextFormats {
			if f.isHeader(l.S) {
				return f.format
			}
		}
	}
}

// unsupportedSites are the signatures of hand histories of sites Scoop
// has no reader for: a line starting with prefix names the site.
var unsupportedSites = []struct{ prefix, site string }{
	{"Everleaf Gaming Game #", "Everleaf"},
	{"Bovada Hand #", "Bovada"},
	{"Ignition Hand #", "Ignition"},
	{"Bodog Hand #", "Bodog"},
	{"Stage #", "Merge Gaming"},
	{"Hand #", "an unknown site (\"Hand #\" header)"},
}

// unsupportedSite returns the name of the site whose hand history text
// is, by the first matching signature among the first lines of its first
// 64 KiB, when Scoop has no reader for it; "" when none matches.
func unsupportedSite(text string) string {
	head := text[:min(len(text), 64<<10)]
	r := newSiteLines(head)
	for n := 0; n < 200; n++ {
		l, ok := r.next()
		if !ok {
			break
		}
		if strings.HasPrefix(l.S, "<?xml") && strings.Contains(head, "<session") {
			return "iPoker"
		}
		for _, u := range unsupportedSites {
			if strings.HasPrefix(l.S, u.prefix) {
				return u.site
			}
		}
	}
	return ""
}
