package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/scoophq/scoop/api"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/storetest"
)

type handResults struct {
	Hands []struct {
		Index   int    `json:"index"`
		Line    int    `json:"line"`
		ID      string `json:"id"`
		Created *bool  `json:"created"`
		Skipped string `json:"skipped"`
		Verdict *struct {
			Hand          int     `json:"hand"`
			ID            *string `json:"id"`
			Legal         bool    `json:"legal"`
			MatchesRecord *bool   `json:"matches_record"`
			Error         *struct {
				Index int `json:"index"`
			} `json:"error"`
		} `json:"verdict"`
		Problem *api.Problem `json:"problem"`
	} `json:"hands"`
	Read, Stored, Duplicates, Skipped, Failed int
}

type handPage struct {
	Hands []struct {
		ID        string    `json:"id"`
		Game      string    `json:"game"`
		Legal     bool      `json:"legal"`
		Players   []string  `json:"players"`
		CreatedAt time.Time `json:"created_at"`
	} `json:"hands"`
	Next *string `json:"next_cursor"`
}

func TestPostPokerStars(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newClient(t, st, api.Config{})
		file := readFile(t, "nlo8_knockout.txt")
		res := c.do(http.MethodPost, "/v1/hands", "text/plain; charset=utf-8", file)
		var first handResults
		res.decode(t, &first)
		if res.status != 200 || first.Read < 70 || first.Stored != first.Read || first.Duplicates != 0 || first.Failed != 0 {
			t.Fatalf("first post = %d read %d stored %d dup %d failed %d", res.status, first.Read, first.Stored, first.Duplicates, first.Failed)
		}
		for _, h := range first.Hands {
			if h.Verdict == nil || h.ID == "" || h.Created == nil || !*h.Created || h.Verdict.Hand != h.Index {
				t.Fatalf("hand %d: %+v", h.Index, h)
			}
			if !h.Verdict.Legal || h.Verdict.MatchesRecord == nil || !*h.Verdict.MatchesRecord {
				t.Errorf("hand %d (%v): legal %v matches %v", h.Index, *h.Verdict.ID, h.Verdict.Legal, h.Verdict.MatchesRecord)
			}
		}

		// The same file again stores nothing and returns the same ids.
		res = c.do(http.MethodPost, "/v1/hands", "text/plain", file)
		var again handResults
		res.decode(t, &again)
		if res.status != 200 || again.Stored != 0 || again.Duplicates != first.Read {
			t.Fatalf("second post: stored %d duplicates %d, want 0 and %d", again.Stored, again.Duplicates, first.Read)
		}
		for i, h := range again.Hands {
			if h.ID != first.Hands[i].ID || *h.Created {
				t.Errorf("hand %d: id %s created %v, first id %s", h.Index, h.ID, *h.Created, first.Hands[i].ID)
			}
		}

		// A hand reads back with its hand and verdict.
		one := first.Hands[0]
		res = c.get("/v1/hands/" + one.ID)
		var got struct {
			ID         string          `json:"id"`
			Site       string          `json:"site"`
			SiteHandID string          `json:"site_hand_id"`
			Players    []string        `json:"players"`
			Hand       json.RawMessage `json:"hand"`
			Verdict    struct {
				Legal bool `json:"legal"`
			} `json:"verdict"`
		}
		res.decode(t, &got)
		if res.status != 200 || got.ID != one.ID || got.Site == "" || got.SiteHandID != *one.Verdict.ID || len(got.Players) < 2 || !got.Verdict.Legal {
			t.Errorf("GET hand = %d %.400s", res.status, res.body)
		}

		// Listing by player pages newest first through every hand.
		player := got.Players[0]
		var ids []string
		var created []time.Time
		cursor := ""
		for page := 0; ; page++ {
			res := c.get("/v1/hands?limit=10&player=" + player + cursor)
			var p handPage
			res.decode(t, &p)
			if res.status != 200 || page > 20 {
				t.Fatalf("list page %d: %d %s", page, res.status, res.body)
			}
			for _, h := range p.Hands {
				ids = append(ids, h.ID)
				created = append(created, h.CreatedAt)
				if !contains(strings.Join(h.Players, "\x00"), player) {
					t.Errorf("hand %s listed for %s has players %q", h.ID, player, h.Players)
				}
			}
			if p.Next == nil {
				break
			}
			cursor = "&cursor=" + *p.Next
		}
		want := countPlayer(t, c, first, player)
		if len(ids) != want {
			t.Errorf("listed %d hands of %s, want %d", len(ids), player, want)
		}
		// Ids are random: the order shows in the creation times, and no id
		// is listed twice across pages.
		seen := map[string]bool{}
		for i := range ids {
			if created[i].IsZero() {
				t.Fatalf("hand %s listed without its created_at", ids[i])
			}
			if i > 0 && created[i].After(created[i-1]) {
				t.Errorf("not newest first: %s (%v) after %s (%v)", ids[i], created[i], ids[i-1], created[i-1])
			}
			if seen[ids[i]] {
				t.Errorf("hand %s listed twice", ids[i])
			}
			seen[ids[i]] = true
		}
		res = c.get("/v1/hands?legal=false")
		var illegal handPage
		res.decode(t, &illegal)
		if len(illegal.Hands) != 0 {
			t.Errorf("%d illegal hands listed, want 0", len(illegal.Hands))
		}
	})
}

// countPlayer counts the posted hands the player was dealt into, reading
// each back.
func countPlayer(t *testing.T, c *client, r handResults, player string) int {
	t.Helper()
	n := 0
	for _, h := range r.Hands {
		var got struct {
			Players []string `json:"players"`
		}
		c.get("/v1/hands/"+h.ID).decode(t, &got)
		for _, p := range got.Players {
			if p == player {
				n++
				break
			}
		}
	}
	return n
}

func TestPostPHHAndJSON(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newClient(t, st, api.Config{})
		res := c.do(http.MethodPost, "/v1/hands", "application/toml", readFile(t, "fo8_odd_chip_low_tie.phh"))
		var r handResults
		res.decode(t, &r)
		if res.status != 200 || r.Stored != 1 || !r.Hands[0].Verdict.Legal {
			t.Fatalf("PHH post = %d %s", res.status, res.body)
		}
		// The stored canonical hand posted back as JSON is the same hand:
		// no site id, so the content hash finds it.
		var stored struct {
			Hand json.RawMessage `json:"hand"`
		}
		c.get("/v1/hands/"+r.Hands[0].ID).decode(t, &stored)
		res = c.do(http.MethodPost, "/v1/hands", "application/json", stored.Hand)
		var again handResults
		res.decode(t, &again)
		if res.status != 200 || again.Duplicates != 1 || again.Hands[0].ID != r.Hands[0].ID {
			t.Errorf("JSON repost of the stored hand = %d %s, want the same id %s", res.status, res.body, r.Hands[0].ID)
		}
		// An array of hands is accepted too.
		arr := append(append([]byte("["), stored.Hand...), ']')
		if res := c.do(http.MethodPost, "/v1/hands/replay", "application/json", arr); res.status != 200 {
			t.Errorf("JSON array replay = %d %s", res.status, res.body)
		}

		// A body of one illegal hand is a 422 naming the action and player,
		// with the verdict; the hand is stored with it and found by
		// legal=false.
		res = c.do(http.MethodPost, "/v1/hands", "application/toml", readFile(t, "ps_plo8_quartered_as_FO8.phh"))
		p := res.problem(t)
		if res.status != 422 || p.Type != "urn:scoop:problem:impossible" || p.Action == nil || *p.Action != 21 ||
			p.Player != "Player2" || !strings.Contains(p.Detail, "fixed-limit") || p.ID == "" ||
			p.Verdict == nil || p.Verdict.Legal || p.Verdict.Error == nil || p.Verdict.Error.Index != 21 {
			t.Fatalf("illegal hand = %d %s, want 422 at action 21 by Player2 with the verdict and id", res.status, res.body)
		}
		if p.Created == nil || !*p.Created {
			t.Errorf("first post of the illegal hand: created %v, want true", p.Created)
		}
		// Posted again: the same 422 and id, created false.
		res = c.do(http.MethodPost, "/v1/hands", "application/toml", readFile(t, "ps_plo8_quartered_as_FO8.phh"))
		if again := res.problem(t); res.status != 422 || again.ID != p.ID || again.Created == nil || *again.Created {
			t.Errorf("repost of the illegal hand = %d %s, want 422 with id %s and created false", res.status, res.body, p.ID)
		}
		var page handPage
		c.get("/v1/hands?legal=false").decode(t, &page)
		if len(page.Hands) != 1 || page.Hands[0].ID != p.ID || page.Hands[0].Legal {
			t.Errorf("legal=false lists %+v, want only %s", page.Hands, p.ID)
		}
		// The same without storing: 422 too, no id.
		res = c.do(http.MethodPost, "/v1/hands/replay", "application/toml", readFile(t, "ps_plo8_quartered_as_FO8.phh"))
		if p := res.problem(t); res.status != 422 || p.Action == nil || *p.Action != 21 || p.ID != "" || p.Created != nil || p.Verdict == nil {
			t.Errorf("replay of the illegal hand = %d %s, want 422 at action 21 without an id", res.status, res.body)
		}
		c.get("/v1/hands?game=omaha-hilo&legal=true").decode(t, &page)
		if len(page.Hands) != 1 || page.Hands[0].ID != r.Hands[0].ID {
			t.Errorf("legal omaha-hilo lists %+v, want only %s", page.Hands, r.Hands[0].ID)
		}
	})
}

func TestReplayStoresNothing(t *testing.T) {
	c := newClient(t, storetest.OpenSQLite(t), api.Config{})
	res := c.do(http.MethodPost, "/v1/hands/replay", "text/plain", readFile(t, "8game_mixed.txt"))
	var r handResults
	res.decode(t, &r)
	if res.status != 200 || r.Read == 0 || r.Skipped == 0 || r.Stored != 0 {
		t.Fatalf("replay of a mixed file = %d read %d skipped %d stored %d", res.status, r.Read, r.Skipped, r.Stored)
	}
	for _, h := range r.Hands {
		if h.ID != "" || h.Created != nil {
			t.Errorf("replayed hand %d has id %q", h.Index, h.ID)
		}
		if (h.Skipped == "") == (h.Verdict == nil) {
			t.Errorf("hand %d: want exactly one of skipped or verdict: %+v", h.Index, h)
		}
	}
	var page handPage
	c.get("/v1/hands").decode(t, &page)
	if len(page.Hands) != 0 {
		t.Errorf("replay stored %d hands", len(page.Hands))
	}
}

func TestHandsErrors(t *testing.T) {
	c := newClient(t, storetest.OpenSQLite(t), api.Config{})
	phh := string(readFile(t, "fo8_odd_chip_low_tie.phh"))
	tests := []struct {
		name, contentType, body string
		status                  int
		field                   string
	}{
		{"malformed JSON", "application/json", `{"table":`, 400, ""},
		{"schema: missing players", "application/json", `{"table":{"game":"omaha-hi","structure":"pot-limit"},"actions":[]}`, 400, "players"},
		{"schema: negative stack", "application/json", `{"table":{"game":"omaha-hi","structure":"pot-limit"},"players":[{"name":"a","stack":-5},{"name":"b","stack":5}],"actions":[]}`, 400, "players.0.stack"},
		{"schema: unknown member", "application/json", `{"table":{"game":"omaha-hi","structure":"pot-limit"},"players":[{"name":"a","stack":5},{"name":"b","stack":5}],"actions":[],"colour":"red"}`, 400, "colour"},
		{"schema: unknown nested member", "application/json", `{"table":{"game":"omaha-hi","structure":"pot-limit"},"players":[{"name":"a","stack":5,"hat":1},{"name":"b","stack":5}],"actions":[]}`, 400, "players.0.hat"},
		{"schema: one player", "application/json", `{"table":{"game":"omaha-hi","structure":"pot-limit"},"players":[{"name":"a","stack":5}],"actions":[]}`, 400, "players"},
		{"schema: eleven players", "application/json", `{"table":{"game":"omaha-hi","structure":"pot-limit"},"players":[` + strings.Repeat(`{"name":"a","stack":5},`, 10) + `{"name":"k","stack":5}],"actions":[]}`, 400, "players"},
		{"schema: stack over 1e15", "application/json", `{"table":{"game":"omaha-hi","structure":"pot-limit"},"players":[{"name":"a","stack":1000000000000001},{"name":"b","stack":5}],"actions":[]}`, 400, "players.0.stack"},
		{"bad card in JSON", "application/json", `{"table":{"game":"omaha-hi","structure":"pot-limit"},"players":[{"name":"a","stack":5,"hole":"AsXx"},{"name":"b","stack":5}],"actions":[]}`, 400, ""},
		{"not PHH", "application/toml", "this is = = not toml [[", 400, ""},
		{"not a hand history", "text/plain", "hello, world", 400, ""},
		{"empty", "text/plain", "", 400, ""},
		{"binary", "text/plain", "\x00\x01\x02\xff", 400, ""},
		{"broken PHH card", "application/toml", strings.Replace(phh, "d dh p1", "d dh p1 ZzZz", 1), 400, ""},
		{"unsupported type", "image/png", `<hand/>`, 415, ""},
		{"XML that is not iPoker", "application/xml", `<hand/>`, 400, ""},
		{"over 32 MiB", "text/plain", strings.Repeat("x", api.MaxTextBody+1), 413, ""},
		{"JSON over 1 MiB", "application/json", `[` + strings.Repeat(`{},`, api.MaxJSONBody/3) + `{}]`, 413, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, path := range []string{"/v1/hands", "/v1/hands/replay"} {
				res := c.do(http.MethodPost, path, tc.contentType, []byte(tc.body))
				if res.status != tc.status {
					t.Fatalf("%s: status %d, want %d: %.300s", path, res.status, tc.status, res.body)
				}
				p := res.problem(t)
				if tc.field != "" && p.Field != tc.field {
					t.Errorf("%s: field %q, want %q: %s", path, p.Field, tc.field, res.body)
				}
				if p.Detail == "" {
					t.Errorf("%s: no detail", path)
				}
			}
		})
	}
}

// TestConcurrentDuplicatePosts posts one file from several clients at once:
// each hand is stored once and every client gets the same ids.
func TestConcurrentDuplicatePosts(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		// Replays share the compute slots: let the clients wait for one
		// rather than be told 429 (TestHandsOverloaded covers that).
		c := newClient(t, st, api.Config{ComputeWait: time.Minute})
		file := readFile(t, "nlo8_knockout.txt")
		const n = 4
		results := make([]handResults, n)
		statuses := make([]int, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() {
				req, _ := http.NewRequest(http.MethodPost, c.srv.URL+"/v1/hands", bytes.NewReader(file))
				req.Header.Set("Content-Type", "text/plain")
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					return
				}
				defer res.Body.Close()
				statuses[i] = res.StatusCode
				json.NewDecoder(res.Body).Decode(&results[i])
			})
		}
		wg.Wait()
		stored := 0
		for i := range n {
			if statuses[i] != 200 {
				t.Fatalf("client %d: status %d", i, statuses[i])
			}
			stored += results[i].Stored
			for j, h := range results[i].Hands {
				if h.ID != results[0].Hands[j].ID {
					t.Errorf("client %d hand %d id %s, client 0 got %s", i, j, h.ID, results[0].Hands[j].ID)
				}
			}
		}
		if stored != results[0].Read {
			t.Errorf("%d clients stored %d hands in all, want %d", n, stored, results[0].Read)
		}
	})
}

func TestGetHandNotFound(t *testing.T) {
	c := newClient(t, storetest.OpenSQLite(t), api.Config{})
	for _, id := range []string{"1", "0", "abc", fmt.Sprint(int64(1) << 62)} {
		res := c.get("/v1/hands/" + id)
		if res.status != 404 {
			t.Errorf("GET /v1/hands/%s = %d", id, res.status)
		}
	}
	for _, q := range []string{"legal=maybe", "limit=0", "limit=501", "game=holdem", "cursor=!!"} {
		res := c.get("/v1/hands?" + q)
		if res.status != 400 {
			t.Errorf("GET /v1/hands?%s = %d %s", q, res.status, res.body)
		}
	}
}

// TestOneBadHandAmongGood: a malformed hand is reported in place, with its
// line, and the other hands of the file are still stored.
func TestOneBadHandAmongGood(t *testing.T) {
	c := newClient(t, storetest.OpenSQLite(t), api.Config{})
	file := string(readFile(t, "nlo8_knockout.txt"))
	i := strings.Index(file, "*** FLOP *** [")
	j := i + strings.Index(file[i:], "]")
	bad := file[:j-2] + "Zz" + file[j:]
	res := c.do(http.MethodPost, "/v1/hands", "text/plain", []byte(bad))
	var r handResults
	res.decode(t, &r)
	if res.status != 200 || r.Failed != 1 || r.Stored != r.Read-1 || r.Read < 70 || r.Read != len(r.Hands) { // read: every hand found
		t.Fatalf("status %d read %d stored %d failed %d", res.status, r.Read, r.Stored, r.Failed)
	}
	for _, h := range r.Hands {
		if h.Problem == nil {
			continue
		}
		wantLine := strings.Count(bad[:i], "\n") + 1
		if h.Problem.Status != 400 || h.Problem.Line != wantLine || h.Problem.Hand != h.Index || !strings.Contains(h.Problem.Detail, "Zz") || h.ID != "" {
			t.Errorf("bad hand result %+v, problem %+v; want 400 at line %d naming Zz", h, *h.Problem, wantLine)
		}
	}
}

// TestJSONLines posts hands as JSON Lines (application/x-ndjson).
func TestJSONLines(t *testing.T) {
	c := newClient(t, storetest.OpenSQLite(t), api.Config{})
	res := c.do(http.MethodPost, "/v1/hands/replay", "application/toml", readFile(t, "fo8_odd_chip_low_tie.phh"))
	var r handResults
	res.decode(t, &r)
	if res.status != 200 {
		t.Fatalf("PHH replay = %d", res.status)
	}
	// Re-read the hand as JSON through a stored copy.
	res = c.do(http.MethodPost, "/v1/hands", "application/toml", readFile(t, "fo8_odd_chip_low_tie.phh"))
	res.decode(t, &r)
	var stored struct {
		Hand json.RawMessage `json:"hand"`
	}
	c.get("/v1/hands/"+r.Hands[0].ID).decode(t, &stored)
	lines := bytes.Join([][]byte{stored.Hand, stored.Hand, stored.Hand}, []byte("\n"))
	res = c.do(http.MethodPost, "/v1/hands", "application/x-ndjson", lines)
	var got handResults
	res.decode(t, &got)
	if res.status != 200 || got.Read != 3 || got.Duplicates != 3 || got.Hands[2].ID != r.Hands[0].ID {
		t.Errorf("JSON Lines = %d %s", res.status, res.body)
	}
}

// TestIllegalHandDetailInSiteMoney: the 422 of a one-hand body says the
// illegal action's amounts in the site's money, as scoop replay and the
// replayer do (issue 27: "raise to 3025 is below the pot-limit minimum
// 3732" is €30.25 and €37.32), the verdict's texts too, while its
// integer fields keep chips.
func TestIllegalHandDetailInSiteMoney(t *testing.T) {
	t.Parallel()
	c := newClient(t, storetest.OpenSQLite(t), api.Config{})
	body, err := os.ReadFile("../examples/illegal.txt")
	if err != nil {
		t.Fatal(err)
	}
	res := c.do(http.MethodPost, "/v1/hands/replay", "text/plain", body)
	p := res.problem(t)
	if res.status != 422 || !strings.Contains(p.Detail, "raise to €30.25 is below the pot-limit minimum €37.32") {
		t.Fatalf("illegal hand = %d, detail %q: want the amounts in euros", res.status, p.Detail)
	}
	// The line is the offending action's in the file, as scoop replay says.
	if want := lineOf(t, body, "Shaun J: raises \xe2\x82\xac1.36 to \xe2\x82\xac30.25", "Shaun J: raises \x801.36 to \x8030.25"); p.Line != want {
		t.Errorf("problem line %d, want %d (the raise's line)", p.Line, want)
	}
	// The detail names the action by that line, not by the engine's index.
	if want := fmt.Sprintf("line %d: Shaun J raise to", p.Line); !strings.HasPrefix(p.Detail, want) || strings.Contains(p.Detail, "action ") ||
		!strings.Contains(p.Detail, "(allowed: fold, call €21.82") {
		t.Errorf("detail %q, want it to start %q and say what was allowed", p.Detail, want)
	}
	// The verdict's texts say money too (issue 27), its integers chips.
	if e := p.Verdict.Error; p.Verdict == nil || e == nil || e.Message != "action 11: Shaun J raise to €30.25 is below the pot-limit minimum €37.32" ||
		e.Amount != 3025 || e.AllowedChips == nil || e.AllowedChips.MinTo != 3732 {
		t.Errorf("the verdict's error %+v: want the message in euros, the chips as integers", e)
	}
}

// lineOf is the 1-based number of the first line of data holding one of
// texts (the raw bytes: the file may be Windows-1252).
func lineOf(t *testing.T, data []byte, texts ...string) int {
	t.Helper()
	for i, l := range strings.Split(string(data), "\n") {
		for _, s := range texts {
			if strings.Contains(l, s) {
				return i + 1
			}
		}
	}
	t.Fatalf("no line holds %q", texts)
	return 0
}
