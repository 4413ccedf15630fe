package winamax

import (
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// Reader reads Winamax text ("Winamax Poker - ... HandId: #...").
var Reader = handhistory.Reader{Format: handhistory.FormatWinamax, Name: "Winamax", Signature: isHeader, HandStarts: handhistory.LineStarts(isHeader), ReadPart: func(data []byte, first int) ([]handhistory.Entry, error) {
	return sitetext.ReadHands(data, first, "Winamax", "Winamax Poker - ", isHeader, new(parser).parse)
}}
