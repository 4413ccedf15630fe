package kingsclub

import (
	"strings"

	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// Format is the format of Kings Club's text ("#N: Limit Omaha Hi-Lo -
// 40/80").
const Format handhistory.Format = "kingsclub"

// Reader reads Kings Club's text ("#39969218: Limit Omaha Hi-Lo - 40/80").
var Reader = handhistory.Reader{Format: Format, Name: "Kings Club", Signature: isHeader, HandStarts: handhistory.LineStarts(isHeader), ReadPart: func(data []byte, first int) ([]handhistory.Entry, error) {
	return sitetext.ReadHands(data, first, "Kings Club", "#39969218: Limit Omaha Hi-Lo - 40/80", isHeader, new(parser).parse)
}}

// isHeader reports whether l starts a Kings Club hand: "#N: " then a
// structure ("Limit ", "Pot Limit ", "No Limit "), the game and " - "
// with the stakes "SB/BB", amounts without a currency mark.
func isHeader(l string) bool {
	rest, ok := strings.CutPrefix(l, "#")
	k := strings.Index(rest, ": ")
	if !ok || k <= 0 || !sitetext.Digits(rest[:k]) {
		return false
	}
	g := rest[k+2:]
	if !strings.HasPrefix(g, "Limit ") && !strings.HasPrefix(g, "Pot Limit ") && !strings.HasPrefix(g, "No Limit ") {
		return false
	}
	_, stakes, ok := cutLast(g, " - ")
	return ok && stakesOK(stakes)
}

// stakesOK reports whether s reads as stakes "5/10", "500/1,000".
func stakesOK(s string) bool {
	a, b, ok := strings.Cut(s, "/")
	_, sa, ok1 := sitetext.ParseAmount(a, 100)
	_, sb, ok2 := sitetext.ParseAmount(b, 100)
	return ok && ok1 && ok2 && sa == "" && sb == ""
}

// cutLast cuts s around the last sep.
func cutLast(s, sep string) (before, after string, found bool) {
	k := strings.LastIndex(s, sep)
	if k < 0 {
		return s, "", false
	}
	return s[:k], s[k+len(sep):], true
}
