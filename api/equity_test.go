package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"net/http"
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
		{"bad card", "application/json", `{"hands":["As2s3dKx","QhQcJhTc"]}`, 400, "hands[0]", ""},
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

// TestEquityOverloaded fills the compute slots and checks the next request
// waits briefly, then gets 429 with Retry-After.
func TestEquityOverloaded(t *testing.T) {
	c := newClient(t, storetest.OpenSQLite(t), api.Config{MaxCompute: 1, ComputeWait: 20 * time.Millisecond})
	// A long Monte Carlo run holds the only slot until it is cancelled.
	slow := []byte(`{"hands":["As2s3dKd","QhQcJhTc","8h8d9c9s"],"mode":"montecarlo","trials":10000000}`)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var wg sync.WaitGroup
	wg.Go(func() {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, c.srv.URL+"/v1/equity", bytes.NewReader(slow))
		req.Header.Set("Content-Type", "application/json")
		if res, err := http.DefaultClient.Do(req); err == nil {
			res.Body.Close()
		}
	})
	var res response
	for range 200 {
		res = c.postJSON("/v1/equity", map[string]any{"hands": []string{"As2s3dKd", "QhQcJhTc"}, "board": "4c7hKh"})
		if res.status == http.StatusTooManyRequests {
			break
		}
		time.Sleep(time.Millisecond)
	}
	cancel()
	wg.Wait()
	if res.status != http.StatusTooManyRequests || res.header.Get("Retry-After") == "" {
		t.Fatalf("never overloaded: last %d %s", res.status, res.body)
	}
}

// TestEquityCancelledWithClient checks a client that hangs up frees the
// compute slot: the run is cancelled, not left to finish.
func TestEquityCancelledWithClient(t *testing.T) {
	c := newClient(t, storetest.OpenSQLite(t), api.Config{MaxCompute: 1, ComputeWait: time.Second})
	// Monte Carlo with a huge trial count would run for minutes.
	body := `{"hands":["As2s3dKd","QhQcJhTc","8h8d9c9s"],"mode":"montecarlo","trials":10000000}`
	conn, err := net.Dial("tcp", strings.TrimPrefix(c.srv.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	req := "POST /v1/equity HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: " +
		itoa(len(body)) + "\r\n\r\n" + body
	if _, err := conn.Write([]byte(req)); err != nil {
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond) // let the run take the slot
	conn.Close()
	// With the slot freed the next request is answered (within ComputeWait).
	res := c.postJSON("/v1/equity", map[string]any{"hands": []string{"As2s3dKd", "QhQcJhTc"}, "board": "4c7hKh"})
	if res.status != 200 {
		t.Fatalf("after the client left: %d %s", res.status, res.body)
	}
	var m bytes.Buffer
	m.Write(c.get("/metrics").body)
	if !strings.Contains(m.String(), `scoop_equity_runs_total{mode="montecarlo",outcome="canceled"} 1`) {
		t.Errorf("the abandoned run is not counted as canceled")
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }
