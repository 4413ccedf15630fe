package analysis

import (
	"errors"
	"math"
	"strconv"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/equity"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/preflop"
)

// Equity against ranges (ANALYSIS.md A10). Beside A3's equity against
// random hands, a decision of a player with known cards facing opponents
// with unknown cards carries his equity against those opponents' preflop
// ranges: the top P% of hands by Scoop's ranking (package ranges) for an
// opponent who raised before the flop, P his stored PFR; the top V% for
// one who did not, V his stored VPIP; with fewer than MinStoredHands
// stored hands for him, DefaultPFR and DefaultVPIP. "Raised before the
// flop" is what the record shows by the time of the decision. An opponent
// who has not put chips in voluntarily (a big blind who checked, a
// player yet to act) is read as one who called: his VPIP range. The
// package never reads the store: the caller passes the stats in
// (Options.Opponents).

// The defaults of A10.
const (
	// MinStoredHands is the fewest stored hands whose VPIP and PFR A10
	// trusts; below it an opponent gets DefaultPFR or DefaultVPIP.
	MinStoredHands = 100
	// DefaultPFR and DefaultVPIP are the ranges, as fractions of 1, of an
	// opponent with fewer than MinStoredHands stored hands.
	DefaultPFR  = 0.15
	DefaultVPIP = 0.35
	// RangeTrials is the most Monte Carlo trials of one equity against
	// ranges (fewer when Options.Trials is smaller), run in the calling
	// goroutine. The run stops earlier, at a look (every
	// equity.LookTrials from the end of one step of equity.StepTrials),
	// once every player is within RangeStderrFactor times
	// Options.TargetStderr: with the default target, one percentage
	// point, which a share of the pot (at most 0.5 of standard deviation
	// a trial) reaches within 2,500 trials, so the cap binds only when
	// Options asks for a tighter target.
	RangeTrials = 4_096
	// RangeStderrFactor is how much looser A10's stopping rule is than
	// A3's (ANALYSIS.md sets A3's and leaves A10's to Scoop): twice the
	// target, one percentage point by default, reported as range_stderr.
	// A coach reads an equity against a range as a figure of whole
	// percents whose input is itself coarse (a range is the top P% of
	// hands, P a stored VPIP or PFR rounded to a whole percent); a 95%
	// interval of two points either side tells whether a call was near
	// its pot odds, and costs a quarter of the trials of half a point.
	RangeStderrFactor = 2
	// MaxRangeOpponents is the most opponents with unknown cards a
	// decision is given an equity against ranges for: past it the
	// ranges overlap so much (the top 35% of hands hold most of the
	// aces) that dealing them together costs more than the rest of the
	// hand's analysis.
	MaxRangeOpponents = 3
)

// PreflopStats are a player's stored preflop statistics (S1, S2): the
// hands stored for him and his VPIP and PFR as fractions of 1.
type PreflopStats struct {
	Hands int64
	VPIP  float64
	PFR   float64
}

// OpponentStats gives A10 the stored statistics of a hand's players. It
// is the seam between the analysis and the store: the store's adapter
// answers it (a caller with no store passes nil, and every opponent gets
// the defaults). Preflop returns ok false for a player with no stored
// hands. Implementations must be safe for concurrent use.
type OpponentStats interface {
	Preflop(site, player string) (PreflopStats, bool)
}

// StatsByName is an OpponentStats of fixed values by player name (any
// site).
type StatsByName map[string]PreflopStats

// Preflop implements OpponentStats.
func (m StatsByName) Preflop(_, player string) (PreflopStats, bool) {
	s, ok := m[player]
	return s, ok
}

// OpponentRange is the range A10 gave one opponent at a decision.
type OpponentRange struct {
	Player string `json:"player"`
	// Range is the range as package ranges reads it, e.g. "15%".
	Range string `json:"range"`
	// Basis is "pfr" (he raised before the flop) or "vpip" (he did not).
	Basis string `json:"basis"`
	// Hands are the hands stored for him; Default is true when they are
	// fewer than MinStoredHands and Range is the default.
	Hands   int64 `json:"hands"`
	Default bool  `json:"default"`
	// Combos is the number of hands of the range left once the cards
	// known are removed.
	Combos int `json:"combos"`
}

// rangeKey names one A10 question of a hand: the board, the players not
// folded and the preflop raisers among them.
type rangeKey struct {
	board   string
	live    uint16
	raisers uint16
}

// rangeAnswer is one answered A10 question.
type rangeAnswer struct {
	// equity and stderr are each player's of the question, in the order
	// of the players of its mask.
	equity, stderr []float64
	// table is true when the preflop range table answered.
	table  bool
	ranges []OpponentRange
}

// rangeEquity fills d's equity against ranges (A10) for player p at
// action index i on board, facing the players of mask: nothing when no
// opponent's cards are unknown, or when he owes nothing (a check, a bet
// or an opening raise: A10's fact, below_odds_vs_range, is about calls,
// and an equity against ranges costs about as much as A3's, so it is
// spent where a bet is faced).
func (z *analyzer) rangeEquity(d *Decision, i, p int, board cards.List, mask uint16) error {
	if d.ToCall == nil || z.plan.collect { // the collecting pass's numbers are thrown away
		return nil
	}
	unknown := 0
	for j := range z.n {
		if mask&(1<<j) != 0 && z.known[j] == nil {
			unknown++
		}
	}
	if unknown == 0 || unknown > MaxRangeOpponents {
		return nil
	}
	raisers := preflopRaisers(z.h, i) & mask
	key := rangeKey{board.String(), mask, raisers}
	ans, ok := z.ranges[key]
	if !ok {
		var err error
		if ans, err = z.askRanges(board, mask, raisers); err != nil {
			return err
		}
		if z.ranges == nil {
			z.ranges = map[rangeKey]*rangeAnswer{}
		}
		z.ranges[key] = ans
	}
	if ans == nil {
		return nil
	}
	k := z.indexIn(mask, p)
	eq, se := ans.equity[k], ans.stderr[k]
	if math.IsNaN(eq) { // a hand the table does not answer for: never a decision's
		return nil
	}
	d.RangeEquity, d.RangeStderr = &eq, &se
	d.RangeTable = ans.table
	d.Ranges = ans.ranges
	return nil
}

// askRanges computes the equities of the players of mask on board, the
// known hands exact, the unknown ones in their A10 ranges, the known
// hands of the others dead (equity.ComputePercent: the prepared ranges
// are shared by every analysis, Monte Carlo stops at the target standard
// error, a single range on the river is counted exactly where cheaper);
// nil when the ranges cannot be dealt together.
func (z *analyzer) askRanges(board cards.List, mask uint16, raisers uint16) (*rangeAnswer, error) {
	req := equity.PercentRequest{Game: z.h.Table.Game, Board: board,
		Trials: min(RangeTrials, z.opt.Trials), TargetStderr: RangeStderrFactor * z.opt.TargetStderr,
		Seed:     z.seed ^ uint64(mask)<<32 ^ uint64(len(board)) ^ 0xa10,
		MaxDraws: rangeDraws, MinTrials: minRangeTrials, FirstLook: equity.StepTrials}
	ans := &rangeAnswer{}
	var opp []int // the index in req.Hands of each unknown player
	for j := range z.n {
		switch {
		case mask&(1<<j) != 0 && z.known[j] != nil:
			req.Hands = append(req.Hands, z.known[j])
			req.Percents = append(req.Percents, 0)
		case mask&(1<<j) != 0:
			or := z.opponentRange(j, raisers&(1<<j) != 0)
			opp = append(opp, len(req.Hands))
			req.Hands = append(req.Hands, nil)
			req.Percents = append(req.Percents, or.percent)
			ans.ranges = append(ans.ranges, or.OpponentRange)
		case z.known[j] != nil:
			req.Dead = append(req.Dead, z.known[j]...)
		}
	}
	if len(req.Hands) < 2 {
		return nil, nil
	}
	if z.rangesFromTable(req, opp, ans) {
		return ans, nil
	}
	res, err := equity.ComputePercent(z.ctx, req)
	if err != nil {
		if z.ctx.Err() != nil {
			return nil, z.stopped()
		}
		// Ranges that cannot be dealt together (every hand of a range
		// blocked, or too many draws colliding) leave the decision
		// without a range equity.
		if equity.IsNoDeal(err) {
			return nil, nil
		}
		var fe *fault.Error
		if errors.As(err, &fe) {
			return nil, err
		}
		return nil, &fault.Error{Kind: fault.Internal, Action: -1, Message: "range equity", Err: err}
	}
	for k, at := range opp {
		ans.ranges[k].Combos = res.Combos[at]
	}
	for _, pr := range res.Players {
		ans.equity = append(ans.equity, pr.Equity)
		ans.stderr = append(ans.stderr, pr.Stderr)
	}
	return ans, nil
}

// rangesFromTable answers req from the preflop range table (package
// preflop) when it holds the question: before the flop, no dead card,
// one known hand, every opponent in one of the table's two ranges (the
// defaults, or stored figures that round to them), and the table's
// standard error no larger than req's target (a caller who asks for a
// fixed number of trials, TargetStderr 0, gets Monte Carlo). The known
// hand gets the entry's equity and standard error; the ranged players,
// whose equities no decision reads, get NaN. It fills ans and reports
// whether it did.
func (z *analyzer) rangesFromTable(req equity.PercentRequest, opp []int, ans *rangeAnswer) bool {
	if len(req.Board) != 0 || len(req.Dead) != 0 || req.TargetStderr <= 0 || len(opp) != len(req.Hands)-1 {
		return false
	}
	hero := -1
	percents := make([]int, 0, len(opp))
	for i, h := range req.Hands {
		if h != nil {
			hero = i
		} else {
			percents = append(percents, req.Percents[i])
		}
	}
	e, ok := preflop.LookupRanges(z.h.Table.Game, req.Hands[hero], percents)
	if !ok || e.Stderr > req.TargetStderr {
		return false
	}
	for k, p := range percents {
		ans.ranges[k].Combos = e.CombosOf(p)
	}
	ans.equity = make([]float64, len(req.Hands))
	ans.stderr = make([]float64, len(req.Hands))
	for i := range ans.equity {
		ans.equity[i], ans.stderr[i] = math.NaN(), math.NaN()
	}
	ans.equity[hero], ans.stderr[hero] = e.Equity, e.Stderr
	ans.table = true
	return true
}

// rangeDraws bounds the draws of hands one A10 equity may make: the
// sampler redraws every combination of hands that share a card, so
// many opponents in overlapping ranges (the top 35% of hands hold most
// of the aces) need many draws a trial. Past the bound the trials stop,
// and when fewer than minRangeTrials ran the decision carries no range
// equity.
const (
	rangeDraws     = 200_000
	minRangeTrials = 1_000
)

// percentRange is an OpponentRange with its percent as a number.
type percentRange struct {
	OpponentRange
	percent int
}

// opponentRange is player j's A10 range: the top PFR% when he raised
// before the flop, else the top VPIP%, the defaults below MinStoredHands
// stored hands; at least 1% and at most 100%, in whole percents.
func (z *analyzer) opponentRange(j int, raised bool) percentRange {
	or := OpponentRange{Player: z.names[j], Basis: "vpip"}
	if raised {
		or.Basis = "pfr"
	}
	var st PreflopStats
	ok := false
	if z.opt.Opponents != nil {
		st, ok = z.opt.Opponents.Preflop(z.h.Site, z.names[j])
	}
	if ok {
		or.Hands = st.Hands
	}
	share := DefaultVPIP
	switch {
	case !ok || st.Hands < MinStoredHands:
		or.Default = true
		if raised {
			share = DefaultPFR
		}
	case raised:
		share = st.PFR
	default:
		share = st.VPIP
	}
	pct := math.Round(100 * share)
	if math.IsNaN(pct) {
		pct = 100
	}
	pct = max(1, min(100, pct))
	or.Range = strconv.Itoa(int(pct)) + "%"
	return percentRange{or, int(pct)}
}

// preflopRaisers is the mask of the players who raised before the flop
// in the actions of h before index i (a bet or raise before the first
// board card; the blinds are posts, not actions).
func preflopRaisers(h *handhistory.Hand, i int) uint16 {
	var m uint16
	for _, a := range h.Actions[:min(i, len(h.Actions))] {
		if a.Kind == game.DealBoard {
			break
		}
		if a.Kind == game.BetRaise && a.Player >= 0 && a.Player < 16 {
			m |= 1 << a.Player
		}
	}
	return m
}
