// Package game is Scoop's rules engine for Omaha High and Omaha Hi/Lo
// (RULES.md R2-R20): a table configuration (Config), the hand as a
// deterministic state machine (State: forced bets, dealing, betting rounds,
// showdown), the legal actions of the player to act (Legal), and the
// settlement of the pots (Settle: side pots with eligibility, uncalled bets
// returned, rake, hi/lo halves, odd chips). A hand may be run more than
// once once the betting is over with the board incomplete (Action.Run):
// each pot after rake is then shared equally between the runs, the odd
// chip to the first run, and each run's part settled on its own board.
//
// The package is pure: it does no I/O, holds no global state and knows
// nothing of file formats. It imports only cards, eval and fault; it must
// never import handhistory, analysis, api or store (handhistory and
// analysis import it).
//
// Money is int64 chips of the table's smallest unit, every stack, post and
// bet size at most MaxChips (10^15) so that no sum overflows. Players are
// indexes in table order (clockwise); the button is one of them.
//
// A State is not safe for concurrent use; distinct States are independent.
package game
