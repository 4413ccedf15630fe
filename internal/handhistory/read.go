package handhistory

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/scoophq/scoop/internal/fault"
)

// Format is a hand-history file format.
type Format string

// The formats Scoop reads.
const (
	FormatJSON       Format = "json"       // Scoop's canonical JSON: one Hand, an array of Hands, or JSON Lines
	FormatPHH        Format = "phh"        // PHH (TOML); .phhs files hold several hands
	FormatPokerStars Format = "pokerstars" // PokerStars text (folder pokerstars)
	FormatIPoker     Format = "ipoker"     // iPoker XML (folder ipoker)
	FormatPacific    Format = "pacific"    // 888poker (Pacific, Cassava) text (folder pacific)
	FormatParty      Format = "partypoker" // PartyPoker text (folder party)
	FormatGGPoker    Format = "ggpoker"    // GGPoker text (folder ggpoker)
	FormatWinamax    Format = "winamax"    // Winamax text (folder winamax)
	FormatFullTilt   Format = "fulltilt"   // Full Tilt Poker text (folder fulltilt)
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
	// ID is the site's hand id when the reader knows it (a read hand's
	// SiteHandID; for a skipped or failed hand, that of the partial hand
	// the reader passed along), "" otherwise.
	ID string
}

// NewEntry is the Entry of the index-th hand, starting at line, read as
// h, skipped for skip, or failed with err (err wins, then skip). A reader
// may pass a partial h (its SiteHandID at least) with skip or err: only its
// SiteHandID is kept, as ID.
func NewEntry(index, line int, h *Hand, skip string, err error) Entry {
	e := Entry{Index: index, Line: line}
	if h != nil {
		e.ID = h.SiteHandID
	}
	switch {
	case err != nil:
		e.Err = err
	case skip != "":
		e.Skipped = skip
	default:
		e.Hand = h
	}
	return e
}

// Detect guesses the format of data from its content (name, the file name,
// is only a hint: ".phh"/".phhs", ".json"/".jsonl", ".txt"), with the
// registered readers (see Reader): the first line among the first 64 KiB
// (after an optional UTF-8 BOM and blank lines) that a reader's Signature
// accepts names the format, so a preamble may come before the first hand
// header; else the first reader whose Sniff accepts the text (iPoker XML,
// Scoop JSON, PHH); else the file name's ending. A file of a site Scoop has
// no reader for is named ("unsupported site: Everleaf"). The text is first
// decoded as Read decodes it (see Decode). The error is a *fault.Error of
// kind Invalid.
func Detect(name string, data []byte) (Format, error) {
	data, _, err := Decode(data)
	if err != nil {
		return "", err
	}
	body := bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	text := strings.TrimLeft(string(body), " \t\r\n")
	if text == "" {
		return "", fault.New(fault.Invalid, "%s is empty", nameOr(name))
	}
	readers := Readers()
	head := text[:min(len(text), 64<<10)]
	if f := detectLine(readers, head); f != "" {
		return f, nil
	}
	for _, r := range readers {
		if r.Sniff != nil && r.Sniff(head) {
			return r.Format, nil
		}
	}
	lower := strings.ToLower(name)
	for _, r := range readers {
		for _, ext := range r.Extensions {
			if strings.HasSuffix(lower, ext) {
				return r.Format, nil
			}
		}
	}
	if site := unsupportedSite(head); site != "" { // a site Scoop has no reader for: named
		return "", fault.New(fault.Invalid, "%s: unsupported site: %s", nameOr(name), site)
	}
	return "", fault.New(fault.Invalid, "%s is not a hand history Scoop reads (%s)", nameOr(name), ReaderNames())
}

// detectLine returns the format of the first line of head that a reader's
// Signature accepts, "" when none does.
func detectLine(readers []Reader, head string) Format {
	sigs := make([]Reader, 0, len(readers))
	for _, r := range readers {
		if r.Signature != nil {
			sigs = append(sigs, r)
		}
	}
	if len(sigs) == 0 {
		return ""
	}
	var f Format
	eachLine(head, func(l string) bool {
		for _, r := range sigs {
			if r.Signature(l) {
				f = r.Format
				return false
			}
		}
		return true
	})
	return f
}

// trimLine is a line as the text readers see it: a BOM (files
// concatenated with theirs) and surrounding spaces, tabs, CR, and
// no-break spaces dropped.
func trimLine(l string) string {
	l = strings.TrimPrefix(l, "\uFEFF")
	return strings.Trim(l, " \t\r\v\f\u00a0")
}

// unsupportedSites are the signatures of hand histories of sites Scoop
// has no reader for: a line starting with prefix names the site. A site
// that gets a reader is recognised by it first (Detect asks the readers
// before this list).
var unsupportedSites = []struct{ prefix, site string }{
	{"Everleaf Gaming Game #", "Everleaf"},
	{"Stage #", "Merge Gaming"},
	{"Hand #", "an unknown site (\"Hand #\" header)"},
}

// unsupportedSite returns the name of the site whose hand history text
// is, by the first matching signature among the first 200 non-blank lines
// of head, when Scoop has no reader for it; "" when none matches.
func unsupportedSite(head string) string {
	site, n := "", 0
	eachLine(head, func(l string) bool {
		for _, u := range unsupportedSites {
			if strings.HasPrefix(l, u.prefix) {
				site = u.site
				return false
			}
		}
		n++
		return n < 200
	})
	return site
}

// eachLine calls fn with each non-blank line of text, trimmed (see
// trimLine), until fn returns false.
func eachLine(text string, fn func(l string) bool) {
	for len(text) > 0 {
		var l string
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			l, text = text[:i], text[i+1:]
		} else {
			l, text = text, ""
		}
		if l = trimLine(l); l != "" && !fn(l) {
			return
		}
	}
}

func nameOr(name string) string {
	if name == "" {
		return "the input"
	}
	return name
}

// Read reads every hand of a file in the given format. A malformed hand is
// an Entry with Err and the other hands are still read; the error return is
// for a file that cannot be read at all (not that format, not text). The
// text is first decoded to UTF-8 (see Decode): UTF-16 and Windows-1252
// files read as their UTF-8 twins. Every hand read passes Validate. Lines
// are numbered from 1 (see ReadPart).
func Read(f Format, data []byte) ([]Entry, error) {
	return ReadPart(f, data, 1)
}

// ReadPart is Read of data that is a part of a file starting on the file's
// line first (a chunk cut before a line HandStarts accepts; 0 or 1: the
// file's start): the lines the entries name (Entry.Line, the errors' and
// skip reasons' lines, the hands' Notes) are the file's, so that a hand
// read from its chunk is the hand read from the whole file. Entry.Index
// still counts from 1 within data.
func ReadPart(f Format, data []byte, first int) ([]Entry, error) {
	data, _, err := Decode(data)
	if err != nil {
		return nil, err
	}
	if r, ok := reader(f); ok {
		es, err := r.ReadPart(data, max(first, 1))
		for _, e := range es {
			if e.Hand != nil {
				e.Hand.Notes = LimitNotes(e.Hand.Notes)
			}
		}
		return es, err
	}
	return nil, fault.Field(fault.Invalid, "format", "unknown format %q (want %s)", string(f), formatNames())
}

// LimitNotes keeps at most MaxNotes of a hand's notes: past that, the
// first MaxNotes-1 and one saying how many were left out. A record of
// thousands of lines no reader knows (each a note) would otherwise carry
// them all into its stored hand and verdict. Notes already limited are
// left as they are (a hand written out and read again keeps its notes).
func LimitNotes(notes []string) []string {
	if len(notes) <= MaxNotes {
		return notes
	}
	kept := MaxNotes - 1
	return append(notes[:kept:kept], fmt.Sprintf("and %d more notes, not kept (a hand keeps %d)", len(notes)-kept, MaxNotes))
}
