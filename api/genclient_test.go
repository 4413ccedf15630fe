package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"math"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/scoophq/scoop/api"
	gen "github.com/scoophq/scoop/api/internal/client"
	"github.com/scoophq/scoop/internal/store"
)

// validatingDoer sends the generated client's requests to the real server
// and checks every response against openapi.yaml, as c.do does.
type validatingDoer struct{ c *client }

func (d validatingDoer) Do(req *http.Request) (*http.Response, error) {
	var body []byte
	if req.Body != nil {
		var err error
		if body, err = io.ReadAll(req.Body); err != nil {
			return nil, err
		}
		req.Body = io.NopCloser(bytes.NewReader(body))
	}
	res, err := d.c.srv.Client().Do(req)
	if err != nil {
		return nil, err
	}
	got, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil {
		return nil, err
	}
	res.Body = io.NopCloser(bytes.NewReader(got))
	d.c.validate(req, body, response{status: res.StatusCode, header: res.Header, body: got})
	return res, nil
}

func readExample(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("../examples/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func ptr[T any](v T) *T { return &v }

// TestGeneratedClient drives the real server (on a free port) through the
// Go client that oapi-codegen generates from openapi.yaml
// (api/internal/client): the typed bodies reach the server as JSON, and
// the typed responses hold what the server sent.
func TestGeneratedClient(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newClient(t, st, api.Config{})
		gc, err := gen.NewClientWithResponses(c.srv.URL, gen.WithHTTPClient(validatingDoer{c}))
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()

		t.Run("equity is exact and kept as float64", func(t *testing.T) {
			req := gen.EquityRequest{Game: ptr(gen.GameOmahaHilo), Hands: []string{"As2s3dKd", "QhQcJhTc"}, Board: ptr("4c7hKh")}
			res, err := gc.ComputeEquityWithResponse(ctx, &gen.ComputeEquityParams{Store: ptr(true)}, req)
			if err != nil {
				t.Fatal(err)
			}
			r := res.JSON200
			if res.StatusCode() != 200 || r == nil {
				t.Fatalf("status %d: %s", res.StatusCode(), res.Body)
			}
			// 52 - 8 hole cards - 3 on the board leave 41: C(41,2) turns and rivers.
			if r.Mode != gen.EquityModeExhaustive || r.Boards != 820 || r.Game != gen.GameOmahaHilo || len(r.Players) != 2 || r.Id == nil {
				t.Fatalf("result %+v", r)
			}
			// The typed numbers are the JSON's to the last bit (format: double).
			var raw struct {
				Players []struct{ Equity float64 } `json:"players"`
			}
			if err := json.Unmarshal(res.Body, &raw); err != nil {
				t.Fatal(err)
			}
			sum := 0.0
			for i, p := range r.Players {
				if p.Equity != raw.Players[i].Equity {
					t.Errorf("player %d equity %v, the JSON says %v", i, p.Equity, raw.Players[i].Equity)
				}
				sum += p.Equity
			}
			if math.Abs(sum-1) > 1e-9 {
				t.Errorf("equities sum to %v", sum)
			}
			if res.Headers200 == nil || len(res.Headers200.XRequestID) != 16 {
				t.Errorf("X-Request-ID not parsed: %+v", res.Headers200)
			}

			again, err := gc.GetEquityWithResponse(ctx, *r.Id)
			if err != nil {
				t.Fatal(err)
			}
			if again.StatusCode() != 200 || again.JSON200 == nil || again.JSON200.Players[0].Equity != r.Players[0].Equity {
				t.Errorf("stored equity: %d %s", again.StatusCode(), again.Body)
			}
		})

		t.Run("a 400 names the field", func(t *testing.T) {
			res, err := gc.ComputeEquityWithResponse(ctx, nil, gen.EquityRequest{Hands: []string{"As2s3dKd"}})
			if err != nil {
				t.Fatal(err)
			}
			p := res.ApplicationproblemJSON400
			if res.StatusCode() != 400 || p == nil || p.Type != "urn:scoop:problem:invalid" || p.Field == nil || !strings.Contains(*p.Field, "hands") {
				t.Fatalf("status %d problem %+v: %s", res.StatusCode(), p, res.Body)
			}
		})

		t.Run("a 404 for a hand that is not stored", func(t *testing.T) {
			res, err := gc.GetHandWithResponse(ctx, "0123456789abcdef")
			if err != nil {
				t.Fatal(err)
			}
			p := res.ApplicationproblemJSON404
			if res.StatusCode() != 404 || p == nil || p.Status != 404 || p.Type != "urn:scoop:problem:not-found" {
				t.Fatalf("status %d problem %+v: %s", res.StatusCode(), p, res.Body)
			}
		})

		// The JSON hand is hand #9 of the PokerStars session.
		var hand gen.Hand
		if err := json.Unmarshal(readExample(t, "hand.json"), &hand); err != nil {
			t.Fatalf("examples/hand.json does not decode as the generated Hand: %v", err)
		}
		if hand.SiteHandId == nil || len(hand.Players) != 5 || hand.Actions[0].Kind != gen.ActionKindBetRaise {
			t.Fatalf("decoded hand %+v", hand)
		}

		t.Run("a typed JSON hand and array replay", func(t *testing.T) {
			var one, many gen.HandOrHands
			if err := one.FromHand(hand); err != nil {
				t.Fatal(err)
			}
			if err := many.FromHands(gen.Hands{hand, hand}); err != nil {
				t.Fatal(err)
			}
			for name, body := range map[string]gen.HandOrHands{"one hand": one, "an array": many} {
				res, err := gc.ReplayHandsWithResponse(ctx, body)
				if err != nil {
					t.Fatal(err)
				}
				r := res.JSON200
				if res.StatusCode() != 200 || r == nil {
					t.Fatalf("%s: status %d: %s", name, res.StatusCode(), res.Body)
				}
				want := map[string]int{"one hand": 1, "an array": 2}[name]
				if r.Read != int64(want) || len(r.Hands) != want {
					t.Errorf("%s: read %d hands, want %d", name, r.Read, want)
				}
				for _, h := range r.Hands {
					v := h.Verdict
					if h.Status != gen.HandStatusReplayed || v == nil || !v.Legal || v.Id == nil || *v.Id != *hand.SiteHandId {
						t.Errorf("%s: result %+v", name, h)
					}
				}
			}
		})

		var stored []string
		t.Run("hands in each format are stored", func(t *testing.T) {
			session, err := gc.StoreHandsWithTextBodyWithResponse(ctx, string(readExample(t, "ps-session.txt")))
			if err != nil {
				t.Fatal(err)
			}
			if s := session.JSON200; session.StatusCode() != 200 || s == nil || s.Read != 15 || s.Stored != 15 || s.Failed != 0 {
				t.Fatalf("PokerStars session: status %d: %.300s", session.StatusCode(), session.Body)
			}
			var ninth string
			for _, h := range session.JSON200.Hands {
				if h.Id == nil || h.Status != gen.HandStatusStored {
					t.Fatalf("session hand %+v", h)
				}
				stored = append(stored, *h.Id)
				if h.Verdict != nil && h.Verdict.Id != nil && *h.Verdict.Id == *hand.SiteHandId {
					ninth = *h.Id
				}
			}

			phh, err := gc.StoreHandsWithBodyWithResponse(ctx, "application/toml", bytes.NewReader(readExample(t, "hand.phh")))
			if err != nil {
				t.Fatal(err)
			}
			if p := phh.JSON200; phh.StatusCode() != 200 || p == nil || p.Stored != 1 || p.Hands[0].Id == nil || p.Hands[0].Verdict == nil || p.Hands[0].Verdict.Game != "omaha-hilo" {
				t.Fatalf("PHH: status %d: %.300s", phh.StatusCode(), phh.Body)
			}
			stored = append(stored, *phh.JSON200.Hands[0].Id)

			// The JSON hand again, typed and as JSON Lines: the same hand
			// as the session's ninth, so a duplicate with its id.
			var body gen.HandOrHands
			if err := body.FromHand(hand); err != nil {
				t.Fatal(err)
			}
			js, err := gc.StoreHandsWithResponse(ctx, body)
			if err != nil {
				t.Fatal(err)
			}
			line, err := json.Marshal(hand)
			if err != nil {
				t.Fatal(err)
			}
			nd, err := gc.StoreHandsWithBodyWithResponse(ctx, "application/x-ndjson", bytes.NewReader(append(line, '\n')))
			if err != nil {
				t.Fatal(err)
			}
			for name, res := range map[string]*gen.StoreHandsResponse{"JSON": js, "JSON Lines": nd} {
				r := res.JSON200
				if res.StatusCode() != 200 || r == nil || r.Duplicates != 1 || r.Stored != 0 {
					t.Fatalf("%s: status %d: %.300s", name, res.StatusCode(), res.Body)
				}
				if h := r.Hands[0]; h.Status != gen.HandStatusDuplicate || h.Id == nil || *h.Id != ninth || h.Created == nil || *h.Created {
					t.Errorf("%s: %+v, want a duplicate of %s", name, h, ninth)
				}
			}

			got, err := gc.GetHandWithResponse(ctx, ninth)
			if err != nil {
				t.Fatal(err)
			}
			if g := got.JSON200; got.StatusCode() != 200 || g == nil || g.SiteHandId != *hand.SiteHandId || g.Game != gen.GameOmahaHilo || !g.Verdict.Legal || len(g.Hand.Players) != 5 {
				t.Errorf("GET /v1/hands/%s: status %d: %.300s", ninth, got.StatusCode(), got.Body)
			}
		})

		t.Run("pages follow next_cursor to the end", func(t *testing.T) {
			// The previous subtest stores them: run alone or after its
			// failure, this one fails too rather than pass having checked
			// nothing.
			if len(stored) != 16 {
				t.Fatalf("%d hands stored before, want 16", len(stored))
			}
			seen := map[string]bool{}
			var cursor *string
			pages := 0
			for {
				res, err := gc.ListHandsWithResponse(ctx, &gen.ListHandsParams{Limit: ptr[int64](5), Cursor: cursor})
				if err != nil {
					t.Fatal(err)
				}
				p := res.JSON200
				if res.StatusCode() != 200 || p == nil || len(p.Hands) > 5 {
					t.Fatalf("page %d: status %d: %.300s", pages, res.StatusCode(), res.Body)
				}
				pages++
				for _, h := range p.Hands {
					if seen[h.Id] {
						t.Errorf("hand %s on two pages", h.Id)
					}
					seen[h.Id] = true
				}
				if p.NextCursor == nil {
					break
				}
				if pages > 10 {
					t.Fatal("more than 10 pages of 5 for 16 hands")
				}
				cursor = p.NextCursor
			}
			if pages != 4 || len(seen) != 16 {
				t.Errorf("%d pages, %d hands; want 4 pages, 16 hands", pages, len(seen))
			}
			for _, id := range stored {
				if !seen[id] {
					t.Errorf("stored hand %s is on no page", id)
				}
			}
		})
	})
}
