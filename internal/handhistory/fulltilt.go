package handhistory

import "strings"

func ftIsHeader(l string) bool {
	return strings.HasPrefix(l, "Full Tilt Poker Game #") || strings.HasPrefix(l, "FullTiltPoker Game #")
}

func readFullTilt(data []byte) ([]Entry, error) {
	return readSiteHands(data, "Full Tilt", "Full Tilt Poker Game #", ftIsHeader, func(lines []siteLine) (*Hand, string, error) {
		return nil, "", siteErr(lines[0].N, "Full Tilt: not yet read")
	})
}
