package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/scoophq/scoop/api"
	"github.com/scoophq/scoop/internal/auth"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// send is do with headers and cookies, never following a redirect.
func (c *client) send(method, path, contentType string, body []byte, hdr http.Header, cookies ...*http.Cookie) response {
	c.t.Helper()
	req, err := http.NewRequest(method, c.srv.URL+path, bytes.NewReader(body))
	if err != nil {
		c.t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for k, v := range hdr {
		req.Header[k] = v
	}
	if c.key != "" {
		req.Header.Set("Authorization", "Bearer "+c.key)
	}
	for _, ck := range cookies {
		req.AddCookie(ck)
	}
	cl := *c.srv.Client()
	cl.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	res, err := cl.Do(req)
	if err != nil {
		c.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	got, _ := io.ReadAll(res.Body)
	out := response{status: res.StatusCode, header: res.Header, body: got}
	if res.StatusCode == http.StatusInternalServerError {
		c.t.Errorf("%s %s answered 500: %s", method, path, got)
	}
	if res.StatusCode >= 400 {
		out.problem(c.t)
	}
	c.validate(req, body, out)
	return out
}

// cookieOf returns the named cookie a response sets, failing without it.
func cookieOf(t *testing.T, res response, name string) *http.Cookie {
	t.Helper()
	for _, ck := range (&http.Response{Header: res.header}).Cookies() {
		if ck.Name == name {
			return ck
		}
	}
	t.Fatalf("no %s cookie in %q", name, res.header.Values("Set-Cookie"))
	return nil
}

// TestRouteScopesMatchSpec: every /v1 route asks for the scope its
// operation's x-scoop-scope names in openapi.yaml, and an open route is
// open there: the two declarations of a scope cannot drift apart.
func TestRouteScopesMatchSpec(t *testing.T) {
	c := newClient(t, storetest.OpenSQLite(t), api.Config{})
	routes := c.api.RouteScopes()
	if len(routes) < 20 {
		t.Fatalf("RouteScopes has %d routes", len(routes))
	}
	for key, scope := range routes {
		method, path, _ := strings.Cut(key, " ")
		item := c.spec.Doc.Paths.Find(path)
		if item == nil || item.GetOperation(method) == nil {
			t.Errorf("%s: no operation in openapi.yaml", key)
			continue
		}
		declared, _ := item.GetOperation(method).Extensions["x-scoop-scope"].(string)
		if scope == "" {
			if !strings.HasPrefix(declared, "none") {
				t.Errorf("%s is open in the router but x-scoop-scope %q in openapi.yaml", key, declared)
			}
		} else if declared != scope {
			t.Errorf("%s needs %q in the router but x-scoop-scope %q in openapi.yaml", key, scope, declared)
		}
	}
}

// signIn signs in with key by bearer token and returns the two cookies.
func signIn(t *testing.T, c *client, key string) (session, csrf *http.Cookie) {
	t.Helper()
	res := c.as(key).send("POST", "/v1/sessions", "", nil, nil)
	wantStatus(t, "sign in", res, http.StatusCreated)
	return cookieOf(t, res, api.SessionCookie), cookieOf(t, res, api.CSRFCookie)
}

func TestSessions(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		var log api.LogBuffer
		c := authClient(t, st, &log, api.Limits{})
		key := makeKey(t, st, "alice", "read,write")
		anon := c.as("")

		res := c.as(key).send("POST", "/v1/sessions", "", nil, nil)
		wantStatus(t, "sign in", res, http.StatusCreated)
		sess, csrf := cookieOf(t, res, api.SessionCookie), cookieOf(t, res, api.CSRFCookie)
		if !sess.HttpOnly || sess.SameSite != http.SameSiteStrictMode || sess.Secure || sess.Path != "/" || sess.MaxAge != 7*24*3600 {
			t.Errorf("session cookie %+v: want HttpOnly, SameSite=Strict, not Secure over plain HTTP, 7 days", sess)
		}
		if csrf.HttpOnly || csrf.SameSite != http.SameSiteStrictMode || !auth.ValidToken(sess.Value) || csrf.Value != auth.CSRFToken(sess.Value) {
			t.Errorf("csrf cookie %+v: want readable by the page, the session's anti-forgery token", csrf)
		}
		var info struct {
			Account   string   `json:"account"`
			KeyPrefix string   `json:"key_prefix"`
			Scopes    []string `json:"scopes"`
			CSRF      string   `json:"csrf_token"`
			Expires   time.Time
		}
		res.decode(t, &info)
		if info.Account != "alice" || !strings.HasPrefix(key, info.KeyPrefix) || info.CSRF != csrf.Value || !slices.Equal(info.Scopes, []string{"read", "write"}) {
			t.Errorf("session %+v", info)
		}
		if strings.Contains(string(res.body), sess.Value) || strings.Contains(string(res.body), key) {
			t.Errorf("the sign-in answer holds the session token or the key: %s", res.body)
		}
		// Over TLS (as a proxy says), the cookies are Secure.
		tls := c.as(key).send("POST", "/v1/sessions", "", nil, http.Header{"X-Forwarded-Proto": {"https"}})
		if ck := cookieOf(t, tls, api.SessionCookie); !ck.Secure || !cookieOf(t, tls, api.CSRFCookie).Secure {
			t.Errorf("over TLS the session cookie is not Secure: %+v", ck)
		}

		// The cookie acts for the key's account.
		hands := readFile(t, "nlo8_knockout.txt")
		wantStatus(t, "list with the session", anon.send("GET", "/v1/hands", "", nil, nil, sess), 200)
		wantStatus(t, "store without the CSRF token", anon.send("POST", "/v1/hands", "text/plain", hands, nil, sess), 403)
		wantStatus(t, "store with a wrong CSRF token", anon.send("POST", "/v1/hands", "text/plain", hands, http.Header{"X-Csrf-Token": {auth.CSRFToken("x")}}, sess), 403)
		wantStatus(t, "store with the CSRF token", anon.send("POST", "/v1/hands", "text/plain", hands, http.Header{"X-Csrf-Token": {csrf.Value}}, sess), 200)
		got := anon.send("GET", "/v1/sessions/current", "", nil, nil, sess)
		wantStatus(t, "the current session", got, 200)
		if !bytes.Contains(got.body, []byte(csrf.Value)) {
			t.Errorf("the current session %s lacks its CSRF token", got.body)
		}
		wantStatus(t, "the current session without one", anon.send("GET", "/v1/sessions/current", "", nil, nil), 401)

		// Signing out needs the CSRF token, and ends the session at once.
		wantStatus(t, "sign out without the CSRF token", anon.send("DELETE", "/v1/sessions/current", "", nil, nil, sess), 403)
		out := anon.send("DELETE", "/v1/sessions/current", "", nil, http.Header{"X-Csrf-Token": {csrf.Value}}, sess)
		wantStatus(t, "sign out", out, 204)
		if ck := cookieOf(t, out, api.SessionCookie); ck.MaxAge >= 0 || ck.Value != "" {
			t.Errorf("sign out leaves the cookie %+v", ck)
		}
		p := wantStatus(t, "a signed-out session", anon.send("GET", "/v1/hands", "", nil, nil, sess), 401)
		if !strings.Contains(p.Detail, "sign in again") {
			t.Errorf("a signed-out session is told %q", p.Detail)
		}
		// The equity calculator stays open to a stale cookie.
		eq, _ := json.Marshal(map[string]any{"hands": []string{"As2s3dKd", "QhQcJhTc"}, "board": "4c7hKh"})
		wantStatus(t, "equity with a stale cookie", anon.send("POST", "/v1/equity", "application/json", eq, nil, sess), 200)

		// The sign-in form: a redirect to its next page, or back to the
		// sign-in page; the cookie is set only for a good key.
		form := func(v url.Values, hdr http.Header) response {
			return anon.send("POST", "/v1/sessions", "application/x-www-form-urlencoded", []byte(v.Encode()), hdr)
		}
		ok := form(url.Values{"key": {key}, "next": {"/hands?player=Hero"}}, nil)
		if ok.status != 303 || ok.header.Get("Location") != "/hands?player=Hero" {
			t.Errorf("form sign-in = %d Location %q, want 303 to /hands?player=Hero", ok.status, ok.header.Get("Location"))
		}
		fsess := cookieOf(t, ok, api.SessionCookie)
		wantStatus(t, "list with the form's session", anon.send("GET", "/v1/hands", "", nil, nil, fsess), 200)
		for _, tc := range []struct {
			v    url.Values
			hdr  http.Header
			want string
		}{
			{url.Values{"key": {"sk_scoop_nonsense"}, "next": {"/hands"}}, nil, "/signin?error=refused&next=%2Fhands"},
			{url.Values{"key": {""}}, nil, "/signin?error=missing&next=%2F"},
			{url.Values{"key": {key}, "next": {"//evil.example/"}}, http.Header{"Sec-Fetch-Site": {"cross-site"}}, "/signin?error=forbidden&next=%2F"},
			{url.Values{"key": {key}}, http.Header{"Origin": {"http://evil.example"}}, "/signin?error=forbidden&next=%2F"},
		} {
			res := form(tc.v, tc.hdr)
			if res.status != 303 || res.header.Get("Location") != tc.want || len(res.header.Values("Set-Cookie")) != 0 {
				t.Errorf("form %v %v = %d Location %q cookies %q; want 303 to %s and no cookie", tc.v, tc.hdr, res.status, res.header.Get("Location"), res.header.Values("Set-Cookie"), tc.want)
			}
		}
		if ok := form(url.Values{"key": {key}, "next": {"//evil.example/"}}, nil); ok.header.Get("Location") != "/" {
			t.Errorf("a sign-in form's next of another site goes to %q, want /", ok.header.Get("Location"))
		}

		// Idle for 12 hours, or 7 days after sign-in, the session ends.
		s2, _ := signIn(t, c, key)
		s3, _ := signIn(t, c, key)
		api.SetClock(c.api, func() time.Time { return time.Now().Add(12*time.Hour + time.Minute) })
		wantStatus(t, "a session idle 12 hours", anon.send("GET", "/v1/hands", "", nil, nil, s2), 401)
		api.SetClock(c.api, func() time.Time { return time.Now().Add(7*24*time.Hour + time.Minute) })
		wantStatus(t, "a session 7 days old", anon.send("GET", "/v1/hands", "", nil, nil, s3), 401)
		api.SetClock(c.api, time.Now)
		wantStatus(t, "a fresh session", anon.send("GET", "/v1/hands", "", nil, nil, s3), 200)

		if strings.Contains(log.String(), sess.Value) || strings.Contains(log.String(), key[len(key)-20:]) {
			t.Error("the log holds a session token or a key's secret")
		}
	})
}

// TestRevokedKeyEndsItsSessions: revoking a key ends every session signed
// in with it at once, on the next request.
func TestRevokedKeyEndsItsSessions(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := authClient(t, st, &api.LogBuffer{}, api.Limits{})
		key := makeKey(t, st, "alice", "read,write")
		a, _ := signIn(t, c, key)
		b, _ := signIn(t, c, key)
		anon := c.as("")
		wantStatus(t, "before the revocation", anon.send("GET", "/v1/hands", "", nil, nil, a), 200)
		prefix, _ := auth.ParseKey(key)
		if err := st.RevokeKey(context.Background(), prefix); err != nil {
			t.Fatal(err)
		}
		wantStatus(t, "session a after the revocation", anon.send("GET", "/v1/hands", "", nil, nil, a), 401)
		wantStatus(t, "session b after the revocation", anon.send("GET", "/v1/hands", "", nil, nil, b), 401)
		wantStatus(t, "sign in with the revoked key", c.as(key).send("POST", "/v1/sessions", "", nil, nil), 401)
	})
}

// storedHands stores the examples' PokerStars session for key's account
// and returns the stored hands' ids and players.
func storedHands(t *testing.T, c *client, key string) (ids []string, players [][]string) {
	t.Helper()
	body, err := os.ReadFile("../examples/ps-session.txt")
	if err != nil {
		t.Fatal(err)
	}
	res := c.as(key).do("POST", "/v1/hands", "text/plain", body)
	wantStatus(t, "store the session", res, 200)
	var out struct {
		Hands []struct {
			ID string `json:"id"`
		} `json:"hands"`
	}
	res.decode(t, &out)
	for _, h := range out.Hands {
		if h.ID == "" {
			continue
		}
		var stored struct {
			Hand struct {
				Players []struct {
					Name string `json:"name"`
				} `json:"players"`
			} `json:"hand"`
		}
		c.as(key).get("/v1/hands/"+h.ID).decode(t, &stored)
		var names []string
		for _, p := range stored.Hand.Players {
			names = append(names, p.Name)
		}
		ids, players = append(ids, h.ID), append(players, names)
	}
	if len(ids) < 2 {
		t.Fatalf("stored %d hands", len(ids))
	}
	return ids, players
}

func TestShareLinks(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		var log api.LogBuffer
		c := authClient(t, st, &log, api.Limits{})
		key := makeKey(t, st, "coach", "read,write")
		reader := makeKey(t, st, "coach", "read")
		other := makeKey(t, st, "student", "read,write")
		anon := c.as("")
		ids, players := storedHands(t, c, key)

		wantStatus(t, "share without a key", anon.send("POST", "/v1/hands/"+ids[0]+"/share", "", nil, nil), 401)
		wantStatus(t, "share with a read key", c.as(reader).send("POST", "/v1/hands/"+ids[0]+"/share", "", nil, nil), 403)
		wantStatus(t, "share another account's hand", c.as(other).send("POST", "/v1/hands/"+ids[0]+"/share", "", nil, nil), 404)
		wantStatus(t, "share with a bad expiry", c.as(key).send("POST", "/v1/hands/"+ids[0]+"/share?expires_in=5", "", nil, nil), 400)
		res := c.as(key).send("POST", "/v1/hands/"+ids[0]+"/share?expires_in=3600", "", nil, nil)
		wantStatus(t, "share", res, 201)
		var link struct {
			ID, URL, Token, HandID string
			Expires                *time.Time `json:"expires_at"`
		}
		res.decode(t, &link)
		if link.URL != "/s/"+link.Token || !auth.ValidToken(link.Token) || res.header.Get("Location") != link.URL || link.Expires == nil {
			t.Fatalf("share link %+v (Location %q): want /s/<43 characters> expiring", link, res.header.Get("Location"))
		}

		// Anyone reads that hand and its analysis, and only that hand.
		hand := anon.send("GET", "/v1/shared/"+link.Token, "", nil, nil)
		wantStatus(t, "the shared hand", hand, 200)
		if !bytes.Contains(hand.body, []byte(ids[0])) {
			t.Errorf("the shared hand is not %s: %.300s", ids[0], hand.body)
		}
		for i := 1; i < len(ids); i++ {
			for _, name := range players[i] {
				if !slices.Contains(players[0], name) && bytes.Contains(hand.body, []byte(`"`+name+`"`)) {
					t.Errorf("the shared hand names %s, a player of another hand only", name)
				}
			}
		}
		wantStatus(t, "the shared analysis", anon.send("GET", "/v1/shared/"+link.Token+"/analysis", "", nil, nil), 200)
		wantStatus(t, "another hand without a key", anon.send("GET", "/v1/hands/"+ids[1], "", nil, nil), 401)
		wantStatus(t, "the account's players without a key", anon.send("GET", "/v1/players", "", nil, nil), 401)
		wantStatus(t, "a token that opens nothing", anon.send("GET", "/v1/shared/"+strings.Repeat("A", 43), "", nil, nil), 404)
		wantStatus(t, "a malformed token", anon.send("GET", "/v1/shared/nonsense", "", nil, nil), 404)
		// The student, signed in to his own account, sees the coach's
		// hand through the link alone.
		wantStatus(t, "the shared hand to another account", c.as(other).send("GET", "/v1/shared/"+link.Token, "", nil, nil), 200)
		wantStatus(t, "the hand by id to another account", c.as(other).send("GET", "/v1/hands/"+ids[0], "", nil, nil), 404)

		// Listed for its account only, without its token.
		list := c.as(key).send("GET", "/v1/shares", "", nil, nil)
		wantStatus(t, "list links", list, 200)
		if !bytes.Contains(list.body, []byte(link.ID)) || bytes.Contains(list.body, []byte(link.Token)) {
			t.Errorf("the links list %s: want %s, without its token", list.body, link.ID)
		}
		if l := c.as(other).send("GET", "/v1/shares", "", nil, nil); bytes.Contains(l.body, []byte(link.ID)) {
			t.Errorf("another account lists the link: %s", l.body)
		}

		// Past its expiry, or revoked, it opens nothing.
		api.SetClock(c.api, func() time.Time { return time.Now().Add(2 * time.Hour) })
		wantStatus(t, "an expired link", anon.send("GET", "/v1/shared/"+link.Token, "", nil, nil), 404)
		api.SetClock(c.api, time.Now)
		wantStatus(t, "revoke by another account", c.as(other).send("DELETE", "/v1/shares/"+link.ID, "", nil, nil), 404)
		wantStatus(t, "revoke", c.as(key).send("DELETE", "/v1/shares/"+link.ID, "", nil, nil), 204)
		wantStatus(t, "a revoked link", anon.send("GET", "/v1/shared/"+link.Token, "", nil, nil), 404)
		wantStatus(t, "a revoked link's analysis", anon.send("GET", "/v1/shared/"+link.Token+"/analysis", "", nil, nil), 404)
		if strings.Contains(log.String(), link.Token) {
			t.Error("the log holds a share link's token")
		}
	})
}
