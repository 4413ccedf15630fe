package fulltilt

import (
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// Reader reads Full Tilt Poker text ("Full Tilt Poker Game #...").
var Reader = handhistory.Reader{Format: handhistory.FormatFullTilt, Name: "Full Tilt", Signature: isHeader, HandStarts: handhistory.LineStarts(isHeader), ReadPart: func(data []byte, first int) ([]handhistory.Entry, error) {
	return sitetext.ReadHands(data, first, "Full Tilt", "Full Tilt Poker Game #", isHeader, new(parser).parse)
}}
