package handhistory

import (
	"fmt"
	"strings"
	"sync"
)

// Reader is one hand-history format: how Detect recognises it, how a file
// of it is cut into hands, and how it is read. A site's reader lives in
// its own folder (internal/handhistory/SITE) and is registered once, in
// internal/handhistory/sites; Read, Detect and HandStarts consult the
// registry. Every function must be safe for concurrent use.
type Reader struct {
	// Format names the format (the value of Hand.Format for the hands
	// it reads); unique in the registry.
	Format Format
	// Name is the site's or format's name in messages ("PokerStars").
	Name string
	// Signature reports whether one line of a file (trimmed of spaces,
	// tabs, CR and BOMs; never blank) shows the file is of this format. Detect
	// reads the lines of the first 64 KiB in order and takes the format
	// of the first line any registered reader's Signature accepts
	// (readers asked in registration order). Nil for formats Detect knows
	// by their whole text (see Sniff).
	Signature func(line string) bool
	// Sniff reports whether a file's text (decoded, a leading BOM and
	// blank space trimmed, its first 64 KiB) is of this format, for
	// formats without a line signature (XML, JSON, TOML); tried, in
	// registration order, when no line has a signature. Nil when
	// Signature is enough.
	Sniff func(head string) bool
	// Extensions are file-name endings (lower case, ".phh") that name the
	// format when nothing in the text does.
	Extensions []string
	// HandStarts returns a new function reporting whether a line starts
	// a hand (see the package function HandStarts); nil for a format read
	// only whole.
	HandStarts func() func(line string) bool
	// ReadPart reads every hand of data, a file or a part of one cut at a
	// hand's start (decoded UTF-8, see Decode), whose first line is line
	// first of the file (first >= 1; 1 for a whole file): every line the
	// entries name (Entry.Line, their errors', their skip reasons', their
	// hands' Notes) is counted from it, so that it is the file's. See the
	// package functions Read and ReadPart; Reader.Read reads a whole file.
	ReadPart func(data []byte, first int) ([]Entry, error)
}

// Read reads every hand of a whole file with r (ReadPart from line 1).
func (r Reader) Read(data []byte) ([]Entry, error) {
	return r.ReadPart(data, 1)
}

// registry is the list of registered readers, in registration order.
var registry struct {
	sync.RWMutex
	readers []Reader
}

// Register adds r to the readers Read, Detect and HandStarts consult. The
// error names a reader without a format or a ReadPart function, or a format
// registered twice. Safe for concurrent use; the registration order is the
// order of detection.
func Register(r Reader) error {
	if r.Format == "" || r.ReadPart == nil {
		return fmt.Errorf("handhistory: a reader needs a format and a ReadPart function (%q)", r.Name)
	}
	registry.Lock()
	defer registry.Unlock()
	for _, x := range registry.readers {
		if x.Format == r.Format {
			return fmt.Errorf("handhistory: format %q registered twice", r.Format)
		}
	}
	registry.readers = append(registry.readers, r)
	return nil
}

// Readers returns the registered readers, in registration order.
func Readers() []Reader {
	registry.RLock()
	defer registry.RUnlock()
	return append([]Reader(nil), registry.readers...)
}

// reader returns the registered reader of f.
func reader(f Format) (Reader, bool) {
	registry.RLock()
	defer registry.RUnlock()
	for _, r := range registry.readers {
		if r.Format == f {
			return r, true
		}
	}
	return Reader{}, false
}

// ReaderNames lists the registered readers' names for a message or a
// help text: "A, B or C", in the order Detect asks them.
func ReaderNames() string {
	rs := Readers()
	names := make([]string, len(rs))
	for i, r := range rs {
		names[i] = r.Name
	}
	switch len(names) {
	case 0:
		return "none: no reader is registered (import internal/handhistory/sites)"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// formatNames lists the registered formats for a message: "json, phh or
// pokerstars".
func formatNames() string {
	rs := Readers()
	names := make([]string, len(rs))
	for i, r := range rs {
		names[i] = string(r.Format)
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
