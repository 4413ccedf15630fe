package storetest

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/scoophq/scoop/internal/account"
	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/ingest"
	"github.com/scoophq/scoop/internal/stats"
	"github.com/scoophq/scoop/internal/store"
)

// sessionHand is statsPHH[0] (p1 completes the small blind, checks the
// flop and folds to p3's bet: p1's net is -2 chips, -1 big blind) as hand
// id of site, played at at (nil: no time), at table, for money, analysed.
func sessionHand(t *testing.T, site, id string, at *time.Time, table string, money func(h *handhistory.Hand)) store.Hand {
	t.Helper()
	es, err := handhistory.Read(handhistory.FormatPHH, []byte(statsPHH[0]))
	if err != nil || len(es) != 1 || es[0].Hand == nil {
		t.Fatalf("read PHH: %v", err)
	}
	h := es[0].Hand
	h.Site, h.SiteHandID = site, id
	if at != nil {
		h.Time = at.Format(time.RFC3339)
	}
	money(h)
	if table != "" {
		h.TableName = table
	}
	v := analysis.Replay(h)
	rec, err := ingest.NewAnalysedRecord(context.Background(), h, &v, analysis.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

func at(hh, mm int) *time.Time {
	t := time.Date(2026, 3, 14, hh, mm, 0, 0, time.UTC)
	return &t
}

// SessionRecords are p1's hands of the sessions tests, checked by hand:
// on pokerstars at 10:00 (T1, USD) and 10:20 (T2, USD), one session;
// 10:50 (T1, EUR: exactly 30 minutes after, a new one) and 11:10 (the
// tournament 99's table "99 1"), a second with two ledgers; on ggpoker at
// 10:30 (G, USD) a session of its own; and one pokerstars hand without a
// time, in none.
func SessionRecords(t *testing.T) []store.Hand {
	usd := ledgerMoney[0]
	eur := ledgerMoney[1]
	tour := ledgerMoney[2]
	return []store.Hand{
		sessionHand(t, "pokerstars", "s-a", at(10, 0), "T1", usd),
		sessionHand(t, "pokerstars", "s-b", at(10, 20), "T2", usd),
		sessionHand(t, "pokerstars", "s-c", at(10, 50), "T1", eur),
		sessionHand(t, "pokerstars", "s-d", at(11, 10), "", tour),
		sessionHand(t, "ggpoker", "s-e", at(10, 30), "G", usd),
		sessionHand(t, "pokerstars", "s-f", nil, "T9", usd),
	}
}

// sessionKey is what a test compares of a session: site, start, end,
// hands, tables, and each ledger's key, hands, net and adjusted net.
func sessionKey(s store.PlayerSession) string {
	var b strings.Builder
	b.WriteString(s.Site + " " + s.Start.Format("15:04") + "-" + s.End.Format("15:04") + " " + itoa(s.Hands) + " [" + strings.Join(s.Tables, ",") + "]")
	for _, l := range s.Ledgers {
		b.WriteString(" " + l.Ledger.Key() + ":" + itoa(l.Hands) + "/" + itoa(l.Net) + "/" + itoa(int64(l.AdjustedNet)) + "/" + itoa(int64(l.NetBB)))
	}
	return b.String()
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func testPlayerSessions(t *testing.T, s store.Store) {
	ctx := context.Background()
	saved := save(t, s, SessionRecords(t)...)
	page, err := s.PlayerSessions(ctx, store.SessionsQuery{Player: "p1"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, x := range page.Sessions {
		got = append(got, sessionKey(x))
	}
	want := []string{
		"pokerstars 10:50-11:10 2 [99 1,T1] cash/EUR/0.01:1/-2/-2/-1 tournament/pokerstars/99:1/-2/-2/-1",
		"ggpoker 10:30-10:30 1 [G] cash/USD/0.01:1/-2/-2/-1",
		"pokerstars 10:00-10:20 2 [T1,T2] cash/USD/0.01:2/-4/-4/-2",
	}
	if !slices.Equal(got, want) || page.Untimed != 1 || page.Next != "" {
		t.Errorf("sessions %q, untimed %d, next %q; want %q, 1, none", got, page.Untimed, page.Next, want)
	}
	// Paged two at a time: the same sessions, the cursor resuming.
	p1, err := s.PlayerSessions(ctx, store.SessionsQuery{Player: "p1", Limit: 2})
	if err != nil || len(p1.Sessions) != 2 || p1.Next == "" {
		t.Fatalf("page 1: %+v, %v", p1, err)
	}
	p2, err := s.PlayerSessions(ctx, store.SessionsQuery{Player: "p1", Limit: 2, Cursor: p1.Next})
	if err != nil || len(p2.Sessions) != 1 || p2.Next != "" || sessionKey(p2.Sessions[0]) != want[2] {
		t.Errorf("page 2: %+v, %v; want %q alone", p2, err, want[2])
	}
	// Filters: the site's hands alone, a ledger's, a time window, a tag.
	for _, tc := range []struct {
		f    stats.Filter
		want []string
	}{
		{stats.Filter{Site: "ggpoker"}, want[1:2]},
		{stats.Filter{Currency: "USD"}, []string{want[1], want[2]}},
		{stats.Filter{From: at(10, 15), To: at(10, 55)}, []string{"pokerstars 10:50-10:50 1 [T1] cash/EUR/0.01:1/-2/-2/-1", want[1], "pokerstars 10:20-10:20 1 [T2] cash/USD/0.01:1/-2/-2/-1"}},
		{stats.Filter{Tag: "river"}, []string{"pokerstars 10:00-10:00 1 [T1] cash/USD/0.01:1/-2/-2/-1"}},
	} {
		if tc.f.Tag != "" {
			if _, err := s.SetTags(ctx, saved[0].ID, []string{tc.f.Tag}); err != nil {
				t.Fatal(err)
			}
		}
		page, err := s.PlayerSessions(ctx, store.SessionsQuery{Player: "p1", Filter: tc.f})
		var got []string
		for _, x := range page.Sessions {
			got = append(got, sessionKey(x))
		}
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("%+v: %q, %v; want %q", tc.f, got, err, tc.want)
		}
	}
	// Nobody's and another account's: no sessions.
	if page, err := s.PlayerSessions(ctx, store.SessionsQuery{Player: "nobody"}); err != nil || len(page.Sessions) != 0 || page.Untimed != 0 {
		t.Errorf("nobody: %+v, %v", page, err)
	}
	_, bob := newKey(t, s, "bob", "bob's key", "read,write")
	if page, err := s.PlayerSessions(account.With(ctx, bob), store.SessionsQuery{Player: "p1"}); err != nil || len(page.Sessions) != 0 {
		t.Errorf("bob sees %+v, %v; want none", page, err)
	}
	for _, c := range []string{"x", store.EncodeCursor(saved[0].ID), p1.Next + "A"} {
		if _, err := s.PlayerSessions(ctx, store.SessionsQuery{Player: "p1", Cursor: c}); !isKind(err, fault.Invalid) {
			t.Errorf("cursor %q: %v; want Invalid", c, err)
		}
	}
}

func testTagsNotes(t *testing.T, s store.Store) {
	ctx := context.Background()
	saved := save(t, s, SessionRecords(t)[:3]...)
	id := saved[1].ID
	set, err := s.SetTags(ctx, id, []string{"river", "bad-beat", "river", "x_1"})
	if err != nil || !slices.Equal(set, []string{"bad-beat", "river", "x_1"}) {
		t.Fatalf("SetTags: %q, %v; want sorted without the repeat", set, err)
	}
	if note, err := s.SetNote(ctx, id, "he had it: «quads»"); err != nil || note != "he had it: «quads»" {
		t.Fatalf("SetNote: %q, %v", note, err)
	}
	h, err := s.Hand(ctx, id)
	if err != nil || !slices.Equal(h.Tags, set) || h.Note != "he had it: «quads»" {
		t.Errorf("Hand: tags %q note %q, %v", h.Tags, h.Note, err)
	}
	if h, _ := s.Hand(ctx, saved[0].ID); h.Tags == nil || len(h.Tags) != 0 || h.Note != "" {
		t.Errorf("an untagged hand: tags %#v note %q; want empty", h.Tags, h.Note)
	}
	// The listing's rows carry them; the tag filter selects the hand.
	page, err := s.Hands(ctx, store.Query{})
	if err != nil || len(page.Hands) != 3 {
		t.Fatalf("Hands: %+v, %v", page, err)
	}
	for _, h := range page.Hands {
		wantTags, wantNote := []string{}, ""
		if h.ID == id {
			wantTags, wantNote = set, "he had it: «quads»"
		}
		if !slices.Equal(h.Tags, wantTags) || h.Tags == nil || h.Note != wantNote {
			t.Errorf("row %s: tags %q note %q; want %q %q", h.ID, h.Tags, h.Note, wantTags, wantNote)
		}
	}
	for _, q := range []store.Query{
		{Filter: stats.Filter{Tag: "river"}},
		{Player: "p1", Filter: stats.Filter{Tag: "river", SawFlop: ptr(true)}},
		{Player: "p2", Filter: stats.Filter{Tag: "river", Currency: "USD"}},
	} {
		page, err := s.Hands(ctx, q)
		if err != nil || len(page.Hands) != 1 || page.Hands[0].ID != id {
			t.Errorf("Hands %+v: %+v, %v; want the tagged hand alone", q, page.Hands, err)
		}
	}
	if page, err := s.Hands(ctx, store.Query{Filter: stats.Filter{Tag: "nope"}}); err != nil || len(page.Hands) != 0 {
		t.Errorf("an unused tag lists %+v, %v", page.Hands, err)
	}
	if tot, err := s.PlayerStats(ctx, "p1", stats.Filter{Tag: "river"}); err != nil || tot.Hands != 1 || tot.Net != -2 {
		t.Errorf("p1's stats of the tagged hands: %d hands net %d, %v; want 1 and -2", tot.Hands, tot.Net, err)
	}
	for _, by := range []string{store.ByPosition, store.ByHolding} {
		if rows, err := s.PlayerGroups(ctx, "p1", stats.Filter{Tag: "river"}, by); err != nil || len(rows) != 1 || rows[0].Totals.Hands != 1 {
			t.Errorf("p1 by %s, tagged: %+v, %v; want one row of one hand", by, rows, err)
		}
	}
	if res, err := s.PlayerResults(ctx, store.ResultsQuery{Player: "p1", Filter: stats.Filter{Tag: "river"}}); err != nil || len(res.Points) != 1 || res.Points[0].HandID != id {
		t.Errorf("p1's results of the tagged hands: %+v, %v", res, err)
	}
	// Replacing the set; the empty set and the empty note delete.
	if set, err := s.SetTags(ctx, id, []string{"fold"}); err != nil || !slices.Equal(set, []string{"fold"}) {
		t.Errorf("replace: %q, %v", set, err)
	}
	if set, err := s.SetTags(ctx, id, nil); err != nil || set == nil || len(set) != 0 {
		t.Errorf("clear: %#v, %v", set, err)
	}
	if note, err := s.SetNote(ctx, id, ""); err != nil || note != "" {
		t.Errorf("delete note: %q, %v", note, err)
	}
	if h, _ := s.Hand(ctx, id); len(h.Tags) != 0 || h.Note != "" {
		t.Errorf("after clearing: tags %q note %q", h.Tags, h.Note)
	}
	// Bad input names its field; another account's hand is not found.
	for _, tc := range []struct {
		tags  []string
		field string
	}{
		{[]string{"ok", "Bluff"}, "tags[1]"},
		{[]string{""}, "tags[0]"},
		{[]string{strings.Repeat("a", 33)}, "tags[0]"},
		{slices.Repeat([]string{"a"}, 21), "tags"},
	} {
		var fe *fault.Error
		if _, err := s.SetTags(ctx, id, tc.tags); !errorsAs(err, &fe) || fe.Kind != fault.Invalid || fe.Field != tc.field {
			t.Errorf("tags %q: %v; want Invalid on %s", tc.tags, err, tc.field)
		}
	}
	if _, err := s.SetTags(ctx, id, slices.Repeat([]string{"a"}, 20)); err != nil {
		t.Errorf("20 tags: %v", err)
	}
	for _, note := range []string{strings.Repeat("é", 2000) + "x", "a\x00b", "\xff"} {
		var fe *fault.Error
		if _, err := s.SetNote(ctx, id, note); !errorsAs(err, &fe) || fe.Kind != fault.Invalid || fe.Field != "note" {
			t.Errorf("note of %d bytes: %v; want Invalid on note", len(note), err)
		}
	}
	if _, err := s.SetNote(ctx, id, strings.Repeat("é", 2000)); err != nil {
		t.Errorf("a 4000-byte note: %v", err)
	}
	_, bob := newKey(t, s, "bob", "bob's key", "read,write")
	ctxB := account.With(ctx, bob)
	missing := store.NewPublicID()
	for _, hid := range []string{id, missing, "nope"} {
		if _, err := s.SetTags(ctxB, hid, []string{"x"}); !isKind(err, fault.NotFound) || err.Error() != store.NoHand(hid).Error() {
			t.Errorf("bob tags %s: %v; want no such hand", hid, err)
		}
		if _, err := s.SetNote(ctxB, hid, "x"); !isKind(err, fault.NotFound) || err.Error() != store.NoHand(hid).Error() {
			t.Errorf("bob notes %s: %v; want no such hand", hid, err)
		}
	}
	if page, err := s.Hands(ctxB, store.Query{Filter: stats.Filter{Tag: "a"}}); err != nil || len(page.Hands) != 0 {
		t.Errorf("bob's tag filter: %+v, %v", page.Hands, err)
	}
	if h, _ := s.Hand(ctx, id); len(h.Tags) != 1 || h.Note == "" {
		t.Errorf("after bob's attempts: tags %q note %d bytes; want a and the note", h.Tags, len(h.Note))
	}
}

// AnnotatedHand saves one hand in s with two tags and a note and returns
// its id: for the adapters' tests that deleting a hand deletes them
// (hand_tags and hand_notes cascade).
func AnnotatedHand(t *testing.T, s store.Store) string {
	t.Helper()
	id := save(t, s, SessionRecords(t)[0])[0].ID
	if _, err := s.SetTags(context.Background(), id, []string{"a", "b"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SetNote(context.Background(), id, "note"); err != nil {
		t.Fatal(err)
	}
	return id
}
