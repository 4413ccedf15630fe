package equity

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"time"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/ranges"
)

// Range equity: players hold ranges (sets of hands, package ranges); an
// exact hand is a range of one hand. The answer is the equity of a deal
// drawn uniformly from every compatible deal: each player's hand from his
// range, no card shared between players, the board, the dead cards and
// the board completion; so every combination of hands (one per player,
// sharing no card) is weighted equally, and within it every completion.
//
// Exhaustive: every compatible combination of hands, and for each every
// completion of the board (all combinations have the same number of
// completions, so the board tallies give the weighting above exactly).
//
// Monte Carlo: each trial proposes a deal and rejects it unless it is
// compatible, the proposals made so that every compatible deal is as
// likely (rangedeal.go): the narrow ranges' hands drawn from the ranges,
// the wide ranges' hands dealt from the cards left as unknown hands are
// (a range of every hand is never rejected), the board then dealt from
// the cards still free. An accepted trial is uniform over the compatible
// deals, and trials are independent, so the standard error is that of a
// mean of independent shares. Chunks of mcChunk trials draw from their
// own PCG stream (seed, chunk), so the result depends only on the seed
// and the trials, whatever GOMAXPROCS is.

// MaxRangeExhaustive is the largest work (combinations x completions)
// that mode exhaustive accepts for a range request: about two seconds on
// two cores. Mode auto enumerates only up to RangeRequest.MaxExhaustive
// (and never beyond this).
const MaxRangeExhaustive = 50_000_000

// acceptanceProbes is the number of seeded proposals of deals used to
// estimate how often a trial's proposal is accepted (Monte Carlo, unless
// none is ever rejected).
const acceptanceProbes = 1 << 16

// MaxRangeDraws bounds the proposals of deals a Monte Carlo range request
// may need: its trials divided by the share of proposals accepted (see
// rangedeal.go). About two to five seconds of proposals on two cores;
// ranges that are rarely compatible however they are dealt (say ten
// players of the top half of hands: 0.07% of proposals) pass it and the
// request is refused at once rather than holding every core until the
// compute timeout. Ranges of any hand are never rejected: ten players of
// "*" need no more proposals than trials.
const MaxRangeDraws = 50_000_000

// RangeRequest is an equity question over ranges. Build one with
// ParseRangeInput or fill it and let PrepareRanges validate it.
type RangeRequest struct {
	Game   eval.Game
	Ranges []*ranges.Range // 2 to 10 players; an exact hand is a range of one hand
	Board  cards.List      // 0 to 5 cards
	Dead   cards.List
	Mode   Mode
	// Trials is the number of Monte Carlo trials (0 means DefaultTrials).
	Trials int
	// Seed fixes the Monte Carlo streams (the draws of hands and boards).
	Seed uint64
	// MaxExhaustive is the auto-mode threshold on combinations x
	// completions (0 means DefaultMaxExhaustive).
	MaxExhaustive int64
}

// RangeResult is a Result (its JSON, with each player's "hand" the range
// as written) plus the combinations each range holds after removal.
type RangeResult struct {
	Result
	// Combos[i] is the number of hands of player i's range that share no
	// card with the board, the dead cards and the other players' fixed
	// hands (1 for a fixed hand).
	Combos []int `json:"combos"`
	// ReadAsRange says which hands were read as ranges (every player's
	// text that is not four cards), so that a typo such as QhQcJhXc is
	// not taken silently for a range; absent when every hand is fixed.
	ReadAsRange []RangeReading `json:"read_as_range,omitempty"`
}

// RangeReading is one hand of a request that was read as a range.
type RangeReading struct {
	Field   string `json:"field"`   // "hands[i]"
	Hand    string `json:"hand"`    // the text as written
	Combos  int    `json:"combos"`  // the hands it holds after card removal
	Example string `json:"example"` // one of those hands
	// Message is the sentence `scoop equity` prints on standard error:
	// "QhQcJhXc read as a range (2 combos); a hand is four cards such as
	// QhQcJhTc".
	Message string `json:"message"`
}

// ParseRangeInput reads in like ParseInput, but each hand is a range
// (ranges.Parse: a text of four cards is one exact hand). Errors are
// *fault.Error values naming the field: "hands[i]" with the column for a
// range that does not parse, and otherwise the fields and messages of
// ParseInput. It does not expand the ranges (PrepareRanges does).
func ParseRangeInput(in Input) (RangeRequest, error) {
	return parseRangeInput(in, 2)
}

// parseRangeInput is ParseRangeInput with at least minHands hands.
func parseRangeInput(in Input, minHands int) (RangeRequest, error) {
	set, err := parseSettings(in, minHands)
	if err != nil {
		return RangeRequest{}, err
	}
	r := RangeRequest{Game: set.game, Board: set.board, Dead: set.dead, Mode: set.mode, Trials: set.trials, Seed: set.seed}
	for i, h := range in.Hands {
		rg, err := ranges.Parse(h)
		if err != nil {
			return RangeRequest{}, withField(err, fmt.Sprintf("hands[%d]", i))
		}
		r.Ranges = append(r.Ranges, rg)
	}
	return r, nil
}

// withField returns err (a *fault.Error) about field.
func withField(err error, field string) error {
	var fe *fault.Error
	if !errors.As(err, &fe) {
		return &fault.Error{Kind: fault.Invalid, Field: field, Action: -1, Message: err.Error(), Err: err}
	}
	c := *fe
	c.Field = field
	return &c
}

// RangeJob is a validated, expanded range request: its cost is known
// before it runs. It is safe for concurrent use; Run may be called more
// than once.
type RangeJob struct {
	req    RangeRequest
	mode   Mode
	trials int
	// combos[i] is player i's hands after removal; nil, until a mode
	// needs the list (materialize), for a range of every hand.
	combos  [][]ranges.Combo
	counts  []int // len(combos[i]), known before the list is made
	fixed   []bool
	known   cards.CardSet // board and dead cards
	removed cards.CardSet // known and the fixed hands
	compl   int64         // completions of one combination of hands
	work    int64         // product of the combination counts x compl, saturated
	accept  int64         // accepted probes of acceptanceProbes (Monte Carlo)
	setup   *rangeSetup   // Monte Carlo: made by PrepareRanges, read only
	prepped time.Duration // spent by PrepareRanges on setup and probes (in Elapsed)
	labels  []string
}

// PrepareRanges validates r, expands every range for r.Game without the
// board, the dead cards and the fixed hands (the ranges of one hand), and
// chooses the mode. Errors are *fault.Error values: Invalid or Impossible
// naming the field like ParseInput (a duplicate card among the board, the
// dead cards and the fixed hands; too many cards), Impossible naming
// "hands[i]" when a range holds no hand after removal, Impossible naming
// "hands" when the ranges cannot be dealt together (proven: the message
// names the players at fault and why), Invalid naming "hands" when they
// can be (or may be) but too rarely to sample (no seeded probe accepted,
// or more than MaxRangeDraws proposals needed), and Invalid naming "mode"
// when mode exhaustive would exceed MaxRangeExhaustive.
func PrepareRanges(r RangeRequest) (*RangeJob, error) {
	if r.Game != eval.OmahaHi && r.Game != eval.OmahaHiLo {
		return nil, fault.Field(fault.Invalid, "game", "unknown game %v", r.Game)
	}
	n := len(r.Ranges)
	if n < 2 || n > 10 {
		return nil, fault.Field(fault.Invalid, "hands", "want 2 to 10 hands, got %d", n)
	}
	switch r.Mode {
	case Auto, Exhaustive, MonteCarlo, "":
	default:
		return nil, fault.Field(fault.Invalid, "mode", "unknown mode %q (want auto, exhaustive or montecarlo)", string(r.Mode))
	}
	if r.Trials < 0 || r.Trials > MaxTrials {
		return nil, fault.Field(fault.Invalid, "trials", "want 0 (DefaultTrials) or 1 to %d trials, got %d", MaxTrials, r.Trials)
	}
	if r.MaxExhaustive < 0 {
		return nil, fault.Field(fault.Invalid, "max_exhaustive", "must not be negative, got %d", r.MaxExhaustive)
	}
	if len(r.Board) > 5 {
		return nil, fault.Field(fault.Invalid, "board", "at most 5 board cards, got %d (%s)", len(r.Board), r.Board)
	}
	j := &RangeJob{req: r, labels: make([]string, n)}
	for i, rg := range r.Ranges {
		if rg == nil {
			return nil, fault.Field(fault.Invalid, fmt.Sprintf("hands[%d]", i), "no range")
		}
		j.labels[i] = rg.String()
	}
	var err error
	if j.combos, j.counts, j.fixed, j.known, j.removed, err = expand(r, true); err != nil {
		return nil, err
	}
	used := 4*n + len(r.Board) + len(r.Dead)
	k := 5 - len(r.Board)
	if cards.NumCards-used < k {
		return nil, fault.Field(fault.Impossible, "dead", "%d cards in use leave %d in the deck, the board needs %d more", used, cards.NumCards-used, k)
	}
	for i, c := range j.counts {
		if c == 0 {
			return nil, fault.Field(fault.Impossible, fmt.Sprintf("hands[%d]", i),
				"the range %s holds no hand without the board, the dead cards and the fixed hands", r.Ranges[i].String())
		}
	}
	j.compl = binomial(int64(cards.NumCards-used), int64(k))
	j.work = j.compl
	for _, c := range j.counts {
		j.work = satMul(j.work, int64(c))
	}
	maxEx := r.MaxExhaustive
	if maxEx == 0 {
		maxEx = DefaultMaxExhaustive
	}
	j.mode = r.Mode
	if j.mode == Auto || j.mode == "" {
		j.mode = MonteCarlo
		if j.work <= min(maxEx, MaxRangeExhaustive) {
			j.mode = Exhaustive
		}
	}
	j.trials = r.Trials
	if j.trials == 0 {
		j.trials = DefaultTrials
	}
	if j.allFixed() {
		return j, nil // Compute's engine answers
	}
	if j.mode == Exhaustive && j.work > MaxRangeExhaustive {
		return nil, fault.Field(fault.Invalid, "mode", "exhaustive would settle %d boards (combinations x completions), more than %d: use auto or montecarlo", j.work, MaxRangeExhaustive)
	}
	if j.mode == Exhaustive {
		for i := range j.combos {
			j.materialize(i)
		}
	}
	if j.mode == MonteCarlo {
		start := time.Now()
		j.setup = j.newRangeSetup()
		j.accept = j.setup.acceptance(r.Seed)
		j.prepped = time.Since(start)
		if j.accept == 0 {
			return nil, j.undealt(false)
		}
		if draws := j.Cost(); draws > MaxRangeDraws {
			return nil, fault.Field(fault.Invalid, "hands", "only %.4f%% of random deals give the ranges of %s hands without a shared card: %d trials would need about %d deals, more than %d (MaxRangeDraws); use fewer trials or fewer players",
				100*float64(j.accept)/acceptanceProbes, strings.Join(j.rangePlayers(), ", "), j.trials, draws, MaxRangeDraws)
		}
	}
	return j, nil
}

// expand returns each range's hands for r.Game without the board, the
// dead cards and the fixed hands (a fixed hand is its own one hand: the
// list may be empty for a range) and their numbers, which players have
// fixed hands, the board and dead cards, and those with the fixed hands'
// cards. With lazy, a range of every hand ("*") has no list (nil), only
// its number: ten players of "*" would otherwise make 2.7 million hands
// (43 MB) that no trial reads. The error is a duplicate card among the
// fixed hands, the board and the dead cards (the messages of
// Request.Validate).
func expand(r RangeRequest, lazy bool) (combos [][]ranges.Combo, counts []int, fixed []bool, known, removed cards.CardSet, err error) {
	n := len(r.Ranges)
	combos, counts, fixed = make([][]ranges.Combo, n), make([]int, n), make([]bool, n)
	var where [cards.NumCards]string
	check := func(field string, l cards.List) error {
		for _, c := range l {
			if !c.Valid() {
				return fault.Field(fault.Invalid, field, "invalid card value %d", uint8(c))
			}
			if where[c] != "" {
				if where[c] == field {
					return fault.Field(fault.Impossible, field, "duplicate card %s: appears twice in %s", c, field)
				}
				return fault.Field(fault.Impossible, field, "duplicate card %s: in %s and in %s", c, where[c], field)
			}
			where[c] = field
		}
		return nil
	}
	for i, rg := range r.Ranges {
		if c, ok := rg.Fixed(); ok {
			fixed[i] = true
			combos[i] = []ranges.Combo{c}
			if err := check(fmt.Sprintf("hands[%d]", i), c.List()); err != nil {
				return nil, nil, nil, 0, 0, err
			}
			removed |= c.Set()
		}
	}
	if err := check("board", r.Board); err != nil {
		return nil, nil, nil, 0, 0, err
	}
	if err := check("dead", r.Dead); err != nil {
		return nil, nil, nil, 0, 0, err
	}
	for _, c := range r.Board {
		known = known.Add(c)
	}
	for _, c := range r.Dead {
		known = known.Add(c)
	}
	removed |= known
	all := int(binomial(int64(bits.OnesCount64(uint64(cards.FullDeck&^removed))), 4))
	for i, rg := range r.Ranges {
		switch {
		case fixed[i]:
			counts[i] = 1
		case lazy && rg.Count(r.Game, 0) == ranges.NumHands:
			counts[i] = all
		default:
			combos[i] = rg.Combos(r.Game, removed)
			counts[i] = len(combos[i])
		}
	}
	return combos, counts, fixed, known, removed, nil
}

// materialize makes player i's list of hands if expand left it out (a
// range of every hand). Only PrepareRanges calls it (a job is read only
// once prepared).
func (j *RangeJob) materialize(i int) {
	if j.combos[i] == nil && j.counts[i] > 0 {
		j.combos[i] = j.req.Ranges[i].Combos(j.req.Game, j.removed)
	}
}

// RangeListing is one range of a request expanded, for an editor or
// `scoop equity --list`.
type RangeListing struct {
	Hand   string   `json:"hand"`   // the range as written (an exact hand in canonical form)
	Total  int      `json:"total"`  // hands in the range before removal
	Combos int      `json:"combos"` // hands left without the board, dead cards and other players' fixed hands
	Sample []string `json:"sample"` // up to n of those, drawn by ranges.Range.Sample
}

// ListRanges reads in like ParseRangeInput, but with 1 to 10 hands, and
// lists each range: its size before and after removal and a sample of n
// hands. Errors are those of ParseRangeInput and the duplicate cards of
// PrepareRanges; an empty range is not an error here (Combos 0).
func ListRanges(in Input, n int) ([]RangeListing, error) {
	r, err := parseRangeInput(in, 1)
	if err != nil {
		return nil, err
	}
	if len(r.Board) > 5 {
		return nil, fault.Field(fault.Invalid, "board", "at most 5 board cards, got %d (%s)", len(r.Board), r.Board)
	}
	combos, _, fixed, _, removed, err := expand(r, false)
	if err != nil {
		return nil, err
	}
	out := make([]RangeListing, len(r.Ranges))
	for i, rg := range r.Ranges {
		l := RangeListing{Hand: rg.String(), Total: rg.Count(r.Game, 0), Combos: len(combos[i]), Sample: []string{}}
		var sample []ranges.Combo
		if fixed[i] {
			sample = combos[i][:min(n, 1)]
		} else {
			sample = rg.Sample(r.Game, removed, n)
		}
		for _, c := range sample {
			l.Sample = append(l.Sample, c.String())
		}
		out[i] = l
	}
	return out, nil
}

// undealt returns the error of a job that dealt nothing: its seeded
// probes accepted no deal, or (enumerated) its exhaustive run found no
// compatible combination. It is an Impossible naming the players whose
// ranges cannot be dealt together when dealable proves it or the run
// enumerated every combination, else an Invalid saying that they can (or
// may) be, too rarely to be sampled.
func (j *RangeJob) undealt(enumerated bool) error {
	for i := range j.combos {
		j.materialize(i) // no-op once run: exhaustive jobs have every list
	}
	d, who, why := dealable(j.combos, j.fixed, cards.FullDeck&^j.removed)
	if enumerated && d != cannotDeal {
		d, who, why = cannotDeal, nil, "no combination of their hands is without a shared card"
		for i, f := range j.fixed {
			if !f {
				who = append(who, i)
			}
		}
	}
	switch d {
	case cannotDeal:
		var names []string
		for _, i := range who {
			names = append(names, fmt.Sprintf("hands[%d] (%s)", i, j.labels[i]))
		}
		return fault.Field(fault.Impossible, "hands", "the ranges of %s cannot be dealt together: %s",
			strings.Join(names, ", "), why)
	case canDeal:
		return fault.Field(fault.Invalid, "hands", "the ranges of %s can be dealt together, but so rarely (no deal in %d random tries) that they cannot be sampled; use fewer players or wider ranges",
			strings.Join(j.rangePlayers(), ", "), acceptanceProbes)
	}
	return fault.Field(fault.Invalid, "hands", "the ranges of %s are dealt together in no deal of %d random tries nor found so in a search of %d hands: they may not be dealable together, and are too rare to sample if they are",
		strings.Join(j.rangePlayers(), ", "), acceptanceProbes, feasibleBudget)
}

func (j *RangeJob) allFixed() bool {
	for _, f := range j.fixed {
		if !f {
			return false
		}
	}
	return true
}

func (j *RangeJob) rangePlayers() []string {
	var out []string
	for i, f := range j.fixed {
		if !f {
			out = append(out, fmt.Sprintf("hands[%d]", i))
		}
	}
	return out
}

// ReadAsRange returns a RangeReading for each player whose hand is a
// range rather than four cards (none when every hand is fixed), the
// example being the first of his hands after removal.
func (j *RangeJob) ReadAsRange() []RangeReading {
	var out []RangeReading
	for i, f := range j.fixed {
		if f || j.counts[i] == 0 {
			continue
		}
		n := j.counts[i]
		var ex string
		if j.combos[i] != nil {
			ex = j.combos[i][0].String()
		} else {
			// Every hand: the first, as Combos orders them, is the four
			// best cards left.
			free := (cards.FullDeck &^ j.removed).List()
			slices.Reverse(free)
			ex = ranges.Combo(free[:4]).String()
		}
		unit := "combos"
		if n == 1 {
			unit = "combo"
		}
		out = append(out, RangeReading{Field: fmt.Sprintf("hands[%d]", i), Hand: j.labels[i], Combos: n, Example: ex,
			Message: fmt.Sprintf("%s read as a range (%d %s); a hand is four cards such as %s", j.labels[i], n, unit, ex)})
	}
	return out
}

// Mode returns the mode the job runs in (never auto).
func (j *RangeJob) Mode() Mode { return j.mode }

// Combos returns the number of hands of each player's range after removal
// (see RangeResult.Combos). The slice is new.
func (j *RangeJob) Combos() []int {
	return slices.Clone(j.counts)
}

// Cost estimates the job's work in boards settled, the unit of
// Request.Completions, for admission control: in mode exhaustive the
// product of the players' combination counts times the completions of one
// combination (an upper bound: combinations sharing a card are skipped);
// in Monte Carlo the trials, divided by the estimated share of proposed
// deals that are accepted (so ranges that often collide cost more; the
// rejected proposals are cheap, so this errs high).
func (j *RangeJob) Cost() int64 {
	if j.mode == Exhaustive {
		return j.work
	}
	if j.accept == 0 || j.accept == acceptanceProbes {
		return int64(j.trials)
	}
	return satMul(int64(j.trials), acceptanceProbes) / j.accept
}

// ComputeRanges is PrepareRanges then Run.
func ComputeRanges(ctx context.Context, r RangeRequest) (RangeResult, error) {
	j, err := PrepareRanges(r)
	if err != nil {
		return RangeResult{}, err
	}
	return j.Run(ctx)
}

// Run computes the job's equities on all GOMAXPROCS cores (the calling
// goroutine alone for small work) and returns ctx.Err() soon after ctx is
// done. A job of fixed hands only is answered by Compute (the same
// numbers). Players' hands in the result are the ranges as written.
func (j *RangeJob) Run(ctx context.Context) (RangeResult, error) {
	start := time.Now()
	if err := ctx.Err(); err != nil {
		return RangeResult{}, err
	}
	r := j.req
	out := RangeResult{Combos: j.Combos(), ReadAsRange: j.ReadAsRange()}
	if j.allFixed() {
		req := Request{Game: r.Game, Board: r.Board, Dead: r.Dead, Mode: j.mode, Trials: r.Trials, Seed: r.Seed, MaxExhaustive: r.MaxExhaustive}
		for _, c := range j.combos {
			req.Hands = append(req.Hands, c[0].List())
		}
		res, err := Compute(ctx, req)
		if err != nil {
			return RangeResult{}, err
		}
		out.Result = res
		return out, nil
	}
	s := j.setup
	if s == nil {
		s = j.newRangeSetup()
	}
	var acc *accum
	var err error
	if j.mode == Exhaustive {
		acc, err = s.exhaustive(ctx)
	} else {
		acc, err = s.monteCarlo(ctx, int64(j.trials), r.Seed)
	}
	if err != nil {
		return RangeResult{}, err
	}
	if acc.boards == 0 {
		return RangeResult{}, j.undealt(true)
	}
	base := &setup{req: Request{Game: r.Game, Board: r.Board, Dead: r.Dead, Hands: make([]cards.List, len(j.combos))}, hilo: r.Game.HasLow()}
	out.Result = base.result(acc, j.mode)
	for i := range out.Players {
		out.Players[i].Hand = j.labels[i]
	}
	if j.mode == MonteCarlo {
		seed := r.Seed
		out.Seed = &seed
	}
	out.Elapsed = float64((time.Since(start) + j.prepped).Nanoseconds()) / 1e6
	return out, nil
}

func binomial(n, k int64) int64 {
	if k < 0 || n < k {
		return 0
	}
	c := int64(1)
	for i := int64(0); i < k; i++ {
		c = c * (n - i) / (i + 1)
	}
	return c
}

// satMul returns a*b for non-negative a and b, or MaxInt64 on overflow.
func satMul(a, b int64) int64 {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	if hi != 0 || lo > 1<<63-1 {
		return 1<<63 - 1
	}
	return int64(lo)
}
