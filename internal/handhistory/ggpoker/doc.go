// Package ggpoker reads GGPoker text hand histories: Reader, registered by
// package sites.
//
// GGPoker text hand histories.
//
// A file holds hands each starting with a header line "Poker Hand
// #<id>: <game> (<stakes>) - <date>" (cash: "Poker Hand #OM181427446:
// Omaha Pot Limit ($0.5/$1) - 2020/04/14 07:56:19", "Poker Hand
// #OM260919438: PLO ($2/$5) - ..."; tournaments: "Poker Hand #TM106348078:
// Tournament #5948181, <name> Omaha Pot Limit - Level4 (90/180) - ...").
// The format is PokerStars' with these differences, each read:
//
//   - The hand id has a letter prefix ("OM", "RC", "TM"): SiteHandID is the
//     whole id. Site is "ggpoker", Format "ggpoker".
//   - The date has no time zone: it is read as US Eastern time, as
//     PokerStars-format records and fpdb's GGPoker reader do.
//   - Games: "Omaha Pot Limit", "PLO" and the Hi/Lo ("Omaha Hi/Lo", "PLO
//     Hi/Lo", "PLO8", "PLO Hi-Lo"), pot-, no- and fixed-limit; other games
//     (Hold'em, 5- and 6-card Omaha, Short Deck...) are Skipped with the
//     game's name.
//   - Money: one cent (ChipUnit "0.01") in cash games ("$0.5", "$1,234.5";
//     Currency from the stakes' symbol), one chip in tournaments ("1,338").
//   - Players are the seats "Dealt to" (every player dealt in has a
//     "Dealt to name" line, with cards for the hero only) and any seat that
//     posts, acts, shows or collects; in seat order.
//   - Posts: "posts the ante", "posts small blind", "posts big blind",
//     "posts straddle", "posts small & big blinds" (a dead small blind and
//     a live big blind), "posts missed blind"/"posts dead" (dead), and the
//     straddle without "posts", "name: straddle $0.5" (the player's total
//     so far, as a raise's "to": "straddle $0.5" then "straddle $15.35 and
//     is all-in" puts in $15.35 in all; a big blind's "straddle $2" adds $1).
//   - Actions as PokerStars: folds, checks, calls X (the chips put in),
//     bets X (to X), raises X to Y (to Y; Y-X must be the current bet), "and
//     is all-in" checked against the recorded amounts. Shows come before
//     the "*** SHOWDOWN ***" line (after an all-in, before the run-out):
//     they are the showdown's shows, in the order written, emitted at it.
//   - Run it twice / three times: "*** FIRST FLOP|TURN|RIVER ***" ...
//     "*** THIRD ... ***" deal the rest of the board per run (Run 1, 2,
//     3), "*** FIRST SHOWDOWN ***" ... hold each run's collected lines
//     (Outcome.RunCollected); "Hand was run three times" and "SECOND Board
//     [..]" (the run's own cards) are checked against the runs.
//   - Outcome: Collected (the "collected X from pot" lines), Returned (the
//     "Uncalled bet (X) returned" lines), TotalPot, and Rake: everything
//     the summary's "Total pot X | Rake X | Jackpot X | Bingo X | ..." line
//     takes from the pot, the jackpot and other fees included (the model
//     has one rake); Pots is [TotalPot - Rake].
//
// Lines that are not actions are read as the site wrote them:
//
//   - "Cash Drop to Pot : total $X": the site adds $X to the pot before the
//     first action, Hand.AddedToPot (the lines add up): no player's, dead
//     money in the main pot, which raises the pot-limit maximum of every
//     bet after it (R7) and goes to the main pot's winner (R12). The
//     summary's total pot includes it. A cash drop after the betting began
//     is a line error (the model holds money added before it only).
//   - All-in insurance ("get an all-in insurance (...)" announces it,
//     "pay premium of all-in insurance ($X)" pays X outside the pot; a
//     line receiving an insurance payout adds it) and EV cash-out ("Pays
//     Cashout Risk ($X)", "Receives Cashout ($X)"): they change what the
//     player ends with, not the pot, so the hand's Outcome.FinishingStacks
//     is what the record says each player ends with (start - put in +
//     collected, plus or minus those payments) and the verdict reports the
//     player's finishing_stack difference against the pot's settlement.
//   - A hand without any "collected" line (a missing win line) keeps
//     Collected at zero: the verdict reports every winner's collected
//     difference.
//
// Beyond what the builder checks for every reader (see package sitetext),
// the summary's board and runs are checked against the cards dealt, and
// a hand must reach its summary and total pot.
package ggpoker
