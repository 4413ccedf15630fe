package handhistory

import (
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"unicode/utf8"
)

// The tokens of an iPoker game's XML, from one of two sources that give
// the same tokens: a lexer for the plain XML the client writes, which
// takes substrings of the text and allocates nothing per token, and
// encoding/xml's strict Decoder for everything else. The lexer reads only
// what it is sure the Decoder reads the same way (ASCII names without a
// namespace prefix, quoted attribute values without entities, no
// comments, CDATA sections or processing instructions, every character
// one XML allows) and hands over to the Decoder, from the start of the
// text, at anything else: a malformed game gets the Decoder's error, and
// a well-formed one outside the lexer's subset the Decoder's tokens. Both
// run after ipkScan has checked the bounds.

// Token kinds.
const (
	ipkStart = iota + 1
	ipkEnd
	ipkText
	ipkOther // a comment, processing instruction or directive (Decoder only)
)

// ipkToken is one token: a start tag (name, attrs), an end tag (name) or
// character data (text, with \r\n and \r read as \n, as XML reads them);
// line is the line where it ends (as xml.Decoder.InputPos gives it).
type ipkToken struct {
	kind  int
	name  string
	attrs []ipkAttr
	text  string
	line  int
}

// ipkAttr is one attribute of a start tag.
type ipkAttr struct{ name, value string }

// attr returns the value of the first attribute named name, "" when none.
func (t *ipkToken) attr(name string) string {
	for _, a := range t.attrs {
		if a.name == name {
			return a.value
		}
	}
	return ""
}

// ipkXMLError is the Decoder's syntax error at line; restBlank tells
// whether nothing but white space follows the last complete token (a
// game cut off after a complete element).
type ipkXMLError struct {
	line      int
	msg       string
	restBlank bool
}

func (e *ipkXMLError) Error() string { return e.msg }

// errIpkHandOver is the lexer's way of saying the text is not in its
// subset: the caller starts again with the Decoder.
var errIpkHandOver = errors.New("ipoker: not plain XML")

// ipkSource yields a text's tokens: io.EOF at the end, errIpkHandOver
// (lexer only) or an *ipkXMLError (the lexer's only for a text cut off
// after a complete token). The token is valid until the next call.
type ipkSource interface {
	next() (*ipkToken, error)
}

// ipkDecoderSource reads tokens with encoding/xml's strict Decoder.
type ipkDecoderSource struct {
	d    *xml.Decoder
	text string
	line int // the line the text starts on
	tok  ipkToken
}

func newIpkDecoderSource(text string, line int) *ipkDecoderSource {
	d := xml.NewDecoder(strings.NewReader(text))
	// The text is UTF-8 already (Decode ran): a declared encoding is not
	// converted again.
	d.CharsetReader = func(_ string, r io.Reader) (io.Reader, error) { return r, nil }
	return &ipkDecoderSource{d: d, text: text, line: line}
}

func (s *ipkDecoderSource) next() (*ipkToken, error) {
	last := s.d.InputOffset()
	t, err := s.d.Token()
	if err == io.EOF {
		return nil, io.EOF
	}
	l, _ := s.d.InputPos()
	if err != nil {
		return nil, &ipkXMLError{line: s.line + l - 1, msg: ipkXMLErr(err), restBlank: strings.TrimSpace(s.text[last:]) == ""}
	}
	s.tok = ipkToken{line: s.line + l - 1, attrs: s.tok.attrs[:0]}
	switch t := t.(type) {
	case xml.StartElement:
		s.tok.kind, s.tok.name = ipkStart, t.Name.Local
		for _, a := range t.Attr {
			s.tok.attrs = append(s.tok.attrs, ipkAttr{a.Name.Local, a.Value})
		}
	case xml.EndElement:
		s.tok.kind, s.tok.name = ipkEnd, t.Name.Local
	case xml.CharData:
		s.tok.kind, s.tok.text = ipkText, string(t)
	default:
		s.tok.kind = ipkOther
	}
	return &s.tok, nil
}

// ipkXMLErr is an XML error's message without the decoder's line (the
// caller names the line).
func ipkXMLErr(err error) string {
	var se *xml.SyntaxError
	if errors.As(err, &se) {
		return se.Msg
	}
	return err.Error()
}

// ipkLexer reads the plain XML of a text (see above).
type ipkLexer struct {
	s     string
	pos   int
	line  int
	open  []string // the names of the elements open
	empty bool     // the last start tag closed itself: its end is next
	tok   ipkToken
}

// newIpkLexer returns a lexer of text starting on line, or nil when the
// text is not for the lexer (see reset).
func newIpkLexer(text string, line int) *ipkLexer {
	l := &ipkLexer{}
	if !l.reset(text, line) {
		return nil
	}
	return l
}

// reset readies l for text starting on line, keeping its buffers; false
// when the text has a character the lexer leaves to the Decoder: an entity
// or character reference, a "]]>", a character XML does not allow (which
// the Decoder reports), or invalid UTF-8.
func (l *ipkLexer) reset(text string, line int) bool {
	for i := 0; i < len(text); {
		// Eight bytes at a time while they are printable ASCII other
		// than '&' (most of a file).
		for ; i+8 <= len(text); i += 8 {
			w := uint64(text[i]) | uint64(text[i+1])<<8 | uint64(text[i+2])<<16 | uint64(text[i+3])<<24 |
				uint64(text[i+4])<<32 | uint64(text[i+5])<<40 | uint64(text[i+6])<<48 | uint64(text[i+7])<<56
			const ones, highs = 0x0101010101010101, 0x8080808080808080
			amp := w ^ ('&' * ones)
			if (w|(w-0x20*ones)|(amp-ones)&^amp)&highs != 0 {
				break // a byte >= 0x80, < 0x20 or '&' in this word
			}
		}
		if i >= len(text) {
			break
		}
		c := text[i]
		switch {
		case c >= 0x20 && c < utf8.RuneSelf && c != '&':
			i++
		case c == '\n' || c == '\t' || c == '\r':
			i++
		case c < utf8.RuneSelf: // '&' or a control character
			return false
		default:
			r, n := utf8.DecodeRuneInString(text[i:])
			if r == utf8.RuneError && n == 1 || r == 0xFFFE || r == 0xFFFF {
				return false
			}
			i += n
		}
	}
	if strings.Contains(text, "]]>") {
		return false
	}
	if l.open == nil {
		l.open, l.tok.attrs = make([]string, 0, 8), make([]ipkAttr, 0, 16)
	}
	*l = ipkLexer{s: text, line: line, open: l.open[:0], tok: ipkToken{attrs: l.tok.attrs[:0]}}
	return true
}

func (l *ipkLexer) next() (*ipkToken, error) {
	if l.empty {
		l.empty = false
		l.tok.kind, l.tok.attrs = ipkEnd, l.tok.attrs[:0]
		l.open = l.open[:len(l.open)-1]
		return &l.tok, nil
	}
	s := l.s
	start := l.pos
	if start >= len(s) {
		if len(l.open) > 0 {
			// The Decoder's error, after the last complete token.
			return nil, &ipkXMLError{line: l.line, msg: "unexpected EOF", restBlank: true}
		}
		return nil, io.EOF
	}
	if s[start] != '<' {
		end := strings.IndexByte(s[start:], '<')
		if end < 0 {
			end = len(s)
		} else {
			end += start
		}
		l.tok = ipkToken{kind: ipkText, text: ipkNewlines(s[start:end]), attrs: l.tok.attrs[:0]}
		l.advance(end)
		return &l.tok, nil
	}
	i := start + 1
	if i < len(s) && s[i] == '/' {
		name, j := ipkName(s, i+1)
		j = ipkSpace(s, j)
		if name == "" || j >= len(s) || s[j] != '>' || len(l.open) == 0 || l.open[len(l.open)-1] != name {
			return nil, errIpkHandOver
		}
		l.open = l.open[:len(l.open)-1]
		l.tok = ipkToken{kind: ipkEnd, name: name, attrs: l.tok.attrs[:0]}
		l.advance(j + 1)
		return &l.tok, nil
	}
	name, j := ipkName(s, i)
	if name == "" {
		return nil, errIpkHandOver // "<!", "<?", a bad name: the Decoder's
	}
	l.tok = ipkToken{kind: ipkStart, name: name, attrs: l.tok.attrs[:0]}
	for {
		j = ipkSpace(s, j)
		if j >= len(s) {
			return nil, errIpkHandOver
		}
		if s[j] == '>' {
			break
		}
		if s[j] == '/' {
			if j+1 >= len(s) || s[j+1] != '>' {
				return nil, errIpkHandOver
			}
			j++
			l.empty = true
			break
		}
		var a ipkAttr
		if a.name, j = ipkName(s, j); a.name == "" {
			return nil, errIpkHandOver
		}
		if j = ipkSpace(s, j); j >= len(s) || s[j] != '=' {
			return nil, errIpkHandOver
		}
		if j = ipkSpace(s, j+1); j >= len(s) || s[j] != '"' && s[j] != '\'' {
			return nil, errIpkHandOver
		}
		q := strings.IndexByte(s[j+1:], s[j])
		if q < 0 {
			return nil, errIpkHandOver
		}
		v := s[j+1 : j+1+q]
		if strings.IndexByte(v, '<') >= 0 {
			return nil, errIpkHandOver
		}
		a.value = ipkNewlines(v)
		l.tok.attrs = append(l.tok.attrs, a)
		j += q + 2
	}
	l.open = append(l.open, name)
	l.advance(j + 1)
	return &l.tok, nil
}

// advance moves the lexer to end, counting the lines it passes, and sets
// the token's line.
func (l *ipkLexer) advance(end int) {
	l.line += strings.Count(l.s[l.pos:end], "\n")
	l.pos = end
	l.tok.line = l.line
}

// ipkName returns the ASCII name without a namespace prefix at s[i:] and
// where it ends; "" when there is none or it is another kind of name (a
// colon or a non-ASCII letter in it: the Decoder's).
func ipkName(s string, i int) (string, int) {
	if i >= len(s) || !(s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z' || s[i] == '_') {
		return "", i
	}
	j := i + 1
	for j < len(s) {
		c := s[j]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '-' {
			j++
			continue
		}
		if c == ':' || c >= utf8.RuneSelf {
			return "", i
		}
		break
	}
	return s[i:j], j
}

// ipkSpace skips XML white space from s[i:].
func ipkSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\n' || s[i] == '\t' || s[i] == '\r') {
		i++
	}
	return i
}

// ipkNewlines returns s with \r\n and \r read as \n, as XML reads text
// and attribute values: s itself when it has no \r, and without
// allocating for the white space between the tags of a file with \r\n
// line ends (one \r\n, first).
func ipkNewlines(s string) string {
	k := strings.IndexByte(s, '\r')
	switch {
	case k < 0:
		return s
	case k == 0 && len(s) > 1 && s[1] == '\n' && strings.IndexByte(s[2:], '\r') < 0:
		return s[1:]
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}

// ipkTokens runs read over the tokens of text (starting on line): first
// from the lexer lx (reset for the text), and again from the start with
// the Decoder when the lexer hands over. read must start afresh on each
// call.
func ipkTokens(text string, line int, lx *ipkLexer, read func(src ipkSource) error) error {
	if lx.reset(text, line) {
		if err := read(lx); err != errIpkHandOver {
			return err
		}
	}
	return read(newIpkDecoderSource(text, line))
}
