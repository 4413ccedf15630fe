package sitetext

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
)

// Line is one non-blank line of a text hand history.
type Line struct {
	N    int    // 1-based line number in the file
	S    string // the line with surrounding spaces, tabs, CR and BOMs trimmed (its first MaxLineBytes bytes when long)
	Long int    // the line's length in bytes when over MaxLineBytes, else 0
}

// lines iterates over the non-blank lines of a text, numbering every
// line (blank ones included) from the text's first line's number in its
// file (1 for a whole file). A line longer than MaxLineBytes is
// returned cut to MaxLineBytes with Long set: the reader reports it (see
// checkLong), nothing beyond the bound is looked at.
type lines struct {
	text string
	n    int
}

// newLines returns an iterator over text, whose first line is line first
// of its file (a leading UTF-8 BOM is dropped, as are BOMs starting a
// line: files concatenated with theirs).
func newLines(text string, first int) *lines {
	return &lines{text: strings.TrimPrefix(text, "\uFEFF"), n: first - 1}
}

// next returns the next non-blank line, false at the end of the text.
func (r *lines) next() (Line, bool) {
	for len(r.text) > 0 {
		var l string
		if i := strings.IndexByte(r.text, '\n'); i >= 0 {
			l, r.text = r.text[:i], r.text[i+1:]
		} else {
			l, r.text = r.text, ""
		}
		r.n++
		long := 0
		if len(l) > handhistory.MaxLineBytes {
			long, l = len(l), l[:handhistory.MaxLineBytes]
		}
		l = strings.TrimPrefix(l, "\uFEFF")
		l = strings.Trim(l, " \t\r\v\f\u00a0")
		if l == "" {
			continue
		}
		return Line{N: r.n, S: l, Long: long}, true
	}
	return Line{}, false
}

// Header reports whether a (trimmed) line starts a hand.
type Header func(line string) bool

// headerRegexp returns a Header matching re. The regexp's literal
// prefix, if any, is checked first, so lines that cannot match cost a
// string comparison, not a regexp run: anchor re with ^ and start it with
// literal text ("^Winamax Poker - ") for speed.
func headerRegexp(re *regexp.Regexp) Header {
	prefix, _ := re.LiteralPrefix()
	anchored := strings.HasPrefix(re.String(), "^")
	if !anchored {
		prefix = ""
	}
	return func(l string) bool {
		if prefix != "" && !strings.HasPrefix(l, prefix) {
			return false
		}
		return re.MatchString(l)
	}
}

// eachHand reads text's hands in turn (its lines numbered from first,
// see newLines), calling hand with each: its header line (a line
// isHeader accepts) and the non-blank lines up to the next header, at
// most MaxHandLines of them; over is the number of the first line past
// that bound (0 when none), whose lines are not kept. The slice is reused
// for the next hand: hand must not keep it. Only one hand's lines are
// held at a time. pre is the first non-blank line before the first
// header, if any (a preamble the reader should report, not drop
// silently).
func eachHand(text string, first int, isHeader Header, hand func(lines []Line, over int)) (pre *Line) {
	lines := make([]Line, 0, 64) // most hands' lines: no regrowth
	over := 0
	r := newLines(text, first)
	for {
		l, ok := r.next()
		if !ok {
			break
		}
		if isHeader(l.S) {
			if len(lines) > 0 {
				hand(lines, over)
			}
			lines, over = lines[:0], 0
		} else if len(lines) == 0 {
			if pre == nil {
				x := l
				pre = &x
			}
			continue
		}
		if len(lines) == handhistory.MaxHandLines {
			if over == 0 {
				over = l.N
			}
			continue
		}
		lines = append(lines, l)
	}
	if len(lines) > 0 {
		hand(lines, over)
	}
	return pre
}

// splitHands splits text into hands as eachHand reads them (from line
// 1), each hand's lines a slice of its own.
func splitHands(text string, isHeader Header) (pre *Line, hands [][]Line) {
	pre = eachHand(text, 1, isHeader, func(lines []Line, _ int) {
		hands = append(hands, slices.Clone(lines))
	})
	return pre, hands
}

// TooManyLines is the error of a hand of more than MaxHandLines lines,
// naming the first line past the bound.
func TooManyLines(line int) *fault.Error {
	return LineError(line, "a hand may have at most %d lines (MaxHandLines)", handhistory.MaxHandLines)
}

// entry reads one hand's lines with parse (over as eachHand
// gives it) as the index-th Entry: an error for a line over MaxLineBytes,
// else parse's hand, skip or error; a hand cut at MaxHandLines is an error
// naming the first line past it unless parse found one before.
func entry(index int, lines []Line, over int, parse ParseHand) handhistory.Entry {
	var (
		h    *handhistory.Hand
		skip string
		err  error
	)
	if err = checkLong(lines); err == nil {
		h, skip, err = parse(lines)
		if over > 0 && !ErrorBefore(err, over) {
			skip, err = "", TooManyLines(over)
		}
	}
	return handhistory.NewEntry(index, lines[0].N, h, skip, err)
}

// ErrorBefore reports whether err is a *fault.Error naming a line before
// line: for a hand cut at MaxHandLines, an error found in the lines kept
// (the actions limit passed, a bad card) is the hand's first and is
// reported rather than the cut.
func ErrorBefore(err error, line int) bool {
	var fe *fault.Error
	return errors.As(err, &fe) && fe.Line > 0 && fe.Line < line
}

// withPreamble returns entries with, when pre is set, a first Entry whose
// error names the text before the first hand header, the entries
// renumbered.
func withPreamble(pre *Line, entries []handhistory.Entry) []handhistory.Entry {
	if pre == nil {
		return entries
	}
	e := handhistory.Entry{Line: pre.N, Err: LineError(pre.N, "text before the first hand header: %s", Quote(pre.S))}
	entries = append([]handhistory.Entry{e}, entries...)
	for i := range entries {
		entries[i].Index = i + 1
	}
	return entries
}

// ParseHand reads one hand's lines (the header first): the hand, or a
// reason to skip it, or an error (a *fault.Error naming a line). On a skip
// or an error it may return the partial hand (its SiteHandID at least) so
// that the Entry names it.
type ParseHand func(lines []Line) (h *handhistory.Hand, skip string, err error)

// ReadHands is the driver of a site's text reader (its Reader.ReadPart):
// it splits data, whose first line is the file's line first, into hands
// by isHeader and reads each with parse, an Entry per hand (the other
// hands are still read when one fails), every line numbered in the file.
// Text before the first header is reported as a first Entry with an error
// naming its line. The error return is for data without any header (a
// *fault.Error of kind Invalid saying "no <site> hand header (<example>)
// found"). A hand with a line over MaxLineBytes, or with more than
// MaxHandLines lines, is an error naming that line before parse sees it.
func ReadHands(data []byte, first int, site, example string, isHeader Header, parse ParseHand) ([]handhistory.Entry, error) {
	var entries []handhistory.Entry
	pre := eachHand(string(data), first, isHeader, func(lines []Line, over int) {
		if handhistory.HandsFull(&entries, lines[0].N) {
			return
		}
		entries = append(entries, entry(len(entries)+1, lines, over, parse))
	})
	if len(entries) == 0 {
		return nil, &fault.Error{Kind: fault.Invalid, Action: -1, Message: fmt.Sprintf("no %s hand header (%q) found", site, example)}
	}
	return withPreamble(pre, entries), nil
}

// checkLong returns the error of the first line of lines longer than
// MaxLineBytes, nil when none is.
func checkLong(lines []Line) error {
	for _, l := range lines {
		if l.Long > 0 {
			return LineError(l.N, "the line is longer than %d bytes (MaxLineBytes), the most a hand history line may have", handhistory.MaxLineBytes)
		}
	}
	return nil
}

// LineError is a *fault.Error of kind Invalid naming line.
func LineError(line int, format string, args ...any) *fault.Error {
	return &fault.Error{Kind: fault.Invalid, Line: line, Action: -1, Message: fmt.Sprintf(format, args...)}
}

// Quote quotes a line for an error message, cut to 100 bytes (at a
// rune boundary) when longer.
func Quote(s string) string {
	if len(s) > 100 {
		cut := 100
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "..."
	}
	return strconv.Quote(s)
}

// symbols are the currency marks ParseAmount accepts before or
// after the number, longest first where one is a prefix of another.
var symbols = [...]string{"USD", "EUR", "GBP", "CAD", "CNY", "RMB", "INR", "US$", "C$", "$", "€", "£", "¥", "₹", "₩"}

// CurrencyCode returns the ISO 4217 code of a currency mark that
// ParseAmount returns ("$" -> "USD", "€" -> "EUR", "EUR" -> "EUR"),
// "" for none or an unknown one.
func CurrencyCode(sym string) string {
	switch sym {
	case "$", "US$", "USD":
		return "USD"
	case "€", "EUR":
		return "EUR"
	case "£", "GBP":
		return "GBP"
	case "C$", "CAD":
		return "CAD"
	case "¥", "CNY", "RMB":
		return "CNY"
	case "₹", "INR":
		return "INR"
	case "₩":
		return "KRW"
	}
	return ""
}

// ParseAmount parses a money amount as sites write it into integer
// units of 1/scale of the currency unit (scale 100: cents; scale 1: whole
// chips). It reads:
//
//   - a currency mark before or after the number, with or without a space
//     ("$1,234.50", "€0.10", "407.25€", "1 234,50 €", "USD 5", "5 EUR");
//   - thousands separators ',', '.', ' ', a no-break space or an apostrophe in
//     groups of three digits, and a decimal point '.' or ',' followed by
//     one or two digits ("1.234,50€", "1,234.5", "0,05€"); a lone
//     separator followed by exactly three digits is a thousands separator
//     ("1,500" is 1500), otherwise it is the decimal one;
//   - a sign is not read (amounts are never negative in a record).
//
// sym is the currency mark found ("" when none). ok is false for anything
// else: no digits, more than 15 integer digits, more than two decimals, a
// fraction of a chip at scale 1 (a zero fraction, "1500.00", is read), a
// mark on both sides, misplaced separators. It does not allocate.
func ParseAmount(s string, scale int64) (v int64, sym string, ok bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, "", false
	}
	if c := s[0]; c < '0' || c > '9' {
		for _, m := range symbols {
			if rest, found := strings.CutPrefix(s, m); found {
				s, sym = rest, m
				break
			}
		}
	}
	if sym == "" && (s[len(s)-1] < '0' || s[len(s)-1] > '9') {
		for _, m := range symbols {
			if rest, found := strings.CutSuffix(s, m); found {
				s, sym = rest, m
				break
			}
		}
	}
	s = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(s, "\u00a0"), "\u00a0"))
	if s == "" || s[0] < '0' || s[0] > '9' || s[len(s)-1] < '0' || s[len(s)-1] > '9' {
		return 0, "", false
	}
	// The decimal separator: the last '.' or ',' when it is followed by
	// one or two digits (not three), and no other '.'/',' after it.
	dec := -1
	if k := strings.LastIndexAny(s, ".,"); k >= 0 {
		after := len(s) - k - 1
		switch {
		case after == 1 || after == 2:
			dec = k
		case after > 3:
			return 0, "", false
		}
	}
	var whole, frac int64
	digits, fracDigits := 0, 0
	group := -1 // digits since the last thousands separator (-1: none seen)
	var sep string
	for i := 0; i < len(s); {
		b := s[i]
		switch {
		case b >= '0' && b <= '9':
			if dec >= 0 && i > dec {
				frac = frac*10 + int64(b-'0')
				fracDigits++
			} else {
				if digits == 15 {
					return 0, "", false
				}
				whole = whole*10 + int64(b-'0')
				digits++
				if group >= 0 {
					group++
				}
			}
			i++
			continue
		case i == dec:
			if group >= 0 && group != 3 {
				return 0, "", false
			}
			group = -1
			i++
			continue
		}
		// A thousands separator: after one to three digits at first, then
		// after exactly three, always the same one.
		w := 1
		if strings.HasPrefix(s[i:], "\u00a0") {
			w = len("\u00a0")
		} else if b != ',' && b != '.' && b != ' ' && b != '\'' {
			return 0, "", false
		}
		t := s[i : i+w]
		switch {
		case dec >= 0 && i > dec:
			return 0, "", false
		case group < 0 && (digits < 1 || digits > 3 || whole == 0): // "0.005" is not five
			return 0, "", false
		case group >= 0 && group != 3:
			return 0, "", false
		case sep != "" && sep != t:
			return 0, "", false
		}
		sep, group = t, 0
		i += w
	}
	if group >= 0 && group != 3 {
		return 0, "", false
	}
	if fracDigits == 1 {
		frac *= 10
	}
	switch scale {
	case 100:
		return whole*100 + frac, sym, true
	case 1:
		if frac != 0 {
			return 0, "", false
		}
		return whole, sym, true
	}
	if scale <= 0 {
		return 0, "", false
	}
	// Other scales: whole units and cents must divide evenly.
	if frac*scale%100 != 0 {
		return 0, "", false
	}
	return whole*scale + frac*scale/100, sym, true
}

// ParseCards parses a list of cards as sites write them: separated by
// spaces or commas, optionally inside one pair of brackets ("[Ah Kd 5c
// 2s]", "Ah,Kd", "10h Jd"), where an unseen card is "X", "x", "XX", "xx"
// or "??". known holds the cards seen, in order; unknown counts the unseen
// ones. The error is a *cards.ParseError naming the bad token.
func ParseCards(s string) (known cards.List, unknown int, err error) {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") {
		s = s[1 : len(s)-1]
	}
	if !strings.ContainsAny(s, "xX?") {
		known, err = cards.Parse(s)
		return known, 0, err
	}
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' }) {
		switch f {
		case "X", "x", "XX", "xx", "??", "?":
			unknown++
			continue
		}
		c, err := cards.Parse(f)
		if err != nil {
			return nil, 0, err
		}
		known = append(known, c...)
	}
	return known, unknown, nil
}

// CardsIn returns the cards of the first "[...]" of s (see
// ParseCards), and the rest of s after its "]". ok is false when s has
// no bracketed list.
func CardsIn(s string) (known cards.List, unknown int, rest string, ok bool, err error) {
	a := strings.IndexByte(s, '[')
	if a < 0 {
		return nil, 0, s, false, nil
	}
	b := strings.IndexByte(s[a:], ']')
	if b < 0 {
		return nil, 0, s, false, nil
	}
	known, unknown, err = ParseCards(s[a+1 : a+b])
	return known, unknown, s[a+b+1:], true, err
}

// Ignored lists a site's lines that have no bearing on the play (chat,
// table traffic): a line equal to one of Exact, starting with one of
// Prefixes, ending with one of Suffixes or holding one of Inner.
type Ignored struct {
	Exact, Prefixes, Suffixes, Inner []string
}

// Has reports whether s is one of the lines ig lists.
func (ig *Ignored) Has(s string) bool {
	for _, x := range ig.Exact {
		if s == x {
			return true
		}
	}
	for _, x := range ig.Prefixes {
		if strings.HasPrefix(s, x) {
			return true
		}
	}
	for _, x := range ig.Suffixes {
		if strings.HasSuffix(s, x) {
			return true
		}
	}
	for _, x := range ig.Inner {
		if strings.Contains(s, x) {
			return true
		}
	}
	return false
}
