package web_test

// Browser tests of signing in, share links and the players index, each in
// browser contexts of its own (a fresh profile: no cookies of another
// test, nor of the other profile).

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/scoophq/scoop/api"
	"github.com/scoophq/scoop/internal/auth"
	"github.com/scoophq/scoop/internal/store"
)

// profile is a tab in a browser context of its own, recording what it
// requests; e's cleanup checks its requests and errors as its own.
type profile struct {
	e    *env
	ctx  context.Context
	reqs []string // this profile's requests, in order (under e.mu)
}

// newProfile opens a fresh profile for e and makes it the one e's helpers
// drive.
func (e *env) newProfile() *profile {
	e.t.Helper()
	p := &profile{e: e}
	var ctx context.Context
	tab, cancelTab := chromedp.NewContext(startBrowser(e.t), chromedp.WithNewBrowserContext(), chromedp.WithListener(func(ev any) {
		e.mu.Lock()
		defer e.mu.Unlock()
		switch ev := ev.(type) {
		case *network.EventRequestWillBeSent:
			e.reqs = append(e.reqs, ev.Request.URL)
			p.reqs = append(p.reqs, ev.Request.URL)
		case *runtime.EventExceptionThrown:
			e.errs = append(e.errs, "uncaught exception: "+ev.ExceptionDetails.Text)
		case *page.EventJavascriptDialogOpening:
			e.errs = append(e.errs, "dialog opened: "+ev.Message)
			go chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{})
		}
	}))
	ctx, cancel := context.WithTimeout(tab, 90*time.Second)
	if err := chromedp.Do(tab); err != nil {
		e.t.Fatal(err)
	}
	e.t.Cleanup(func() { cancel(); cancelTab() })
	p.ctx = ctx
	e.ctx = ctx
	return p
}

// use makes p the profile e's helpers drive.
func (p *profile) use() { p.e.ctx = p.ctx }

// requests returns the paths p requested on the server, in order.
func (p *profile) requests() []string {
	p.e.mu.Lock()
	defer p.e.mu.Unlock()
	var out []string
	for _, u := range p.reqs {
		if rest, ok := strings.CutPrefix(u, p.e.srv.URL); ok {
			out = append(out, rest)
		}
	}
	return out
}

// keyFor stores a key of the named account and returns it.
func (e *env) keyFor(accountName, scopes string) string {
	e.t.Helper()
	key, prefix, hash := auth.NewKey()
	if _, err := e.st.CreateKey(context.Background(), accountName, store.APIKey{Prefix: prefix, Name: "browser", Scopes: scopes, Hash: hash}); err != nil {
		e.t.Fatal(err)
	}
	return key
}

// call sends a request to the API with key as its bearer token.
func (e *env) call(method, path, key, contentType string, body []byte, out any) int {
	e.t.Helper()
	req, _ := http.NewRequest(method, e.srv.URL+path, bytes.NewReader(body))
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	if out != nil {
		if err := json.NewDecoder(res.Body).Decode(out); err != nil {
			e.t.Fatalf("%s %s: %d: %v", method, path, res.StatusCode, err)
		}
	}
	return res.StatusCode
}

// storeSession stores the examples' PokerStars session for key's account
// and returns each stored hand's id and player names.
func (e *env) storeSession(key string) (ids []string, players [][]string) {
	e.t.Helper()
	body, err := os.ReadFile(filepath.Join("..", "..", "examples", "ps-session.txt"))
	if err != nil {
		e.t.Fatal(err)
	}
	var res handResults
	if st := e.call("POST", "/v1/hands", key, "text/plain", body, &res); st != 200 {
		e.t.Fatalf("store the session: %d", st)
	}
	for _, h := range res.Hands {
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
		e.call("GET", "/v1/hands/"+h.ID, key, "", nil, &stored)
		var names []string
		for _, p := range stored.Hand.Players {
			names = append(names, p.Name)
		}
		ids, players = append(ids, h.ID), append(players, names)
	}
	return ids, players
}

// waitReady waits for the page's main to say its data is shown.
func (e *env) waitReady(path string) {
	e.t.Helper()
	e.waitFor(`location.pathname === ` + strconv.Quote(path) + ` && document.readyState === "complete" && document.querySelector("main").dataset.ready === "true"`)
}

// waitThrough polls a JavaScript condition until it is true, through
// page loads (a poll fails while its page is replaced).
func (e *env) waitThrough(js string) {
	e.t.Helper()
	for deadline := time.Now().Add(30 * time.Second); ; {
		ok, err := chromedp.Run(e.ctx, chromedp.Evaluate[bool](js))
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			page, _ := chromedp.Run(e.ctx, chromedp.Evaluate[string](`location.href + "\n" + document.body.innerText`))
			e.t.Fatalf("waiting for %s: %v; the page:\n%s", js, err, page)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// signIn signs the current profile in with key through the sign-in page,
// from the page at path, and waits for that page to load again.
func (e *env) signIn(path, key string) {
	e.t.Helper()
	e.do(chromedp.Navigate(e.srv.URL + path))
	e.waitFor(`!document.getElementById("signed-out").hidden && document.getElementById("sign-in-link").href.includes("next=")`)
	e.do(chromedp.Click(css("#sign-in-link")), chromedp.WaitVisible(css("#signin-key")))
	if loc := e.location(); !strings.Contains(loc, "/signin?next="+url.QueryEscape(path)) {
		e.t.Errorf("the sign-in link leads to %s, want /signin?next=%s", loc, url.QueryEscape(path))
	}
	e.do(chromedp.SendKeys(css("#signin-key"), key), chromedp.Submit(css("#signin-form")))
	e.waitThrough(`location.pathname === ` + strconv.Quote(path) + ` && document.readyState === "complete" && document.querySelector("main").dataset.ready === "true"`)
}

// TestSignInShareAndOpenInAFreshProfile: a coach signs in on the sign-in
// page (the key never reaches the page's script or storage), shares a
// hand from its replayer, and the link, opened in a fresh profile with no
// key and no session, shows that hand's replay and analysis and nothing
// else of the account: no player page, no other hand, no name of another
// hand's player, and no request for anything but the link's hand.
func TestSignInShareAndOpenInAFreshProfile(t *testing.T) {
	e := newEnvAuth(t, api.AuthRequired)
	key := e.keyFor("coach", "read,write")
	ids, players := e.storeSession(key)
	// The hand to share: one some other hand's player is not in.
	pick, others := -1, []string(nil)
	for i := range ids {
		var only []string
		for j := range ids {
			for _, n := range players[j] {
				if j != i && !slices.Contains(players[i], n) && !slices.Contains(only, n) {
					only = append(only, n)
				}
			}
		}
		if len(only) > 0 {
			pick, others = i, only
			break
		}
	}
	if pick < 0 {
		t.Fatalf("every hand of the session has the same players: %v", players)
	}

	coach := e.newProfile()
	e.do(chromedp.Navigate(e.srv.URL + "/hands"))
	e.waitFor(`!document.getElementById("hands-error").hidden`)
	if msg := e.text("#hands-error"); !strings.Contains(msg, "sign in") {
		t.Errorf("the hands page, signed out, says %q", msg)
	}
	e.screenshots("signed-out-hands")
	e.signIn("/hands", key)
	if n := eval[int](e, `document.querySelectorAll("#hand-list tbody tr").length`); n != len(ids) {
		t.Errorf("signed in, the hands page lists %d hands, want %d", n, len(ids))
	}
	e.waitFor(`!document.getElementById("signed-in").hidden`)
	if got := e.text("#session-account"); got != "coach" {
		t.Errorf("the header says signed in as %q, want coach", got)
	}
	secret := key[auth.PrefixLen+1:]
	kept := eval[string](e, `JSON.stringify(localStorage) + JSON.stringify(sessionStorage) + document.cookie + document.body.innerHTML`)
	if strings.Contains(kept, secret) {
		t.Error("the key is in the page, its storage or its readable cookies")
	}
	if strings.Contains(eval[string](e, `document.cookie`), api.SessionCookie+"=") {
		t.Error("the page's script can read the session cookie")
	}
	e.screenshots("signed-in-hands")

	e.do(chromedp.Navigate(e.srv.URL + "/hands/" + ids[pick]))
	e.waitReady("/hands/" + ids[pick])
	e.do(chromedp.WaitVisible(css("#share-make")), chromedp.Click(css("#share-make")))
	e.waitFor(`document.getElementById("share").dataset.made === "true"`)
	link := eval[string](e, `document.getElementById("share-link").value`)
	if !strings.HasPrefix(link, e.srv.URL+"/s/") || !auth.ValidToken(strings.TrimPrefix(link, e.srv.URL+"/s/")) {
		t.Fatalf("the share link is %q", link)
	}
	e.screenshots("share-made")

	visitor := e.newProfile()
	e.do(chromedp.Navigate(link))
	e.waitReady(strings.TrimPrefix(link, e.srv.URL))
	e.do(chromedp.Click(css("#last")))
	body := eval[string](e, `document.body.innerText`)
	if !strings.Contains(body, players[pick][0]) {
		t.Errorf("the shared page does not show the hand's player %s", players[pick][0])
	}
	for _, n := range others {
		if strings.Contains(body, n) {
			t.Errorf("the shared page shows %s, a player of another hand only", n)
		}
	}
	if n := eval[int](e, `document.querySelectorAll('a[href^="/players/"], a[href^="/hands/"]').length`); n != 0 {
		t.Errorf("the shared page links to %d player or hand pages", n)
	}
	if !eval[bool](e, `document.getElementById("share").hidden && !document.getElementById("signed-out").hidden`) {
		t.Error("the shared page offers sharing, or shows a session, to a visitor")
	}
	if eval[bool](e, `document.getElementById("equities").innerText.includes("not available")`) {
		t.Error("the shared page has no analysis")
	}
	e.screenshots("shared-hand")
	for _, p := range visitor.requests() {
		if !strings.HasPrefix(p, "/s/") && !strings.HasPrefix(p, "/static/") && !strings.HasPrefix(p, "/v1/shared/") {
			t.Errorf("the shared page requested %s", p)
		}
	}
	// The visitor has nothing else of the account.
	e.do(chromedp.Navigate(e.srv.URL + "/hands"))
	e.waitFor(`!document.getElementById("hands-error").hidden`)
	if n := eval[int](e, `document.querySelectorAll("#hand-list tbody tr").length`); n != 0 {
		t.Errorf("the visitor lists %d hands", n)
	}

	// The coach signs out: the session ends, the link stays.
	coach.use()
	e.do(chromedp.Navigate(e.srv.URL+"/hands"), chromedp.WaitVisible(css("#sign-out")), chromedp.Click(css("#sign-out")))
	e.waitThrough(`!document.getElementById("hands-error").hidden && !document.getElementById("signed-out").hidden`)
	visitor.use()
	e.do(chromedp.Navigate(link))
	e.waitReady(strings.TrimPrefix(link, e.srv.URL))
}

// TestRevokedKeyEndsTheBrowserSession: revoking the key a browser signed
// in with ends its session at once: the next page load asks to sign in.
func TestRevokedKeyEndsTheBrowserSession(t *testing.T) {
	e := newEnvAuth(t, api.AuthRequired)
	key := e.keyFor("alice", "read,write")
	e.storeSession(key)
	e.newProfile()
	e.signIn("/hands", key)
	prefix, _ := auth.ParseKey(key)
	if err := e.st.RevokeKey(context.Background(), prefix); err != nil {
		t.Fatal(err)
	}
	e.do(chromedp.Reload())
	e.waitThrough(`!document.getElementById("hands-error").hidden`)
	if msg := e.text("#hands-error"); !strings.Contains(msg, "sign in again") {
		t.Errorf("after the revocation the hands page says %q", msg)
	}
	if n := eval[int](e, `document.querySelectorAll("#hand-list tbody tr").length`); n != 0 {
		t.Errorf("after the revocation the hands page lists %d hands", n)
	}
}

// TestSignInRefused: a bad key on the sign-in page is answered there, in
// words, with no session.
func TestSignInRefused(t *testing.T) {
	e := newEnvAuth(t, api.AuthRequired)
	e.newProfile()
	e.do(chromedp.Navigate(e.srv.URL+"/signin?next=/hands"), chromedp.SendKeys(css("#signin-key"), "sk_scoop_nonsense"), chromedp.Submit(css("#signin-form")))
	e.do(chromedp.WaitVisible(css("#signin-error")))
	if msg := e.text("#signin-error"); !strings.Contains(msg, "refused") {
		t.Errorf("a bad key on the sign-in page says %q", msg)
	}
	if c := eval[string](e, `document.cookie`); strings.Contains(c, api.CSRFCookie) {
		t.Errorf("a refused sign-in left cookies %q", c)
	}
}

// TestPlayersIndexIsAPage: /players is a page listing the players, each a
// link to his page; on a server that requires keys it says to sign in.
func TestPlayersIndexIsAPage(t *testing.T) {
	e := newEnv(t)
	e.newProfile()
	_, players := e.storeSession("")
	res, err := http.Get(e.srv.URL + "/players")
	if err != nil || res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("GET /players = %v %v, want a 200 page", res.StatusCode, err)
	}
	res.Body.Close()
	e.do(chromedp.Navigate(e.srv.URL + "/players"))
	e.waitReady("/players")
	var all []string
	for _, ps := range players {
		for _, n := range ps {
			if !slices.Contains(all, n) {
				all = append(all, n)
			}
		}
	}
	if n := eval[int](e, `document.querySelectorAll('#player-list tbody a[href^="/players/"]').length`); n != len(all) {
		t.Errorf("the players page links %d players, want %d", n, len(all))
	}
	e.screenshots("players")

	k := newEnvAuth(t, api.AuthRequired)
	k.newProfile()
	k.do(chromedp.Navigate(k.srv.URL + "/players"))
	k.waitFor(`!document.getElementById("players-error").hidden`)
	if msg := k.text("#players-error"); !strings.Contains(msg, "sign in") {
		t.Errorf("the players page, signed out, says %q", msg)
	}
}
