package api_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/scoophq/scoop/api"
	"github.com/scoophq/scoop/internal/equity"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/hhtest"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// psHand is hhtest.PokerStarsHand: Ann raises the pot and both blinds fold.
const psHand = hhtest.PokerStarsHand

// TestNaturalKeyTakeover: a JSON hand claiming PokerStars hand #900,
// stored first, does not swallow the real #900 as a duplicate: the real
// one is a conflict (409 alone, status "conflict" in a batch) naming the
// stored id, and the stored hand is not overwritten.
func TestNaturalKeyTakeover(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newClient(t, st, api.Config{})
		entries, err := handhistory.Read(handhistory.FormatPokerStars, []byte(psHand))
		if err != nil || len(entries) != 1 || entries[0].Hand == nil {
			t.Fatalf("read psHand: %v", err)
		}
		fake := *entries[0].Hand
		fake.Players = append(fake.Players[:0:0], fake.Players...)
		fake.Players[0].Name = "Mallory"
		body, err := json.Marshal(&fake)
		if err != nil {
			t.Fatal(err)
		}
		res := c.do(http.MethodPost, "/v1/hands", "application/json", body)
		var first handResults
		res.decode(t, &first)
		if res.status != 200 || first.Stored != 1 {
			t.Fatalf("claimant = %d %s", res.status, res.body)
		}
		id := first.Hands[0].ID

		res = c.do(http.MethodPost, "/v1/hands", "text/plain", []byte(psHand))
		p := res.problem(t)
		if res.status != http.StatusConflict || p.Type != "urn:scoop:problem:conflict" || p.ID != id || p.Verdict == nil {
			t.Fatalf("the real hand alone = %d %s, want 409 naming id %s with the verdict", res.status, res.body, id)
		}

		other := strings.Replace(psHand, "#900", "#901", 1)
		res = c.do(http.MethodPost, "/v1/hands", "text/plain", []byte(psHand+"\n\n"+other))
		var both struct {
			Hands []struct {
				Status  string       `json:"status"`
				ID      string       `json:"id"`
				Problem *api.Problem `json:"problem"`
			} `json:"hands"`
			Stored, Duplicates, Conflicts int
		}
		res.decode(t, &both)
		if res.status != 200 || both.Conflicts != 1 || both.Stored != 1 || both.Duplicates != 0 ||
			both.Hands[0].Status != "conflict" || both.Hands[0].ID != id || both.Hands[0].Problem == nil ||
			both.Hands[0].Problem.Status != http.StatusConflict || both.Hands[1].Status != "stored" {
			t.Fatalf("batch with the real hand = %d %s, want a conflict on %s and one stored", res.status, res.body, id)
		}

		var stored struct {
			Players []string `json:"players"`
		}
		c.get("/v1/hands/"+id).decode(t, &stored)
		if len(stored.Players) == 0 || stored.Players[0] != "Mallory" {
			t.Errorf("stored hand %s players %q: overwritten?", id, stored.Players)
		}
		// The claimant posted again is a plain duplicate.
		res = c.do(http.MethodPost, "/v1/hands", "application/json", body)
		var again handResults
		res.decode(t, &again)
		if res.status != 200 || again.Duplicates != 1 || again.Hands[0].ID != id {
			t.Errorf("claimant again = %d %s, want a duplicate of %s", res.status, res.body, id)
		}
	})
}

// TestBatchWithIllegalHandIs200: several hands keep 200 with a verdict
// each, illegal ones included.
func TestBatchWithIllegalHandIs200(t *testing.T) {
	c := newClient(t, storetest.OpenSQLite(t), api.Config{})
	illegal := strings.Replace(strings.Replace(psHand, "#900", "#902", 1), "Ann: raises $0.25 to $0.35", "Ann: raises $0.40 to $0.50", 1)
	illegal = strings.Replace(illegal, "($0.25) returned", "($0.40) returned", 1)
	for _, path := range []string{"/v1/hands", "/v1/hands/replay"} {
		res := c.do(http.MethodPost, path, "text/plain", []byte(psHand+"\n\n"+illegal))
		var r handResults
		res.decode(t, &r)
		if res.status != 200 || len(r.Hands) != 2 || r.Hands[1].Verdict == nil || r.Hands[1].Verdict.Error == nil {
			t.Errorf("%s: two hands, one illegal = %d %s, want 200 with both verdicts", path, res.status, res.body)
		}
		res = c.do(http.MethodPost, path, "text/plain", []byte(illegal))
		if p := res.problem(t); res.status != 422 || p.Action == nil || p.Player != "Ann" || p.Verdict == nil {
			t.Errorf("%s: the illegal hand alone = %d %s, want 422 naming Ann's action", path, res.status, res.body)
		}
	}
}

// TestHandsOverloaded: large hand replays share the expensive compute with
// equity: with it taken, a file over Limits.CheapBytes posted to POST
// /v1/hands and /v1/hands/replay answers 429 with Retry-After, while a
// one-hand body (cheap) is still answered.
func TestHandsOverloaded(t *testing.T) {
	c := newClient(t, storetest.OpenSQLite(t), api.Config{MaxCompute: 1, ComputeWait: 20 * time.Millisecond})
	file := readFile(t, "nlo8_knockout.txt")
	if int64(len(file)) <= api.DefaultLimits().CheapBytes {
		t.Fatalf("the test file (%d bytes) is cheap", len(file))
	}
	release := holdSlot(t, c)
	var results, cheap []response
	for _, path := range []string{"/v1/hands", "/v1/hands/replay"} {
		results = append(results, c.do(http.MethodPost, path, "text/plain", file))
		cheap = append(cheap, c.do(http.MethodPost, path, "text/plain", []byte(psHand)))
	}
	release()
	for i, res := range results {
		if res.status != http.StatusTooManyRequests || res.header.Get("Retry-After") == "" {
			t.Errorf("file %d with the compute taken = %d %.300s, want 429 with Retry-After", i, res.status, res.body)
		}
	}
	for i, res := range cheap {
		if res.status != 200 {
			t.Errorf("one hand %d with the compute taken = %d %.300s, want 200", i, res.status, res.body)
		}
	}
	waitFor(t, "the cancelled run to give its cores back", func() bool {
		v, ok := metricValue(c, "scoop_compute_cores_in_use")
		return ok && v == 0
	})
	if res := c.do(http.MethodPost, "/v1/hands", "text/plain", file); res.status != 200 {
		t.Errorf("with the compute free = %d %.300s", res.status, res.body)
	}
}

func TestEquityStoreQuery(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newClient(t, st, api.Config{})
		body := map[string]any{"hands": []string{"As2s3dKd", "QhQcJhTc"}, "board": "4c7hKh"}
		var ids []string
		for _, path := range []string{"/v1/equity?store=true", "/v1/equity?store=1"} {
			res := c.postJSON(path, body)
			var r equityResult
			res.decode(t, &r)
			if res.status != 200 || !store.ValidPublicID(r.ID) {
				t.Fatalf("%s = %d %s, want a stored result with a random id", path, res.status, res.body)
			}
			ids = append(ids, r.ID)
			var back equityResult
			if res := c.get("/v1/equity/" + r.ID); res.status != 200 {
				t.Errorf("GET %s = %d", r.ID, res.status)
			} else if res.decode(t, &back); back.ID != r.ID || back.Boards != 820 {
				t.Errorf("GET %s = %s", r.ID, res.body)
			}
		}
		if ids[0] == ids[1] {
			t.Errorf("two stored results share id %s", ids[0])
		}
		for _, path := range []string{"/v1/equity?store=false", "/v1/equity"} {
			var r equityResult
			res := c.postJSON(path, body)
			res.decode(t, &r)
			if res.status != 200 || r.ID != "" {
				t.Errorf("%s = %d %s, want no id", path, res.status, res.body)
			}
		}
		res := c.postJSON("/v1/equity?store=maybe", body)
		if p := res.problem(t); res.status != 400 || p.Field != "store" {
			t.Errorf("store=maybe = %d %s, want 400 on field store", res.status, res.body)
		}
		for _, guess := range []string{"1", "2", "3"} {
			if res := c.get("/v1/equity/" + guess); res.status != 404 {
				t.Errorf("GET /v1/equity/%s = %d, want 404 (ids are not sequential)", guess, res.status)
			}
		}
	})
}

// TestTrialsLimit: the contract's trials maximum is equity.MaxTrials, and
// trials with mode exhaustive are refused naming trials.
func TestTrialsLimit(t *testing.T) {
	c := newClient(t, storetest.OpenSQLite(t), api.Config{})
	trials := c.spec.Doc.Components.Schemas["EquityRequest"].Value.Properties["trials"].Value
	if trials.Max == nil || *trials.Max != float64(equity.MaxTrials) {
		t.Errorf("openapi.yaml trials maximum %v, want equity.MaxTrials %d", trials.Max, equity.MaxTrials)
	}
	res := c.postJSON("/v1/equity", map[string]any{"hands": []string{"As2s3dKd", "QhQcJhTc"}, "mode": "exhaustive", "trials": 1000})
	if p := res.problem(t); res.status != 400 || p.Field != "trials" || !strings.Contains(p.Detail, "exhaustive") {
		t.Errorf("exhaustive with trials = %d %s, want 400 on trials", res.status, res.body)
	}
	res = c.postJSON("/v1/equity", map[string]any{"hands": []string{"As2s3dKd", "QhQcJhTc"}, "board": "4c7hKh", "mode": "montecarlo", "trials": 1000})
	if res.status != 200 {
		t.Errorf("montecarlo with trials = %d %s", res.status, res.body)
	}
}

// TestErrorFieldsAreJSONNames: a type error names the JSON field, not the
// Go struct path.
func TestErrorFieldsAreJSONNames(t *testing.T) {
	c := newClient(t, storetest.OpenSQLite(t), api.Config{})
	for _, body := range []string{
		`{"hands":["As2s3dKd","QhQcJhTc"],"seed":1e30}`, // 1e3 is an integer: see TestIntegersWithExponent
		`{"hands":["As2s3dKd","QhQcJhTc"],"seed":1.5}`,
	} {
		res := c.do(http.MethodPost, "/v1/equity", "application/json", []byte(body))
		if p := res.problem(t); res.status != 400 || p.Field != "seed" {
			t.Errorf("%s = %d %s, want 400 on field seed", body, res.status, res.body)
		}
	}
}

// failingReady is a store whose database is down with a revealing error.
type failingReady struct{ store.Store }

const secret = "dial tcp 10.9.8.7:5432: password authentication failed for user \"scoop_admin\""

func (failingReady) Ready(context.Context) error { return errors.New(secret) }

// TestReadyHidesTheDatabaseError: /readyz says the database is not ready
// without the driver's words.
func TestReadyHidesTheDatabaseError(t *testing.T) {
	c := newClient(t, failingReady{storetest.OpenSQLite(t)}, api.Config{})
	res := c.get("/readyz")
	p := res.problem(t)
	if res.status != 503 || !strings.Contains(p.Detail, "database") {
		t.Fatalf("/readyz = %d %s, want 503 about the database", res.status, res.body)
	}
	for _, leak := range []string{"10.9.8.7", "scoop_admin", "password"} {
		if strings.Contains(string(res.body), leak) {
			t.Errorf("/readyz body leaks %q: %s", leak, res.body)
		}
	}
}

// TestProblemTypes: every problem is typed urn:scoop:problem:<kind>.
func TestProblemTypes(t *testing.T) {
	c := newClient(t, storetest.OpenSQLite(t), api.Config{})
	tests := []struct {
		name     string
		res      response
		status   int
		typeName string
	}{
		{"404", c.get("/nowhere"), 404, "not-found"},
		{"404 stored", c.get("/v1/hands/999"), 404, "not-found"},
		{"405", c.do(http.MethodDelete, "/v1/equity", "", nil), 405, "method-not-allowed"},
		{"413", c.do(http.MethodPost, "/v1/equity", "application/json", []byte(`{"hands":"`+strings.Repeat("x", api.MaxJSONBody)+`"}`)), 413, "too-large"},
		{"415", c.do(http.MethodPost, "/v1/equity", "application/xml", []byte(`<x/>`)), 415, "unsupported-media-type"},
		{"400", c.do(http.MethodPost, "/v1/equity", "application/json", []byte(`{`)), 400, "invalid"},
		{"422", c.postJSON("/v1/equity", map[string]any{"hands": []string{"As2s3dKd", "AsQcJhTc"}}), 422, "impossible"},
	}
	for _, tc := range tests {
		p := tc.res.problem(t)
		if tc.res.status != tc.status || p.Type != "urn:scoop:problem:"+tc.typeName {
			t.Errorf("%s: %d type %q, want %d urn:scoop:problem:%s", tc.name, tc.res.status, p.Type, tc.status, tc.typeName)
		}
	}
}
