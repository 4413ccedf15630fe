package pokerstars

import (
	"strings"

	"github.com/scoophq/scoop/internal/handhistory"
)

// headers begin a PokerStars hand ("PokerStars Game #" also begins the
// Zoom form "PokerStars Game #PokerStars Zoom Hand #N:"), or a hand of a
// client writing PokerStars' format under its own header (Run It Once
// Poker); Upoker's hands carry PokerStars' own header; the localized
// clients' headers (French, Portuguese: see locale.go) end the list.
var headers = []string{
	"PokerStars Hand #",
	"PokerStars Game #",
	"PokerStars Zoom Hand #",
	"PokerStars Home Game Hand #",
	"PokerStars Home Game #",
	"Run It Once Poker Hand #",
	"Main PokerStars n°", // PokerStars France (locale.go)
	"Mão PokerStars #",   // PokerStars' Portuguese client (locale.go)
}

// Reader reads PokerStars text, and the files of the clients that write
// PokerStars' format (Run It Once Poker, Upoker, converters).
var Reader = handhistory.Reader{
	Format: handhistory.FormatPokerStars,
	Name:   "PokerStars",
	Signature: func(l string) bool {
		for _, h := range headers {
			if strings.HasPrefix(l, h) {
				return true
			}
		}
		return false
	},
	HandStarts: handhistory.LineStarts(isHeader),
	ReadPart:   read,
}
