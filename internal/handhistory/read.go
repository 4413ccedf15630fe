package handhistory

import (
	"errors"
)

// Format is a hand-history file format.
type Format string

// The formats Scoop reads.
const (
	FormatJSON       Format = "json"       // Scoop's canonical JSON: one Hand, an array of Hands, or JSON Lines
	FormatPHH        Format = "phh"        // PHH (TOML); .phhs files hold several hands
	FormatPokerStars Format = "pokerstars" // PokerStars text
)

// Entry is one hand read from a file: exactly one of Hand (read), Skipped
// (a hand that is not for Scoop: another game, a cancelled hand; with the
// reason) or Err (a malformed hand: a *fault.Error naming the line) is set.
type Entry struct {
	Index   int    // 1-based position of the hand within the file
	Line    int    // 1-based line where the hand starts, 0 when unknown
	Hand    *Hand  // the hand, when read
	Skipped string // why the hand was skipped
	Err     error  // why the hand could not be read
}

// Detect guesses the format of data from its content (name, the file name,
// is only a hint: ".phh"/".phhs", ".json"/".jsonl", ".txt").
func Detect(name string, data []byte) (Format, error) {
	return "", errors.New("handhistory: not built yet")
}

// Read reads every hand of a file in the given format. A malformed hand is
// an Entry with Err and the other hands are still read; the error return is
// for a file that cannot be read at all (not that format, not text).
func Read(f Format, data []byte) ([]Entry, error) {
	return nil, errors.New("handhistory: not built yet")
}
