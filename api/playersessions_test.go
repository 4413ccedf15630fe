package api_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/scoophq/scoop/api"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// sessionJSON is one session of GET /v1/players/{name}/sessions.
type sessionJSON struct {
	Site       string     `json:"site"`
	Start      string     `json:"start"`
	End        string     `json:"end"`
	Tables     []string   `json:"tables"`
	TableCount int        `json:"table_count"`
	Hands      int64      `json:"hands"`
	Net        *moneyJSON `json:"net"`
	BBPer100   *float64   `json:"bb_per_100"`
	Adjusted   *moneyJSON `json:"allin_adjusted_net"`
	Ledgers    []struct {
		Key      string    `json:"key"`
		Hands    int64     `json:"hands"`
		Net      moneyJSON `json:"net"`
		Adjusted moneyJSON `json:"allin_adjusted_net"`
		BBPer100 *float64  `json:"bb_per_100"`
	} `json:"ledgers"`
}

type sessionsJSON struct {
	Player   string        `json:"player"`
	Sessions []sessionJSON `json:"sessions"`
	Untimed  int64         `json:"untimed_hands"`
	Next     *string       `json:"next_cursor"`
}

// TestPlayerSessions: GET /v1/players/{name}/sessions cuts p1's hands of
// each site at gaps of 30 minutes (storetest.SessionRecords: pokerstars
// 10:00 and 10:20, then 10:50 and 11:10; ggpoker 10:30; one hand without
// a time), newest first, with the figures worked out by hand (p1 loses 2
// chips, one big blind, a hand: $0.02 or €0.02 in cents), per ledger,
// paged, filtered; bad input is a 400 naming its parameter.
func TestPlayerSessions(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newClient(t, st, api.Config{})
		saved, err := st.SaveHands(context.Background(), storetest.SessionRecords(t))
		if err != nil {
			t.Fatal(err)
		}
		var page sessionsJSON
		res := c.get("/v1/players/p1/sessions")
		res.decode(t, &page)
		if res.status != http.StatusOK || page.Player != "p1" || len(page.Sessions) != 3 || page.Untimed != 1 || page.Next != nil {
			t.Fatalf("sessions: %d %s; want 3 sessions, 1 untimed, no next page", res.status, res.body)
		}
		first, gg, last := page.Sessions[0], page.Sessions[1], page.Sessions[2]
		if first.Site != "pokerstars" || first.Start != "2026-03-14T10:50:00Z" || first.End != "2026-03-14T11:10:00Z" || first.Hands != 2 ||
			!slices.Equal(first.Tables, []string{"99 1", "T1"}) || first.TableCount != 2 || first.Net != nil || first.Adjusted != nil ||
			first.BBPer100 == nil || *first.BBPer100 != -100 || len(first.Ledgers) != 2 {
			t.Errorf("newest session (EUR cash and a tournament: no net over both): %+v", first)
		} else if l := first.Ledgers[0]; l.Key != "cash/EUR/0.01" || l.Hands != 1 || l.Net.Chips != -2 || l.Net.Amount != "-0.02" || l.Net.Currency != "EUR" || l.Adjusted.Chips != -2 {
			t.Errorf("its EUR ledger: %+v", l)
		} else if l := first.Ledgers[1]; l.Key != "tournament/pokerstars/99" || l.Net.Chips != -2 || l.Net.Amount != "" {
			t.Errorf("its tournament ledger: %+v", l)
		}
		if gg.Site != "ggpoker" || gg.Start != "2026-03-14T10:30:00Z" || gg.Hands != 1 || !slices.Equal(gg.Tables, []string{"G"}) {
			t.Errorf("the ggpoker session: %+v", gg)
		}
		if last.Site != "pokerstars" || last.Start != "2026-03-14T10:00:00Z" || last.End != "2026-03-14T10:20:00Z" || last.Hands != 2 ||
			last.Net == nil || last.Net.Chips != -4 || last.Net.Amount != "-0.04" || last.Adjusted == nil || last.Adjusted.Chips != -4 ||
			last.BBPer100 == nil || *last.BBPer100 != -100 || !slices.Equal(last.Tables, []string{"T1", "T2"}) {
			t.Errorf("the oldest session (one USD ledger): %+v", last)
		}
		// Two a page: the cursor resumes at the third.
		var p1, p2 sessionsJSON
		c.get("/v1/players/p1/sessions?limit=2").decode(t, &p1)
		if len(p1.Sessions) != 2 || p1.Next == nil {
			t.Fatalf("page 1: %+v", p1)
		}
		c.get("/v1/players/p1/sessions?limit=2&cursor="+url.QueryEscape(*p1.Next)).decode(t, &p2)
		if len(p2.Sessions) != 1 || p2.Next != nil || p2.Sessions[0].Start != "2026-03-14T10:00:00Z" {
			t.Errorf("page 2: %+v", p2)
		}
		// The filters, the tag among them.
		if res := c.do(http.MethodPut, "/v1/hands/"+saved[1].ID+"/tags", "application/json", []byte(`{"tags":["cooler"]}`)); res.status != http.StatusOK {
			t.Fatalf("tag: %d %s", res.status, res.body)
		}
		for q, want := range map[string][]string{
			"site=ggpoker": {"2026-03-14T10:30:00Z"},
			"currency=EUR": {"2026-03-14T10:50:00Z"},
			"tag=cooler":   {"2026-03-14T10:20:00Z"},
			"kind=cash&from=2026-03-14T10:15:00Z&to=2026-03-14T10:55:00Z": {"2026-03-14T10:50:00Z", "2026-03-14T10:30:00Z", "2026-03-14T10:20:00Z"},
		} {
			var got sessionsJSON
			res := c.get("/v1/players/p1/sessions?" + q)
			res.decode(t, &got)
			var starts []string
			for _, s := range got.Sessions {
				starts = append(starts, s.Start)
			}
			if res.status != http.StatusOK || !slices.Equal(starts, want) {
				t.Errorf("%s: %d, starts %q; want %q", q, res.status, starts, want)
			}
		}
		for q, field := range map[string]string{
			"limit=0":      "limit",
			"limit=501":    "limit",
			"cursor=abc":   "cursor",
			"tag=Cooler":   "tag",
			"stakes=x":     "stakes",
			"position=BTN": "",
			"foo=1":        "foo",
		} {
			res := c.get("/v1/players/p1/sessions?" + q)
			if res.status != http.StatusBadRequest {
				if !(q == "position=BTN" && res.status == http.StatusOK) {
					t.Errorf("%s: %d %s; want 400", q, res.status, res.body)
				}
				continue
			}
			if p := res.problem(t); field != "" && p.Field != field {
				t.Errorf("%s: problem names %q; want %q: %s", q, p.Field, field, res.body)
			}
		}
	})
}

// TestHandTagsAndNote: PUT /v1/hands/{id}/tags and /note replace the
// hand's set and note and answer them; GET /v1/hands/{id} and the rows of
// GET /v1/hands carry them, the tag filter selects by them; bad bodies
// are 400s naming the field; another account's hand is a 404, a read key
// a 403, and a shared link shows neither.
func TestHandTagsAndNote(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, st store.Store) {
		var log api.LogBuffer
		c := authClient(t, st, &log, api.Limits{})
		a := c.as(makeKey(t, st, "alice", "read,write"))
		b := c.as(makeKey(t, st, "bob", "read,write"))
		ro := c.as(makeKey(t, st, "alice", "read"))
		res := a.do("POST", "/v1/hands", "text/plain", readFile(t, "nlo8_knockout.txt"))
		wantStatus(t, "A posts hands", res, 200)
		var posted struct {
			Hands []struct {
				ID string `json:"id"`
			} `json:"hands"`
		}
		res.decode(t, &posted)
		if len(posted.Hands) < 2 { // one tagged, one not
			t.Fatalf("stored %d hands", len(posted.Hands))
		}
		id := posted.Hands[0].ID
		put := func(c *client, what, body string) response {
			t.Helper()
			return c.do(http.MethodPut, "/v1/hands/"+id+"/"+what, "application/json", []byte(body))
		}
		res = put(a, "tags", `{"tags":["river","bad-beat","river"]}`)
		if res.status != http.StatusOK || string(res.body) != `{"tags":["bad-beat","river"]}`+"\n" && strings.TrimSpace(string(res.body)) != `{"tags":["bad-beat","river"]}` {
			t.Errorf("put tags: %d %s", res.status, res.body)
		}
		note := strings.Repeat("é", 2000) // 4000 bytes: the most
		res = put(a, "note", `{"note":"`+note+`"}`)
		var gotNote struct {
			Note string `json:"note"`
		}
		res.decode(t, &gotNote)
		if res.status != http.StatusOK || gotNote.Note != note {
			t.Errorf("put note: %d %.80s", res.status, res.body)
		}
		var hand struct {
			Tags []string `json:"tags"`
			Note string   `json:"note"`
		}
		a.get("/v1/hands/"+id).decode(t, &hand)
		if !slices.Equal(hand.Tags, []string{"bad-beat", "river"}) || hand.Note != note {
			t.Errorf("GET the hand: tags %q note %d bytes", hand.Tags, len(hand.Note))
		}
		var list struct {
			Hands []struct {
				ID   string   `json:"id"`
				Tags []string `json:"tags"`
				Note string   `json:"note"`
			} `json:"hands"`
		}
		a.get("/v1/hands").decode(t, &list)
		for _, h := range list.Hands {
			tagged := h.ID == id
			if h.Tags == nil || (len(h.Tags) == 2) != tagged || (h.Note != "") != tagged {
				t.Errorf("row %s: tags %q note %d bytes", h.ID, h.Tags, len(h.Note))
			}
		}
		a.get("/v1/hands?tag=river").decode(t, &list)
		if len(list.Hands) != 1 || list.Hands[0].ID != id {
			t.Errorf("?tag=river lists %+v; want the tagged hand alone", list.Hands)
		}
		// Bad bodies name their field.
		for body, field := range map[string]string{
			`{"tags":["ok","Bluff"]}`:                          "tags.1",
			`{"tags":["` + strings.Repeat("a", 33) + `"]}`:     "tags.0",
			`{"tags":[` + strings.Repeat(`"a",`, 20) + `"a"]}`: "tags",
			`{"tags":["a"],"color":"red"}`:                     "color",
			`{"tag":["a"]}`:                                    "tag",
			`not json`:                                         "",
			`{}`:                                               "tags",
		} {
			res := put(a, "tags", body)
			if p := wantStatus(t, "tags "+body, res, http.StatusBadRequest); field != "" && p.Field != field {
				t.Errorf("tags %s: problem names %q; want %q: %s", body, p.Field, field, res.body)
			}
		}
		for body, field := range map[string]string{
			`{"note":"` + strings.Repeat("a", 4001) + `"}`: "note",
			`{"note":"` + note + `x"}`:                     "note",
			`{"note":"a\u0000b"}`:                          "note",
			`{"note":1}`:                                   "note",
			`{"note":"x","extra":1}`:                       "extra",
			`{"note":`:                                     "",
			"{\"note\":\"a\xffb\"}":                        "", // not UTF-8: was stored as a U+FFFD b
		} {
			res := put(a, "note", body)
			if p := wantStatus(t, "note "+body[:min(len(body), 40)], res, http.StatusBadRequest); field != "" && p.Field != field {
				t.Errorf("note %.40s: problem names %q; want %q: %s", body, p.Field, field, res.body)
			}
		}
		// Another account's hand is a 404 like a missing one; a read key
		// is a 403; nothing changed.
		missing := store.NewPublicID()
		for _, hid := range []string{id, missing} {
			for _, what := range []string{"tags", "note"} {
				body := map[string]string{"tags": `{"tags":["x"]}`, "note": `{"note":"x"}`}[what]
				res := b.do(http.MethodPut, "/v1/hands/"+hid+"/"+what, "application/json", []byte(body))
				if p := wantStatus(t, "bob puts "+what, res, http.StatusNotFound); !strings.Contains(p.Detail, hid) {
					t.Errorf("bob's 404 says %q", p.Detail)
				}
			}
		}
		wantStatus(t, "a read key puts tags", put(ro, "tags", `{"tags":["x"]}`), http.StatusForbidden)
		a.get("/v1/hands/"+id).decode(t, &hand)
		if !slices.Equal(hand.Tags, []string{"bad-beat", "river"}) || hand.Note != note {
			t.Errorf("after the refusals: tags %q note %d bytes", hand.Tags, len(hand.Note))
		}
		// A shared link shows the hand without them.
		res = a.do(http.MethodPost, "/v1/hands/"+id+"/share", "", nil)
		var link struct {
			Token string `json:"token"`
		}
		res.decode(t, &link)
		if res.status != http.StatusCreated || link.Token == "" {
			t.Fatalf("share: %d %s", res.status, res.body)
		}
		var shared map[string]json.RawMessage
		c.as("").get("/v1/shared/"+link.Token).decode(t, &shared)
		if string(shared["tags"]) != "[]" || string(shared["note"]) != `""` {
			t.Errorf("the shared hand shows tags %s note %.40s", shared["tags"], shared["note"])
		}
		// Emptying both.
		if res := put(a, "tags", `{"tags":[]}`); strings.TrimSpace(string(res.body)) != `{"tags":[]}` {
			t.Errorf("clear tags: %d %s", res.status, res.body)
		}
		if res := put(a, "note", `{"note":""}`); strings.TrimSpace(string(res.body)) != `{"note":""}` {
			t.Errorf("delete note: %d %s", res.status, res.body)
		}
		a.get("/v1/hands/"+id).decode(t, &hand)
		if len(hand.Tags) != 0 || hand.Note != "" {
			t.Errorf("after clearing: %+v", hand)
		}
	})
}
