package pokerstars

// The PokerStars text writer: a Hand as PokerStars writes it, read back by
// this package's reader as the same hand.

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// Write writes h as one PokerStars hand (see Marshal).
func Write(w io.Writer, h *handhistory.Hand) error {
	b, err := Marshal(h)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// Marshal returns h as the text of one PokerStars hand history, ending in
// a line end, such that this package's reader reads it back as a hand
// that replays to the same verdict and settlement: the same players and
// stacks, button, posts, actions, board (each run's, for a hand run more
// than once), shown cards, returned bets, collected amounts, rake and
// pots.
//
// The text has PokerStars' shape: the header ("PokerStars Hand #N:
// [Tournament #0, ]Omaha Hi/Lo Pot Limit ($0.01/$0.02 USD) - 2026/01/02
// 10:00:00 ET", the time in Eastern time as PokerStars writes it), the
// table line ("Scoop" when the hand names no table), the seats, the posts
// ("posts the ante", "posts small blind", "posts big blind", "posts
// straddle", "posts small & big blinds" for dead money posted with a big
// blind, "posts the ante" for dead money posted alone, which settles as an
// ante does unless it puts its poster all-in), "*** HOLE CARDS ***" with a
// "Dealt to" line for every player whose cards are known, the actions
// ("folds", "checks", "calls X", "bets X", "raises X to Y", with "and is
// all-in" when the player has no chips left), the streets ("*** FLOP ***",
// and "*** FIRST TURN ***"... for the runs of a hand run more than once),
// the uncalled bets after the last betting action, "*** SHOW DOWN ***"
// ("*** FIRST SHOW DOWN ***"... per run) with the shows and mucks, the
// collected lines ("collected X from pot", per run when the record gives
// each run's), and the summary: "Total pot T[ Main pot M. Side pot-1 S.]
// [| STP X] | Rake R", the board(s) and a seat line per player who
// collected.
//
// Money stays integer: amounts are written in the site's currency format
// ("$1234.56", "€0.10", "£5"; other currencies with no symbol and their
// code after the stakes; tournament and play chips as whole numbers).
//
// What PokerStars text cannot say is lost: the site (the text reads back
// as a PokerStars hand; a site hand number that is not all digits keeps
// its digits only, "0" when it has none), the tournament's number, the
// recorded finishing stacks, Scoop's check/call/check-call distinction
// (written as what it was at that point: a check or a call), deal-hole
// actions (the cards are in the "Dealt to" lines), the reader's notes,
// and PHH's source format (a PHH hand whose short blind only PokerKit's
// reading makes legal reads back under R11).
//
// h must pass handhistory.Validate and carry a recorded outcome with
// Collected (a hand whose record gives none is settled first: see
// analysis.WithOutcome). A hand PokerStars text cannot hold is a
// *fault.Error of kind Invalid naming the field: more than 10 players, a
// player with no name, dead money alone that puts its poster all-in, a
// chip unit other than 1 or 0.01, tournament chips in cents, a
// fixed-limit cap other than 4 bets or uncapped heads-up, a table without
// R12's ante rule where a player is all-in posting his ante, more than 3
// runs. The text is read back before it is returned; should it not read,
// the error is of kind Internal. Safe for concurrent use.
func Marshal(h *handhistory.Hand) ([]byte, error) {
	if err := handhistory.Validate(h); err != nil {
		return nil, err
	}
	w, err := newWriter(h)
	if err != nil {
		return nil, err
	}
	if err := w.write(); err != nil {
		return nil, err
	}
	out := w.b.Bytes()
	entries, err := read(out, 1)
	if err != nil {
		return nil, fault.New(fault.Internal, "PokerStars writer: the written hand does not read: %v", err)
	}
	if len(entries) != 1 || entries[0].Hand == nil {
		why := "no hand"
		if len(entries) > 0 {
			why = entries[0].Skipped
			if entries[0].Err != nil {
				why = entries[0].Err.Error()
			}
		}
		return nil, fault.New(fault.Internal, "PokerStars writer: the written hand does not read back: %s", why)
	}
	return out, nil
}

// writer holds the state of one hand being written.
type writer struct {
	h     *handhistory.Hand
	b     bytes.Buffer
	scale int64  // chip units per currency unit: 100 or 1
	sym   string // the currency symbol every amount carries, "" for none
	seats []int  // each player's seat number
	order []int  // the players by seat number, as PokerStars lists them
	stack []int64
	round []int64 // each player's live chips in the betting round
	cur   int64   // the round's current bet
	board cards.List
	runs  []cards.List // each run's board so far, shared cards first
}

// symbols are the currency symbols the reader knows, by currency code.
var symbols = map[string]string{"USD": "$", "EUR": "€", "GBP": "£", "CNY": "¥"}

func invalid(field, format string, args ...any) error {
	return fault.Field(fault.Invalid, field, "not writable as PokerStars text: "+format, args...)
}

func newWriter(h *handhistory.Hand) (*writer, error) {
	n := len(h.Players)
	if n > sitetext.MaxSeats {
		return nil, invalid("players", "%d players; a PokerStars table seats at most %d", n, sitetext.MaxSeats)
	}
	if h.Outcome == nil || h.Outcome.Collected == nil {
		return nil, invalid("outcome", "the hand has no recorded outcome (who collected what)")
	}
	w := &writer{h: h, scale: 1, seats: make([]int, n), stack: make([]int64, n), round: make([]int64, n)}
	switch h.Table.ChipUnit {
	case "0.01":
		w.scale = 100
	case "1", "":
	default:
		return nil, invalid("table.chip_unit", "chip unit %q; PokerStars text holds 1 and 0.01", h.Table.ChipUnit)
	}
	if h.Tournament && w.scale != 1 {
		return nil, invalid("table.chip_unit", "tournament chips in units of %s", h.Table.ChipUnit)
	}
	if !h.Tournament && w.scale == 100 {
		w.sym = symbols[h.Table.Currency]
	}
	if h.Table.Structure == game.FixedLimit && h.Table.MaxBets != 0 && h.Table.MaxBets != 4 {
		return nil, invalid("table.max_bets", "a cap of %d bets; PokerStars caps at 4", h.Table.MaxBets)
	}
	if h.Table.UncappedHeadsUp {
		return nil, invalid("table.uncapped_heads_up", "PokerStars text has no uncapped heads-up rule")
	}
	if t := h.Table.AnteTrimming; t != nil && !*t && anteAllIn(h) {
		return nil, invalid("table.ante_trimming", "a player all-in posting his ante at a table without R12's ante rule; PokerStars text does not say the rule, and its reader takes the rule book's")
	}
	if r := h.Runs(); r > sitetext.MaxRuns {
		return nil, invalid("actions", "run %d times; PokerStars text runs a hand at most %d times", r, sitetext.MaxRuns)
	}
	seen := map[int]bool{}
	byIndex := false
	for i, p := range h.Players {
		if p.Name == "" || strings.TrimSpace(p.Name) != p.Name || strings.ContainsAny(p.Name, "\r\n") {
			return nil, invalid(fmt.Sprintf("players[%d].name", i), "name %q", p.Name)
		}
		if p.Seat < 1 || p.Seat > sitetext.MaxSeats || seen[p.Seat] {
			byIndex = true
		}
		seen[p.Seat] = true
		w.stack[i] = p.Stack
	}
	for i, p := range h.Players {
		w.seats[i] = p.Seat
		if byIndex {
			w.seats[i] = i + 1
		}
		w.order = append(w.order, i)
	}
	slices.SortFunc(w.order, func(a, b int) int { return w.seats[a] - w.seats[b] })
	return w, nil
}

// spaced writes cards as PokerStars does: "As Kd 3c 2h".
func spaced(l cards.List) string {
	parts := make([]string, len(l))
	for k, c := range l {
		parts[k] = c.String()
	}
	return strings.Join(parts, " ")
}

// at is v[i], 0 when v has no such entry.
func at(v []int64, i int) int64 {
	if i < len(v) {
		return v[i]
	}
	return 0
}

// anteAllIn reports whether a player's antes take all his chips: the one
// case where a table's ante rule (Table.AnteTrimming) changes the
// settlement.
func anteAllIn(h *handhistory.Hand) bool {
	for _, p := range h.Posts {
		if p.Kind == game.Ante && p.Amount >= h.Players[p.Player].Stack {
			return true
		}
	}
	return false
}

// money writes x chip units in the hand's currency format.
func (w *writer) money(x int64) string {
	if w.scale == 1 {
		return w.sym + strconv.FormatInt(x, 10)
	}
	s := w.sym + strconv.FormatInt(x/100, 10)
	if x%100 != 0 {
		s += fmt.Sprintf(".%02d", x%100)
	}
	return s
}

// stakeMoney writes a stake: with its cents when the amounts carry no
// symbol, so that the reader sees real money.
func (w *writer) stakeMoney(x int64) string {
	if w.scale == 100 && w.sym == "" {
		return fmt.Sprintf("%d.%02d", x/100, x%100)
	}
	return w.money(x)
}

func (w *writer) line(format string, args ...any) {
	fmt.Fprintf(&w.b, format, args...)
	w.b.WriteByte('\n')
}

func (w *writer) name(i int) string { return w.h.Players[i].Name }

// gameText is the header's game name.
func gameText(t handhistory.Table) string {
	g := "Omaha"
	if t.Game == eval.OmahaHiLo {
		g = "Omaha Hi/Lo"
	}
	switch t.Structure {
	case game.FixedLimit:
		return g + " Limit"
	case game.PotLimit:
		return g + " Pot Limit"
	}
	return g + " No Limit"
}

// stakes returns the header's two stakes: the bets in fixed-limit, the
// blinds otherwise.
func (w *writer) stakes() (int64, int64) {
	h := w.h
	if h.Table.Structure == game.FixedLimit {
		small, big := h.Table.SmallBet, h.Table.BigBet
		if big == 0 {
			big = 2 * small
		}
		return small, big
	}
	var sb, bb int64
	for _, p := range h.Posts {
		switch p.Kind {
		case game.SmallBlind:
			if sb == 0 {
				sb = p.Amount
			}
		case game.BigBlind:
			bb = max(bb, p.Amount)
		}
	}
	if h.Table.MinBet > 0 {
		bb = h.Table.MinBet
	}
	if bb == 0 {
		bb = max(sb, 1)
	}
	if sb == 0 || sb > bb {
		sb = max(bb/2, 1)
	}
	return sb, bb
}

// easternTime is t in Eastern time as PokerStars writes it, by the
// reader's own daylight-saving rule (sitetext.EasternOffset).
func easternTime(s string) (string, bool) {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return "", false
	}
	u := t.UTC()
	for _, off := range []time.Duration{-4 * time.Hour, -5 * time.Hour} {
		local := u.Add(off)
		if o := sitetext.EasternOffset(local); (o == "-04:00") == (off == -4*time.Hour) {
			return local.Format("2006/01/02 15:04:05") + " ET", true
		}
	}
	return u.Add(-5*time.Hour).Format("2006/01/02 15:04:05") + " ET", true
}

// handNumber is the header's hand number: the site's when all digits, else
// its digits, else "0".
func handNumber(id string) string {
	var b strings.Builder
	for _, c := range id {
		if c >= '0' && c <= '9' {
			b.WriteRune(c)
		}
	}
	if b.Len() == 0 {
		return "0"
	}
	return b.String()
}

func (w *writer) header() {
	h := w.h
	small, big := w.stakes()
	var s strings.Builder
	fmt.Fprintf(&s, "PokerStars Hand #%s: ", handNumber(h.SiteHandID))
	if h.Tournament {
		fmt.Fprintf(&s, "Tournament #0, %s - Level I (%d/%d)", gameText(h.Table), small, big)
	} else {
		fmt.Fprintf(&s, "%s (%s/%s", gameText(h.Table), w.stakeMoney(small), w.stakeMoney(big))
		if w.scale == 100 && h.Table.Currency != "" {
			s.WriteString(" " + h.Table.Currency)
		}
		s.WriteString(")")
	}
	if t, ok := easternTime(h.Time); ok {
		s.WriteString(" - " + t)
	}
	w.line("%s", s.String())
	table := h.TableName
	if table == "" || strings.ContainsAny(table, "'\r\n") {
		table = "Scoop"
	}
	max := ""
	if m := h.Table.MaxSeats; m >= 2 && m <= sitetext.MaxSeats {
		fits := true
		for _, s := range w.seats {
			fits = fits && s <= m
		}
		if fits {
			max = fmt.Sprintf(" %d-max", m)
		}
	}
	w.line("Table '%s'%s Seat #%d is the button", table, max, w.seats[h.Button])
	for _, i := range w.order {
		w.line("Seat %d: %s (%s in chips)", w.seats[i], w.name(i), w.money(h.Players[i].Stack))
	}
}

func (w *writer) allIn(i int) string {
	if w.stack[i] == 0 {
		return " and is all-in"
	}
	return ""
}

// posts writes the forced bets; a dead post followed by the same player's
// big blind is PokerStars' "small & big blinds".
func (w *writer) posts() error {
	ps := w.h.Posts
	for k := 0; k < len(ps); k++ {
		p := ps[k]
		i := p.Player
		w.stack[i] -= p.Amount
		var what string
		switch p.Kind {
		case game.Ante:
			what = "the ante " + w.money(p.Amount)
		case game.SmallBlind:
			what = "small blind " + w.money(p.Amount)
		case game.BigBlind:
			what = "big blind " + w.money(p.Amount)
		case game.Straddle:
			what = "straddle " + w.money(p.Amount)
		case game.Dead:
			if k+1 == len(ps) || ps[k+1].Player != i || ps[k+1].Kind != game.BigBlind {
				// Dead money alone (a small blind posted out of position):
				// PokerStars text has no line for it, and an ante is dead
				// money too, settled alike unless it puts the player all-in
				// (R12's ante rule).
				if w.stack[i] <= 0 {
					return invalid(fmt.Sprintf("posts[%d]", k), "dead money that puts its poster all-in, not posted with a big blind")
				}
				what = "the ante " + w.money(p.Amount)
				break
			}
			k++
			bb := ps[k].Amount
			w.stack[i] -= bb
			w.round[i] += bb
			w.cur = max(w.cur, w.round[i])
			w.line("%s: posts small & big blinds %s%s", w.name(i), w.money(p.Amount+bb), w.allIn(i))
			continue
		}
		if p.Kind != game.Ante && p.Kind != game.Dead {
			w.round[i] += p.Amount
			w.cur = max(w.cur, w.round[i])
		}
		w.line("%s: posts %s%s", w.name(i), what, w.allIn(i))
	}
	return nil
}

// street names a street by the board's length after it.
func street(n int) string {
	switch n {
	case 3:
		return "FLOP"
	case 4:
		return "TURN"
	}
	return "RIVER"
}

// deal writes a board deal.
func (w *writer) deal(a handhistory.Action) {
	clear(w.round)
	w.cur = 0
	old := w.board
	marker := ""
	if a.Run > 0 {
		for len(w.runs) < a.Run {
			w.runs = append(w.runs, append(cards.List(nil), w.board...))
		}
		old = w.runs[a.Run-1]
		w.runs[a.Run-1] = append(append(cards.List(nil), old...), a.Cards...)
		marker = ordinals[a.Run-1] + " "
	} else {
		w.board = append(w.board, a.Cards...)
		for k := range w.runs {
			w.runs[k] = append(w.runs[k], a.Cards...)
		}
	}
	n := len(old) + len(a.Cards)
	if len(old) == 0 {
		w.line("*** %s%s *** [%s]", marker, street(n), spaced(a.Cards))
		return
	}
	w.line("*** %s%s *** [%s] [%s]", marker, street(n), spaced(old), spaced(a.Cards))
}

// betting reports whether a is a betting action.
func betting(k game.ActionKind) bool {
	switch k {
	case game.Fold, game.Check, game.Call, game.CheckCall, game.BetRaise:
		return true
	}
	return false
}

// act writes a betting action.
func (w *writer) act(a handhistory.Action) {
	i := a.Player
	name := w.name(i)
	call := func(x int64) {
		if x <= 0 {
			w.line("%s: checks", name)
			return
		}
		w.stack[i] -= x
		w.round[i] += x
		w.line("%s: calls %s%s", name, w.money(x), w.allIn(i))
	}
	switch a.Kind {
	case game.Fold:
		w.line("%s: folds", name)
	case game.Check:
		w.line("%s: checks", name)
	case game.Call, game.CheckCall:
		x := min(max(w.cur-w.round[i], 0), w.stack[i])
		if a.Kind == game.Call && a.Amount > 0 {
			x = a.Amount
		}
		call(x)
	case game.BetRaise:
		add := a.Amount - w.round[i]
		switch {
		case a.Amount <= w.cur:
			call(add) // all-in for less than the bet
		case w.cur == 0:
			w.stack[i] -= add
			w.round[i] = a.Amount
			w.cur = a.Amount
			w.line("%s: bets %s%s", name, w.money(a.Amount), w.allIn(i))
		default:
			w.stack[i] -= add
			w.round[i] = a.Amount
			by := a.Amount - w.cur
			w.cur = a.Amount
			w.line("%s: raises %s to %s%s", name, w.money(by), w.money(a.Amount), w.allIn(i))
		}
	}
}

func (w *writer) write() error {
	h := w.h
	o := h.Outcome
	w.header()
	if err := w.posts(); err != nil {
		return err
	}
	w.line("*** HOLE CARDS ***")
	for _, i := range w.order {
		if p := h.Players[i]; len(p.Hole) > 0 {
			w.line("Dealt to %s [%s]", p.Name, spaced(p.Hole))
		}
	}
	if h.AddedToPot > 0 {
		w.line("STP added: %s", w.money(h.AddedToPot))
	}
	lastBet := -1
	for k, a := range h.Actions {
		if betting(a.Kind) {
			lastBet = k
		}
	}
	runs := h.Runs()
	perRun := runs > 1 && len(o.RunCollected) == runs
	uncalled := func() {
		for _, i := range w.order {
			if x := at(o.Returned, i); x > 0 {
				w.line("Uncalled bet (%s) returned to %s", w.money(x), w.name(i))
			}
		}
	}
	collected := func(v []int64) {
		for _, i := range w.order {
			if x := at(v, i); x > 0 {
				w.line("%s collected %s from pot", w.name(i), w.money(x))
			}
		}
	}
	if lastBet < 0 {
		uncalled()
	}
	var shows []handhistory.Action
	for k, a := range h.Actions {
		switch a.Kind {
		case game.DealBoard:
			w.deal(a)
		case game.DealHole:
		case game.Show, game.Muck:
			shows = append(shows, a) // at the showdown, after every deal
		default:
			w.act(a)
		}
		if k == lastBet {
			uncalled()
		}
	}
	if len(shows) > 0 {
		if perRun {
			w.line("*** FIRST SHOW DOWN ***")
		} else {
			w.line("*** SHOW DOWN ***")
		}
	}
	for _, a := range shows {
		switch a.Kind {
		case game.Show:
			c := a.Cards
			if len(c) == 0 {
				c = h.Players[a.Player].Hole
			}
			if len(c) == 0 {
				w.line("%s: mucks hand", w.name(a.Player))
				break
			}
			w.line("%s: shows [%s]", w.name(a.Player), spaced(c))
		case game.Muck:
			w.line("%s: mucks hand", w.name(a.Player))
		}
	}
	if perRun {
		if len(shows) == 0 {
			w.line("*** FIRST SHOW DOWN ***")
		}
		for r, v := range o.RunCollected {
			if r > 0 {
				w.line("*** %s SHOW DOWN ***", ordinals[r])
			}
			collected(v)
		}
	} else {
		collected(o.Collected)
	}
	w.summary()
	return nil
}

func (w *writer) summary() {
	h, o := w.h, w.h.Outcome
	w.line("*** SUMMARY ***")
	total := o.TotalPot
	if total == 0 {
		total = h.AddedToPot
		for i, p := range h.Players {
			total += p.Stack - w.stack[i] // the chips put in, posts included
		}
		for _, x := range o.Returned {
			total -= x
		}
	}
	var s strings.Builder
	s.WriteString("Total pot " + w.money(total))
	if len(o.Pots) > 1 {
		for k, x := range o.Pots {
			if k == 0 {
				s.WriteString(" Main pot " + w.money(x) + ".")
			} else {
				fmt.Fprintf(&s, " Side pot-%d %s.", k, w.money(x))
			}
		}
	}
	if h.AddedToPot > 0 {
		s.WriteString(" | STP " + w.money(h.AddedToPot))
	}
	s.WriteString(" | Rake " + w.money(o.Rake))
	w.line("%s", s.String())
	if runs := h.Runs(); runs > 1 {
		if runs == 2 {
			w.line("Hand was run twice")
		} else {
			w.line("Hand was run three times")
		}
		for k, b := range h.Boards() {
			w.line("%s Board [%s]", ordinals[k], spaced(b))
		}
	} else if b := h.Board(); len(b) > 0 {
		w.line("Board [%s]", spaced(b))
	}
	for _, i := range w.order {
		tail := ""
		if i == h.Button {
			tail = " (button)"
		}
		if x := at(o.Collected, i); x > 0 {
			tail += " collected (" + w.money(x) + ")"
		}
		w.line("Seat %d: %s%s", w.seats[i], w.name(i), tail)
	}
}
