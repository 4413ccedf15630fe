package web_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/money"
)

// exampleHand is the repository's examples/hand.json (a PokerStars Omaha
// Hi/Lo hand in dollars, shown down four ways), decoded.
func exampleHand(t *testing.T) map[string]any {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "examples", "hand.json"))
	if err != nil {
		t.Fatal(err)
	}
	var h map[string]any
	if err := json.Unmarshal(b, &h); err != nil {
		t.Fatal(err)
	}
	return h
}

// The page's money is internal/money's: the same amounts written the
// same way, chips and expectations, for every kind of table. (The
// verdict's texts come in money from the server: the pages rewrite none.)
func TestPagesWriteMoneyAsTheGoFormatter(t *testing.T) {
	e := newEnv(t)
	e.do(chromedp.Navigate(e.srv.URL + "/"))
	e.waitFor(`!!window.Scoop`)
	for _, tb := range []handhistory.Table{
		{ChipUnit: "0.01", Currency: "USD"}, {ChipUnit: "0.01", Currency: "EUR"}, {ChipUnit: "0.05", Currency: "GBP"},
		{ChipUnit: "0.01", Currency: "CNY"}, {ChipUnit: "0.01"}, {ChipUnit: "1"}, {}, {ChipUnit: "bogus", Currency: "USD"},
	} {
		f := money.OfTable(tb)
		js := fmt.Sprintf(`{chip_unit: %q, currency: %q}`, tb.ChipUnit, tb.Currency)
		for _, x := range []float64{0, 5, 25, 3025, 28398, -10, 57.16, 57.5, -57.5, 2900000} {
			got := eval[string](e, fmt.Sprintf(`Scoop.money(%v, %s)`, x, js))
			if want := f.Expected(x); got != want {
				t.Errorf("table %+v: page writes %v as %q, Go as %q", tb, x, got, want)
			}
		}
	}
	if got := eval[string](e, `Scoop.money(1500, {chip_unit: "0.01", currency: "USD", tournament: true})`); got != "1500" {
		t.Errorf("tournament chips: %q", got)
	}
}

// Issue 27: the illegal-action banner and the log say the amounts in the
// site's money, as the CLI does, not "raise to 3 is below ... 4".
func TestReplayerIllegalBannerInMoney(t *testing.T) {
	e := newEnv(t)
	h := exampleHand(t)
	h["table"].(map[string]any)["currency"] = "EUR"
	delete(h, "site_hand_id")
	acts := h["actions"].([]any)
	acts[0].(map[string]any)["amount"] = 3 // below the pot-limit minimum
	h["actions"] = acts[:1]
	body, _ := json.Marshal(h)
	var problem struct {
		ID      string `json:"id"`
		Detail  string `json:"detail"`
		Verdict struct {
			Error struct {
				Message string `json:"message"`
				Allowed string `json:"allowed"`
			} `json:"error"`
		} `json:"verdict"`
	}
	if code := e.post("/v1/hands", "application/json", body, &problem); code != 422 || problem.ID == "" {
		t.Fatalf("POST illegal hand = %d %+v", code, problem)
	}
	// The verdict says its amounts in the site's money (package money);
	// the page shows them as they are, without the engine's action index.
	want := strings.TrimPrefix(problem.Verdict.Error.Message, "action 0: ")
	if !strings.Contains(want, "€0.03") || !strings.Contains(want, "€0.04") || want == problem.Verdict.Error.Message {
		t.Fatalf("the verdict's message %q lacks the amounts in euros", problem.Verdict.Error.Message)
	}
	e.do(chromedp.Navigate(e.srv.URL + "/hands/" + problem.ID))
	e.waitFor(`document.querySelector("main").dataset.ready === "true"`)
	v := e.text("#verdict")
	if !strings.Contains(v, want) || !strings.Contains(v, problem.Verdict.Error.Allowed) || strings.Contains(v, "action 0") || strings.Contains(v, "€€") {
		t.Errorf("banner %q, want %q and %q", v, want, problem.Verdict.Error.Allowed)
	}
	e.do(chromedp.KeyEvent(kb.End))
	if got := e.text("#log li.illegal"); !strings.Contains(got, "raises to €0.03") || !strings.Contains(got, want) {
		t.Errorf("illegal action in the log = %q, want %q", got, want)
	}
}

// A7, A9, the Lo tie column: at the end of a hi/lo hand shown down, the
// pots say what each half went for, the showdown names every hand; on the
// flop the equity table has Lo tie and each known hand's low status.
func TestReplayerHiLoNamesLowStatusAndLoTie(t *testing.T) {
	e := newEnv(t)
	h := exampleHand(t)
	body, _ := json.Marshal(h)
	var res handResults
	if code := e.post("/v1/hands", "application/json", body, &res); code != 200 || len(res.Hands) != 1 || res.Hands[0].ID == "" {
		t.Fatalf("POST hand = %d %+v", code, res)
	}
	e.do(chromedp.Navigate(e.srv.URL + "/hands/" + res.Hands[0].ID))
	e.waitFor(`document.querySelector("main").dataset.ready === "true"`)
	// Step to the flop.
	for i := 0; i < 10 && strings.ToLower(e.text("#street")) != "flop"; i++ {
		e.do(chromedp.KeyEvent(kb.ArrowRight))
	}
	eq := e.text("#equities")
	for _, want := range []string{"Lo tie", "Low, Hero: no low yet", "Low, EricSteph261: "} {
		if !strings.Contains(eq, want) {
			t.Errorf("flop equities lack %q:\n%s", want, eq)
		}
	}
	e.do(chromedp.KeyEvent(kb.End))
	pots := e.text("#pot-table")
	if !strings.Contains(pots, "Hero $0.12 (two pair, kings and jacks)") || !strings.Contains(pots, "EricSteph261 $0.12 (7-5-4-3-2)") {
		t.Errorf("pots %q do not say what each half went for", pots)
	}
	sd := e.text("#showdown")
	if !strings.Contains(sd, "Hero shows") || !strings.Contains(sd, "two pair, kings and jacks; no low") || !strings.Contains(sd, "two pair, jacks and deuces; low 7-5-4-3-2") {
		t.Errorf("showdown %q", sd)
	}
	e.screenshots("replayer-hilo")
}
