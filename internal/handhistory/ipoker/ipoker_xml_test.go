package ipoker

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/readertest"
)

// tokenString is a token as the tests compare it.
func tokenString(t *token) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d %q line %d", t.kind, t.name, t.line)
	if t.kind == tokText {
		fmt.Fprintf(&b, " %q", t.text)
	}
	for _, a := range t.attrs {
		fmt.Fprintf(&b, " %s=%q", a.name, a.value)
	}
	return b.String()
}

// compareSources checks the lexer against encoding/xml's Decoder on
// text: every token the lexer gives is the Decoder's token at the same
// place (kind, name, attributes in order, text, line); at the end of the
// lexer's tokens the Decoder ends too, with the same error if any. It returns
// whether the lexer read the whole text (false: it handed over, or left
// the text to the Decoder from the start).
func compareSources(t *testing.T, text string) bool {
	t.Helper()
	lx := newLexer(text, 7)
	if lx == nil {
		return false
	}
	dec := newDecoderSource(text, 7)
	for n := 0; ; n++ {
		lt, lerr := lx.next()
		if lerr == errHandOver {
			return false
		}
		dt, derr := dec.next()
		for derr == nil && dt.kind == tokOther {
			dt, derr = dec.next()
		}
		if lerr == io.EOF {
			if derr != io.EOF {
				t.Fatalf("token %d: the lexer ends, the Decoder gives %v %v", n, dt, derr)
			}
			return true
		}
		if le, ok := lerr.(*xmlError); ok {
			if de, ok := derr.(*xmlError); !ok || *le != *de {
				t.Fatalf("token %d: the lexer's error %+v, the Decoder gives %v %+v", n, le, dt, derr)
			}
			return true
		}
		if derr != nil {
			t.Fatalf("token %d: the lexer gives %s, the Decoder %v", n, tokenString(lt), derr)
		}
		if l, d := tokenString(lt), tokenString(dt); l != d {
			t.Fatalf("token %d: the lexer gives %s, the Decoder %s", n, l, d)
		}
	}
}

// TestIPokerLexerReadsTheCorpus: every game and session header of the
// iPoker corpus is read by the lexer alone, token for token as the
// Decoder reads it; text outside the lexer's subset is left to the
// Decoder, never read differently.
func TestIPokerLexerReadsTheCorpus(t *testing.T) {
	t.Parallel()
	files := readertest.Files(t)
	if len(files) == 0 {
		t.Fatal("no iPoker corpus")
	}
	parts := 0
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if data, _, err = handhistory.Decode(data); err != nil {
			t.Fatal(err)
		}
		for _, p := range split(strings.ReplaceAll(string(data), "\uFEFF", ""), 1) {
			text := p.text
			if p.hdr {
				k := strings.LastIndex(text, "<general")
				if k < 0 {
					continue
				}
				text = text[k:]
				if e := strings.Index(text, "</general>"); e >= 0 {
					text = text[:e+len("</general>")]
				}
			}
			parts++
			if !compareSources(t, text) {
				t.Errorf("%s line %d: the lexer handed over", filepath.Base(name), p.line)
			}
		}
	}
	if parts < 20 {
		t.Errorf("%d parts read", parts)
	}
	for _, tt := range []struct {
		name, text string
		lexer      bool // read by the lexer alone
	}{
		{"self-closing and white space", "<a x = '1'\r\n y=\"2\"/><b\t>t\r\nu\rv</b >", true},
		{"CRLF line ends", "<a>\r\n  <b/>\r\n\r\n<c>\r\r\n</c>\r</a>\r\n", true},
		{"no space between attributes", `<a x="1"y="2"></a>`, true},
		{"attribute values with > and quotes", `<a x="1>2" y='"'></a>`, true},
		{"entity", `<a x="&amp;">&lt;</a>`, false},
		{"comment", `<a><!-- c --></a>`, false},
		{"namespace", `<a:b x="1"></a:b>`, false},
		{"non-ASCII name", `<é></é>`, false},
		{"mismatched end", `<a></b>`, false},
		{"cut off", "<a><b x=\"1\"/>\n", true},
		{"cut off in a tag", `<a><b x="1"`, false},
		{"unquoted value", `<a x=1></a>`, false},
		{"< in a value", `<a x="<"></a>`, false},
		{"control character", "<a>\x01</a>", false},
		{"invalid UTF-8", "<a>\xff</a>", false},
		{"]]> in text", `<a>]]></a>`, false},
		{"non-ASCII text", `<a x="€1">Zoë</a>`, true},
	} {
		if got := compareSources(t, tt.text); got != tt.lexer {
			t.Errorf("%s: read by the lexer %v, want %v", tt.name, got, tt.lexer)
		}
	}
	// A character left to the Decoder is seen wherever it falls in the
	// eight bytes the lexer checks at a time.
	for pad := range 17 {
		for _, c := range []string{"&amp;", "\x01", "\x7f", "\xff", "é", "\t"} {
			text := "<abc x=\"" + strings.Repeat("y", pad) + c + "\">" + strings.Repeat("z", pad) + c + "</abc>"
			want := c == "\x7f" || c == "é" || c == "\t" // allowed in XML, the others are not the lexer's
			if got := compareSources(t, text); got != want {
				t.Errorf("%q: read by the lexer %v, want %v", text, got, want)
			}
		}
	}
}

// FuzzIPokerLexer: on any text, the lexer's tokens are the Decoder's.
func FuzzIPokerLexer(f *testing.F) {
	f.Add(stdGame)
	f.Add("<a x = '1'\r\n y=\"2\"/><b\t>t\r\nu\rv</b >")
	f.Add(`<a x="1"y="2"></a><c></c>`)
	f.Add(`<a x="&amp;">&lt;</a>`)
	files := readertest.Files(f)
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		if data, _, err = handhistory.Decode(data); err != nil {
			f.Fatal(err)
		}
		for _, p := range split(string(data), 1) {
			f.Add(p.text)
		}
	}
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 1<<16 {
			return
		}
		compareSources(t, text)
	})
}

// TestIPokerSuitFirstCards: the suit-first card reader reads every token
// of two or three printable characters as cards.Parse reads its rank then
// its suit, when that is one card; it declines the others (left to
// cards.Parse).
func TestIPokerSuitFirstCards(t *testing.T) {
	t.Parallel()
	check := func(f string) {
		c, ok := suitFirst(f)
		want, err := cards.Parse(f[1:] + f[:1])
		if strings.IndexByte("SHDCshdc", f[0]) < 0 {
			err = errors.New("not suit first")
		}
		switch {
		case ok && (err != nil || len(want) != 1 || want[0] != c):
			t.Fatalf("%q: %v, cards.Parse %v %v", f, c, want, err)
		case !ok && err == nil && len(want) == 1 && f[1] != ',' && f[1] != ' ' && f[1] != '\t':
			t.Fatalf("%q: declined, cards.Parse %v", f, want)
		}
	}
	for a := byte(' '); a <= '~'; a++ {
		for b := byte(' '); b <= '~'; b++ {
			check(string([]byte{a, b}))
			for c := byte(' '); c <= '~'; c++ {
				check(string([]byte{a, b, c}))
			}
		}
	}
}

// TestIPokerPartialExport: a game whose players have no "bet" or "win"
// figure and no cards (fpdb's "partial format" export: the blinds, then
// nothing) is skipped as incomplete, naming its last line, instead of a
// bad amount; a game with its figures beside it is read.
func TestIPokerPartialExport(t *testing.T) {
	t.Parallel()
	head := "<session sessioncode=\"1\">\n <general>\n  <mode>real</mode>\n  <gametype>Omaha PL €5/€10</gametype>\n  <tablename>Belbeuf, 823983569</tablename>\n  <currency>EUR</currency>\n  <nickname>Hero</nickname>\n </general>\n"
	game := " <game gamecode=\"7372093672\">\n  <general>\n   <players>\n    <player chips=\"€1,214.15\" seat=\"3\" name=\"Player0\" dealer=\"0\"/>\n    <player chips=\"€782\" seat=\"10\" name=\"Player4\" dealer=\"1\"/>\n   </players>\n  </general>\n  <round no=\"0\">\n   <action player=\"Player4\" sum=\"€5\" type=\"1\" no=\"1\"/>\n   <action player=\"Player0\" sum=\"€10\" type=\"2\" no=\"2\"/>\n  </round>\n </game>\n"
	es, err := Reader.Read([]byte(head + game + "</session>\n"))
	if err != nil || len(es) != 1 {
		t.Fatalf("%+v, %v", es, err)
	}
	readertest.SkippedAs(t, es, 0, "incomplete hand (it stops at line 20)")
	// The same players with bet figures are not a partial export: their
	// missing win figure is the record's fault, a located error.
	full := strings.ReplaceAll(game, "dealer=", "bet=\"€10\" dealer=")
	if es, err = Reader.Read([]byte(head + full + "</session>\n")); err != nil || len(es) != 1 || es[0].Err == nil {
		t.Fatalf("%+v, %v", es, err)
	}
}
