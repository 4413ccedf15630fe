package api_test

import (
	"encoding/json"
	"io"
	"net/http"
	"reflect"
	"strconv"
	"testing"

	"github.com/scoophq/scoop/api"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/hhtest"
	"github.com/scoophq/scoop/internal/store"
)

// getAccept sends method path with the Accept header values given (none
// when nil) and validates the response against openapi.yaml, as do does.
func (c *client) getAccept(method, path string, accept ...string) response {
	c.t.Helper()
	req, err := http.NewRequest(method, c.srv.URL+path, nil)
	if err != nil {
		c.t.Fatal(err)
	}
	for _, a := range accept {
		req.Header.Add("Accept", a)
	}
	res, err := c.srv.Client().Do(req)
	if err != nil {
		c.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		c.t.Fatal(err)
	}
	out := response{status: res.StatusCode, header: res.Header, body: body}
	if res.StatusCode >= 400 && method != http.MethodHead {
		out.problem(c.t)
	}
	if method != http.MethodHead {
		c.validate(req, nil, out)
	}
	return out
}

// TestGetHandAsPHH: Accept: application/toml answers the stored hand as
// PHH, which reads back as the stored hand and, posted again, is found as
// the same hand; JSON stays the default; an Accept that allows neither is
// a 406.
func TestGetHandAsPHH(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newClient(t, st, api.Config{})
		for _, src := range []struct{ name, contentType, body string }{
			{"PokerStars", "text/plain", hhtest.PokerStarsHand},
			{"PHH", "application/toml", string(readFile(t, "fo8_odd_chip_low_tie.phh"))},
		} {
			var posted handResults
			c.do(http.MethodPost, "/v1/hands", src.contentType, []byte(src.body)).decode(t, &posted)
			if posted.Stored != 1 || posted.Hands[0].ID == "" {
				t.Fatalf("%s: setup post: %+v", src.name, posted)
			}
			id := posted.Hands[0].ID
			path := "/v1/hands/" + id

			var stored struct {
				Hand handhistory.Hand `json:"hand"`
			}
			asJSON := c.getAccept(http.MethodGet, path)
			asJSON.decode(t, &stored)
			if ct := asJSON.header.Get("Content-Type"); asJSON.status != 200 || ct != "application/json" {
				t.Fatalf("%s: no Accept: %d %s", src.name, asJSON.status, ct)
			}

			res := c.getAccept(http.MethodGet, path, "application/toml")
			if res.status != 200 || res.header.Get("Content-Type") != "application/toml" || res.header.Get("Vary") != "Accept" {
				t.Fatalf("%s: Accept toml: %d %v\n%s", src.name, res.status, res.header, res.body)
			}
			entries, err := handhistory.Read(handhistory.FormatPHH, res.body)
			if err != nil || len(entries) != 1 || entries[0].Hand == nil {
				t.Fatalf("%s: the PHH does not read: %v %+v\n%s", src.name, err, entries, res.body)
			}
			if !reflect.DeepEqual(entries[0].Hand, &stored.Hand) {
				t.Errorf("%s: the PHH reads as\n%+v\nthe stored hand is\n%+v", src.name, entries[0].Hand, stored.Hand)
			}
			// Posted back, it is the same hand: a duplicate of the same id.
			var again handResults
			c.do(http.MethodPost, "/v1/hands", "application/toml", res.body).decode(t, &again)
			if again.Duplicates != 1 || again.Hands[0].ID != id {
				t.Errorf("%s: the PHH posted back: %+v, want a duplicate of %s", src.name, again, id)
			}
			// HEAD answers like the GET.
			head := c.getAccept(http.MethodHead, path, "application/toml")
			if head.status != 200 || head.header.Get("Content-Type") != "application/toml" || head.header.Get("Content-Length") != strconv.Itoa(len(res.body)) {
				t.Errorf("%s: HEAD with Accept toml: %d %v", src.name, head.status, head.header)
			}
		}

		var page handPage
		c.get("/v1/hands").decode(t, &page)
		path := "/v1/hands/" + page.Hands[0].ID
		for _, tc := range []struct {
			accept []string
			want   string // the Content-Type, or "406"
		}{
			{nil, "application/json"},
			{[]string{""}, "application/json"},
			{[]string{"application/json"}, "application/json"},
			{[]string{"*/*"}, "application/json"},
			{[]string{"application/*"}, "application/json"},
			{[]string{"application/toml, application/json"}, "application/json"},             // a tie: JSON
			{[]string{"application/toml;q=0.9, application/json;q=0.8"}, "application/toml"}, // weighed
			{[]string{"application/json;q=0, */*"}, "application/toml"},                      // JSON refused
			{[]string{"text/html", "Application/TOML"}, "application/toml"},                  // two fields, any case
			{[]string{"application/toml ; q=1, application/*;q=0.5"}, "application/toml"},
			{[]string{"text/html"}, "406"},
			{[]string{"application/xml, text/*"}, "406"},
			{[]string{"application/toml;q=0"}, "406"},
			{[]string{"application/json;q=0, application/toml;q=0, */*"}, "406"},
		} {
			res := c.getAccept(http.MethodGet, path, tc.accept...)
			if tc.want == "406" {
				if p := res.problem(t); res.status != 406 || p.Type != "urn:scoop:problem:not-acceptable" {
					t.Errorf("Accept %q: %d %s, want a 406 not-acceptable problem", tc.accept, res.status, res.body)
				}
				continue
			}
			if res.status != 200 || res.header.Get("Content-Type") != tc.want {
				t.Errorf("Accept %q: %d %s, want 200 %s", tc.accept, res.status, res.header.Get("Content-Type"), tc.want)
			}
			if tc.want == "application/json" {
				var v map[string]json.RawMessage
				res.decode(t, &v)
				if v["hand"] == nil || v["verdict"] == nil || v["id"] == nil {
					t.Errorf("Accept %q: the JSON lacks the hand, verdict or id: %s", tc.accept, res.body)
				}
			}
		}
		// A hand that is not there is a 404 in any representation.
		if res := c.getAccept(http.MethodGet, "/v1/hands/999999999", "application/toml"); res.status != 404 {
			t.Errorf("missing hand with Accept toml: %d", res.status)
		}
	})
}
