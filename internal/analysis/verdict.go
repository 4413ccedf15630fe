// Package analysis replays recorded hands through the rules engine, settles
// them and compares the settlement with the record (Replay, Verdict). It
// imports game, handhistory, cards and fault; never api or store.
package analysis

import (
	"fmt"
	"sort"
	"strings"
)

// EngineVersion identifies the rules engine (and the replay and settlement
// around it) that made a verdict. It is raised whenever a change can alter
// a verdict or a settlement, so that stored verdicts made by an older
// engine can be found and replayed again. Version 1 is every verdict made
// before versions were recorded; version 2 follows the clarified RULES.md
// (R6, R9-R13, R20); version 3 its answers of issue 27 (R5 with no big
// blind, R6 chains of short all-ins, R10 the implied check, R12 dead-blind
// all-ins and pots won once the others eligible folded); version 4 the
// analyses of issue 23 and 26 (A8 outcomes in every snapshot, A10 ranges
// from the opponents' stored statistics in the analysis jobs too, A10's
// stopping rule of RangeStderrFactor); version 5 the flop's and the
// turn's Monte Carlo stratified by the board to come (equity's strata:
// the same estimates, other seeded numbers, fewer trials); version 6 the
// verdicts' readable texts in the site's money with their chips beside
// them (error.amount, error.allowed_chips) and the offending action's line
// in the file (error.line); version 7 A10 before the flop from the
// precomputed range table (package preflop: range_table, the entry's
// numbers) and the verdict's note of a record its own shown cards refute.
// From version 4 to 5 the verdicts are unchanged, but an analysis is
// stored with the version that made it, so that the sweeper makes every
// stored analysis again by the running engine, and `scoop reverify` makes
// version 6's texts of stored hands (and version 7's notes).
const EngineVersion = 7

// Verdict is the judgement of one recorded hand, in the JSON shape shared by
// `scoop replay --json` and the /v1/hands endpoints. Per-player slices are
// in the hand's player order.
type Verdict struct {
	File      string  `json:"file,omitempty"`
	Hand      int     `json:"hand"`              // 1-based index within the file
	ID        *string `json:"id"`                // the site's hand id, null when none
	Game      string  `json:"game"`              // omaha-hi | omaha-hilo
	Structure string  `json:"structure"`         // fixed-limit | pot-limit | no-limit
	Skipped   string  `json:"skipped,omitempty"` // why the hand was not replayed (other game, cancelled...)
	// Unreadable is true for a hand that could not be read (malformed
	// text): Legal is then false and Error says why, with Line; it tells
	// such a hand from an illegal one.
	Unreadable bool `json:"unreadable,omitempty"`
	// Line is the hand's 1-based line in its file, 0 when unknown: where
	// the hand starts, or for an unreadable hand where reading failed;
	// for an illegal hand the offending action's line once located in the
	// file's text (ingest.Locate: every caller that has the text).
	Line    int          `json:"line,omitempty"`
	Legal   bool         `json:"legal"`
	Error   *ActionError `json:"error"` // the first illegal action, null when legal
	Players []string     `json:"players"`
	Board   string       `json:"board,omitempty"` // the first run's when run more than once
	// Runs describe a hand run more than once (after an all-in the rest of
	// the board dealt two or more times), first run first; absent when the
	// hand was run once.
	Runs []Run `json:"runs,omitempty"`
	// ShowdownOrder names the players who reached the showdown in the
	// order they show (R13: the last river bettor or raiser first, else
	// the first left of the button; then clockwise); absent when every
	// player but one folded.
	ShowdownOrder []string `json:"showdown_order,omitempty"`
	// Showdown names each hand shown down (A7): the players of
	// ShowdownOrder whose cards are known and who did not muck, in that
	// order; absent when no hand was shown down.
	Showdown        []ShownHand `json:"showdown,omitempty"`
	Pots            []Pot       `json:"pots"`
	Payouts         []int64     `json:"payouts"` // what each player won from the pots
	FinishingStacks []int64     `json:"finishing_stacks"`
	// Returned are the uncalled bets given back to each player (R12).
	Returned []int64 `json:"returned,omitempty"`
	Rake     int64   `json:"rake"`
	// MatchesRecord is true when the record gives an outcome and ours equals
	// it, false when they differ, null when there is nothing to compare.
	MatchesRecord *bool        `json:"matches_record"`
	Differences   []Difference `json:"differences"`
	// Notes repeat the hand's reader notes (handhistory.Hand.Notes): where
	// the record was not taken as written, e.g. a misprinted board mended
	// from the summary; then where the replay finds the record
	// contradicting itself ("site inconsistency: every hand eligible for a
	// contested pot is shown, so the cards decide the pots, and the record
	// pays otherwise: ..."); absent when none.
	Notes []string `json:"notes,omitempty"`
}

// Pot is one settled pot. Hi and Lo map player names to the chips they won
// from that half (Lo is empty for high-only pots or when no low qualified);
// in a hand run more than once they are the sums over the runs.
type Pot struct {
	Amount   int64    `json:"amount"`
	Rake     int64    `json:"rake,omitempty"` // taken from Amount before the split (R19)
	Eligible []string `json:"eligible"`
	Hi       Shares   `json:"hi"`
	Lo       Shares   `json:"lo"`
	// HiHand and LoHand name what each half went for (A7) when it was
	// decided at a showdown of two or more shown hands: the winning
	// high ("two pair, kings and sevens") and low ("8-5-3-2-A"); LoHand
	// is "no low" for a hi/lo pot no low qualified for. Both are empty
	// for a pot nobody contested, and in a hand run more than once (the
	// runs' parts say it).
	HiHand string `json:"hi_hand,omitempty"`
	LoHand string `json:"lo_hand,omitempty"`
	// Runs are the pot's parts per run when the hand was run more than
	// once, first run first: the pot after rake shared equally, the odd
	// chip to the first run, each part split on its run's board.
	Runs []PotRun `json:"runs,omitempty"`
}

// Run is one run of a hand run more than once.
type Run struct {
	Board   string  `json:"board"`   // this run's five cards, the shared ones first
	Payouts []int64 `json:"payouts"` // what each player won on this run, in player order
}

// PotRun is one run's part of a pot.
type PotRun struct {
	Amount int64  `json:"amount"` // after rake
	Hi     Shares `json:"hi"`
	Lo     Shares `json:"lo"`
	// HiHand and LoHand name what each half went for on this run's
	// board, as Pot's.
	HiHand string `json:"hi_hand,omitempty"`
	LoHand string `json:"lo_hand,omitempty"`
}

// ActionError locates an illegal action. Its texts (Message, Allowed)
// are for people: amounts in the hand's money (package money: "€30.25",
// chips for a tournament); the same amounts in integer chips are Amount
// and AllowedChips.
type ActionError struct {
	Index  int    `json:"index"` // 0-based index into the hand's actions; -1 for a fault of the hand as a whole
	Player string `json:"player"`
	// Message says why, e.g. "action 14: p3 raise to €9.00 exceeds the
	// pot-limit maximum €8.00" (an unreadable hand's: the reader's).
	Message string `json:"message"`
	// Allowed is what the player could do instead, when the engine knows,
	// e.g. "fold, call €1.50 or raise to €3.00..€8.00".
	Allowed string `json:"allowed,omitempty"`
	// Amount is the illegal action's amount in chips as recorded (a bet
	// or raise: the round total; a call: the chips put in), 0 for none.
	Amount int64 `json:"amount,omitempty"`
	// AllowedChips is Allowed in chips, nil when Allowed is empty.
	AllowedChips *AllowedChips `json:"allowed_chips,omitempty"`
	// Line is the illegal action's line in the file, once located in its
	// text (ingest.Locate; then also the verdict's Line), 0 when not.
	Line int `json:"line,omitempty"`
}

// Reason is Message without the engine's "action N: " before it (N an
// index into the hand's actions, which people cannot find in a file):
// what a caller that names the action otherwise (by its line, by Index)
// shows.
func (e *ActionError) Reason() string {
	rest, ok := strings.CutPrefix(e.Message, "action ")
	if !ok {
		return e.Message
	}
	d := 0
	for d < len(rest) && rest[d] >= '0' && rest[d] <= '9' {
		d++
	}
	if r, ok := strings.CutPrefix(rest[d:], ": "); ok && d > 0 {
		return r
	}
	return e.Message
}

// Explained is Reason with what the player could do instead, when the
// engine knows: "raise to €30.25 is below the pot-limit minimum €37.32
// (allowed: fold, call €21.82 or raise to €37.32)", the sentence the
// API's problem detail and the CLI's readable verdict give.
func (e *ActionError) Explained() string {
	if e.Allowed == "" {
		return e.Reason()
	}
	return e.Reason() + " (allowed: " + e.Allowed + ")"
}

// AllowedChips is what a player could do, in chips (game.Legal): check,
// else call Call; when Raise, bet or raise to a round total from MinTo
// to MaxTo (in fixed-limit only the totals of To).
type AllowedChips struct {
	Check bool    `json:"check"`
	Call  int64   `json:"call"`
	Raise bool    `json:"raise"`
	MinTo int64   `json:"min_to,omitempty"`
	MaxTo int64   `json:"max_to,omitempty"`
	To    []int64 `json:"to,omitempty"`
}

// Difference is one disagreement between our settlement and the record.
type Difference struct {
	Player string `json:"player"`
	// Field is "finishing_stack", "collected", "returned" (the uncalled
	// bet given back), or, for the hand as a whole
	// (Player is then empty), "runs" (the number of runs), "rake" (the
	// total rake) or "total_pot" (every pot before rake, uncalled bets
	// excluded). "short_blind" is a PHH file that follows PokerKit's
	// reading of a blind posted short (R11; see ReplayContext): Player is
	// the blind, Recorded what the file makes the others call (what he
	// posted), Replayed what R11 makes them call (the full blind).
	Field string `json:"field"`
	// Run is the run (1, 2...) of a "collected" difference found in one run
	// of a hand run more than once; 0 for the whole hand.
	Run      int   `json:"run,omitempty"`
	Recorded int64 `json:"recorded"`
	Replayed int64 `json:"replayed"`
}

// Shares maps player names to the chips they won from one half of a pot.
type Shares map[string]int64

// String lists the shares sorted by name, e.g. "Ann 10, Bob 5".
func (m Shares) String() string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = fmt.Sprintf("%s %d", n, m[n])
	}
	return strings.Join(parts, ", ")
}
