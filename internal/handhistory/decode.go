package handhistory

import (
	"bytes"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"

	"github.com/scoophq/scoop/internal/fault"
)

// The charsets Decode reads.
const (
	CharsetUTF8        = "utf-8"
	CharsetUTF16LE     = "utf-16le"
	CharsetUTF16BE     = "utf-16be"
	CharsetWindows1252 = "windows-1252"
)

// Decode returns a hand-history file as UTF-8 text, and the charset it was
// read as: UTF-8 (with or without a byte-order mark) as is; UTF-16 with a
// byte-order mark (little- or big-endian) decoded, the mark dropped; any
// other text that is not valid UTF-8 decoded as Windows-1252 (a superset of
// printable Latin-1, in which sites write names like "Jérôme"; its five
// unassigned bytes become U+FFFD). It is the one decoding every reader
// path takes (Detect and Read call it), so the API and the command line
// read the same hands from the same bytes. Decoding valid UTF-8 costs one
// pass and no copy. The error is a *fault.Error of kind Invalid.
func Decode(data []byte) ([]byte, string, error) {
	var enc encoding.Encoding
	charset := CharsetWindows1252
	switch {
	case bytes.HasPrefix(data, []byte{0xFF, 0xFE}):
		enc, charset = unicode.UTF16(unicode.LittleEndian, unicode.ExpectBOM), CharsetUTF16LE
	case bytes.HasPrefix(data, []byte{0xFE, 0xFF}):
		enc, charset = unicode.UTF16(unicode.BigEndian, unicode.ExpectBOM), CharsetUTF16BE
	case utf8.Valid(data):
		return data, CharsetUTF8, nil
	default:
		enc = charmap.Windows1252
	}
	out, err := enc.NewDecoder().Bytes(data)
	if err != nil {
		return nil, charset, &fault.Error{Kind: fault.Invalid, Action: -1, Message: "the text is not " + charset, Err: err}
	}
	return out, charset, nil
}
