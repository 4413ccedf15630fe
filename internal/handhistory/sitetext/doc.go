// Package sitetext holds what the sites' text readers share, once: lines
// numbered and bounded by MaxLineBytes (Line), a file cut into hands at a
// header and each hand turned into an Entry (ReadHands, ReadGroupedHands,
// ErrorBefore, TooManyLines), errors naming a line (LineError, Quote),
// amounts in every site's notation (ParseAmount, CurrencyCode), card lists
// with unseen cards (ParseCards, CardsIn, BracketCards), game lines, hand
// ids and times (GameSpec, SetGame, NotOmaha, IsHandID, Digits,
// EasternOffset), and the one hand builder that turns every site's lines
// into a handhistory.Hand (Builder): seats, button, posts, actions in both
// the "raise to" form (BetTo: GGPoker, Winamax, Full Tilt, PokerStars) and
// the "chips put in" form (PutMore: iPoker, 888poker, PartyPoker), shown
// cards, the boards of every run, and the outcome as the site states it
// (Settlement). What readers of one family write alike is read once here:
// the grouped sites' Reader, head, table lines, seats, deals and put-in
// actions (GroupedSite, GroupedHead, GroupedTable, GroupedSeat,
// GroupedDeal, PutIn: 888poker, PartyPoker), the PokerStars family's
// shared action words and card-less markers (StarsAction, StarsMarker,
// PlainMarker, SummaryMarker), a reader's summary lines routed by prefix
// and the seat lines' shown cards (SummaryLines, SeatCards), and a site's
// lines of no bearing on the play (Ignored).
//
// What the builder checks for every reader (an error naming the line when
// the record contradicts itself): "raises X to Y" against the current bet,
// "is all-in" against the stack, each street's new cards against the cards
// seen, seats within 1 to 10 and the table's N-max, at most 10 seats. A
// hand that cannot be read is an Entry with a *fault.Error of kind Invalid
// (Impossible for a card seen twice) naming the line; the other hands of
// the file are still read. Every bound of limits.go applies (MaxLineBytes,
// MaxActions as Impossible, MaxText via Validate). The readers are safe
// for concurrent use.
//
// None of the helpers allocates per line beyond the slice of lines of the
// hand being read; they keep no state outside their arguments and are
// safe for concurrent use. A builder is reused from hand to hand by one
// reader and is not safe for concurrent use. It imports handhistory (the
// model) and no reader.
package sitetext
