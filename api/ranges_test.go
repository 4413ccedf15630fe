package api_test

import (
	"testing"

	"github.com/scoophq/scoop/api"
	"github.com/scoophq/scoop/internal/equity"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/storetest"
)

type rangeResult struct {
	equityResult
	Combos []int `json:"combos"`
}

// A hand against a range: the API gives exactly what the range engine
// gives, with the combinations left after card removal; stored and read
// back like any result.
func TestEquityWithRanges(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newClient(t, st, api.Config{})
		body := map[string]any{"game": "omaha-hilo", "hands": []string{"AsAhKs2d", "AA**"}, "board": "Kh7c3d", "store": true}
		res := c.postJSON("/v1/equity", body)
		var got rangeResult
		res.decode(t, &got)
		if res.status != 200 || got.Mode != "exhaustive" || len(got.Combos) != 2 || got.ID == "" {
			t.Fatalf("AsAhKs2d vs AA** = %d %s", res.status, res.body)
		}
		// AA** with As and Ah gone: the hands holding both other aces.
		if got.Combos[0] != 1 || got.Combos[1] != 903 {
			t.Errorf("combos %v, want [1 903]", got.Combos)
		}
		want, err := equity.ComputeRanges(t.Context(), mustRangeRequest(t, equity.Input{Game: "omaha-hilo", Hands: []string{"AsAhKs2d", "AA**"}, Board: "Kh7c3d"}))
		if err != nil {
			t.Fatal(err)
		}
		for i := range want.Players {
			if got.Players[i].Equity != want.Players[i].Equity {
				t.Errorf("player %d equity %v, the engine says %v", i, got.Players[i].Equity, want.Players[i].Equity)
			}
		}
		back := c.get("/v1/equity/" + got.ID)
		var stored rangeResult
		back.decode(t, &stored)
		if back.status != 200 || len(stored.Combos) != 2 || stored.Players[1].Hand != "AA**" {
			t.Errorf("read back = %d %s", back.status, back.body)
		}
	})
}

func mustRangeRequest(t *testing.T, in equity.Input) equity.RangeRequest {
	t.Helper()
	r, err := equity.ParseRangeInput(in)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestEquityRangeErrors(t *testing.T) {
	c := newClient(t, storetest.OpenSQLite(t), api.Config{})
	tests := []struct {
		name   string
		body   map[string]any
		status int
		field  string
	}{
		{"syntax", map[string]any{"hands": []string{"AsAhKs2d", "AA*("}}, 400, "hands[1]"},
		{"empty after removal", map[string]any{"hands": []string{"AsAhAdKs", "AcAd**"}}, 422, "hands[1]"},
		{"trials over the maximum", map[string]any{"hands": []string{"AsAhKs2d", "15%"}, "mode": "montecarlo", "trials": equity.MaxTrials + 1}, 400, "trials"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := c.postJSON("/v1/equity", tt.body)
			if res.status != tt.status {
				t.Fatalf("status %d, want %d: %s", res.status, tt.status, res.body)
			}
			if p := res.problem(t); p.Field != tt.field {
				t.Errorf("field %q, want %q: %s", p.Field, tt.field, res.body)
			}
		})
	}
}

func TestParseRanges(t *testing.T) {
	c := newClient(t, storetest.OpenSQLite(t), api.Config{})
	res := c.postJSON("/v1/ranges/parse", map[string]any{"hands": []string{"AxAyxy", "As2s3dKd"}, "board": "Ac7h2d", "sample": 3})
	var out struct {
		Ranges []struct {
			Hand   string   `json:"hand"`
			Total  int      `json:"total"`
			Combos int      `json:"combos"`
			Sample []string `json:"sample"`
		} `json:"ranges"`
	}
	res.decode(t, &out)
	if res.status != 200 || len(out.Ranges) != 2 {
		t.Fatalf("parse = %d %s", res.status, res.body)
	}
	// Double-suited aces: 6 suit pairs for the aces, times 12 x 12 for
	// the two other cards, 864; with As and Ac known, fewer.
	if r := out.Ranges[0]; r.Total != 864 || r.Combos >= 864 || r.Combos == 0 || len(r.Sample) != 3 {
		t.Errorf("AxAyxy: %+v", r)
	}
	if r := out.Ranges[1]; r.Total != 1 || r.Combos != 1 || r.Hand != "AsKd3d2s" {
		t.Errorf("the exact hand: %+v", r)
	}
	again := c.postJSON("/v1/ranges/parse", map[string]any{"hands": []string{"AxAyxy", "As2s3dKd"}, "board": "Ac7h2d", "sample": 3})
	if string(again.body) != string(res.body) {
		t.Errorf("the same request gave another answer:\n%s\n%s", res.body, again.body)
	}
	bad := c.postJSON("/v1/ranges/parse", map[string]any{"hands": []string{"AA**", "K+++"}})
	if bad.status != 400 || bad.problem(t).Field != "hands[1]" {
		t.Errorf("a bad range = %d %s, want 400 naming hands[1]", bad.status, bad.body)
	}
	if res := c.postJSON("/v1/ranges/parse", map[string]any{"hands": []string{"AA**"}, "sample": 1000}); res.status != 400 {
		t.Errorf("sample 1000 = %d, want 400", res.status)
	}
}
