package ipoker

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
// run after scan has checked the bounds.

// Token kinds.
const (
	tokStart = iota + 1
	tokEnd
	tokText
	tokOther // a comment, processing instruction or directive (Decoder only)
)

// token is one token: a start tag (name, attrs), an end tag (name) or
// character data (text, with \r\n and \r read as \n, as XML reads them);
// line is the line where it ends (as xml.Decoder.InputPos gives it).
type token struct {
	kind  int
	name  string
	attrs []attr
	text  string
	line  int
}

// attr is one attribute of a start tag.
type attr struct{ name, value string }

// attr returns the value of the first attribute named name, "" when none.
func (t *token) attr(name string) string {
	for _, a := range t.attrs {
		if a.name == name {
			return a.value
		}
	}
	return ""
}

// xmlError is the Decoder's syntax error at line; restBlank tells
// whether nothing but white space follows the last complete token (a
// game cut off after a complete element).
type xmlError struct {
	line      int
	msg       string
	restBlank bool
}

func (e *xmlError) Error() string { return e.msg }

// errHandOver is the lexer's way of saying the text is not in its
// subset: the caller starts again with the Decoder.
var errHandOver = errors.New("ipoker: not plain XML")

// source yields a text's tokens: io.EOF at the end, errHandOver
// (lexer only) or an *xmlError (the lexer's only for a text cut off
// after a complete token). The token is valid until the next call.
type source interface {
	next() (*token, error)
}

// decoderSource reads tokens with encoding/xml's strict Decoder.
type decoderSource struct {
	d    *xml.Decoder
	text string
	line int // the line the text starts on
	tok  token
}

func newDecoderSource(text string, line int) *decoderSource {
	d := xml.NewDecoder(strings.NewReader(text))
	// The text is UTF-8 already (Decode ran): a declared encoding is not
	// converted again.
	d.CharsetReader = func(_ string, r io.Reader) (io.Reader, error) { return r, nil }
	return &decoderSource{d: d, text: text, line: line}
}

func (s *decoderSource) next() (*token, error) {
	last := s.d.InputOffset()
	t, err := s.d.Token()
	if err == io.EOF {
		return nil, io.EOF
	}
	l, _ := s.d.InputPos()
	if err != nil {
		return nil, &xmlError{line: s.line + l - 1, msg: xmlErr(err), restBlank: strings.TrimSpace(s.text[last:]) == ""}
	}
	s.tok = token{line: s.line + l - 1, attrs: s.tok.attrs[:0]}
	switch t := t.(type) {
	case xml.StartElement:
		s.tok.kind, s.tok.name = tokStart, t.Name.Local
		for _, a := range t.Attr {
			s.tok.attrs = append(s.tok.attrs, attr{a.Name.Local, a.Value})
		}
	case xml.EndElement:
		s.tok.kind, s.tok.name = tokEnd, t.Name.Local
	case xml.CharData:
		s.tok.kind, s.tok.text = tokText, string(t)
	default:
		s.tok.kind = tokOther
	}
	return &s.tok, nil
}

// xmlErr is an XML error's message without the decoder's line (the
// caller names the line).
func xmlErr(err error) string {
	var se *xml.SyntaxError
	if errors.As(err, &se) {
		return se.Msg
	}
	return err.Error()
}

// lexer reads the plain XML of a text (see above).
type lexer struct {
	s     string
	pos   int
	line  int
	open  []string // the names of the elements open
	empty bool     // the last start tag closed itself: its end is next
	tok   token
}

// newLexer returns a lexer of text starting on line, or nil when the
// text is not for the lexer (see reset).
func newLexer(text string, line int) *lexer {
	l := &lexer{}
	if !l.reset(text, line) {
		return nil
	}
	return l
}

// reset readies l for text starting on line, keeping its buffers; false
// when the text has a character the lexer leaves to the Decoder: an entity
// or character reference, a "]]>", a character XML does not allow (which
// the Decoder reports), or invalid UTF-8.
func (l *lexer) reset(text string, line int) bool {
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
		l.open, l.tok.attrs = make([]string, 0, 8), make([]attr, 0, 16)
	}
	*l = lexer{s: text, line: line, open: l.open[:0], tok: token{attrs: l.tok.attrs[:0]}}
	return true
}

func (l *lexer) next() (*token, error) {
	if l.empty {
		l.empty = false
		l.tok.kind, l.tok.attrs = tokEnd, l.tok.attrs[:0]
		l.open = l.open[:len(l.open)-1]
		return &l.tok, nil
	}
	s := l.s
	start := l.pos
	if start >= len(s) {
		if len(l.open) > 0 {
			// The Decoder's error, after the last complete token.
			return nil, &xmlError{line: l.line, msg: "unexpected EOF", restBlank: true}
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
		l.tok = token{kind: tokText, text: newlines(s[start:end]), attrs: l.tok.attrs[:0]}
		l.advance(end)
		return &l.tok, nil
	}
	i := start + 1
	if i < len(s) && s[i] == '/' {
		name, j := xmlName(s, i+1)
		j = space(s, j)
		if name == "" || j >= len(s) || s[j] != '>' || len(l.open) == 0 || l.open[len(l.open)-1] != name {
			return nil, errHandOver
		}
		l.open = l.open[:len(l.open)-1]
		l.tok = token{kind: tokEnd, name: name, attrs: l.tok.attrs[:0]}
		l.advance(j + 1)
		return &l.tok, nil
	}
	name, j := xmlName(s, i)
	if name == "" {
		return nil, errHandOver // "<!", "<?", a bad name: the Decoder's
	}
	l.tok = token{kind: tokStart, name: name, attrs: l.tok.attrs[:0]}
	for {
		j = space(s, j)
		if j >= len(s) {
			return nil, errHandOver
		}
		if s[j] == '>' {
			break
		}
		if s[j] == '/' {
			if j+1 >= len(s) || s[j+1] != '>' {
				return nil, errHandOver
			}
			j++
			l.empty = true
			break
		}
		var a attr
		if a.name, j = xmlName(s, j); a.name == "" {
			return nil, errHandOver
		}
		if j = space(s, j); j >= len(s) || s[j] != '=' {
			return nil, errHandOver
		}
		if j = space(s, j+1); j >= len(s) || s[j] != '"' && s[j] != '\'' {
			return nil, errHandOver
		}
		q := strings.IndexByte(s[j+1:], s[j])
		if q < 0 {
			return nil, errHandOver
		}
		v := s[j+1 : j+1+q]
		if strings.IndexByte(v, '<') >= 0 {
			return nil, errHandOver
		}
		a.value = newlines(v)
		l.tok.attrs = append(l.tok.attrs, a)
		j += q + 2
	}
	l.open = append(l.open, name)
	l.advance(j + 1)
	return &l.tok, nil
}

// advance moves the lexer to end, counting the lines it passes, and sets
// the token's line.
func (l *lexer) advance(end int) {
	l.line += strings.Count(l.s[l.pos:end], "\n")
	l.pos = end
	l.tok.line = l.line
}

// xmlName returns the ASCII name without a namespace prefix at s[i:] and
// where it ends; "" when there is none or it is another kind of name (a
// colon or a non-ASCII letter in it: the Decoder's).
func xmlName(s string, i int) (string, int) {
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

// space skips XML white space from s[i:].
func space(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\n' || s[i] == '\t' || s[i] == '\r') {
		i++
	}
	return i
}

// newlines returns s with \r\n and \r read as \n, as XML reads text
// and attribute values: s itself when it has no \r, and without
// allocating for the white space between the tags of a file with \r\n
// line ends (one \r\n, first).
func newlines(s string) string {
	k := strings.IndexByte(s, '\r')
	switch {
	case k < 0:
		return s
	case k == 0 && len(s) > 1 && s[1] == '\n' && strings.IndexByte(s[2:], '\r') < 0:
		return s[1:]
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}

// tokens runs read over the tokens of text (starting on line): first
// from the lexer lx (reset for the text), and again from the start with
// the Decoder when the lexer hands over. read must start afresh on each
// call.
func tokens(text string, line int, lx *lexer, read func(src source) error) error {
	if lx.reset(text, line) {
		if err := read(lx); err != errHandOver {
			return err
		}
	}
	return read(newDecoderSource(text, line))
}
