// Package wpn reads the text hand histories the Winning Poker Network's
// client (Americas Cardroom, Yatahay) wrote before about 2020: Reader,
// registered by package sites. (Its "Hand #N - ..." records of 2019 on
// are package acr's.)
//
// A hand starts with "Game started at: 2016/10/2 21:0:42" and ends with
// "Game ended at: ...". Then "Game ID: 741631166 40/80 (PRR) Xana (Omaha
// HiLow)" (the hand number, the blinds, the table's name, the game in
// the last parentheses: "Omaha" or "Omaha HiLow"; tournaments write
// "..., Table 27(Omaha)"), "Seat 4 is the button", the seats "Seat 1:
// Hero (2872.50).", and every other line starts "Player name ": the
// posts ("has small blind (20)", "has big blind (40)", "posts (0.25)" a
// big blind out of turn, "posts (0.25) as a dead bet", "straddle
// (0.50)", "ante (50)", "allin (50)" a blind that puts the player
// all-in), the cards ("received a card.", the exporting player's
// "received card: [2d]"), the actions with the chips each puts in
// ("calls (40)", "bets (40)", "raises (80)", "caps (253.88)", "allin
// (383)", "folds", "checks", "mucks cards"), the streets "*** FLOP ***:
// [6d 7h 3h]", "*** TURN ***: [6d 7h 3h] [2c]", "*** RIVER ***: ...",
// "Uncalled bet (20) returned to name", then "------ Summary ------",
// "Pot: 477. Rake 2.76. JP fee 0.24" (the pot after the fees), "Board:
// [..]" and a line per seat: "*Player name shows: Flush, 7 high [4h 4s
// Ks 6h]. Bets: 80. Collects: 198.50. Wins: 118.50." (a star for a
// winner), "Player name does not show cards.Bets: 0. Collects: 0. Wins:
// 0.", "... mucks (does not show: [8d 4s 10c 6c]). ...".
//
// The reader maps each Omaha hand onto the Hand model with the shared
// builder (package sitetext): Site and Format "wpn" (the old client's
// Game IDs are numbered apart from the "Hand #" numbers of package acr,
// so the two must not share a natural key), SiteHandID the Game ID, no
// Time (the record's clock names no time zone). Money is in cents in
// cash games (USD; play money "PM " tables have no currency), chips in
// tournaments. The structure: fixed-limit when the big blind posted is
// the first stake (the stakes are then the small and big bets), else
// pot-limit (the client wrote no structure for Omaha). The outcome:
// Collected the summary's "Collects", Returned the "Uncalled bet" lines,
// TotalPot the pot plus the fees, Rake the fees.
//
// Two rules of the site's tables are read into the stacks, and each is
// said in the hand's Notes: at a CAP table ("- CAP -" in the Game ID
// line) no player puts in more than the cap in a hand, so when a player
// "caps" every stack is read as at most what he has then put in; a
// player who "is disconnected and ALL IN" plays for what he has put in
// (the site's disconnection protection), so his stack is read as that,
// and a check of his on the street before is dropped. A street line
// without cards ("*** FLOP ***:" before the hole cards, as the client
// sometimes wrote it) is noted and not read. A hand whose record returns
// an uncalled bet to a player who folded contradicts itself and is
// skipped, naming it.
package wpn
