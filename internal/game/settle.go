package game

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
)

// Rake is what the record says the house took (R19).
type Rake struct {
	// PotsAfter are the site's pot amounts after rake, main pot first; nil
	// when not recorded. When it has as many pots as the settlement, each
	// pot's rake is the difference between our pot and this amount, if
	// the pots line up: each difference is a rake (0 to the pot) and our
	// pots add up to TotalPot when it is recorded; else Total is taken as
	// below.
	PotsAfter []int64
	// Total is the total rake when recorded; it is taken from the main pot
	// first when PotsAfter does not say pot by pot (nil, or another number
	// of pots than the settlement, or pots that do not line up).
	Total int64
	// TotalPot is the record's total pot before rake, 0 when not
	// recorded: a record whose total differs from ours is of another hand
	// than the one replayed, so its pot amounts say nothing of the rake.
	TotalPot int64
}

// Share is the chips one player wins from one half of a pot.
type Share struct {
	Player int
	Amount int64
}

// Pot is one settled pot (R12).
type Pot struct {
	Amount int64 // chips in the pot, before rake
	Rake   int64 // taken out before the split (R19)
	// Eligible are the players who may win it, table order: those who did
	// not fold or muck, or the one it was won by once every other player
	// eligible for it folded (see State.pots).
	Eligible []int
	Hi       []Share // the high half (the whole pot when nobody has a low), seat order from the button
	Lo       []Share // the low half; empty when high-only or no qualifying low
	// Runs split the pot after rake between the runs of a hand run more
	// than once, first run first (nil when run once); Hi and Lo are then
	// each player's sums over the runs.
	Runs []RunSplit
}

// RunSplit is one run's part of a pot when the hand is run more than once:
// the pot after rake is shared equally between the runs in whole chip
// units, the units left over one at a time from the first run (so the odd
// chip of two runs goes to the first, as PokerStars pays), and each run's
// part is split on that run's board like a pot of its own (R13-R18).
type RunSplit struct {
	Amount int64   // this run's part of the pot, after rake
	Hi     []Share // as Pot.Hi, on this run's board
	Lo     []Share // as Pot.Lo, on this run's board
}

// Settlement is the outcome of a hand.
type Settlement struct {
	Pots      []Pot
	Returned  []int64 // uncalled bets returned, per player (R12)
	Payouts   []int64 // chips won from the pots, after rake, per player
	Finishing []int64 // stacks after the hand, per player
	Rake      int64   // total rake
	// Boards are the boards of the runs, first run first, when the hand
	// was run more than once; nil when run once.
	Boards []cards.List
	// RunPayouts are, per run (as Boards), the chips each player won on
	// that run; nil when run once. They sum to Payouts.
	RunPayouts [][]int64
}

// Settle builds the pots (main first, then side pots; R12: antes and
// other dead money in the main pot, see claim, the money the site added
// (Config.Added) included), returns the
// uncalled bet, takes the rake and splits each pot among its eligible
// players who did not fold or muck, or gives it to the one it was won by
// once the others eligible for it folded (R12, R13, R16-R18; see pots).
// It needs a finished
// hand: every player but one folded, or the betting over; a showdown among
// two or more players with known cards needs the five board cards. The
// error is a *fault.Error of kind Impossible; a fault of the hand as a
// whole (incomplete; a pot whose every eligible player mucked, which no
// one else may take) has Action -1. A hand with
// no chips left in once the uncalled bet is returned has no pots.
//
// A pot's contenders are its eligible players who did not muck and whose
// cards are known (shown, or dealt face up in the record); when none of
// them has known cards and exactly one did not muck, he takes it.
//
// A hand run more than once (see Action.Run) needs every run's board
// complete for a showdown; each pot after rake is shared between the runs
// and each run's part split on its own board (see RunSplit).
func (s *State) Settle(r Rake) (*Settlement, error) {
	if s.phase == Betting || s.phase == Dealing {
		return nil, s.Err()
	}
	n := s.n
	st := &Settlement{
		Returned:  make([]int64, n),
		Payouts:   make([]int64, n),
		Finishing: make([]int64, n),
	}
	c := slices.Clone(s.committed)

	// The uncalled bet: the live chips of the biggest contributor above the
	// second biggest go back to him (R12).
	big := 0
	for i := 1; i < n; i++ {
		if c[i]-s.dead[i] > c[big]-s.dead[big] {
			big = i
		}
	}
	var second int64
	for i := 0; i < n; i++ {
		if i != big {
			second = max(second, c[i]-s.dead[i])
		}
	}
	if back := c[big] - s.dead[big] - second; back > 0 {
		c[big] -= back
		st.Returned[big] = back
	}

	// Pots by what each player still in may win of each player's chips
	// (R12; see claim), main pot first.
	pots, err := s.pots(c)
	if err != nil {
		return nil, err
	}
	st.Pots = pots
	// Nothing left once the uncalled bet is back (a walk with only a big
	// blind posted): no pots.

	s.takeRake(st, r)
	boards := s.Boards()
	if len(boards) > 1 {
		st.Boards = boards
		st.RunPayouts = make([][]int64, len(boards))
		for j := range boards {
			st.RunPayouts[j] = make([]int64, n)
		}
	}
	for k := range st.Pots {
		pot := &st.Pots[k]
		if len(boards) == 1 {
			hi, lo, err := s.award(pot.Eligible, pot.Amount-pot.Rake, s.board, k, "")
			if err != nil {
				return nil, err
			}
			pot.Hi, pot.Lo = hi, lo
		} else if err := s.awardRuns(pot, k, boards, st.RunPayouts); err != nil {
			return nil, err
		}
		for _, sh := range pot.Hi {
			st.Payouts[sh.Player] += sh.Amount
		}
		for _, sh := range pot.Lo {
			st.Payouts[sh.Player] += sh.Amount
		}
		st.Rake += pot.Rake
	}
	for i := 0; i < n; i++ {
		st.Finishing[i] = s.stack[i] + st.Returned[i] + st.Payouts[i]
	}
	return st, nil
}

// claim returns how many of player j's chips c[j] (everything he put in,
// the uncalled bet already returned) player i may win (R12), j's dead
// chips (antes, dead blinds) counted first:
//
//   - i has chips behind (a player who folded always has): all of them;
//   - i went all-in on dead money itself (his ante or a dead blind):
//     min(c[j], c[i]), the dead money he put in from each player; with
//     NoAnteTrimming, j's dead chips only (all the dead money is in the
//     main pot and he put no live chip in);
//   - i is otherwise all-in: all of j's dead chips (the main pot holds
//     them, a big blind ante included) and as many of j's live chips as i
//     put in live.
func (s *State) claim(c []int64, i, j int) int64 {
	switch {
	case s.stack[i] > 0 || s.folded[i]:
		return c[j]
	case s.deadAllIn[i] && !s.cfg.NoAnteTrimming:
		return min(c[j], c[i])
	}
	return s.dead[j] + min(c[j]-s.dead[j], c[i]-s.dead[i])
}

// pots splits the chips c (per player, the uncalled bet returned) into
// pots by who may win them: each chip of player j belongs to the players
// whose claim on j covers it, claims being prefixes of j's chips (claim);
// a player who folded claims every chip, as he did before he folded.
// Chips with the same claimants make one pot. Pots come main pot first:
// by more claimants first (with nested claims, the order of the all-in
// amounts), then by the claimants' seats.
//
// A pot's Eligible players (R12, R13):
//   - when exactly one of its claimants has not folded, him: every other
//     one folded, and the pot was his from then on, shown, mucked or not;
//   - when none has, the one who folded last: the others had folded when
//     he did, and his fold gave up only the pots still contested (so an
//     all-in player never receives a side pot he is not eligible for);
//   - else those who did not fold or muck; a pot every one of whom mucked
//     is an error of the hand (Action -1): no one else may take it.
func (s *State) pots(c []int64) ([]Pot, error) {
	type part struct {
		set uint16 // claimants, bit i for player i
		amt int64
	}
	var parts []part
	var bps [MaxPlayers + 1]int64
	for j := 0; j < s.n; j++ {
		if c[j] == 0 {
			continue
		}
		k := 0
		for i := 0; i < s.n; i++ {
			bps[k] = min(s.claim(c, i, j), c[j])
			k++
		}
		bps[k] = c[j]
		k++
		slices.Sort(bps[:k])
		prev := int64(0)
		for _, v := range bps[:k] {
			if v == prev {
				continue
			}
			var set uint16
			for i := 0; i < s.n; i++ {
				if min(s.claim(c, i, j), c[j]) >= v {
					set |= 1 << i
				}
			}
			found := false
			for x := range parts {
				if parts[x].set == set {
					parts[x].amt += v - prev
					found = true
					break
				}
			}
			if !found {
				parts = append(parts, part{set, v - prev})
			}
			prev = v
		}
	}
	// The money the site added (Config.Added) is dead money of no player:
	// in the main pot, which every player may win (R12).
	if s.cfg.Added > 0 {
		all := uint16(1)<<s.n - 1
		found := false
		for x := range parts {
			if parts[x].set == all {
				parts[x].amt += s.cfg.Added
				found = true
				break
			}
		}
		if !found {
			parts = append(parts, part{all, s.cfg.Added})
		}
	}
	slices.SortStableFunc(parts, func(a, b part) int {
		if d := bits.OnesCount16(b.set) - bits.OnesCount16(a.set); d != 0 {
			return d
		}
		return int(a.set) - int(b.set)
	})
	out := make([]Pot, 0, len(parts))
	for _, pt := range parts {
		var in []int // claimants who did not fold
		last := -1   // the claimant who folded last
		for i := 0; i < s.n; i++ {
			switch {
			case pt.set&(1<<i) == 0:
			case !s.folded[i]:
				in = append(in, i)
			case last < 0 || s.foldedAt[i] > s.foldedAt[last]:
				last = i
			}
		}
		var elig []int
		switch {
		case len(in) == 1:
			elig = in
		case len(in) == 0 && last >= 0:
			elig = []int{last}
		default:
			for _, i := range in {
				if !s.mucked[i] {
					elig = append(elig, i)
				}
			}
		}
		if len(elig) == 0 {
			// Every player who may win it mucked: no one else may take it
			// (R12), an all-in player below least of all.
			return nil, impossible(-1, "pot %d: every player eligible for it mucked", len(out)+1)
		}
		out = append(out, Pot{Amount: pt.amt, Eligible: elig})
	}
	return out, nil
}

// stillIn returns the players who have not folded, in table order.
func (s *State) stillIn() []int {
	var out []int
	for i := 0; i < s.n; i++ {
		if !s.folded[i] {
			out = append(out, i)
		}
	}
	return out
}

// takeRake sets each pot's rake (R19).
func (s *State) takeRake(st *Settlement, r Rake) {
	if r.PotsAfter != nil && len(r.PotsAfter) == len(st.Pots) {
		// The record's pots line up with ours when each one is ours less a
		// rake between 0 and the pot, and ours add up to the recorded
		// total pot (when recorded).
		var sum int64
		lined := true
		for k := range st.Pots {
			d := st.Pots[k].Amount - r.PotsAfter[k]
			lined = lined && d >= 0 && d <= st.Pots[k].Amount
			sum += st.Pots[k].Amount
		}
		if lined && (r.TotalPot == 0 || sum == r.TotalPot) {
			for k := range st.Pots {
				st.Pots[k].Rake = st.Pots[k].Amount - r.PotsAfter[k]
			}
			return
		}
	}
	// The record's pots do not line up with ours: take its total rake, main
	// pot first, and never read a difference of pot amounts as rake (the
	// comparison with the record reports it as a total pot difference).
	total := r.Total
	for k := range st.Pots {
		take := min(total, st.Pots[k].Amount)
		st.Pots[k].Rake = take
		total -= take
	}
}

// seatOrder is p's position clockwise from the first seat left of the
// button (R18).
func (s *State) seatOrder(p int) int {
	return (p - s.cfg.Button - 1 + 2*s.n) % s.n
}

// awardRuns shares pot k between the runs on boards, splits each run's
// part on its board, adds the runs' shares to runPay and sums them per
// player into pot.Hi and pot.Lo.
func (s *State) awardRuns(pot *Pot, k int, boards []cards.List, runPay [][]int64) error {
	runs := make([]int, len(boards))
	for j := range runs {
		runs[j] = j
	}
	parts := split(pot.Amount-pot.Rake, max(s.cfg.ChipUnit, 1), runs)
	pot.Runs = make([]RunSplit, len(boards))
	for j, b := range boards {
		hi, lo, err := s.award(pot.Eligible, parts[j].Amount, b, k, fmt.Sprintf(", run %d", j+1))
		if err != nil {
			return err
		}
		pot.Runs[j] = RunSplit{Amount: parts[j].Amount, Hi: hi, Lo: lo}
		for _, sh := range hi {
			runPay[j][sh.Player] += sh.Amount
		}
		for _, sh := range lo {
			runPay[j][sh.Player] += sh.Amount
		}
	}
	pot.Hi = s.sumShares(pot.Runs, func(r RunSplit) []Share { return r.Hi })
	pot.Lo = s.sumShares(pot.Runs, func(r RunSplit) []Share { return r.Lo })
	return nil
}

// sumShares adds up each player's shares of one half over the runs, in
// seat order from the button; nil when no run has that half.
func (s *State) sumShares(runs []RunSplit, half func(RunSplit) []Share) []Share {
	var out []Share
	for _, r := range runs {
	next:
		for _, sh := range half(r) {
			for j := range out {
				if out[j].Player == sh.Player {
					out[j].Amount += sh.Amount
					continue next
				}
			}
			out = append(out, sh)
		}
	}
	slices.SortFunc(out, func(a, b Share) int { return s.seatOrder(a.Player) - s.seatOrder(b.Player) })
	return out
}

// award splits amount (pot k after rake) among the contenders of the pot
// with the given eligible players, on board (R13, R16-R18); where names
// the run in error messages ("" or ", run 2").
func (s *State) award(eligible []int, amount int64, board cards.List, k int, where string) (hi, lo []Share, err error) {
	if len(eligible) == 1 {
		// Uncontested: his, shown or not (a pot won once the others
		// eligible for it folded is his even when he mucks, see pots).
		return []Share{{eligible[0], amount}}, nil, nil
	}
	var open, known []int // not mucked; not mucked with known cards
	for _, p := range eligible {
		if s.mucked[p] {
			continue
		}
		open = append(open, p)
		if s.hole[p] != nil {
			known = append(known, p)
		}
	}
	slices.SortFunc(open, func(a, b int) int { return s.seatOrder(a) - s.seatOrder(b) })
	slices.SortFunc(known, func(a, b int) int { return s.seatOrder(a) - s.seatOrder(b) })
	switch {
	case len(open) == 1:
		return []Share{{open[0], amount}}, nil, nil
	case len(open) == 0:
		return nil, nil, impossible(-1, "pot %d%s: every eligible player mucked", k+1, where)
	case len(known) == 0:
		return nil, nil, impossible(-1, "pot %d%s: none of the %d players in it showed cards", k+1, where, len(open))
	case len(known) == 1:
		return []Share{{known[0], amount}}, nil, nil
	}
	if len(board) < 5 {
		return nil, nil, impossible(-1, "pot %d%s: a showdown needs 5 board cards, the record has %d", k+1, where, len(board))
	}
	var hiWin []int
	var best eval.HighValue
	var loWin []int
	var bestLo eval.LowValue
	for _, p := range known {
		h := eval.OmahaHigh(s.hole[p], board)
		switch {
		case len(hiWin) == 0 || h > best:
			best, hiWin = h, append(hiWin[:0], p)
		case h == best:
			hiWin = append(hiWin, p)
		}
		if !s.cfg.Game.HasLow() {
			continue
		}
		if l, ok := eval.OmahaLow(s.hole[p], board); ok {
			switch {
			case len(loWin) == 0 || l < bestLo:
				bestLo, loWin = l, append(loWin[:0], p)
			case l == bestLo:
				loWin = append(loWin, p)
			}
		}
	}
	unit := max(s.cfg.ChipUnit, 1)
	hiAmt := amount
	if len(loWin) > 0 {
		// The odd chip (and any part of a chip unit) to the high half (R17).
		loAmt := amount / unit / 2 * unit
		hiAmt = amount - loAmt
		lo = split(loAmt, unit, loWin)
	}
	return split(hiAmt, unit, hiWin), lo, nil
}

// split shares amt among winners (already in seat order from the button):
// equal parts in whole chip units, the units left over one at a time in
// that order, and any part of a unit to the first (R18).
func split(amt, unit int64, winners []int) []Share {
	k := int64(len(winners))
	units, part := amt/unit, amt%unit
	out := make([]Share, len(winners))
	for j, p := range winners {
		out[j] = Share{p, units / k * unit}
		if int64(j) < units%k {
			out[j].Amount += unit
		}
	}
	out[0].Amount += part
	return out
}
