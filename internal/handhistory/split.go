package handhistory

// HandStarts returns, for a format whose files can be cut into pieces
// that read as the same hands (ReadPart of each piece from the file's line
// it starts on gives the file's entries, notes and lines included; only
// their indexes count from the piece's first hand), a function reporting
// whether a line starts a hand. It must be called with every non-blank
// line of the file in order (the 888poker and PartyPoker headers are
// groups of lines: a hand starts at the first of a group), and a new one
// got for each file.
// ok is false for formats that are read only whole: iPoker XML, and Scoop
// JSON (whose JSON Lines form the caller may cut at each line itself).
// Durable imports (internal/jobs) cut uploads into chunks of hands with
// it.
func HandStarts(f Format) (starts func(line string) bool, ok bool) {
	r, ok := reader(f)
	if !ok || r.HandStarts == nil {
		return nil, false
	}
	return r.HandStarts(), true
}

// LineStarts is the Reader.HandStarts of a format whose hand starts at
// every line isHeader accepts (trimmed as the text readers trim it).
func LineStarts(isHeader func(line string) bool) func() func(line string) bool {
	return func() func(string) bool {
		return func(l string) bool { return isHeader(trimLine(l)) }
	}
}

// GroupStarts is the Reader.HandStarts of a format whose hand starts with
// a group of header lines (888poker, PartyPoker): at a line isHeader
// accepts whose previous non-blank line it did not accept.
func GroupStarts(isHeader func(line string) bool) func() func(line string) bool {
	return func() func(string) bool {
		prev := false
		return func(l string) bool {
			h := isHeader(trimLine(l))
			start := h && !prev
			prev = h
			return start
		}
	}
}
