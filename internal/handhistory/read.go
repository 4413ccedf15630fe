package handhistory

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/scoophq/scoop/internal/fault"
)

// Format is a hand-history file format.
type Format string

// The formats Scoop reads.
const (
	FormatJSON       Format = "json"       // Scoop's canonical JSON: one Hand, an array of Hands, or JSON Lines
	FormatPHH        Format = "phh"        // PHH (TOML); .phhs files hold several hands
	FormatPokerStars Format = "pokerstars" // PokerStars text
	FormatIPoker     Format = "ipoker"     // iPoker XML (ipoker.go)
	FormatPacific    Format = "pacific"    // 888poker (Pacific, Cassava) text (pacific.go)
	FormatParty      Format = "partypoker" // PartyPoker text (party.go)
	FormatGGPoker    Format = "ggpoker"    // GGPoker text (ggpoker.go)
	FormatWinamax    Format = "winamax"    // Winamax text (winamax.go)
	FormatFullTilt   Format = "fulltilt"   // Full Tilt Poker text (fulltilt.go)
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

// newEntry is the Entry of the index-th hand, starting at line, read as
// h, skipped for skip, or failed with err (err wins, then skip). A reader
// may pass a partial h (its SiteHandID at least) with skip or err: only its
// SiteHandID is kept, as ID.
func newEntry(index, line int, h *Hand, skip string, err error) Entry {
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

// pokerStarsHeaders begin a PokerStars hand ("PokerStars Game #" also
// begins the Zoom form "PokerStars Game #PokerStars Zoom Hand #N:"), or a
// hand of a client writing PokerStars' format under its own header (Run
// It Once Poker); Upoker's hands carry PokerStars' own header.
var pokerStarsHeaders = []string{
	"PokerStars Hand #",
	"PokerStars Game #",
	"PokerStars Zoom Hand #",
	"PokerStars Home Game Hand #",
	"PokerStars Home Game #",
	"Run It Once Poker Hand #",
}

var (
	phhKeyLine = regexp.MustCompile(`(?m)^\s*(variant|actions|starting_stacks)\s*=`)
	jsonStart  = regexp.MustCompile(`^\[\s*(\{|\]|$)`)
)

// Detect guesses the format of data from its content (name, the file name,
// is only a hint: ".phh"/".phhs", ".json"/".jsonl", ".txt"). It recognises
// PokerStars text by its first hand header after an optional UTF-8 BOM and
// blank lines, JSON by a leading '{' or '[' followed by an object, and PHH
// by a "[N]" header or a variant, actions or starting_stacks key. The text
// is first decoded as Read decodes it (see Decode). The error is a
// *fault.Error of kind Invalid.
func Detect(name string, data []byte) (Format, error) {
	data, _, err := Decode(data)
	if err != nil {
		return "", err
	}
	body := bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	text := strings.TrimLeft(string(body), " \t\r\n")
	for _, h := range pokerStarsHeaders {
		if strings.HasPrefix(text, h) {
			return FormatPokerStars, nil
		}
	}
	if f := detectSiteText(text); f != "" { // GGPoker, Winamax, Full Tilt, Run It Once (sitetext.go)
		return f, nil
	}
	if f := detectIPkPacParty(text); f != "" { // iPoker XML, 888/Pacific, PartyPoker (sitebuild.go)
		return f, nil
	}
	lower := strings.ToLower(name)
	switch {
	case strings.HasPrefix(text, "{"):
		return FormatJSON, nil
	case strings.HasPrefix(text, "["):
		first, _, _ := strings.Cut(text, "\n")
		if phhHeader.MatchString(strings.TrimRight(first, "\r")) {
			return FormatPHH, nil
		}
		if jsonStart.MatchString(text) {
			return FormatJSON, nil
		}
	case phhKeyLine.MatchString(text):
		return FormatPHH, nil
	case text == "":
		return "", fault.New(fault.Invalid, "%s is empty", nameOr(name))
	}
	switch {
	case strings.HasSuffix(lower, ".phh"), strings.HasSuffix(lower, ".phhs"):
		return FormatPHH, nil
	case strings.HasSuffix(lower, ".json"), strings.HasSuffix(lower, ".jsonl"):
		return FormatJSON, nil
	}
	// A PokerStars file may carry a preamble (a tournament summary, a note)
	// before its first hand: look for a hand header at the start of a line
	// in the first 64 KiB. The reader reports the preamble as an entry.
	head := text[:min(len(text), 64<<10)]
	for _, h := range pokerStarsHeaders {
		if strings.Contains(head, "\n"+h) {
			return FormatPokerStars, nil
		}
	}
	if site := unsupportedSite(text); site != "" { // a site Scoop has no reader for: named (sitetext.go)
		return "", fault.New(fault.Invalid, "%s: unsupported site: %s", nameOr(name), site)
	}
	return "", fault.New(fault.Invalid, "%s is not a hand history Scoop reads (PokerStars, GGPoker, Winamax, iPoker XML, 888, PartyPoker or Full Tilt text, PHH or Scoop JSON)", nameOr(name))
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
// files read as their UTF-8 twins. Every hand read passes Validate.
func Read(f Format, data []byte) ([]Entry, error) {
	data, _, err := Decode(data)
	if err != nil {
		return nil, err
	}
	switch f {
	case FormatJSON:
		return readJSON(data)
	case FormatPHH:
		return readPHH(data)
	case FormatPokerStars:
		return readPokerStars(data)
	case FormatIPoker:
		return readIPoker(data)
	case FormatPacific:
		return readPacific(data)
	case FormatParty:
		return readParty(data)
	case FormatGGPoker:
		return readGGPoker(data)
	case FormatWinamax:
		return readWinamax(data)
	case FormatFullTilt:
		return readFullTilt(data)
	}
	return nil, fault.Field(fault.Invalid, "format", "unknown format %q (want json, phh or pokerstars)", string(f))
}
