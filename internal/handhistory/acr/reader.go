package acr

import (
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// Format is the format of ACR/WPN text ("Hand #N - ...").
const Format handhistory.Format = "acr"

// Reader reads ACR/WPN text ("Hand #N - Omaha H/L(No Limit) - ...").
var Reader = handhistory.Reader{Format: Format, Name: "ACR/WPN", Signature: isHeader, HandStarts: handhistory.LineStarts(isHeader), ReadPart: func(data []byte, first int) ([]handhistory.Entry, error) {
	return sitetext.ReadHands(data, first, "ACR/WPN", "Hand #", isHeader, new(parser).parse)
}}
