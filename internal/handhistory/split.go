package handhistory

import "strings"

// HandStarts returns, for a format whose files can be cut into pieces
// that read as the same hands (Read of each piece, its entries' lines
// shifted, gives the file's entries), a function reporting whether a line
// starts a hand. It must be called with every non-blank line of the file
// in order (the 888poker and PartyPoker headers are groups of lines: a
// hand starts at the first of a group). ok is false for formats that are
// read only whole: iPoker XML, and Scoop JSON (whose JSON Lines form the
// caller may cut at each line itself). Durable imports (internal/jobs)
// cut uploads into chunks of hands with it.
func HandStarts(f Format) (starts func(line string) bool, ok bool) {
	trim := func(l string) string {
		l = strings.TrimPrefix(l, "\uFEFF")
		return strings.Trim(l, " \t\r\v\f\u00a0")
	}
	var is siteHeader
	switch f {
	case FormatPokerStars:
		is = psIsHeader
	case FormatGGPoker:
		is = ggIsHeader
	case FormatWinamax:
		is = wmIsHeader
	case FormatFullTilt:
		is = ftIsHeader
	case FormatPHH:
		return func(l string) bool {
			return strings.HasPrefix(strings.TrimLeft(l, " \t"), "[") && phhHeader.MatchString(strings.TrimRight(l, "\r\n"))
		}, true
	case FormatPacific, FormatParty:
		head := pacIsHeader
		if f == FormatParty {
			head = partyIsHeader
		}
		prev := false
		return func(l string) bool {
			h := head(trim(l))
			start := h && !prev
			prev = h
			return start
		}, true
	default:
		return nil, false
	}
	return func(l string) bool { return is(trim(l)) }, true
}
