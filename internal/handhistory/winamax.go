package handhistory

import "strings"

func wmIsHeader(l string) bool { return strings.HasPrefix(l, "Winamax Poker - ") }

func readWinamax(data []byte) ([]Entry, error) {
	return readSiteHands(data, "Winamax", "Winamax Poker - ", wmIsHeader, func(lines []siteLine) (*Hand, string, error) {
		return nil, "", siteErr(lines[0].N, "Winamax: not yet read")
	})
}
