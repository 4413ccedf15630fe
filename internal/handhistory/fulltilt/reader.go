package fulltilt

import (
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// Reader reads Full Tilt Poker text ("Full Tilt Poker Game #...").
var Reader = handhistory.Reader{Format: handhistory.FormatFullTilt, Name: "Full Tilt", Signature: isHeader, HandStarts: handhistory.LineStarts(isHeader), Read: func(data []byte) ([]handhistory.Entry, error) {
	return sitetext.ReadHands(data, "Full Tilt", "Full Tilt Poker Game #", isHeader, new(parser).parse)
}}
