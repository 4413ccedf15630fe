package analysis

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math/bits"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/equity"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
)

// The per-hand analysis of ANALYSIS.md A1-A6: street snapshots with every
// live player's equity, the decisions of players whose cards are known
// against their pot odds, and the all-in adjusted winnings. Every equity
// comes from package equity: exact (equity.Compute, mode exhaustive) when
// every live hand is known, Monte Carlo only when some live hand is
// unknown, except where something cheaper is as good: the preflop table
// (package preflop) for one known hand against random hands, exact
// enumeration of one unknown hand on the river (see plan.go).

// Defaults for Options' zero fields.
const (
	// DefaultTrials is the most Monte Carlo trials one equity (a snapshot,
	// a decision) may run.
	DefaultTrials = 100_000
	// DefaultTargetStderr stops a Monte Carlo equity once every player's
	// standard error is at most half a percentage point (at a look,
	// every equity.LookTrials after two steps of equity.StepTrials; see
	// equity.ComputeUnknownMasks).
	DefaultTargetStderr = 0.005
)

// Options tune Analyze. The zero value means the defaults.
type Options struct {
	// Trials is the most Monte Carlo trials per equity: 0 means
	// DefaultTrials; at most equity.MaxTrials. A preflop table lookup
	// (A3) costs none: its entry reports the trials run offline.
	Trials int
	// TargetStderr stops a Monte Carlo equity early once every player's
	// standard error is at most this: 0 means DefaultTargetStderr, a
	// negative value always runs Trials (and never looks up the preflop
	// table); the table is used only where its entry's standard error is
	// at most this. An equity against ranges (A10) stops at
	// RangeStderrFactor times this.
	TargetStderr float64
	// OneCore computes every equity in the calling goroutine alone, for a
	// caller admitted for one core (the API); the numbers are the same.
	// Only exact equities of known hands can use more cores: equities
	// against unknown hands always run in the calling goroutine.
	OneCore bool
	// Opponents gives the stored VPIP and PFR that A10 reads opponents'
	// ranges from (rangeequity.go); nil gives every opponent the
	// defaults (DefaultPFR, DefaultVPIP).
	Opponents OpponentStats
}

// Analysis is the analysis of one legal hand, in the JSON shape shared by
// `scoop analyze --json` and the /v1/hands analysis endpoints. Per-player
// slices follow the hand's player order.
type Analysis struct {
	// EngineVersion is the EngineVersion that made it.
	EngineVersion int `json:"engine_version"`
	// Streets are the snapshots at the start of each street reached (A1,
	// A2), preflop first; for a hand run more than once, only the streets
	// every run shares (see Runs).
	Streets []Street `json:"streets"`
	// Runs are, for a hand run more than once, each run's board and the
	// snapshots of the streets it dealt on its own; absent when run once.
	Runs      []RunStreets `json:"runs,omitempty"`
	Decisions []Decision   `json:"decisions"`
	// AllIn is the all-in equity of a qualifying hand (A5), null when the
	// hand does not qualify.
	AllIn   *AllIn         `json:"allin"`
	Results []PlayerResult `json:"results"`
	// Freeroll names the players who freerolled on some street (A9: a
	// locked half while the other could still be won), empty when none.
	Freeroll []string `json:"freeroll"`
}

// Street is the snapshot at the start of a street (A2).
type Street struct {
	Street string `json:"street"` // preflop, flop, turn or river
	Board  string `json:"board"`  // the board so far
	// Pot is every chip committed so far, antes and dead money included,
	// the money the site added to the pot too (Hand.AddedToPot), uncalled
	// bets excluded (preflop: the forced bets as posted).
	Pot int64 `json:"pot"`
	// Mode is how the equities were computed: exhaustive (exact: every
	// live hand known, or one unknown hand on a complete board, every hand
	// it can be counted), montecarlo (some live hand unknown, A3) or none
	// (no live player's cards are known: no equities).
	Mode string `json:"mode"`
	// Boards is the number of board completions enumerated (with an
	// unknown hand on the river, of hands), or of trials sampled; 0 when
	// Mode is none.
	Boards int64 `json:"boards"`
	// NoLow is the share of boards with no qualifying low (0 for
	// omaha-hi and when Mode is none).
	NoLow float64 `json:"no_low"`
	// Seed is the Monte Carlo seed, derived from the hand's natural key
	// (for a table lookup, the seed the table's entry was made with);
	// absent unless Mode is montecarlo.
	Seed *uint64 `json:"seed,omitempty"`
	// Table is true when the equities were looked up in the precomputed
	// preflop table (A3: one known hand against random hands, nothing
	// else known; package preflop) rather than sampled for this hand:
	// Mode is montecarlo, Boards the entry's trials.
	Table   bool           `json:"table,omitempty"`
	Players []StreetPlayer `json:"players"` // the players not folded, table order
}

// StreetPlayer is one player not folded at a snapshot.
type StreetPlayer struct {
	Name  string `json:"name"`
	Stack int64  `json:"stack"` // chips behind
	AllIn bool   `json:"all_in"`
	// Unknown is true when the player's hole cards are not known: his hand
	// is drawn at random on every trial (A3).
	Unknown bool `json:"unknown"`
	// Hand is the player's hole cards, absent when unknown.
	Hand string `json:"hand,omitempty"`
	// The player's equity (E1, E2) as fractions of 1, the fields of `scoop
	// equity --json` players: absent (nil) when the snapshot carries no
	// equities. Stderr is the standard error of Equity, 0 when exact.
	Equity *float64 `json:"equity,omitempty"`
	HiWin  *float64 `json:"hi_win,omitempty"`
	HiTie  *float64 `json:"hi_tie,omitempty"`
	LoWin  *float64 `json:"lo_win,omitempty"`
	LoTie  *float64 `json:"lo_tie,omitempty"`
	Scoop  *float64 `json:"scoop,omitempty"`
	Stderr *float64 `json:"stderr,omitempty"`
	// Outcomes are his A8 outcome shares, as in `scoop equity --json`
	// (each share of the pot he receives on some board, largest first,
	// with its boards, probability and, in Monte Carlo, standard error):
	// absent when the snapshot carries no equities or when they come
	// from the preflop table, which holds no outcome shares.
	Outcomes []equity.Outcome `json:"outcomes,omitempty"`
	// LowStatus is the known hand's low status (A9, lowstatus.go) on the
	// flop, turn and river of a hi/lo snapshot with equities; absent
	// otherwise.
	LowStatus *LowStatus `json:"low_status,omitempty"`
}

// RunStreets are the streets one run of a hand run more than once dealt
// after the runs parted.
type RunStreets struct {
	Run     int      `json:"run"`   // 1, 2...
	Board   string   `json:"board"` // the run's whole board
	Streets []Street `json:"streets"`
}

// Decision is one betting action of a player whose cards are known (A4).
type Decision struct {
	Index  int    `json:"index"` // 0-based index into the hand's actions
	Player string `json:"player"`
	Street string `json:"street"`
	Action string `json:"action"` // fold, check, call, bet or raise
	// ToCall is what a call puts in (all the player has when short); null
	// when the player owes nothing.
	ToCall *int64 `json:"to_call"`
	// Pot is every chip in the pot before the action, the bets of the
	// round and the money the site added (Hand.AddedToPot) included.
	Pot int64 `json:"pot"`
	// PotOdds is to_call / (pot + to_call); null when nothing is owed.
	PotOdds *float64 `json:"pot_odds"`
	// Equity is the player's equity among the players then not folded
	// (A2, A3), with its standard error (0 when exact) and mode.
	Equity float64 `json:"equity"`
	Stderr float64 `json:"stderr"`
	Mode   string  `json:"mode"`
	// Table is true when the equity comes from the precomputed preflop
	// table (see Street.Table).
	Table bool `json:"table,omitempty"`
	// BelowOdds is true for a call whose equity is below its pot odds.
	BelowOdds bool `json:"below_odds"`
	// RangeEquity is his equity against the unknown opponents' preflop
	// ranges (A10, rangeequity.go), Monte Carlo with RangeStderr, the
	// ranges in Ranges; absent when no opponent's cards are unknown.
	RangeEquity *float64        `json:"range_equity,omitempty"`
	RangeStderr *float64        `json:"range_stderr,omitempty"`
	Ranges      []OpponentRange `json:"ranges,omitempty"`
	// RangeTable is true when RangeEquity was looked up in the
	// precomputed preflop range table (package preflop: one known hand
	// before the flop, no dead card, every opponent in a default range)
	// rather than sampled for this hand; RangeStderr is the entry's.
	RangeTable bool `json:"range_table,omitempty"`
	// BelowOddsVsRange is BelowOdds against those ranges.
	BelowOddsVsRange bool `json:"below_odds_vs_range"`
}

// AllIn is the all-in equity of a qualifying hand (A5).
type AllIn struct {
	Street string     `json:"street"` // the street whose betting ended it
	Board  string     `json:"board"`  // the board at the all-in point
	Pots   []AllInPot `json:"pots"`
}

// AllInPot is one pot at the all-in point, main pot first.
type AllInPot struct {
	Amount   int64        `json:"amount"` // after rake
	Rake     int64        `json:"rake"`
	Eligible []string     `json:"eligible"`
	Shares   []AllInShare `json:"shares"` // one per eligible player
}

// AllInShare is one eligible player's part of a pot at the all-in point.
type AllInShare struct {
	Player string `json:"player"`
	// Equity is his equity (E1) among the pot's eligible players, every
	// other known hand dead (A5, A6).
	Equity float64 `json:"equity"`
	// Expected is Equity times the pot's amount, in chips.
	Expected float64 `json:"expected"`
}

// PlayerResult is one player's winnings (A5). Chips are integers; the
// expectations are fractions of chips.
type PlayerResult struct {
	Player   string `json:"player"`
	Invested int64  `json:"invested"` // everything he put in, uncalled bets included
	Returned int64  `json:"returned"` // his uncalled bet given back
	Won      int64  `json:"won"`      // what he won from the pots, after rake
	Net      int64  `json:"net"`      // won + returned - invested
	// Expected is his expected winnings at the all-in point, null when
	// the hand does not qualify.
	Expected *float64 `json:"expected"`
	// AdjustedNet is Expected when the hand qualifies, else Net.
	AdjustedNet float64 `json:"adjusted_net"`
	// Luck is Net - AdjustedNet.
	Luck float64 `json:"luck"`
}

// Analyze is AnalyzeWith with the default Options.
func Analyze(ctx context.Context, h *handhistory.Hand) (*Analysis, error) {
	return AnalyzeWith(ctx, h, Options{})
}

// AnalyzeWith replays h and analyses it (ANALYSIS.md A1-A6). Only a legal
// hand has an analysis: for a hand whose replay or settlement fails it
// returns the replay's error (an *game.IllegalActionError or a
// *fault.Error), and callers should judge the hand with Replay first. When
// ctx is done it stops within one equity computation and returns a
// *fault.Error of kind Canceled wrapping ctx.Err(). The same hand gives the
// same analysis on any machine: Monte Carlo is seeded from the hand's
// natural key (site and site hand id, else the SHA-256 of its JSON). Safe
// for concurrent use; h is not modified.
func AnalyzeWith(ctx context.Context, h *handhistory.Hand, opt Options) (*Analysis, error) {
	if opt.Trials == 0 {
		opt.Trials = DefaultTrials
	}
	if opt.Trials < 0 || opt.Trials > equity.MaxTrials {
		return nil, fault.Field(fault.Invalid, "trials", "want 1 to %d trials, got %d", equity.MaxTrials, opt.Trials)
	}
	switch {
	case opt.TargetStderr == 0:
		opt.TargetStderr = DefaultTargetStderr
	case opt.TargetStderr < 0:
		opt.TargetStderr = 0
	}
	// Two passes: the first only collects the equity questions (see plan),
	// so that the second can answer those of one street together.
	p := &plan{collect: true, questions: map[string][]uint16{}, boards: map[string]cards.List{}}
	if _, err := analyzeWith(ctx, h, opt, p); err != nil {
		return nil, err
	}
	p.collect = false
	return analyzeWith(ctx, h, opt, p)
}

// analyzeWith is one pass of AnalyzeWith over h, opt valid, its equity
// questions collected or answered as p says.
func analyzeWith(ctx context.Context, h *handhistory.Hand, opt Options, p *plan) (*Analysis, error) {
	cfg, err := Config(h)
	if err != nil {
		return nil, err
	}
	s, err := game.New(cfg)
	if err != nil {
		return nil, err
	}
	n := len(h.Players)
	z := &analyzer{
		ctx: ctx, h: h, opt: opt, s: s, n: n,
		known:  knownHoles(h),
		dead:   deadPosts(cfg),
		added:  cfg.Added,
		seed:   handSeed(h),
		cache:  map[cacheKey]*answer{},
		plan:   p,
		allInN: -1,
	}
	z.names = make([]string, n)
	for i := range n {
		z.names[i] = playerName(h, i)
	}
	a := &Analysis{EngineVersion: EngineVersion, Streets: []Street{}, Decisions: []Decision{}}
	z.roundStart = z.committed()
	if err := z.snapshot(&a.Streets, game.Preflop, s.Board(), z.live(), true); err != nil {
		return nil, err
	}
	if s.Phase() == game.Runout { // every player all-in on the forced bets
		z.markAllIn()
	}
	for i, act := range h.Actions {
		if i%checkEvery == checkEvery-1 && ctx.Err() != nil {
			return nil, z.stopped()
		}
		kind := act.Kind // an unknown one is the engine's error
		p := act.Player
		var d *Decision
		var owe int64
		betting := kind == game.Fold || kind == game.CheckCall || kind == game.Check || kind == game.Call || kind == game.BetRaise
		if betting && s.ToAct() == p && p >= 0 && p < n && z.known[p] != nil {
			l, _ := s.Legal()
			owe = l.Call
			d = &Decision{Index: i, Player: z.names[p], Street: s.Street().String(), Pot: s.Pot()}
			if !l.Check {
				tc := l.Call
				d.ToCall = &tc
				po := float64(tc) / float64(d.Pot+tc)
				d.PotOdds = &po
			}
			res, err := z.equity(s.Board(), z.live(), 0)
			if err != nil {
				return nil, err
			}
			k := z.indexIn(z.live(), p)
			d.Equity, d.Stderr, d.Mode, d.Table = res.Players[k].Equity, res.Players[k].Stderr, string(res.Mode), res.table
			if err := z.rangeEquity(d, i, p, s.Board(), z.live()); err != nil { // A10
				return nil, err
			}
		}
		before := s.Committed(max(p, 0) % n)
		street, boardLen, opened := s.Street(), len(s.Board()), z.opened()
		if err := s.Apply(game.Action{Player: p, Kind: kind, Amount: act.Amount, Cards: act.Cards, Run: act.Run}); err != nil {
			return nil, err
		}
		if d != nil {
			d.Action = actionName(kind, s.Committed(p)-before, owe, street, opened)
			d.BelowOdds = d.Action == "call" && d.PotOdds != nil && d.Equity < *d.PotOdds
			d.BelowOddsVsRange = d.Action == "call" && d.PotOdds != nil && d.RangeEquity != nil && *d.RangeEquity < *d.PotOdds
			a.Decisions = append(a.Decisions, *d)
		}
		if kind != game.DealBoard && z.allInN < 0 && s.Phase() == game.Runout {
			z.markAllIn()
		}
		if kind == game.DealBoard && z.allInN < 0 && len(s.Board()) > boardLen {
			// A street starts when its cards are dealt: one snapshot per
			// street the deal reaches (a deal of several streets at once
			// gives each its prefix of the board).
			z.roundStart = z.committed()
			for _, k := range []int{3, 4, 5} {
				if boardLen < k && len(s.Board()) >= k {
					if err := z.snapshot(&a.Streets, streetOfLen(k), s.Board()[:k], z.live(), false); err != nil {
						return nil, err
					}
				}
			}
		}
		if kind == game.DealBoard && z.allInN < 0 && s.Phase() == game.Runout {
			z.markAllIn()
		}
	}
	if ctx.Err() != nil {
		return nil, z.stopped()
	}
	var rake game.Rake
	if o := h.Outcome; o != nil {
		rake = game.Rake{PotsAfter: o.Pots, Total: o.Rake, TotalPot: o.TotalPot}
	}
	st, err := s.Settle(rake)
	if err != nil {
		return nil, err
	}
	if z.allInN >= 0 {
		if err := z.runoutStreets(a); err != nil {
			return nil, err
		}
	}
	qualifies := z.qualifies()
	if qualifies {
		if a.AllIn, err = z.allIn(st); err != nil {
			return nil, err
		}
	}
	a.Results = make([]PlayerResult, n)
	for i := range n {
		r := PlayerResult{Player: z.names[i], Invested: s.Committed(i), Returned: st.Returned[i], Won: st.Payouts[i]}
		r.Net = r.Won + r.Returned - r.Invested
		r.AdjustedNet = float64(r.Net)
		if qualifies {
			e := float64(r.Returned - r.Invested)
			for _, p := range a.AllIn.Pots {
				for _, sh := range p.Shares {
					if sh.Player == z.names[i] {
						e += sh.Expected
					}
				}
			}
			r.Expected = &e
			r.AdjustedNet = e
		}
		r.Luck = float64(r.Net) - r.AdjustedNet
		a.Results[i] = r
	}
	a.Freeroll = freerollers(a) // A9, lowstatus.go
	return a, nil
}

// cacheKey names one equity question of a hand: the board and the players
// not folded (the dead cards follow from them).
type cacheKey struct {
	board string
	live  uint16
}

// analyzer is the state of one Analyze call.
type analyzer struct {
	ctx   context.Context
	h     *handhistory.Hand
	opt   Options
	s     *game.State
	n     int
	names []string
	known []cards.List // hole cards known anywhere in the record, nil when not
	dead  []int64      // dead chips (antes, dead blinds) each player posted
	added int64        // money the site added to the pot, no player's (Hand.AddedToPot)
	seed  uint64
	cache map[cacheKey]*answer
	plan  *plan
	// ranges caches the A10 answers (rangeequity.go).
	ranges map[rangeKey]*rangeAnswer

	roundStart []int64 // committed at the start of the current round

	// The all-in point (A5): where the betting ended with the board
	// incomplete; allInN is the board's length then, -1 before.
	allInN         int
	allInStreet    game.Street
	allInBoard     cards.List
	allInCommitted []int64
	allInStack     []int64
	allInFolded    []bool
}

func (z *analyzer) stopped() error {
	return &fault.Error{Kind: fault.Canceled, Action: -1, Message: "analysis stopped: " + z.ctx.Err().Error(), Err: z.ctx.Err()}
}

// knownHoles returns each player's hole cards as the record knows them
// anywhere: given with the player, dealt face up, or shown (a folded
// player's shown cards too: they are out of the deck).
func knownHoles(h *handhistory.Hand) []cards.List {
	out := make([]cards.List, len(h.Players))
	for i, p := range h.Players {
		if len(p.Hole) == 4 {
			out[i] = p.Hole
		}
	}
	for _, a := range h.Actions {
		if (a.Kind == game.DealHole || a.Kind == game.Show) && len(a.Cards) == 4 && a.Player >= 0 && a.Player < len(out) && out[a.Player] == nil {
			out[a.Player] = a.Cards
		}
	}
	return out
}

// deadPosts returns the dead chips each player posted (antes and dead
// blinds), as game.New takes them: never more than the stack.
func deadPosts(cfg game.Config) []int64 {
	stack := append([]int64(nil), cfg.Stacks...)
	dead := make([]int64, len(stack))
	for _, p := range cfg.Posts {
		amt := min(p.Amount, stack[p.Player])
		stack[p.Player] -= amt
		if p.Kind == game.Ante || p.Kind == game.Dead {
			dead[p.Player] += amt
		}
	}
	return dead
}

// handSeed derives the Monte Carlo seed from the hand's natural key (the
// store's: "site:<site>:<id>", else "sha256:<hex>" of the hand's JSON).
func handSeed(h *handhistory.Hand) uint64 {
	var key []byte
	if h.Site != "" && h.SiteHandID != "" {
		key = []byte("site:" + h.Site + ":" + h.SiteHandID)
	} else {
		canonical, _ := json.Marshal(h) // a Hand always encodes
		sum := sha256.Sum256(canonical)
		key = fmt.Appendf(nil, "sha256:%x", sum)
	}
	sum := sha256.Sum256(key)
	return binary.BigEndian.Uint64(sum[:8])
}

func (z *analyzer) committed() []int64 {
	c := make([]int64, z.n)
	for i := range c {
		c[i] = z.s.Committed(i)
	}
	return c
}

// live returns the mask of the players not folded.
func (z *analyzer) live() uint16 {
	var m uint16
	for i := range z.n {
		if !z.s.Folded(i) {
			m |= 1 << i
		}
	}
	return m
}

// indexIn returns p's position among the players of mask.
func (z *analyzer) indexIn(mask uint16, p int) int {
	return bits.OnesCount16(mask & (1<<p - 1))
}

// uncalled returns the uncalled part of the biggest bet, as the
// settlement returns it (R12): the live chips of the biggest contributor
// above the second biggest.
func (z *analyzer) uncalled(c []int64) (int, int64) {
	big := 0
	for i := 1; i < z.n; i++ {
		if c[i]-z.dead[i] > c[big]-z.dead[big] {
			big = i
		}
	}
	var second int64
	for i := range z.n {
		if i != big {
			second = max(second, c[i]-z.dead[i])
		}
	}
	return big, max(c[big]-z.dead[big]-second, 0)
}

// pot is every chip committed and the money the site added, uncalled bets
// excluded unless forced (preflop, before anyone acted, the blinds are all
// in the pot).
func (z *analyzer) pot(c []int64, forced bool) int64 {
	t := z.added
	for _, x := range c {
		t += x
	}
	if forced {
		return t
	}
	_, back := z.uncalled(c)
	return t - back
}

// streetOfLen is the street a board of k cards starts.
func streetOfLen(k int) game.Street {
	switch k {
	case 3:
		return game.Flop
	case 4:
		return game.Turn
	case 5:
		return game.River
	}
	return game.Preflop
}

// snapshot appends the snapshot of street with board to out, for the
// players of mask at the state's current stacks (A2).
func (z *analyzer) snapshot(out *[]Street, street game.Street, board cards.List, mask uint16, forced bool) error {
	c := z.committed()
	stack := make([]int64, z.n)
	for i := range stack {
		stack[i] = z.s.Stack(i)
	}
	if z.allInN >= 0 {
		c, stack = z.allInCommitted, z.allInStack
	}
	return z.snapshotOf(out, street, board, mask, z.pot(c, forced), stack, 0)
}

func (z *analyzer) snapshotOf(out *[]Street, street game.Street, board cards.List, mask uint16, pot int64, stack []int64, run int) error {
	sn := Street{Street: street.String(), Board: board.String(), Pot: pot, Mode: "none", Players: []StreetPlayer{}}
	res, err := z.equity(board, mask, run)
	if err != nil {
		return err
	}
	if res != nil {
		sn.Mode, sn.Boards, sn.NoLow, sn.Seed, sn.Table = string(res.Mode), res.Boards, res.NoLow, res.Seed, res.table
	}
	k := 0
	for i := range z.n {
		if mask&(1<<i) == 0 {
			continue
		}
		p := StreetPlayer{Name: z.names[i], Stack: stack[i], AllIn: stack[i] == 0, Unknown: z.known[i] == nil}
		if z.known[i] != nil {
			p.Hand = z.known[i].String()
		}
		if res != nil {
			r := res.Players[k]
			p.Equity, p.HiWin, p.HiTie, p.LoWin, p.LoTie, p.Scoop, p.Stderr = &r.Equity, &r.HiWin, &r.HiTie, &r.LoWin, &r.LoTie, &r.Scoop, &r.Stderr
			p.Outcomes = r.Outcomes
		}
		k++
		sn.Players = append(sn.Players, p)
	}
	var er *equity.Result
	if res != nil {
		er = res.Result
	}
	z.lowStatuses(&sn, board, mask, er) // A9, lowstatus.go
	*out = append(*out, sn)
	return nil
}

// answer is an equity question's result, and whether it came from the
// preflop table.
type answer struct {
	*equity.Result
	table bool
}

// equity returns the equities of the players of mask on board (table
// order), the known hands of the others dead (A2, A3): exact when every
// one of them is known, Monte Carlo when some are not (the preflop table
// where it applies, see fromTable), nil when none is known. Results are
// cached per board and mask (run tells the runs' boards apart only
// through the board).
func (z *analyzer) equity(board cards.List, mask uint16, run int) (*answer, error) {
	key := cacheKey{board.String(), mask}
	if r, ok := z.cache[key]; ok {
		return r, nil
	}
	q := z.question(board, mask)
	if !q.anyKnown || len(q.hands) < 2 {
		z.cache[key] = nil
		return nil, nil
	}
	if z.plan.collect {
		return z.plan.record(z, key, board, len(q.hands)), nil
	}
	a, err := z.answer(key, run, q)
	if err != nil {
		if z.ctx.Err() != nil {
			return nil, z.stopped()
		}
		var fe *fault.Error
		if errors.As(err, &fe) {
			return nil, err
		}
		return nil, &fault.Error{Kind: fault.Internal, Action: -1, Message: "equity", Err: err}
	}
	return a, nil
}

// actionName names a betting action from the chips it put in against
// what the player owed; opened tells whether anyone had put chips in this
// round before it (preflop the blinds are the bet, R6).
func actionName(k game.ActionKind, put, owe int64, street game.Street, opened bool) string {
	switch {
	case k == game.Fold:
		return "fold"
	case put == 0:
		return "check"
	case put <= owe:
		return "call"
	case street != game.Preflop && !opened:
		return "bet"
	}
	return "raise"
}

// opened reports whether any player has put chips in this round.
func (z *analyzer) opened() bool {
	for i := range z.n {
		if z.s.Committed(i) > z.roundStart[i] {
			return true
		}
	}
	return false
}

// markAllIn records the all-in point: the betting over with the board
// incomplete.
func (z *analyzer) markAllIn() {
	z.allInN = len(z.s.Board())
	z.allInStreet = z.s.Street()
	z.allInBoard = append(cards.List(nil), z.s.Board()...)
	z.allInCommitted = z.committed()
	z.allInStack = make([]int64, z.n)
	z.allInFolded = make([]bool, z.n)
	for i := range z.n {
		z.allInStack[i] = z.s.Stack(i)
		z.allInFolded[i] = z.s.Folded(i)
	}
}

// runoutStreets adds the snapshots of the streets dealt after the all-in
// point: to Streets for a hand run once, per run otherwise.
func (z *analyzer) runoutStreets(a *Analysis) error {
	var mask uint16
	for i := range z.n {
		if !z.allInFolded[i] {
			mask |= 1 << i
		}
	}
	pot := z.pot(z.allInCommitted, false)
	boards := z.s.Boards()
	for j, b := range boards {
		out := &a.Streets
		if len(boards) > 1 {
			a.Runs = append(a.Runs, RunStreets{Run: j + 1, Board: b.String(), Streets: []Street{}})
			out = &a.Runs[j].Streets
		}
		for _, k := range []int{3, 4, 5} {
			if z.allInN < k && len(b) >= k {
				if err := z.snapshotOf(out, streetOfLen(k), b[:k], mask, pot, z.allInStack, j+1); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// qualifies reports whether the hand qualifies for all-in equity (A5):
// the betting ended before the river with two or more players not folded,
// the hole cards of every one of them known, and none of them mucked at
// the showdown (a mucked hand gives up every pot: the settlement's pots
// are then not those the all-in players contested).
func (z *analyzer) qualifies() bool {
	if z.allInN < 0 || z.allInN >= 5 {
		return false
	}
	for _, a := range z.h.Actions {
		if a.Kind == game.Muck && a.Player >= 0 && a.Player < z.n && !z.allInFolded[a.Player] {
			return false
		}
	}
	in := 0
	for i := range z.n {
		if z.allInFolded[i] {
			continue
		}
		if z.known[i] == nil {
			return false
		}
		in++
	}
	return in >= 2
}

// allIn values every pot at the all-in point (A5, A6): each pot of the
// settlement (R12: its amount and eligible players are the engine's, no
// chip moves after the all-in point), after its rake, shared by the
// equity of each eligible player among that pot's eligible players on the
// all-in board, every other known hand dead.
func (z *analyzer) allIn(st *game.Settlement) (*AllIn, error) {
	out := &AllIn{Street: z.allInStreet.String(), Board: z.allInBoard.String(), Pots: []AllInPot{}}
	for _, p := range st.Pots {
		var elig uint16
		for _, i := range p.Eligible {
			elig |= 1 << i
		}
		ap := AllInPot{Amount: p.Amount - p.Rake, Rake: p.Rake, Eligible: []string{}, Shares: []AllInShare{}}
		var res *answer
		if bits.OnesCount16(elig) >= 2 {
			var err error
			if res, err = z.equity(z.allInBoard, elig, 0); err != nil {
				return nil, err
			}
		}
		j := 0
		for i := range z.n {
			if elig&(1<<i) == 0 {
				continue
			}
			eq := 1.0
			if res != nil {
				eq = res.Players[j].Equity
			}
			j++
			ap.Eligible = append(ap.Eligible, z.names[i])
			ap.Shares = append(ap.Shares, AllInShare{Player: z.names[i], Equity: eq, Expected: eq * float64(ap.Amount)})
		}
		out.Pots = append(out.Pots, ap)
	}
	return out, nil
}
