// Package bovada reads the text hand histories of the Bovada network's
// clients (Bovada, Ignition, Bodog and its skins "Bodog.com", "Bodog.eu",
// "Bodog UK", "Bodog Canada", "Bodog88": one format): Reader, registered
// by package sites. The verbs are written in either case ("Bets $5",
// "bets $5"), an uncalled bet at times without the currency's mark
// ("Return uncalled portion of bet 74"), a hand number at times "#C"N.
//
// A hand starts "Bovada Hand #2605762685 TBL#1218245 OMAHA Pot Limit -
// 2012-05-14 00:54:46" ("Ignition Hand #", "Bodog Hand #"; a
// tournament's: "Bovada Hand #N: OMAHA HiLo Tournament #T TBL#19, Pot
// Limit- Level 5 (50/100) - ..."), then the seats "Seat 1: UTG+2 ($163 in
// chips)", named by position ("Dealer", "Small Blind", "UTG+1"; the
// exporting player's "[ME]" after it), and every line of the play is
// "name : words" (the name's spaces as the client pads them): "Set
// dealer/Bring in spot [2]" (the button's seat; in records of 2017 on
// "Set dealer [2]"), the posts ("Ante/Small Blind $2", "Big blind/Bring
// in $4"; later "Small Blind $2" or "Small blind 200", "Big blind $4";
// "Posts chip $5" a live post, "Posts dead chip $15" a big blind and
// the small blind's part dead), "Card dealt to a spot [..]" (every
// player's cards), the actions ("Folds", "Folds(timeout)", "Fold(Blind Disconnected)") with
// "Calls $4"/"Call 100" the chips put in, "Bets $X", "Raises $76" to $76
// or, from 2014, "Raises $0.10 to $0.10" (the chips put in, then the
// round total), "All-in $190" and "All-in(raise) $124" (everything the
// player has left; from 2014 also "All-in(raise) $1.69 to $1.69", the
// chips put in then the round total), "Return uncalled portion of bet $X", "Showdown [..]"
// and "Mucks [..]" at the showdown, "Hand result $X" and "Hand
// result-Side pot $X" (what each collected), then "*** SUMMARY ***",
// "Total Pot($930) | Rake ($3)" (the pot with the rake; no rake part
// from 2014) and "Board [..]". Records of 2014 on write the streets
// ("*** FLOP *** [9d 7c 4c]", "*** TURN *** [..] [7s]"); earlier ones
// write none: the reader then deals each street from the summary's board
// when the betting round before it is over (every player who can act
// has acted since the last bet or raise and matched it), and the rest of
// the board at the showdown.
//
// The reader maps each Omaha hand onto the Hand model with the shared
// builder (package sitetext): Site the brand ("bovada", "ignition",
// "bodog"), Format "bovada", SiteHandID the hand number, the exporting
// player named Hero (the positions' names change every hand), no Time
// (the record names no time zone). Money is in cents in cash games
// (USD), chips in tournaments; the structure is the header's, the
// minimum bet (fixed-limit: the small bet, the big bet twice it) the big
// blind posted. The outcome: Collected the "Hand result" lines, Returned
// the uncalled bets, TotalPot and Rake as stated; without a stated rake,
// in cash games, the rake is the total pot less what was paid out (at
// most a tenth of the pot). When a hand's chips make a main pot and one
// side pot, Pots are what the main and side "Hand result" lines paid:
// the site takes its rake from each pot in proportion. Table notices
// ("Seat sit out", "Table deposit $1.50", "Ranking 39") change nothing;
// other games (HOLDEM, 7 Card Stud) are Skipped with their name.
//
// Zone Poker, the network's fast-fold pool, writes the pool where the
// table is and glues "ZonePoker" to the game ("Ignition Hand #N Zone
// Poker ID#1232 OMAHA HiLoZonePoker Pot Limit - ..."), and its pool's
// shuffle notices ("Leave(Auto)", "Enter(Auto)", "Table enter user")
// change nothing, nor does an uncontested winner's "Showdown(High Card)"
// (no cards). A blind posted all-in before "*** HOLE CARDS ***" ("Big
// Blind [ME] : All-in $0.05") is that blind, all the stack (in a record
// without that line a shove is always a bet).
//
// Records of 2021 on mark the header "[MVS]" ("... OMAHA Pot Limit [MVS]
// - 2021-03-11 22:58:57 UTC") and add a "Table Info:" line before the
// seats and a "Player Info:" line (an id per seat) after the dealer's:
// neither changes the hand.
//
// Later tournament headers ("Bovada Hand #4561202298: OMAHA HiLo
// Tournament #47895702 TBL#2, Normal- Level 10 (200/400) - ...") write the
// tournament's speed where the structure was, and no line of the hand
// names it: such a hand is Skipped saying so, its structure not guessed
// (its seat lines, "Seat 30: UTG+2", number the players otherwise than
// the table's seats 1 to 10, which "Set dealer [4]" names, and are never
// read).
package bovada
