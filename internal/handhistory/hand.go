package handhistory

import (
	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/game"
)

// Table is the table configuration a hand was played under. Money is in
// integer chip units (see ChipUnit).
type Table struct {
	Game eval.Game `json:"game"`
	// Structure is the betting structure (RULES.md, "Games and
	// structures"), in JSON "fixed-limit", "pot-limit" or "no-limit". Its
	// zero value is game.FixedLimit, not "unknown": a reader that has not
	// found the structure yet keeps that in a bool of its own.
	Structure game.Structure `json:"structure"`
	// SmallBet and BigBet are the fixed-limit bet sizes (BigBet defaults to
	// twice SmallBet). Zero in pot- and no-limit.
	SmallBet int64 `json:"small_bet,omitempty"`
	BigBet   int64 `json:"big_bet,omitempty"`
	// MinBet is the minimum bet in pot- and no-limit (normally the big blind);
	// zero means "the largest blind posted".
	MinBet int64 `json:"min_bet,omitempty"`
	// MaxBets is the number of bets allowed per fixed-limit round (a bet and
	// MaxBets-1 raises); zero means the default 4.
	MaxBets int `json:"max_bets,omitempty"`
	// UncappedHeadsUp lifts the fixed-limit cap when only two players remain.
	UncappedHeadsUp bool `json:"uncapped_heads_up,omitempty"`
	// AnteTrimming is the table's rule for a player who goes all-in
	// posting his ante (RULES.md R12), nil when the record does not say:
	// the rule book's default then applies, the cut (he may win at most
	// his ante's amount from each player). False is no such cut: he is
	// eligible for every ante and other dead chip, all in the main pot,
	// like any all-in player. True is the cut. Read from PHH's
	// ante_trimming_status, and written there when not nil.
	AnteTrimming *bool `json:"ante_trimming,omitempty"`
	// ChipUnit names the smallest chip in the site's currency, for display
	// only: amounts are always integers of it (e.g. 0.01 for cents).
	ChipUnit string `json:"chip_unit,omitempty"`
	// Currency is the site's currency code ("USD") for cash games; empty for
	// tournament chips.
	Currency string `json:"currency,omitempty"`
	// MaxSeats is the table's seat count when known (e.g. 6, 9).
	MaxSeats int `json:"max_seats,omitempty"`
}

// SetStakes sets t's bet sizes from the two amounts of a site's stakes
// ("$10/$20"), t.Structure already read: in fixed limit the small and the
// big bet, otherwise the second, the big blind, as the minimum bet (the
// blinds themselves are the hand's posts).
func (t *Table) SetStakes(first, second int64) {
	if t.Structure == game.FixedLimit {
		t.SmallBet, t.BigBet, t.MinBet = first, second, 0
		return
	}
	t.MinBet = second
}

// Player is one player dealt into the hand. Players are listed in table
// order (clockwise); see Hand.Button.
type Player struct {
	Name string `json:"name"`
	// Seat is the site's seat number when known (1-based), else 0.
	Seat  int   `json:"seat,omitempty"`
	Stack int64 `json:"stack"` // chips at the start of the hand
	// Hole holds the player's four hole cards when known, else is empty.
	Hole cards.List `json:"hole,omitempty"`
}

// Post is one forced bet, in the order posted (RULES.md R3, R4). Kind is
// game.Ante (dead money, not part of any bet), game.SmallBlind (live),
// game.BigBlind (live; also a big blind posted out of position),
// game.Straddle (live, a blind raise) or game.Dead (dead money, e.g. the
// small-blind part of "small & big blinds"); in JSON "ante",
// "small-blind", "big-blind", "straddle", "dead".
type Post struct {
	Player int           `json:"player"` // index into Hand.Players
	Kind   game.PostKind `json:"kind"`
	Amount int64         `json:"amount"`
}

// Action is one recorded action, in order. Player is an index into
// Hand.Players, or -1 for dealer actions (DealBoard).
//
// Kind is one of game's actions (in JSON its code, game.ActionKind.String).
// Bets and raises carry the amount the player's bet in this round is made
// UP TO (PHH "cbr" semantics, PokerStars "raises X to Y"):
//
//   - game.Fold ("fold")
//   - game.CheckCall ("check-call"): check when nothing is owed, else call
//     (all-in for less if short): PHH "cc", which does not say which
//   - game.Check ("check"): legal only when the player owes nothing
//   - game.Call ("call"): Amount is the chips put in (what is owed, or all
//     the player has when short); 0 when not recorded
//   - game.BetRaise ("bet-raise"): bet or raise to Amount
//   - game.Show ("show"): show Cards at showdown
//   - game.Muck ("muck"): give up at showdown without showing
//   - game.DealBoard ("deal-board"): the dealer deals Cards to the board
//   - game.DealHole ("deal-hole"): the dealer deals hole Cards to Player
//     (optional; cards may be unknown)
type Action struct {
	Player int             `json:"player"`
	Kind   game.ActionKind `json:"kind"`
	Amount int64           `json:"amount,omitempty"` // BetRaise: the round total bet to; Call: the chips put in (checked); CheckCall: the amount recorded by the site, if any (informational)
	Cards  cards.List      `json:"cards,omitempty"`  // Show, DealBoard, DealHole
	// Run is, for DealBoard in a hand run more than once (after an all-in,
	// the rest of the board dealt two or more times: PokerStars "run it
	// twice"), the run the cards belong to: 1 for the first run, 2 for the
	// second... Every card dealt after the betting is over belongs to a
	// run; the cards dealt before it are shared by all runs and have Run 0,
	// as has every card of a hand run once. (The rules engine also settles
	// a first run left at 0, as the runs start when the betting ends; Board
	// and Boards read Run 0 as shared.) Ignored by other kinds.
	Run int `json:"run,omitempty"`
}

// Outcome is what the record says the hand paid, where it says it. Slices
// are indexed like Hand.Players; a nil slice means "not recorded".
type Outcome struct {
	// FinishingStacks are the stacks after the hand (PHH finishing_stacks).
	FinishingStacks []int64 `json:"finishing_stacks,omitempty"`
	// Collected is what each player collected from the pots (PokerStars
	// "collected" lines), net of rake.
	Collected []int64 `json:"collected,omitempty"`
	// Returned is the uncalled bet the record says was returned to each
	// player (PokerStars "Uncalled bet ($X) returned to P"; zero when the
	// record returns nothing, e.g. a big blind walk whose excess the site
	// leaves in the pot). Compare Collected+Returned with the replay's
	// winnings plus its returned bets to be independent of that convention.
	Returned []int64 `json:"returned,omitempty"`
	// RunCollected is, for a hand run more than once, what each player
	// collected in each run's showdown (PokerStars "*** FIRST SHOW DOWN
	// ***", "*** SECOND SHOW DOWN ***"): one slice per run, first run
	// first, each indexed like Hand.Players; nil when run once. Collected
	// is the sum over the runs.
	RunCollected [][]int64 `json:"run_collected,omitempty"`
	// Rake is the total rake taken from the pots, when recorded.
	Rake int64 `json:"rake,omitempty"`
	// TotalPot is the site's total pot, rake included, when recorded.
	TotalPot int64 `json:"total_pot,omitempty"`
	// Pots are the site's pot amounts AFTER rake, main pot first, then side
	// pots in order, when recorded (PokerStars: "Main pot $2.35. Side pot-1
	// $0.88. ... | Rake $0.18"). The settlement takes each pot's rake as the
	// difference between the pot it builds and this amount.
	Pots []int64 `json:"pots,omitempty"`
}

// Hand is one recorded hand.
type Hand struct {
	// Site is where the hand was played ("pokerstars"), empty when unknown.
	Site string `json:"site,omitempty"`
	// SiteHandID is the site's hand number, the natural key with Site.
	SiteHandID string `json:"site_hand_id,omitempty"`
	// Format is the source format: "json", "phh" or "pokerstars".
	Format string `json:"format,omitempty"`
	// Tournament is true for tournament chips, false for cash.
	Tournament bool `json:"tournament,omitempty"`
	// Time is when the hand started, RFC 3339, when recorded.
	Time string `json:"time,omitempty"`
	// TableName is the site's table name, when recorded.
	TableName string `json:"table_name,omitempty"`

	Table   Table    `json:"table"`
	Players []Player `json:"players"`
	// Button is the index in Players of the player on the button. Play goes
	// clockwise: Players[Button+1] (mod len) is first left of the button.
	Button int `json:"button"`
	// Posts are the forced bets (antes, blinds, straddles, dead money) in
	// the order posted, before any dealing.
	Posts []Post `json:"posts,omitempty"`
	// AddedToPot is money the site added to the pot before the first
	// action, in chip units: no player's (GGPoker's "Cash Drop to Pot :
	// total $X", Run It Once's "STP added: €X"). It is dead money in the
	// main pot: counted in the pot for the pot-limit maximum (RULES.md R7,
	// all chips in all pots), settled with the main pot, which every player
	// still in may win (R12), and never returned to anyone. Zero when the
	// site added nothing; 0 to MaxChips. It is a field of the hand, not a
	// Post, because a post is a player's (Post.Player indexes Players) and
	// the site's money is no seat's.
	AddedToPot int64    `json:"added_to_pot,omitempty"`
	Actions    []Action `json:"actions"`
	// Outcome is the recorded result, nil when the record gives none.
	Outcome *Outcome `json:"outcome,omitempty"`
	// Notes say, in words, where the reader did not take the record as
	// written: what it mended (a board misprinted on the street lines, read
	// from the summary) or could not represent. The verdict repeats them;
	// empty when the record was read as written.
	Notes []string `json:"notes,omitempty"`
}

// Board returns the board cards dealt in the hand's actions, in order; for
// a hand run more than once, the first run's board (see Boards).
func (h *Hand) Board() cards.List {
	var b cards.List
	for _, a := range h.Actions {
		if a.Kind == game.DealBoard && a.Run <= 1 {
			b = append(b, a.Cards...)
		}
	}
	return b
}

// Runs returns how many times the hand was run: 1, or the highest
// Action.Run of its board deals.
func (h *Hand) Runs() int {
	n := 1
	for _, a := range h.Actions {
		if a.Kind == game.DealBoard && a.Run > n {
			n = a.Run
		}
	}
	return n
}

// Boards returns the board of each run, first run first: the shared cards
// (Run 0) and then the run's own. A hand run once has one board, Board's.
// A run with no cards of its own gets the shared cards only. In a
// malformed hand whose run numbers exceed the number of board deals (the
// rules engine rejects it), the boards stop there.
func (h *Hand) Boards() []cards.List {
	deals := 0
	for _, a := range h.Actions {
		if a.Kind == game.DealBoard {
			deals++
		}
	}
	out := make([]cards.List, min(h.Runs(), deals+1))
	for _, a := range h.Actions {
		switch {
		case a.Kind != game.DealBoard || a.Run > len(out):
		case a.Run <= 0:
			for j := range out {
				out[j] = append(out[j], a.Cards...)
			}
		default:
			out[a.Run-1] = append(out[a.Run-1], a.Cards...)
		}
	}
	return out
}
