package bovada

import (
	"strings"

	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// Format is the format of Bovada, Ignition and Bodog text ("Bovada Hand
// #N ...").
const Format handhistory.Format = "bovada"

// brands are the names the network's clients start a hand with ("<brand>
// Hand #N"), and the site each is stored as: Bodog's skins ("Bodog.com",
// "Bodog.eu", "Bodog UK", "Bodog Canada", "Bodog88") are Bodog.
var brands = [...]struct{ name, site string }{{"Bovada", "bovada"}, {"Ignition", "ignition"}, {"Bodog", "bodog"},
	{"Bodog.com", "bodog"}, {"Bodog.eu", "bodog"}, {"Bodog UK", "bodog"}, {"Bodog Canada", "bodog"}, {"Bodog88", "bodog"}}

// brandOf returns the brand whose "<brand> Hand #N" (or "#CN") starts l,
// and its site; "" when none does.
func brandOf(l string) (name, site string) {
	if l == "" || l[0] != 'B' && l[0] != 'I' {
		return "", ""
	}
	for _, b := range brands {
		rest, ok := strings.CutPrefix(l, b.name)
		if !ok {
			continue
		}
		if rest, ok = strings.CutPrefix(rest, " Hand #"); ok {
			rest = strings.TrimPrefix(rest, "C")
			if rest != "" && rest[0] >= '0' && rest[0] <= '9' {
				return b.name, b.site
			}
		}
	}
	return "", ""
}

// isHeader reports whether l starts a hand.
func isHeader(l string) bool {
	name, _ := brandOf(l)
	return name != ""
}

// Reader reads Bovada, Ignition and Bodog text ("Bovada Hand #2605762685
// TBL#1218245 OMAHA Pot Limit - 2012-05-14 00:54:46").
var Reader = handhistory.Reader{Format: Format, Name: "Bovada/Ignition", Signature: isHeader, HandStarts: handhistory.LineStarts(isHeader), ReadPart: func(data []byte, first int) ([]handhistory.Entry, error) {
	return sitetext.ReadHands(data, first, "Bovada/Ignition", "Bovada Hand #", isHeader, new(parser).parse)
}}
