package handhistory

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/fault"
)

func TestParseSiteAmount(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in    string
		scale int64
		want  int64
		sym   string
		ok    bool
	}{
		{"$1,234.50", 100, 123450, "$", true},
		{"407.25€", 100, 40725, "€", true},
		{"1 234,50 €", 100, 123450, "€", true},
		{"1\u00a0234,50\u00a0€", 100, 123450, "€", true},
		{"1.234,50€", 100, 123450, "€", true},
		{"0,05€", 100, 5, "€", true},
		{"€0.10", 100, 10, "€", true},
		{"$0.5", 100, 50, "$", true},
		{"$155", 100, 15500, "$", true},
		{"1,500", 1, 1500, "", true},
		{"1,234,567", 1, 1234567, "", true},
		{"1500.00", 1, 1500, "", true},
		{"USD 5", 100, 500, "USD", true},
		{"5 EUR", 100, 500, "EUR", true},
		{"1500.5", 1, 0, "", false},
		{"0.005", 100, 0, "", false},
		{"1.2345", 100, 0, "", false},
		{"1234.567", 100, 0, "", false},
		{"12,34,567", 1, 0, "", false},
		{"1,234.567", 100, 0, "", false},
		{"1,23,4", 100, 0, "", false},
		{"1,234 567", 1, 0, "", false},
		{"$", 100, 0, "", false},
		{"", 100, 0, "", false},
		{"-5", 100, 0, "", false},
		{"$5€", 100, 0, "", false},
		{"1234567890123456", 1, 0, "", false},
		{"5.", 100, 0, "", false},
	} {
		v, sym, ok := parseSiteAmount(c.in, c.scale)
		if v != c.want || sym != c.sym || ok != c.ok {
			t.Errorf("parseSiteAmount(%q, %d) = %d, %q, %v; want %d, %q, %v", c.in, c.scale, v, sym, ok, c.want, c.sym, c.ok)
		}
	}
}

func TestParseSiteCards(t *testing.T) {
	t.Parallel()
	k, u, err := parseSiteCards("[Ah X 10d x]")
	if err != nil || k.String() != "AhTd" || u != 2 {
		t.Fatalf("got %v %d %v", k, u, err)
	}
	k, u, err = parseSiteCards("Ah,Kd")
	if err != nil || k.String() != "AhKd" || u != 0 {
		t.Fatalf("got %v %d %v", k, u, err)
	}
	if _, _, err := parseSiteCards("[Ah Zz]"); err == nil {
		t.Fatal("bad card read")
	}
	k, _, rest, ok, err := siteCardsIn("shows [Ah Kd] (a pair)")
	if !ok || err != nil || k.String() != "AhKd" || rest != " (a pair)" {
		t.Fatalf("got %v %q %v %v", k, rest, ok, err)
	}
}

func TestSplitSiteHandsAndDriver(t *testing.T) {
	t.Parallel()
	text := "\ufeffnote\r\n\r\nHAND #1\r\n a \r\n\nHAND #2\nb\n" + "HAND #3\nx" + strings.Repeat("y", MaxLineBytes) + "\n"
	isHeader := headerRegexp(regexp.MustCompile(`^HAND #\d+$`))
	pre, hands := splitSiteHands(text, isHeader)
	if pre == nil || pre.N != 1 || pre.S != "note" {
		t.Fatalf("preamble %+v", pre)
	}
	if len(hands) != 3 || hands[0][0].N != 3 || hands[0][1].S != "a" || hands[1][1].N != 7 {
		t.Fatalf("hands %+v", hands)
	}
	parse := func(lines []siteLine) (*Hand, string, error) {
		if lines[1].S == "b" {
			return nil, "game b", nil
		}
		return nil, "", siteErr(lines[1].N, "bad")
	}
	es, err := readSiteHands([]byte(text), "Test", "HAND #", isHeader, parse)
	if err != nil || len(es) != 4 {
		t.Fatalf("entries %+v, %v", es, err)
	}
	var fe *fault.Error
	if !errors.As(es[0].Err, &fe) || fe.Line != 1 || fe.Kind != fault.Invalid {
		t.Errorf("preamble entry %+v", es[0])
	}
	if !errors.As(es[1].Err, &fe) || fe.Line != 4 {
		t.Errorf("entry 2 %+v", es[1])
	}
	if es[2].Skipped != "game b" || es[2].Index != 3 {
		t.Errorf("entry 3 %+v", es[2])
	}
	if !errors.As(es[3].Err, &fe) || fe.Line != 9 {
		t.Errorf("long line entry %+v", es[3])
	}
	if _, err := readSiteHands([]byte("nothing"), "Test", "HAND #", isHeader, parse); err == nil {
		t.Error("no header read")
	}
}

// TestSiteReadersBoundLinesPerHand: the text readers keep at most
// MaxHandLines lines of a hand (the hand is an error naming the first line
// past it, unless one is found before) and one hand's lines at a time, so that a body of short lines
// costs memory in proportion to a hand, not 16 times its own size (a
// 30 MB body of "x" lines allocated 2.4 GB).
func TestSiteReadersBoundLinesPerHand(t *testing.T) {
	// Not parallel: it measures the bytes allocated.
	const n = 1 << 20
	for _, c := range []struct {
		name   string
		header string
		read   func([]byte) ([]Entry, error)
	}{
		{"ggpoker", "Poker Hand #HD1: Omaha Hi/Lo ($0.01/$0.02) - 2020/01/01 00:00:00", readGGPoker},
		{"party", "***** Hand History for Game 1 *****", readParty},
		{"pokerstars", "PokerStars Hand #1: Omaha Hi/Lo Pot Limit ($0.01/$0.02 USD) - 2010/01/01 00:00:00 ET", readPokerStars},
	} {
		// GGPoker skips this header's game: a cut hand is an error even so.
		one := c.header + "\n" + strings.Repeat("x\n", n)
		data := []byte(strings.Repeat(one, 4))
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		es, err := c.read(data)
		runtime.ReadMemStats(&after)
		if err != nil || len(es) != 4 {
			t.Fatalf("%s: %d entries, %v", c.name, len(es), err)
		}
		for i, e := range es {
			// The first error in the lines kept, else the cut.
			var fe *fault.Error
			cut := i*(n+1) + MaxHandLines + 1
			if !errors.As(e.Err, &fe) || fe.Line <= i*(n+1) || fe.Line > cut || fe.Line == cut && !strings.Contains(fe.Message, "MaxHandLines") {
				t.Errorf("%s: entry %d %+v, want an error naming a line up to %d (MaxHandLines)", c.name, i+1, e, cut)
			}
		}
		if got, limit := after.TotalAlloc-before.TotalAlloc, uint64(2*len(data)+64*MaxHandLines); got > limit {
			t.Errorf("%s: reading %d bytes allocated %d bytes, want at most %d", c.name, len(data), got, limit)
		}
	}
}

// ggwfSiteDir holds the site corpus files (verbatim copies).
const ggwfSiteDir = "testdata/sites"

// ggwfFile returns a corpus file of a site.
func ggwfFile(t testing.TB, site, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(ggwfSiteDir, site, name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// ggwfSeeds adds every corpus file of site to f's seed corpus.
func ggwfSeeds(f *testing.F, site string) {
	files, err := filepath.Glob(filepath.Join(ggwfSiteDir, site, "*"))
	if err != nil || len(files) == 0 {
		f.Fatalf("no %s corpus: %v", site, err)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
}

// ggwfCheckEntries checks what a site reader's fuzz target must hold: a
// file error is an Invalid *fault.Error with no entries; otherwise every
// entry is exactly one of a hand (which passes Validate and has its
// recorded outcome), a skip or an error (a *fault.Error naming its line,
// of kind Invalid or Impossible), indexed from 1.
func ggwfCheckEntries(t *testing.T, es []Entry, err error) {
	t.Helper()
	if err != nil {
		if es != nil || fault.KindOf(err) != fault.Invalid {
			t.Fatalf("file error %v with %d entries", err, len(es))
		}
		return
	}
	for i, e := range es {
		set := 0
		if e.Hand != nil {
			set++
			if err := Validate(e.Hand); err != nil || e.Hand.Outcome == nil {
				t.Fatalf("entry %d: a hand Validate rejects or without its outcome: %v", i, err)
			}
		}
		if e.Skipped != "" {
			set++
		}
		if e.Err != nil {
			set++
			var fe *fault.Error
			if !errors.As(e.Err, &fe) || fe.Line <= 0 || fe.Kind != fault.Invalid && fe.Kind != fault.Impossible {
				t.Fatalf("entry %d: error %v is not a located *fault.Error", i, e.Err)
			}
		}
		if set != 1 || e.Index != i+1 {
			t.Fatalf("entry %d: %+v", i, e)
		}
	}
}

// ggwfBounds checks, for a site reader, the bounds of limits.go on a
// file of three copies of hand (its lines joined by "\n"): a hand of more
// than MaxActions actions (extra, a line that adds an action, repeated
// after the line after) is Impossible and a line over MaxLineBytes
// Invalid, each naming its line, while the other hands are read.
func ggwfBounds(t *testing.T, read func([]byte) ([]Entry, error), hand, after, extra string) {
	t.Helper()
	k := strings.Index(hand, after)
	if k < 0 {
		t.Fatalf("no %q in the hand", after)
	}
	k += len(after)
	many := hand[:k] + strings.Repeat(extra+"\n", MaxActions+1) + hand[k:]
	long := hand[:k] + strings.Repeat("x", MaxLineBytes+1) + "\n" + hand[k:]
	for _, c := range []struct {
		name, bad string
		kind      fault.Kind
		line      int
	}{
		{"MaxActions", many, fault.Impossible, 0},
		{"MaxLineBytes", long, fault.Invalid, strings.Count(hand, "\n") + 3 + strings.Count(hand[:k], "\n")},
	} {
		es, err := read([]byte(hand + "\n\n" + c.bad + "\n\n" + hand))
		if err != nil || len(es) != 3 || es[0].Hand == nil || es[2].Hand == nil {
			t.Fatalf("%s: %d entries, %v", c.name, len(es), err)
		}
		var fe *fault.Error
		if !errors.As(es[1].Err, &fe) || fe.Kind != c.kind || fe.Line <= es[1].Line || c.line > 0 && fe.Line != c.line {
			t.Errorf("%s: entry 2 %+v (error %v)", c.name, es[1], es[1].Err)
		}
	}
}
