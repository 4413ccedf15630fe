package game

import (
	"fmt"
	"slices"

	"github.com/scoophq/scoop/internal/cards"
)

// Street is a betting round.
type Street uint8

// The streets.
const (
	Preflop Street = iota
	Flop
	Turn
	River
)

// String names the street.
func (s Street) String() string {
	switch s {
	case Preflop:
		return "preflop"
	case Flop:
		return "flop"
	case Turn:
		return "turn"
	case River:
		return "river"
	}
	return fmt.Sprintf("street(%d)", uint8(s))
}

// ActionKind is the kind of an action fed to a State.
type ActionKind uint8

// The actions.
const (
	Fold      ActionKind = iota // give up the hand
	CheckCall                   // check when nothing is owed, else call (all-in for less when short)
	BetRaise                    // bet or raise the player's round total TO Amount
	Show                        // show Cards at showdown (empty Cards: shown but unknown)
	Muck                        // give up every pot at showdown without showing
	DealBoard                   // the dealer deals Cards to the board (Player ignored)
	DealHole                    // the dealer deals hole Cards to Player (empty Cards: unknown)
	Check                       // check: legal only when nothing is owed (R10)
	Call                        // call: legal only facing a bet; Amount, when not 0, must be what a call puts in (what is owed, or all the player has when short)
)

// actionCodes are the actions' codes, by kind: the text of the hand
// model's JSON (openapi.yaml's ActionKind) and of PHH's _scoop_actions.
var actionCodes = codes[ActionKind]{"action kind", []string{Fold: "fold", CheckCall: "check-call", BetRaise: "bet-raise", Show: "show", Muck: "muck",
	DealBoard: "deal-board", DealHole: "deal-hole", Check: "check", Call: "call"}}

// String returns the action's code: fold, check-call, check, call,
// bet-raise, show, muck, deal-board or deal-hole.
func (k ActionKind) String() string {
	if c, ok := actionCodes.code(k); ok {
		return c
	}
	return fmt.Sprintf("action(%d)", uint8(k))
}

// ParseActionKind reads an action's code (see String).
func ParseActionKind(s string) (ActionKind, error) { return actionCodes.parse(s) }

// MarshalText encodes the action's code; a value that is not one of the
// actions is an error.
func (k ActionKind) MarshalText() ([]byte, error) { return actionCodes.marshal(k) }

// UnmarshalText parses an action's code (see ParseActionKind).
func (k *ActionKind) UnmarshalText(b []byte) error {
	return actionCodes.unmarshal(k, b, ParseActionKind)
}

// Action is one action in a hand.
type Action struct {
	Player int
	Kind   ActionKind
	Amount int64      // BetRaise: the round total bet to; Call: the chips put in, 0 when not recorded
	Cards  cards.List // Show, DealBoard, DealHole
	// Run is, for DealBoard, the run the cards are dealt to when the hand
	// is run more than once (see State.Boards): 1 for the first run, 2 for
	// the second...; a run's cards may be dealt only once the betting is
	// over with the board incomplete. 0 deals to the board as usual (after
	// the betting is over, to the first run). Ignored by other kinds.
	Run int
}

// Phase is where the hand stands.
type Phase uint8

// The phases.
const (
	// Betting: a player is to act (see State.ToAct and State.Legal).
	Betting Phase = iota
	// Dealing: a betting round is over and more betting will follow; the
	// next board cards (3 for the flop, else 1) are awaited.
	Dealing
	// Runout: no more betting is possible (at most one player can still
	// bet) and the board is not complete; the remaining board cards, shows
	// and mucks are accepted.
	Runout
	// Showdown: the betting is over and the board is complete; shows and
	// mucks are accepted.
	Showdown
	// Over: every player but one has folded.
	Over
)

// String names the phase.
func (p Phase) String() string {
	switch p {
	case Betting:
		return "betting"
	case Dealing:
		return "dealing"
	case Runout:
		return "runout"
	case Showdown:
		return "showdown"
	case Over:
		return "over"
	}
	return fmt.Sprintf("phase(%d)", uint8(p))
}

// State is one hand in progress: a deterministic state machine fed one
// action at a time by Apply. The zero State is not usable; use New.
type State struct {
	cfg Config
	n   int

	stack     []int64 // chips behind
	committed []int64 // chips put in the pot this hand, everything included
	dead      []int64 // the part of committed that is dead (antes, dead blinds)
	deadAllIn []bool  // went all-in posting an ante or a dead blind, with no live chips in (R12)
	bet       []int64 // live bet in the current round
	folded    []bool
	foldedAt  []int // the index of the action in which he folded
	mucked    []bool
	shown     []bool
	acted     []bool  // has acted in this round
	canRaise  []bool  // may still raise in this round (R9)
	actedAt   []int64 // the current bet when he last acted in this round (R9, TDA)
	hole      []cards.List

	board cards.List // the board; the first run's when run more than once
	used  cards.CardSet
	// common is the number of board cards dealt when the betting closed
	// with the board incomplete (the cards every run shares), -1 before.
	common int
	// runs are the boards of the second and later runs, each the common
	// cards followed by the run's own.
	runs []cards.List

	street     Street
	phase      Phase
	toAct      int
	currentBet int64
	lastRaise  int64 // pot/no-limit: size of the last full bet or raise this round
	fullLevel  int64 // fixed-limit: the round total of the last full bet or raise
	bets       int   // fixed-limit: bets and full raises this round (the big blind counts)

	minBet, smallBet, bigBet int64
	maxBets                  int

	index         int // index of the next action
	aggressor     int // last player to bet or raise in the current round, -1
	riverAggessor int // last player to bet or raise on the river, -1
}

// New starts a hand: it validates cfg and applies the forced bets (R3, R4).
// The error is a *fault.Error of kind Invalid naming the bad field.
func New(cfg Config) (*State, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	n := len(cfg.Stacks)
	s := &State{cfg: cfg, n: n, aggressor: -1, riverAggessor: -1, common: -1}
	s.stack = append([]int64(nil), cfg.Stacks...)
	s.committed = make([]int64, n)
	s.dead = make([]int64, n)
	s.deadAllIn = make([]bool, n)
	s.bet = make([]int64, n)
	s.folded = make([]bool, n)
	s.foldedAt = make([]int, n)
	s.mucked = make([]bool, n)
	s.shown = make([]bool, n)
	s.acted = make([]bool, n)
	s.canRaise = make([]bool, n)
	s.actedAt = make([]int64, n)
	s.hole = make([]cards.List, n)
	for i := range s.canRaise {
		s.canRaise[i] = true
	}

	for p, h := range cfg.Holes {
		if p < n && len(h) > 0 {
			if err := s.setHole(-1, p, h); err != nil {
				return nil, err
			}
		}
	}

	// The big blind that defines the blind level and the first to act: the
	// first big-blind poster left of the button (R5); out-of-position big
	// blinds are live but do not move the action.
	regularBB, smallBlind, lastStraddle := -1, -1, -1
	var bigBlind, maxLive int64
	for k := 1; k <= n; k++ {
		p := (cfg.Button + k) % n
		for _, po := range cfg.Posts {
			if po.Player == p && po.Kind == BigBlind && regularBB < 0 {
				regularBB = p
			}
		}
	}
	for _, po := range cfg.Posts {
		amt := min(po.Amount, s.stack[po.Player])
		s.stack[po.Player] -= amt
		s.committed[po.Player] += amt
		switch po.Kind {
		case Ante, Dead:
			s.dead[po.Player] += amt
			if amt > 0 && s.stack[po.Player] == 0 && s.committed[po.Player] == s.dead[po.Player] {
				s.deadAllIn[po.Player] = true
			}
		default:
			s.bet[po.Player] += amt
			s.currentBet = max(s.currentBet, s.bet[po.Player])
			if cfg.PostedBlindIsBet {
				maxLive = max(maxLive, amt)
			} else {
				maxLive = max(maxLive, po.Amount)
			}
		}
		switch po.Kind {
		case SmallBlind:
			if smallBlind < 0 {
				smallBlind = po.Player
			}
		case BigBlind:
			bigBlind = max(bigBlind, po.Amount)
		case Straddle:
			lastStraddle = po.Player
		}
	}
	s.minBet = cfg.MinBet
	if s.minBet == 0 {
		s.minBet = bigBlind
		if s.minBet == 0 {
			s.minBet = maxLive
		}
		if s.minBet == 0 {
			s.minBet = 1
		}
	}
	s.smallBet = cfg.SmallBet
	if s.smallBet == 0 {
		s.smallBet = max(bigBlind, 1)
	}
	s.bigBet = cfg.BigBet
	if s.bigBet == 0 {
		s.bigBet = 2 * s.smallBet
	}
	s.maxBets = cfg.MaxBets
	if s.maxBets == 0 {
		s.maxBets = 4
	}

	// Preflop, the blinds are the bet (R6: the big blind counts as the
	// bet). A blind all-in for less than its amount still sets the bet to
	// its full amount: the others call the full blind.
	s.currentBet = max(s.currentBet, maxLive)
	s.fullLevel = s.currentBet
	s.lastRaise = max(s.minBet, s.currentBet)
	if s.currentBet > 0 {
		s.bets = 1
		for _, po := range cfg.Posts {
			if po.Kind == Straddle && po.Amount > 0 {
				s.bets++
			}
		}
	}

	// The first to act (R5): left of the last straddle, else of the big
	// blind; with no big blind, left of the small blind (who then acts
	// last); with no blind, left of the button.
	from := cfg.Button
	switch {
	case lastStraddle >= 0:
		from = lastStraddle
	case regularBB >= 0:
		from = regularBB
	case smallBlind >= 0:
		from = smallBlind
	}
	s.street = Preflop
	s.phase = Betting
	if next := s.nextToAct(from); next >= 0 {
		s.toAct = next
	} else {
		s.endRound()
	}
	return s, nil
}

// Phase returns where the hand stands.
func (s *State) Phase() Phase { return s.phase }

// Street returns the current betting round.
func (s *State) Street() Street { return s.street }

// ToAct returns the player to act, or -1 when the phase is not Betting.
func (s *State) ToAct() int {
	if s.phase != Betting {
		return -1
	}
	return s.toAct
}

// Board returns the board dealt so far (the caller must not modify it).
func (s *State) Board() cards.List { return s.board }

// Stack returns player p's chips behind.
func (s *State) Stack(p int) int64 { return s.stack[p] }

// Committed returns the chips player p has put in the pot this hand.
func (s *State) Committed(p int) int64 { return s.committed[p] }

// Folded reports whether player p has folded.
func (s *State) Folded(p int) bool { return s.folded[p] }

// Pot returns every chip in the pot, the current round's bets and the
// money the site added (Config.Added) included.
func (s *State) Pot() int64 {
	t := s.cfg.Added
	for _, c := range s.committed {
		t += c
	}
	return t
}

// Index returns the index the next applied action will have.
func (s *State) Index() int { return s.index }

// Done reports whether the hand needs no more actions to be settled: every
// player but one folded, or the betting is over with the board complete.
func (s *State) Done() bool { return s.phase == Over || s.phase == Showdown }

// Legal describes what the player to act may do (R6-R10).
type Legal struct {
	Player int
	// Check is true when the player owes nothing; else Call is what a call
	// puts in (all he has when he is short).
	Check bool
	Call  int64
	// Raise is true when a bet or raise is allowed; MinTo and MaxTo bound
	// the round total it may be made to. A total below MinTo is allowed
	// only as the player's all-in.
	Raise        bool
	MinTo, MaxTo int64
	// To lists, in fixed-limit, the only round totals a bet or raise may be
	// made to, ascending (R6): one increment over the current bet, and
	// after an all-in for less than a full raise also one increment over
	// the completed bet, each capped at the player's all-in. A total not
	// listed is allowed only as the player's all-in below MinTo. Nil in pot-
	// and no-limit, where every total from MinTo to MaxTo is allowed.
	To []int64
	// Why is set when Raise is false although the player has chips left:
	// "the betting is capped at 4 bets", ...
	Why string
}

// Legal returns the legal actions of the player to act; ok is false when
// no player is to act.
func (s *State) Legal() (l Legal, ok bool) {
	if s.phase != Betting {
		return Legal{}, false
	}
	p := s.toAct
	l.Player = p
	owe := s.currentBet - s.bet[p]
	if owe <= 0 {
		l.Check = true
	} else {
		l.Call = min(owe, s.stack[p])
	}
	allIn := s.bet[p] + s.stack[p]
	switch {
	case s.stack[p] <= max(owe, 0):
		return l, true // all he has is a call
	case !s.canRaise[p] && !s.shortRaisesAddUp(p):
		l.Why = fmt.Sprintf("the betting was not reopened to %s (R9)", s.cfg.name(p))
		return l, true
	case !s.othersCanBet(p):
		l.Why = "no other player can call a raise (R9)"
		return l, true
	case s.cfg.Structure == FixedLimit && s.capped():
		l.Why = fmt.Sprintf("the betting is capped at %d bets", s.maxBets)
		return l, true
	}
	l.Raise = true
	switch s.cfg.Structure {
	case FixedLimit:
		// One increment over the bet; after an all-in for less than a full
		// raise (R6) either over the all-in or over the completed bet.
		inc := s.increment()
		l.MinTo = min(s.fullLevel, s.currentBet) + inc
		l.MaxTo = max(s.fullLevel, s.currentBet) + inc
		l.To = []int64{min(l.MinTo, allIn)}
		if hi := min(l.MaxTo, allIn); hi != l.To[0] {
			l.To = append(l.To, hi)
		}
	case PotLimit:
		l.MinTo = s.currentBet + s.lastRaise
		// The minimum bet is allowed even when the pot is smaller (a
		// hand with no forced bets).
		l.MaxTo = max(s.currentBet+s.Pot()+max(owe, 0), l.MinTo)
	default:
		l.MinTo = s.currentBet + s.lastRaise
		l.MaxTo = allIn
	}
	if l.MaxTo > allIn {
		l.MaxTo = allIn
	}
	if l.MinTo > l.MaxTo {
		l.MinTo = l.MaxTo
	}
	return l, true
}

// String describes the legal actions, e.g. "fold, call 150 or raise to
// 450..800", or in fixed-limit after a short all-in "fold, call 6 or raise
// to 26 or 30".
func (l Legal) String() string {
	s := "fold, "
	if l.Check {
		s += "check"
	} else {
		s += fmt.Sprintf("call %d", l.Call)
	}
	if l.Raise {
		verb := "raise"
		if l.Check && l.Call == 0 {
			verb = "bet"
		}
		switch {
		case len(l.To) == 2:
			s += fmt.Sprintf(" or %s to %d or %d", verb, l.To[0], l.To[1])
		case l.MinTo == l.MaxTo:
			s += fmt.Sprintf(" or %s to %d", verb, l.MinTo)
		default:
			s += fmt.Sprintf(" or %s to %d..%d", verb, l.MinTo, l.MaxTo)
		}
	}
	return s
}

// increment is the fixed-limit bet size of the current street (R6).
func (s *State) increment() int64 {
	if s.street >= Turn {
		return s.bigBet
	}
	return s.smallBet
}

// shortRaisesAddUp reports whether, in pot- or no-limit, the bet has risen
// since player p last acted by at least a full raise (the last full bet or
// raise of the round): several all-in raises, each short of a full raise,
// that together add up to one reopen the betting to him (R9, TDA rule). In
// fixed-limit the levels of R6 decide (see raise).
func (s *State) shortRaisesAddUp(p int) bool {
	return s.cfg.Structure != FixedLimit && s.acted[p] && s.currentBet-s.actedAt[p] >= s.lastRaise
}

// capped reports whether the fixed-limit round allows no more raises (R6).
func (s *State) capped() bool {
	if s.bets < s.maxBets {
		return false
	}
	if s.cfg.UncappedHeadsUp && s.live() == 2 {
		return false
	}
	return true
}

// live counts the players who have not folded.
func (s *State) live() int {
	k := 0
	for _, f := range s.folded {
		if !f {
			k++
		}
	}
	return k
}

// othersCanBet reports whether a player other than p is in the hand with
// chips behind.
func (s *State) othersCanBet(p int) bool {
	for i := 0; i < s.n; i++ {
		if i != p && !s.folded[i] && s.stack[i] > 0 {
			return true
		}
	}
	return false
}

// needsToAct reports whether player i must still act in this round (R10):
// he is in the hand with chips behind and owes chips or has not acted in
// it. Posting a blind is not acting: a big blind (or straddle) facing only
// calls keeps his option even when every other player left is all-in (he
// may then only check or fold, R9), and so does any player who has not
// acted in the round.
func (s *State) needsToAct(i int) bool {
	if s.folded[i] || s.stack[i] == 0 {
		return false
	}
	return s.bet[i] < s.currentBet || !s.acted[i]
}

// nextToAct returns the first player after from (clockwise, from itself
// last) who must act, or -1.
func (s *State) nextToAct(from int) int {
	for k := 1; k <= s.n; k++ {
		i := (from + k) % s.n
		if s.needsToAct(i) {
			return i
		}
	}
	return -1
}

// afterAction moves the turn on after player p acted.
func (s *State) afterAction(p int) {
	if s.live() == 1 {
		s.phase = Over
		return
	}
	if next := s.nextToAct(p); next >= 0 {
		s.toAct = next
		return
	}
	s.endRound()
}

// endRound closes a betting round and decides what comes next.
func (s *State) endRound() {
	if s.live() == 1 {
		s.phase = Over
		return
	}
	if s.street == River {
		s.riverAggessor = s.aggressor
	}
	for i := range s.bet {
		s.bet[i] = 0
		s.acted[i] = false
		s.canRaise[i] = true
	}
	s.currentBet, s.fullLevel, s.bets = 0, 0, 0
	s.lastRaise = s.minBet
	s.aggressor = -1
	canBet := 0
	for i := 0; i < s.n; i++ {
		if !s.folded[i] && s.stack[i] > 0 {
			canBet++
		}
	}
	switch {
	case canBet >= 2 && s.street < River:
		s.phase = Dealing
	case len(s.board) >= 5 || s.street == River:
		s.phase = Showdown
	default:
		s.phase = Runout
		s.common = len(s.board)
	}
}

// startRound starts the betting round of the street just dealt (R5: first
// active player left of the button).
func (s *State) startRound() {
	s.phase = Betting
	if next := s.nextToAct(s.cfg.Button); next >= 0 {
		s.toAct = next
		return
	}
	s.endRound()
}

// Apply applies the next action of the hand. An action the rules forbid is
// rejected with an *IllegalActionError; an impossible deal (a duplicate
// card, a wrong number of cards, an unknown player) with a *fault.Error of
// kind Impossible whose Action is the action's index. The state is left
// unchanged by a rejected action, and the index advances only on success.
// A deal, or a show or muck by a player still in, that comes while the one
// player who could bet is to act and may only check implies his check
// (R10: a record may leave it out); the implied check takes no index.
func (s *State) Apply(a Action) error {
	i := s.index
	if a.Kind != DealBoard && (a.Player < 0 || a.Player >= s.n) {
		return impossible(i, "player %d is not one of the %d players", a.Player+1, s.n)
	}
	if s.impliesCheck(a) {
		// R10: the record left out the check of the one player who could
		// bet and could only check. Check on a copy, so that the state is
		// unchanged if the action is rejected all the same.
		c := s.clone()
		p := c.toAct
		c.acted[p], c.canRaise[p], c.actedAt[p] = true, false, c.currentBet
		c.afterAction(p)
		if err := c.Apply(a); err != nil {
			return err
		}
		*s = *c
		return nil
	}
	var err error
	switch a.Kind {
	case Fold, CheckCall, Check, Call, BetRaise:
		err = s.bettingAction(i, a)
	case Show:
		err = s.show(i, a)
	case Muck:
		err = s.muck(i, a)
	case DealBoard:
		err = s.dealBoard(i, a.Cards, a.Run)
	case DealHole:
		err = s.dealHole(i, a.Player, a.Cards)
	default:
		err = impossible(i, "unknown action kind %d", a.Kind)
	}
	if err == nil {
		s.index++
	}
	return err
}

// impliesCheck reports whether a, a deal or a show or muck by a player
// still in, comes while the one player who could bet is to act and may
// only check (R10: nobody left could answer a raise, R9), so that it
// implies his check.
func (s *State) impliesCheck(a Action) bool {
	if s.phase != Betting {
		return false
	}
	switch a.Kind {
	case DealBoard:
	case Show, Muck:
		if s.folded[a.Player] {
			return false
		}
	default:
		return false
	}
	l, _ := s.Legal()
	return l.Check && !l.Raise && !s.othersCanBet(l.Player)
}

// clone returns a deep copy of s.
func (s *State) clone() *State {
	c := *s
	c.stack, c.committed, c.dead = slices.Clone(s.stack), slices.Clone(s.committed), slices.Clone(s.dead)
	c.deadAllIn, c.bet = slices.Clone(s.deadAllIn), slices.Clone(s.bet)
	c.folded, c.foldedAt = slices.Clone(s.folded), slices.Clone(s.foldedAt)
	c.mucked, c.shown = slices.Clone(s.mucked), slices.Clone(s.shown)
	c.acted, c.canRaise, c.actedAt = slices.Clone(s.acted), slices.Clone(s.canRaise), slices.Clone(s.actedAt)
	c.hole = slices.Clone(s.hole)
	c.board = slices.Clone(s.board)
	c.runs = slices.Clone(s.runs)
	for k := range c.runs {
		c.runs[k] = slices.Clone(c.runs[k])
	}
	return &c
}

func (s *State) illegal(i, p int, tried, reason string) *IllegalActionError {
	e := &IllegalActionError{Index: i, Player: p, Name: s.cfg.name(p), Tried: tried, Reason: reason}
	if l, ok := s.Legal(); ok && l.Player == p {
		e.Allowed, e.Legal = l.String(), &l
	}
	return e
}

func describe(a Action, currentBet int64) string {
	switch a.Kind {
	case Fold:
		return "folds"
	case CheckCall:
		return "checks or calls"
	case Check:
		return "checks"
	case Call:
		if a.Amount > 0 {
			return fmt.Sprintf("calls %d", a.Amount)
		}
		return "calls"
	case BetRaise:
		if currentBet == 0 {
			return fmt.Sprintf("bet to %d", a.Amount)
		}
		return fmt.Sprintf("raise to %d", a.Amount)
	case Show:
		return "shows"
	case Muck:
		return "mucks"
	}
	return "acts"
}

func (s *State) bettingAction(i int, a Action) error {
	p := a.Player
	tried := describe(a, s.currentBet)
	switch s.phase {
	case Dealing:
		next := "flop"
		if len(s.board) >= 3 {
			next = (s.street + 1).String()
		}
		return s.illegal(i, p, tried, fmt.Sprintf("before the %s is dealt", next))
	case Runout, Showdown, Over:
		return s.illegal(i, p, tried, "after the betting is over")
	}
	if p != s.toAct {
		if s.folded[p] {
			return s.illegal(i, p, tried, "after folding")
		}
		return s.illegal(i, p, tried, fmt.Sprintf("out of turn: %s is to act", s.cfg.name(s.toAct)))
	}
	l, _ := s.Legal()
	switch a.Kind {
	case Fold:
		s.folded[p] = true
		s.foldedAt[p] = i
	case CheckCall:
		s.put(p, l.Call)
	case Check:
		if !l.Check {
			return s.illegal(i, p, tried, fmt.Sprintf("facing a bet: %s owes %d (R10)", s.cfg.name(p), l.Call))
		}
	case Call:
		switch {
		case l.Check:
			return s.illegal(i, p, tried, fmt.Sprintf("with nothing to call: %s owes nothing (R10)", s.cfg.name(p)))
		case a.Amount != 0 && a.Amount != l.Call:
			return s.illegal(i, p, tried, fmt.Sprintf("is not the call: %s owes %d", s.cfg.name(p), l.Call))
		}
		s.put(p, l.Call)
	case BetRaise:
		allIn := s.bet[p] + s.stack[p]
		to := a.Amount
		if to <= s.currentBet && to == allIn {
			s.put(p, l.Call) // an all-in call recorded as a raise
			break
		}
		if !l.Raise {
			why := l.Why
			if why == "" {
				why = fmt.Sprintf("%s can only call all-in", s.cfg.name(p))
			}
			return s.illegal(i, p, tried, "is not allowed: "+why)
		}
		verb := "raise"
		if s.currentBet == 0 {
			verb = "bet"
		}
		switch {
		case to <= s.currentBet:
			return s.illegal(i, p, tried, fmt.Sprintf("is not above the current bet %d", s.currentBet))
		case to > allIn:
			return s.illegal(i, p, tried, fmt.Sprintf("exceeds the stack: all-in is a %s to %d", verb, allIn))
		case s.cfg.Structure == FixedLimit && !slices.Contains(l.To, to) && (to != allIn || to > l.MinTo):
			if len(l.To) == 2 {
				return s.illegal(i, p, tried, fmt.Sprintf("is not a fixed-limit %s to %d or %d (R6)", verb, l.To[0], l.To[1]))
			}
			return s.illegal(i, p, tried, fmt.Sprintf("is not the fixed-limit %s to %d (R6)", verb, l.MinTo))
		case to > l.MaxTo:
			return s.illegal(i, p, tried, fmt.Sprintf("exceeds the %s maximum %d", s.cfg.Structure, l.MaxTo))
		case to < l.MinTo && to != allIn:
			return s.illegal(i, p, tried, fmt.Sprintf("is below the %s minimum %d", s.cfg.Structure, l.MinTo))
		}
		s.raise(p, to)
	}
	s.acted[p] = true
	s.canRaise[p] = false
	s.actedAt[p] = s.currentBet
	s.afterAction(p)
	return nil
}

// put moves amt chips from p's stack into his bet.
func (s *State) put(p int, amt int64) {
	amt = min(amt, s.stack[p])
	s.stack[p] -= amt
	s.bet[p] += amt
	s.committed[p] += amt
}

// raise makes p's round total to (already checked legal).
func (s *State) raise(p int, to int64) {
	inc := to - s.currentBet
	full := false
	switch s.cfg.Structure {
	case FixedLimit:
		// R6: a full bet or raise (one increment over the bet or over the
		// level), or an all-in short of one that is at least half an
		// increment over the level the betting counts as, which then
		// counts as the next level. A chain of short all-ins is measured
		// against that level, not against the all-in before it: over a
		// level of 10 (bets of 5) all-ins of 11 and 13 count as 10 and 15.
		step := s.increment()
		switch {
		case to >= min(s.fullLevel, s.currentBet)+step:
			full = true
			s.fullLevel = to
		case 2*(to-s.fullLevel) >= step:
			full = true
			s.fullLevel += step
		}
		if full {
			s.bets++
		}
	default:
		// R7-R9: a full raise is at least the last bet or raise.
		if s.currentBet == 0 {
			full = to >= s.minBet
		} else {
			full = inc >= s.lastRaise
		}
		if full {
			s.lastRaise = max(inc, s.minBet)
		}
	}
	s.put(p, to-s.bet[p])
	s.currentBet = to
	s.aggressor = p
	if full {
		for j := range s.canRaise {
			if j != p {
				s.canRaise[j] = true
			}
		}
	}
}

func (s *State) dealBoard(i int, cs cards.List, run int) error {
	if len(cs) == 0 {
		return impossible(i, "a board deal with no cards")
	}
	if run != 0 {
		if err := s.checkRun(i, cs, run); err != nil {
			return err
		}
		if run >= 2 {
			return s.dealRun(i, cs, run)
		}
	}
	switch s.phase {
	case Betting:
		return impossible(i, "board %s dealt while %s is to act", cs, s.cfg.name(s.toAct))
	case Dealing:
		want := 1
		if len(s.board) == 0 {
			want = 3
		}
		if len(cs) != want {
			return impossible(i, "the %s is %d cards, not %d (%s)", s.street+1, want, len(cs), cs)
		}
	case Over:
		return impossible(i, "board %s dealt after every other player folded", cs)
	}
	if len(s.board)+len(cs) > 5 {
		what := "the board"
		if len(s.runs) > 0 {
			what = "run 1's board"
		}
		return impossible(i, "board %s would make %d board cards; %s has 5", cs, len(s.board)+len(cs), what)
	}
	used, err := s.fresh(i, cs)
	if err != nil {
		return err
	}
	s.used = used
	s.board = append(s.board, cs...)
	if s.phase == Dealing {
		s.street++
		if len(s.board) == 3 {
			s.street = Flop
		}
		s.startRound()
		return nil
	}
	for s.street < River && streetOf(len(s.board)) > s.street {
		s.street++
	}
	s.runoutPhase()
	return nil
}

// checkRun checks that cards may be dealt to run number run (>= 1): the
// betting is over with the board incomplete, and the runs before it have
// started.
func (s *State) checkRun(i int, cs cards.List, run int) error {
	switch {
	case run < 0:
		return impossible(i, "board %s dealt to run %d; runs are numbered from 1", cs, run)
	case s.phase == Betting || s.phase == Dealing:
		return impossible(i, "board %s dealt to run %d before the betting is over: a hand is run more than once only when no more betting is possible", cs, run)
	case s.phase == Over:
		return impossible(i, "board %s dealt to run %d after every other player folded", cs, run)
	case s.common < 0:
		return impossible(i, "board %s dealt to run %d, but the board was complete when the betting ended: there is nothing to run again", cs, run)
	case run > len(s.runs)+2:
		return impossible(i, "board %s dealt to run %d before run %d", cs, run, len(s.runs)+2)
	}
	return nil
}

// dealRun deals cs to run number run >= 2 (already checked by checkRun).
// Every run is dealt from the one deck: a card cannot appear in two runs.
func (s *State) dealRun(i int, cs cards.List, run int) error {
	var b cards.List
	if run-2 < len(s.runs) {
		b = s.runs[run-2]
	} else {
		b = s.board[:s.common:s.common]
	}
	if len(b)+len(cs) > 5 {
		return impossible(i, "board %s would make %d board cards; run %d's board has 5", cs, len(b)+len(cs), run)
	}
	used, err := s.fresh(i, cs)
	if err != nil {
		return err
	}
	s.used = used
	b = append(b, cs...)
	if run-2 < len(s.runs) {
		s.runs[run-2] = b
	} else {
		s.runs = append(s.runs, b)
	}
	s.runoutPhase()
	return nil
}

// fresh returns the cards in use with cs added; cs must be valid cards not
// yet seen.
func (s *State) fresh(i int, cs cards.List) (cards.CardSet, error) {
	used := s.used
	for _, c := range cs {
		if !c.Valid() {
			return used, impossible(i, "invalid card value %d", uint8(c))
		}
		if used.Has(c) {
			return used, impossible(i, "duplicate card %s on the board", c)
		}
		used = used.Add(c)
	}
	return used, nil
}

// runoutPhase sets the phase once the betting is over: Showdown when every
// run's board is complete, else Runout.
func (s *State) runoutPhase() {
	s.phase = Showdown
	if len(s.board) < 5 {
		s.phase = Runout
	}
	for _, b := range s.runs {
		if len(b) < 5 {
			s.phase = Runout
		}
	}
}

// Runs returns the number of times the hand is run: 1, or more once cards
// have been dealt to a second run.
func (s *State) Runs() int { return 1 + len(s.runs) }

// Boards returns the board of each run, first run first: one board (the
// same as Board) unless the hand is run more than once. The caller must not
// modify them.
func (s *State) Boards() []cards.List {
	out := make([]cards.List, 0, 1+len(s.runs))
	return append(append(out, s.board), s.runs...)
}

// streetOf returns the street a board of k cards belongs to.
func streetOf(k int) Street {
	switch {
	case k >= 5:
		return River
	case k == 4:
		return Turn
	case k >= 3:
		return Flop
	}
	return Preflop
}

// setHole records player p's hole cards, checking them against every card
// already known.
func (s *State) setHole(i, p int, cs cards.List) error {
	if len(cs) == 0 {
		return nil
	}
	if len(cs) != 4 {
		return impossible(i, "%s has %d hole cards (%s); Omaha deals 4", s.cfg.name(p), len(cs), cs)
	}
	if s.hole[p] != nil {
		if sameCards(s.hole[p], cs) {
			return nil
		}
		return impossible(i, "%s shows %s but was dealt %s", s.cfg.name(p), cs, s.hole[p])
	}
	used := s.used
	for _, c := range cs {
		if !c.Valid() {
			return impossible(i, "invalid card value %d", uint8(c))
		}
		if used.Has(c) {
			return impossible(i, "duplicate card %s in %s's hole cards", c, s.cfg.name(p))
		}
		used = used.Add(c)
	}
	s.used = used
	s.hole[p] = append(cards.List(nil), cs...)
	return nil
}

func sameCards(a, b cards.List) bool {
	if len(a) != len(b) {
		return false
	}
	var x, y cards.CardSet
	for k := range a {
		x = x.Add(a[k])
		y = y.Add(b[k])
	}
	return x == y
}

func (s *State) dealHole(i, p int, cs cards.List) error {
	return s.setHole(i, p, cs)
}

// show records player p's shown cards. A player still in shows once the
// betting is over. Cards shown by a player who folded are dead and change
// nothing (R13): such a show is accepted whenever it comes, as sites
// record it (often at once, while the others still bet), and is only
// checked against the cards already seen (R1).
//
// The showdown order of R13 (the last river bettor first, else the first
// left of the button) is reported (ShowdownOrder), never enforced: sites
// do not always follow it (all-in hands are turned up together, a player
// shows or mucks before his turn, histories list the shows in another
// order), and the order cannot change who wins a pot, so the record's
// order of shows and mucks is taken as given.
func (s *State) show(i int, a Action) error {
	p := a.Player
	if !s.folded[p] && (s.phase == Betting || s.phase == Dealing) {
		return s.illegal(i, p, "shows", "before the betting is over")
	}
	if err := s.setHole(i, p, a.Cards); err != nil {
		return err
	}
	if !s.folded[p] {
		s.shown[p] = true
		s.mucked[p] = false
	}
	return nil
}

// muck gives up every pot for player p at the showdown (R13); a folded
// player's muck is accepted whenever it comes and changes nothing.
func (s *State) muck(i int, a Action) error {
	p := a.Player
	if s.folded[p] {
		return nil
	}
	if s.phase == Betting || s.phase == Dealing {
		return s.illegal(i, p, "mucks", "before the betting is over")
	}
	if s.phase != Over {
		s.mucked[p] = true
		s.shown[p] = false
	}
	return nil
}

// ShowdownOrder returns the players still in the hand in the order they
// show down (R13): the last player to bet or raise on the river first, else
// the first active player left of the button; then clockwise. It is
// meaningful once the betting is over (Runout or Showdown).
func (s *State) ShowdownOrder() []int {
	start := s.riverAggessor
	if start < 0 {
		start = (s.cfg.Button + 1) % s.n
	}
	var out []int
	for k := 0; k < s.n; k++ {
		p := (start + k) % s.n
		if !s.folded[p] {
			out = append(out, p)
		}
	}
	return out
}

// Err returns nil when the hand is complete (Done), else a *fault.Error of
// kind Impossible saying what is missing; a fault of the hand as a whole,
// so its Action is -1.
func (s *State) Err() error {
	switch s.phase {
	case Betting:
		return impossible(-1, "the hand ends after %d actions while %s is to act", s.index, s.cfg.name(s.toAct))
	case Dealing:
		return impossible(-1, "the hand ends after %d actions, before the %s", s.index, s.street+1)
	case Runout:
		return impossible(-1, "the hand ends after %d actions with %d board cards", s.index, len(s.board))
	}
	return nil
}
