// Package kingsclub reads the text hand histories of Kings Club: Reader,
// registered by package sites.
//
// A hand starts with "#39969218: Limit Omaha Hi-Lo - 40/80" (the hand
// number, the structure and game, the stakes: the blinds, or in
// fixed-limit the small and big bets), then its date and time
// "2021-01-02 15:39:12", the table line "Table '8 Game Mix' Seat 6 is the
// button", the seats "Seat 1: Player0 (1,200)", the posts with a colon
// after the name ("Hero: posts the small blind 20", "... the big blind
// 40", "... ante 50", "... blind 44" a big blind posted out of turn),
// "*** HOLE CARDS ***" and "Dealt to Hero: [4d Kd Ac 5s]" ("[X X X X]"
// for the others), the actions without a colon ("Player0 checks", "...
// folds", "... bets 40", "... raises to 80", "... calls 80", each amount
// the player's bet of the round after it, the call's too; ", and is all
// in" after it), "Player0 shows [..]", the streets "*** FLOP *** [..]",
// "*** TURN *** [..] [.]", "*** RIVER *** [..] [.]", each with the whole
// board so far, and "*** SUMMARY ***" with a line per seat giving its
// stack after the hand and its net ("Seat 1: Player0 (599.50) -0.50",
// none when nothing changed), "Rake 1" (no line: no rake) and the win
// lines ("Player0 wins (279.50) from pot", "... wins pot (209)", "...
// wins (3,075) from side pot 1"). The client writes no uncalled bet: the
// win lines leave it out. After an all-in it writes only the streets
// still to come, the first holding the board before it ("*** RIVER ***
// [2s Th 6h 7c] [5s]" after a preflop all-in), and a hand run twice as
// "*** BOARD 1 - RIVER *** [3h Qc 4s 4c] [Qh]" then "*** BOARD 2 - RIVER
// *** [- - - Kh] [Ac]" (a dash for each card the runs share); its win
// lines are the whole hand's, not each run's.
//
// The reader maps each Omaha hand onto the Hand model with the shared
// builder (package sitetext): Site and Format "kingsclub", SiteHandID the
// hand number, Time the header's clock as written, without an offset:
// the record names no time zone (fpdb-3 takes it for US Eastern; Scoop
// does not assume one). Games: "Omaha" and "Omaha Hi-Lo", in fixed-,
// pot- and no-limit; other games ("Omaha 5 Card", "Big O", Holdem, the
// Stud and Draw games) are skipped with their name, as is a double-board
// hand (the two boards "*** BOARD 1 - FLOP ***", "*** BOARD 2 - FLOP
// ***" dealt from the flop and bet on together, which the rules engine
// does not play) and a "Hand cancelled". The record writes no currency:
// Kings Club's cash games are in US dollars (as fpdb-3 reads them), money
// in cents. The outcome: Collected the win lines, Rake the "Rake" line,
// FinishingStacks the summary's stacks (a net that is not the stacks'
// difference is said in the notes). Lines read from fpdb-3's parser
// though in no file seen: "name: posts straddle X", "Uncalled bet (X)
// returned to name", "name sits out" (no bearing on the hand). Other
// lines go to sitetext's Unknown: an error of the hand when they name a
// seated player, else a note.
package kingsclub
