package web_test

// Browser tests of a player's sessions and a hand's tags and note.

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/scoophq/scoop/internal/store/storetest"
)

// TestPlayerPage_Sessions: p1's hands of storetest.SessionRecords make
// three sessions, checked by hand: pokerstars 10:50-11:10 (EUR cash and a
// tournament's table "99 1": two ledgers, each -2), ggpoker 10:30, and
// pokerstars 10:00-10:20 (tables T1 and T2, -$0.04); one hand has no
// time. The page lists them newest first, money per ledger, and the tag
// filter of its URL keeps the tagged hand's session alone.
func TestPlayerPage_Sessions(t *testing.T) {
	e := newEnv(t)
	saved, err := e.st.SaveHands(context.Background(), storetest.SessionRecords(t))
	if err != nil {
		t.Fatal(err)
	}
	e.do(chromedp.Navigate(e.srv.URL + "/players/p1"))
	e.waitFor(`document.querySelector("main").dataset.ready === "true"`)
	rows := eval[[][]string](e, `[...document.querySelectorAll("#player-sessions tbody tr")].map(r => [...r.cells].map(c => c.innerText))`)
	want := [][]string{
		{"pokerstars", "2026-03-14 10:50", "11:10", "2", "99 1, T1", "EUR (chip 0.01)\ntournament 99 (pokerstars)", "-€0.02\n-2 chips", "-€0.02\n-2 chips", "-100.00"},
		{"ggpoker", "2026-03-14 10:30", "10:30", "1", "G", "USD (chip 0.01)", "-$0.02", "-$0.02", "-100.00"},
		{"pokerstars", "2026-03-14 10:00", "10:20", "2", "T1, T2", "USD (chip 0.01)", "-$0.04", "-$0.04", "-100.00"},
	}
	if len(rows) != len(want) {
		t.Fatalf("session rows %q; want %q", rows, want)
	}
	for i := range want {
		if !slices.Equal(rows[i], want[i]) {
			t.Errorf("session %d: %q; want %q", i, rows[i], want[i])
		}
	}
	if got := e.text("#sessions-more"); !strings.Contains(got, "1 hand has no time played") {
		t.Errorf("the note under the table: %q", got)
	}
	// The table fits 1280 px without scrolling sideways.
	if w := eval[[]int](e, `(() => { const t = document.querySelector("#player-sessions").parentElement; return [t.scrollWidth, t.clientWidth]; })()`); w[0] > w[1] {
		t.Errorf("the sessions table is %d px in %d: it scrolls sideways", w[0], w[1])
	}
	e.screenshots("player-sessions")

	if _, err := e.st.SetTags(context.Background(), saved[4].ID, []string{"gg"}); err != nil {
		t.Fatal(err)
	}
	e.do(chromedp.Navigate(e.srv.URL + "/players/p1?tag=gg"))
	e.waitFor(`document.querySelector("main").dataset.ready === "true"`)
	if got := eval[string](e, `document.getElementById("f-tag").value`); got != "gg" {
		t.Errorf("form tag %q; want the URL's gg", got)
	}
	sites := eval[[]string](e, `[...document.querySelectorAll("#player-sessions tbody tr")].map(r => r.dataset.site)`)
	if !slices.Equal(sites, []string{"ggpoker"}) {
		t.Errorf("sessions of the tagged hands: %q; want ggpoker alone", sites)
	}
}

// TestHandPage_TagsAndNote: the replayer shows the hand's tags (links to
// the hands carrying each) and note, and saves new ones: the store has
// them after; a bad tag shows the API's problem naming it.
func TestHandPage_TagsAndNote(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	saved, err := e.st.SaveHands(ctx, storetest.SessionRecords(t)[:1])
	if err != nil {
		t.Fatal(err)
	}
	id := saved[0].ID
	if _, err := e.st.SetTags(ctx, id, []string{"river", "bad-beat"}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.st.SetNote(ctx, id, "He slowplayed <quads>\nsecond line"); err != nil {
		t.Fatal(err)
	}
	e.do(chromedp.Navigate(e.srv.URL + "/hands/" + id))
	e.waitFor(`document.getElementById("notes").dataset.ready === "true"`)
	tags := eval[[]string](e, `[...document.querySelectorAll("#hand-tags a")].map(a => a.textContent + " " + a.getAttribute("href"))`)
	if !slices.Equal(tags, []string{"bad-beat /hands?tag=bad-beat", "river /hands?tag=river"}) {
		t.Errorf("tags %q", tags)
	}
	if got := eval[string](e, `document.getElementById("hand-note").textContent`); got != "He slowplayed <quads>\nsecond line" {
		t.Errorf("note %q", got)
	}
	e.screenshots("hand-notes")

	e.do(chromedp.SetValue(css("#tags-input"), "fold  river,fold"), chromedp.SetValue(css("#note-input"), "checked later"), chromedp.Click(css("#notes-save")))
	e.waitFor(`document.getElementById("notes").dataset.saved === "true"`)
	h, err := e.st.Hand(ctx, id)
	if err != nil || !slices.Equal(h.Tags, []string{"fold", "river"}) || h.Note != "checked later" {
		t.Errorf("stored after saving: tags %q note %q, %v", h.Tags, h.Note, err)
	}
	if got := eval[string](e, `document.getElementById("hand-tags").innerText`); !strings.Contains(got, "fold") || strings.Contains(got, "bad-beat") {
		t.Errorf("tags shown after saving: %q", got)
	}
	e.do(chromedp.SetValue(css("#tags-input"), "Bad"), chromedp.Click(css("#notes-save")))
	e.waitFor(`!document.getElementById("notes-error").hidden`)
	if got := e.text("#notes-error"); !strings.Contains(got, "tags.0") {
		t.Errorf("the bad tag's error: %q; want it named (tags.0)", got)
	}
	if h, _ := e.st.Hand(ctx, id); !slices.Equal(h.Tags, []string{"fold", "river"}) {
		t.Errorf("a refused tag changed the set: %q", h.Tags)
	}
}
