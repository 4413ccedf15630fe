package web_test

import (
	"io"
	"net/http"
	"slices"
	"testing"

	"github.com/chromedp/chromedp"
)

// BenchmarkCalculatorHeadsUpPreflop measures, in the browser, the time
// from the click on Compute to the result drawn, for the heads-up preflop
// exact case (1,086,008 boards), as the page measures it with
// performance.now(): ms-click-to-result (median) and the server's own
// ms-server.
func BenchmarkCalculatorHeadsUpPreflop(b *testing.B) {
	e := newEnv(b)
	e.do(chromedp.Navigate(e.srv.URL + "/?game=omaha-hilo&hands=As2s3dKd,QhQcJhTc"))
	e.waitFor(`window.scoopLastCalc !== undefined`)
	var click, server []float64
	b.ResetTimer()
	for b.Loop() {
		eval[bool](e, `window.scoopLastCalc = null; document.getElementById("compute").click(); true`)
		e.waitFor(`window.scoopLastCalc !== null`)
		click = append(click, eval[float64](e, `window.scoopLastCalc.clickToResultMs`))
		server = append(server, eval[float64](e, `window.scoopLastCalc.serverMs`))
	}
	b.ReportMetric(median(click), "ms-click-to-result")
	b.ReportMetric(median(server), "ms-server")
	b.ReportMetric(slices.Max(click), "ms-click-to-result-max")
}

// BenchmarkPageLoad measures each page served from loopback: the Go
// client's request and full read (ns/op), and the browser's navigation to
// the load event, scripts and styles included (ms-load, median).
func BenchmarkPageLoad(b *testing.B) {
	e := newEnv(b)
	for _, path := range []string{"/", "/hands", "/hands/1", "/import", "/players/Hero"} {
		b.Run("http"+path, func(b *testing.B) {
			for b.Loop() {
				res, err := http.Get(e.srv.URL + path)
				if err != nil {
					b.Fatal(err)
				}
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
			}
		})
		b.Run("browser"+path, func(b *testing.B) {
			var loads []float64
			for b.Loop() {
				e.do(chromedp.Navigate(e.srv.URL + path))
				loads = append(loads, eval[float64](e, `performance.getEntriesByType("navigation")[0].loadEventEnd`))
			}
			b.ReportMetric(median(loads), "ms-load")
		})
	}
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}
