package web_test

// Browser tests: the real server (the API with the web app mounted, on a
// free loopback port, on a fresh SQLite store) driven by Debian's
// chromium through chromedp. They need chromium: at /usr/bin/chromium or
// at $SCOOP_CHROMIUM; without it every test here fails, saying how to
// install it. Screenshots of each page at 1280 and 375 px go to
// $SCOOP_SCREENSHOTS (default: scoop-screenshots in the temp directory).

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/scoophq/scoop/api"
	"github.com/scoophq/scoop/internal/handhistory/hhtest"
	"github.com/scoophq/scoop/internal/jobs"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/storetest"
	"github.com/scoophq/scoop/internal/web"
)

var browser struct {
	once   sync.Once
	ctx    context.Context
	cancel context.CancelFunc
	err    error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if browser.cancel != nil {
		browser.cancel()
	}
	os.Exit(code)
}

// chromiumPath is $SCOOP_CHROMIUM, else Debian's /usr/bin/chromium.
func chromiumPath() string {
	if p := os.Getenv("SCOOP_CHROMIUM"); p != "" {
		return p
	}
	return "/usr/bin/chromium"
}

// startBrowser starts one headless chromium for the whole package, with
// the flags it needs as root on a machine without a network. It fails the
// test, saying how to install chromium, when there is none.
func startBrowser(tb testing.TB) context.Context {
	tb.Helper()
	path := chromiumPath()
	if _, err := os.Stat(path); err != nil {
		tb.Fatalf("chromium not found at %s: install it (apt-get install -y chromium) or set SCOOP_CHROMIUM to its path", path)
	}
	browser.once.Do(func() {
		dir, err := os.MkdirTemp("", "scoop-chromium-")
		if err != nil {
			browser.err = err
			return
		}
		alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
			chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
			chromedp.UserDataDir(dir), chromedp.WindowSize(1280, 900),
			chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
			chromedp.Flag("disable-dev-shm-usage", true))
		ctx, cancelCtx := chromedp.NewContext(alloc)
		browser.ctx = ctx
		browser.cancel = func() { cancelCtx(); cancelAlloc(); os.RemoveAll(dir) }
		browser.err = chromedp.Do(ctx) // starts the browser
	})
	if browser.err != nil {
		tb.Fatalf("start chromium at %s: %v", path, browser.err)
	}
	return browser.ctx
}

// env is one test's server and browser tab. Its cleanup fails the test
// when the page requested anything off its own origin, threw an uncaught
// exception or opened a dialog (an injected alert()).
type env struct {
	t    testing.TB
	st   store.Store
	srv  *httptest.Server
	ctx  context.Context
	mu   sync.Mutex
	reqs []string
	errs []string
}

func newEnv(t testing.TB) *env {
	t.Helper()
	return newEnvWith(t, api.AuthOff, false)
}

// newEnvAuth is newEnv with the server's access control set to mode.
func newEnvAuth(t testing.TB, mode api.AuthMode) *env {
	t.Helper()
	return newEnvWith(t, mode, false)
}

// newEnvWith is newEnv with the server's access control set to mode and,
// with imports, import jobs worked by one worker of the test's own.
func newEnvWith(t testing.TB, mode api.AuthMode, imports bool) *env {
	t.Helper()
	bctx := startBrowser(t)
	st := storetest.OpenSQLite(t)
	var svc *jobs.Service
	if imports {
		var err error
		if svc, err = jobs.New(jobs.Config{Workers: 1, ChunkHands: 10, RetryBase: 10 * time.Millisecond, PollInterval: 50 * time.Millisecond}); err != nil {
			t.Fatal(err)
		}
		if err := svc.Open(context.Background(), st); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			svc.Stop(ctx)
		})
	}
	s, err := api.New(context.Background(), api.Config{
		Auth:        mode,
		Imports:     svc,
		Store:       st,
		Logger:      slog.New(slog.NewTextHandler(io.Discard, nil)),
		ComputeWait: time.Minute,
		Web:         web.New(),
	})
	if err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, st: st, srv: httptest.NewServer(s)}
	t.Cleanup(e.srv.Close)
	var ctx context.Context
	tab, cancelTab := chromedp.NewContext(bctx, chromedp.WithListener(func(ev any) {
		e.mu.Lock()
		defer e.mu.Unlock()
		switch ev := ev.(type) {
		case *network.EventRequestWillBeSent:
			e.reqs = append(e.reqs, ev.Request.URL)
		case *runtime.EventExceptionThrown:
			e.errs = append(e.errs, "uncaught exception: "+ev.ExceptionDetails.Text)
		case *page.EventJavascriptDialogOpening:
			e.errs = append(e.errs, "dialog opened: "+ev.Message)
			go chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{})
		}
	}))
	ctx, cancel := context.WithTimeout(tab, 90*time.Second)
	e.ctx = ctx
	if err := chromedp.Do(tab); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		defer cancelTab()
		defer cancel()
		e.mu.Lock()
		defer e.mu.Unlock()
		if len(e.reqs) == 0 && !t.Skipped() {
			t.Errorf("the browser made no request: the network log is not being read")
		}
		for _, u := range e.reqs {
			if !strings.HasPrefix(u, e.srv.URL+"/") && !strings.HasPrefix(u, "data:") {
				t.Errorf("request left the origin %s: %s", e.srv.URL, u)
			}
		}
		for _, msg := range e.errs {
			t.Errorf("page: %s", msg)
		}
	})
	return e
}

func (e *env) do(steps ...chromedp.Action[chromedp.Void]) {
	e.t.Helper()
	if err := chromedp.Do(e.ctx, steps...); err != nil {
		e.t.Fatal(err)
	}
}

func css(sel string) chromedp.CSS { return chromedp.CSS(sel) }

// text is the text of the first element matching sel, once visible.
func (e *env) text(sel string) string {
	e.t.Helper()
	e.do(chromedp.WaitVisible(css(sel)))
	s, err := chromedp.Run(e.ctx, chromedp.Text(css(sel)))
	if err != nil {
		e.t.Fatal(err)
	}
	return s
}

// eval runs a JavaScript expression and decodes its value.
func eval[T any](e *env, js string) T {
	e.t.Helper()
	v, err := chromedp.Run(e.ctx, chromedp.Evaluate[T](js))
	if err != nil {
		e.t.Fatalf("%s: %v", js, err)
	}
	return v
}

// waitFor polls a JavaScript condition until it is true.
func (e *env) waitFor(js string) {
	e.t.Helper()
	_, err := chromedp.Run(e.ctx, chromedp.Poll[bool](js, chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(30*time.Second)))
	if err != nil {
		page, _ := chromedp.Run(e.ctx, chromedp.Evaluate[string](`location.href + "\n" + document.body.innerText`))
		e.t.Fatalf("waiting for %s: %v; the page:\n%s", js, err, page)
	}
}

func (e *env) location() string {
	e.t.Helper()
	loc, err := chromedp.Run(e.ctx, chromedp.Location())
	if err != nil {
		e.t.Fatal(err)
	}
	return loc
}

// screenshots saves the page, full length, at 1280 and 375 px wide.
func (e *env) screenshots(name string) { e.t.Helper(); e.shoot(name, true) }

// shoot saves the page at 1280 and 375 px wide: full length, or the
// viewport (800 px high) only.
func (e *env) shoot(name string, full bool) {
	e.t.Helper()
	dir := os.Getenv("SCOOP_SCREENSHOTS")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "scoop-screenshots")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		e.t.Fatal(err)
	}
	for _, w := range []int64{1280, 375} {
		opts := []chromedp.EmulateViewportOption{}
		if w < 500 {
			opts = append(opts, chromedp.EmulateMobile, chromedp.EmulatePortrait)
		}
		e.do(chromedp.EmulateViewport(w, 800, opts...), chromedp.Sleep(150*time.Millisecond))
		shot := chromedp.CaptureScreenshot()
		if full {
			shot = chromedp.FullScreenshot(100)
		}
		png, err := chromedp.Run(e.ctx, shot)
		if err != nil {
			e.t.Fatal(err)
		}
		f := filepath.Join(dir, fmt.Sprintf("%s-%d.png", name, w))
		if err := os.WriteFile(f, png, 0o644); err != nil {
			e.t.Fatal(err)
		}
		e.t.Logf("screenshot %s", f)
	}
	e.do(chromedp.ResetViewport())
}

// post sends a body to the API and decodes the JSON answer.
func (e *env) post(path, contentType string, body []byte, out any) int {
	e.t.Helper()
	res, err := http.Post(e.srv.URL+path, contentType, bytes.NewReader(body))
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			e.t.Fatalf("POST %s: %d %s: %v", path, res.StatusCode, b, err)
		}
	}
	return res.StatusCode
}

func (e *env) get(path string, out any) {
	e.t.Helper()
	res, err := http.Get(e.srv.URL + path)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	if err := json.NewDecoder(res.Body).Decode(out); err != nil || res.StatusCode != 200 {
		e.t.Fatalf("GET %s: %d %v", path, res.StatusCode, err)
	}
}

type handResults struct {
	Hands []struct {
		ID      string `json:"id"`
		Status  string `json:"status"`
		Verdict struct {
			ID string `json:"id"`
		} `json:"verdict"`
	} `json:"hands"`
	Stored int `json:"stored"`
}

// TestCalculatorReadmeExample types the README's hands (leniently, as a
// player would), picks the board on the card picker, and reads 64.70% and
// 35.30%; the address bar then holds the state.
func TestCalculatorReadmeExample(t *testing.T) {
	e := newEnv(t)
	e.do(chromedp.Navigate(e.srv.URL+"/"),
		chromedp.WaitVisible(css("#hand-1")),
		chromedp.SendKeys(css("#hand-1"), "as 2s 3d kd"),
		chromedp.SendKeys(css("#hand-2"), "Qh,Qc,Jh,10c"),
		chromedp.Click(css("#board")),
		chromedp.Click(css(`button[data-card="4c"]`)),
		chromedp.Click(css(`button[data-card="7h"]`)),
		chromedp.Click(css(`button[data-card="Kh"]`)),
	)
	if !eval[bool](e, `document.querySelector('button[data-card="Kh"]').getAttribute("aria-pressed") === "true" && document.querySelector('button[data-card="As"]').disabled`) {
		t.Errorf("the picker does not show Kh picked for the board and As taken by hand 1")
	}
	e.do(chromedp.Click(css("#compute")))
	if got := e.text("#results tbody tr:nth-child(1) td.equity"); got != "64.70%" {
		t.Errorf("first hand's equity = %q, want 64.70%%", got)
	}
	if got := e.text("#results tbody tr:nth-child(2) td.equity"); got != "35.30%" {
		t.Errorf("second hand's equity = %q, want 35.30%%", got)
	}
	if loc, want := e.location(), e.srv.URL+"/?game=omaha-hilo&hands=As2s3dKd,QhQcJhTc&board=4c7hKh"; loc != want {
		t.Errorf("location = %s, want %s", loc, want)
	}
	if meta := e.text("#result-meta"); !strings.Contains(meta, "Exact, 820 boards") || !strings.Contains(meta, "no low 23.17%") {
		t.Errorf("result meta = %q, want the exact 820 boards and no low 23.17%%", meta)
	}
	e.screenshots("calculator")
}

// TestCalculatorURLState opens a link holding a whole state, sees it in the
// form and computed (the same numbers as the API), changes a hand, and
// reloads the new address to the same state.
func TestCalculatorURLState(t *testing.T) {
	e := newEnv(t)
	e.do(chromedp.Navigate(e.srv.URL + "/?game=omaha-hi&hands=AsAhKsKh,JdTd9c8c,7c7d6s5s&board=2c3d4h&dead=9s"))
	e.waitFor(`document.querySelectorAll("#results tbody tr").length === 3`)
	form := eval[[]string](e, `[document.getElementById("game").value, ...Array.from(document.querySelectorAll("#hand-rows input")).map(i => i.value), document.getElementById("board").value, document.getElementById("dead").value]`)
	if want := []string{"omaha-hi", "AsAhKsKh", "JdTd9c8c", "7c7d6s5s", "2c3d4h", "9s"}; fmt.Sprint(form) != fmt.Sprint(want) {
		t.Errorf("form = %q, want %q", form, want)
	}
	var res struct {
		Players []struct {
			Equity float64 `json:"equity"`
		} `json:"players"`
	}
	e.post("/v1/equity", "application/json", []byte(`{"game":"omaha-hi","hands":["AsAhKsKh","JdTd9c8c","7c7d6s5s"],"board":"2c3d4h","dead":"9s"}`), &res)
	for i, p := range res.Players {
		want := fmt.Sprintf("%.2f%%", p.Equity*100)
		if got := e.text(fmt.Sprintf("#results tbody tr:nth-child(%d) td.equity", i+1)); got != want {
			t.Errorf("hand %d equity = %q, the API says %q", i+1, got, want)
		}
	}
	// Change the third hand to a range and compute: the address follows.
	eval[string](e, `document.getElementById("hand-3").value = ""`)
	e.do(chromedp.SendKeys(css("#hand-3"), "QQ**"),
		chromedp.Click(css("#compute")))
	e.waitFor(`location.search.includes("QQ**")`)
	loc := e.location()
	e.do(chromedp.Navigate(loc))
	e.waitFor(`document.querySelectorAll("#results tbody tr").length === 3 && document.getElementById("hand-3").value === "QQ**"`)
	again := eval[[]string](e, `[document.getElementById("game").value, ...Array.from(document.querySelectorAll("#hand-rows input")).map(i => i.value), document.getElementById("board").value, document.getElementById("dead").value]`)
	if want := []string{"omaha-hi", "AsAhKsKh", "JdTd9c8c", "QQ**", "2c3d4h", "9s"}; fmt.Sprint(again) != fmt.Sprint(want) {
		t.Errorf("after reloading %s the form = %q, want %q", loc, again, want)
	}
	if got := e.text("#results tbody tr:nth-child(3) th"); !strings.Contains(got, "QQ**") || !strings.Contains(got, "hands") {
		t.Errorf("range row = %q, want the range and its hand count", got)
	}
}

// storedAsSummarised returns how many hands the API lists, after the
// import page's summary finished: at least one, and the number the
// summary says it stored.
func (e *env) storedAsSummarised() int {
	e.t.Helper()
	var page struct {
		Hands []struct {
			ID string `json:"id"`
		} `json:"hands"`
	}
	e.get("/v1/hands?limit=500", &page)
	if len(page.Hands) == 0 {
		e.t.Fatalf("the import stored no hand")
	}
	if got, want := e.text(`[data-total="stored"] dd`), fmt.Sprint(len(page.Hands)); got != want {
		e.t.Errorf("summary says %s stored, the API lists %s hands", got, want)
	}
	return len(page.Hands)
}

// storeFile posts a hand-history file to POST /v1/hands and returns the
// results.
func (e *env) storeFile(path, contentType string) handResults {
	e.t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		e.t.Fatal(err)
	}
	var res handResults
	if code := e.post("/v1/hands", contentType, b, &res); code != 200 {
		e.t.Fatalf("POST /v1/hands %s: %d", path, code)
	}
	return res
}

// TestReplayerStepsToRiver replays a PokerStars cash hand with three pots
// (testdata/sidepots.txt, hand 22865231671): arrow keys and the Next
// button walk it street by street to the river, the flop's exact
// equities are shown, and at the end the settled pots in dollars, each
// with its winner.
func TestReplayerStepsToRiver(t *testing.T) {
	e := newEnv(t)
	res := e.storeFile(filepath.Join("testdata", "sidepots.txt"), "text/plain")
	id := ""
	for _, h := range res.Hands {
		if h.Verdict.ID == "22865231671" {
			id = h.ID
		}
	}
	if id == "" {
		t.Fatalf("hand 22865231671 not stored: %+v", res)
	}
	e.do(chromedp.Navigate(e.srv.URL + "/hands/" + id))
	e.waitFor(`document.querySelector("main").dataset.ready === "true"`)
	if got := e.text("#step"); !strings.HasPrefix(got, "Step 0 of ") {
		t.Errorf("step = %q, want step 0", got)
	}
	if !eval[bool](e, `document.getElementById("settlement").hidden`) {
		t.Errorf("the settlement shows before the end of the hand")
	}
	if got := e.text("#pot"); got != "$0.05" {
		t.Errorf("pot after the blinds = %q, want $0.05", got)
	}
	e.do(chromedp.Click(css("#next")))
	var streets []string
	for i := 0; i < 60; i++ {
		street := strings.ToLower(e.text("#street"))
		if len(streets) == 0 || streets[len(streets)-1] != street {
			streets = append(streets, street)
		}
		if street == "flop" && !strings.Contains(strings.Join(streets, ","), "flop-checked") {
			eq := e.text("#equities")
			if !strings.Contains(eq, "Exact over 528 boards") || !strings.Contains(eq, "51.42%") {
				t.Errorf("flop equities = %q, want exact over 528 boards with Player0 at 51.42%%", eq)
			}
			streets = append(streets, "flop-checked")
		}
		if eval[bool](e, `document.getElementById("next").disabled`) {
			break
		}
		e.do(chromedp.KeyEvent(kb.ArrowRight))
	}
	if got, want := strings.Join(streets, ","), "preflop,flop,flop-checked,turn,river"; got != want {
		t.Errorf("streets seen = %s, want %s", got, want)
	}
	if got := e.text("#board"); got != "6♣K♣Q♣J♣4♣" {
		t.Errorf("board at the end = %q", got)
	}
	if got := e.text("#pot"); got != "$3.70" {
		t.Errorf("pot at the end = %q, want $3.70", got)
	}
	pots := e.text("#pot-table")
	for _, want := range []string{"Main pot\t$2.47\t$0.12", "Player0 $2.35", "Side pot 1\t$0.93\t$0.05", "Player0 $0.88", "Side pot 2\t$0.30\t$0.01", "Player2 $0.29"} {
		if !strings.Contains(pots, want) {
			t.Errorf("settled pots %q do not show %q", pots, want)
		}
	}
	e.screenshots("replayer")
	// Back to the start with Home, and the settlement hides again.
	e.do(chromedp.KeyEvent(kb.Home))
	if got := e.text("#step"); !strings.HasPrefix(got, "Step 0 of ") {
		t.Errorf("after Home, step = %q", got)
	}
}

// TestReplayerIllegalHand stores a hand with an illegal raise: the
// replayer stops at it, highlights it and gives the engine's reason and
// what was allowed.
func TestReplayerIllegalHand(t *testing.T) {
	e := newEnv(t)
	var problem struct {
		ID      string `json:"id"`
		Verdict struct {
			Error struct {
				Message string `json:"message"`
				Allowed string `json:"allowed"`
			} `json:"error"`
		} `json:"verdict"`
	}
	if code := e.post("/v1/hands", "application/toml", []byte(hhtest.PHHIllegalRaise), &problem); code != 422 || problem.ID == "" || problem.Verdict.Error.Message == "" {
		t.Fatalf("POST illegal hand = %d %+v", code, problem)
	}
	e.do(chromedp.Navigate(e.srv.URL + "/hands/" + problem.ID))
	e.waitFor(`document.querySelector("main").dataset.ready === "true"`)
	// The page says the message without the engine's action index (the
	// log numbers the actions itself).
	msg := problem.Verdict.Error.Message[strings.Index(problem.Verdict.Error.Message, ": ")+2:]
	if v := e.text("#verdict"); !strings.Contains(v, "Illegal (p2)") || !strings.Contains(v, msg) || !strings.Contains(v, problem.Verdict.Error.Allowed) {
		t.Errorf("verdict = %q, want the illegal action, %q and %q", v, msg, problem.Verdict.Error.Allowed)
	}
	e.do(chromedp.KeyEvent(kb.End))
	if got := e.text("#log li.illegal"); !strings.Contains(got, "raises to 90") || !strings.Contains(got, msg) {
		t.Errorf("illegal action in the log = %q", got)
	}
	if got := e.text("#now"); !strings.Contains(got, "raises to 90") {
		t.Errorf("current action = %q", got)
	}
	if !eval[bool](e, `document.querySelectorAll("#seats li.illegal").length === 1 && document.getElementById("settlement").hidden`) {
		t.Errorf("the illegal seat is not highlighted, or a settlement is shown")
	}
	e.screenshots("replayer-illegal")
}

// TestImportStoresFile uploads a PokerStars file through the import
// page's file input: its summary counts the hands stored, links to their
// replays, and the API then lists them; the hands page shows them.
func TestImportStoresFile(t *testing.T) {
	e := newEnv(t)
	file, err := filepath.Abs(filepath.Join("testdata", "sidepots.txt"))
	if err != nil {
		t.Fatal(err)
	}
	e.do(chromedp.Navigate(e.srv.URL+"/import"), chromedp.SetUploadFiles(css("#files"), []string{file}))
	e.waitFor(`document.querySelector("main").dataset.done === "1"`)
	stored := e.storedAsSummarised()
	if n := eval[int](e, `document.querySelectorAll('#files-out a[href^="/hands/"]').length`); n != stored {
		t.Errorf("%d links to replays, want %d", n, stored)
	}
	e.screenshots("import")
	// The same file again: nothing stored twice.
	e.do(chromedp.SetUploadFiles(css("#files"), []string{file}))
	e.waitFor(`document.querySelector("main").dataset.done === "2"`)
	if got, want := e.text(`[data-total="duplicates"] dd`), fmt.Sprint(stored); got != want {
		t.Errorf("second upload: %s duplicates, want %s", got, want)
	}
	e.do(chromedp.Navigate(e.srv.URL + "/hands"))
	e.waitFor(`document.querySelector("main").dataset.ready === "true"`)
	if n := eval[int](e, `document.querySelectorAll("#hand-list tbody tr").length`); n != stored {
		t.Errorf("hands page lists %d hands, want %d", n, stored)
	}
	e.screenshots("hands")
}

// hostileNames are player names that are user data and must show as text.
var hostileNames = []string{`<script>alert(1)</script>`, `<img src=x onerror=alert(2)>`}

// TestUserDataRendersAsText stores a hand whose players are named with
// markup: the hands list, the replayer and the player page show the names
// as text, run no injected script (a dialog would fail the test) and add
// no element.
func TestUserDataRendersAsText(t *testing.T) {
	e := newEnv(t)
	phh := fmt.Sprintf(`variant = 'PO'
antes = [0, 0]
blinds_or_straddles = [1, 2]
starting_stacks = [100, 100]
players = [%q, %q]
actions = ['d dh p1 AsAhKsKh', 'd dh p2 QdQcJdJc', 'p2 cbr 6', 'p1 cc', 'd db 2c3d4h', 'p1 cc', 'p2 cc', 'd db 9s', 'p1 cc', 'p2 cc', 'd db Td', 'p1 cc', 'p2 cc', 'p1 sm AsAhKsKh', 'p2 sm QdQcJdJc']
`, hostileNames[0], hostileNames[1])
	var res handResults
	if code := e.post("/v1/hands", "application/toml", []byte(phh), &res); code != 200 || len(res.Hands) != 1 || res.Hands[0].ID == "" {
		t.Fatalf("POST hand = %d %+v", code, res)
	}
	noInjection := `document.querySelectorAll("main script, main img").length === 0 && Array.from(document.scripts).every(s => s.src.startsWith(location.origin + "/static/"))`
	e.do(chromedp.Navigate(e.srv.URL + "/hands"))
	e.waitFor(`document.querySelector("main").dataset.ready === "true"`)
	if got := e.text("#hand-list td.players"); got != hostileNames[0]+", "+hostileNames[1] {
		t.Errorf("hands list players = %q", got)
	}
	if !eval[bool](e, noInjection) {
		t.Errorf("the hands list has an injected element")
	}
	e.do(chromedp.Navigate(e.srv.URL + "/hands/" + res.Hands[0].ID))
	e.waitFor(`document.querySelector("main").dataset.ready === "true"`)
	if got := eval[[]string](e, `Array.from(document.querySelectorAll("#seats .name")).map(n => n.textContent)`); fmt.Sprint(got) != fmt.Sprint(hostileNames) {
		t.Errorf("replayer seats = %q", got)
	}
	if !eval[bool](e, noInjection) {
		t.Errorf("the replayer has an injected element")
	}
	for _, name := range hostileNames {
		e.do(chromedp.Navigate(e.srv.URL + "/players/" + url.PathEscape(name)))
		e.waitFor(`document.querySelector("main").dataset.ready === "true"`)
		if got := e.text("#player-name"); got != name {
			t.Errorf("player heading = %q, want %q", got, name)
		}
		if title := eval[string](e, `document.title`); !strings.HasPrefix(title, name) {
			t.Errorf("title = %q", title)
		}
		if !eval[bool](e, noInjection) {
			t.Errorf("the player page of %q has an injected element", name)
		}
		if got := e.text("#stats"); !strings.Contains(got, "Hands") {
			t.Errorf("stats of %q = %q", name, got)
		}
	}
	e.waitFor(`document.querySelector("#graph svg polyline.net") !== null`)
	e.screenshots("player")
}

// TestDocsTryIt opens the API reference, sends the equity example with
// its try-it form (its inline script runs under the page's hash-based
// CSP) and reads the answer.
func TestDocsTryIt(t *testing.T) {
	e := newEnv(t)
	e.do(chromedp.Navigate(e.srv.URL+"/docs"),
		chromedp.Click(css("#computeEquity details.try summary")),
		chromedp.Click(css(`#computeEquity form button[type="submit"]`)))
	e.waitFor(`document.querySelector("#computeEquity pre.out").textContent.includes("equity")`)
	if got := e.text("#computeEquity .status"); !strings.Contains(got, "-> 200") {
		t.Errorf("try-it status = %q", got)
	}
	if out := e.text("#computeEquity pre.out"); !strings.Contains(out, `"boards": 820`) || !strings.Contains(out, `"hand": "As2s3dKd"`) {
		t.Errorf("try-it answer = %.300s", out)
	}
	// The reference is long: its top, and the try-it answer.
	e.do(chromedp.Navigate(e.srv.URL + "/docs"))
	e.shoot("docs", false)
	e.do(chromedp.Navigate(e.srv.URL+"/docs#computeEquity"),
		chromedp.Click(css("#computeEquity details.try summary")),
		chromedp.Click(css(`#computeEquity form button[type="submit"]`)))
	e.waitFor(`document.querySelector("#computeEquity pre.out").textContent.includes("equity")`)
	e.do(chromedp.ScrollIntoView(css("#computeEquity .status")))
	e.shoot("docs-try-it", false)
}

// TestImportLargeFileAsJob: a file over the page's import threshold (set
// to one byte here) is uploaded as an import job and followed to its end;
// the summary counts what the job stored, as the API lists it.
func TestImportLargeFileAsJob(t *testing.T) {
	e := newEnvWith(t, api.AuthOff, true)
	file, err := filepath.Abs(filepath.Join("testdata", "sidepots.txt"))
	if err != nil {
		t.Fatal(err)
	}
	e.do(chromedp.Navigate(e.srv.URL + "/import"))
	e.waitFor(`document.getElementById("upload") !== null`)
	eval[bool](e, `(document.getElementById("upload").dataset.importOver = "1") === "1"`)
	e.do(chromedp.SetUploadFiles(css("#files"), []string{file}))
	e.waitFor(`document.querySelector("main").dataset.done === "1"`)
	e.storedAsSummarised()
	if msg := e.text(`#files-out [data-import] .meta`); !strings.Contains(msg, "Imported as a job (done)") {
		t.Errorf("the file's summary says %q", msg)
	}
	e.screenshots("import-job")
}
