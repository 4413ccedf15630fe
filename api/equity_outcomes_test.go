package api_test

import (
	"reflect"
	"testing"

	"github.com/scoophq/scoop/api"
	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/equity"
	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/store"
)

// POST /v1/equity gives every player's outcome shares and quartered (A8)
// exactly as the engine does, with standard errors in Monte Carlo only;
// a hand read as a range says so in read_as_range, a request of four-card
// hands has none.
func TestEquityOutcomesAndRangeReading(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newClient(t, st, api.Config{})
		hands := []string{"As2s3dKd", "Ah2h5c5d", "QhQcJhTc"}
		var got equity.Result
		res := c.postJSON("/v1/equity", map[string]any{"hands": hands, "board": "4c7h8h"})
		res.decode(t, &got)
		want, err := equity.Compute(t.Context(), equity.Request{Game: eval.OmahaHiLo, Hands: []cards.List{cards.MustParse(hands[0]), cards.MustParse(hands[1]), cards.MustParse(hands[2])}, Board: cards.MustParse("4c7h8h")})
		if err != nil {
			t.Fatal(err)
		}
		if res.status != 200 || len(got.Players) != 3 {
			t.Fatalf("%d %s", res.status, res.body)
		}
		for i, p := range got.Players {
			if !reflect.DeepEqual(p.Outcomes, want.Players[i].Outcomes) || p.Quartered != want.Players[i].Quartered {
				t.Errorf("player %d: outcomes %+v quartered %v, the engine %+v %v", i, p.Outcomes, p.Quartered, want.Players[i].Outcomes, want.Players[i].Quartered)
			}
		}
		if got.Players[0].Quartered == 0 || got.Players[0].Outcomes[0].Stderr != nil {
			t.Errorf("player 0: %+v", got.Players[0])
		}
		var raw map[string]any
		res.decode(t, &raw)
		if _, ok := raw["read_as_range"]; ok {
			t.Errorf("four-card hands with read_as_range: %s", res.body)
		}

		var mc equity.RangeResult
		res = c.postJSON("/v1/equity", map[string]any{"hands": []string{"QhQcJhXc", "As2s3dKd"}, "mode": "montecarlo", "trials": 5000})
		res.decode(t, &mc)
		if res.status != 200 || mc.Mode != equity.MonteCarlo || len(mc.ReadAsRange) != 1 {
			t.Fatalf("%d %s", res.status, res.body)
		}
		r := mc.ReadAsRange[0]
		if r.Field != "hands[0]" || r.Hand != "QhQcJhXc" || r.Combos != mc.Combos[0] || len(r.Example) != 8 ||
			r.Message == "" {
			t.Errorf("read_as_range %+v, combos %v", r, mc.Combos)
		}
		for _, p := range mc.Players {
			var n int64
			for _, o := range p.Outcomes {
				n += o.Boards
				if o.Stderr == nil {
					t.Errorf("%s: Monte Carlo outcome %+v without stderr", p.Hand, o)
				}
			}
			if n != mc.Boards {
				t.Errorf("%s: outcomes cover %d of %d trials", p.Hand, n, mc.Boards)
			}
		}
	})
}
