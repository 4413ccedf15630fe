package web_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestCalculatorOutcomeBars opens three hi/lo hands on a flop (two
// ace-deuces: quartered lows) and reads each hand's outcome shares as one
// stacked bar: a segment per share the API gives, as wide as its
// probability, largest share first, covering the whole bar; the
// quartered column is the API's; the mode selector says Auto and the
// result what ran.
func TestCalculatorOutcomeBars(t *testing.T) {
	e := newEnv(t)
	e.do(chromedp.Navigate(e.srv.URL + "/?game=omaha-hilo&hands=As2s3dKd,Ah2h5c5d,QhQcJhTc&board=4c7h8h"))
	e.waitFor(`document.querySelectorAll("#results tbody tr").length === 3`)
	var api struct {
		Players []struct {
			Quartered float64 `json:"quartered"`
			Outcomes  []struct {
				Share       string  `json:"share"`
				Probability float64 `json:"probability"`
			} `json:"outcomes"`
		} `json:"players"`
	}
	e.post("/v1/equity", "application/json", []byte(`{"game":"omaha-hilo","hands":["As2s3dKd","Ah2h5c5d","QhQcJhTc"],"board":"4c7h8h"}`), &api)
	type segment struct {
		Share string  `json:"share"`
		Width float64 `json:"width"` // of the bar, in per cent
	}
	for i, p := range api.Players {
		row := fmt.Sprintf("#results tbody tr:nth-child(%d)", i+1)
		segs := eval[[]segment](e, `(() => { const bar = document.querySelector("`+row+` .bar.outcomes"); const w = bar.getBoundingClientRect().width;
			return Array.from(bar.children).map(s => ({share: s.dataset.share, width: 100 * s.getBoundingClientRect().width / w})); })()`)
		var want []segment
		for _, o := range p.Outcomes {
			if o.Probability > 0 {
				want = append(want, segment{o.Share, 100 * o.Probability})
			}
		}
		if len(segs) != len(want) || len(want) < 2 {
			t.Fatalf("hand %d: bar %+v, the API's outcomes %+v", i+1, segs, p.Outcomes)
		}
		total := 0.0
		for k, s := range segs {
			total += s.Width
			if s.Share != want[k].Share || math.Abs(s.Width-want[k].Width) > 0.5 {
				t.Errorf("hand %d segment %d: %+v, want %+v", i+1, k, s, want[k])
			}
		}
		if math.Abs(total-100) > 0.5 {
			t.Errorf("hand %d: the segments cover %.2f%% of the bar", i+1, total)
		}
		if got, want := e.text(row+" td.quartered"), fmt.Sprintf("%.2f%%", 100*p.Quartered); got != want {
			t.Errorf("hand %d quartered %q, the API %q", i+1, got, want)
		}
	}
	if api.Players[0].Quartered == 0 {
		t.Errorf("the ace-deuces never quarter: %+v", api.Players[0])
	}
	if got := eval[string](e, `document.getElementById("mode").selectedOptions[0].textContent`); !strings.HasPrefix(got, "Auto") {
		t.Errorf("mode selector says %q, want Auto", got)
	}
	if meta := e.text("#result-meta"); !strings.Contains(meta, "Ran: Exact, 666 boards (chosen by Auto)") {
		t.Errorf("result meta %q does not say what ran", meta)
	}
	e.screenshots("calculator-outcomes")
}

// TestCalculatorRangeCombos: a mistyped hand (QhQcJhXc) is a range, and
// the calculator says so beside the field with its combinations (those
// of POST /v1/ranges/parse as typed, then the result's after every
// removal); Auto then runs Monte Carlo and the result says so.
func TestCalculatorRangeCombos(t *testing.T) {
	e := newEnv(t)
	e.do(chromedp.Navigate(e.srv.URL+"/"),
		chromedp.WaitVisible(css("#hand-1")),
		chromedp.SendKeys(css("#hand-1"), "QhQcJhXc"),
		chromedp.SendKeys(css("#hand-2"), "As2s3dKd"))
	var parsed struct {
		Ranges []struct {
			Combos int `json:"combos"`
		} `json:"ranges"`
	}
	e.post("/v1/ranges/parse", "application/json", []byte(`{"game":"omaha-hilo","hands":["QhQcJhXc"]}`), &parsed)
	want := fmt.Sprintf("range: %d combos", parsed.Ranges[0].Combos)
	e.waitFor(`document.querySelector("#hand-1").closest(".hand-row").querySelector(".combos").textContent === "` + want + `"`)
	if got := eval[string](e, `document.querySelector("#hand-2").closest(".hand-row").querySelector(".combos").textContent`); got != "" {
		t.Errorf("a hand of four cards shows %q beside it", got)
	}
	if title := eval[string](e, `document.querySelector("#hand-1").closest(".hand-row").querySelector(".combos").title`); !strings.Contains(title, "read as a range") {
		t.Errorf("combos title %q", title)
	}
	e.do(chromedp.SetValue(css("#trials"), "20000"), chromedp.Click(css("#compute")))
	e.waitFor(`document.querySelectorAll("#results tbody tr").length === 2`)
	var res struct {
		Combos []int `json:"combos"`
	}
	e.post("/v1/equity", "application/json", []byte(`{"hands":["QhQcJhXc","As2s3dKd"],"trials":20000}`), &res)
	after := fmt.Sprintf("range: %d combos", res.Combos[0])
	e.waitFor(`document.querySelector("#hand-1").closest(".hand-row").querySelector(".combos").textContent === "` + after + `"`)
	if meta := e.text("#result-meta"); !strings.Contains(meta, "Ran: Monte Carlo, 20,000 trials") || !strings.Contains(meta, "(chosen by Auto)") {
		t.Errorf("result meta %q does not say Auto ran Monte Carlo", meta)
	}
}
