package sitetext

import (
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
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
		v, sym, ok := ParseAmount(c.in, c.scale)
		if v != c.want || sym != c.sym || ok != c.ok {
			t.Errorf("parseSiteAmount(%q, %d) = %d, %q, %v; want %d, %q, %v", c.in, c.scale, v, sym, ok, c.want, c.sym, c.ok)
		}
	}
}

func TestParseSiteCards(t *testing.T) {
	t.Parallel()
	k, u, err := ParseCards("[Ah X 10d x]")
	if err != nil || k.String() != "AhTd" || u != 2 {
		t.Fatalf("got %v %d %v", k, u, err)
	}
	k, u, err = ParseCards("Ah,Kd")
	if err != nil || k.String() != "AhKd" || u != 0 {
		t.Fatalf("got %v %d %v", k, u, err)
	}
	if _, _, err := ParseCards("[Ah Zz]"); err == nil {
		t.Fatal("bad card read")
	}
	k, _, rest, ok, err := CardsIn("shows [Ah Kd] (a pair)")
	if !ok || err != nil || k.String() != "AhKd" || rest != " (a pair)" {
		t.Fatalf("got %v %q %v %v", k, rest, ok, err)
	}
}

func TestSplitSiteHandsAndDriver(t *testing.T) {
	t.Parallel()
	text := "\ufeffnote\r\n\r\nHAND #1\r\n a \r\n\nHAND #2\nb\n" + "HAND #3\nx" + strings.Repeat("y", handhistory.MaxLineBytes) + "\n"
	isHeader := headerRegexp(regexp.MustCompile(`^HAND #\d+$`))
	pre, hands := splitHands(text, isHeader)
	if pre == nil || pre.N != 1 || pre.S != "note" {
		t.Fatalf("preamble %+v", pre)
	}
	if len(hands) != 3 || hands[0][0].N != 3 || hands[0][1].S != "a" || hands[1][1].N != 7 {
		t.Fatalf("hands %+v", hands)
	}
	parse := func(lines []Line) (*handhistory.Hand, string, error) {
		if lines[1].S == "b" {
			return nil, "game b", nil
		}
		return nil, "", LineError(lines[1].N, "bad")
	}
	es, err := ReadHands([]byte(text), 1, "Test", "HAND #", isHeader, parse)
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
	if _, err := ReadHands([]byte("nothing"), 1, "Test", "HAND #", isHeader, parse); err == nil {
		t.Error("no header read")
	}
}

// TestTruncated: a line stopping inside brackets, parentheses or quotes
// was cut off; a whole line was not.
func TestTruncated(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]bool{
		"*** FLOP *** [Js 3d":                         true,
		"Table 'Owa III":                              true,
		"Seat 1: Ann ($100 in chips":                  true,
		"*** FLOP *** [Js 3d 4c]":                     false,
		"Table 'Owa III' 6-max Seat #2 is the button": false,
		"Cid: fo": false,
	} {
		if got := Truncated(s); got != want {
			t.Errorf("Truncated(%q) = %v, want %v", s, got, want)
		}
	}
}
