package sitetext

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/money/chips"
)

// The streets of a hand as a site reader goes through it.
const (
	Deal    = iota // before the hole cards: seats and posts
	Preflop        // the hole cards are dealt
	Flop
	Turn
	River
	Summary // the summary: restates the hand
)

// MaxRuns is the most runs a site reader reads a hand with (run it
// three times).
const MaxRuns = 3

// MaxSeats is the most seats a table has (seats 1 to MaxSeats).
const MaxSeats = 10

// Seat is one seat listed at the top of a hand.
type Seat struct {
	seat  int
	Name  string
	Stack int64
	// DealtIn marks a seat the record deals in whether or not it then
	// posts, acts, shows or collects (PokerStars' seat list); other seats
	// are dealt in when Used.
	DealtIn bool
	Used    bool // posted, acted, was dealt, showed or collected: dealt in
	Folded  bool
	shown   bool // a show or muck of the seat is recorded
	hole    cards.List
	// Collected is what the record pays the seat (its win lines);
	// returned the uncalled bets given back.
	Collected int64
	returned  int64
	// runCollected is what the seat collected in each run's showdown.
	runCollected [MaxRuns]int64
	// In is what the seat has put in so far by the recorded amounts
	// (posts, calls, bets, raises, less uncalled bets returned) and Round
	// its live bet of the current betting round.
	In, Round int64
	// Outside is what the seat got (positive) or paid (negative) outside
	// the pots: insurance payouts and premiums, cash-outs.
	Outside int64
	// Finish is the record's stack after the hand, when FinishSet.
	Finish    int64
	FinishSet bool
}

// Hole returns the seat's hole cards seen so far (nil when none).
func (s *Seat) Hole() cards.List { return s.hole }

// Number returns the seat's number (1 to MaxSeats).
func (s *Seat) Number() int { return s.seat }

// in reports whether the seat is dealt in.
func (s *Seat) in() bool { return s.Used || s.DealtIn }

// Settlement says how a site's record states its outcome, for Assemble.
type Settlement struct {
	// Derived: the record states no total pot, only who put in and who
	// won what (iPoker, 888/Pacific, PartyPoker). The rake is then
	// Builder.Rake when RakeSet, else derived from the chips (see
	// Assemble), and TotalPot is the chips contested when Pots are given.
	Derived bool
	// WinsWithReturned is true when a site's win lines include the
	// uncalled bet given back (iPoker before client 20, PartyPoker), false
	// when they leave it out (888, iPoker from client 20). Derived only.
	WinsWithReturned bool
	// AutoShow adds a show of every known hand still in at a showdown
	// (iPoker, whose record has no show lines: a player's cards are
	// known when shown, or when he is the exporting player).
	AutoShow bool
}

// Builder is the one hand builder of every site reader: the state of one
// hand being read (the seats, the button, the posts and actions recorded
// so far, the current bet, what each seat put in, the board of each run,
// the cards seen, the shows) and the assembly of the Hand at the end
// (Assemble). A reader records bets and raises in either form its site
// writes: BetTo for a round total ("raises X to Y"), PutMore for the chips
// put in ("raises [X]"). Posts and actions hold seat indexes until
// assembly. Every error is a *fault.Error naming the line (Impossible for
// a card seen twice, else Invalid), worded once here. A reader keeps one
// Builder and calls Reset for each hand; not safe for concurrent use.
type Builder struct {
	Hand    *handhistory.Hand
	Scale   int64 // chip units per currency unit: 100 for money, else 1
	Seats   []Seat
	Posts   []handhistory.Post   // Player = seat index until Assemble
	Actions []handhistory.Action // Player = seat index (or -1) until Assemble
	pending []handhistory.Action // shows read before the showdown, emitted at it
	// Street is the street reached (Deal ... Summary). A site that writes
	// no line for the dealing of the hole cards has its first betting
	// action or board deal start the preflop round.
	Street    int
	showdown  bool
	CurBet    int64 // the current bet of the betting round (the largest live bet)
	Board     cards.List
	Runs      []cards.List // each run's whole board, shared cards first
	runStreet []int
	sdRun     int // the run whose showdown is being read, 0 outside one
	used      cards.CardSet
	// Total is the record's total pot (HasTotal), Rake its rake (RakeSet
	// in a Derived settlement), Pots its pots after rake (nil: one pot).
	Total    int64
	Rake     int64
	HasTotal bool
	RakeSet  bool
	Pots     []int64
	Button   int  // the button's seat number, 0 when unknown
	Outside  bool // some seat got or paid money outside the pots
	Settle   Settlement
	// Sym is the currency mark every amount of the hand carries (from
	// its stakes), "" when none does (tournaments, play money): see
	// Amount.
	Sym string
	// AnySeatNumber: the site numbers seats 1 to MaxSeats whatever the
	// table's N-max (888's seat 7 at a 6-max table), so AddSeat does not
	// check seat numbers against Hand.Table.MaxSeats.
	AnySeatNumber bool
	// MendsBoard is set by a reader whose summary states the board (and
	// calls SummaryBoard with it): a street line whose cards cannot be the
	// street's (too many or too few, a card seen before, a repeat of the
	// board so far that differs) is then kept as a misprint, not an
	// error, for the summary's board to settle; Assemble fails on a
	// misprint no summary board settled, naming its line.
	MendsBoard bool
	misprint   int // the first misprinted street line, 0 when none
	// holeLine: the hand has a line for the dealing of the hole cards
	// ("** Dealing down cards **", GroupedHead), so that a seat folding
	// before it without having posted is not dealt in (PutIn).
	holeLine  bool
	winLines  int // the lines saying who won what
	summaryAt int // the summary marker's line (StartSummary)
}

// Reset starts hand h with money scale scale (chip units per currency
// unit).
func (b *Builder) Reset(h *handhistory.Hand, scale int64) {
	*b = Builder{Seats: b.Seats[:0], Posts: b.Posts[:0], Actions: b.Actions[:0], pending: b.pending[:0], Pots: b.Pots[:0]}
	b.Hand = h
	b.Scale = scale
}

// Money writes x chip units of the hand being read as the site writes
// money (the one formatter, money's chips: "€5.00", "1500" for
// tournament chips), from its table's chip unit and currency, which the
// readers set from the header before any amount: the readers' errors say
// amounts this way, as every readable text does.
func (b *Builder) Money(x int64) string {
	if b.Hand == nil {
		return chips.Format{}.Chips(x)
	}
	return chips.For(b.Hand.Table.ChipUnit, b.Hand.Table.Currency, b.Hand.Tournament).Chips(x)
}

// fail is the Invalid error of line l: the message, then the line quoted
// when the reader has its text.
func fail(l Line, format string, args ...any) *fault.Error {
	msg := fmt.Sprintf(format, args...)
	if l.S != "" {
		msg += ": " + Quote(l.S)
	}
	return &fault.Error{Kind: fault.Invalid, Line: l.N, Action: -1, Message: msg}
}

// impossible is the Impossible error of line l.
func impossible(l Line, format string, args ...any) *fault.Error {
	return &fault.Error{Kind: fault.Impossible, Line: l.N, Action: -1, Message: fmt.Sprintf(format, args...)}
}

// AddSeat lists a seat: its number must be 1 to MaxSeats (and within the
// table's N-max when known, unless AnySeatNumber), its name not empty, neither listed before,
// and at most MaxSeats seats. dealtIn: see Seat.DealtIn.
func (b *Builder) AddSeat(l Line, num int, name string, stack int64, dealtIn bool) error {
	if num < 1 || num > MaxSeats {
		return fail(l, "bad seat number %d (a table has seats 1 to %d)", num, MaxSeats)
	}
	if name == "" {
		return fail(l, "seat %d has no player name", num)
	}
	if m := b.Hand.Table.MaxSeats; m > 0 && num > m && !b.AnySeatNumber {
		return fail(l, "seat %d on a %d-max table", num, m)
	}
	for i := range b.Seats {
		if b.Seats[i].seat == num {
			return fail(l, "seat %d is listed twice", num)
		}
		if b.Seats[i].Name == name {
			return fail(l, "player %q is seated twice", handhistory.Clipped(name))
		}
	}
	if len(b.Seats) >= MaxSeats {
		return fail(l, "more than %d seats listed", MaxSeats)
	}
	b.Seats = append(b.Seats, Seat{seat: num, Name: name, Stack: stack, DealtIn: dealtIn})
	return nil
}

// Player returns the seat index of the listed player whose name followed
// by sep starts s (the longest such name), or -1.
func (b *Builder) Player(s, sep string) int {
	best := -1
	for i := range b.Seats {
		n := b.Seats[i].Name
		if len(s) >= len(n)+len(sep) && strings.HasPrefix(s, n) && strings.HasPrefix(s[len(n):], sep) {
			if best < 0 || len(n) > len(b.Seats[best].Name) {
				best = i
			}
		}
	}
	return best
}

// Named returns the seat index of the player named exactly name, or -1.
func (b *Builder) Named(name string) int {
	for i := range b.Seats {
		if b.Seats[i].Name == name {
			return i
		}
	}
	return -1
}

// SeatOf returns the seat index of seat number num, or -1.
func (b *Builder) SeatOf(num int) int {
	for i := range b.Seats {
		if b.Seats[i].seat == num {
			return i
		}
	}
	return -1
}

// Post records a forced bet of x by seat who: antes and dead money go in
// dead, blinds and straddles as live bets. Posts come before the first
// betting action and the first board card.
func (b *Builder) Post(l Line, who int, kind game.PostKind, x int64) error {
	if b.Street > Preflop || b.showdown || b.acted() {
		return fail(l, "%s posts after the play started", handhistory.Clipped(b.Seats[who].Name))
	}
	if x <= 0 {
		return fail(l, "a post of %s", b.Money(x))
	}
	b.Seats[who].Used = true
	b.Posts = append(b.Posts, handhistory.Post{Player: who, Kind: kind, Amount: x})
	if live(kind) {
		b.putIn(who, x)
	} else {
		b.Seats[who].In += x
	}
	return nil
}

// live reports whether a post of kind is a live bet of the first round.
func live(kind game.PostKind) bool {
	return kind != game.Ante && kind != game.Dead
}

// acted reports whether a betting action was recorded yet.
func (b *Builder) acted() bool {
	for _, a := range b.Actions {
		if a.Player >= 0 {
			return true
		}
	}
	return false
}

// LiveBlind returns seat who's live post (0 when none).
func (b *Builder) LiveBlind(who int) int64 {
	var x int64
	for _, p := range b.Posts {
		if p.Player == who && live(p.Kind) {
			x += p.Amount
		}
	}
	return x
}

// BigBlind returns the largest big blind posted, else dflt.
func (b *Builder) BigBlind(dflt int64) int64 {
	var bb int64
	for _, p := range b.Posts {
		if p.Kind == game.BigBlind && p.Amount > bb {
			bb = p.Amount
		}
	}
	if bb == 0 {
		return dflt
	}
	return bb
}

// StartHole moves to the dealing of the hole cards.
func (b *Builder) StartHole(l Line) error {
	if b.Street != Deal {
		return fail(l, "the hole cards are dealt twice")
	}
	b.startPreflop()
	return nil
}

// startPreflop starts the first betting round: the live posts are its
// bets.
func (b *Builder) startPreflop() {
	b.Street = Preflop
	b.newRound()
	for _, p := range b.Posts {
		if live(p.Kind) {
			b.Seats[p.Player].Round += p.Amount
			b.CurBet = max(b.CurBet, b.Seats[p.Player].Round)
		}
	}
}

// canAct reports an error unless a betting action may come now.
func (b *Builder) canAct(l Line, who int) error {
	if b.Street == Deal {
		b.startPreflop()
	}
	if b.Street > River || b.showdown {
		return fail(l, "%s acts out of place", handhistory.Clipped(b.Seats[who].Name))
	}
	b.Seats[who].Used = true
	return nil
}

// Fold records seat who folding.
func (b *Builder) Fold(l Line, who int) error {
	if err := b.canAct(l, who); err != nil {
		return err
	}
	b.Seats[who].Folded = true
	b.Actions = append(b.Actions, handhistory.Action{Player: who, Kind: game.Fold})
	return nil
}

// Check records seat who checking.
func (b *Builder) Check(l Line, who int) error {
	if err := b.canAct(l, who); err != nil {
		return err
	}
	b.Actions = append(b.Actions, handhistory.Action{Player: who, Kind: game.Check})
	return nil
}

// Call records seat who calling, putting x chips in.
func (b *Builder) Call(l Line, who int, x int64) error {
	if err := b.canAct(l, who); err != nil {
		return err
	}
	if x <= 0 {
		return fail(l, "a call of %s", b.Money(x))
	}
	b.putIn(who, x)
	b.Actions = append(b.Actions, handhistory.Action{Player: who, Kind: game.Call, Amount: x})
	return nil
}

// BetTo records a bet or raise of seat who to a round total of to ("raises
// X to Y").
func (b *Builder) BetTo(l Line, who int, to int64) error {
	if err := b.canAct(l, who); err != nil {
		return err
	}
	if to <= 0 || to < b.Seats[who].Round {
		return fail(l, "a bet to %s, but %s has %s in this round already", b.Money(to), handhistory.Clipped(b.Seats[who].Name), b.Money(b.Seats[who].Round))
	}
	b.putIn(who, to-b.Seats[who].Round)
	b.Actions = append(b.Actions, handhistory.Action{Player: who, Kind: game.BetRaise, Amount: to})
	return nil
}

// PutMore records a bet, raise or all-in of seat who putting x more chips
// in ("raises [X]"): a bet-raise to the round total when it passes the
// current bet, else a call of x (an all-in for less).
func (b *Builder) PutMore(l Line, who int, x int64) error {
	if x <= 0 {
		return fail(l, "%s put in", b.Money(x))
	}
	if b.Street == Deal {
		b.startPreflop()
	}
	if to := b.Seats[who].Round + x; to > b.CurBet {
		return b.BetTo(l, who, to)
	}
	return b.Call(l, who, x)
}

// CheckAllIn checks a line saying the player is all-in: by the recorded
// amounts, the seat must have no chips left.
func (b *Builder) CheckAllIn(l Line, who int) error {
	st := &b.Seats[who]
	if left := st.Stack - st.In; left != 0 {
		return fail(l, "%s is said to be all-in but has %s left of %s", handhistory.Clipped(st.Name), b.Money(left), b.Money(st.Stack))
	}
	return nil
}

// putIn adds x to seat i's live bet of the round (and to what it put in).
func (b *Builder) putIn(i int, x int64) {
	st := &b.Seats[i]
	st.In += x
	st.Round += x
	b.CurBet = max(b.CurBet, st.Round)
}

// newRound starts a betting round.
func (b *Builder) newRound() {
	b.CurBet = 0
	for i := range b.Seats {
		b.Seats[i].Round = 0
	}
}

// Deal deals a street's new cards c to the board (run 0: a hand run once,
// or the cards before the runs): the street to must come next.
func (b *Builder) Deal(l Line, to int, c cards.List) error {
	if b.Street != to-1 || b.showdown || len(b.Runs) > 0 {
		return fail(l, "a board deal out of place")
	}
	if err := b.boardCards(l, to, c); err != nil {
		if !b.MendsBoard {
			return err
		}
		b.Misprint(l) // kept as written, its cards not marked seen
	} else {
		b.markSeen(c)
	}
	b.Board = append(b.Board, c...)
	b.Street = to
	b.newRound()
	b.Actions = append(b.Actions, handhistory.Action{Player: -1, Kind: game.DealBoard, Cards: c})
	return nil
}

// DealNext deals the next street's new cards c (three on the flop, then
// one), for sites whose board lines do not name the street.
func (b *Builder) DealNext(l Line, c cards.List) error {
	if b.Street == Deal {
		b.startPreflop()
	}
	if b.Street >= River {
		return fail(l, "a fourth board deal")
	}
	return b.Deal(l, b.Street+1, c)
}

// DealRun deals street to of run run (1-based) of a hand run more than
// once: the runs are dealt in order, each from the street after the shared
// board to the river.
func (b *Builder) DealRun(l Line, run, to int, c cards.List) error {
	switch {
	case b.showdown || run < 1 || run > MaxRuns:
		return fail(l, "a run's board out of place")
	case run > 1 && len(b.Runs) == 0:
		return fail(l, "a board of run %d before the first run", run)
	case run > len(b.Runs)+1:
		return fail(l, "a board of run %d before run %d", run, len(b.Runs)+1)
	case run < len(b.Runs):
		return fail(l, "a board of run %d after run %d started", run, len(b.Runs))
	case run == len(b.Runs)+1:
		if run > 1 && b.runStreet[run-2] != River {
			return fail(l, "run %d before the river of run %d", run, run-1)
		}
		b.Runs = append(b.Runs, b.Board[:len(b.Board):len(b.Board)])
		b.runStreet = append(b.runStreet, b.Street)
	}
	if b.runStreet[run-1] != to-1 {
		return fail(l, "a run's board out of place")
	}
	if err := b.boardCards(l, to, c); err != nil {
		return err
	}
	b.markSeen(c)
	b.Runs[run-1] = append(b.Runs[run-1], c...)
	b.runStreet[run-1] = to
	b.newRound()
	b.Actions = append(b.Actions, handhistory.Action{Player: -1, Kind: game.DealBoard, Cards: c, Run: run})
	return nil
}

// DealsNext reports whether street to of run run (0: the hand's one
// board, or the cards before the runs) may be dealt now: Deal or DealRun
// would not report it out of place or out of order.
func (b *Builder) DealsNext(run, to int) bool {
	switch {
	case b.showdown:
		return false
	case run == 0:
		return b.Street == to-1 && len(b.Runs) == 0
	case run > MaxRuns || run > len(b.Runs)+1 || run < len(b.Runs):
		return false
	case run == len(b.Runs)+1:
		return (run == 1 || b.runStreet[run-2] == River) && b.Street == to-1
	}
	return b.runStreet[run-1] == to-1
}

// RunStreets returns the street each run has reached (nil when the hand
// is run once).
func (b *Builder) RunStreets() []int { return b.runStreet }

// boardCards checks a street's new cards: three on the flop, one after,
// none seen before.
func (b *Builder) boardCards(l Line, to int, c cards.List) error {
	n := 1
	if to == Flop {
		n = 3
	}
	if len(c) != n {
		return fail(l, "%d new board cards, want %d", len(c), n)
	}
	var seen cards.CardSet
	for _, x := range c {
		if b.used.Has(x) || seen.Has(x) {
			return impossible(l, "card %s is dealt twice", x)
		}
		seen = seen.Add(x)
	}
	return nil
}

// markSeen marks cards c seen.
func (b *Builder) markSeen(c cards.List) {
	for _, x := range c {
		b.used = b.used.Add(x)
	}
}

// Misprint records street line l as a misprint of the board (MendsBoard):
// the summary's board must settle it (SummaryBoard), or Assemble fails on
// the first such line.
func (b *Builder) Misprint(l Line) {
	if b.misprint == 0 {
		b.misprint = l.N
	}
}

// SummaryBoard reads the summary's board c on line l: for a hand run
// once, the board dealt, or, when the street lines misprint it, the board
// the showdown was settled on, taken in its place (reboard) and said in
// the hand's notes. A board that is neither is an error of line l (of a
// hand run more than once, c must be the cards the runs share).
func (b *Builder) SummaryBoard(l Line, c cards.List) error {
	if len(b.Runs) == 0 && (c.String() != b.Board.String() || b.misprint > 0) {
		dealt, at := b.Board.String(), b.misprint
		if b.reboard(c) {
			if c.String() != dealt {
				b.Hand.Notes = append(b.Hand.Notes, fmt.Sprintf("the street lines give the board as %s; the summary's board %s (line %d) is used", handhistory.Clipped(dealt), c, l.N))
			} else {
				b.Hand.Notes = append(b.Hand.Notes, fmt.Sprintf("line %d repeats the board so far wrongly; the summary's board %s (line %d) is used", at, c, l.N))
			}
			return nil
		}
	}
	if c.String() != b.Board.String() {
		return LineError(l.N, "%s differs from the board dealt %s", Quote(l.S), b.Board)
	}
	return nil
}

// RunBoard returns the board of run k (0-based) so far, or the board when
// the hand is run once.
func (b *Builder) RunBoard(k int) cards.List {
	if len(b.Runs) == 0 {
		return b.Board
	}
	if k < len(b.Runs) {
		return b.Runs[k]
	}
	return nil
}

// reboard takes the board c in place of the one the street lines dealt,
// for a record whose street lines misprint the board (of any number of
// cards) while its summary (written from the showdown) has it right: c
// must be the board of the streets dealt (three cards on the flop, four
// on the turn, five on the river), hold distinct cards and share none
// with the hole cards seen (the shown hands, whose descriptions the
// summary's board agrees with), and the hand run once. It reports whether
// c was taken; the board deals then carry c's cards, three then one and
// one, and no misprint is left.
func (b *Builder) reboard(c cards.List) bool {
	deals := 0
	for _, a := range b.Actions {
		if a.Kind == game.DealBoard {
			deals++
		}
	}
	if deals == 0 || deals > 3 || len(c) != deals+2 || len(b.Runs) > 0 {
		return false
	}
	var holes cards.CardSet
	for i := range b.Seats {
		for _, x := range b.Seats[i].hole {
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
	for i := range b.Actions {
		if a := &b.Actions[i]; a.Kind == game.DealBoard {
			n := 1
			if k == 0 {
				n = 3
			}
			a.Cards = c[k : k+n : k+n]
			k += n
		}
	}
	b.Board = c
	b.used = holes | seen
	b.misprint = 0
	return true
}

// SetHole records seat i's hole cards (four), checking they agree with
// what was seen before and that no card is seen twice.
func (b *Builder) SetHole(l Line, i int, c cards.List) error {
	st := &b.Seats[i]
	if len(c) != 4 {
		return fail(l, "%d hole cards for %s, want 4", len(c), handhistory.Clipped(st.Name))
	}
	st.Used = true
	if st.hole != nil {
		x, _ := st.hole.Set()
		y, err := c.Set()
		if err != nil || x != y {
			return impossible(l, "%s shows %s but holds %s", handhistory.Clipped(st.Name), c, st.hole)
		}
		return nil
	}
	for _, x := range c {
		if b.used.Has(x) {
			return impossible(l, "card %s is seen twice", x)
		}
		b.used = b.used.Add(x)
	}
	st.hole = c
	return nil
}

// inPlay is the number of seats dealt in that have not folded.
func (b *Builder) inPlay() int {
	n := 0
	for i := range b.Seats {
		if b.Seats[i].in() && !b.Seats[i].Folded {
			n++
		}
	}
	return n
}

// Show records seat i showing c: four cards are a show, fewer cannot
// make an Omaha hand and are a muck. A show counts once per player, and
// only when another player is still in (the winner of an uncontested pot
// turning his cards up makes no showdown) and in the first run's
// showdown; a show before the showdown (an all-in player's cards turned up
// before the run-out) is kept and emitted at the showdown (StartShowdown)
// or at the end of the hand.
func (b *Builder) Show(l Line, i int, c cards.List) error {
	if b.Street < Preflop {
		return fail(l, "%s shows before the deal", handhistory.Clipped(b.Seats[i].Name))
	}
	a := handhistory.Action{Player: i, Kind: game.Muck}
	if len(c) == 4 {
		if err := b.SetHole(l, i, c); err != nil {
			return err
		}
		a = handhistory.Action{Player: i, Kind: game.Show, Cards: c}
	}
	b.Seats[i].Used = true
	b.reveal(a)
	return nil
}

// Muck records seat i giving up at the showdown, its cards c when the
// record gives them (four; else nil).
func (b *Builder) Muck(l Line, i int, c cards.List) error {
	if len(c) == 4 {
		if err := b.SetHole(l, i, c); err != nil {
			return err
		}
	}
	b.Seats[i].Used = true
	b.reveal(handhistory.Action{Player: i, Kind: game.Muck})
	return nil
}

// reveal records a show or muck (see Show); it reports whether it was
// recorded.
func (b *Builder) reveal(a handhistory.Action) bool {
	st := &b.Seats[a.Player]
	if st.Folded || st.shown || b.sdRun > 1 || b.inPlay() < 2 {
		return false
	}
	st.shown = true
	if b.showdown {
		b.Actions = append(b.Actions, a)
	} else {
		b.pending = append(b.pending, a)
	}
	return true
}

// StartShowdown starts the showdown (run run of a hand run more than once,
// 0 for the hand's one showdown): the shows read before it are emitted.
func (b *Builder) StartShowdown(l Line, run int) error {
	if b.Street < Preflop || b.Street == Summary {
		return fail(l, "a showdown out of place")
	}
	if run > 0 {
		if run > max(len(b.Runs), 1) || run != b.sdRun+1 {
			return fail(l, "the showdown of run %d out of order (the hand is run %d times)", run, max(len(b.Runs), 1))
		}
		b.sdRun = run
	}
	if !b.showdown {
		b.showdown = true
		b.flushPending()
	}
	return nil
}

// Showdown reports whether the showdown has started, and the run whose
// showdown is being read (0 outside a run's showdown).
func (b *Builder) Showdown() (started bool, run int) { return b.showdown, b.sdRun }

func (b *Builder) flushPending() {
	b.Actions = append(b.Actions, b.pending...)
	b.pending = b.pending[:0]
}

// Collect records seat i collecting x from the pots (in the current run's
// showdown, if any).
func (b *Builder) Collect(i int, x int64) {
	b.CollectRun(i, b.sdRun, x)
}

// CollectRun records seat i collecting x in run run (1-based; 0: the hand
// as a whole).
func (b *Builder) CollectRun(i, run int, x int64) {
	st := &b.Seats[i]
	st.Used = true
	st.Collected += x
	if run >= 1 && run <= MaxRuns {
		st.runCollected[run-1] += x
	}
	b.winLines++
}

// UncalledBet reads "Uncalled bet (X) returned to name", X in the hand's
// money (Amount), and records it (Uncalled): a line of another shape, or
// naming no seated player, is an error naming the line.
func (b *Builder) UncalledBet(l Line) error {
	rest, ok := strings.CutPrefix(l.S, "Uncalled bet (")
	amt, name, ok2 := strings.Cut(rest, ") returned to ")
	if !ok || !ok2 {
		return LineError(l.N, "bad uncalled-bet line %s", Quote(l.S))
	}
	i := b.Named(name)
	if i < 0 {
		return LineError(l.N, "uncalled bet returned to a player not seated: %s", Quote(l.S))
	}
	x, err := b.Amount(l, amt)
	if err != nil {
		return err
	}
	b.Uncalled(i, x)
	return nil
}

// Uncalled records x returned to seat i.
func (b *Builder) Uncalled(i int, x int64) {
	st := &b.Seats[i]
	st.returned += x
	st.In -= x
	st.Round -= x
}

// TooMany returns the MaxActions error when the hand has passed it on
// line l.
func (b *Builder) TooMany(l Line) error {
	if len(b.Actions)+len(b.pending) > handhistory.MaxActions {
		return handhistory.TooManyActions(l.N, 0)
	}
	return nil
}

// Assemble builds the Hand: players in seat order (the seats dealt in),
// the button (its seat's player; when that seat is not dealt in, the
// player before the small blind, heads-up the small blind, else the last
// player before the button seat), posts and actions by player index, the
// outcome as b.Settle says the record states it; then Validate, whose
// error is reported on headLine.
//
// The outcome: Collected the win lines, Returned the uncalled bets,
// RunCollected each run's win lines when every win line was in a run's
// showdown, FinishingStacks the record's (every seat's FinishSet) or,
// when money changed hands outside the pots (Outside), start - put in +
// collected + outside. A record with a total pot: TotalPot and Rake as
// stated, Pots as stated or [Total - Rake]. A Derived record: the rake as
// stated (RakeSet), none in a tournament, else the chips put in less the
// uncalled bet (when the win lines leave it out) less the chips paid out;
// a derived rake below zero or over a tenth of the pot (plus one chip
// unit) is not a rake but win lines missing or wrong, and is left at zero
// so that the comparison reports them; Pots as stated, with TotalPot the
// chips contested.
func (b *Builder) Assemble(headLine int) error {
	h := b.Hand
	if b.misprint > 0 {
		return LineError(b.misprint, "the board on this line cannot be the board dealt %s, and no summary board says which is right", b.Board)
	}
	if b.Settle.AutoShow && b.inPlay() >= 2 {
		b.flushPending()
		for _, i := range b.seatOrder() {
			st := &b.Seats[i]
			if st.in() && !st.Folded && !st.shown && st.hole != nil {
				st.shown = true
				b.Actions = append(b.Actions, handhistory.Action{Player: i, Kind: game.Show, Cards: st.hole})
			}
		}
	}
	b.flushPending()
	order := b.seatOrder()
	idx := make([]int, len(b.Seats))
	n := 0
	for _, i := range order {
		if !b.Seats[i].in() {
			idx[i] = -1
			continue
		}
		idx[i] = n
		n++
	}
	if n < 2 {
		return LineError(headLine, "%d players dealt in, want at least 2", n)
	}
	h.Players = make([]handhistory.Player, 0, n)
	out := &handhistory.Outcome{Collected: make([]int64, n), Returned: make([]int64, n)}
	h.Button = -1
	finishAll := true
	var total, paid, top, second int64
	for _, i := range order {
		if idx[i] < 0 {
			continue
		}
		st := &b.Seats[i]
		if st.seat == b.Button {
			h.Button = idx[i]
		}
		h.Players = append(h.Players, handhistory.Player{Name: st.Name, Seat: st.seat, Stack: st.Stack, Hole: st.hole})
		out.Collected[idx[i]] = st.Collected
		out.Returned[idx[i]] = st.returned
		finishAll = finishAll && st.FinishSet
		total += st.In
		paid += st.Collected
		switch {
		case st.In > top:
			top, second = st.In, top
		case st.In > second:
			second = st.In
		}
	}
	if h.Button < 0 {
		h.Button = b.guessButton(idx, n)
	}
	h.Posts = make([]handhistory.Post, len(b.Posts))
	for i, x := range b.Posts {
		x.Player = idx[x.Player]
		h.Posts[i] = x
	}
	h.Actions = make([]handhistory.Action, len(b.Actions))
	for i, a := range b.Actions {
		if a.Player >= 0 {
			a.Player = idx[a.Player]
		}
		h.Actions[i] = a
	}
	if len(b.Runs) > 1 {
		b.runOutcome(out, order, idx, n)
	}
	if b.Settle.Derived {
		b.derivedOutcome(out, total, top-second, paid)
	} else {
		out.Rake, out.TotalPot = b.Rake, b.Total
		if len(b.Pots) > 0 {
			out.Pots = append([]int64(nil), b.Pots...)
		} else if b.HasTotal {
			out.Pots = []int64{b.Total - b.Rake}
		}
	}
	switch {
	case finishAll:
		out.FinishingStacks = make([]int64, n)
		for _, i := range order {
			if idx[i] >= 0 {
				out.FinishingStacks[idx[i]] = b.Seats[i].Finish
			}
		}
	case b.Outside:
		// Money paid or received outside the pots (insurance, cash-out):
		// what the record says each player ends with, so that the replay
		// reports what it changed.
		out.FinishingStacks = make([]int64, n)
		for _, i := range order {
			if idx[i] >= 0 {
				st := &b.Seats[i]
				out.FinishingStacks[idx[i]] = st.Stack - st.In + st.Collected + st.Outside
			}
		}
	}
	h.Outcome = out
	if err := handhistory.Validate(h); err != nil {
		fe := LineError(headLine, "%v", err)
		var ve *fault.Error
		if errors.As(err, &ve) { // keep its kind, field and action
			fe.Kind, fe.Field, fe.Action, fe.Message = ve.Kind, ve.Field, ve.Action, ve.Message
		}
		fe.Err = err
		return fe
	}
	return nil
}

// seatOrder returns the seat indexes in seat-number order (seats may be
// listed out of order: sitting-out seats first).
func (b *Builder) seatOrder() []int {
	order := make([]int, len(b.Seats))
	for i := range order {
		order[i] = i
		for j := i; j > 0 && b.Seats[order[j-1]].seat > b.Seats[i].seat; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	return order
}

// guessButton is the button's player index when the button seat is not
// dealt in: the player before the small blind (heads-up: the small
// blind), else the last player before the button seat.
func (b *Builder) guessButton(idx []int, n int) int {
	for _, p := range b.Posts {
		if p.Kind == game.SmallBlind {
			sb := idx[p.Player]
			if n == 2 {
				return sb
			}
			return (sb + n - 1) % n
		}
	}
	btn, k := n-1, 0
	for i := range b.Seats {
		if idx[i] >= 0 && b.Seats[i].seat < b.Button && idx[i] >= k {
			btn, k = idx[i], idx[i]
		}
	}
	return btn
}

// runOutcome sets each run's collected amounts when every win line was
// in a run's showdown, so that the runs' sums are the whole hand's.
func (b *Builder) runOutcome(out *handhistory.Outcome, order, idx []int, n int) {
	for _, i := range order {
		st := &b.Seats[i]
		var sum int64
		for _, x := range st.runCollected {
			sum += x
		}
		if sum != st.Collected {
			return
		}
	}
	out.RunCollected = make([][]int64, len(b.Runs))
	for k := range out.RunCollected {
		out.RunCollected[k] = make([]int64, n)
		for _, i := range order {
			if idx[i] >= 0 {
				out.RunCollected[k][idx[i]] = b.Seats[i].runCollected[k]
			}
		}
	}
}

// derivedOutcome sets the rake, pots and total pot of a Derived record
// (see Assemble) from the chips put in (total), the uncalled part of the
// largest bet (uncalled) and the chips paid out (paid).
func (b *Builder) derivedOutcome(out *handhistory.Outcome, total, uncalled, paid int64) {
	pot := total - uncalled
	switch {
	case b.RakeSet:
		out.Rake = b.Rake
	case b.Hand.Tournament || paid == 0:
	default:
		base := pot
		if b.Settle.WinsWithReturned || pot == 0 {
			base = total
		}
		if r := base - paid; r > 0 && r <= pot/10+1 {
			out.Rake = r
		}
	}
	if len(b.Pots) > 0 {
		out.Pots = append([]int64(nil), b.Pots...)
		out.TotalPot = pot
	}
}

// SetBets sets the table's bets from the game line: in fixed-limit four
// bets a round, of small and big when the line gives them (hasStakes);
// otherwise the minimum bet is the largest big blind posted, bb when none
// is.
func (b *Builder) SetBets(s game.Structure, hasStakes bool, small, big, bb int64) {
	t := &b.Hand.Table
	if s == game.FixedLimit {
		t.MaxBets = 4
		if hasStakes {
			t.SmallBet, t.BigBet = small, big
		}
		return
	}
	t.MinBet = b.BigBlind(bb)
}

// SetTableBets is SetBets for a reader whose header put the stakes in the
// table itself (fixed-limit: SmallBet and BigBet; else MinBet, the big
// blind of the stakes): in fixed-limit four bets a round, otherwise the
// minimum bet is the largest big blind posted, the stakes' when none is.
func (b *Builder) SetTableBets() {
	t := &b.Hand.Table
	b.SetBets(t.Structure, false, 0, 0, t.MinBet)
}

// SeatLine splits a seat line "Seat N: name (stack<end>tail" at its
// stack: end is what closes the stack (")", or " in chips" for "($1.75
// in chips)"), found last on the line; the name is what comes before the
// " (" that opens it. The errors name the line.
func SeatLine(l Line, end string) (num int, name, stack, tail string, err error) {
	s := l.S
	c := strings.Index(s, ": ")
	if !strings.HasPrefix(s, "Seat ") || c < 0 {
		return 0, "", "", "", LineError(l.N, "bad seat line %s", Quote(s))
	}
	num, err = strconv.Atoi(s[len("Seat "):c])
	if err != nil {
		return 0, "", "", "", LineError(l.N, "bad seat number in %s", Quote(s))
	}
	rest := s[c+2:]
	k := strings.LastIndex(rest, end)
	if k < 0 {
		return 0, "", "", "", LineError(l.N, "seat line has no stack (\"(...%s\"): %s", end, Quote(s))
	}
	o := strings.LastIndex(rest[:k], " (")
	if o <= 0 {
		return 0, "", "", "", LineError(l.N, "seat line has no player name: %s", Quote(s))
	}
	return num, rest[:o], rest[o+2 : k], rest[k+len(end):], nil
}

// RunsSaid reads a summary's "Hand was run twice" (or "two times",
// "three times", "thrice": GGPoker writes both forms, PokerStars the
// first of each): the number of runs the record states, or the error of
// a line of that start in no known form.
func RunsSaid(l Line) (int, error) {
	switch l.S {
	case "Hand was run twice", "Hand was run two times":
		return 2, nil
	case "Hand was run three times", "Hand was run thrice":
		return 3, nil
	}
	return 0, LineError(l.N, "unrecognised line %s", Quote(l.S))
}

// StarsPosts are the post words of the PokerStars family ("small blind
// $1", "big blind 2€", "the ante 25", "ante 25", "straddle $4").
var StarsPosts = PostWords{
	{"small blind ", game.SmallBlind},
	{"big blind ", game.BigBlind},
	{"the ante ", game.Ante},
	{"ante ", game.Ante},
	{"straddle ", game.Straddle},
}

// PostBlinds records seat who posting the small and big blinds at once
// ("posts small & big blinds $3", "posts big blind + dead $3"): the part
// over the big blind bb is dead, bb a live big blind.
func (b *Builder) PostBlinds(l Line, who int, total, bb int64) error {
	if bb <= 0 || bb >= total {
		return fail(l, "cannot split the post of %s into a dead small blind and a big blind of %s", b.Money(total), b.Money(bb))
	}
	if err := b.Post(l, who, game.Dead, total-bb); err != nil {
		return err
	}
	return b.Post(l, who, game.BigBlind, bb)
}

// TableLine reads the table line of the PokerStars-like formats,
// "<prefix>name' 6-max Seat #1 is the button" (prefix "Table '", "Table:
// '", "Table ID '"): the table's name, its N-max when given (2 to
// MaxSeats) and the button's seat, within it.
func (b *Builder) TableLine(l Line, prefix string) error {
	s := l.S
	if !strings.HasPrefix(s, prefix) {
		return LineError(l.N, "want the table line (\"%s...' ... Seat #N is the button\"), got %s", prefix, Quote(s))
	}
	k := strings.LastIndex(s, " Seat #")
	if k < len(prefix) || !strings.HasSuffix(s, " is the button") {
		return LineError(l.N, "table line names no button seat: %s", Quote(s))
	}
	btn, err := strconv.Atoi(s[k+len(" Seat #") : len(s)-len(" is the button")])
	if err != nil || btn < 1 || btn > MaxSeats {
		return LineError(l.N, "bad button seat in %s", Quote(s))
	}
	b.Button = btn
	mid := s[len(prefix):k]
	q := strings.LastIndexByte(mid, '\'')
	if q < 0 {
		return LineError(l.N, "unclosed table name in %s", Quote(s))
	}
	b.Hand.TableName = mid[:q]
	for _, f := range strings.Fields(mid[q+1:]) {
		if v, ok := MaxTag(f); ok {
			b.Hand.Table.MaxSeats = v
		}
	}
	if m := b.Hand.Table.MaxSeats; m > 0 && btn > m {
		return LineError(l.N, "button seat %d on a %d-max table: %s", btn, m, Quote(s))
	}
	return nil
}

// Incomplete is the skip reason of a hand that stops before its end (no
// summary, no end line, a missing street, nothing after the table line):
// it names the hand's last line.
func Incomplete(last int) string {
	return fmt.Sprintf("incomplete hand (it stops at line %d)", last)
}

// PlainMarker reads the markers of the PokerStars family that hold no
// cards, s being the line after its "*** ": "HOLE CARDS ***", "SHOW DOWN
// ***" (the hand's one showdown), "SUMMARY ***"; ok is false for another.
func (b *Builder) PlainMarker(l Line, s string) (ok bool, err error) {
	switch s {
	case "HOLE CARDS ***":
		return true, b.StartHole(l)
	case "SHOW DOWN ***":
		return true, b.StartShowdown(l, 0)
	case "SUMMARY ***":
		b.StartSummary(l)
		return true, nil
	}
	return false, nil
}

// StarsMarker reads the markers that hold no cards of the PokerStars
// family's sites that check the summary's place (Full Tilt, GGPoker,
// Winamax): "*** "+hole+" ***" (the site's hole-cards marker: "HOLE
// CARDS", Winamax's "PRE-FLOP"), "*** SHOW DOWN ***" (the hand's one
// showdown) and "*** SUMMARY ***" (SummaryMarker); ok is false for
// another line.
func (b *Builder) StarsMarker(l Line, hole string) (ok bool, err error) {
	s, pre := strings.CutPrefix(l.S, "*** ")
	s, post := strings.CutSuffix(s, " ***")
	if !pre || !post {
		return false, nil
	}
	switch s {
	case hole:
		return true, b.StartHole(l)
	case "SHOW DOWN":
		return true, b.StartShowdown(l, 0)
	case "SUMMARY":
		return true, b.SummaryMarker(l)
	}
	return false, nil
}

// SummaryMarker reads a hand's summary marker "*** SUMMARY ***" (line
// l): an error naming the line before the deal (Preflop), else the
// summary starts there (StartSummary).
func (b *Builder) SummaryMarker(l Line) error {
	if b.Street < Preflop {
		return LineError(l.N, "*** SUMMARY *** before the deal")
	}
	b.StartSummary(l)
	return nil
}

// StartSummary moves to the summary, whose marker is line l.
func (b *Builder) StartSummary(l Line) {
	b.Street = Summary
	b.summaryAt = l.N
}

// SeatList reads the seat lines from lines[i] on (those starting "Seat ")
// with seat, and returns the index of the first other line.
func SeatList(lines []Line, i int, seat func(Line) error) (int, error) {
	for ; i < len(lines) && strings.HasPrefix(lines[i].S, "Seat "); i++ {
		if err := seat(lines[i]); err != nil {
			return i, err
		}
	}
	return i, nil
}

// Play reads a hand's lines from lines[i] on, after its seat list, with
// line. At least two seats must be listed (an error naming lines[i]); the
// hand's actions stay within MaxActions. It returns Incomplete, not an
// error, for a hand that stops before its end: no line after the seats,
// done false after the last line (done nil: the summary reached, and a
// line after its marker), a line that does not read and is the file's
// last, written without a line end (its number is cut; 0 when none), or
// one that does not read, is the hand's last, before its summary, and is
// Truncated.
func (b *Builder) Play(lines []Line, i, cut int, line func(Line) error, done func() bool) (skip string, err error) {
	last := lines[len(lines)-1]
	if len(b.Seats) < 2 {
		if i >= len(lines) {
			return Incomplete(last.N), nil
		}
		return "", LineError(lines[i].N, "hand lists %d seats, want at least 2", len(b.Seats))
	}
	if i >= len(lines) {
		return Incomplete(last.N), nil
	}
	for ; i < len(lines); i++ {
		if err := line(lines[i]); err != nil {
			// A line that does not read, ends the hand before its summary
			// and stops inside brackets or quotes is a hand cut off
			// mid-line ("*** FLOP *** [Js 3d").
			if lines[i].N == cut || i == len(lines)-1 && b.Street != Summary && Truncated(lines[i].S) {
				return Incomplete(last.N), nil
			}
			return "", err
		}
		if err := b.TooMany(lines[i]); err != nil {
			return "", err
		}
	}
	if done == nil {
		done = func() bool { return b.Street == Summary && b.summaryAt != last.N }
	}
	if !done() {
		return Incomplete(last.N), nil
	}
	return "", nil
}

// Truncated reports whether line s stops inside brackets, parentheses
// or quotes ("*** FLOP *** [Js 3d", "Table 'Owa III"): a line cut off.
func Truncated(s string) bool {
	return strings.Count(s, "[") > strings.Count(s, "]") || strings.Count(s, "(") > strings.Count(s, ")") || strings.Count(s, "'")%2 == 1
}

// Won reports whether a win line was read (Collect, CollectRun).
func (b *Builder) Won() bool { return b.winLines > 0 }

// Bet reads a betting action in the words of the PokerStars family
// (PokerStars, GGPoker, Winamax, Full Tilt), verb and arg being the
// action's first word and the rest: "folds" (with the cards "[..]" when
// the record shows them; a remark such as "(timed out)" says nothing),
// "checks", "calls X" (X put in), "bets X" (to X), "raises X to Y" (to Y:
// Y-X must be the current bet, or X equal Y and over it, as tools
// converting other sites' hands write it) and "raises to Y" (to Y, over
// the current bet unless the player is all-in). amount reads an amount's
// text in the site's notation. allIn: the line ends "and is all-in",
// checked against the stack. ok is false when verb is none of these.
func (b *Builder) Bet(l Line, who int, verb, arg string, allIn bool, amount func(string) (int64, bool)) (ok bool, err error) {
	if verb != "folds" && verb != "checks" && verb != "calls" && verb != "bets" && verb != "raises" {
		return false, nil
	}
	if allIn && (verb == "folds" || verb == "checks") {
		return true, LineError(l.N, "unrecognised action %s", Quote(l.S))
	}
	return true, b.AllIn(l, who, allIn, b.bet(l, who, verb, arg, amount))
}

// bet records a betting action (see Bet).
func (b *Builder) bet(l Line, who int, verb, arg string, amount func(string) (int64, bool)) error {
	switch verb {
	case "folds":
		if err := b.Fold(l, who); err != nil || !strings.HasPrefix(arg, "[") {
			return err
		}
		if c, unknown, e := ParseCards(arg); e == nil && unknown == 0 && len(c) == 4 {
			return b.SetHole(l, who, c)
		}
		return nil
	case "checks":
		if arg != "" {
			return LineError(l.N, "unrecognised action %s", Quote(l.S))
		}
		return b.Check(l, who)
	case "calls", "bets":
		x, good := amount(arg)
		if !good || x <= 0 {
			return LineError(l.N, "bad amount %q in %s", arg, Quote(l.S))
		}
		if verb == "calls" {
			return b.Call(l, who, x)
		}
		return b.BetTo(l, who, x)
	case "raises":
		return b.raise(l, who, arg, amount)
	}
	return nil
}

// raise reads the rest of "raises X to Y" or "raises to Y" (see Bet).
func (b *Builder) raise(l Line, who int, arg string, amount func(string) (int64, bool)) error {
	st := &b.Seats[who]
	cur := b.CurBet
	if to, ok := strings.CutPrefix(arg, "to "); ok {
		y, good := amount(to)
		if !good || y <= 0 {
			return LineError(l.N, "bad raise in %s", Quote(l.S))
		}
		if y <= cur && st.Stack-st.In > y-st.Round {
			return LineError(l.N, "%s raises to %s, not above the current bet %s: %s", st.Name, b.Money(y), b.Money(cur), Quote(l.S))
		}
		return b.BetTo(l, who, y)
	}
	by, to, found := strings.Cut(arg, " to ")
	x, ok1 := amount(by)
	y, ok2 := amount(to)
	if !found || !ok1 || !ok2 || x <= 0 || y < x {
		return LineError(l.N, "bad raise in %s", Quote(l.S))
	}
	if y-x != cur && !(x == y && y > cur) {
		return LineError(l.N, "%s raises by %s to %s, but the current bet is %s, not %s: %s", st.Name, b.Money(x), b.Money(y), b.Money(cur), b.Money(y-x), Quote(l.S))
	}
	return b.BetTo(l, who, y)
}

// StarsAction reads the actions the PokerStars family (ACR, GGPoker,
// Winamax, Full Tilt) writes alike, verb and arg being the action's first
// word and the rest and allIn whether the line ends all-in: the betting
// actions of Bet (its amounts read by Amount), "posts ..." (read by post,
// checked against the stack when all-in), "shows [..]" (ShowLine) and
// "mucks" (a muck, the cards unseen). ok is false for another verb.
func (b *Builder) StarsAction(l Line, who int, verb, arg string, allIn bool, post func(l Line, who int, arg string) error) (ok bool, err error) {
	if ok, err := b.Bet(l, who, verb, arg, allIn, AmountsOf(l, b.Amount)); ok {
		return true, err
	}
	switch verb {
	case "posts":
		return true, b.AllIn(l, who, allIn, post(l, who, arg))
	case "shows":
		return true, b.ShowLine(l, who, arg)
	case "mucks":
		return true, b.Muck(l, who, nil)
	}
	return false, nil
}

// ShowLine reads the rest of "shows [..]" (unseen cards, "[X X X X]",
// make it a muck; text without cards, "shows two pair", says nothing).
func (b *Builder) ShowLine(l Line, who int, arg string) error {
	if !strings.HasPrefix(arg, "[") {
		return nil
	}
	c, unknown, _, ok, err := CardsIn(arg)
	if err != nil || !ok {
		return LineError(l.N, "bad shown cards in %s", Quote(l.S))
	}
	if unknown > 0 {
		c = c[:0]
	}
	return b.Show(l, who, c)
}

// AmountsOf adapts a reader's amount function on line l to the form Bet
// takes.
func AmountsOf(l Line, amount func(Line, string) (int64, error)) func(string) (int64, bool) {
	return func(s string) (int64, bool) {
		x, err := amount(l, s)
		return x, err == nil
	}
}

// ReadBody reads a hand of the PokerStars family after its header: the
// table line (table its prefix, see TableLine; "" for a site without
// one), the seat list (seat), the play (line, see Play), and the summary's
// total pot, which must be there.
func (b *Builder) ReadBody(lines []Line, table string, seat, line func(Line) error) (skip string, err error) {
	i := 1
	if table != "" {
		if len(lines) < 2 {
			return Incomplete(lines[0].N), nil
		}
		if err := b.TableLine(lines[1], table); err != nil {
			if len(lines) == 2 && Truncated(lines[1].S) { // cut off in its table line ("Table 'Owa III")
				return Incomplete(lines[1].N), nil
			}
			return "", err
		}
		i = 2
	}
	i, err = SeatList(lines, i, seat)
	if err != nil {
		return "", err
	}
	if skip, err := b.Play(lines, i, 0, line, nil); err != nil || skip != "" {
		return skip, err
	}
	if !b.HasTotal {
		return "", LineError(lines[len(lines)-1].N, "summary has no \"Total pot\" line")
	}
	return "", nil
}

// AllIn returns err, or when there is none and the line says the player
// is all-in (allIn), CheckAllIn's verdict.
func (b *Builder) AllIn(l Line, who int, allIn bool, err error) error {
	if err != nil || !allIn {
		return err
	}
	return b.CheckAllIn(l, who)
}

// Amount reads an amount of the hand (ParseAmount at the builder's
// Scale): it must carry the hand's currency mark Sym, or none when Sym is
// "" ("calls 5" in a $ game is not 5 dollars), and be within MaxChips. The
// error names line l.
func (b *Builder) Amount(l Line, s string) (int64, error) {
	v, sym, ok := ParseAmount(s, b.Scale)
	if !ok || sym != b.Sym || v > handhistory.MaxChips {
		return 0, LineError(l.N, "bad amount %s in %s", Quote(s), Quote(l.S))
	}
	return v, nil
}

// DealtTo reads the rest of a "Dealt to name [cards]" line: the player
// is dealt in, and his cards are his hole cards when all are seen.
func (b *Builder) DealtTo(l Line, rest string) error {
	i := b.Player(rest, " [")
	if i < 0 {
		return LineError(l.N, "cards dealt to a player not seated: %s", Quote(l.S))
	}
	c, unknown, _, ok, err := CardsIn(rest[len(b.Seats[i].Name):])
	if err != nil || !ok {
		return LineError(l.N, "bad hole cards in %s", Quote(l.S))
	}
	b.Seats[i].Used = true
	if unknown > 0 {
		return nil
	}
	return b.SetHole(l, i, c)
}

// Street reads a street marker's name, s after its "*** " (and a run's
// "FIRST "...): "FLOP *** [..]", "TURN *** [..] [.]", "RIVER *** ...";
// to is the street, rest the cards after the marker.
func Street(s string) (to int, rest string, ok bool) {
	for _, st := range [...]struct {
		name string
		to   int
	}{{"FLOP *** ", Flop}, {"TURN *** ", Turn}, {"RIVER *** ", River}} {
		if rest, ok := strings.CutPrefix(s, st.name); ok {
			return st.to, rest, true
		}
	}
	return 0, "", false
}

// NewCards reads the new cards of a street line, the last bracketed list
// of rest ("[8h Qd 7d] [7h]" gives 7h), all seen; the error names line
// l.
func NewCards(l Line, rest string) (cards.List, error) {
	a := strings.LastIndexByte(rest, '[')
	if a < 0 {
		return nil, LineError(l.N, "bad board cards in %s", Quote(l.S))
	}
	c, unknown, err := ParseCards(rest[a:])
	if err != nil || unknown > 0 {
		return nil, LineError(l.N, "bad board cards in %s", Quote(l.S))
	}
	return c, nil
}

// DealLine reads a street line that gives the new cards only, in brackets
// ("** Dealing Flop ** [ Qc, 3s, Ks ]"): the next street's cards.
func (b *Builder) DealLine(l Line) error {
	c, _, ok, err := BracketCards(l.N, l.S)
	if err != nil {
		return err
	}
	if !ok {
		return LineError(l.N, "a street with no cards: %s", Quote(l.S))
	}
	return b.DealNext(l, c)
}

// PostWords are the words of a site's post lines after "posts ": each
// prefix, then the amount.
type PostWords []struct {
	Prefix string
	Kind   game.PostKind
}

// Cut reads what follows "posts " on a post line: the post's kind and
// its amount's text; ok is false for another post.
func (w PostWords) Cut(arg string) (kind game.PostKind, amount string, ok bool) {
	for _, p := range w {
		if rest, found := strings.CutPrefix(arg, p.Prefix); found {
			return p.Kind, rest, true
		}
	}
	return 0, "", false
}

// PostLine reads the rest of a post line, what follows "posts ", by the
// site's words w (an amount in the hand's money after the prefix) and
// records the post of seat who (Post): a post w does not hold is an error
// naming the line.
func (b *Builder) PostLine(w PostWords, l Line, who int, arg string) error {
	kind, amt, ok := w.Cut(arg)
	if !ok {
		return LineError(l.N, "unrecognised post %s", Quote(l.S))
	}
	x, err := b.Amount(l, amt)
	if err != nil {
		return err
	}
	return b.Post(l, who, kind, x)
}

// Route returns the line reader of the PokerStars family: a "*** ..."
// line goes to marker, a line after the summary's marker to summary,
// any other to play.
func (b *Builder) Route(marker, summary, play func(Line) error) func(Line) error {
	return func(l Line) error {
		switch {
		case strings.HasPrefix(l.S, "*** "):
			return marker(l)
		case b.Street == Summary:
			return summary(l)
		}
		return play(l)
	}
}

// CapStacks reads a capped table's rule once a player has put in the cap
// (limit, on line l): no player puts in more in the hand, so every stack is
// read as at most limit, said in the hand's Notes when it changes one.
func (b *Builder) CapStacks(l Line, limit int64) {
	n := 0
	for i := range b.Seats {
		if st := &b.Seats[i]; st.Stack > limit {
			st.Stack = limit
			n++
		}
	}
	if n > 0 {
		b.Hand.Notes = append(b.Hand.Notes, fmt.Sprintf("line %d: a capped table: no player puts in more than %s in a hand, so %d stacks are read as that cap", l.N, b.Money(limit), n))
	}
}

// Unknown is what a reader does with a line it does not know: a line
// that could change the hand (it starts with a seated player's name, as
// the site's action lines do, or names one beside an amount, or is an
// action by a name not seated: "Zed folds", "Zed: raises ...") is an
// error of the hand naming the line; any other (a notice, a converter's or
// client's remark) is kept in the hand's Notes and the hand read on, so
// that it counts only if it then settles to the record.
func (b *Builder) Unknown(l Line) error {
	s := l.S
	if b.namesPlayerWithChips(s) {
		return unrecognised(l)
	}
	if actsUnseated(s) {
		return LineError(l.N, "unrecognised line (a player not seated?) %s", Quote(s))
	}
	b.Hand.Notes = append(b.Hand.Notes, fmt.Sprintf("line %d not read (no seated player's chips in it): %s", l.N, Quote(s)))
	return nil
}

// UnknownOf is Unknown for a line the reader has read as seat i's (i >=
// 0), whatever name the line writes for him (Bovada's "Dealer  [ME] :
// ..." for the seat named Hero): a seated player's line that the reader
// does not know is an error of the hand naming the line. With i < 0 it is
// Unknown.
func (b *Builder) UnknownOf(l Line, i int) error {
	if i >= 0 {
		return unrecognised(l)
	}
	return b.Unknown(l)
}

// unrecognised is the error of a line that could change the hand and
// that the reader does not know.
func unrecognised(l Line) error {
	return LineError(l.N, "unrecognised line %s", Quote(l.S))
}

// actsUnseated reports whether s reads as a betting action or post of a
// name ("Zed folds", "Zed: raises $2 to $4").
func actsUnseated(s string) bool {
	s = strings.ToLower(s) // Bovada's "UTG : Folds", "UTG : Raises 200"
	for _, v := range [...]string{" folds", " checks", " calls ", " bets ", " raises ", " posts ", ": folds", ": checks", ": calls ", ": bets ", ": raises ", ": posts "} {
		if strings.HasSuffix(s, strings.TrimSuffix(v, " ")) || strings.Contains(s, v) {
			return true
		}
	}
	return false
}

// namesPlayerWithChips reports whether s starts with a seated player's
// name, or names one and holds an amount.
func (b *Builder) namesPlayerWithChips(s string) bool {
	named := false
	for i := range b.Seats {
		n := b.Seats[i].Name
		if strings.HasPrefix(s, n+" ") || strings.HasPrefix(s, n+":") {
			return true
		}
		named = named || strings.Contains(s, n)
	}
	if !named {
		return false
	}
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '(' || r == ')' || r == '[' || r == ']' }) {
		if _, _, ok := ParseAmount(f, b.Scale); ok && strings.ContainsAny(f, "0123456789") {
			return true
		}
	}
	return false
}

// StarsSeat reads a seat line "Seat N: name (stack<end>..." whose stack
// is an Amount (see SeatLine), whatever follows it, and lists the seat.
func (b *Builder) StarsSeat(l Line, end string) error {
	num, name, amt, _, err := SeatLine(l, end)
	if err != nil {
		return err
	}
	stack, err := b.Amount(l, amt)
	if err != nil {
		return err
	}
	return b.AddSeat(l, num, name, stack, false)
}

// StructureOf reads a betting structure's name in any case: "Pot
// Limit", "No Limit", "Limit" or "Fixed Limit".
func StructureOf(s string) (game.Structure, bool) {
	switch strings.ToLower(s) {
	case "pot limit":
		return game.PotLimit, true
	case "no limit":
		return game.NoLimit, true
	case "limit", "fixed limit":
		return game.FixedLimit, true
	}
	return 0, false
}
