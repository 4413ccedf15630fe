package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/scoophq/scoop/api"
	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/hhtest"
	"github.com/scoophq/scoop/internal/ingest"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// TestAnalysisSchemaCoversGoTypes: the analysis documents and their
// openapi.yaml schemas describe the same fields.
func TestAnalysisSchemaCoversGoTypes(t *testing.T) {
	spec, err := api.LoadSpec(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		schema string
		value  any
	}{
		{"HandAnalysis", analysis.Analysis{}},
		{"StreetSnapshot", analysis.Street{}},
		{"Decision", analysis.Decision{}},
		{"AllIn", analysis.AllIn{}},
		{"PlayerResult", analysis.PlayerResult{}},
	} {
		ref := spec.Doc.Components.Schemas[tc.schema]
		if ref == nil {
			t.Fatalf("openapi.yaml has no schema %s", tc.schema)
		}
		for _, p := range schemaProblems(tc.schema, reflect.TypeOf(tc.value), ref, nil) {
			t.Error(p)
		}
	}
}

type analysisResult struct {
	Index    int                `json:"index"`
	Status   string             `json:"status"`
	ID       string             `json:"id"`
	Verdict  *analysis.Verdict  `json:"verdict"`
	Analysis *analysis.Analysis `json:"analysis"`
}

type analyzeResponse struct {
	Hands    []analysisResult `json:"hands"`
	Read     int              `json:"read"`
	Analyzed int              `json:"analyzed"`
	Failed   int              `json:"failed"`
}

type storedAnalysisResponse struct {
	ID            string             `json:"id"`
	Legal         bool               `json:"legal"`
	EngineVersion int                `json:"engine_version"`
	Analysis      *analysis.Analysis `json:"analysis"`
}

func checkAllIn(t *testing.T, a *analysis.Analysis) {
	t.Helper()
	if a == nil || a.AllIn == nil || a.EngineVersion != analysis.EngineVersion || len(a.Streets) != 4 {
		t.Fatalf("analysis %+v", a)
	}
	var exp, net float64
	for _, r := range a.Results {
		exp += *r.Expected
		net += float64(r.Net)
	}
	if math.Abs(exp-net) > 1e-6 {
		t.Errorf("expected %v, net %v", exp, net)
	}
}

func handsJSON(t *testing.T, texts ...string) []handhistory.Hand {
	t.Helper()
	var out []handhistory.Hand
	for _, text := range texts {
		es, err := handhistory.Read(handhistory.FormatPHH, []byte(text))
		if err != nil || len(es) != 1 || es[0].Hand == nil {
			t.Fatalf("read PHH: %v", err)
		}
		out = append(out, *es[0].Hand)
	}
	return out
}

// TestAnalyzeStoresNothing: POST /v1/hands/analyze answers each legal
// hand's analysis and each illegal one's verdict with a null analysis,
// stores nothing, and a body of one illegal hand is its 422.
func TestAnalyzeStoresNothing(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newClient(t, st, api.Config{})
		res := c.postJSON("/v1/hands/analyze", handsJSON(t, hhtest.PHHAllIn, hhtest.PHHIllegalRaise))
		if res.status != http.StatusOK {
			t.Fatalf("status %d: %s", res.status, res.body)
		}
		var out analyzeResponse
		res.decode(t, &out)
		if len(out.Hands) != 2 || out.Read != 2 || out.Analyzed != 1 {
			t.Fatalf("%+v", out)
		}
		checkAllIn(t, out.Hands[0].Analysis)
		if h := out.Hands[1]; h.Analysis != nil || h.Verdict == nil || h.Verdict.Legal || h.Status != "replayed" {
			t.Errorf("illegal hand: %+v", h)
		}
		page, err := st.Hands(context.Background(), store.Query{})
		if err != nil || len(page.Hands) != 0 {
			t.Errorf("stored %d hands, %v", len(page.Hands), err)
		}
		one := c.do(http.MethodPost, "/v1/hands/analyze", "application/toml", []byte(hhtest.PHHIllegalRaise))
		if p := one.problem(t); one.status != http.StatusUnprocessableEntity || p.Verdict == nil || p.Action == nil || *p.Action != 2 {
			t.Errorf("one illegal hand: %d %+v", one.status, p)
		}
		bad := c.do(http.MethodPost, "/v1/hands/analyze", "application/toml", []byte("variant = 'PO'\nactions = 3\n"))
		if bad.status != http.StatusBadRequest && bad.status != http.StatusUnprocessableEntity {
			t.Errorf("unreadable hand: %d %s", bad.status, bad.body)
		}
		// The same hand, the same numbers (Monte Carlo included).
		unknown := `variant = 'PO'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
starting_stacks = [100, 100, 100]
actions = ['d dh p1 AsAhKsKh', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', 'p1 cc', 'p2 cc', 'd db Tc5h2s', 'p1 cbr 4', 'p2 f']
`
		a := c.do(http.MethodPost, "/v1/hands/analyze", "application/toml", []byte(unknown))
		b := c.do(http.MethodPost, "/v1/hands/analyze", "application/toml", []byte(unknown))
		if a.status != http.StatusOK || string(a.body) != string(b.body) {
			t.Errorf("Monte Carlo analysis not reproducible:\n%s\n%s", a.body, b.body)
		}
	})
}

// TestStoredHandAnalysis: a hand posted to /v1/hands is stored with its
// analysis, read back by GET /v1/hands/{id}/analysis; an illegal hand's
// analysis is null; a legal hand stored without one is analysed on
// reading and kept; an unknown id is a 404.
func TestStoredHandAnalysis(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newClient(t, st, api.Config{})
		res := c.do(http.MethodPost, "/v1/hands", "application/toml", []byte(hhtest.PHHAllIn))
		if res.status != http.StatusOK {
			t.Fatalf("store: %d %s", res.status, res.body)
		}
		var stored struct {
			Hands []analysisResult `json:"hands"`
		}
		res.decode(t, &stored)
		id := stored.Hands[0].ID
		if _, err := st.Analysis(context.Background(), id); err != nil {
			t.Fatalf("no analysis stored with the hand: %v", err)
		}
		var got storedAnalysisResponse
		r := c.get("/v1/hands/" + id + "/analysis")
		if r.status != http.StatusOK {
			t.Fatalf("get: %d %s", r.status, r.body)
		}
		r.decode(t, &got)
		if got.ID != id || !got.Legal || got.EngineVersion != analysis.EngineVersion {
			t.Errorf("%+v", got)
		}
		checkAllIn(t, got.Analysis)

		ill := c.do(http.MethodPost, "/v1/hands", "application/toml", []byte(hhtest.PHHIllegalRaise))
		var p struct {
			ID string `json:"id"`
		}
		ill.decode(t, &p)
		r = c.get("/v1/hands/" + p.ID + "/analysis")
		var none storedAnalysisResponse
		r.decode(t, &none)
		if r.status != http.StatusOK || none.Legal || none.Analysis != nil || none.EngineVersion != analysis.EngineVersion {
			t.Errorf("illegal hand: %d %s", r.status, r.body)
		}

		// Stored by an older path without an analysis: made on reading.
		hs := handsJSON(t, hhtest.PHHAllIn)
		hs[0].Site, hs[0].SiteHandID = "test", "no-analysis"
		v := analysis.Replay(&hs[0])
		rec, err := ingest.NewRecord(&hs[0], &v)
		if err != nil {
			t.Fatal(err)
		}
		saved, err := st.SaveHands(context.Background(), []store.Hand{rec})
		if err != nil {
			t.Fatal(err)
		}
		r = c.get("/v1/hands/" + saved[0].ID + "/analysis")
		var late storedAnalysisResponse
		r.decode(t, &late)
		checkAllIn(t, late.Analysis)
		if _, err := st.Analysis(context.Background(), saved[0].ID); err != nil {
			t.Errorf("the analysis made on reading was not kept: %v", err)
		}
		for _, bad := range []string{"999999", "abc"} {
			if r := c.get("/v1/hands/" + bad + "/analysis"); r.status != http.StatusNotFound {
				t.Errorf("GET %s: %d", bad, r.status)
			}
		}
		var doc map[string]any
		if err := json.Unmarshal(c.get("/v1/hands/"+id+"/analysis").body, &doc); err != nil || doc["analysis"] == nil {
			t.Errorf("analysis document: %v %v", doc, err)
		}
	})
}

// A body of more than 8 hands is stored without analyses (an upload is
// not held for milliseconds of equity per hand); each is analysed on its
// first read and kept. A small body's hands are analysed when stored.
func TestLargeBodyAnalysedOnRead(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newClient(t, st, api.Config{})
		post := func(n int, first int) []analysisResult {
			t.Helper()
			var b strings.Builder
			for i := 0; i < n; i++ {
				b.WriteString(strings.Replace(hhtest.PokerStarsHand, "#900:", fmt.Sprintf("#%d:", first+i), 1) + "\n\n")
			}
			res := c.do(http.MethodPost, "/v1/hands", "text/plain", []byte(b.String()))
			var out struct {
				Hands []analysisResult `json:"hands"`
			}
			res.decode(t, &out)
			if res.status != http.StatusOK || len(out.Hands) != n {
				t.Fatalf("post %d hands: %d %s", n, res.status, res.body)
			}
			return out.Hands
		}
		small := post(8, 7000)
		if _, err := st.Analysis(context.Background(), small[0].ID); err != nil {
			t.Errorf("a body of 8 hands: no analysis stored with the hand: %v", err)
		}
		large := post(9, 8000)
		id := large[3].ID
		if _, err := st.Analysis(context.Background(), id); err == nil {
			t.Errorf("a body of 9 hands: the analysis was computed with the upload")
		}
		if r := c.get("/v1/hands/" + id + "/analysis"); r.status != http.StatusOK {
			t.Fatalf("get: %d %s", r.status, r.body)
		}
		if _, err := st.Analysis(context.Background(), id); err != nil {
			t.Errorf("the analysis made on reading was not kept: %v", err)
		}
	})
}

// POST /v1/hands/analyze weighs a body by its hands, not its bytes: more
// than MaxAnalyzeHands is a 413 naming the limit, before any analysis.
func TestAnalyzeBoundsHands(t *testing.T) {
	t.Parallel()
	c := newClient(t, storetest.OpenSQLite(t), api.Config{})
	var b strings.Builder
	for i := 0; i <= api.MaxAnalyzeHands; i++ {
		b.WriteString(strings.Replace(hhtest.PokerStarsHand, "#900:", fmt.Sprintf("#%d:", 10000+i), 1) + "\n\n")
	}
	res := c.do(http.MethodPost, "/v1/hands/analyze", "text/plain", []byte(b.String()))
	if res.status != http.StatusRequestEntityTooLarge || !strings.Contains(string(res.body), fmt.Sprint(api.MaxAnalyzeHands)) {
		t.Errorf("%d hands: %d %s, want 413 naming %d", api.MaxAnalyzeHands+1, res.status, res.body, api.MaxAnalyzeHands)
	}
}
