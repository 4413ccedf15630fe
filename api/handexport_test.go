package api_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"reflect"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/scoophq/scoop/api"
	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/export"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// readHandsOf reads every hand of a hand-history text, by site hand id.
func readHandsOf(t *testing.T, f handhistory.Format, data []byte) map[string]*handhistory.Hand {
	t.Helper()
	entries, err := handhistory.Read(f, data)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*handhistory.Hand{}
	for _, e := range entries {
		if e.Hand != nil {
			out[e.Hand.SiteHandID] = e.Hand
		}
	}
	return out
}

// exportCSV gets an export as CSV and parses it.
func exportCSV(t *testing.T, c *client, query string) (header []string, rows []map[string]string) {
	t.Helper()
	res := c.get("/v1/hands/export?format=csv" + query)
	if res.status != http.StatusOK {
		t.Fatalf("%s: %d %s", query, res.status, res.body)
	}
	recs, err := csv.NewReader(bytes.NewReader(res.body)).ReadAll()
	if err != nil || len(recs) == 0 {
		t.Fatalf("%s: the CSV does not parse: %v\n%s", query, err, res.body)
	}
	for _, r := range recs[1:] {
		m := map[string]string{}
		for k, name := range recs[0] {
			m[name] = r[k]
		}
		rows = append(rows, m)
	}
	return recs[0], rows
}

func sumColumn(t *testing.T, rows []map[string]string, col string) int64 {
	t.Helper()
	var s int64
	for _, r := range rows {
		x, err := strconv.ParseInt(r[col], 10, 64)
		if err != nil {
			t.Fatalf("%s = %q: %v", col, r[col], err)
		}
		s += x
	}
	return s
}

// TestExportHands: GET /v1/hands/export over the real server on both
// databases. The corpus' PokerStars cash session and a tournament are
// stored; the CSV has a row per hand and player with the hand row and the
// player's facts, checked by hand on the session's first hand and summed
// over Hero's 15 cash hands against `scoop stats`'s figures (15 hands,
// 2.13 USD, VPIP 10, PFR 4, saw the flop 12, showdown 4, won it 3); the
// filters narrow it; PokerStars text and PHH read back as the stored
// hands; a bad format is a 400 naming format.
func TestExportHands(t *testing.T) {
	t.Parallel()
	session, err := os.ReadFile("../examples/ps-session.txt")
	if err != nil {
		t.Fatal(err)
	}
	knockout := readFile(t, "nlo8_knockout.txt")
	cash := readHandsOf(t, handhistory.FormatPokerStars, session)
	tourney := readHandsOf(t, handhistory.FormatPokerStars, knockout)
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newClient(t, st, api.Config{})
		for _, body := range [][]byte{session, knockout} {
			if res := c.do(http.MethodPost, "/v1/hands", "text/plain", body); res.status != http.StatusOK {
				t.Fatalf("storing: %d %s", res.status, res.body)
			}
		}
		res := c.get("/v1/hands/export?format=csv")
		if ct := res.header.Get("Content-Type"); !strings.HasPrefix(ct, "text/csv") ||
			res.header.Get("Content-Disposition") != `attachment; filename="scoop-hands.csv"` || res.header.Get("X-Scoop-Export-Max-Hands") != "100000" {
			t.Errorf("headers %v", res.header)
		}
		header, rows := exportCSV(t, c, "")
		if !reflect.DeepEqual(header, export.CSVHeader) {
			t.Errorf("header %v", header)
		}
		players := 0
		for _, h := range cash {
			players += len(h.Players)
		}
		for _, h := range tourney {
			players += len(h.Players)
		}
		if len(rows) != players {
			t.Errorf("%d rows; want %d (one a hand and player)", len(rows), players)
		}
		// The session's first hand, by hand: Hero in the big blind puts in
		// 0.02 + 0.05 + 0.08 (one postflop call, S3) and folds the river;
		// UnderMeSensi puts in 0.07 + 0.08 and collects the 0.31 pot.
		want := map[string]map[string]string{
			"Hero":         {"position": "BB", "hole": "2h2c3s9h", "net": "-15", "net_amount": "-0.15", "vpip": "1", "pfr": "0", "saw_flop": "1", "showdown": "0", "aggressive": "0", "calls": "1"},
			"UnderMeSensi": {"net": "16", "net_amount": "0.16", "vpip": "1", "pfr": "1", "aggressive": "2", "showdown": "0"},
			"xgz520":       {"position": "SB", "net": "-1", "vpip": "0", "saw_flop": "0"},
		}
		hand := map[string]string{"site": "pokerstars", "played_at": "2009-11-26T15:36:51Z", "game": "omaha-hilo", "structure": "pot-limit", "kind": "cash",
			"currency": "USD", "chip_unit": "0.01", "big_blind": "2", "big_blind_amount": "0.02", "board": "Jd5cKc4cTh", "pot": "31", "pot_amount": "0.31",
			"legal": "true", "ended": "uncontested"}
		seen := 0
		for _, r := range rows {
			if r["site_hand_id"] != "35874998500" {
				continue
			}
			seen++
			for k, v := range hand {
				if r[k] != v {
					t.Errorf("hand 35874998500 %s: %s = %q, want %q", r["player"], k, r[k], v)
				}
			}
			for k, v := range want[r["player"]] {
				if r[k] != v {
					t.Errorf("hand 35874998500 %s: %s = %q, want %q", r["player"], k, r[k], v)
				}
			}
		}
		if seen != 6 {
			t.Errorf("hand 35874998500 has %d rows, want 6", seen)
		}
		// Hero's cash hands: the stored statistics' figures.
		_, hero := exportCSV(t, c, "&player=Hero&kind=cash")
		if len(hero) != 15 || sumColumn(t, hero, "net") != 213 || sumColumn(t, hero, "vpip") != 10 || sumColumn(t, hero, "pfr") != 4 ||
			sumColumn(t, hero, "saw_flop") != 12 || sumColumn(t, hero, "showdown") != 4 || sumColumn(t, hero, "won_showdown") != 3 {
			t.Errorf("Hero's cash rows: %d, net %d, vpip %d, pfr %d, saw flop %d, showdown %d, won %d; want 15, 213, 10, 4, 12, 4, 3",
				len(hero), sumColumn(t, hero, "net"), sumColumn(t, hero, "vpip"), sumColumn(t, hero, "pfr"), sumColumn(t, hero, "saw_flop"), sumColumn(t, hero, "showdown"), sumColumn(t, hero, "won_showdown"))
		}
		for _, r := range hero {
			if r["player"] != "Hero" || r["kind"] != "cash" {
				t.Errorf("a row of %s, %s", r["player"], r["kind"])
			}
		}
		// Filters narrow it: the tournament's hands only, then one seat.
		_, tr := exportCSV(t, c, "&kind=tournament")
		ids := map[string]bool{}
		for _, r := range tr {
			ids[r["site_hand_id"]] = true
			if r["kind"] != "tournament" || r["currency"] != "" || r["net_amount"] != "" {
				t.Errorf("a tournament row %v", r)
			}
		}
		if len(ids) != len(tourney) {
			t.Errorf("kind=tournament: %d hands, want %d", len(ids), len(tourney))
		}
		_, btn := exportCSV(t, c, "&player=Hero&kind=cash&position=BTN")
		if len(btn) == 0 || len(btn) >= 15 {
			t.Errorf("Hero on the button: %d rows", len(btn))
		}
		for _, r := range btn {
			if r["position"] != "BTN" {
				t.Errorf("position=BTN gave a row at %s", r["position"])
			}
		}

		// A tag narrows it to the hands carrying it.
		tagged := btn[0]["hand_id"]
		if res := c.do(http.MethodPut, "/v1/hands/"+tagged+"/tags", "application/json", []byte(`{"tags":["review"]}`)); res.status != http.StatusOK {
			t.Fatalf("tagging %s: %d %s", tagged, res.status, res.body)
		}
		_, tags := exportCSV(t, c, "&tag=review")
		if len(tags) == 0 {
			t.Error("tag=review: no rows")
		}
		for _, r := range tags {
			if r["hand_id"] != tagged {
				t.Errorf("tag=review gave a row of hand %s, want only %s", r["hand_id"], tagged)
			}
		}

		// PokerStars text: the cash hands read back as PokerStars hands
		// that replay to the stored settlement.
		res = c.get("/v1/hands/export?format=pokerstars&kind=cash")
		if res.status != http.StatusOK || !strings.HasPrefix(res.header.Get("Content-Type"), "text/plain") || !strings.Contains(string(res.body), "\n\nPokerStars Hand #") {
			t.Fatalf("pokerstars: %d %v", res.status, res.header)
		}
		back := readHandsOf(t, handhistory.FormatPokerStars, res.body)
		if len(back) != len(cash) {
			t.Fatalf("pokerstars: %d hands read back, want %d", len(back), len(cash))
		}
		for id, h := range cash {
			b := back[id]
			if b == nil {
				t.Errorf("hand %s not in the PokerStars export", id)
				continue
			}
			x, y := analysis.Replay(h), analysis.Replay(b)
			if !reflect.DeepEqual(x.Payouts, y.Payouts) || x.Rake != y.Rake || !reflect.DeepEqual(x.Players, y.Players) || x.Board != y.Board || *y.MatchesRecord != *x.MatchesRecord {
				t.Errorf("hand %s: payouts %v rake %d, read back %v rake %d", id, x.Payouts, x.Rake, y.Payouts, y.Rake)
			}
		}
		// PHH: a .phhs holding the very hands stored.
		res = c.get("/v1/hands/export?format=phh&kind=tournament")
		if res.status != http.StatusOK || !bytes.HasPrefix(res.body, []byte("[1]\n")) {
			t.Fatalf("phh: %d %.100s", res.status, res.body)
		}
		phh := readHandsOf(t, handhistory.FormatPHH, res.body)
		if len(phh) != len(tourney) {
			t.Fatalf("phh: %d hands, want %d", len(phh), len(tourney))
		}
		for id, h := range tourney {
			if !reflect.DeepEqual(phh[id], h) {
				t.Errorf("hand %s does not read back from the PHH export as stored", id)
			}
		}
		// Nothing matches: CSV is the header alone, PokerStars text empty.
		if _, none := exportCSV(t, c, "&site=ggpoker"); len(none) != 0 {
			t.Errorf("site=ggpoker: %d rows", len(none))
		}
		if res := c.get("/v1/hands/export?format=pokerstars&site=ggpoker"); res.status != http.StatusOK || len(res.body) != 0 {
			t.Errorf("empty pokerstars export: %d %q", res.status, res.body)
		}
		// Bad input: 400 naming the parameter.
		for _, q := range []string{"format=xml", "", "format=csv&stakes=big", "format=csv&position=BTN", "format=csv&colour=red"} {
			res := c.get("/v1/hands/export?" + q)
			p := res.problem(t)
			name := "format"
			switch {
			case strings.Contains(q, "stakes"):
				name = "stakes"
			case strings.Contains(q, "position"):
				name = "position"
			case strings.Contains(q, "colour"):
				name = "colour"
			}
			if res.status != http.StatusBadRequest || !strings.Contains(p.Detail+p.Field, name) {
				t.Errorf("%q: %d %+v; want a 400 naming %s", q, res.status, p, name)
			}
		}
		// The trailers: the hands written, none left out, complete.
		req, _ := http.NewRequest(http.MethodGet, c.srv.URL+"/v1/hands/export?format=pokerstars&kind=cash", nil)
		raw, err := c.srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, raw.Body)
		raw.Body.Close()
		if raw.Trailer.Get("X-Scoop-Export-Hands") != strconv.Itoa(len(cash)) || raw.Trailer.Get("X-Scoop-Export-Skipped") != "0" || raw.Trailer.Get("X-Scoop-Export-Complete") != "true" {
			t.Errorf("trailers %v", raw.Trailer)
		}
	})
}

// leavingStore is a real store whose Hands, on its second call (the
// export's second page: the first is flushed to the client),
// says it was reached and then waits for the request's context to end,
// reporting why: the test of an export whose client goes away.
type leavingStore struct {
	store.Store
	calls   atomic.Int64
	reached chan struct{}
	ended   chan error
}

func (s *leavingStore) Hands(ctx context.Context, q store.Query) (store.Page, error) {
	if s.calls.Add(1) == 2 {
		close(s.reached)
		<-ctx.Done()
		s.ended <- ctx.Err()
		return store.Page{}, ctx.Err()
	}
	return s.Store.Hands(ctx, q)
}

// TestExportStopsWhenTheClientLeaves: the export is streamed (the first
// page reaches the client while the store is still being read) and the
// client closing the connection cancels the request's context, which
// stops the export's store reads.
func TestExportStopsWhenTheClientLeaves(t *testing.T) {
	t.Parallel()
	under := storetest.OpenSQLite(t)
	storetest.FillCorpus(t, under, 1200)
	st := &leavingStore{Store: under, reached: make(chan struct{}), ended: make(chan error, 1)}
	c := newClient(t, st, api.Config{})
	res, err := c.srv.Client().Get(c.srv.URL + "/v1/hands/export?format=pokerstars")
	if err != nil {
		t.Fatal(err)
	}
	first := make([]byte, 1024)
	if _, err := io.ReadFull(res.Body, first); err != nil || !bytes.HasPrefix(first, []byte("PokerStars Hand #")) {
		t.Fatalf("the first page did not stream: %v %q", err, first)
	}
	select {
	case <-st.reached:
	case <-time.After(time.Minute): // a hang guard, not a measure
		t.Fatal("the export never read its second page")
	}
	res.Body.Close() // the client leaves mid-export
	c.srv.CloseClientConnections()
	select {
	case err := <-st.ended:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("the request's context ended with %v, want context.Canceled", err)
		}
	case <-time.After(time.Minute): // a hang guard, not a measure
		t.Fatal("the export's context was not cancelled when the client left")
	}
}

// TestExportIsAdmittedAsExpensiveWork: an export reads, replays and writes
// up to export.MaxHands hands for up to ExportTimeout, so it takes a slot
// of the expensive compute like other expensive requests: with the one
// slot held by an export stalled mid-way (its store's second page waits),
// a second export is refused 429 with Retry-After after the queue wait
// instead of starting another unbounded read.
func TestExportIsAdmittedAsExpensiveWork(t *testing.T) {
	t.Parallel()
	under := storetest.OpenSQLite(t)
	storetest.FillCorpus(t, under, 600)
	st := &leavingStore{Store: under, reached: make(chan struct{}), ended: make(chan error, 1)}
	c := newClient(t, st, api.Config{Limits: api.Limits{ComputeSlots: 1, QueueWait: 50 * time.Millisecond}})
	first, err := c.srv.Client().Get(c.srv.URL + "/v1/hands/export?format=csv")
	if err != nil {
		t.Fatal(err)
	}
	defer first.Body.Close()
	select {
	case <-st.reached:
	case <-time.After(time.Minute): // a hang guard, not a measure
		t.Fatal("the first export never read its second page")
	}
	res := c.do("GET", "/v1/hands/export?format=csv", "", nil)
	if res.status != http.StatusTooManyRequests || res.header.Get("Retry-After") == "" {
		t.Fatalf("a second export with the compute held: %d %.300s, want 429 with Retry-After", res.status, res.body)
	}
}

// slowReader is an HTTP client whose connections have a receive buffer
// of 4 KiB: once it stops reading, the server's writes to it block.
func slowReader() *http.Client {
	dialer := &net.Dialer{Control: func(_, _ string, rc syscall.RawConn) error {
		var serr error
		err := rc.Control(func(fd uintptr) { serr = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096) })
		if err != nil {
			return err
		}
		return serr
	}}
	return &http.Client{Transport: &http.Transport{DialContext: dialer.DialContext}}
}

// smallSendBuffers accepts connections with a send buffer of 4 KiB.
type smallSendBuffers struct{ net.Listener }

func (l smallSendBuffers) Accept() (net.Conn, error) {
	conn, err := l.Listener.Accept()
	if tc, ok := conn.(*net.TCPConn); ok {
		if err := tc.SetWriteBuffer(4096); err != nil {
			conn.Close()
			return nil, err
		}
	}
	return conn, err
}

// startStalledExport starts a PokerStars export for a slow reader, reads
// its first KiB and reads no more; the response is closed at the test's end.
func startStalledExport(t *testing.T, c *client, slow *http.Client) {
	t.Helper()
	res, err := slow.Get(c.srv.URL + "/v1/hands/export?format=pokerstars")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { res.Body.Close() })
	first := make([]byte, 1024)
	if _, err := io.ReadFull(res.Body, first); err != nil || !bytes.HasPrefix(first, []byte("PokerStars Hand #")) {
		t.Fatalf("the first page did not stream: %d %v %q", res.StatusCode, err, first)
	}
}

// exportCompletely GETs a CSV export and reads it to its trailers.
func exportCompletely(t *testing.T, c *client) (*http.Response, string, []byte) {
	t.Helper()
	res, err := c.srv.Client().Get(c.srv.URL + "/v1/hands/export?format=csv")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, res.Trailer.Get("X-Scoop-Export-Complete"), body
}

// TestExportSlowReaderFreesTheCompute: an export holds its compute slot
// while it reads and encodes a page, not while its client reads it: with
// one slot, a client that reads the first bytes of a large export and
// then stops reading (so the server's write of the page blocks) leaves
// the slot free, and a second export is admitted and answered in full
// instead of told 429 for as long as the first stalls.
func TestExportSlowReaderFreesTheCompute(t *testing.T) {
	t.Parallel()
	st := storetest.OpenSQLite(t)
	storetest.FillCorpus(t, st, 1200)
	c := newClient(t, st, api.Config{Limits: api.Limits{ComputeSlots: 1, QueueWait: 2 * time.Second}})
	// The server's send buffers are small too, so that the first page
	// cannot be taken whole by the kernel.
	c.srv.Close()
	c.srv = httptest.NewUnstartedServer(c.api)
	c.srv.Listener = smallSendBuffers{c.srv.Listener}
	c.srv.Start()
	t.Cleanup(c.srv.Close)
	startStalledExport(t, c, slowReader())
	res, complete, body := exportCompletely(t, c)
	if res.StatusCode != http.StatusOK || complete != "true" {
		t.Fatalf("a second export while the first's client stalls: %d %.300s (complete %q), want 200 and the whole export", res.StatusCode, body, complete)
	}
}

// TestExportsAtOnceAreBounded: at most api.MaxExports exports stream at
// once (each holds a page in memory for its client); one more is told
// 429 with Retry-After while they stream. Each of the first stalls in its
// second page's read (with a compute slot for each).
func TestExportsAtOnceAreBounded(t *testing.T) {
	t.Parallel()
	under := storetest.OpenSQLite(t)
	storetest.FillCorpus(t, under, 150)
	st := &stallingStore{Store: under, reached: make(chan struct{}, api.MaxExports), release: make(chan struct{})}
	c := newClient(t, st, api.Config{Limits: api.Limits{ComputeSlots: api.MaxExports}})
	done := make(chan int, api.MaxExports)
	for range api.MaxExports {
		go func() {
			res, err := c.srv.Client().Get(c.srv.URL + "/v1/hands/export?format=csv")
			if err != nil {
				done <- 0
				return
			}
			_, _ = io.Copy(io.Discard, res.Body)
			res.Body.Close()
			done <- res.StatusCode
		}()
	}
	for range api.MaxExports {
		select {
		case <-st.reached:
		case <-time.After(time.Minute): // a hang guard, not a measure
			t.Fatal("the exports never reached their second page")
		}
	}
	res, _, body := exportCompletely(t, c)
	close(st.release)
	if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" || !bytes.Contains(body, []byte("exports are streaming")) {
		t.Errorf("export number %d: %d %.300s, want 429 with Retry-After naming the exports", api.MaxExports+1, res.StatusCode, body)
	}
	for range api.MaxExports {
		if code := <-done; code != http.StatusOK {
			t.Errorf("a stalled export ended %d, want 200", code)
		}
	}
}

// stallingStore is a real store whose Hands, on each export's pages after
// the first (the cursor is set), says so and waits for release.
type stallingStore struct {
	store.Store
	reached chan struct{}
	release chan struct{}
}

func (s *stallingStore) Hands(ctx context.Context, q store.Query) (store.Page, error) {
	if q.Cursor != "" {
		select {
		case s.reached <- struct{}{}:
		default: // a later page: reported once per export is enough
		}
		select {
		case <-s.release:
		case <-ctx.Done():
			return store.Page{}, ctx.Err()
		}
	}
	return s.Store.Hands(ctx, q)
}
