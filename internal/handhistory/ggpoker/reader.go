package ggpoker

import (
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// Reader reads GGPoker text ("Poker Hand #HD123: ...").
var Reader = handhistory.Reader{Format: handhistory.FormatGGPoker, Name: "GGPoker", Signature: isHeader, HandStarts: handhistory.LineStarts(isHeader), ReadPart: func(data []byte, first int) ([]handhistory.Entry, error) {
	return sitetext.ReadHands(data, first, "GGPoker", "Poker Hand #", isHeader, new(parser).parse)
}}
