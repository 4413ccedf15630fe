// Package party reads PartyPoker text hand histories: Reader, registered by
// package sites.
//
// PartyPoker text hand histories.
//
// A hand starts with "Game #N starts.", "#Game No : N" and "***** Hand
// History for Game N *****" (any of them may be missing; "For" in the
// later format), then the game line, the table line, "Seat N is the
// button", "Total number of players : N/M", the seats and the play. Two
// layouts are read:
//
//   - the classic one: "$2 USD PL Omaha - Monday, November 1, 08:40:12
//     CET 2013" (a cash game's table buy-in or fixed-limit bets, then the
//     game), "PL Omaha Hi-Lo $22 USD Buy-in Trny: N Level: 2
//     Blinds(20/40) - ..." (a tournament); amounts in brackets, each the
//     chips put in ("raises [$30 USD]", "is all-In [$3.92 USD]"); the
//     outcome in "wins" lines ("P wins $2,697 USD from the main pot with
//     ...", "P wins Lo (640 chips) from the main pot", "P wins $239
//     USD"), which include the uncalled bet given back; the 2005 client
//     writes no currency code and ends every post and action with a full
//     stop ("P posts small blind [$0.10].", "P folds.", "P checks.", "P
//     calls [$0.25].", but "P is all-In  [$13.55]");
//   - the later one: "0.10/0.25 Omaha Hi Game Table (PL) - Mon Jul 20
//     11:01:17 EDT 2026", amounts in parentheses, "raises X to Y" (Y the
//     round total), "P is all-In." after the action, and a summary
//     ("Main Pot: $1.09 Rake: $0.05", "P balance $13.12, bet $0.57,
//     collected $1.09, net +$0.52[ cards ] [ description ]") giving the
//     pot after rake, the rake, each player's collected amount, finishing
//     stack (balance) and shown cards.
//
// The reader maps each Omaha hand onto the Hand model: Site
// "partypoker", SiteHandID the game number, Time the game line's date and
// time in RFC 3339 with the offset of the zone it names (EST, EDT, CET,
// CEST, GMT, BST, PST, PDT, MSK; none for another zone), TableName the
// table's name; players in seat order (the record lists seats in any
// order), those who post, act, are dealt cards, show or collect (a seat
// folding before "** Dealing down cards **" having posted nothing is not
// dealt in); the button; posts (small blind, big blind from any seat, ante, and "big
// blind + dead" as a dead small blind and a big blind); actions ("folds",
// "checks", "calls [X]" X put in, "bets [X]", "raises [X]" and "is all-In
// [X]" X put in: a bet-raise to the round total or a call for less);
// streets ("** Dealing Flop ** [ Qc, 3s, Ks ]"); hole cards from "Dealt
// to", "shows [..]" (a show at a showdown), "doesn't show [..]" (a muck
// there) and the later summary's cards. Outcome: Collected (the "wins"
// lines or the summary's "collected"), Returned zero, FinishingStacks the
// summary's balances (later layout), Rake and Pots as the summary states
// them, else the rake derived from the chips put in less the chips won
// (see Builder.Assemble); tournaments have no rake. Money is in cents
// for real-money cash games, in chips for tournaments ("wins 640
// chips"). Chat ("P: text"), players joining or leaving, time-bank
// notices ("P will be using his|her|their time bank for this hand.",
// "Your time bank will be activated in 6 secs. ..."), "Trny:"/"Blinds(...)" lines and "Creating Main Pot" notices are
// ignored. Fixed-limit stakes are the bets; pot- and no-limit MinBet is
// the big blind posted.
//
// A line by a player who is not seated (a record that lists other players
// than the ones acting), an unknown line or a hand that cannot be read is
// an Entry with a *fault.Error of kind Invalid naming the line; a hand cut
// off after its header lines is Skipped ("incomplete hand"); hands of
// other games are Skipped with the reason.
package party
