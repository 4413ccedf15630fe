package api_test

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/scoophq/scoop/api"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/storetest"
)

type equityResult struct {
	ID      string `json:"id"`
	Game    string `json:"game"`
	Mode    string `json:"mode"`
	Boards  int64  `json:"boards"`
	Players []struct {
		Hand   string  `json:"hand"`
		Equity float64 `json:"equity"`
	} `json:"players"`
	Exact *struct {
		Numerators  []string `json:"numerators"`
		Denominator string   `json:"denominator"`
	} `json:"exact"`
}

func TestEquity(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newClient(t, st, api.Config{})
		flop := map[string]any{"game": "omaha-hilo", "hands": []string{"As2s3dKd", "QhQcJhTc"}, "board": "4c7hKh"}

		res := c.postJSON("/v1/equity", flop)
		var r equityResult
		res.decode(t, &r)
		if res.status != 200 || r.Boards != 820 || r.Mode != "exhaustive" || len(r.Players) != 2 || r.ID != "" {
			t.Fatalf("heads-up flop = %d %s", res.status, res.body)
		}
		if sum := r.Players[0].Equity + r.Players[1].Equity; sum < 0.999999 || sum > 1.000001 {
			t.Errorf("equities sum to %v", sum)
		}

		flop["store"] = true
		res = c.postJSON("/v1/equity", flop)
		var stored equityResult
		res.decode(t, &stored)
		if res.status != 200 || stored.ID == "" || stored.Boards != 820 {
			t.Fatalf("stored run = %d %s", res.status, res.body)
		}
		res = c.get("/v1/equity/" + stored.ID)
		var back equityResult
		res.decode(t, &back)
		if res.status != 200 || back.ID != stored.ID || back.Boards != 820 || back.Players[0].Equity != stored.Players[0].Equity ||
			back.Exact == nil || back.Exact.Denominator != stored.Exact.Denominator {
			t.Errorf("read back = %d %s, want the stored result %+v", res.status, res.body, stored)
		}
		if res := c.get("/v1/equity/999999"); res.status != 404 {
			t.Errorf("missing result = %d", res.status)
		}
	})
}

func TestEquityErrors(t *testing.T) {
	c := newClient(t, storetest.OpenSQLite(t), api.Config{})
	big := `{"hands":["As2s3dKd","QhQcJhTc"],"board":"` + strings.Repeat(" ", api.MaxJSONBody) + `"}`
	tests := []struct {
		name        string
		contentType string
		body        string
		status      int
		field       string
		detail      string
	}{
		{"malformed JSON", "application/json", `{"hands":[`, 400, "", ""},
		{"not an object", "application/json", `[1,2]`, 400, "", ""},
		{"one hand", "application/json", `{"hands":["As2s3dKd"]}`, 400, "hands", "minimum"},
		{"unknown field", "application/json", `{"hands":["As2s3dKd","QhQcJhTc"],"bord":"4c"}`, 400, "bord", "bord"},
		{"wrong type", "application/json", `{"hands":["As2s3dKd","QhQcJhTc"],"trials":"many"}`, 400, "trials", ""},
		{"too many trials", "application/json", `{"hands":["As2s3dKd","QhQcJhTc"],"mode":"montecarlo","trials":10000001}`, 400, "trials", "at most"},
		{"zero trials", "application/json", `{"hands":["As2s3dKd","QhQcJhTc"],"mode":"montecarlo","trials":0}`, 400, "trials", "at least 1"},
		{"negative trials", "application/json", `{"hands":["As2s3dKd","QhQcJhTc"],"mode":"montecarlo","trials":-5}`, 400, "trials", "at least 1"},
		{"unknown game", "application/json", `{"game":"holdem","hands":["As2s3dKd","QhQcJhTc"]}`, 400, "game", ""},
		{"bad card", "application/json", `{"hands":["As2s3dKe","QhQcJhTc"]}`, 400, "hands[0]", ""},
		{"three-card hand", "application/json", `{"hands":["As2s3d","QhQcJhTc"]}`, 400, "hands[0]", ""},
		{"duplicate card", "application/json", `{"hands":["As2s3dKd","AsQcJhTc"]}`, 422, "", "As"},
		{"board card in a hand", "application/json", `{"hands":["As2s3dKd","QhQcJhTc"],"board":"Kd7h8h"}`, 422, "", "Kd"},
		{"text body", "text/plain", `As2s3dKd QhQcJhTc`, 415, "", "application/json"},
		{"no content type", "", `{}`, 415, "", ""},
		{"over 1 MiB", "application/json", big, 413, "", "1048576"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := c.do(http.MethodPost, "/v1/equity", tc.contentType, []byte(tc.body))
			if res.status != tc.status {
				t.Fatalf("status %d, want %d: %s", res.status, tc.status, res.body)
			}
			p := res.problem(t)
			if tc.field != "" && p.Field != tc.field {
				t.Errorf("field %q, want %q (%s)", p.Field, tc.field, res.body)
			}
			if !strings.Contains(p.Detail, tc.detail) {
				t.Errorf("detail %q lacks %q", p.Detail, tc.detail)
			}
			if p.RequestID == "" || p.RequestID != res.header.Get("X-Request-ID") {
				t.Errorf("problem request_id %q, header %q", p.RequestID, res.header.Get("X-Request-ID"))
			}
		})
	}
}

// slowEquity is a Monte Carlo run of ten hands at equity.MaxTrials: it holds
// a compute slot for seconds, until cancelled.
const slowEquity = `{"hands":["As2s3dKd","QhQcJhTc","8h8d9c9s","2c3c4c5c","4d5d6d7d","TsJsQsKs","2h3h4h5h","6c7c6h7h","TdJdQdAd","AcAhKcKh"],"mode":"montecarlo","trials":10000000}`

// metricValue returns the value of the /metrics sample whose line starts
// with series (name and labels), and whether there is one.
func metricValue(c *client, series string) (float64, bool) {
	for line := range strings.SplitSeq(string(c.get("/metrics").body), "\n") {
		if rest, ok := strings.CutPrefix(line, series+" "); ok {
			v, err := strconv.ParseFloat(strings.TrimSpace(rest), 64)
			return v, err == nil
		}
	}
	return 0, false
}

// waitFor polls cond until it holds or a generous deadline passes. It is a
// wait for a state the test cannot be told of otherwise, never a measure of
// speed: the assertions come after it.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// holdSlot starts a slow equity run and returns once it holds a compute
// slot (the in-flight gauge says so); cancel ends it.
func holdSlot(t *testing.T, c *client) (cancel func()) {
	t.Helper()
	ctx, stop := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, c.srv.URL+"/v1/equity", strings.NewReader(slowEquity))
		req.Header.Set("Content-Type", "application/json")
		if res, err := http.DefaultClient.Do(req); err == nil {
			res.Body.Close()
		}
	})
	waitFor(t, "the slow run to take the slot", func() bool {
		v, _ := metricValue(c, "scoop_equity_in_flight")
		return v == 1
	})
	return func() { stop(); wg.Wait() }
}

// TestEquityOverloaded fills the expensive compute and checks the next
// expensive request waits briefly, then gets 429 with Retry-After, while a
// cheap one is still answered.
func TestEquityOverloaded(t *testing.T) {
	c := newClient(t, storetest.OpenSQLite(t), api.Config{MaxCompute: 1, ComputeWait: 20 * time.Millisecond})
	release := holdSlot(t, c)
	preflop := c.postJSON("/v1/equity", map[string]any{"hands": []string{"As2s3dKd", "QhQcJhTc"}}) // 1,086,008 boards
	flop := c.postJSON("/v1/equity", map[string]any{"hands": []string{"As2s3dKd", "QhQcJhTc"}, "board": "4c7hKh"})
	release()
	if preflop.status != http.StatusTooManyRequests || preflop.header.Get("Retry-After") == "" {
		t.Fatalf("expensive with the compute taken: %d %s, want 429 with Retry-After", preflop.status, preflop.body)
	}
	if p := preflop.problem(t); p.Type != "urn:scoop:problem:overloaded" {
		t.Errorf("problem type %q", p.Type)
	}
	if flop.status != http.StatusOK {
		t.Errorf("cheap (820 boards) with the compute taken: %d %s, want 200", flop.status, flop.body)
	}
}

// TestEquityCancelledWithClient checks a client that hangs up frees the
// compute slot: the run is cancelled, not left to finish.
func TestEquityCancelledWithClient(t *testing.T) {
	c := newClient(t, storetest.OpenSQLite(t), api.Config{MaxCompute: 1, ComputeWait: time.Second})
	conn, err := net.Dial("tcp", strings.TrimPrefix(c.srv.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	req := "POST /v1/equity HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: " +
		itoa(len(slowEquity)) + "\r\n\r\n" + slowEquity
	if _, err := conn.Write([]byte(req)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the run to take the slot", func() bool {
		v, _ := metricValue(c, "scoop_equity_in_flight")
		return v == 1
	})
	conn.Close()
	// The run ends one way or the other: cancelled (what we want) or, were
	// the hang-up not seen, finished.
	const canceled = `scoop_equity_runs_total{mode="montecarlo",outcome="canceled"}`
	const finished = `scoop_equity_runs_total{mode="montecarlo",outcome="ok"}`
	waitFor(t, "the abandoned run to end", func() bool {
		_, a := metricValue(c, canceled)
		_, b := metricValue(c, finished)
		return a || b
	})
	if v, _ := metricValue(c, canceled); v != 1 {
		t.Errorf("the abandoned run is not counted as canceled (canceled = %v)", v)
	}
	if v, ok := metricValue(c, finished); ok {
		t.Errorf("the abandoned run finished (ok = %v)", v)
	}
	// With the slot freed the next request is answered.
	res := c.postJSON("/v1/equity", map[string]any{"hands": []string{"As2s3dKd", "QhQcJhTc"}, "board": "4c7hKh"})
	if res.status != 200 {
		t.Fatalf("after the client left: %d %s", res.status, res.body)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }
