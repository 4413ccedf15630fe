package api_test

import (
	"encoding/base64"
	"errors"
	"strings"
	"testing"

	"github.com/scoophq/scoop/api"
	"github.com/scoophq/scoop/internal/equity"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// TestMetricsLabelRejectedRequestsByRoute: requests answered before their
// handler (validation 400/413/415, 405) carry their route's pattern, an
// unknown method is counted as "other", and a 404 stays "unmatched".
func TestMetricsLabelRejectedRequestsByRoute(t *testing.T) {
	c := newClient(t, storetest.OpenSQLite(t), api.Config{})
	steps := []struct {
		method, path, ct, body string
		status                 int
	}{
		{"POST", "/v1/equity", "application/json", `{"hands":"x"}`, 400},
		{"POST", "/v1/equity", "text/csv", `a,b`, 415},
		{"POST", "/v1/equity", "application/json", `{"hands":["` + strings.Repeat("A", 1<<20) + `"]}`, 413},
		{"GET", "/v1/hands?limit=0", "", ``, 400},
		{"POST", "/v1/hands/replay", "text/csv", `a,b`, 415},
		{"PUT", "/v1/hands/replay", "", ``, 405},
		{"DELETE", "/v1/hands/7", "", ``, 405},
		{"FOO", "/v1/equity", "", ``, 405},
		{"FOO", "/healthz", "", ``, 405},
		{"FOO", "/nowhere", "", ``, 404},
		{"GET", "/v1/nowhere", "", ``, 404},
	}
	for _, st := range steps {
		res := c.do(st.method, st.path, st.ct, []byte(st.body))
		if res.status != st.status {
			t.Errorf("%s %s = %d, want %d: %s", st.method, st.path, res.status, st.status, res.body)
		}
	}
	body := string(c.get("/metrics").body)
	for _, want := range []string{
		`scoop_http_requests_total{method="POST",route="/v1/equity",status="400"} 1`,
		`scoop_http_requests_total{method="POST",route="/v1/equity",status="415"} 1`,
		`scoop_http_requests_total{method="POST",route="/v1/equity",status="413"} 1`,
		`scoop_http_requests_total{method="GET",route="/v1/hands",status="400"} 1`,
		`scoop_http_requests_total{method="POST",route="/v1/hands/replay",status="415"} 1`,
		`scoop_http_requests_total{method="PUT",route="/v1/hands/replay",status="405"} 1`,
		`scoop_http_requests_total{method="DELETE",route="/v1/hands/{id}",status="405"} 1`,
		`scoop_http_requests_total{method="other",route="/v1/equity",status="405"} 1`,
		`scoop_http_requests_total{method="other",route="/healthz",status="405"} 1`,
		`scoop_http_requests_total{method="other",route="unmatched",status="404"} 1`,
		`scoop_http_requests_total{method="GET",route="unmatched",status="404"} 1`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	for _, bad := range []string{`route="/v1/*"`, `method="FOO"`, `nowhere`} {
		if strings.Contains(body, bad) {
			t.Errorf("/metrics has %s", bad)
		}
	}
}

// TestTrialsRuleIsParseInputs: the API answers trials with mode exhaustive
// with equity.ParseInput's own message (the rule lives there once).
func TestTrialsRuleIsParseInputs(t *testing.T) {
	c := newClient(t, storetest.OpenSQLite(t), api.Config{})
	_, err := equity.ParseInput(equity.Input{Hands: []string{"As2s3dKd", "QhQcJhTc"}, Mode: "exhaustive", Trials: equity.TrialsOf(1000)})
	var fe *fault.Error
	if !errors.As(err, &fe) || fe.Field != "trials" {
		t.Fatalf("ParseInput: %v, want a fault naming trials", err)
	}
	res := c.postJSON("/v1/equity", map[string]any{"hands": []string{"As2s3dKd", "QhQcJhTc"}, "mode": "exhaustive", "trials": 1000})
	if p := res.problem(t); res.status != 400 || p.Field != "trials" || !strings.Contains(p.Detail, fe.Message) {
		t.Errorf("status %d problem %+v, want 400 on trials saying %q", res.status, p, fe.Message)
	}
	// With mode auto, trials are accepted (and the run is exact).
	res = c.postJSON("/v1/equity", map[string]any{"hands": []string{"As2s3dKd", "QhQcJhTc"}, "board": "4c7hKh", "trials": 1000})
	var out equity.Result
	if res.decode(t, &out); res.status != 200 || out.Mode != equity.Exhaustive || out.Boards != 820 {
		t.Errorf("auto with trials: status %d mode %s boards %d, want 200 exhaustive 820", res.status, out.Mode, out.Boards)
	}
}

// TestUnreadableHandIsNotIllegal: in a batch, a hand that cannot be read
// is "failed" with a verdict marked unreadable (with its line), never one
// that looks like an illegal hand.
func TestUnreadableHandIsNotIllegal(t *testing.T) {
	c := newClient(t, storetest.OpenSQLite(t), api.Config{})
	bad := "PokerStars Hand #901:  Omaha Pot Limit ($0.05/$0.10 USD) - 2020/01/02 3:05:05 ET\n" +
		"Table 'T' 6-max Seat #1 is the button\nSeat 1: Ann ($10 in chips)\nSeat 2: Bob ($10 in chips)\n" +
		"Bob: posts small blind $0.05\nAnn: posts big blind $0.10\n*** HOLE CARDS ***\nBob: dances\n"
	body := psHand + "\n" + bad
	for _, path := range []string{"/v1/hands/replay", "/v1/hands"} {
		res := c.do("POST", path, "text/plain", []byte(body))
		var out api.HandResults
		res.decode(t, &out)
		if res.status != 200 || len(out.Hands) != 2 || out.Failed != 1 {
			t.Fatalf("%s: status %d: %s", path, res.status, res.body)
		}
		h := out.Hands[1]
		if h.Status != "failed" || h.Problem == nil || h.Verdict == nil || !h.Verdict.Unreadable || h.Verdict.Legal ||
			h.Verdict.Line < 18 || h.Verdict.Error == nil || h.Verdict.Error.Index != -1 || h.Verdict.Hand != 2 {
			t.Errorf("%s: unreadable hand result %s", path, res.body)
		}
		if v := out.Hands[0].Verdict; v == nil || v.Unreadable || !v.Legal || v.Line != 1 {
			t.Errorf("%s: readable hand verdict %+v", path, v)
		}
	}
}

// TestHandsMetricHelpNamesEveryOutcome: the help of scoop_hands_total
// names every outcome label the server emits, conflict included.
func TestHandsMetricHelpNamesEveryOutcome(t *testing.T) {
	c := newClient(t, storetest.OpenSQLite(t), api.Config{})
	c.do("POST", "/v1/hands", "text/plain", []byte(psHand))
	c.do("POST", "/v1/hands/replay", "text/plain", []byte(psHand))
	body := string(c.get("/metrics").body)
	var help string
	outcomes := map[string]bool{"conflict": true}
	for _, line := range strings.Split(body, "\n") {
		if rest, ok := strings.CutPrefix(line, "# HELP scoop_hands_total "); ok {
			help = rest
		}
		if rest, ok := strings.CutPrefix(line, `scoop_hands_total{outcome="`); ok {
			o, _, _ := strings.Cut(rest, `"`)
			outcomes[o] = true
		}
	}
	if len(outcomes) < 5 {
		t.Fatalf("scoop_hands_total series: %v", outcomes)
	}
	for o := range outcomes {
		if !strings.Contains(help, o) {
			t.Errorf("scoop_hands_total help %q does not name outcome %q", help, o)
		}
	}
}

// TestIntegersWithExponent: integers written as 1e3 (which the contract
// accepts) are read as integers; a value no field can hold is a 400 in the
// user's words, never a Go type name.
func TestIntegersWithExponent(t *testing.T) {
	c := newClient(t, storetest.OpenSQLite(t), api.Config{})
	hands := `"hands":["As2s3dKd","QhQcJhTc"],"board":"4c7hKh"`
	ok := []struct {
		body   string
		boards int64
		seed   uint64
	}{
		{`{` + hands + `,"mode":"montecarlo","trials":1e3,"seed":1e3}`, 1000, 1000},
		{`{` + hands + `,"mode":"montecarlo","trials":2.5E3,"seed":7.0}`, 2500, 7},
	}
	for _, tc := range ok {
		res := c.do("POST", "/v1/equity", "application/json", []byte(tc.body))
		var out equity.Result
		if res.decode(t, &out); res.status != 200 || out.Boards != tc.boards || out.Seed == nil || *out.Seed != tc.seed {
			t.Errorf("%s = %d %s, want %d trials with seed %d", tc.body, res.status, res.body, tc.boards, tc.seed)
		}
	}
	res := c.do("POST", "/v1/equity", "application/json", []byte(`{`+hands+`,"mode":"montecarlo","seed":1e30}`))
	p := res.problem(t)
	if res.status != 400 || p.Field != "seed" || !strings.Contains(p.Detail, "non-negative integer") {
		t.Errorf("seed 1e30 = %d %s, want 400 on seed wanting a non-negative integer", res.status, res.body)
	}
	for _, goName := range []string{"uint64", "int64", "Go ", "struct"} {
		if strings.Contains(p.Detail, goName) {
			t.Errorf("detail %q names a Go type (%s)", p.Detail, goName)
		}
	}
}

// TestListingRejectsNonCanonicalInput: a player that is not UTF-8 is a 400
// naming player, a cursor or hand id in another spelling names nothing.
func TestListingRejectsNonCanonicalInput(t *testing.T) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			c := newClient(t, b.open(t), api.Config{})
			res := c.do("POST", "/v1/hands", "text/plain", []byte(psHand))
			var out api.HandResults
			if res.decode(t, &out); res.status != 200 && res.status != 201 || len(out.Hands) != 1 || out.Hands[0].ID == "" {
				t.Fatalf("store a hand: %d %s", res.status, res.body)
			}
			id := out.Hands[0].ID
			b64 := base64.RawURLEncoding.EncodeToString
			tests := []struct {
				path   string
				status int
				field  string
			}{
				{"/v1/hands?player=%FF", 400, "player"},
				{"/v1/hands?player=Ann%C3", 400, "player"},
				{"/v1/hands?cursor=" + b64([]byte("h1:040")), 400, "cursor"},
				{"/v1/hands?cursor=" + b64([]byte("h1:+4")), 400, "cursor"},
				{"/v1/hands/0" + id, 404, ""},
				{"/v1/hands/+" + id, 404, ""},
			}
			for _, tc := range tests {
				res := c.get(tc.path)
				if p := res.problem(t); res.status != tc.status || p.Field != tc.field {
					t.Errorf("GET %s = %d %s, want %d naming %q", tc.path, res.status, res.body, tc.status, tc.field)
				}
			}
			if res := c.get("/v1/hands/" + id); res.status != 200 {
				t.Errorf("GET /v1/hands/%s = %d", id, res.status)
			}
		})
	}
}
