package wpn

import (
	"strings"

	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// Format is the format of the Winning Poker Network's records before
// 2020 ("Game started at: ...").
const Format handhistory.Format = "wpn"

// isHeader reports whether l starts a hand.
func isHeader(l string) bool { return strings.HasPrefix(l, "Game started at: ") }

// Reader reads the Winning Poker Network's records before 2020 ("Game
// started at: ...", "Game ID: N 20/40 Table (Omaha HiLow)").
var Reader = handhistory.Reader{Format: Format, Name: "WPN before 2020", Signature: isHeader, HandStarts: handhistory.LineStarts(isHeader), ReadPart: func(data []byte, first int) ([]handhistory.Entry, error) {
	return sitetext.ReadHands(data, first, "WPN", "Game started at: ", isHeader, new(parser).parse)
}}
