package auth

import (
	"strings"
	"testing"
)

func TestKeyForm(t *testing.T) {
	key, prefix, hash := NewKey()
	if len(key) != KeyLen || !strings.HasPrefix(key, prefix) || !ValidPrefix(prefix) || !Matches(key, hash) {
		t.Fatalf("NewKey: %q %q", key, prefix)
	}
	if p, err := ParseKey(key); err != nil || p != prefix {
		t.Fatalf("ParseKey(NewKey()) = %q, %v", p, err)
	}
	if other, _, _ := NewKey(); other == key || Matches(other, hash) {
		t.Fatal("two keys alike")
	}
	secret := key[PrefixLen+1:]
	for _, bad := range []string{
		"", "sk_scoop_", key[:len(key)-1], key + "A", strings.ToUpper(key[:PrefixLen]) + key[PrefixLen:],
		key[:PrefixLen] + "-" + secret, key[:PrefixLen+1] + "é" + secret[2:], key[:PrefixLen+1] + "\x00" + secret[1:],
		"sk_scoop_ABCDEFGHIJ_" + secret, "Bearer " + key, strings.Repeat("sk_scoop_", 100),
	} {
		p, err := ParseKey(bad)
		if err == nil {
			t.Errorf("ParseKey(%q) = %q, want an error", bad, p)
		} else if len(bad) > len(KeyMark) && strings.Contains(err.Error(), bad[len(KeyMark):]) {
			t.Errorf("ParseKey(%q): %v quotes the key", bad, err)
		}
	}
	for _, p := range []string{prefix + "a", prefix[:PrefixLen-1], "sk_scoop_ABCDEFGHIJ", "sk_other_abcdefghij"} {
		if ValidPrefix(p) {
			t.Errorf("ValidPrefix(%q)", p)
		}
	}
}

func TestScopes(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Scope
		str  string
	}{{"read", Read, "read"}, {"read,write", Read | Write, "read,write"}, {" write , read ", Read | Write, "read,write"}, {"admin", Admin, "admin"}, {"read,read", Read, "read"}} {
		s, err := ParseScopes(tc.in)
		if err != nil || s != tc.want || s.String() != tc.str {
			t.Errorf("ParseScopes(%q) = %v (%q), %v; want %v", tc.in, s, s, err, tc.want)
		}
	}
	for _, bad := range []string{"", "read,", "ADMIN", "read,owner"} {
		if s, err := ParseScopes(bad); err == nil {
			t.Errorf("ParseScopes(%q) = %v, want an error", bad, s)
		}
	}
	if !Admin.Has(Write) || !(Read | Write).Has(Read) || Read.Has(Write) || Write.Has(Read) || (Read | Write).Has(Admin) {
		t.Error("Has")
	}
}

func TestTokens(t *testing.T) {
	a, ha := NewToken()
	b, _ := NewToken()
	if len(a) != TokenLen || !ValidToken(a) || a == b || string(ha) != string(TokenHash(a)) {
		t.Fatalf("NewToken: %q %q", a, b)
	}
	for _, bad := range []string{"", a[:TokenLen-1], a + "A", a[:TokenLen-1] + "=", a[:TokenLen-1] + "/"} {
		if ValidToken(bad) {
			t.Errorf("ValidToken(%q)", bad)
		}
	}
	if c := CSRFToken(a); c == a || c == CSRFToken(b) || !CSRFMatches(a, c) || CSRFMatches(b, c) || CSRFMatches(a, "") {
		t.Errorf("CSRFToken(%q) = %q", a, c)
	}
}
