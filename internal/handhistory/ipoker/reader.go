package ipoker

import (
	"strings"

	"github.com/scoophq/scoop/internal/handhistory"
)

// Reader reads iPoker XML (a <session> of <game>s, or bare <game>s). It is
// read only whole: no HandStarts.
var Reader = handhistory.Reader{
	Format: handhistory.FormatIPoker,
	Name:   "iPoker XML",
	Sniff: func(head string) bool {
		return strings.HasPrefix(head, "<") && (strings.Contains(head, "<session") || strings.Contains(head, "<game gamecode"))
	},
	ReadPart: read,
}
