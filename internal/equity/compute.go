package equity

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/fault"
)

// DefaultSeed is the Monte Carlo seed used when Input.Seed is nil.
const DefaultSeed uint64 = 0x5C00B

// MaxTrials is the largest number of Monte Carlo trials a request may ask
// (10M: one request stays within seconds on two cores). It is THE limit:
// ParseInput enforces it, `scoop equity` and POST /v1/equity take it from
// here, and openapi.yaml's trials maximum must equal it (an api test
// checks).
const MaxTrials = 10_000_000

// inlineBelow is the amount of work (boards or trials) below which Compute
// runs on the calling goroutine without starting workers: small requests,
// like a flop (820 boards heads-up), are served in well under a millisecond.
const inlineBelow = 20_000

// potUnits is what one board's pot is worth in accumulator units: 2 halves
// times LCM(1..10), so every split among up to 10 players is an integer.
const potUnits = 5040

// ParseInput validates in and returns the Request it asks for. Errors are
// *fault.Error values naming the field ("game", "hands", "hands[1]",
// "board", "dead", "mode", "trials"): Kind Invalid for bad syntax or shape
// (an unknown card, a hand not of 4 cards, more than 5 board cards, fewer
// than 2 or more than 10 hands, an unknown game or mode, trials given but
// not 1 to MaxTrials, trials given with mode exhaustive), Kind Impossible
// for a duplicate card (naming the card and both places) or more cards than
// the deck allows. Empty game and mode mean omaha-hilo and auto, nil trials
// DefaultTrials, a nil seed DefaultSeed. In mode auto, trials and seed
// apply only when Monte Carlo runs: with DefaultMaxExhaustive (which
// ParseInput leaves in place) every legal input is exhaustive, the largest
// being heads-up preflop at 1,086,008 boards.
func ParseInput(in Input) (Request, error) {
	set, err := parseSettings(in, 2)
	if err != nil {
		return Request{}, err
	}
	r := Request{Game: set.game, Board: set.board, Dead: set.dead, Mode: set.mode, Trials: set.trials, Seed: set.seed,
		Hands: make([]cards.List, 0, len(in.Hands))}
	for i, h := range in.Hands {
		l, err := cards.Parse(h)
		if err != nil {
			// The field is named only when it is wrong.
			_, err = parseCards(fmt.Sprintf("hands[%d]", i), h)
			return Request{}, err
		}
		r.Hands = append(r.Hands, l)
	}
	if err := r.Validate(); err != nil {
		return Request{}, err
	}
	return r, nil
}

// settings are the parts of an Input that hands and ranges share.
type settings struct {
	game        eval.Game
	board, dead cards.List
	mode        Mode
	trials      int
	seed        uint64
}

// parseSettings reads everything of in but the hands themselves, whose
// number must be minHands to 10: the one place the game, board, dead
// cards, mode, trials and seed rules live, for ParseInput and
// ParseRangeInput alike. Errors are *fault.Error values naming the field.
func parseSettings(in Input, minHands int) (settings, error) {
	set := settings{game: eval.OmahaHiLo, mode: Auto, seed: DefaultSeed}
	if in.Game != "" {
		g, err := eval.ParseGame(in.Game)
		if err != nil {
			return settings{}, fault.Field(fault.Invalid, "game", "unknown game %q (want omaha-hi or omaha-hilo)", in.Game)
		}
		set.game = g
	}
	if len(in.Hands) < minHands || len(in.Hands) > 10 {
		return settings{}, fault.Field(fault.Invalid, "hands", "want %d to 10 hands, got %d", minHands, len(in.Hands))
	}
	var err error
	if set.board, err = parseCards("board", in.Board); err != nil {
		return settings{}, err
	}
	// A board of 1 or 2 cards is almost always a card left out: no deal
	// stops there (preflop 0, flop 3, turn 4, river 5).
	if n := len(set.board); n == 1 || n == 2 {
		return settings{}, fault.Field(fault.Invalid, "board", "a board has 0, 3, 4 or 5 cards, got %d (%s)", n, set.board)
	}
	if set.dead, err = parseCards("dead", in.Dead); err != nil {
		return settings{}, err
	}
	switch Mode(in.Mode) {
	case "":
	case Auto, Exhaustive, MonteCarlo:
		set.mode = Mode(in.Mode)
	default:
		return settings{}, fault.Field(fault.Invalid, "mode", "unknown mode %q (want auto, exhaustive or montecarlo)", in.Mode)
	}
	if in.Trials != nil {
		// The one trials rule: `scoop equity` and POST /v1/equity only map
		// this error.
		n := *in.Trials
		if n < 1 || n > MaxTrials {
			return settings{}, fault.Field(fault.Invalid, "trials", "want 1 to %d trials, got %d", MaxTrials, n)
		}
		if set.mode == Exhaustive {
			return settings{}, fault.Field(fault.Invalid, "trials", "trials apply only when Monte Carlo runs (mode auto or montecarlo), not to mode exhaustive, got %d", n)
		}
		set.trials = n
	}
	if in.Seed != nil {
		set.seed = *in.Seed
	}
	return set, nil
}

// parseCards reads the cards of field as a *fault.Error naming it.
func parseCards(field, s string) (cards.List, error) {
	l, err := cards.Parse(s)
	if err != nil {
		var pe *cards.ParseError
		if errors.As(err, &pe) {
			return nil, &fault.Error{Kind: fault.Invalid, Field: field, Action: -1,
				Message: fmt.Sprintf("bad card %q: %s", pe.Token, pe.Reason), Err: err}
		}
		return nil, &fault.Error{Kind: fault.Invalid, Field: field, Action: -1, Message: err.Error(), Err: err}
	}
	return l, nil
}

// Validate checks every rule of a Request (see ParseInput for the list) and
// returns a *fault.Error naming the field, or nil. Compute calls it.
func (r Request) Validate() error {
	if r.Game != eval.OmahaHi && r.Game != eval.OmahaHiLo {
		return fault.Field(fault.Invalid, "game", "unknown game %v", r.Game)
	}
	if len(r.Hands) < 2 || len(r.Hands) > 10 {
		return fault.Field(fault.Invalid, "hands", "want 2 to 10 hands, got %d", len(r.Hands))
	}
	switch r.Mode {
	case Auto, Exhaustive, MonteCarlo, "":
	default:
		return fault.Field(fault.Invalid, "mode", "unknown mode %q (want auto, exhaustive or montecarlo)", string(r.Mode))
	}
	if r.Trials < 0 || r.Trials > MaxTrials {
		return fault.Field(fault.Invalid, "trials", "want 0 (DefaultTrials) or 1 to %d trials, got %d", MaxTrials, r.Trials)
	}
	if r.MaxExhaustive < 0 {
		return fault.Field(fault.Invalid, "max_exhaustive", "must not be negative, got %d", r.MaxExhaustive)
	}
	for i, h := range r.Hands {
		if len(h) != 4 {
			return fault.Field(fault.Invalid, fmt.Sprintf("hands[%d]", i), "want 4 cards, got %d (%s)", len(h), h)
		}
	}
	if len(r.Board) > 5 {
		return fault.Field(fault.Invalid, "board", "at most 5 board cards, got %d (%s)", len(r.Board), r.Board)
	}
	// where[c] is 1 + the place of card c: hands[i] is i (at most 9,
	// checked above), the board 10, the dead cards 11; names are made
	// only for an error.
	const board, dead = 10, 11
	name := func(place int) string {
		switch place {
		case board:
			return "board"
		case dead:
			return "dead"
		}
		return fmt.Sprintf("hands[%d]", place)
	}
	var where [cards.NumCards]uint8
	check := func(place int, l cards.List) error {
		for _, c := range l {
			if !c.Valid() {
				return fault.Field(fault.Invalid, name(place), "invalid card value %d", uint8(c))
			}
			if w := int(where[c]) - 1; w >= 0 {
				if w == place {
					return fault.Field(fault.Impossible, name(place), "duplicate card %s: appears twice in %s", c, name(place))
				}
				return fault.Field(fault.Impossible, name(place), "duplicate card %s: in %s and in %s", c, name(w), name(place))
			}
			where[c] = uint8(place + 1)
		}
		return nil
	}
	for i, h := range r.Hands {
		if err := check(i, h); err != nil {
			return err
		}
	}
	if err := check(board, r.Board); err != nil {
		return err
	}
	if err := check(dead, r.Dead); err != nil {
		return err
	}
	used := 4*len(r.Hands) + len(r.Board) + len(r.Dead)
	if need := 5 - len(r.Board); cards.NumCards-used < need {
		return fault.Field(fault.Impossible, "dead", "%d cards in use leave %d in the deck, the board needs %d more", used, cards.NumCards-used, need)
	}
	return nil
}

// Completions returns the number of board completions of r: the number of
// ways to deal the missing board cards from the cards nobody holds.
func (r Request) Completions() int64 {
	rem := int64(cards.NumCards - 4*len(r.Hands) - len(r.Board) - len(r.Dead))
	k := int64(5 - len(r.Board))
	if k < 0 || rem < k {
		return 0
	}
	c := int64(1)
	for i := int64(0); i < k; i++ {
		c = c * (rem - i) / (i + 1)
	}
	return c
}

// Compute answers r. It validates r first (a *fault.Error on bad input),
// uses all GOMAXPROCS cores for large work and the calling goroutine alone
// for small work, and returns ctx.Err() soon after ctx is done (within a few
// thousand boards of work per worker). It is safe for concurrent use.
func Compute(ctx context.Context, r Request) (Result, error) {
	start := time.Now()
	if err := r.Validate(); err != nil {
		return Result{}, err
	}
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	maxEx := r.MaxExhaustive
	if maxEx == 0 {
		maxEx = DefaultMaxExhaustive
	}
	trials := r.Trials
	if trials == 0 {
		trials = DefaultTrials
	}
	mode := r.Mode
	if mode == Auto || mode == "" {
		mode = MonteCarlo
		if r.Completions() <= maxEx {
			mode = Exhaustive
		}
	}
	s := newSetup(r)
	var acc *accum
	var err error
	if mode == Exhaustive {
		acc, err = s.exhaustive(ctx)
	} else {
		acc, err = s.monteCarlo(ctx, int64(trials), r.Seed)
	}
	if err != nil {
		s.release()
		return Result{}, err
	}
	res := s.result(acc, mode)
	s.release()
	if mode == MonteCarlo {
		seed := r.Seed
		res.Seed = &seed
	}
	res.Elapsed = float64(time.Since(start).Nanoseconds()) / 1e6
	return res, nil
}

// gcd returns the greatest common divisor of a and b (not negative).
func gcd(a, b int64) int64 {
	if a < 0 {
		a = -a
	}
	if b < 0 {
		b = -b
	}
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// outcomes merges one player's outcome tallies by the fraction of the pot
// they are worth (codes of the same share add up), largest share first;
// with stderr (Monte Carlo: independent trials) each with the standard
// error of a binomial proportion over boards trials.
func outcomes(out *[numOutcomeCodes]int64, boards int64, stderr bool) []Outcome {
	var share [numOutcomeCodes]int64 // per distinct share, in potUnits
	var count [numOutcomeCodes]int64
	var code [numOutcomeCodes]uint8 // per distinct share, a code of it (for codeText)
	n := 0
	for c, k := range out {
		if k == 0 {
			continue
		}
		s := codeShare(c)
		j := 0
		for j < n && share[j] != s {
			j++
		}
		if j == n {
			share[n], code[n] = s, uint8(c)
			n++
		}
		count[j] += k
	}
	// Largest first (n is at most a dozen or so).
	for i := 1; i < n; i++ {
		for j := i; j > 0 && share[j] > share[j-1]; j-- {
			share[j], share[j-1] = share[j-1], share[j]
			count[j], count[j-1] = count[j-1], count[j]
			code[j], code[j-1] = code[j-1], code[j]
		}
	}
	res := make([]Outcome, n)
	var se []float64 // the standard errors, one allocation
	if stderr {
		se = make([]float64, n)
	}
	nb := float64(boards)
	for j := range n {
		p := float64(count[j]) / nb
		res[j] = Outcome{Share: codeText[code[j]], Boards: count[j], Probability: p}
		if stderr {
			if boards > 1 {
				se[j] = math.Sqrt(p * (1 - p) / nb)
			}
			res[j].Stderr = &se[j]
		}
	}
	return res
}

// codeText[c] is fraction(codeShare(c), potUnits), the share of the pot
// of outcome code c as text (TestCodeText checks every entry). A literal,
// so that the linker lays it out and a process does no work for it at
// start-up: built at package initialisation (a map of the 59 distinct
// shares, formatted and inserted 132 times) it was a sixth of the
// instructions of a whole `scoop equity` flop. A result's outcomes
// allocate no text.
var codeText = [numOutcomeCodes]string{
	// no low: the high shared by c (0: no part of it)
	"0", "1", "1/2", "1/3", "1/4", "1/5", "1/6", "1/7", "1/8", "1/9", "1/10",
	// a low: noLowCodes + 11*h + l, one row per h
	"0", "1/2", "1/4", "1/6", "1/8", "1/10", "1/12", "1/14", "1/16", "1/18", "1/20",
	"1/2", "1", "3/4", "2/3", "5/8", "3/5", "7/12", "4/7", "9/16", "5/9", "11/20",
	"1/4", "3/4", "1/2", "5/12", "3/8", "7/20", "1/3", "9/28", "5/16", "11/36", "3/10",
	"1/6", "2/3", "5/12", "1/3", "7/24", "4/15", "1/4", "5/21", "11/48", "2/9", "13/60",
	"1/8", "5/8", "3/8", "7/24", "1/4", "9/40", "5/24", "11/56", "3/16", "13/72", "7/40",
	"1/10", "3/5", "7/20", "4/15", "9/40", "1/5", "11/60", "6/35", "13/80", "7/45", "3/20",
	"1/12", "7/12", "1/3", "1/4", "5/24", "11/60", "1/6", "13/84", "7/48", "5/36", "2/15",
	"1/14", "4/7", "9/28", "5/21", "11/56", "6/35", "13/84", "1/7", "15/112", "8/63", "17/140",
	"1/16", "9/16", "5/16", "11/48", "3/16", "13/80", "7/48", "15/112", "1/8", "17/144", "9/80",
	"1/18", "5/9", "11/36", "2/9", "13/72", "7/45", "5/36", "8/63", "17/144", "1/9", "19/180",
	"1/20", "11/20", "3/10", "13/60", "7/40", "3/20", "2/15", "17/140", "9/80", "19/180", "1/10",
}

// fraction returns num/den reduced as text: "0", "1", "3/4".
func fraction(num, den int64) string {
	g := gcd(num, den)
	if g == 0 {
		return "0"
	}
	num, den = num/g, den/g
	if den == 1 {
		return strconv.FormatInt(num, 10)
	}
	return strconv.FormatInt(num, 10) + "/" + strconv.FormatInt(den, 10)
}

// result turns the merged tallies into a Result.
func (s *setup) result(a *accum, mode Mode) Result {
	r := s.req
	res := Result{
		Game:   r.Game.String(),
		Board:  r.Board.String(),
		Dead:   r.Dead.String(),
		Mode:   mode,
		Boards: a.boards,
	}
	if a.boards == 0 {
		return res
	}
	res.Players = make([]PlayerResult, 0, len(r.Hands))
	nb := float64(a.boards)
	if s.hilo {
		res.NoLow = float64(a.noLow) / nb
	}
	for i, h := range r.Hands {
		p := PlayerResult{
			Hand:   h.String(),
			Equity: float64(a.share[i]) / (nb * potUnits),
			HiWin:  float64(a.hiWin[i]) / nb,
			HiTie:  float64(a.hiTie[i]) / nb,
			LoWin:  float64(a.loWin[i]) / nb,
			LoTie:  float64(a.loTie[i]) / nb,
			Scoop:  float64(a.scoop[i]) / nb,
			// A8: a shared low half is a quartered one.
			Quartered: float64(a.loTie[i]) / nb,
			Outcomes:  outcomes(&a.out[i], a.boards, mode == MonteCarlo),
		}
		if mode == MonteCarlo && a.boards > 1 {
			mean := p.Equity
			ex2 := float64(a.sq[i]) / (nb * potUnits * potUnits)
			v := (ex2 - mean*mean) * nb / (nb - 1)
			if v > 0 {
				p.Stderr = math.Sqrt(v / nb)
			}
		}
		res.Players = append(res.Players, p)
	}
	if mode == Exhaustive {
		// Exact shares in int64: there are at most C(52,5) = 2,598,960
		// boards, so the denominator is below 1.4*10^10 and every share
		// is at most it.
		den := a.boards * potUnits
		g := den
		for i := range r.Hands {
			g = gcd(g, a.share[i])
		}
		if g == 0 {
			g = 1
		}
		ex := &ExactShares{Denominator: strconv.FormatInt(den/g, 10), Numerators: make([]string, len(r.Hands))}
		for i := range r.Hands {
			ex.Numerators[i] = strconv.FormatInt(a.share[i]/g, 10)
		}
		res.Exact = ex
	}
	return res
}
