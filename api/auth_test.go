package api_test

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/scoophq/scoop/api"
	"github.com/scoophq/scoop/internal/auth"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// makeKey stores a new key for the named account with the given scopes and
// returns the key.
func makeKey(t *testing.T, st store.Store, accountName, scopes string) string {
	t.Helper()
	key, prefix, hash := auth.NewKey()
	if _, err := st.CreateKey(context.Background(), accountName, store.APIKey{Prefix: prefix, Name: "test " + accountName, Scopes: scopes, Hash: hash}); err != nil {
		t.Fatal(err)
	}
	return key
}

// as returns a copy of c sending key as its bearer token ("" for none).
func (c *client) as(key string) *client {
	d := *c
	d.key = key
	return &d
}

// authClient is a server requiring keys, logging into log.
func authClient(t *testing.T, st store.Store, log *api.LogBuffer, lim api.Limits) *client {
	return newClient(t, st, api.Config{Auth: api.AuthRequired, Limits: lim,
		Logger: slog.New(slog.NewTextHandler(log, &slog.HandlerOptions{Level: slog.LevelDebug}))})
}

func wantStatus(t *testing.T, what string, res response, status int) api.Problem {
	t.Helper()
	if res.status != status {
		t.Fatalf("%s = %d %s, want %d", what, res.status, res.body, status)
	}
	if status >= 400 {
		return res.problem(t)
	}
	return api.Problem{}
}

func TestAccountsAreKeptApart(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		var log api.LogBuffer
		c := authClient(t, st, &log, api.Limits{})
		keyA := makeKey(t, st, "alice", "read,write")
		keyB := makeKey(t, st, "bob", "read,write")
		a, b := c.as(keyA), c.as(keyB)

		// A stores a session, its analyses and an equity result.
		res := a.do("POST", "/v1/hands", "text/plain", readFile(t, "nlo8_knockout.txt"))
		wantStatus(t, "A posts hands", res, 200)
		var posted struct {
			Hands []struct {
				ID      string `json:"id"`
				Created bool   `json:"created"`
				Verdict struct {
					Players []string `json:"players"`
				} `json:"verdict"`
			} `json:"hands"`
		}
		res.decode(t, &posted)
		if len(posted.Hands) < 2 {
			t.Fatalf("A stored %d hands", len(posted.Hands))
		}
		var ids []string
		for _, h := range posted.Hands {
			if h.ID == "" || !store.ValidPublicID(h.ID) {
				t.Fatalf("hand id %q is not an opaque public id", h.ID)
			}
			ids = append(ids, h.ID)
		}
		eq := a.postJSON("/v1/equity", map[string]any{"hands": []string{"As2s3dKd", "QhQcJhTc"}, "board": "4c7hKh", "store": true})
		wantStatus(t, "A stores an equity result", eq, 200)
		var eqID struct {
			ID string `json:"id"`
		}
		eq.decode(t, &eqID)
		player := posted.Hands[0].Verdict.Players[0]

		// B sees nothing of it: every id is a 404 worded as for an id
		// that does not exist.
		var page handPage
		res = b.get("/v1/hands")
		wantStatus(t, "B lists hands", res, 200)
		res.decode(t, &page)
		if len(page.Hands) != 0 {
			t.Errorf("B lists %d of A's hands", len(page.Hands))
		}
		for _, id := range ids {
			for _, path := range []string{"/v1/hands/" + id, "/v1/hands/" + id + "/analysis"} {
				p := wantStatus(t, "B GET "+path, b.get(path), 404)
				if p.Detail != `no hand with id "`+id+`"` {
					t.Errorf("B GET %s: %q, want the words of a missing hand", path, p.Detail)
				}
			}
		}
		missing := store.NewPublicID()
		if p := wantStatus(t, "B GET a missing hand", b.get("/v1/hands/"+missing), 404); p.Detail != `no hand with id "`+missing+`"` {
			t.Errorf("a missing hand: %q", p.Detail)
		}
		wantStatus(t, "B GET A's equity", b.get("/v1/equity/"+eqID.ID), 404)
		wantStatus(t, "A GET its equity", a.get("/v1/equity/"+eqID.ID), 200)
		var stats struct {
			Hands int `json:"hands"`
		}
		res = b.get("/v1/players/" + player + "/stats")
		wantStatus(t, "B's stats of A's player", res, 200)
		res.decode(t, &stats)
		if stats.Hands != 0 {
			t.Errorf("B sees %d hands of %s", stats.Hands, player)
		}
		res = a.get("/v1/players/" + player + "/stats")
		res.decode(t, &stats)
		if stats.Hands == 0 {
			t.Errorf("A sees no hands of its own player %s", player)
		}
		var players struct {
			Players []any `json:"players"`
		}
		res = b.get("/v1/players")
		wantStatus(t, "B lists players", res, 200)
		res.decode(t, &players)
		if len(players.Players) != 0 {
			t.Errorf("B lists A's players: %s", res.body)
		}
		// Guessing finds nothing: random ids and the row numbers of old.
		for i := range 100 {
			id := store.NewPublicID()
			if i < 20 {
				id = strings.Repeat("0", 31) + string(rune('0'+i%10))
			}
			if res := b.get("/v1/hands/" + id); res.status != 404 {
				t.Fatalf("B GET /v1/hands/%s = %d", id, res.status)
			}
		}
		for _, id := range []string{"1", "2", "17"} {
			wantStatus(t, "A GET the row number "+id, a.get("/v1/hands/"+id), 404)
		}
		// A's cursor is no cursor of B's.
		res = a.get("/v1/hands?limit=1")
		res.decode(t, &page)
		if page.Next == nil {
			t.Fatal("A's first page of one has no next cursor")
		}
		wantStatus(t, "B pages with A's cursor", b.get("/v1/hands?cursor="+*page.Next), 400)

		// The same file from B: B's own copies; from A again: duplicates.
		res = b.do("POST", "/v1/hands", "text/plain", readFile(t, "nlo8_knockout.txt"))
		wantStatus(t, "B posts the same hands", res, 200)
		var again struct {
			Hands []struct {
				ID      string `json:"id"`
				Created bool   `json:"created"`
			} `json:"hands"`
		}
		res.decode(t, &again)
		for i, h := range again.Hands {
			if !h.Created || h.ID == ids[i] {
				t.Errorf("B's copy of hand %d: %+v, want created under a new id", i+1, h)
			}
		}
		res = a.do("POST", "/v1/hands", "text/plain", readFile(t, "nlo8_knockout.txt"))
		res.decode(t, &again)
		for i, h := range again.Hands {
			if h.Created || h.ID != ids[i] {
				t.Errorf("A's repost of hand %d: %+v, want a duplicate of %s", i+1, h, ids[i])
			}
		}

		// Revocation takes effect at once.
		if err := st.RevokeKey(context.Background(), keyA[:auth.PrefixLen]); err != nil {
			t.Fatal(err)
		}
		res = a.get("/v1/hands")
		if p := wantStatus(t, "A after revocation", res, 401); !strings.Contains(p.Detail, "revoked") {
			t.Errorf("revoked key: %q", p.Detail)
		}
		if err := st.RevokeAccount(context.Background(), "bob"); err != nil {
			t.Fatal(err)
		}
		wantStatus(t, "B after its account is revoked", b.get("/v1/hands"), 401)

		// Key material never reaches the log; the prefix may.
		for _, k := range []string{keyA, keyB} {
			if strings.Contains(log.String(), k) || strings.Contains(log.String(), k[auth.PrefixLen:]) {
				t.Errorf("the log holds a key's secret")
			}
		}
	})
}

func TestAuthRefusals(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		var log api.LogBuffer
		c := authClient(t, st, &log, api.Limits{})
		reader := makeKey(t, st, "carol", "read")
		admin := makeKey(t, st, "", "admin")

		// No key where one is needed: 401 with the challenge.
		for _, path := range []string{"/v1/hands", "/v1/players", "/v1/hands/" + store.NewPublicID(), "/metrics"} {
			res := c.get(path)
			wantStatus(t, "GET "+path+" without a key", res, 401)
			if h := res.header.Get("WWW-Authenticate"); !strings.HasPrefix(h, "Bearer ") {
				t.Errorf("GET %s: WWW-Authenticate %q", path, h)
			}
		}
		wantStatus(t, "POST hands without a key", c.do("POST", "/v1/hands", "text/plain", readFile(t, "nlo8_knockout.txt")), 401)
		// A key without the scope: 403 naming it.
		res := c.as(reader).do("POST", "/v1/hands", "text/plain", readFile(t, "nlo8_knockout.txt"))
		if p := wantStatus(t, "POST hands with a read key", res, 403); !strings.Contains(p.Detail, "write") {
			t.Errorf("403 detail %q does not name the scope", p.Detail)
		}
		if h := res.header.Get("WWW-Authenticate"); !strings.Contains(h, `error="insufficient_scope"`) || !strings.Contains(h, `scope="write"`) {
			t.Errorf("403 WWW-Authenticate %q", h)
		}
		wantStatus(t, "metrics with a read key", c.as(reader).get("/metrics"), 403)
		if res := c.as(admin).get("/metrics"); res.status != 200 {
			t.Errorf("metrics with an admin key = %d", res.status)
		}
		wantStatus(t, "GET hands with a read key", c.as(reader).get("/v1/hands"), 200)

		// Open: equity without store, with no key; storing needs write.
		body := map[string]any{"hands": []string{"As2s3dKd", "QhQcJhTc"}, "board": "4c7hKh"}
		wantStatus(t, "equity with no key", c.postJSON("/v1/equity", body), 200)
		body["store"] = true
		wantStatus(t, "stored equity with no key", c.postJSON("/v1/equity", body), 401)
		wantStatus(t, "stored equity with a read key", c.as(reader).postJSON("/v1/equity", body), 403)
		wantStatus(t, "stored equity with an admin key", c.as(admin).postJSON("/v1/equity", body), 200)
		for _, path := range []string{"/healthz", "/readyz", "/openapi.yaml", "/docs"} {
			if res := c.get(path); res.status != 200 {
				t.Errorf("GET %s without a key = %d", path, res.status)
			}
		}

		// Malformed and unknown credentials: 401, one line, never a 500,
		// even on an open operation (a client that sends a key means it).
		valid := makeKey(t, st, "dave", "read")
		unknown, _, _ := auth.NewKey()
		wrongSecret := valid[:len(valid)-1] + "x"
		if wrongSecret == valid {
			wrongSecret = valid[:len(valid)-1] + "y"
		}
		for _, h := range []string{"Bearer", "Bearer ", "Basic dXNlcjpwYXNz", "bearer sk_scoop_short", "Bearer " + unknown,
			"Bearer " + wrongSecret, "Bearer " + strings.Repeat("A", 5000), "Token " + valid, "Bearer " + valid + " extra",
			"Bearer sk_scoop_\xff\xfe\xc3"} {
			for _, path := range []string{"/v1/hands", "/v1/equity"} {
				req, _ := http.NewRequest("GET", c.srv.URL+path, nil)
				if path == "/v1/equity" {
					req, _ = http.NewRequest("POST", c.srv.URL+path, strings.NewReader(`{"hands":["As2s3dKd","QhQcJhTc"]}`))
					req.Header.Set("Content-Type", "application/json")
				}
				req.Header.Set("Authorization", h)
				r, err := c.srv.Client().Do(req)
				if err != nil {
					t.Fatal(err)
				}
				r.Body.Close()
				if r.StatusCode != 401 || r.Header.Get("WWW-Authenticate") == "" || r.Header.Get("Content-Type") != "application/problem+json" {
					t.Errorf("%s with Authorization %.40q = %d (%s), want a 401 problem with a challenge", path, h, r.StatusCode, r.Header.Get("WWW-Authenticate"))
				}
			}
		}
		req, _ := http.NewRequest("GET", c.srv.URL+"/v1/hands", nil)
		req.Header.Add("Authorization", "Bearer "+valid)
		req.Header.Add("Authorization", "Bearer "+valid)
		if r, err := c.srv.Client().Do(req); err != nil {
			t.Fatal(err)
		} else if r.Body.Close(); r.StatusCode != 401 {
			t.Errorf("two Authorization headers: %d, want 401", r.StatusCode)
		}
		if strings.Contains(log.String(), valid[auth.PrefixLen:]) || strings.Contains(log.String(), unknown[auth.PrefixLen:]) {
			t.Errorf("the log holds a key's secret:\n%s", log.String())
		}
	})
}

func TestRateLimits(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		var log api.LogBuffer
		c := authClient(t, st, &log, api.Limits{RequestsPerMinute: 5, EquityUnitsPerMinute: 3})
		a := c.as(makeKey(t, st, "alice", "read"))
		b := c.as(makeKey(t, st, "bob", "read"))
		for i := range 5 {
			wantStatus(t, "A's request "+string(rune('1'+i)), a.get("/v1/hands"), 200)
		}
		res := a.get("/v1/hands")
		wantStatus(t, "A's sixth request", res, 429)
		if res.header.Get("Retry-After") == "" {
			t.Error("429 without Retry-After")
		}
		// Another account is not limited by A's use.
		wantStatus(t, "B's first request", b.get("/v1/hands"), 200)
		// Equity is weighted by cost: a 3-way preflop exact run (658,008
		// boards) is far over 3 units of 10,000 boards. One that costs more
		// than a minute's allowance still runs when the client has used
		// none, else it could never run; then even a cheap one waits.
		// B has 4 requests left.
		big := map[string]any{"hands": []string{"As2s3dKd", "QhQcJhTc", "7c8c9dTd"}}
		wantStatus(t, "B's first costly equity", b.postJSON("/v1/equity", big), 200)
		if p := wantStatus(t, "B's second costly equity", b.postJSON("/v1/equity", big), 429); !strings.Contains(p.Detail, "equity") {
			t.Errorf("equity 429 detail %q", p.Detail)
		}
		small := map[string]any{"hands": []string{"As2s3dKd", "QhQcJhTc"}, "board": "4c7hKh"}
		wantStatus(t, "B's cheap equity after", b.postJSON("/v1/equity", small), 429)
		// A's own equity allowance is untouched by B's (A is over its
		// request rate, so C, a third account, shows it).
		cc := c.as(makeKey(t, st, "carol", "read"))
		wantStatus(t, "C's cheap equity", cc.postJSON("/v1/equity", small), 200)
	})
}

// TestRateLimitIPv6Prefix: without a key, a client is its address, and an
// IPv6 client its /64: two addresses of one /64 share a rate, another /64
// has its own.
func TestRateLimitIPv6Prefix(t *testing.T) {
	s, err := api.New(context.Background(), api.Config{Store: storetest.OpenSQLite(t), Limits: api.Limits{RequestsPerMinute: 1},
		Logger: slog.New(slog.NewTextHandler(&api.LogBuffer{}, nil))})
	if err != nil {
		t.Fatal(err)
	}
	call := func(remote string) int {
		req := httptest.NewRequest("POST", "/v1/ranges/parse", strings.NewReader(`{"hands":["AA**"]}`))
		req.Header.Set("Content-Type", "application/json")
		req.RemoteAddr = remote
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		return rec.Code
	}
	for _, tc := range []struct {
		remote string
		want   int
	}{{"[2001:db8:1:2::1]:4000", 200}, {"[2001:db8:1:2::ffff]:4001", 429}, {"[2001:db8:1:3::1]:4000", 200}, {"192.0.2.1:5000", 200}, {"192.0.2.2:5000", 200}} {
		if got := call(tc.remote); got != tc.want {
			t.Errorf("from %s: %d, want %d", tc.remote, got, tc.want)
		}
	}
}

// TestAuthOffIsThisMachineOnly: a server without keys answers a loopback
// Host only (a DNS-rebinding page names another), and refuses a change of
// data sent by another site's page; reads and same-origin writes pass.
func TestAuthOffIsThisMachineOnly(t *testing.T) {
	s, err := api.New(context.Background(), api.Config{Auth: api.AuthOff, Store: storetest.OpenSQLite(t),
		Logger: slog.New(slog.NewTextHandler(&api.LogBuffer{}, nil))})
	if err != nil {
		t.Fatal(err)
	}
	call := func(method, host string, hdr map[string]string) int {
		req := httptest.NewRequest(method, "http://"+host+"/v1/hands", nil)
		if method == "POST" {
			req = httptest.NewRequest(method, "http://"+host+"/v1/ranges/parse", strings.NewReader(`{"hands":["AA**"]}`))
			req.Header.Set("Content-Type", "application/json")
		}
		for k, v := range hdr {
			req.Header.Set(k, v)
		}
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		return rec.Code
	}
	for _, tc := range []struct {
		what, method, host string
		hdr                map[string]string
		want               int
	}{
		{"loopback read", "GET", "127.0.0.1:8080", nil, 200},
		{"localhost read", "GET", "localhost:8080", nil, 200},
		{"IPv6 loopback read", "GET", "[::1]:8080", nil, 200},
		{"rebinding read", "GET", "evil.example:8080", nil, 403},
		{"same-origin write", "POST", "127.0.0.1:8080", map[string]string{"Origin": "http://127.0.0.1:8080", "Sec-Fetch-Site": "same-origin"}, 200},
		{"cross-site write", "POST", "127.0.0.1:8080", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403},
		{"foreign Origin write", "POST", "127.0.0.1:8080", map[string]string{"Origin": "https://evil.example"}, 403},
		{"cross-site read", "GET", "127.0.0.1:8080", map[string]string{"Sec-Fetch-Site": "cross-site"}, 200},
	} {
		if got := call(tc.method, tc.host, tc.hdr); got != tc.want {
			t.Errorf("%s: %d, want %d", tc.what, got, tc.want)
		}
	}
	// --force-insecure: any Host.
	s2, err := api.New(context.Background(), api.Config{Auth: api.AuthOff, AnyHost: true, Store: storetest.OpenSQLite(t),
		Logger: slog.New(slog.NewTextHandler(&api.LogBuffer{}, nil))})
	if err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest("GET", "http://scoop.example/v1/hands", nil)
	rec := httptest.NewRecorder()
	s2.ServeHTTP(rec, req)
	if rec.Code != 200 {
		t.Errorf("AnyHost: %d, want 200", rec.Code)
	}
}

// TestBadKeysAreRateLimited: an address that sends more than
// AuthFailuresPerMinute bad keys is answered 429 before its next key is
// looked up; another address, and a good key from elsewhere, are not.
func TestBadKeysAreRateLimited(t *testing.T) {
	st := storetest.OpenSQLite(t)
	s, err := api.New(context.Background(), api.Config{Store: st, Logger: slog.New(slog.NewTextHandler(&api.LogBuffer{}, nil))})
	if err != nil {
		t.Fatal(err)
	}
	good := makeKey(t, st, "alice", "read")
	call := func(remote, key string) int {
		req := httptest.NewRequest("GET", "/v1/hands", nil)
		req.RemoteAddr = remote
		req.Header.Set("Authorization", "Bearer "+key)
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		return rec.Code
	}
	counts := map[int]int{}
	for i := range api.AuthFailuresPerMinute + 20 {
		bad, _, _ := auth.NewKey()
		if i%2 == 0 {
			bad = "nonsense"
		}
		counts[call("192.0.2.7:1000", bad)]++
	}
	if counts[401] < api.AuthFailuresPerMinute || counts[429] == 0 || counts[401]+counts[429] != api.AuthFailuresPerMinute+20 {
		t.Errorf("bad keys from one address: %v, want %d 401s then 429s", counts, api.AuthFailuresPerMinute)
	}
	if got := call("192.0.2.8:1000", good); got != 200 {
		t.Errorf("a good key from another address: %d", got)
	}
}

// downKeys is a store whose key reads fail as a database that does not
// answer does, counting them.
type downKeys struct {
	store.Store
	reads atomic.Int64
}

func (d *downKeys) KeyByPrefix(ctx context.Context, prefix string) (store.APIKey, error) {
	d.reads.Add(1)
	return store.APIKey{}, fault.New(fault.Unavailable, "read API key: the database did not answer")
}

// TestOpenRoutesIgnoreKeys: the routes that never need a key (liveness,
// readiness, the contract, the docs) answer a request carrying one without
// reading it, so a probe or a page that sends a key keeps its answer while
// the database is slow or down; the routes that take keys still read them.
func TestOpenRoutesIgnoreKeys(t *testing.T) {
	st := &downKeys{Store: storetest.OpenSQLite(t)}
	s, err := api.New(context.Background(), api.Config{Store: st, Logger: slog.New(slog.NewTextHandler(&api.LogBuffer{}, nil))})
	if err != nil {
		t.Fatal(err)
	}
	key, _, _ := auth.NewKey()
	call := func(path, authz string) int {
		req := httptest.NewRequest("GET", path, nil)
		req.Header.Set("Authorization", authz)
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		return rec.Code
	}
	for _, path := range []string{"/healthz", "/openapi.yaml", "/docs"} {
		for _, authz := range []string{"Bearer " + key, "Bearer nonsense"} {
			if got := call(path, authz); got != 200 {
				t.Errorf("GET %s with Authorization %.20q: %d, want 200", path, authz, got)
			}
		}
	}
	if n := st.reads.Load(); n != 0 {
		t.Errorf("the open routes read %d keys, want none", n)
	}
	for _, path := range []string{"/v1/hands", "/metrics"} {
		if got := call(path, "Bearer "+key); got != 503 {
			t.Errorf("GET %s with a key while keys cannot be read: %d, want 503", path, got)
		}
	}
	if n := st.reads.Load(); n != 2 {
		t.Errorf("the keyed routes read %d keys, want 2", n)
	}
}

// TestRateHeadersAreTheRequestRate: the X-RateLimit-* headers of every /v1
// response, POST /v1/equity's included, describe the request rate; the
// equity rate's 429 carries Retry-After.
func TestRateHeadersAreTheRequestRate(t *testing.T) {
	s, err := api.New(context.Background(), api.Config{Store: storetest.OpenSQLite(t), Limits: api.Limits{RequestsPerMinute: 7, EquityUnitsPerMinute: 1},
		Logger: slog.New(slog.NewTextHandler(&api.LogBuffer{}, nil))})
	if err != nil {
		t.Fatal(err)
	}
	post := func(path, body string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("POST", path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.RemoteAddr = "192.0.2.9:1000"
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		return rec
	}
	equity := `{"hands":["As2s3dKd","QhQcJhTc"],"board":"4c7hKh"}`
	for i, tc := range []struct {
		path, body      string
		status          int
		limit, remained string
	}{
		{"/v1/equity", equity, 200, "7", "6"},
		{"/v1/ranges/parse", `{"hands":["AA**"]}`, 200, "7", "5"},
		{"/v1/equity", equity, 429, "7", "4"},
	} {
		rec := post(tc.path, tc.body)
		h := rec.Header()
		if rec.Code != tc.status || h.Get("X-RateLimit-Limit") != tc.limit || h.Get("X-RateLimit-Remaining") != tc.remained {
			t.Errorf("request %d, %s: %d with X-RateLimit-Limit %q Remaining %q, want %d, %s and %s", i+1, tc.path, rec.Code,
				h.Get("X-RateLimit-Limit"), h.Get("X-RateLimit-Remaining"), tc.status, tc.limit, tc.remained)
		}
		if rec.Code == 429 && h.Get("Retry-After") == "" {
			t.Errorf("request %d: a 429 without Retry-After", i+1)
		}
	}
}
