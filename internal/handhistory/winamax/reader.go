package winamax

import (
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// Reader reads Winamax text ("Winamax Poker - ... HandId: #...").
var Reader = handhistory.Reader{Format: handhistory.FormatWinamax, Name: "Winamax", Signature: isHeader, HandStarts: handhistory.LineStarts(isHeader), Read: func(data []byte) ([]handhistory.Entry, error) {
	return sitetext.ReadHands(data, "Winamax", "Winamax Poker - ", isHeader, new(parser).parse)
}}
