// Package pacific reads 888poker text hand histories: Reader, registered by
// package sites.
//
// 888poker (Pacific Poker, Cassava) text hand histories.
//
// A hand starts with "#Game No : N" and/or "***** 888poker Hand History
// for Game N *****" ("Cassava", "888.es"... before "Hand History"), then
// the stakes line ("$0.50/$1 Blinds Pot Limit OmahaHL - *** 06 01 2014
// 23:15:35"), the table line ("Table Coruna 6 Max (Real Money)", or
// "Tournament #N $1.80 + $0.20 - Table #19 (Real Money)"), "Seat N is the
// button", "Total number of players : N", the seats ("Seat 6: azartists (
// $2,141 )"), the posts, "** Dealing down cards **" (missing in an
// observed hand), the actions and the streets ("** Dealing flop ** [ 7c,
// Ah, 2c ]"), and "** Summary **" with the shows, mucks and "collected"
// lines. The reader maps each Omaha hand onto the Hand model:
//
//   - Site "pacific", SiteHandID the game number, Time the header's date
//     and time ("dd mm yyyy hh:mm:ss", the site's clock: RFC 3339 without
//     an offset), TableName the table's name.
//   - Players are the seats that post, act, are dealt cards, show or
//     collect, in seat order; Button the button seat's player. A seat
//     that folds before "** Dealing down cards **" having posted nothing
//     is not dealt in (a player leaving, or sitting out).
//   - Posts: "posts small blind [X]" -> small-blind, "posts big blind [X]"
//     -> big-blind, "posts ante [X]" -> ante, "posts dead big blind [X]"
//     -> a dead post. Actions: folds, checks, "calls [X]" (X put in),
//     "bets [X]" and "raises [X]" (X put in: a bet-raise to the round
//     total), "is all-in [X]" (X put in: a raise, or a call for less).
//   - Hole cards from "Dealt to", "shows [..]" and "mucks [..]" (a show
//     and a muck at a showdown); "(Hi: ...)"/"(Lo: ...)" lines describe a
//     shown hand and are not read; "did not show his hand" says nothing.
//   - Outcome: Collected the sum of each player's "collected [X]" lines
//     (one per half of a hi/lo pot), Returned zero, the rake derived (the
//     chips put in less the uncalled bet less the chips collected: 888
//     prints none; see Builder.Assemble); tournaments have no rake.
//   - Money: cents in real-money and practice cash games (ChipUnit
//     "0.01"; a practice table has no currency), whole chips in
//     tournaments (whose amounts 888 writes with a "$"). Amounts carry the
//     currency before or after ("$1,234.50", "25 $", "$ 3.243" with a
//     Dutch thousands point, "552,72" with a decimal comma, "15 788,50 $"
//     with a no-break space, also as mis-encoded "Â\u00a0").
//   - Cards in English, Dutch (H, V, B: "Bh" is the jack of hearts) or
//     Swedish ("Kns", the jack of spades) notation (see sitetext.BracketCards).
//
// Fixed-limit stakes are the blinds ("15/30 Blinds Fix Limit Omaha":
// SmallBet 30, BigBet 60); pot- and no-limit MinBet is the big blind.
// Hands of other games are Skipped with the reason. A hand with an
// unknown line, a player not seated, or no "** Summary **" (cut off: then
// "skipped: incomplete hand") is handled per hand; a malformed hand is an
// Entry with a *fault.Error of kind Invalid naming the line.
package pacific
