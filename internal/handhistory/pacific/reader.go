package pacific

import (
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// Reader reads 888poker (Pacific, Cassava) text. Its hands start with a
// group of header lines; "#Game No : N" starts PartyPoker's hands too, so
// only the "***** 888poker Hand History ..." line is its signature.
var Reader = sitetext.GroupedSite(handhistory.FormatPacific, "888poker", "***** 888poker Hand History for Game N *****", "pacific", isHeader, parse)
