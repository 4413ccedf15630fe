package handhistory

import (
	"errors"
	"fmt"
	"strings"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/fault"
)

// ippBuilder assembles one hand of a site whose record gives the chips
// each action puts in (iPoker, 888/Pacific, PartyPoker) into the Hand
// model, the way the PokerStars reader assembles its own: seats in the
// record's order until finish puts the players dealt in in seat order;
// posts and actions keep a seat index until then. It tracks what each
// seat has put in (the hand, the betting round) so that a site's "raises
// [X]" (X put in) becomes a bet-raise to the round total, and it derives
// from the record what the record implies but does not print (the rake, as
// the chips put in less the chips paid out). It is reused from hand to
// hand by one reader; not safe for concurrent use.
type ippBuilder struct {
	h       *Hand
	seats   []sbSeat
	posts   []Post   // Player = seat index until finish
	actions []Action // Player = seat index (or -1) until finish
	curBet  int64    // the current bet of the betting round
	board   cards.List
	used    cards.CardSet // every card seen, for duplicates
	deals   int           // board deals so far (flop, turn, river)
	button  int           // the button's seat number (0: unknown)
}

// sbSeat is one seat of a ippBuilder's hand.
type sbSeat struct {
	seat      int
	name      string
	stack     int64
	hole      cards.List
	in, round int64 // chips put in: the whole hand, this betting round (live)
	collected int64 // what the record pays the seat (its win lines)
	used      bool  // posted, acted, was dealt cards, showed or collected
	folded    bool
	shown     bool
	finish    int64 // the record's stack after the hand, when finishSet
	finishSet bool
}

// sbOutcome says how a site's record states its outcome, for finish.
type sbOutcome struct {
	// winsWithReturned is true when a site's win lines include the
	// uncalled bet given back (iPoker before client 20, PartyPoker), false
	// when they leave it out (888, iPoker from client 20).
	winsWithReturned bool
	// rake is the rake the record states (rakeSet), else it is derived.
	rake    int64
	rakeSet bool
	// pots are the pots after rake the record states, nil when it does not.
	pots []int64
	// autoShow adds a show of every known hand still in at a showdown
	// (iPoker, whose record has no show lines: a player's cards are
	// known when shown, or when he is the exporting player).
	autoShow bool
}

func (b *ippBuilder) reset(h *Hand) {
	*b = ippBuilder{h: h, seats: b.seats[:0], posts: b.posts[:0], actions: b.actions[:0]}
}

// addSeat adds a seat listed by the record.
func (b *ippBuilder) addSeat(line, num int, name string, stack int64) error {
	if num < 1 || num > 10 {
		return siteErr(line, "seat %d: a table has seats 1 to 10", num)
	}
	if name == "" {
		return siteErr(line, "seat %d has no player name", num)
	}
	for i := range b.seats {
		if b.seats[i].seat == num {
			return siteErr(line, "seat %d is listed twice", num)
		}
		if b.seats[i].name == name {
			return siteErr(line, "player %q is seated twice", clipped(name))
		}
	}
	if len(b.seats) >= 10 {
		return siteErr(line, "more than 10 seats listed")
	}
	b.seats = append(b.seats, sbSeat{seat: num, name: name, stack: stack})
	return nil
}

// named returns the seat index of the player named exactly name, or -1.
func (b *ippBuilder) named(name string) int {
	for i := range b.seats {
		if b.seats[i].name == name {
			return i
		}
	}
	return -1
}

// prefixed returns the seat index of the listed player whose name followed
// by sep starts s (the longest such name), or -1.
func (b *ippBuilder) prefixed(s, sep string) int {
	best := -1
	for i := range b.seats {
		n := b.seats[i].name
		if len(s) >= len(n)+len(sep) && s[:len(n)] == n && s[len(n):len(n)+len(sep)] == sep {
			if best < 0 || len(n) > len(b.seats[best].name) {
				best = i
			}
		}
	}
	return best
}

// put adds x to what seat i has put in (live: this round's bet too).
func (b *ippBuilder) put(i int, x int64, live bool) {
	st := &b.seats[i]
	st.in += x
	st.used = true
	if live {
		st.round += x
		b.curBet = max(b.curBet, st.round)
	}
}

// post records a forced bet of x by seat i.
func (b *ippBuilder) post(line, i int, kind PostKind, x int64) error {
	if b.deals > 0 || b.acted() {
		return siteErr(line, "%s posts after the play started", clipped(b.seats[i].name))
	}
	if x <= 0 {
		return siteErr(line, "a post of %d chip units", x)
	}
	b.posts = append(b.posts, Post{Player: i, Kind: kind, Amount: x})
	b.put(i, x, kind != PostAnte && kind != PostDead)
	return nil
}

// acted reports whether a betting action was recorded yet.
func (b *ippBuilder) acted() bool {
	for _, a := range b.actions {
		if a.Player >= 0 {
			return true
		}
	}
	return false
}

// bigBlind is the largest big blind posted, 0 when none.
func (b *ippBuilder) bigBlind() int64 {
	var bb int64
	for _, p := range b.posts {
		if p.Kind == PostBigBlind {
			bb = max(bb, p.Amount)
		}
	}
	return bb
}

func (b *ippBuilder) fold(i int) {
	b.seats[i].used, b.seats[i].folded = true, true
	b.actions = append(b.actions, Action{Player: i, Kind: Fold})
}

func (b *ippBuilder) check(i int) {
	b.seats[i].used = true
	b.actions = append(b.actions, Action{Player: i, Kind: Check})
}

// call records a call putting x chips in.
func (b *ippBuilder) call(line, i int, x int64) error {
	if x <= 0 {
		return siteErr(line, "a call of %d chip units", x)
	}
	b.put(i, x, true)
	b.actions = append(b.actions, Action{Player: i, Kind: Call, Amount: x})
	return nil
}

// betTo records a bet or raise to a round total of to.
func (b *ippBuilder) betTo(line, i int, to int64) error {
	if to <= b.seats[i].round {
		return siteErr(line, "a bet or raise to %d chip units, but %s has %d in this round already", to, clipped(b.seats[i].name), b.seats[i].round)
	}
	b.put(i, to-b.seats[i].round, true)
	b.actions = append(b.actions, Action{Player: i, Kind: BetRaise, Amount: to})
	return nil
}

// putMore records a bet, raise or all-in putting x more chips in: a
// bet-raise to the round total when it passes the current bet, else a call
// of x (an all-in for less).
func (b *ippBuilder) putMore(line, i int, x int64) error {
	if x <= 0 {
		return siteErr(line, "%d chip units put in", x)
	}
	if to := b.seats[i].round + x; to > b.curBet {
		return b.betTo(line, i, to)
	}
	return b.call(line, i, x)
}

// deal records a street's new board cards (3 on the flop, then 1).
func (b *ippBuilder) deal(line int, c cards.List) error {
	want := 1
	if b.deals == 0 {
		want = 3
	}
	if b.deals >= 3 {
		return siteErr(line, "a fourth board deal")
	}
	if len(c) != want {
		return siteErr(line, "%d new board cards, want %d", len(c), want)
	}
	for _, x := range c {
		if b.used.Has(x) {
			return &fault.Error{Kind: fault.Impossible, Line: line, Action: -1, Message: fmt.Sprintf("card %s is dealt twice", x)}
		}
		b.used = b.used.Add(x)
	}
	b.board = append(b.board, c...)
	b.deals++
	b.curBet = 0
	for i := range b.seats {
		b.seats[i].round = 0
	}
	b.actions = append(b.actions, Action{Player: -1, Kind: DealBoard, Cards: c})
	return nil
}

// setHole records seat i's four hole cards, checking they agree with what
// was seen before and that no card is seen twice.
func (b *ippBuilder) setHole(line, i int, c cards.List) error {
	if len(c) != 4 {
		return siteErr(line, "%d hole cards for %s, want 4", len(c), clipped(b.seats[i].name))
	}
	st := &b.seats[i]
	st.used = true
	if st.hole != nil {
		x, _ := st.hole.Set()
		y, err := c.Set()
		if err != nil || x != y {
			return &fault.Error{Kind: fault.Impossible, Line: line, Action: -1, Message: fmt.Sprintf("%s shows %s but holds %s", clipped(st.name), c, st.hole)}
		}
		return nil
	}
	for _, x := range c {
		if b.used.Has(x) {
			return &fault.Error{Kind: fault.Impossible, Line: line, Action: -1, Message: fmt.Sprintf("card %s is seen twice", x)}
		}
		b.used = b.used.Add(x)
	}
	st.hole = c
	return nil
}

// inPlay is the number of seats dealt in that have not folded.
func (b *ippBuilder) inPlay() int {
	n := 0
	for i := range b.seats {
		if b.seats[i].used && !b.seats[i].folded {
			n++
		}
	}
	return n
}

// show records a show of four cards at a showdown (ignored when every
// other player folded: the winner's cards are only revealed).
func (b *ippBuilder) show(line, i int, c cards.List) error {
	if err := b.setHole(line, i, c); err != nil {
		return err
	}
	if b.inPlay() >= 2 && !b.seats[i].folded && !b.seats[i].shown {
		b.seats[i].shown = true
		b.actions = append(b.actions, Action{Player: i, Kind: Show, Cards: c})
	}
	return nil
}

// muck records a player giving up at a showdown, his cards c when known.
func (b *ippBuilder) muck(line, i int, c cards.List) error {
	if len(c) == 4 {
		if err := b.setHole(line, i, c); err != nil {
			return err
		}
	}
	if b.inPlay() >= 2 && !b.seats[i].folded && !b.seats[i].shown {
		b.seats[i].shown = true
		b.actions = append(b.actions, Action{Player: i, Kind: Muck})
	}
	return nil
}

// finish builds the Hand: players dealt in (a seat that posted, acted,
// was dealt cards, showed or collected: a complete record has every
// player dealt in do one of these) in seat order, the button, posts and
// actions by player index, and the outcome (see sbOutcome): Collected the
// win lines, Returned zero for every player (the comparison then accepts
// win lines with or without the uncalled bet), and the rake: the record's
// when it states one, none in a tournament, else the chips put in less
// the uncalled bet (when the win lines leave it out) less the chips paid
// out; a derived rake below zero or over a tenth of the pot (plus one chip
// unit) is not a rake but win lines missing or wrong, and is left at zero
// so that the comparison reports them. The hand must pass Validate; its
// error is reported on headLine.
func (b *ippBuilder) finish(headLine int, o sbOutcome) (*Hand, error) {
	h := b.h
	order := make([]int, 0, len(b.seats))
	for i := range b.seats {
		if !b.seats[i].used {
			continue
		}
		k := len(order)
		order = append(order, i)
		for ; k > 0 && b.seats[order[k-1]].seat > b.seats[i].seat; k-- {
			order[k], order[k-1] = order[k-1], order[k]
		}
	}
	n := len(order)
	if n < 2 {
		return nil, siteErr(headLine, "%d players dealt in, want at least 2", n)
	}
	idx := make([]int, len(b.seats))
	for i := range idx {
		idx[i] = -1
	}
	for k, i := range order {
		idx[i] = k
	}
	if o.autoShow && b.inPlay() >= 2 {
		for _, i := range order {
			st := &b.seats[i]
			if !st.folded && !st.shown && st.hole != nil {
				st.shown = true
				b.actions = append(b.actions, Action{Player: i, Kind: Show, Cards: st.hole})
			}
		}
	}
	h.Players = make([]Player, n)
	out := &Outcome{Collected: make([]int64, n), Returned: make([]int64, n)}
	var total, paid, top, second int64
	finishAll := true
	h.Button = -1
	for k, i := range order {
		st := &b.seats[i]
		h.Players[k] = Player{Name: st.name, Seat: st.seat, Stack: st.stack, Hole: st.hole}
		out.Collected[k] = st.collected
		if st.seat == b.button {
			h.Button = k
		}
		total += st.in
		paid += st.collected
		switch {
		case st.in > top:
			top, second = st.in, top
		case st.in > second:
			second = st.in
		}
		finishAll = finishAll && st.finishSet
	}
	if finishAll {
		out.FinishingStacks = make([]int64, n)
		for k, i := range order {
			out.FinishingStacks[k] = b.seats[i].finish
		}
	}
	if h.Button < 0 {
		h.Button = b.guessButton(idx, n)
	}
	h.Posts = make([]Post, len(b.posts))
	for k, p := range b.posts {
		p.Player = idx[p.Player]
		h.Posts[k] = p
	}
	h.Actions = make([]Action, len(b.actions))
	for k, a := range b.actions {
		if a.Player >= 0 {
			a.Player = idx[a.Player]
		}
		h.Actions[k] = a
	}
	pot := total - (top - second)
	switch {
	case o.rakeSet:
		out.Rake = o.rake
	case h.Tournament || paid == 0:
	default:
		base := pot
		if o.winsWithReturned || pot == 0 {
			base = total
		}
		if r := base - paid; r > 0 && r <= pot/10+1 {
			out.Rake = r
		}
	}
	if o.pots != nil {
		out.Pots = o.pots
		out.TotalPot = pot
	}
	h.Outcome = out
	if err := Validate(h); err != nil {
		fe := siteErr(headLine, "%v", err)
		var ve *fault.Error
		if errors.As(err, &ve) { // keep its kind, field and action
			fe.Kind, fe.Field, fe.Action, fe.Message = ve.Kind, ve.Field, ve.Action, ve.Message
		}
		fe.Err = err
		return nil, fe
	}
	return h, nil
}

// guessButton is the button's player index when the button seat is not
// dealt in: the player before the small blind (heads-up: the small
// blind), else the last player before the button seat.
func (b *ippBuilder) guessButton(idx []int, n int) int {
	for _, p := range b.posts {
		if p.Kind == PostSmallBlind {
			sb := idx[p.Player]
			if n == 2 {
				return sb
			}
			return (sb + n - 1) % n
		}
	}
	btn := n - 1
	k := 0
	for i := range b.seats {
		if idx[i] >= 0 && b.seats[i].seat < b.button && idx[i] >= k {
			btn, k = idx[i], idx[i]
		}
	}
	return btn
}

// detectIPkPacParty recognises the formats of ipoker.go, pacific.go and
// party.go from the content: iPoker XML by a "<session" or "<game
// gamecode" element near the start of a text starting with '<'; 888poker
// and PartyPoker by a hand header among the first 200 non-blank lines of
// the first 64 KiB (so that a preamble may come first). "" when none.
func detectIPkPacParty(text string) Format {
	head := text[:min(len(text), 64<<10)]
	if strings.HasPrefix(head, "<") && (strings.Contains(head, "<session") || strings.Contains(head, "<game gamecode")) {
		return FormatIPoker
	}
	r := newSiteLines(head)
	for n := 0; n < 200; n++ {
		l, ok := r.next()
		if !ok {
			break
		}
		if !strings.HasPrefix(l.S, "***** ") {
			continue // "#Game No : N" starts both sites' hands
		}
		switch {
		case pacIsHeader(l.S):
			return FormatPacific
		case partyIsHeader(l.S):
			return FormatParty
		}
	}
	return ""
}

// ippReadGrouped is readSiteHands for sites whose hand starts with a
// group of header lines, any of which may be missing ("Game #N starts.",
// "#Game No : N", "***** ... Hand History for Game N *****"): a hand
// starts at a line isHead accepts whose previous non-blank line it did not
// accept, and runs to the next such line. Text before the first hand is
// reported as a first Entry with an error naming its line; a hand with a
// line over MaxLineBytes is an error naming that line. The error return is
// for data without any header line. Only one hand's lines are held at a
// time, at most MaxHandLines of them (see eachSiteHand).
func ippReadGrouped(data []byte, site, example string, isHead siteHeader, parse siteParse) ([]Entry, error) {
	var (
		entries []Entry
		lines   []siteLine // the hand being read: at most MaxHandLines
		over    int        // its first line past MaxHandLines, 0 when none
		pre     *siteLine
	)
	flush := func() {
		if len(lines) > 0 && !handsFull(&entries, lines[0].N) {
			entries = append(entries, siteEntry(len(entries)+1, lines, over, parse))
		}
		lines, over = lines[:0], 0
	}
	r := newSiteLines(string(data))
	started, prevHead := false, false
	for {
		l, ok := r.next()
		if !ok {
			break
		}
		head := isHead(l.S)
		switch {
		case head && !prevHead:
			flush()
			started = true
		case !started:
			if pre == nil {
				x := l
				pre = &x
			}
			prevHead = head
			continue
		}
		prevHead = head
		if len(lines) == MaxHandLines {
			if over == 0 {
				over = l.N
			}
			continue
		}
		lines = append(lines, l)
	}
	flush()
	if !started {
		return nil, &fault.Error{Kind: fault.Invalid, Action: -1, Message: fmt.Sprintf("no %s hand header (%q) found", site, example)}
	}
	return withPreamble(pre, entries), nil
}

// ippCard reads one card token in any of the sites' languages: the suit
// is the last letter (c, d, h, s), the rank before it "2".."9", "T" or
// "10", "J", "Q", "K", "A", and the Dutch "B" (boer, jack), "V" (vrouw,
// queen), "H" (heer, king), the Swedish "Kn" (knekt, jack), "D" (dam,
// dame: queen) and "E" (ess, ace). A French "V" (valet) would read as a
// queen: no French record is known, and a misread card is found as a
// duplicate or a showdown difference, not silently.
func ippCard(tok string) (cards.Card, bool) {
	if len(tok) < 2 {
		return 0, false
	}
	rank, suit := tok[:len(tok)-1], tok[len(tok)-1]
	var r cards.Rank
	switch strings.ToUpper(rank) {
	case "2", "3", "4", "5", "6", "7", "8", "9":
		r = cards.Rank(rank[0] - '2')
	case "T", "10":
		r = cards.Ten
	case "J", "B", "KN":
		r = cards.Jack
	case "Q", "V", "D":
		r = cards.Queen
	case "K", "H":
		r = cards.King
	case "A", "E":
		r = cards.Ace
	default:
		return 0, false
	}
	var su cards.Suit
	switch suit {
	case 'c', 'C':
		su = cards.Clubs
	case 'd', 'D':
		su = cards.Diamonds
	case 'h', 'H':
		su = cards.Hearts
	case 's', 'S':
		su = cards.Spades
	default:
		return 0, false
	}
	return cards.New(r, su), true
}

// ippBracketCards reads the cards of the first "[...]" of s with
// ippCard ("[ 7c, Ah, 2c ]", "[  7d Ah 6s 2h ]"); rest is s after the
// "]". ok is false when s has no bracket.
func ippBracketCards(line int, s string) (c cards.List, rest string, ok bool, err error) {
	a := strings.IndexByte(s, '[')
	if a < 0 {
		return nil, s, false, nil
	}
	b := strings.IndexByte(s[a:], ']')
	if b < 0 {
		return nil, s, false, siteErr(line, "unclosed card list in %s", siteQuote(s))
	}
	list := s[a+1 : a+b]
	for len(list) > 0 {
		k := strings.IndexAny(list, " ,")
		f := list
		if k >= 0 {
			f, list = list[:k], list[k+1:]
		} else {
			list = ""
		}
		if f == "" {
			continue
		}
		x, good := ippCard(f)
		if !good {
			return nil, s, true, siteErr(line, "bad card %s in %s", siteQuote(f), siteQuote(s))
		}
		if c == nil {
			c = make(cards.List, 0, 4)
		}
		c = append(c, x)
	}
	return c, s[a+b+1:], true, nil
}
