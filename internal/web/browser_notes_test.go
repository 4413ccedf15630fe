package web_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// paysTheLoser is a real PokerStars hand (the shared corpus' hhsmithy
// OmahaShowdown) whose record is changed to pay the pot to the hand its
// cards make lose.
func paysTheLoser(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "handhistory", "pokerstars", "testdata", "hhsmithy__PokerStars__CashGame__PlayerTests__OmahaShowdown.txt"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for _, r := range [][2]string{
		{"MajinVeta collected $215.96 from pot", "Dracospinner collected $215.96 from pot"},
		{"showed [7d 6s 9s 7h] and won ($215.96) with", "showed [7d 6s 9s 7h] and lost with"},
		{"showed [3d 5s 6h Kd] and lost with", "showed [3d 5s 6h Kd] and won ($215.96) with"},
	} {
		if !strings.Contains(text, r[0]) {
			t.Fatalf("the hand lacks %q", r[0])
		}
		text = strings.Replace(text, r[0], r[1], 1)
	}
	return []byte(text)
}

// TestReplayerShowsTheNotes: the replayer's verdict lists the verdict's
// notes, here the record's payout that its own shown cards refute.
func TestReplayerShowsTheNotes(t *testing.T) {
	e := newEnv(t)
	var res struct {
		Hands []struct {
			ID string `json:"id"`
		} `json:"hands"`
	}
	if code := e.post("/v1/hands", "text/plain", paysTheLoser(t), &res); code != 200 || len(res.Hands) != 1 || res.Hands[0].ID == "" {
		t.Fatalf("POST = %d %+v", code, res)
	}
	e.do(chromedp.Navigate(e.srv.URL + "/hands/" + res.Hands[0].ID))
	e.waitFor(`document.querySelector("main").dataset.ready === "true"`)
	v := e.text("#verdict")
	for _, want := range []string{"The settlement differs from the site's record", "Notes:",
		"site inconsistency: every hand eligible for a contested pot is shown, so the cards decide the pots, and the record pays otherwise: MajinVeta (full house, sevens full of threes) collected $0.00 where the cards give $215.96"} {
		if !strings.Contains(v, want) {
			t.Errorf("verdict %q, want %q in it", v, want)
		}
	}
}
