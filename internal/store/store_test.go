package store_test

import (
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/store"
)

func TestCursorRoundTrip(t *testing.T) {
	for _, id := range []int64{1, 42, 1 << 40} {
		got, err := store.DecodeCursor(store.EncodeCursor(id))
		if err != nil || got != id {
			t.Errorf("DecodeCursor(EncodeCursor(%d)) = %d, %v", id, got, err)
		}
	}
	if got, err := store.DecodeCursor(""); got != 0 || err != nil {
		t.Errorf("empty cursor = %d, %v; want 0, nil", got, err)
	}
}

func TestNaturalKey(t *testing.T) {
	tests := []struct {
		name, site, id, body, want string
	}{
		{"site and id", "pokerstars", "123", `{}`, "site:pokerstars:123"},
		{"no id hashes", "pokerstars", "", `{}`, "sha256:44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a"},
		{"no site hashes", "", "123", `{}`, "sha256:44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a"},
	}
	for _, tc := range tests {
		if got := store.NaturalKey(tc.site, tc.id, []byte(tc.body)); got != tc.want {
			t.Errorf("%s: NaturalKey = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestParseID(t *testing.T) {
	for _, id := range []string{"", "0", "-3", "x", "1.5", "99999999999999999999"} {
		if _, err := store.ParseID("hand", id); fault.KindOf(err) != fault.NotFound || !strings.Contains(err.Error(), "hand") {
			t.Errorf("ParseID(%q) = %v, want not-found naming the hand", id, err)
		}
	}
	if n, err := store.ParseID("hand", "17"); n != 17 || err != nil {
		t.Errorf("ParseID(17) = %d, %v", n, err)
	}
}

func FuzzDecodeCursor(f *testing.F) {
	f.Add(store.EncodeCursor(7))
	f.Add("")
	f.Add("aDE6MA")
	f.Fuzz(func(t *testing.T, c string) {
		id, err := store.DecodeCursor(c)
		if err != nil {
			if fault.KindOf(err) != fault.Invalid {
				t.Fatalf("DecodeCursor(%q) error kind %v, want invalid", c, fault.KindOf(err))
			}
			return
		}
		if c == "" {
			return
		}
		if back, err := store.DecodeCursor(store.EncodeCursor(id)); id <= 0 || err != nil || back != id {
			t.Fatalf("DecodeCursor(%q) = %d, which does not round-trip (%d, %v)", c, id, back, err)
		}
	})
}
