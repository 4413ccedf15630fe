// Package equity computes Omaha High and Omaha Hi/Lo all-in equities
// (RULES.md E1-E3) of hands, of ranges (ComputeRanges) and against unknown
// hands (ComputeUnknown): exhaustively over every board completion, or by
// Monte Carlo sampling, in parallel over GOMAXPROCS workers (or on the
// caller's goroutine alone: OneCore).
//
// It imports only cards, eval, ranges, fault and the standard library and
// does no I/O. Every computation honours its context.
package equity

import (
	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
)

// Mode chooses how the board completions are covered.
type Mode string

// The modes.
const (
	Auto       Mode = "auto"       // exhaustive up to Request.MaxExhaustive completions, else Monte Carlo
	Exhaustive Mode = "exhaustive" // every completion, exact
	MonteCarlo Mode = "montecarlo" // Request.Trials random completions
)

// Defaults for a Request's zero fields.
const (
	DefaultMaxExhaustive = 2_000_000 // completions; heads-up preflop (1,086,008 boards) is exact
	DefaultTrials        = 1_000_000
)

// Request is a validated equity question. Build one with ParseInput (which
// checks every rule of the contract) or fill it directly and call Validate
// (Compute validates it too).
type Request struct {
	Game  eval.Game
	Hands []cards.List // 2 to 10 hands of exactly 4 cards
	Board cards.List   // 0 to 5 cards
	Dead  cards.List
	Mode  Mode
	// Trials is the number of Monte Carlo samples (0 means DefaultTrials).
	Trials int
	// Seed fixes the Monte Carlo stream: same seed, same result, whatever
	// GOMAXPROCS is.
	Seed uint64
	// MaxExhaustive is the auto-mode threshold (0 means DefaultMaxExhaustive).
	MaxExhaustive int64
	// OneCore runs the computation in the calling goroutine alone,
	// whatever its size, for a caller admitted for one core (a hand's
	// analysis); the result is the same as on all cores.
	OneCore bool
}

// PlayerResult is one player's share (RULES.md E1, E2). All values are
// fractions of 1.
type PlayerResult struct {
	Hand   string  `json:"hand"`
	Equity float64 `json:"equity"`
	HiWin  float64 `json:"hi_win"` // sole winner of the high half
	HiTie  float64 `json:"hi_tie"` // shares the high half
	LoWin  float64 `json:"lo_win"` // sole winner of the low half
	LoTie  float64 `json:"lo_tie"` // shares the low half
	Scoop  float64 `json:"scoop"`  // wins the whole pot alone
	Stderr float64 `json:"stderr"` // standard error of Equity (0 when exhaustive)
	// Outcomes are ANALYSIS.md A8: each share of the pot he receives on
	// some board, with the share of boards on which he receives it,
	// largest share first; their mean is Equity.
	Outcomes []Outcome `json:"outcomes"`
	// Quartered is the share of boards on which he shares the low half
	// with one or more players, whatever he gets of the high (A8; 0 for
	// omaha-hi).
	Quartered float64 `json:"quartered"`
}

// Outcome is one share of the pot and how often a player receives it.
type Outcome struct {
	// Share is the exact fraction of the whole pot, reduced: "1" (a
	// scoop), "3/4", "1/2", "1/4", "1/6", ..., "0" (nothing).
	Share string `json:"share"`
	// Boards is the number of boards (trials, in Monte Carlo) on which he
	// receives Share; over all his outcomes they add up to Result.Boards.
	Boards int64 `json:"boards"`
	// Probability is Boards over Result.Boards.
	Probability float64 `json:"probability"`
	// Stderr is the standard error of Probability, Monte Carlo only.
	Stderr *float64 `json:"stderr,omitempty"`
}

// Result is the answer to a Request, in the JSON shape shared by
// `scoop equity --json` and POST /v1/equity.
type Result struct {
	Game    string         `json:"game"`
	Board   string         `json:"board"`
	Dead    string         `json:"dead"`
	Mode    Mode           `json:"mode"`   // the mode actually used (never auto)
	Boards  int64          `json:"boards"` // completions enumerated or trials sampled
	NoLow   float64        `json:"no_low"` // share of boards with no qualifying low (0 for omaha-hi)
	Players []PlayerResult `json:"players"`
	Seed    *uint64        `json:"seed,omitempty"` // the seed used, Monte Carlo only
	Elapsed float64        `json:"elapsed_ms"`
	// Exact holds exact fractions for exhaustive runs: each player's
	// equity as numerator over Denominator.
	Exact *ExactShares `json:"exact,omitempty"`
}

// ExactShares are exhaustive equities as exact fractions: player i's equity
// is Numerators[i] / Denominator, reduced.
type ExactShares struct {
	Numerators  []string `json:"numerators"`
	Denominator string   `json:"denominator"`
}

// Input is an equity question as text, from a command line or a JSON body.
// ParseInput turns it into a Request, or a *fault.Error naming the field.
type Input struct {
	Game  string   `json:"game"`  // "omaha-hilo" (default) or "omaha-hi"
	Hands []string `json:"hands"` // 2 to 10 hands of 4 cards
	Board string   `json:"board"` // 0 to 5 cards
	Dead  string   `json:"dead"`  // dead cards
	Mode  string   `json:"mode"`  // auto (default), exhaustive, montecarlo
	// Trials is the number of Monte Carlo trials: nil means DefaultTrials;
	// given, it must be 1 to MaxTrials and the mode must not be exhaustive
	// (ParseInput enforces both, naming field "trials").
	Trials *int    `json:"trials"`
	Seed   *uint64 `json:"seed"` // Monte Carlo seed; nil means a fixed default
}

// TrialsOf returns a pointer to n, for Input.Trials.
func TrialsOf(n int) *int { return &n }

// Plan returns what Compute will do for r, a validated Request: the mode it
// uses (never Auto) and the boards it evaluates (the completions when
// exhaustive, the trials when Monte Carlo), which Result.Mode and
// Result.Boards report afterwards. Boards is what the request costs;
// callers weigh and admit requests by it before computing.
func (r Request) Plan() (mode Mode, boards int64) {
	trials := int64(r.Trials)
	if trials == 0 {
		trials = DefaultTrials
	}
	maxEx := r.MaxExhaustive
	if maxEx == 0 {
		maxEx = DefaultMaxExhaustive
	}
	mode = r.Mode
	if mode == Auto || mode == "" {
		mode = MonteCarlo
		if r.Completions() <= maxEx {
			mode = Exhaustive
		}
	}
	if mode == Exhaustive {
		return mode, r.Completions()
	}
	return mode, trials
}

// Parallel reports whether Compute spreads work of the given boards over
// all GOMAXPROCS cores; below the threshold it runs on the calling
// goroutine alone.
func Parallel(boards int64) bool { return boards >= inlineBelow }

// inline reports whether work (boards or trials) of r runs in the calling
// goroutine alone: when r asks for one core, or the work is too small to
// share.
func (r Request) inline(work int64) bool { return r.OneCore || !Parallel(work) }
