package handhistory

import (
	"fmt"
	"unicode/utf8"

	"github.com/scoophq/scoop/internal/fault"
)

// The bounds every reader enforces on what a client sends, checked before
// any recursive or super-linear decoder sees the text. Each is far above
// what a real hand needs.
const (
	// MaxActions is the most actions one hand may have (a real Omaha hand
	// has under ~150). A hand with more is a *fault.Error of kind
	// Impossible (HTTP 422) naming the limit, found by every reader as early
	// as it can: PHH and JSON before the actions are built, PokerStars as
	// soon as the line that passes it is read.
	MaxActions = 5000

	// MaxNesting is the deepest nesting of arrays, objects and inline
	// tables in JSON and PHH (TOML) text; a hand needs 5 at most. Deeper
	// text is a *fault.Error of kind Invalid naming the line, found by a
	// linear scan before the decoder (which recurses) sees it.
	MaxNesting = 16

	// MaxKeySegments is the most dotted parts a PHH (TOML) key may have,
	// counted over its whole path: the table header, the enclosing inline
	// tables and the key itself ("[a.b]" then "c = {d = 1}" is a.b.c.d, 4).
	// PHH keys have one. The TOML decoder's cost grows with the square of
	// it.
	MaxKeySegments = 8

	// MaxKeyBytes is the longest a PHH (TOML) key may be, in bytes of its
	// whole path as written (quotes and dots included).
	MaxKeyBytes = 128

	// MaxKeys is the most keys and table headers one PHH hand may have
	// (PHH defines about 40).
	MaxKeys = 256

	// MaxText is the longest, in bytes, any free-text string of a hand may
	// be (a player or table name, a site hand id, a currency...).
	MaxText = 256

	// MaxLineBytes is the longest line a text hand history (PokerStars and
	// the other sites' text formats) may have; a real one is under 300
	// bytes. A hand with a longer line is a *fault.Error of kind Invalid
	// naming the line, and nothing of that line is echoed beyond a short
	// prefix.
	MaxLineBytes = 8 << 10

	// MaxHandLines is the most non-blank lines one hand of a text format
	// (PokerStars, GGPoker, Winamax, Full Tilt, 888poker and PartyPoker)
	// may have: twice MaxActions, room for every action and the
	// seats and summary. A reader keeps no line past it (a hand's lines are
	// held while it is read): the hand is a *fault.Error of kind Invalid
	// naming the first line past the limit.
	MaxHandLines = 2 * MaxActions
	// MaxNotes is the most notes a hand read keeps (see LimitNotes): a
	// real record has a few; one of thousands of unknown lines would
	// otherwise store a note per line.
	MaxNotes = 100

	// MaxHands is the most hands (read, skipped or failed) one file may
	// hold: a 32 MiB upload of real hands holds about 30,000. Past it a
	// reader stops, and its last Entry is an error (kind Invalid) naming
	// the line where the rest of the file, not read, starts: a body of a
	// million bare hand headers costs memory for MaxHands entries at most.
	MaxHands = 100_000
)

// HandsFull reports whether entries already hold MaxHands entries; the
// first time it does, it appends the error Entry of the rest of the file,
// from line on. A reader calls it before adding an entry and stops
// reading when it returns true.
func HandsFull(entries *[]Entry, line int) bool {
	n := len(*entries)
	switch {
	case n < MaxHands:
		return false
	case n == MaxHands:
		*entries = append(*entries, Entry{Index: n + 1, Line: line, Err: &fault.Error{Kind: fault.Invalid, Line: line, Action: -1,
			Message: fmt.Sprintf("the file holds more than %d hands (MaxHands); the rest, from this line, is not read: split the file", MaxHands)}})
	}
	return true
}

// Clipped returns s shortened to at most 64 bytes (at a rune boundary,
// "..." added) for echoing client text in a message.
func Clipped(s string) string {
	const n = 64
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "..."
}

// TooManyActions is the error of a hand of more than MaxActions actions,
// n of them when known (n > MaxActions), found on line (0 when unknown).
func TooManyActions(line, n int) *fault.Error {
	what := fmt.Sprintf("more than %d actions", MaxActions)
	if n > MaxActions {
		what = fmt.Sprintf("%d actions", n)
	}
	return &fault.Error{Kind: fault.Impossible, Line: line, Field: "actions", Action: -1,
		Message: fmt.Sprintf("%s: a hand may have at most %d (MaxActions)", what, MaxActions)}
}

// jsonNesting checks, in one linear pass that allocates nothing, that no
// array or object of the JSON text data nests deeper than MaxNesting
// (brackets inside strings do not count). The error is a *fault.Error of
// kind Invalid naming the line (counted from firstLine) where the limit is
// passed; malformed JSON is left to the decoder.
func jsonNesting(data []byte, firstLine int) error {
	depth, line := 0, firstLine
	for i := 0; i < len(data); i++ {
		switch data[i] {
		case '\n':
			line++
		case '"':
			for i++; i < len(data) && data[i] != '"'; i++ {
				switch data[i] {
				case '\\':
					i++
				case '\n': // not JSON; keep counting lines
					line++
				}
			}
		case '[', '{':
			depth++
			if depth > MaxNesting {
				return &fault.Error{Kind: fault.Invalid, Line: line, Action: -1,
					Message: fmt.Sprintf("JSON nests arrays and objects deeper than %d (MaxNesting)", MaxNesting)}
			}
		case ']', '}':
			if depth > 0 {
				depth--
			}
		}
	}
	return nil
}
