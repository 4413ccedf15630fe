// Package winamax reads Winamax text hand histories: Reader, registered by
// package sites.
//
// Winamax text hand histories.
//
// A file holds hands each starting with a header line "Winamax Poker -
// CashGame - HandId: #6417287-1303-1406683540 - Omaha pot limit (1€/2€) -
// 2014/07/30 01:25:40 UTC" (tournaments: "Winamax Poker - Tournament
// "name" buyIn: ... level: N - HandId: #... - Omaha pot limit
// (ante/sb/bb or sb/bb) - ..."), then "Table: 'name' 5-max (real money)
// Seat #1 is the button", the seats "Seat 1: name (407.25€)", and the
// sections "*** ANTE/BLINDS ***", "*** PRE-FLOP ***", "*** FLOP *** [..]",
// "*** TURN *** [..][.]", "*** RIVER *** [..][.]", "*** SHOW DOWN ***",
// "*** SUMMARY ***". The reader maps each Omaha hand onto the Hand model:
//
//   - Site "winamax", Format "winamax", SiteHandID the HandId without its
//     '#' ("6417287-1303-1406683540"), Time from the header (UTC),
//     TableName, MaxSeats from "N-max".
//   - Games: "Omaha pot limit" (Omaha high), "Omaha8 pot limit" (Hi/Lo),
//     and their "no limit" and "limit" forms; other games (Hold'em,
//     5-card Omaha "Omaha5"...) are Skipped with the game's name.
//   - Money: Winamax writes the currency after the number ("407.25€",
//     "0.05€"); real-money and play-money cash games are read in
//     hundredths (ChipUnit "0.01"; Currency "EUR" for euros, "" for play
//     money), tournaments in chips ("1500").
//   - Players: names are written without a colon ("Incognito 1 calls
//     2€"): a line is the longest seated name followed by a space. The
//     players are the seats that post, act, show or collect, in seat
//     order (a seat with no chips, "(0€)", is not dealt in).
//   - Posts: "posts small blind" -> small-blind; "posts big blind" ->
//     big-blind; "posts ante" -> ante; a blind posted by a seat that has
//     already posted live is dead money; "posts small blind X out of
//     position" -> dead X when X is under the big blind, a dead part and a
//     live big blind when it is over (the small and big blinds posted at
//     once), a big blind when equal; "posts big blind 0€ out of
//     position" says nothing; "raises X to Y" among the blinds (a player
//     posting more than the big blind) -> a live big blind and the rest
//     dead; "name deny BB 0€" says nothing.
//   - Actions: folds, checks, calls X (the chips put in), bets X (to X),
//     raises X to Y (to Y; Y-X must be the current bet), "and is all-in"
//     checked against the recorded amounts; "shows [..]" (once per half in
//     Hi/Lo) -> one show at the showdown.
//   - Outcome: Winamax prints no uncalled-bet line: an uncalled bet stays
//     in its pot and in the winner's "collected" line, so Returned is zero
//     for every player and the replay compares collected plus returned.
//     Collected sums the "collected X from pot|main pot|side pot N"
//     lines ("(HI)"/"(LO)" halves included); the summary's "Total pot X |
//     Rake Y" (or "| No rake") gives the pot AFTER rake: TotalPot is X+Y,
//     Rake Y; Pots are the main and side pots' collected amounts when the
//     record names them (less a last "side pot" that is an uncalled bet,
//     which Winamax names a pot: the model returns it, and TotalPot is
//     then without it), else [X].
//
// Beyond the builder's checks (package sitetext), the summary's "Board:
// [..]" must be the board dealt and a hand must reach its summary.
package winamax
