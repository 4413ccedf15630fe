// Package fulltilt reads Full Tilt text hand histories: Reader, registered by
// package sites.
//
// Full Tilt Poker text hand histories.
//
// A file holds hands each starting with a header line "Full Tilt Poker
// Game #<id>: Table <name> (6 max, shallow) - $2/$4 - Pot Limit Omaha Hi
// - 18:33:09 CET - 2012/11/06 [12:33:09 ET - 2012/11/06]" (older:
// "FullTiltPoker Game #..."; the game may come before the stakes, "FL
// Omaha H/L - $0.50/$1"; a capped game names its cap before the game,
// "$400 Pot Limit Omaha Hi"). Then the seats "Seat 1: name ($120.15)"
// (", is sitting out" after it), the posts, "The button is in seat #3",
// "*** HOLE CARDS ***", the streets and "*** SUMMARY ***". The reader maps
// each Omaha hand onto the Hand model:
//
//   - Site "fulltilt", Format "fulltilt", SiteHandID the game number, Time
//     from the header's Eastern time ("[... ET ...]" when two are given),
//     TableName, MaxSeats from "(N max" ("heads up": 2).
//   - Games: Omaha Hi and Omaha Hi/Lo ("H/L", "Hi/Lo", "8 or Better") in
//     limit ("Limit", "FL"), pot-limit ("Pot Limit", "PL") and no-limit
//     ("No Limit", "NL"); other games are Skipped with the game's name.
//   - Money: one cent in cash games (ChipUnit "0.01", "$1,234.50"), one
//     chip in tournaments. Fixed-limit stakes are the bets.
//   - A capped game ("$400 Pot Limit Omaha Hi"): no player may put in more
//     than the cap, and ", and is capped" ends his betting. The model has
//     no cap, so a player's Stack is the chips he can play, the smaller of
//     his stack and the cap (Table has no field to say so): the replay then
//     plays the hand as Full Tilt did.
//   - Players are named without a colon ("Mike Matusow calls $200"): a
//     line is the longest seated name followed by a space; "name: text"
//     and "name (Observer): text" are chat. The players are the seats that
//     post, act, show or collect, in seat order.
//   - Posts: "posts the small blind of X" -> small-blind, "posts the big
//     blind of X" -> big-blind, "posts a dead small blind of X" -> dead,
//     "posts X" (a player entering) -> big-blind, "antes X" -> ante.
//   - Actions: folds, checks, calls X (the chips put in), bets X (to X),
//     raises to X (to X); ", and is all in" checked against the recorded
//     amounts. "shows [..]" (before the run-out after an all-in, or at the
//     showdown) -> a show at the showdown; "shows <a description>"
//     without cards says nothing; mucks -> muck.
//   - Run it twice ("Players agree to Run It Twice"): "*** FLOP 1 ***",
//     "*** TURN 1 ***" ... "*** RIVER 2 ***" deal each run (Run 1, 2: from
//     the flop when the all-in was before it), "*** SHOW DOWN 1 ***" ...;
//     a run's win lines name "pot N" for run N (Outcome.RunCollected).
//   - Outcome: Collected sums the win lines ("wins the pot (X)", "wins
//     the high|low pot", "wins the main pot", "wins side pot #N", "ties
//     for ..."), Returned the "Uncalled bet of X returned to name" lines,
//     TotalPot and Rake the summary's "Total pot X | Rake Y" (the total
//     includes the rake); Pots is [X - Y]. A hand with no win line (Full
//     Tilt sometimes writes none: the summary's "collected (X)" is then
//     the only word on it) keeps Collected at zero: the verdict reports
//     each winner's collected difference, so the missing line is said,
//     not papered over with the summary.
//
// On top of the checks package sitetext's builder makes, "is capped" is
// checked against the stack and the summary's boards against the deal.
package fulltilt
