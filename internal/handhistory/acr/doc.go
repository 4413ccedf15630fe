// Package acr reads the text hand histories of the Winning Poker Network
// (Americas Cardroom, ACR): Reader, registered by package sites.
//
// A hand starts with "Hand #779388412 - Omaha H/L(No Limit) - $3.00/$6.00
// - 2021/04/16 19:22:47 UTC" ("Game Hand #N - Tournament #T - ... - Level
// 1 (250.00/500.00)- ..." in tournaments), then the table line "Parachute
// 6-max Seat #6 is the button" (the table's name unquoted), the seats
// "Seat 1: name ($135.00)", the posts and the play in the PokerStars
// family's words without a colon after the name ("name posts the small
// blind $3.00", "name raises $12.00 to $18.00" (the
// $12.00 the raise puts in, not its size), "... and is all-in", at a
// capped table ("Miramar (Cap) 9-max") "name caps $0.55", a raise putting
// in $0.55 that reaches the cap: no player puts in more in the hand, so
// every stack is read as at most what the capping player has then put
// in, said in the notes), the
// streets "*** FLOP *** [..]", "*** TURN *** [..] [.]", "*** RIVER ***",
// a hand run twice as "*** RUN IT TWICE ***" then "*** FLOP 1 ***" ...
// "*** SHOW DOWN 1 ***" and the second run's, and "*** SUMMARY ***" with
// "Total pot $X | Rake $Y | JP Fee $Z" (the pot after the fees) and the
// seat lines ("showed [..] and won $X", "did not show and won $X").
//
// The reader maps each Omaha hand onto the Hand model with the shared
// builder (package sitetext): Site and Format "acr", SiteHandID the hand
// number, Time the header's UTC time, MaxSeats from "N-max". Games:
// "Omaha", "Omaha H/L" (also "4Card Omaha", "4Card Omaha H/L") in pot-,
// no- and fixed-limit; other games (Holdem, 5Card Omaha, the "Reshuffle"
// games...) are Skipped with their name. Money is in cents in cash
// games, chips in tournaments. The outcome: Collected the "collected X
// from (main|side) pot [N]" lines, or when a hand has none (a walk) the
// summary's "won $X"; Returned the "Uncalled bet" lines; TotalPot the
// total pot plus the fees, Rake the fees. "Main pot $X | Rake $Y" lines
// (the running pot) and table traffic restate nothing the hand needs.
package acr
