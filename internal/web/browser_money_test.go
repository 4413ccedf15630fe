package web_test

import (
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
