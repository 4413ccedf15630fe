// Package ranges reads Omaha hand ranges in a documented subset of
// ProPokerTools' generic syntax and expands them to the four-card hands
// (combinations) they hold.
//
// # Syntax
//
// A range is an expression over hand patterns and percentages. Spaces are
// ignored everywhere.
//
//	AsKhJd2c     one exact hand (also any form cards.Parse reads: "as kh jd 2c")
//	AA**         four card patterns, one per hole card, matched in any order:
//	             at least two aces ("*" is any card, so AAA* and AAAA are in it)
//	*            alone: every hand
//	AxAyxy       suit variables w x y z follow a rank (or stand alone for a card
//	             of any rank): here two aces of two different suits and one more
//	             card of each of those suits (the double-suited aces)
//	AxKx**       a suited ace-king; xxyy: any double-suited hand
//	RRON         rank variables (any other upper-case letter): one pair and two
//	             other ranks; RROO two pair
//	[A-T]***     a rank span (either order); [AK]*** a rank list; [sh] a suit
//	             list, after a rank (A[sh]***) or alone ([sh]***: any spade or heart)
//	J+***        a rank and every rank above it; after a run of one rank, the
//	             run shares it: JJ+** is a pair of jacks or better
//	15%  5%-10%  the best 15% of hands, the hands from the 5% to the 10% mark,
//	             by the ranking below (at most three decimals: 2.5%)
//	a,b          or;   a:b  and;   a!b  and not;   !a  not;   (a)  grouping
//
// "," binds loosest; ":" and "!" bind tighter, with equal precedence, from
// left to right: AA**,KK**!KKK* is AA** or (KK** but not KKK*).
//
// Pattern rules: a hand pattern has exactly four card patterns (pad with *),
// or is "*" alone. Different rank variables take different ranks, none of
// them a rank written as a single rank elsewhere in the pattern (AARR: aces
// and another pair); different suit variables take different suits, none
// of them a suit written in the pattern (AsKx**: the king is not a spade).
// A "+" span is not a variable: it only ties the cards of its run. A "+"
// after a run that follows another single rank (KQ+) is ambiguous and an
// error. Ranks are upper case (A K Q J T 9-2); suits lower case (s h d c).
//
// Not supported: weights (60%@AA**), board-dependent syntax (made hands,
// draws), hand-type macros, rank spans with "+" on several ranks (KQ+),
// lower-case ranks outside an exact hand.
//
// Limits: at most MaxLength bytes and MaxTerms hand patterns or
// percentages per range (each costs one pass over the 270,725 hands).
//
// # Ranking
//
// Percentages order the 16,432 suit-isomorphism classes of the 270,725
// hands (hands equal up to renaming suits) by their all-in equity against
// one random hand, separately for omaha-hi and omaha-hilo. The equities are
// estimated by Monte Carlo with common random numbers (400,000 deals of an
// opponent hand and a board, shared by every class; about 47% of them
// avoid a given hand, so each equity has a standard error near 0.001 and
// the difference between two classes, measured on the same deals, less). A class is in "p%" when the
// hands ranked strictly above it are fewer than p% of 270,725, so "15%"
// may exceed 15% by less than one class (at most 24 hands), and "5%-10%"
// and "5%" are disjoint and together make "10%".
//
// The table (ranking.bin: a magic, then per game the class numbers from
// best to worst, uint16 each: 65,740 bytes) is embedded. It is made by
//
//	go generate ./internal/ranges
//
// which runs `go run ./internal/gen -o ranking.bin` in this directory (two
// to three minutes on two cores); the output depends only on the
// generator's flags (-deals, default 400000; -seed, default 17), never on
// the machine or GOMAXPROCS.
//
// # Contract
//
// Parse errors are *fault.Error values (kind Invalid, or Impossible for a
// card written twice) whose Err is a *SyntaxError giving the 1-based column;
// the caller names the field. A *Range is immutable and safe for
// concurrent use. The package imports cards, eval, fault and the standard
// library; it must never import equity or any adapter.
package ranges

//go:generate go run ./internal/gen -o ranking.bin
