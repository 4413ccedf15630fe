package handhistory

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/fault"
)

// PokerStars text hand histories.
//
// A file holds hands separated by blank lines, each starting with a header
// line: "PokerStars Hand #N:", the historical "PokerStars Game #N:", "PokerStars
// Zoom Hand #N:" and the Zoom form some clients write, "PokerStars Game
// #PokerStars Zoom Hand #N:", "PokerStars Home Game Hand #N:" / "PokerStars
// Home Game #N:" (a "{club}" after the colon). Other clients write this format
// too, and their hands are read with their own site (Hand.Site, so that the
// natural key never collides with a PokerStars hand number):
//
//   - Run It Once Poker ("runitonce"): "Run It Once Poker Hand #N:" with the
//     time in UTC ("2019/04/19 17:52 UTC [... CET]"), "Table ID '...' 6-Max",
//     "*** SHOWDOWN ***", a show written "P shows [..]" (without the colon,
//     and twice: read once), "collected ... from side pot 1", the pots
//     between bars before rake ("| Main pot €X | Side pot €Y | STP €Z | Rake
//     €R"; Pots are then those after rake, the STP in the main pot, the rake
//     taken from the main pot first) and "STP added: €5.00", money the site
//     adds to the pot before the first action (splash the pot): no player's,
//     read into Hand.AddedToPot (dead money in the main pot), and checked
//     against the summary's "STP €X". A record whose collected lines add up
//     to the total pot less rake plus the STP again (each side pot's line
//     holding it too) is read as written, with a note saying so: the
//     verdict's collected difference is the site's. Its summary's "won €X"
//     (no parentheses) is not checked.
//   - Upoker ("upoker"): PokerStars' own header at a table named "UPOK...",
//     amounts in "¥" with the currency code after the stakes ("¥25/¥50 CNY").
//
// The reader maps each Omaha hand onto the Hand model:
//
//   - Players are the seats dealt in, in seat order from the lowest seat
//     (Player.Seat is the site's seat). In cash games a seat marked "is
//     sitting out" is not dealt in unless it posts or acts; in tournaments
//     sitting-out players are dealt in (they fold when their turn comes).
//     A seat with no chips is not dealt in; if it posts or acts, the hand
//     is an error, as is any hand Validate rejects.
//   - Button is the button seat's player; when that seat is empty or not
//     dealt in, the player before the small blind (heads-up: the small
//     blind), else the last player before the button seat.
//   - Posts in posting order: "the ante" -> ante, "small blind" ->
//     small-blind, "big blind" (from any seat) -> big-blind, "small & big
//     blinds" -> a dead post of the small-blind part plus a live big blind.
//   - Actions: folds -> fold, checks -> check, calls X -> call with
//     Amount X (the chips put in, all-in for less included), bets X ->
//     bet-raise to X, raises X to
//     Y -> bet-raise to Y; after "*** SHOW DOWN ***" shows -> show (a show
//     of fewer than four cards is a muck: it cannot make a hand), mucks ->
//     muck; each street -> deal-board with the street's new cards.
//   - Hole cards from "Dealt to", shows and the summary's "mucked [..]".
//   - Run it twice: after an all-in, "*** FIRST FLOP|TURN|RIVER ***" and
//     "*** SECOND ... ***" (and THIRD) deal the rest of the board once per
//     run -> deal-board with Run 1, 2, 3 (the board dealt before is shared,
//     Run 0); "*** FIRST SHOW DOWN ***" ... are the runs' showdowns (a
//     run's shows after the first's only confirm the cards); the summary's
//     "Hand was run twice" and "FIRST Board [..]" are checked against the
//     runs.
//   - Outcome: Collected per player (the sum of the "collected" lines),
//     RunCollected per run (the lines of each run's showdown) for a hand
//     run more than once whose every collected line is in a run's
//     showdown, Returned (the "Uncalled bet" lines), Rake,
//     TotalPot and Pots (main pot then side pots after rake, for the whole
//     hand; one pot: [TotalPot - Rake]).
//   - Money is in integer chip units: one cent for real-money cash games
//     (Table.ChipUnit "0.01"), one chip for tournaments and play money.
//     Fixed-limit stakes are the bets ("$5/$10": SmallBet 500, BigBet 1000);
//     pot- and no-limit stakes are the blinds and MinBet is the big blind.
//
// The record is checked against itself where it says a thing twice, each
// disagreement a line error: "raises X to Y" must raise by X over the
// current bet (Y-X is that bet); "and is all-in" must leave the player no
// chips by the recorded amounts; the summary's "Board [..]" must be the
// board dealt and a seat's summary "collected ($X)"/"won ($X)" amounts
// must add up to its "collected" lines; the header's date must be a real
// one and its stakes small/big in that order; no seat (nor the button)
// may lie beyond the table's "N-max"; a seat line must close its
// "(... in chips)". In a cash game whose stakes carry a currency symbol
// every amount must carry it; in tournaments no amount may carry one.
// "P: doesn't show hand" at a showdown where someone shows is a muck.
//
// Where a record is wrong in a way whose meaning is still clear, the reader
// reads that meaning:
//   - Street lines that misprint the board: a street line's repeat of the
//     board so far ("*** TURN *** [old] [new]") that is not the board dealt
//     is an error unless the summary's "Board [..]" settles it; a summary
//     board other than the one the street lines dealt, of the same length,
//     of distinct cards and sharing none with the hole cards seen (the
//     showdown's), is taken as the board, in the street deals' order (the
//     summary is written from the showdown). Hands run more than once are
//     not mended: any such disagreement stays an error.
//   - "raises $60 to $60" (tools converting other sites' hands write the
//     total twice): a raise to $60 when $60 is over the current bet; the
//     same line when it is not stays an error.
//   - A hand cut off before its summary (the next header or the end of the
//     file comes first, with every line read; or its last line is the
//     file's, without a line end, and unreadable; or the summary's marker
//     is its last line) is Skipped as "incomplete hand". A hand with a
//     malformed line stays an error naming that line.
// The returned bets and the total pot are compared with the replay by
// package analysis (settlement records, not syntax).
//
// Hands of other games are Skipped ("game Razz Limit is not Omaha"), as are
// cancelled hands ("hand cancelled") and all-in cash-outs ("all-in
// cash-out is not supported").
// A hand that cannot be read is an Entry with a *fault.Error of kind
// Invalid (Impossible for a card seen twice) naming the line; the other
// hands of the file are still read.

const psBOM = "\uFEFF"

// readPokerStars reads a PokerStars text file (see Read): an Entry per
// hand. The error return is for data holding no PokerStars hand header at
// all (a *fault.Error of kind Invalid). Safe for concurrent use.
func readPokerStars(data []byte) ([]Entry, error) {
	text := string(data)
	text = strings.TrimPrefix(text, psBOM)
	var (
		entries []Entry
		lines   []psLine
		pre     *psLine // the first non-blank line before any header
		seen    bool
		p       psParser
		cutLine int // the last line when the text ends without a line end
		over    int // the hand's first line past MaxHandLines, not kept (0: none)
	)
	full := false
	flush := func() {
		if len(lines) == 0 {
			return
		}
		if full = full || handsFull(&entries, lines[0].n); full {
			lines, over = lines[:0], 0
			return
		}
		h, skip, err := p.parse(lines, cutLine)
		if over > 0 && !errorBefore(err, over) {
			// Cut at MaxHandLines, and no error found before the cut.
			skip, err = "", tooManyLines(over)
		}
		over = 0
		if h == nil {
			h = p.h // the partial hand: its SiteHandID names a skipped or failed hand
		}
		entries = append(entries, newEntry(len(entries)+1, lines[0].n, h, skip, err))
		lines = lines[:0]
	}
	n := 0
	for len(text) > 0 {
		var l string
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			l, text = text[:i], text[i+1:]
		} else {
			l, text = text, ""
			cutLine = n + 1
		}
		n++
		l = strings.TrimPrefix(l, psBOM) // files concatenated with their BOMs
		l = strings.Trim(l, " \t\r\v\f")
		if l == "" {
			continue
		}
		long := 0
		if len(l) > MaxLineBytes {
			long, l = len(l), l[:MaxLineBytes]
		}
		if psIsHeader(l) {
			flush()
			seen = true
		} else if !seen {
			if pre == nil {
				pre = &psLine{n: n, s: l}
			}
			continue
		}
		if len(lines) == MaxHandLines {
			// A hand's lines are held until it is read: no more of them.
			if over == 0 {
				over = n
			}
			continue
		}
		lines = append(lines, psLine{n: n, s: l, long: long})
	}
	flush()
	if !seen {
		return nil, &fault.Error{Kind: fault.Invalid, Action: -1, Message: "no PokerStars hand header (\"PokerStars Hand #...\") found"}
	}
	if pre != nil {
		// Text before the first hand is reported, not silently dropped.
		e := Entry{Line: pre.n, Err: psErr(pre.n, "text before the first hand header: %s", psQuote(pre.s))}
		entries = append([]Entry{e}, entries...)
		for i := range entries {
			entries[i].Index = i + 1
		}
	}
	return entries, nil
}

// psIsHeader reports whether l starts a PokerStars hand (or a Run It Once
// Poker hand, which that client writes in PokerStars' format).
func psIsHeader(l string) bool {
	if strings.HasPrefix(l, psRIOHeader) {
		return true
	}
	if !strings.HasPrefix(l, "PokerStars ") {
		return false
	}
	i := strings.IndexByte(l, '#')
	if i < 0 || i > 40 {
		return false
	}
	pre := l[:i]
	return strings.HasSuffix(pre, "Hand ") || strings.HasSuffix(pre, "Game ")
}

type psLine struct {
	n    int    // 1-based line number in the file
	s    string // the line, trimmed (its first MaxLineBytes when long)
	long int    // the line's length when over MaxLineBytes, else 0
}

// psSeat is one seat listed at the top of a hand.
type psSeat struct {
	seat       int
	name       string
	stack      int64
	sittingOut bool // "is sitting out" on the seat line
	outOfHand  bool // "out of hand" on the seat line: never dealt in
	used       bool // posted, acted, was dealt or collected
	hole       cards.List
	collected  int64
	returned   int64
	// in is what the seat has put in so far (posts, calls, bets, raises,
	// by the recorded amounts) and round what it has put in this betting
	// round as a live bet: for the checks of "raises X to Y" and "and is
	// all-in".
	in, round int64
	// won is the sum of the summary's "collected ($X)" and "won ($X)".
	won     int64
	wonLine int // the summary line saying so (0: none)
	// runCollected is what the seat collected in each run's showdown.
	runCollected [psMaxRuns]int64
}

// psMaxRuns is the most runs a hand is read with ("*** THIRD ... ***").
const psMaxRuns = 3

// psOrdinals name the runs in street markers, first run first.
var psOrdinals = [psMaxRuns]string{"FIRST", "SECOND", "THIRD"}

// psParser holds the state of one hand; it is reused from hand to hand.
type psParser struct {
	h     *Hand
	seats []psSeat
	scale int64 // chip units per currency unit: 100 for real-money cash, else 1
	// sym is the currency symbol every amount must carry ("$", "€", "£", "¥"),
	// from the header's stakes; "" when amounts carry none (tournaments,
	// play money), and then no amount may carry one.
	sym       string
	curBet    int64 // the current bet of the betting round (the largest live bet)
	noShow    []int // indexes in actions of the mucks read from "doesn't show hand"
	boardSaid bool  // the summary's "Board [..]" was read
	// misprint is the first street line whose repeat of the board so far
	// ("*** TURN *** [old] [new]") is not the board dealt, 0 when none:
	// an error unless the summary's board settles which is right.
	misprint   int
	tournament bool
	stakes     [2]int64 // the header's two stakes (bets in fixed-limit, blinds otherwise)
	hasStakes  bool
	street     int // psPreDeal ... psSummary
	showdown   bool
	board      cards.List
	used       cards.CardSet // every card seen (hole and board), for duplicates
	posts      []Post        // Player = seat index until assembly
	actions    []Action      // Player = seat index (or -1) until assembly
	total      int64
	rake       int64
	pots       []int64
	hasTotal   bool
	// Run it twice: the board of each run so far (the shared cards and the
	// run's own), the street each run has reached, the run whose showdown
	// is being read (0 outside a run's showdown) and the number of runs
	// the summary states (0 when it does not).
	runs      []cards.List
	runStreet []int
	sdRun     int
	runsSaid  int
	// stp is the money the site added to the pot ("STP added: €5.00",
	// Run It Once's splash the pot): not a player's, Hand.AddedToPot.
	stp int64
}

const (
	psPreDeal = iota
	psPreflop
	psFlop
	psTurn
	psRiver
	psSummary
)

func psErr(line int, format string, args ...any) *fault.Error {
	return &fault.Error{Kind: fault.Invalid, Line: line, Action: -1, Message: fmt.Sprintf(format, args...)}
}

// psQuote quotes a line for an error message, shortened if long.
func psQuote(s string) string {
	if len(s) > 100 {
		s = s[:100] + "..."
	}
	return strconv.Quote(s)
}

// psIncomplete is the skip reason of a hand cut off before its summary.
const psIncomplete = "incomplete hand"

// parse reads one hand: the hand, or a skip reason, or an error. cutLine
// is the number of the file's last line when it has no line end (the
// file may have been cut in the middle of it), else 0.
func (p *psParser) parse(lines []psLine, cutLine int) (*Hand, string, error) {
	*p = psParser{seats: p.seats[:0], posts: p.posts[:0], actions: p.actions[:0], pots: p.pots[:0], noShow: p.noShow[:0], board: nil}
	head := lines[0]
	h := &Hand{Site: psSitePokerStars, Format: string(FormatPokerStars)}
	p.h = h
	for _, l := range lines {
		if l.long > 0 {
			return nil, "", psErr(l.n, "the line is %d bytes long; a hand history line may have at most %d (MaxLineBytes)", l.long, MaxLineBytes)
		}
	}
	game, skip, err := p.header(head)
	if err != nil || skip != "" {
		return nil, skip, err
	}
	// Skips that need the body: cancelled hands, cash-outs.
	for _, l := range lines[1:] {
		switch {
		case l.s == "Hand cancelled":
			return nil, "hand cancelled", nil
		case strings.Contains(l.s, " cashed out the hand for "), strings.Contains(l.s, ": Receives Cashout ("):
			return nil, "all-in cash-out is not supported", nil
		}
	}
	// A hand whose every line reads but that ends (at the next header or
	// the end of the file) before its summary was cut off: it is skipped
	// as incomplete, as is one whose last line is the file's, unfinished
	// (no line end), and unreadable. A malformed line elsewhere stays an
	// error naming it.
	cut := func(l psLine, err error) (*Hand, string, error) {
		if l.n == cutLine && p.street != psSummary {
			return nil, psIncomplete, nil
		}
		return nil, "", err
	}
	if len(lines) < 2 {
		return nil, psIncomplete, nil
	}
	if err := p.table(lines[1]); err != nil {
		return cut(lines[1], err)
	}
	i := 2
	for ; i < len(lines) && strings.HasPrefix(lines[i].s, "Seat "); i++ {
		if err := p.seat(lines[i]); err != nil {
			return cut(lines[i], err)
		}
	}
	if len(p.seats) < 2 {
		if i == len(lines) {
			return nil, psIncomplete, nil
		}
		return nil, "", psErr(lines[i].n, "hand lists %d seats, want at least 2", len(p.seats))
	}
	for ; i < len(lines); i++ {
		if err := p.line(lines[i]); err != nil {
			return cut(lines[i], err)
		}
		if len(p.actions) > MaxActions {
			return nil, "", tooManyActions(lines[i].n, 0)
		}
	}
	last := lines[len(lines)-1]
	if p.street != psSummary || !p.hasTotal && last.s == "*** SUMMARY ***" {
		return nil, psIncomplete, nil
	}
	if !p.hasTotal {
		return nil, "", psErr(last.n, "summary has no \"Total pot\" line")
	}
	if p.misprint > 0 {
		return nil, "", psErr(p.misprint, "the board repeated on this line differs from the board dealt %s, and no summary board says which is right", p.board)
	}
	p.dropUnshownMucks()
	if err := p.checkSummaryWon(); err != nil {
		return nil, "", err
	}
	if err := p.assemble(game, head.n); err != nil {
		return nil, "", err
	}
	return h, "", nil
}

type psGame struct {
	game      eval.Game
	structure Structure
}

// header reads the first line: hand id, tournament, game, stakes, time.
func (p *psParser) header(l psLine) (psGame, string, error) {
	s := l.s
	i := strings.IndexByte(s, '#')
	j := strings.IndexByte(s[i:], ':')
	if j < 0 {
		return psGame{}, "", psErr(l.n, "header has no ':' after the hand number: %s", psQuote(s))
	}
	// The hand number follows the last '#' before the ':' ("PokerStars
	// Game #PokerStars Zoom Hand #N:" names it twice, the number last).
	k := strings.LastIndexByte(s[:i+j], '#')
	if !psKnownHeader(s[:k+1]) {
		return psGame{}, "", psErr(l.n, "unrecognised hand header %s", psQuote(s))
	}
	id := s[k+1 : i+j]
	if !psDigits(id) {
		return psGame{}, "", psErr(l.n, "bad hand number %q in the header", id)
	}
	p.h.SiteHandID = id
	if strings.HasPrefix(s, psRIOHeader) {
		p.h.Site = psSiteRunItOnce
	}
	rest := strings.TrimSpace(s[i+j+1:])
	if strings.HasPrefix(rest, "{") { // home game club name
		k := strings.Index(rest, "} ")
		if k < 0 {
			return psGame{}, "", psErr(l.n, "header has an unclosed club name: %s", psQuote(s))
		}
		rest = strings.TrimSpace(rest[k+2:])
	}
	desc, after, _ := strings.Cut(rest, " - ")
	if strings.HasPrefix(desc, "Tournament #") {
		p.tournament = true
		p.h.Tournament = true
		k := len("Tournament #")
		for k < len(desc) && desc[k] >= '0' && desc[k] <= '9' {
			k++
		}
		desc = strings.TrimSpace(strings.TrimPrefix(desc[k:], ","))
	}
	var gameText, stakes string
	if strings.HasSuffix(desc, ")") {
		if k := strings.LastIndex(desc, " ("); k >= 0 {
			inner := desc[k+2 : len(desc)-1]
			if strings.Contains(inner, "Limit") { // "8-Game (Omaha Hi/Lo Limit)", "HORSE (Razz Limit, $0.10/$0.20 USD)"
				gameText, stakes, _ = strings.Cut(inner, ", ")
			} else {
				gameText, stakes = desc[:k], inner
			}
		} else {
			gameText = desc
		}
	} else {
		gameText = desc
	}
	name := psGameName(gameText)
	var g psGame
	switch name {
	case "Omaha Hi/Lo Limit":
		g = psGame{eval.OmahaHiLo, FixedLimit}
	case "Omaha Hi/Lo Pot Limit":
		g = psGame{eval.OmahaHiLo, PotLimit}
	case "Omaha Hi/Lo No Limit":
		g = psGame{eval.OmahaHiLo, NoLimit}
	case "Omaha Limit":
		g = psGame{eval.OmahaHi, FixedLimit}
	case "Omaha Pot Limit":
		g = psGame{eval.OmahaHi, PotLimit}
	case "Omaha No Limit":
		g = psGame{eval.OmahaHi, NoLimit}
	default:
		if name == "" {
			return psGame{}, "", psErr(l.n, "header names no game: %s", psQuote(s))
		}
		return psGame{}, "game " + clipped(name) + " is not Omaha", nil
	}
	p.h.Table.Game, p.h.Table.Structure = g.game, g.structure
	if p.tournament && stakes == "" {
		// "Level XV (10000/20000)"
		if k := strings.Index(after, "Level "); k >= 0 {
			if a := strings.IndexByte(after[k:], '('); a >= 0 {
				if b := strings.IndexByte(after[k+a:], ')'); b >= 0 {
					stakes = after[k+a+1 : k+a+b]
				}
			}
		}
	}
	if err := p.parseStakes(l, stakes); err != nil {
		return psGame{}, "", err
	}
	t, err := psTime(after)
	if err != nil {
		return psGame{}, "", psErr(l.n, "%v in the header: %s", err, psQuote(s))
	}
	p.h.Time = t
	return g, "", nil
}

// The sites whose clients write PokerStars' format, as Hand.Site: their
// hand numbers are their own, so the natural key (Site, SiteHandID) never
// collides with a PokerStars hand's.
const (
	psSitePokerStars = "pokerstars"
	psSiteRunItOnce  = "runitonce" // Run It Once Poker: "Run It Once Poker Hand #N:"
	psSiteUpoker     = "upoker"    // Upoker: "PokerStars Hand #N:" at a table named "UPOK..."
)

// psRIOHeader begins a Run It Once Poker hand.
const psRIOHeader = "Run It Once Poker Hand #"

// psHeaders are the hand headers the reader knows, up to the '#' before
// the hand number: PokerStars' current and historical forms (the Zoom
// form written by some clients names the hand twice) and Run It Once's.
var psHeaders = [...]string{
	"PokerStars Hand #",
	"PokerStars Game #",
	"PokerStars Zoom Hand #",
	"PokerStars Game #PokerStars Zoom Hand #",
	"PokerStars Home Game Hand #",
	"PokerStars Home Game #",
	psRIOHeader,
}

// psKnownHeader reports whether s is one of psHeaders.
func psKnownHeader(s string) bool {
	for _, h := range psHeaders {
		if s == h {
			return true
		}
	}
	return false
}

// psFamilies are the game names that can start a header's game text.
var psFamilies = []string{"Omaha", "5 Card Omaha", "6 Card Omaha", "Courchevel", "Hold'em", "Razz", "7 Card Stud", "5 Card Stud", "5 Card Draw", "Triple Draw", "Single Draw", "Badugi", "Badeucey", "Badacey", "2-7 ", "Big O"}

// psGameName returns the game name within a header's game text, e.g.
// "Omaha Hi/Lo Pot Limit" from "$11+$1 USD Omaha Hi/Lo Pot Limit".
func psGameName(s string) string {
	best := -1
	for _, f := range psFamilies {
		if k := strings.Index(s, f); k >= 0 && (best < 0 || k < best) {
			best = k
		}
	}
	if best < 0 {
		return strings.TrimSpace(s)
	}
	return strings.TrimSpace(s[best:])
}

// parseStakes reads "$0.01/$0.02 USD", "$5/$10", "€0.10/€0.20 EUR",
// "10000/20000" and sets the money scale and currency.
func (p *psParser) parseStakes(l psLine, s string) error {
	t := &p.h.Table
	amounts, code, _ := strings.Cut(strings.TrimSpace(s), " ")
	real := false
	switch {
	case strings.Contains(amounts, "$"):
		real, t.Currency = true, "USD"
	case strings.Contains(amounts, "€"):
		real, t.Currency = true, "EUR"
	case strings.Contains(amounts, "£"):
		real, t.Currency = true, "GBP"
	case strings.Contains(amounts, "¥"): // Upoker: "¥25/¥50 CNY" (yuan or yen: the code says which)
		real = true
	case strings.Contains(amounts, "."):
		real = true
	}
	if code != "" && len(code) == 3 && strings.ToUpper(code) == code {
		real, t.Currency = true, code
	}
	if p.tournament {
		real, t.Currency = false, ""
	}
	p.scale = 1
	t.ChipUnit = "1"
	p.sym = ""
	if !p.tournament {
		for _, sym := range psSymbols {
			if strings.HasPrefix(amounts, sym) {
				p.sym = sym
			}
		}
	}
	if real {
		p.scale = 100
		t.ChipUnit = "0.01"
	}
	if amounts == "" {
		return nil
	}
	a, b, ok := strings.Cut(amounts, "/")
	if !ok {
		return psErr(l.n, "bad stakes %q in the header", s)
	}
	if k := strings.IndexByte(b, '/'); k >= 0 { // "10/20/5": an ante
		b = b[:k]
	}
	x, ok1 := p.amount(a)
	y, ok2 := p.amount(b)
	if !ok1 || !ok2 || x <= 0 || y <= 0 {
		return psErr(l.n, "bad stakes %q in the header", s)
	}
	if x > y {
		return psErr(l.n, "stakes %q in the header: the first is larger than the second", s)
	}
	p.stakes = [2]int64{x, y}
	p.hasStakes = true
	return nil
}

// psTime returns the hand's start time in RFC 3339 from the header's text
// after the game, using the Eastern time the site gives ("ET", or the
// bracketed "[... ET]"); "" when there is none. A date and time that
// are not a real one ("2009/13/45 99:36:51") are an error.
func psTime(s string) (string, error) {
	if u, _, ok := strings.Cut(s, " UTC"); ok { // Run It Once: "2019/04/19 17:52 UTC [... CET]"
		return psUTCTime(u)
	}
	if a := strings.LastIndexByte(s, '['); a >= 0 {
		if b := strings.IndexByte(s[a:], ']'); b >= 0 {
			s = s[a+1 : a+b]
		}
	}
	s = strings.ReplaceAll(s, " - ", " ")
	s = strings.ReplaceAll(s, "(ET)", "ET")
	if !strings.HasSuffix(s, " ET") {
		return "", nil
	}
	s = strings.TrimSuffix(s, " ET")
	// The date is the last "yyyy/mm/dd hh:mm:ss" of the text.
	k := strings.LastIndexByte(s, '/')
	if k < 7 {
		return "", nil
	}
	t, err := time.Parse("2006/01/02 15:04:05", s[k-7:])
	if err != nil {
		return "", fmt.Errorf("bad date and time %q", s[k-7:])
	}
	return t.Format("2006-01-02T15:04:05") + psEasternOffset(t), nil
}

// psUTCTime reads the last "yyyy/mm/dd hh:mm[:ss]" of s, a UTC time, as
// RFC 3339 ("Z"); "" when there is none, an error when it is not a real
// date and time.
func psUTCTime(s string) (string, error) {
	k := strings.LastIndexByte(s, '/')
	if k < 7 {
		return "", nil
	}
	s = s[k-7:]
	layout := "2006/01/02 15:04:05"
	if strings.Count(s, ":") == 1 {
		layout = "2006/01/02 15:04"
	}
	t, err := time.Parse(layout, s)
	if err != nil {
		return "", fmt.Errorf("bad date and time %q", s)
	}
	return t.Format("2006-01-02T15:04:05Z"), nil
}

// psEasternOffset returns the US Eastern UTC offset ("-04:00" in daylight
// time, else "-05:00") for the wall-clock time t (read as UTC), by the US
// rules: since 2007 from the second Sunday of March to the first Sunday of
// November, 1987-2006 from the first Sunday of April to the last Sunday of
// October, at 2:00. The repeated autumn hour is read as daylight time. It
// needs no time zone database.
func psEasternOffset(t time.Time) string {
	y := t.Year()
	var start, end time.Time
	if y >= 2007 {
		start = psNthSunday(y, time.March, 2)
		end = psNthSunday(y, time.November, 1)
	} else {
		start = psNthSunday(y, time.April, 1)
		end = psNthSunday(y, time.November, 1).AddDate(0, 0, -7) // the last Sunday of October
	}
	start = start.Add(2 * time.Hour)
	end = end.Add(2 * time.Hour)
	if !t.Before(start) && t.Before(end) {
		return "-04:00"
	}
	return "-05:00"
}

// psNthSunday returns midnight (UTC) of the n-th Sunday of month m in y.
func psNthSunday(y int, m time.Month, n int) time.Time {
	d := time.Date(y, m, 1, 0, 0, 0, 0, time.UTC)
	d = d.AddDate(0, 0, (7-int(d.Weekday()))%7)
	return d.AddDate(0, 0, 7*(n-1))
}

// table reads "Table 'name' 6-max Seat #1 is the button".
func (p *psParser) table(l psLine) error {
	s := l.s
	prefix := "Table '"
	if p.h.Site == psSiteRunItOnce {
		prefix = "Table ID '" // Run It Once: "Table ID '34010755' 6-Max Seat #4 is the button"
	}
	if !strings.HasPrefix(s, prefix) {
		return psErr(l.n, "want the table line (\"%s...' ... Seat #N is the button\"), got %s", prefix, psQuote(s))
	}
	k := strings.LastIndex(s, " Seat #")
	if k < 0 || !strings.HasSuffix(s, " is the button") {
		return psErr(l.n, "table line names no button seat: %s", psQuote(s))
	}
	btn, err := strconv.Atoi(s[k+len(" Seat #") : len(s)-len(" is the button")])
	if err != nil || btn < 1 || btn > 10 {
		return psErr(l.n, "bad button seat in %s", psQuote(s))
	}
	p.h.Button = btn // a seat number until assembly
	mid := s[len(prefix):k]
	q := strings.LastIndexByte(mid, '\'')
	if q < 0 {
		return psErr(l.n, "unclosed table name in %s", psQuote(s))
	}
	p.h.TableName = mid[:q]
	if strings.HasPrefix(p.h.TableName, "UPOK") && p.h.Site == psSitePokerStars {
		p.h.Site = psSiteUpoker // Upoker's client writes PokerStars' header at its own tables
	}
	for _, f := range strings.Fields(mid[q+1:]) {
		if m, ok := strings.CutSuffix(strings.ToLower(f), "-max"); ok {
			if v, err := strconv.Atoi(m); err == nil && v >= 2 && v <= 10 {
				p.h.Table.MaxSeats = v
			}
		}
	}
	if m := p.h.Table.MaxSeats; m > 0 && btn > m {
		return psErr(l.n, "button seat %d on a %d-max table: %s", btn, m, psQuote(s))
	}
	return nil
}

// seat reads "Seat 3: name ($1.75 in chips)" with an optional bounty and
// "is sitting out" / "out of hand" after it.
func (p *psParser) seat(l psLine) error {
	s := l.s
	c := strings.Index(s, ": ")
	if c < 0 {
		return psErr(l.n, "bad seat line %s", psQuote(s))
	}
	num, err := strconv.Atoi(s[len("Seat "):c])
	if err != nil || num < 1 || num > 10 {
		return psErr(l.n, "bad seat number in %s", psQuote(s))
	}
	rest := s[c+2:]
	k := strings.LastIndex(rest, " in chips")
	if k < 0 {
		return psErr(l.n, "seat line has no stack (\"(... in chips)\"): %s", psQuote(s))
	}
	o := strings.LastIndex(rest[:k], " (")
	if o <= 0 {
		return psErr(l.n, "seat line has no player name: %s", psQuote(s))
	}
	name := rest[:o]
	stack, ok := p.amount(rest[o+2 : k])
	if !ok {
		return psErr(l.n, "bad stack %q in %s", rest[o+2:k], psQuote(s))
	}
	tail := rest[k+len(" in chips"):]
	ok = strings.HasPrefix(tail, ")")
	if strings.HasPrefix(tail, ", ") { // ", $0.50 bounty)"
		ok = strings.Contains(tail, ")")
	}
	if !ok {
		return psErr(l.n, "seat line's stack is not closed by \")\": %s", psQuote(s))
	}
	if m := p.h.Table.MaxSeats; m > 0 && num > m {
		return psErr(l.n, "seat %d on a %d-max table: %s", num, m, psQuote(s))
	}
	for i := range p.seats {
		if p.seats[i].seat == num {
			return psErr(l.n, "seat %d is listed twice", num)
		}
		if p.seats[i].name == name {
			return psErr(l.n, "player %q is seated twice", name)
		}
	}
	p.seats = append(p.seats, psSeat{
		seat:       num,
		name:       name,
		stack:      stack,
		sittingOut: strings.Contains(tail, "is sitting out"),
		outOfHand:  strings.Contains(tail, "out of hand"),
	})
	return nil
}

// psSymbols are the currency symbols of cash-game amounts.
var psSymbols = [...]string{"$", "€", "£", "¥"}

// amount parses "$1,234.56", "€0.10", "1500" into chip units. In a game
// whose stakes carry a currency symbol every amount must carry it ("calls
// 5" in a $ game is not 5 dollars); elsewhere (tournaments, play money) no
// amount may carry one.
func (p *psParser) amount(s string) (int64, bool) {
	if p.sym != "" {
		var ok bool
		if s, ok = strings.CutPrefix(s, p.sym); !ok {
			return 0, false
		}
	} else {
		for _, sym := range psSymbols {
			if strings.HasPrefix(s, sym) {
				return 0, false
			}
		}
	}
	if s == "" {
		return 0, false
	}
	var whole, frac int64
	digits, fracDigits := 0, -1
	for i := 0; i < len(s); i++ {
		b := s[i]
		switch {
		case b >= '0' && b <= '9':
			if fracDigits >= 0 {
				if fracDigits == 2 {
					return 0, false
				}
				frac = frac*10 + int64(b-'0')
				fracDigits++
				continue
			}
			if digits == 15 {
				return 0, false
			}
			whole = whole*10 + int64(b-'0')
			digits++
		case b == ',' && fracDigits < 0 && digits > 0:
		case b == '.' && fracDigits < 0 && digits > 0:
			fracDigits = 0
		default:
			return 0, false
		}
	}
	if digits == 0 || fracDigits == 0 {
		return 0, false
	}
	if fracDigits == 1 {
		frac *= 10
	}
	if p.scale == 100 {
		return whole*100 + frac, true
	}
	if frac != 0 {
		return 0, false // fractions of a chip
	}
	return whole, true
}

// player returns the seat index of the listed player whose name followed
// by sep starts s (the longest such name), or -1.
func (p *psParser) player(s, sep string) int {
	best := -1
	for i := range p.seats {
		n := p.seats[i].name
		if len(s) > len(n) && strings.HasPrefix(s, n) && strings.HasPrefix(s[len(n):], sep) {
			if best < 0 || len(n) > len(p.seats[best].name) {
				best = i
			}
		}
	}
	return best
}

// seatNamed returns the seat index of the player named exactly name, or -1.
func (p *psParser) seatNamed(name string) int {
	for i := range p.seats {
		if p.seats[i].name == name {
			return i
		}
	}
	return -1
}

// psIgnored lists lines with no bearing on the play: chat, table traffic,
// tournament news and dealer remarks. Matched on lines that are not a
// listed player's action.
var (
	psIgnoredExact = []string{"Betting is capped", "No low hand qualified", "Pair on board - a double bet is allowed"}
	psIgnoredSufx  = []string{
		" leaves the table", " will be allowed to play after the button", " is disconnected", " is connected",
		" has timed out", " has timed out while disconnected", " has timed out while being disconnected",
		" has returned", " is sitting out", ": is sitting out", ": sits out", ": sitting out", " is back",
	}
	psIgnoredSub = []string{
		" said, \"", " joins the table at seat #", " finished the tournament", " wins the tournament",
		" for eliminating ", " re-buys and receives ", " takes the add-on", " was removed from the table",
		" wins an entry to tournament", " Pays Cashout Risk (",
	}
)

func psIgnorable(s string) bool {
	for _, x := range psIgnoredExact {
		if s == x {
			return true
		}
	}
	for _, x := range psIgnoredSufx {
		if strings.HasSuffix(s, x) {
			return true
		}
	}
	for _, x := range psIgnoredSub {
		if strings.Contains(s, x) {
			return true
		}
	}
	return false
}

// line reads one line after the seat list.
func (p *psParser) line(l psLine) error {
	s := l.s
	if strings.HasPrefix(s, "*** ") {
		return p.marker(l)
	}
	if p.street == psSummary {
		return p.summary(l)
	}
	if who := p.player(s, ": "); who >= 0 {
		err := p.action(l, who, s[len(p.seats[who].name)+2:])
		if err == nil {
			return nil
		}
		// Not an action of that player: the line may be about another
		// whose name starts with it and ": " ("A" and "A: B").
		if p.other(l) == nil {
			return nil
		}
		return err
	}
	return p.other(l)
}

// other reads a line that is not a listed player's action.
func (p *psParser) other(l psLine) error {
	s := l.s
	switch {
	case strings.HasPrefix(s, "Dealt to "):
		return p.dealt(l)
	case strings.HasPrefix(s, "Uncalled bet ("):
		return p.uncalled(l)
	case strings.HasPrefix(s, "STP added: ") && p.street >= psPreflop:
		x, ok := p.amount(s[len("STP added: "):])
		if !ok || x <= 0 {
			return psErr(l.n, "bad amount in %s", psQuote(s))
		}
		if len(p.actions) > 0 {
			// Hand.AddedToPot is money in the pot before the first action:
			// added later, it would change the pot limit of earlier bets.
			return psErr(l.n, "%s after the betting began: Scoop holds money a site adds before the first action only", psQuote(s))
		}
		p.stp += x
		return nil
	case p.showdown && p.player(s, " shows [") >= 0:
		// Run It Once writes a show without the colon: "Hero shows [..] for ...".
		who := p.player(s, " shows [")
		return p.action(l, who, s[len(p.seats[who].name)+1:])
	case strings.Contains(s, " collected ") && strings.Contains(s, " from "):
		if err := p.collected(l); err == nil || !psIgnorable(s) {
			return err
		}
		return nil
	case psIgnorable(s):
		return nil
	}
	return psErr(l.n, "unrecognised line %s", psQuote(s))
}

// marker reads a "*** ... ***" line.
func (p *psParser) marker(l psLine) error {
	s := l.s
	switch {
	case s == "*** HOLE CARDS ***":
		if p.street != psPreDeal {
			return psErr(l.n, "second *** HOLE CARDS *** line")
		}
		p.street = psPreflop
		return nil
	case s == "*** SHOW DOWN ***", s == "*** SHOWDOWN ***": // the second: Run It Once
		if p.street < psPreflop || p.street == psSummary {
			return psErr(l.n, "*** SHOW DOWN *** out of place")
		}
		p.showdown = true
		return nil
	case s == "*** SUMMARY ***":
		p.street = psSummary
		return nil
	case strings.HasPrefix(s, "*** FLOP *** ["):
		return p.deal(l, psPreflop, psFlop, 3, s[len("*** FLOP *** "):])
	case strings.HasPrefix(s, "*** TURN *** ["):
		return p.deal(l, psFlop, psTurn, 1, s[len("*** TURN *** "):])
	case strings.HasPrefix(s, "*** RIVER *** ["):
		return p.deal(l, psTurn, psRiver, 1, s[len("*** RIVER *** "):])
	}
	for k, ord := range psOrdinals {
		rest, ok := strings.CutPrefix(s, "*** "+ord+" ")
		if !ok {
			continue
		}
		run := k + 1
		switch {
		case rest == "SHOW DOWN ***":
			return p.runShowdown(l, run)
		case strings.HasPrefix(rest, "FLOP *** ["):
			return p.dealRun(l, run, psPreflop, psFlop, 3, rest[len("FLOP *** "):])
		case strings.HasPrefix(rest, "TURN *** ["):
			return p.dealRun(l, run, psFlop, psTurn, 1, rest[len("TURN *** "):])
		case strings.HasPrefix(rest, "RIVER *** ["):
			return p.dealRun(l, run, psTurn, psRiver, 1, rest[len("RIVER *** "):])
		}
	}
	return psErr(l.n, "unexpected street marker %s in an Omaha hand", psQuote(s))
}

// dealRun reads a street of run number run of a hand run more than once
// ("*** SECOND TURN *** [a b c] [d]"): the runs are dealt in order, each
// from the street after the shared board to the river.
func (p *psParser) dealRun(l psLine, run, from, to, n int, s string) error {
	if p.showdown {
		return psErr(l.n, "%s out of place", psQuote(l.s))
	}
	switch {
	case len(p.runs) == 0 && run != 1:
		return psErr(l.n, "%s before the first run", psQuote(l.s))
	case run > len(p.runs)+1:
		return psErr(l.n, "%s before run %d", psQuote(l.s), len(p.runs)+1)
	case run < len(p.runs):
		return psErr(l.n, "%s after run %d started", psQuote(l.s), len(p.runs))
	case run == len(p.runs)+1:
		if run > 1 && p.runStreet[run-2] != psRiver {
			return psErr(l.n, "%s before the river of run %d", psQuote(l.s), run-1)
		}
		p.runs = append(p.runs, p.board[:len(p.board):len(p.board)])
		p.runStreet = append(p.runStreet, p.street)
	}
	if p.runStreet[run-1] != from {
		return psErr(l.n, "%s out of place", psQuote(l.s))
	}
	c, err := p.boardCards(l, from, n, s, p.runs[run-1])
	if err != nil {
		return err
	}
	p.runs[run-1] = append(p.runs[run-1], c...)
	p.runStreet[run-1] = to
	p.newRound()
	p.actions = append(p.actions, Action{Player: -1, Kind: DealBoard, Cards: c, Run: run})
	return nil
}

// runShowdown reads "*** FIRST SHOW DOWN ***" (run 1) and the like: the
// runs' showdowns come in order, after every run's river.
func (p *psParser) runShowdown(l psLine, run int) error {
	switch {
	case p.street == psSummary:
		return psErr(l.n, "%s out of place", psQuote(l.s))
	case run > len(p.runs):
		return psErr(l.n, "%s in a hand run %s", psQuote(l.s), psTimes(len(p.runs)))
	case run != p.sdRun+1:
		return psErr(l.n, "%s out of order", psQuote(l.s))
	}
	for k, st := range p.runStreet {
		if st != psRiver {
			return psErr(l.n, "%s before the river of run %d", psQuote(l.s), k+1)
		}
	}
	p.showdown = true
	p.sdRun = run
	return nil
}

// deal reads a street's cards: "[a b c]" on the flop, "[old] [new]" after.
func (p *psParser) deal(l psLine, from, to, n int, s string) error {
	if p.street != from || p.showdown || len(p.runs) > 0 {
		return psErr(l.n, "%s out of place", psQuote(l.s))
	}
	c, err := p.boardCards(l, from, n, s, p.board)
	if err != nil {
		return err
	}
	p.board = append(p.board, c...)
	p.street = to
	p.newRound()
	p.actions = append(p.actions, Action{Player: -1, Kind: DealBoard, Cards: c})
	return nil
}

// boardCards reads a street's n new cards from s, "[a b c]" on the flop,
// "[old] [new]" after it where old must be board, the board so far; the
// new cards must not have been seen.
func (p *psParser) boardCards(l psLine, from, n int, s string, board cards.List) (cards.List, error) {
	a := strings.LastIndexByte(s, '[')
	if a < 0 || !strings.HasSuffix(s, "]") {
		return nil, psErr(l.n, "bad board cards in %s", psQuote(l.s))
	}
	if old := strings.TrimSpace(s[:a]); old != "" {
		if !strings.HasPrefix(old, "[") || !strings.HasSuffix(old, "]") {
			return nil, psErr(l.n, "bad board cards in %s", psQuote(l.s))
		}
		prev, err := cards.Parse(old[1 : len(old)-1])
		if err != nil {
			return nil, psErr(l.n, "bad board card: %v", err)
		}
		if prev.String() != board.String() {
			if len(p.runs) > 0 || len(prev) != len(board) {
				return nil, psErr(l.n, "board %s differs from the board dealt so far %s", prev, board)
			}
			if p.misprint == 0 {
				p.misprint = l.n
			}
		}
	} else if from != psPreflop {
		return nil, psErr(l.n, "want the board so far and the new card in %s", psQuote(l.s))
	}
	c, err := cards.Parse(s[a+1 : len(s)-1])
	if err != nil {
		return nil, psErr(l.n, "bad board card: %v", err)
	}
	if len(c) != n {
		return nil, psErr(l.n, "%d new board cards, want %d: %s", len(c), n, psQuote(l.s))
	}
	for _, x := range c {
		if p.used.Has(x) {
			return nil, &fault.Error{Kind: fault.Impossible, Line: l.n, Action: -1, Message: fmt.Sprintf("card %s is dealt twice", x)}
		}
		p.used = p.used.Add(x)
	}
	return c, nil
}

// setHole records seat i's hole cards, checking they agree with what was
// seen before and that no card is seen twice.
func (p *psParser) setHole(l psLine, i int, c cards.List) error {
	st := &p.seats[i]
	if st.hole != nil {
		a, _ := st.hole.Set()
		b, err := c.Set()
		if err != nil || a != b {
			return &fault.Error{Kind: fault.Impossible, Line: l.n, Action: -1, Message: fmt.Sprintf("%s shows %s but holds %s", st.name, c, st.hole)}
		}
		return nil
	}
	for _, x := range c {
		if p.used.Has(x) {
			return &fault.Error{Kind: fault.Impossible, Line: l.n, Action: -1, Message: fmt.Sprintf("card %s is seen twice", x)}
		}
		p.used = p.used.Add(x)
	}
	st.hole = c
	return nil
}

// bracketCards parses the first "[...]" of s.
func psBracket(l psLine, s string) (cards.List, error) {
	a := strings.IndexByte(s, '[')
	b := strings.IndexByte(s, ']')
	if a < 0 || b < a {
		return nil, psErr(l.n, "want cards in brackets in %s", psQuote(l.s))
	}
	c, err := cards.Parse(s[a+1 : b])
	if err != nil {
		return nil, psErr(l.n, "bad card: %v", err)
	}
	return c, nil
}

// dealt reads "Dealt to name [As Kd 3c 2h]".
func (p *psParser) dealt(l psLine) error {
	rest := l.s[len("Dealt to "):]
	i := p.player(rest, " [")
	if i < 0 {
		return psErr(l.n, "cards dealt to a player not seated: %s", psQuote(l.s))
	}
	if p.street != psPreflop {
		return psErr(l.n, "hole cards dealt out of place")
	}
	c, err := psBracket(l, rest[len(p.seats[i].name):])
	if err != nil {
		return err
	}
	if len(c) != 4 {
		return psErr(l.n, "%d hole cards dealt to %s, want 4", len(c), p.seats[i].name)
	}
	p.seats[i].used = true
	return p.setHole(l, i, c)
}

// uncalled reads "Uncalled bet ($0.94) returned to name".
func (p *psParser) uncalled(l psLine) error {
	s := l.s[len("Uncalled bet ("):]
	k := strings.Index(s, ") returned to ")
	if k < 0 {
		return psErr(l.n, "bad uncalled-bet line %s", psQuote(l.s))
	}
	amt, ok := p.amount(s[:k])
	i := p.seatNamed(s[k+len(") returned to "):])
	if !ok || i < 0 {
		return psErr(l.n, "bad uncalled-bet line %s", psQuote(l.s))
	}
	p.seats[i].returned += amt
	p.seats[i].in -= amt
	p.seats[i].round -= amt
	return nil
}

// collected reads "name collected $1.31 from main pot" (or pot, side pot,
// side pot-N).
func (p *psParser) collected(l psLine) error {
	s := l.s
	k := strings.LastIndex(s, " collected ")
	if k < 0 {
		return psErr(l.n, "unrecognised line %s", psQuote(s))
	}
	amt, from, ok := strings.Cut(s[k+len(" collected "):], " from ")
	if !ok || !(from == "pot" || from == "main pot" || from == "side pot" || strings.HasPrefix(from, "side pot-") || psDigits(strings.TrimPrefix(from, "side pot "))) {
		return psErr(l.n, "unrecognised line %s", psQuote(s))
	}
	i := p.seatNamed(s[:k])
	if i < 0 {
		return psErr(l.n, "pot collected by %q, who is not seated", s[:k])
	}
	v, ok := p.amount(amt)
	if !ok {
		return psErr(l.n, "bad amount %q in %s", amt, psQuote(s))
	}
	p.seats[i].collected += v
	if p.sdRun > 0 {
		p.seats[i].runCollected[p.sdRun-1] += v
	}
	p.seats[i].used = true
	return nil
}

// action reads a listed player's line: posts, folds, checks, calls, bets,
// raises, shows, mucks.
func (p *psParser) action(l psLine, who int, v string) error {
	name := p.seats[who].name
	v, allIn := strings.CutSuffix(v, " and is all-in")
	verb, arg, _ := strings.Cut(v, " ")
	switch verb {
	case "posts":
		if err := p.post(l, who, arg); err != nil {
			return err
		}
		return p.checkAllIn(l, who, allIn)
	case "folds", "checks", "calls", "bets", "raises":
		if p.street < psPreflop || p.street > psRiver || p.showdown {
			return psErr(l.n, "%s %s out of place", name, verb)
		}
	case "shows":
		c, err := psBracket(l, arg)
		if err != nil {
			return err
		}
		if p.street < psPreflop {
			return psErr(l.n, "%s shows before the deal", name)
		}
		if len(c) == 4 {
			if err := p.setHole(l, who, c); err != nil {
				return err
			}
		}
		if p.showdown && p.sdRun <= 1 && !p.repeatsShow(who, c) { // a later run's showdown repeats the first's
			if len(c) == 4 {
				p.actions = append(p.actions, Action{Player: who, Kind: Show, Cards: c})
			} else { // a partial show cannot make an Omaha hand: it gives up
				p.actions = append(p.actions, Action{Player: who, Kind: Muck})
			}
		}
		p.seats[who].used = true
		return nil
	case "mucks":
		if p.showdown && p.sdRun <= 1 {
			p.actions = append(p.actions, Action{Player: who, Kind: Muck})
		}
		if strings.HasPrefix(arg, "[") {
			c, err := psBracket(l, arg)
			if err != nil {
				return err
			}
			if len(c) == 4 {
				return p.setHole(l, who, c)
			}
		}
		return nil
	case "doesn't", "is", "sits", "sitting":
		if v == "doesn't show hand" && p.showdown && p.sdRun <= 1 {
			// At a showdown, not showing gives up the pots (see
			// dropUnshownMucks for a showdown where nobody shows).
			p.seats[who].used = true
			p.noShow = append(p.noShow, len(p.actions))
			p.actions = append(p.actions, Action{Player: who, Kind: Muck})
			return nil
		}
		if v == "doesn't show hand" || v == "is sitting out" || v == "sits out" || v == "sitting out" || v == "is back" {
			return nil
		}
		return psErr(l.n, "unrecognised action %s", psQuote(l.s))
	case "discards", "stands", "brings":
		return psErr(l.n, "%s %s: not an Omaha action", name, verb)
	default:
		return psErr(l.n, "unrecognised action %s", psQuote(l.s))
	}
	p.seats[who].used = true
	switch verb {
	case "folds":
		if arg != "" && !strings.HasPrefix(arg, "(") { // "(timed out)" and the like say nothing
			c, err := psBracket(l, arg)
			if err != nil {
				return err
			}
			if len(c) == 4 {
				if err := p.setHole(l, who, c); err != nil {
					return err
				}
			}
		}
		p.actions = append(p.actions, Action{Player: who, Kind: Fold})
	case "checks":
		if arg != "" {
			return psErr(l.n, "unrecognised action %s", psQuote(l.s))
		}
		p.actions = append(p.actions, Action{Player: who, Kind: Check})
	case "calls", "bets":
		x, ok := p.amount(arg)
		if !ok || x <= 0 {
			return psErr(l.n, "bad amount %q in %s", arg, psQuote(l.s))
		}
		k := Call
		if verb == "bets" {
			k = BetRaise
			p.putIn(who, x-p.seats[who].round)
		} else {
			p.putIn(who, x)
		}
		p.actions = append(p.actions, Action{Player: who, Kind: k, Amount: x})
	case "raises":
		by, to, ok := strings.Cut(arg, " to ")
		x, ok1 := p.amount(by)
		y, ok2 := p.amount(to)
		if !ok || !ok1 || !ok2 || x <= 0 || y < x {
			return psErr(l.n, "bad raise in %s", psQuote(l.s))
		}
		// The site's "raises X to Y" raises by X over the current bet: a
		// record whose Y-X is not that bet contradicts itself. Tools that
		// convert other sites' hands to this format write "raises $60 to
		// $60", the total twice: that reads as a raise to Y when Y is over
		// the current bet (the increment is then Y minus it), and stays an
		// error when it is not (a call? a raise by Y?).
		if y-x != p.curBet && !(x == y && y > p.curBet) {
			return psErr(l.n, "%s raises by %d to %d, but the current bet is %d, not %d (chip units): %s", name, x, y, p.curBet, y-x, psQuote(l.s))
		}
		p.putIn(who, y-p.seats[who].round)
		p.actions = append(p.actions, Action{Player: who, Kind: BetRaise, Amount: y})
	}
	if allIn && (verb == "folds" || verb == "checks") {
		return psErr(l.n, "unrecognised action %s", psQuote(l.s))
	}
	return p.checkAllIn(l, who, allIn)
}

// repeatsShow reports whether the last action read is seat who's show of
// the cards c: a show line written twice (Run It Once does) shows once.
func (p *psParser) repeatsShow(who int, c cards.List) bool {
	if len(p.actions) == 0 {
		return false
	}
	a := p.actions[len(p.actions)-1]
	return a.Kind == Show && a.Player == who && a.Cards.String() == c.String()
}

// checkAllIn checks a line marked "and is all-in" (allIn): by the recorded
// amounts, the seat must have no chips left.
func (p *psParser) checkAllIn(l psLine, who int, allIn bool) error {
	st := &p.seats[who]
	if left := st.stack - st.in; allIn && left != 0 {
		return psErr(l.n, "%s is said to be all-in but has %d chip units left of %d: %s", st.name, left, st.stack, psQuote(l.s))
	}
	return nil
}

// putIn adds x to what seat i has put in this round as a live bet (and in
// the hand), raising the current bet if it is now the largest.
func (p *psParser) putIn(i int, x int64) {
	st := &p.seats[i]
	st.in += x
	st.round += x
	p.curBet = max(p.curBet, st.round)
}

// newRound starts a betting round: nobody has bet in it yet.
func (p *psParser) newRound() {
	p.curBet = 0
	for i := range p.seats {
		p.seats[i].round = 0
	}
}

// post reads the rest of "name: posts ...".
func (p *psParser) post(l psLine, who int, arg string) error {
	if p.street != psPreDeal {
		return psErr(l.n, "%s posts after the deal", p.seats[who].name)
	}
	var kind PostKind
	var amt string
	switch {
	case strings.HasPrefix(arg, "small & big blinds "):
		amt = arg[len("small & big blinds "):]
		total, ok := p.amount(amt)
		if !ok || total <= 0 {
			return psErr(l.n, "bad amount %q in %s", amt, psQuote(l.s))
		}
		bb := p.bigBlind()
		if bb <= 0 || bb >= total {
			return psErr(l.n, "cannot split %s into a dead small blind and a big blind", psQuote(l.s))
		}
		p.seats[who].used = true
		p.posts = append(p.posts, Post{Player: who, Kind: PostDead, Amount: total - bb}, Post{Player: who, Kind: PostBigBlind, Amount: bb})
		p.seats[who].in += total - bb
		p.putIn(who, bb)
		return nil
	case strings.HasPrefix(arg, "small blind "):
		kind, amt = PostSmallBlind, arg[len("small blind "):]
	case strings.HasPrefix(arg, "big blind "):
		kind, amt = PostBigBlind, arg[len("big blind "):]
	case strings.HasPrefix(arg, "the ante "):
		kind, amt = PostAnte, arg[len("the ante "):]
	case strings.HasPrefix(arg, "straddle "):
		kind, amt = PostStraddle, arg[len("straddle "):]
	default:
		return psErr(l.n, "unrecognised post %s", psQuote(l.s))
	}
	x, ok := p.amount(amt)
	if !ok || x <= 0 {
		return psErr(l.n, "bad amount %q in %s", amt, psQuote(l.s))
	}
	p.seats[who].used = true
	p.posts = append(p.posts, Post{Player: who, Kind: kind, Amount: x})
	if kind == PostAnte {
		p.seats[who].in += x
	} else {
		p.putIn(who, x)
	}
	return nil
}

// bigBlind returns the big blind: the largest big blind posted so far,
// else the stakes' (fixed-limit: the small bet, R3).
func (p *psParser) bigBlind() int64 {
	var bb int64
	for _, x := range p.posts {
		if x.Kind == PostBigBlind && x.Amount > bb {
			bb = x.Amount
		}
	}
	if bb == 0 && p.hasStakes {
		if p.h.Table.Structure == FixedLimit {
			return p.stakes[0]
		}
		return p.stakes[1]
	}
	return bb
}

// summary reads a summary line: the total pot and rake, and hole cards
// shown or mucked. Other summary lines restate the play and are ignored.
func (p *psParser) summary(l psLine) error {
	s := l.s
	switch {
	case strings.HasPrefix(s, "Total pot "):
		return p.totalPot(l)
	case strings.HasPrefix(s, "Hand was run "):
		switch s {
		case "Hand was run twice":
			p.runsSaid = 2
		case "Hand was run three times":
			p.runsSaid = 3
		default:
			return psErr(l.n, "unrecognised line %s", psQuote(s))
		}
		if p.runsSaid != len(p.runs) {
			return psErr(l.n, "%s, but it was run %s", psQuote(s), psTimes(len(p.runs)))
		}
		return nil
	case psRunBoard(s) >= 0:
		k := psRunBoard(s)
		c, err := psBracket(l, s)
		if err != nil {
			return err
		}
		var dealt cards.List
		if k < len(p.runs) {
			dealt = p.runs[k]
		}
		if k >= len(p.runs) || c.String() != dealt.String() {
			return psErr(l.n, "%s differs from run %d's board %s", psQuote(s), k+1, dealt)
		}
		return nil
	case strings.HasPrefix(s, "Board ["):
		c, err := psBracket(l, s)
		if err != nil {
			return err
		}
		if c.String() != p.board.String() && !p.boardSaid && len(p.runs) == 0 {
			dealt := p.board.String()
			if !p.reboard(c) {
				return psErr(l.n, "%s differs from the board dealt %s", psQuote(s), p.board)
			}
			p.h.Notes = append(p.h.Notes, fmt.Sprintf("the street lines give the board as %s; the summary's board %s (line %d) is used", dealt, c, l.n))
		}
		if p.boardSaid || len(p.runs) > 0 || c.String() != p.board.String() {
			return psErr(l.n, "%s differs from the board dealt %s", psQuote(s), p.board)
		}
		p.boardSaid = true
		p.misprint = 0 // the summary's board is the board
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
		if err := p.summaryWon(l, num, s[c+2:]); err != nil {
			return err
		}
		k := strings.Index(s, " mucked [")
		if k < 0 {
			k = strings.Index(s, " showed [")
		}
		if k < 0 {
			return nil
		}
		for i := range p.seats {
			if p.seats[i].seat == num {
				cs, err := psBracket(l, s[k:])
				if err != nil {
					return err
				}
				if len(cs) == 4 {
					return p.setHole(l, i, cs)
				}
				return nil
			}
		}
		return psErr(l.n, "summary names seat %d, which is empty", num)
	}
	return nil
}

// reboard takes the summary's board c in place of the one the street
// lines dealt, for a record whose street lines misprint the board: c must
// be as long, hold distinct cards and share none with the hole cards seen
// (the shown hands, whose descriptions the summary's board agrees with).
// It reports whether c was taken; the board deals then carry c's cards.
func (p *psParser) reboard(c cards.List) bool {
	if len(c) != len(p.board) {
		return false
	}
	var holes cards.CardSet
	for i := range p.seats {
		for _, x := range p.seats[i].hole {
			holes = holes.Add(x)
		}
	}
	var seen cards.CardSet
	for _, x := range c {
		if seen.Has(x) || holes.Has(x) {
			return false
		}
		seen = seen.Add(x)
	}
	k := 0
	for i := range p.actions {
		if a := &p.actions[i]; a.Kind == DealBoard {
			a.Cards = c[k : k+len(a.Cards) : k+len(a.Cards)]
			k += len(a.Cards)
		}
	}
	p.board = c
	p.used = holes | seen
	return true
}

// summaryWon reads what a summary seat line says the seat won: the sum
// of its "collected ($X)" and "won ($X)" (one per half or run), checked
// against the seat's "collected" lines once the hand is read (see
// checkSummaryWon).
func (p *psParser) summaryWon(l psLine, num int, rest string) error {
	i := -1
	for j := range p.seats {
		if p.seats[j].seat == num {
			i = j
		}
	}
	if i < 0 {
		return nil // an empty seat: reported below if it shows cards
	}
	st := &p.seats[i]
	rest, _ = strings.CutPrefix(rest, st.name)
	for _, kw := range [...]string{" won (", " collected ("} {
		for t := rest; ; {
			k := strings.Index(t, kw)
			if k < 0 {
				break
			}
			t = t[k+len(kw):]
			e := strings.IndexByte(t, ')')
			if e < 0 {
				return psErr(l.n, "bad amount in %s", psQuote(l.s))
			}
			x, ok := p.amount(t[:e])
			if !ok {
				return psErr(l.n, "bad amount %q in %s", t[:e], psQuote(l.s))
			}
			st.won += x
			st.wonLine = l.n
		}
	}
	return nil
}

// dropUnshownMucks removes the mucks read from "doesn't show hand" when
// nobody shows at the showdown: then the pot is won without a contest and
// not showing is the winner's right, not a muck.
func (p *psParser) dropUnshownMucks() {
	if len(p.noShow) == 0 {
		return
	}
	for _, a := range p.actions {
		if a.Kind == Show {
			return
		}
	}
	out := p.actions[:0]
	k := 0
	for i, a := range p.actions {
		if k < len(p.noShow) && p.noShow[k] == i {
			k++
			continue
		}
		out = append(out, a)
	}
	p.actions = out
}

// checkSummaryWon reports a summary line whose "won"/"collected" amounts
// contradict the seat's "collected" lines: the record disagreeing with
// itself, so an error naming the line, not a settlement difference.
func (p *psParser) checkSummaryWon() error {
	for i := range p.seats {
		st := &p.seats[i]
		if st.wonLine > 0 && st.won != st.collected {
			return psErr(st.wonLine, "summary says %s won %d but the collected lines give %d (chip units)", st.name, st.won, st.collected)
		}
	}
	return nil
}

// psTimes says how many times a hand was run: "once", "twice", "3 times".
func psTimes(n int) string {
	switch {
	case n <= 1:
		return "once"
	case n == 2:
		return "twice"
	}
	return strconv.Itoa(n) + " times"
}

// psRunBoard returns k for the summary line of run k+1's board ("SECOND
// Board [..]" -> 1), else -1.
func psRunBoard(s string) int {
	for k, o := range psOrdinals {
		if strings.HasPrefix(s, o+" Board [") {
			return k
		}
	}
	return -1
}

// totalPot reads "Total pot $3.70 Main pot $2.35. Side pot-1 $0.88. | Rake $0.18".
func (p *psParser) totalPot(l psLine) error {
	parts := strings.Split(l.s, " | ")
	f := strings.Fields(parts[0])
	bad := func() error { return psErr(l.n, "bad total pot line %s", psQuote(l.s)) }
	if len(f) < 3 {
		return bad()
	}
	total, ok := p.amount(f[2])
	if !ok {
		return bad()
	}
	p.total, p.hasTotal = total, true
	for i := 3; i < len(f); i += 3 {
		if i+2 >= len(f) || f[i+1] != "pot" && !strings.HasPrefix(f[i+1], "pot-") || f[i] != "Main" && f[i] != "Side" {
			return bad()
		}
		x, ok := p.amount(strings.TrimSuffix(f[i+2], "."))
		if !ok {
			return bad()
		}
		p.pots = append(p.pots, x)
	}
	// Run It Once puts the pots between bars, before rake: "Total pot
	// €146.34 | Main pot €119.52 | Side pot €21.82 | STP €5.00 | Rake €2.50".
	var before []int64
	var stp int64
	for _, part := range parts[1:] {
		part = strings.TrimSpace(part)
		switch {
		case strings.HasPrefix(part, "Rake "), strings.HasPrefix(part, "STP "):
			k, r, _ := strings.Cut(part, " ")
			x, ok := p.amount(strings.TrimSpace(r))
			if !ok {
				return bad()
			}
			if k == "Rake" {
				p.rake = x
			} else {
				stp = x
			}
		case strings.HasPrefix(part, "Main pot "), strings.HasPrefix(part, "Side pot"):
			f := strings.Fields(part)
			x, ok := p.amount(f[len(f)-1])
			if len(f) != 3 || !ok {
				return bad()
			}
			before = append(before, x)
		}
	}
	if stp != p.stp {
		return psErr(l.n, "%s says the site added %d to the pot, the hand's \"STP added\" lines %d (chip units)", psQuote(l.s), stp, p.stp)
	}
	if len(before) > 0 && len(p.pots) == 0 {
		// The pots after rake, the rake taken from the main pot first (as
		// the collected lines show), when they add up to the total pot.
		var sum int64
		for _, x := range before {
			sum += x
		}
		if sum+stp == total {
			// The STP is dead money in the main pot (Hand.AddedToPot).
			rake := p.rake
			for k, x := range before {
				if k == 0 {
					x += stp
				}
				r := min(rake, x)
				rake -= r
				p.pots = append(p.pots, x-r)
			}
		}
	}
	return nil
}

// assemble builds the Hand from the parsed state.
func (p *psParser) assemble(g psGame, headLine int) error {
	h := p.h
	t := &h.Table
	t.Game, t.Structure = g.game, g.structure
	if g.structure == FixedLimit {
		t.MaxBets = 4
		if p.hasStakes {
			t.SmallBet, t.BigBet = p.stakes[0], p.stakes[1]
		}
	} else {
		t.MinBet = p.bigBlind()
	}
	// Seats may be listed out of order (sitting-out seats first): players
	// go in seat order.
	order := make([]int, len(p.seats))
	for i := range order {
		order[i] = i
		for j := i; j > 0 && p.seats[order[j-1]].seat > p.seats[i].seat; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	idx := make([]int, len(p.seats))
	n := 0
	for _, i := range order {
		st := &p.seats[i]
		// A seat with no chips is not dealt in unless the record has it
		// play (which Validate then rejects).
		in := st.used || !st.outOfHand && st.stack > 0 && (p.tournament || !st.sittingOut)
		if !in {
			idx[i] = -1
			continue
		}
		idx[i] = n
		n++
	}
	if n < 2 {
		return psErr(headLine, "%d players dealt in, want at least 2", n)
	}
	h.Players = make([]Player, 0, n)
	out := &Outcome{Collected: make([]int64, n), Returned: make([]int64, n), Rake: p.rake, TotalPot: p.total}
	btnSeat := h.Button
	h.Button = -1
	for _, i := range order {
		if idx[i] < 0 {
			continue
		}
		st := &p.seats[i]
		if st.seat == btnSeat {
			h.Button = idx[i]
		}
		h.Players = append(h.Players, Player{Name: st.name, Seat: st.seat, Stack: st.stack, Hole: st.hole})
		out.Collected[idx[i]] = st.collected
		out.Returned[idx[i]] = st.returned
	}
	if h.Button < 0 {
		sb := -1
		for _, x := range p.posts {
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
				if pl.Seat < btnSeat {
					h.Button = j
				}
			}
		}
	}
	h.Posts = make([]Post, len(p.posts))
	for i, x := range p.posts {
		x.Player = idx[x.Player]
		h.Posts[i] = x
	}
	h.Actions = make([]Action, len(p.actions))
	for i, a := range p.actions {
		if a.Player >= 0 {
			a.Player = idx[a.Player]
		}
		h.Actions[i] = a
	}
	if len(p.runs) > 1 && p.collectedByRun() {
		out.RunCollected = make([][]int64, len(p.runs))
		for k := range out.RunCollected {
			out.RunCollected[k] = make([]int64, n)
			for _, i := range order {
				if idx[i] >= 0 {
					out.RunCollected[k][idx[i]] = p.seats[i].runCollected[k]
				}
			}
		}
	}
	if len(p.pots) > 0 {
		out.Pots = append([]int64(nil), p.pots...)
	} else {
		out.Pots = []int64{p.total - p.rake}
	}
	h.AddedToPot = p.stp
	if p.stp > 0 {
		// Run It Once's collected lines may hold the STP once per pot
		// collected (the main pot's and each side pot's line), though it
		// is in the total pot once: the site's own inconsistency, said in
		// words so that the verdict's collected difference is explained.
		var got int64
		for _, c := range out.Collected {
			got += c
		}
		if want := p.total - p.rake; got > want && (got-want)%p.stp == 0 {
			times := fmt.Sprintf("%d times", (got-want)/p.stp+1)
			if times == "2 times" {
				times = "twice"
			}
			h.Notes = append(h.Notes, fmt.Sprintf("site inconsistency: the collected lines add up to %d chip units, %d more than the total pot %d less rake %d: they count the %d the site added (STP) %s, the total pot once", got, got-want, p.total, p.rake, p.stp, times))
		}
	}
	h.Outcome = out
	// What every reader guarantees (a starting stack, amounts within
	// MaxChips, distinct names...), reported on the hand's first line.
	if err := Validate(h); err != nil {
		fe := psErr(headLine, "%v", err)
		var ve *fault.Error
		if errors.As(err, &ve) { // keep its kind, field and action
			fe.Kind, fe.Field, fe.Action, fe.Message = ve.Kind, ve.Field, ve.Action, ve.Message
		}
		fe.Err = err
		return fe
	}
	return nil
}

// collectedByRun reports whether every "collected" line was in a run's
// showdown, so that the runs' sums are the whole hand's.
func (p *psParser) collectedByRun() bool {
	for i := range p.seats {
		var sum int64
		for _, x := range p.seats[i].runCollected {
			sum += x
		}
		if sum != p.seats[i].collected {
			return false
		}
	}
	return true
}

func psDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
