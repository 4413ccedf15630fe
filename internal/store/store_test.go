package store_test

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/ingest"
	"github.com/scoophq/scoop/internal/store"
)

func TestCursorRoundTrip(t *testing.T) {
	for range 3 {
		id := store.NewPublicID()
		got, err := store.DecodeCursor(store.EncodeCursor(id))
		if err != nil || got != id {
			t.Errorf("DecodeCursor(EncodeCursor(%s)) = %s, %v", id, got, err)
		}
	}
	if got, err := store.DecodeCursor(""); got != "" || err != nil {
		t.Errorf("empty cursor = %q, %v; want \"\", nil", got, err)
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

func TestCheckHandID(t *testing.T) {
	for _, id := range []string{"", "0", "17", "x", strings.Repeat("a", 31), strings.Repeat("A", 32), strings.Repeat("g", 32), strings.Repeat("a", 33)} {
		if err := store.CheckHandID(id); fault.KindOf(err) != fault.NotFound || !strings.Contains(err.Error(), "hand") {
			t.Errorf("CheckHandID(%q) = %v, want not-found naming the hand", id, err)
		}
	}
	if id := store.NewPublicID(); store.CheckHandID(id) != nil {
		t.Errorf("CheckHandID(%s) refused a public id", id)
	}
}

// TestCursorIsCanonical: only EncodeCursor's form is a cursor; other
// spellings of the same id, and the numeric cursors of old, are malformed.
func TestCursorIsCanonical(t *testing.T) {
	b64 := base64.RawURLEncoding.EncodeToString
	id := store.NewPublicID()
	for _, c := range []string{b64([]byte("h1:40")), b64([]byte("h2:" + strings.ToUpper(id))), b64([]byte("h2:" + id + " ")),
		base64.URLEncoding.EncodeToString([]byte("h2:" + id + "=")), store.EncodeCursor(id) + "=", b64([]byte("h2:40"))} {
		if _, err := store.DecodeCursor(c); fault.KindOf(err) != fault.Invalid || !strings.Contains(err.Error(), "cursor") {
			t.Errorf("DecodeCursor(%q) = %v, want an invalid cursor", c, err)
		}
	}
}

// TestCheckQuery: a player or game that is not UTF-8 is Invalid naming it.
func TestCheckQuery(t *testing.T) {
	tests := []struct {
		q     store.Query
		field string
	}{
		{store.Query{Player: "\xff"}, "player"},
		{store.Query{Game: "omaha\xc3"}, "game"},
		{store.Query{Player: "Ann", Cursor: "nope"}, "cursor"},
	}
	for _, tc := range tests {
		_, err := store.CheckQuery(tc.q)
		var fe *fault.Error
		if !errors.As(err, &fe) || fe.Kind != fault.Invalid || fe.Field != tc.field {
			t.Errorf("CheckQuery(%+v) = %v, want invalid on %s", tc.q, err, tc.field)
		}
	}
	id := store.NewPublicID()
	if after, err := store.CheckQuery(store.Query{Player: "Ånn", Cursor: store.EncodeCursor(id)}); after != id || err != nil {
		t.Errorf("CheckQuery(valid) = %s, %v", after, err)
	}
}

func FuzzDecodeCursor(f *testing.F) {
	f.Add(store.EncodeCursor("0123456789abcdef0123456789abcdef"))
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
		if store.EncodeCursor(id) != c {
			t.Fatalf("DecodeCursor(%q) = %s, but that id's cursor is %q", c, id, store.EncodeCursor(id))
		}
		if back, err := store.DecodeCursor(store.EncodeCursor(id)); !store.ValidPublicID(id) || err != nil || back != id {
			t.Fatalf("DecodeCursor(%q) = %s, which does not round-trip (%s, %v)", c, id, back, err)
		}
	})
}

// TestNewHandRecord: the stored form of a hand carries its canonical JSON,
// the content hash of exactly those bytes, the site key and the players.
func TestNewHandRecord(t *testing.T) {
	const ps = `PokerStars Hand #900:  Omaha Pot Limit ($0.05/$0.10 USD) - 2020/01/02 3:04:05 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($10 in chips)
Bob: posts small blind $0.05
Ann: posts big blind $0.10
*** HOLE CARDS ***
Bob: folds
Uncalled bet ($0.05) returned to Ann
Ann collected $0.10 from pot
*** SUMMARY ***
Total pot $0.10 | Rake $0
Seat 1: Ann (button) collected ($0.10)
`
	entries, err := handhistory.Read(handhistory.FormatPokerStars, []byte(ps))
	if err != nil || len(entries) != 1 || entries[0].Hand == nil {
		t.Fatalf("read: %v %+v", err, entries)
	}
	h := entries[0].Hand
	v := analysis.Replay(h)
	rec, err := ingest.NewRecord(h, &v)
	if err != nil {
		t.Fatal(err)
	}
	canonical, _ := json.Marshal(h)
	if rec.NaturalKey != "site:pokerstars:900" || rec.Site != "pokerstars" || rec.SiteHandID != "900" ||
		rec.Game != "omaha-hi" || rec.Legal != v.Legal || !reflect.DeepEqual(rec.Players, []string{"Ann", "Bob"}) {
		t.Errorf("record %+v", rec)
	}
	if string(rec.Hand) != string(canonical) || rec.ContentHash != store.ContentHash(canonical) || len(rec.ContentHash) != 64 {
		t.Errorf("hand JSON or content hash do not match the canonical JSON: %q", rec.ContentHash)
	}
	other := *h
	other.Players = append(other.Players[:0:0], other.Players...)
	other.Players[1].Name = "Mallory"
	rec2, err := ingest.NewRecord(&other, &v)
	if err != nil {
		t.Fatal(err)
	}
	if rec2.NaturalKey != rec.NaturalKey || rec2.ContentHash == rec.ContentHash {
		t.Errorf("a different hand under the same key: key %q hash %q, want the same key, another hash", rec2.NaturalKey, rec2.ContentHash)
	}
}

func TestEquityIDs(t *testing.T) {
	seen := map[string]bool{}
	for range 100 {
		id := store.NewPublicID()
		if !store.ValidPublicID(id) || seen[id] {
			t.Fatalf("NewPublicID() = %q: want 32 lower-case hex digits, new each time", id)
		}
		seen[id] = true
	}
	for _, bad := range []string{"", "1", "42", strings.Repeat("g", 32), strings.Repeat("A", 32), strings.Repeat("a", 31), strings.Repeat("a", 33)} {
		if store.ValidPublicID(bad) {
			t.Errorf("ValidPublicID(%q) = true", bad)
		}
	}
}

// TestSameButNotes: two hands' JSON are the same hand when they differ by
// key order, spacing and notes alone; by anything else, or when one does
// not read as an object, they are not.
func TestSameButNotes(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{`{"players":["a","b"],"stack":100,"notes":["line 10 not read"]}`, `{ "notes": ["line 85 not read"], "stack": 100, "players": ["a", "b"] }`, true},
		{`{"stack":100,"notes":["x"]}`, `{"stack":100}`, true},
		{`{"stack":100,"notes":["x"]}`, `{"stack":101,"notes":["x"]}`, false},
		{`{"stack":100}`, `{"stack":100.0}`, false},
		{`{"players":["a","b"]}`, `{"players":["b","a"]}`, false},
		{``, `{"stack":100}`, false},
		{`null`, `null`, false},
		{`[1]`, `[1]`, false},
	} {
		if got := store.SameButNotes([]byte(c.a), []byte(c.b)); got != c.same {
			t.Errorf("SameButNotes(%s, %s) = %v, want %v", c.a, c.b, got, c.same)
		}
	}
}
