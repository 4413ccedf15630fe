package web_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestImportPageSaysMoney (issue 27): the import page's verdict of an
// illegal hand says the amounts in the site's money and the offending
// action's line, as scoop replay does, not the engine's chips and
// action index.
func TestImportPageSaysMoney(t *testing.T) {
	e := newEnv(t)
	file, err := filepath.Abs(filepath.Join("..", "..", "examples", "illegal.txt"))
	if err != nil {
		t.Fatal(err)
	}
	e.do(chromedp.Navigate(e.srv.URL+"/import"), chromedp.SetUploadFiles(css("#files"), []string{file}))
	e.waitFor(`document.querySelector("main").dataset.done === "1"`)
	got := e.text("#files-out td.legal-no")
	if want := "illegal: line 24: Shaun J raise to €30.25 is below the pot-limit minimum €37.32"; !strings.Contains(got, want) || strings.Contains(got, "3025") || strings.Contains(got, "action 11") {
		t.Errorf("verdict cell %q, want %q", got, want)
	}
}

// TestReplayerNamesTheLine (issue 27): the replayer names an illegal
// action by its line in the file and its street, as scoop replay does
// ("line 24, flop: ..."), not by the engine's action index.
func TestReplayerNamesTheLine(t *testing.T) {
	e := newEnv(t)
	body, err := os.ReadFile(filepath.Join("..", "..", "examples", "illegal.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var problem struct {
		ID   string `json:"id"`
		Line int    `json:"line"`
	}
	if code := e.post("/v1/hands", "text/plain", body, &problem); code != 422 || problem.ID == "" || problem.Line != 24 {
		t.Fatalf("POST illegal hand = %d %+v, want a 422 naming line 24", code, problem)
	}
	e.do(chromedp.Navigate(e.srv.URL + "/hands/" + problem.ID))
	e.waitFor(`document.querySelector("main").dataset.ready === "true"`)
	want := "line 24, flop: Shaun J raise to €30.25 is below the pot-limit minimum €37.32"
	if v := e.text("#verdict"); !strings.Contains(v, want) || strings.Contains(v, "action 11") {
		t.Errorf("banner %q, want %q", v, want)
	}
	if m := e.text("#hand-meta"); !strings.Contains(m, "amounts in EUR") {
		t.Errorf("meta %q, want amounts in EUR", m)
	}
}

// TestReplayerNamesPlayMoney (issue 27): a play-money hand's amounts are
// "play chips", as scoop analyze says, written at the table's chip unit.
func TestReplayerNamesPlayMoney(t *testing.T) {
	e := newEnv(t)
	body, err := os.ReadFile(filepath.Join("testdata", "winamax-play.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var res struct {
		Hands []struct {
			ID string `json:"id"`
		} `json:"hands"`
	}
	if code := e.post("/v1/hands", "text/plain", body, &res); code != 200 || len(res.Hands) != 1 || res.Hands[0].ID == "" {
		t.Fatalf("POST play-money hand = %d %+v", code, res)
	}
	e.do(chromedp.Navigate(e.srv.URL + "/hands/" + res.Hands[0].ID))
	e.waitFor(`document.querySelector("main").dataset.ready === "true"`)
	if m := e.text("#hand-meta"); !strings.Contains(m, "amounts in play chips") {
		t.Errorf("meta %q, want amounts in play chips", m)
	}
}
