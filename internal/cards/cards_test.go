package cards

import (
	"errors"
	"testing"
)

func TestRule_R1_Parse(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"As2s3dKd", "As2s3dKd"},
		{"as 2S,3d kD", "As2s3dKd"},
		{"10h Tc", "ThTc"},
		{"  ,, ", ""},
		{"", ""},
		{"2c\t3c", "2c3c"},
		{"AcKdQhJsTc9d8h7s6c5d4h3s2c", "AcKdQhJsTc9d8h7s6c5d4h3s2c"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			l, err := Parse(tt.in)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tt.in, err)
			}
			if l.String() != tt.want {
				t.Errorf("Parse(%q) = %q, want %q", tt.in, l, tt.want)
			}
		})
	}
}

func TestParseErrorsNameTheToken(t *testing.T) {
	tests := []struct {
		in, token, reason string
	}{
		{"As2s3dKx", "Kx", "unknown suit"},
		{"As2s3dKxQh", "Kx", "unknown suit"},
		{"Xs2s", "Xs", "unknown rank"},
		{"1h", "1h", "unknown rank"},
		{"As K", "K", "missing suit"},
		{"10", "10", "missing suit"},
		{"10x", "10x", "unknown suit"},
		{"As,Z", "Z", "unknown rank"},
		{"Ash", "h", "unknown rank"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := Parse(tt.in)
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Parse(%q) err = %v, want *ParseError", tt.in, err)
			}
			if pe.Token != tt.token || pe.Reason != tt.reason || pe.Input != tt.in {
				t.Errorf("Parse(%q): token %q reason %q, want %q %q", tt.in, pe.Token, pe.Reason, tt.token, tt.reason)
			}
		})
	}
}

func TestCardEncoding(t *testing.T) {
	seen := map[string]bool{}
	for c := Card(0); c < NumCards; c++ {
		if New(c.Rank(), c.Suit()) != c || !c.Valid() {
			t.Fatalf("card %d does not round-trip through rank and suit", c)
		}
		s := c.String()
		if seen[s] {
			t.Fatalf("two cards print as %s", s)
		}
		seen[s] = true
		l, err := Parse(s)
		if err != nil || len(l) != 1 || l[0] != c {
			t.Fatalf("Parse(%q) = %v, %v; want [%d]", s, l, err, c)
		}
	}
	if MustParse("As")[0] != 51 || MustParse("2c")[0] != 0 {
		t.Errorf("As = %d, 2c = %d; want 51 and 0", MustParse("As")[0], MustParse("2c")[0])
	}
	if Card(52).Valid() || Card(52).String() != "??" || Rank(13).String() != "?" || Suit(4).String() != "?" {
		t.Errorf("invalid values print as %s %s %s", Card(52), Rank(13), Suit(4))
	}
}

func TestSetsAndDuplicates(t *testing.T) {
	s, err := ParseSet("As Kd 2c")
	if err != nil {
		t.Fatal(err)
	}
	if s.Len() != 3 || !s.Has(MustParse("Kd")[0]) || s.Has(MustParse("Ks")[0]) {
		t.Errorf("set %v", s)
	}
	if s.String() != "2cKdAs" {
		t.Errorf("set prints as %q, want ascending 2cKdAs", s)
	}
	if s.Remove(MustParse("As")[0]).Len() != 2 || FullDeck.Len() != 52 {
		t.Errorf("Remove or FullDeck wrong")
	}
	_, err = ParseSet("As Kd as")
	var de *DuplicateError
	if !errors.As(err, &de) || de.Card != MustParse("As")[0] || de.Error() != "duplicate card As" {
		t.Errorf("ParseSet with a duplicate: %v", err)
	}
}

func TestTextMarshalling(t *testing.T) {
	var c Card
	if err := c.UnmarshalText([]byte("td")); err != nil || c.String() != "Td" {
		t.Errorf("UnmarshalText(td) = %v, %v", c, err)
	}
	if err := c.UnmarshalText([]byte("TdJd")); err == nil {
		t.Error("UnmarshalText of two cards succeeded")
	}
	if _, err := Card(60).MarshalText(); err == nil {
		t.Error("MarshalText of an invalid card succeeded")
	}
	var l List
	if err := l.UnmarshalText([]byte("as 2s")); err != nil || l.String() != "As2s" {
		t.Errorf("List.UnmarshalText = %v, %v", l, err)
	}
	b, _ := l.MarshalText()
	if string(b) != "As2s" {
		t.Errorf("List.MarshalText = %q", b)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"As2s3dKd", "as 2s,3d kd", "10h", "1", "Kx", "", " , ", "AsAs", "10\x00", "\xff\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := Parse(s)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Token == "" || pe.Input != s {
				t.Fatalf("Parse(%q): error %v is not a *ParseError naming a token", s, err)
			}
			return
		}
		for _, c := range l {
			if !c.Valid() {
				t.Fatalf("Parse(%q) gave invalid card %d", s, c)
			}
		}
		again, err := Parse(l.String())
		if err != nil || again.String() != l.String() {
			t.Fatalf("canonical form %q of %q does not round-trip: %v %v", l, s, again, err)
		}
		if _, err := l.Set(); err != nil {
			var de *DuplicateError
			if !errors.As(err, &de) {
				t.Fatalf("Set: %v", err)
			}
		}
	})
}
