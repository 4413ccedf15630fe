package party

import (
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// Reader reads PartyPoker text. Its hands start with a group of header
// lines; "#Game No : N" starts 888poker's hands too, so only the "*****
// Hand History for Game N *****" line is its signature.
var Reader = sitetext.GroupedSite(handhistory.FormatParty, "PartyPoker", "***** Hand History for Game N *****", "partypoker", isHeader, parse)
