package bovada

import (
	"strings"

	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// Format is the format of Bovada, Ignition and Bodog text ("Bovada Hand
// #N ...").
const Format handhistory.Format = "bovada"

// brands are the names the network's clients start a hand with, and
// their "<brand> Hand #".
var brands = [...]struct{ name, head string }{{"Bovada", "Bovada Hand #"}, {"Ignition", "Ignition Hand #"}, {"Bodog", "Bodog Hand #"}}

// brandOf returns the brand whose "<brand> Hand #N" starts l, "" when
// none does.
func brandOf(l string) string {
	if l == "" || l[0] != 'B' && l[0] != 'I' {
		return ""
	}
	for _, b := range brands {
		if rest, ok := strings.CutPrefix(l, b.head); ok && rest != "" && rest[0] >= '0' && rest[0] <= '9' {
			return b.name
		}
	}
	return ""
}

// isHeader reports whether l starts a hand.
func isHeader(l string) bool { return brandOf(l) != "" }

// Reader reads Bovada, Ignition and Bodog text ("Bovada Hand #2605762685
// TBL#1218245 OMAHA Pot Limit - 2012-05-14 00:54:46").
var Reader = handhistory.Reader{Format: Format, Name: "Bovada/Ignition", Signature: isHeader, HandStarts: handhistory.LineStarts(isHeader), ReadPart: func(data []byte, first int) ([]handhistory.Entry, error) {
	return sitetext.ReadHands(data, first, "Bovada/Ignition", "Bovada Hand #", isHeader, new(parser).parse)
}}
