//go:build faults

package faultsuite

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/scoophq/scoop/internal/equity"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// The bounds the suite holds the server to (issue 8).
const (
	rssBound        = 400 << 20              // peak RSS through 60 concurrent 30 MB uploads
	cheapP99Bound   = 100 * time.Millisecond // a cheap request while expensive ones saturate
	uploads         = 60
	uploadSize      = 30 << 20
	attackDuration  = 8 * time.Second
	sickAnswerBound = 15 * time.Second // a request on a sick database answers 503 by then
)

// figures collects the suite's measurements, printed at the end.
var figures sync.Map

func figure(key, format string, args ...any) {
	figures.Store(key, fmt.Sprintf(format, args...))
}

// runID keeps the hand ids of one run apart from another's.
var runID = time.Now().UnixNano() % 1_000_000

// ids returns the first hand id of a block of a phase of a server.
func ids(server, block int) int64 {
	return 9_000_000_000_000 + runID*10_000_000 + int64(server)*1_000_000 + int64(block)*10_000
}

func TestFaults(t *testing.T) {
	dbs := []struct {
		name string
		env  func(t *testing.T) []string
		args func(t *testing.T) []string
	}{
		{"sqlite", func(t *testing.T) []string { return nil }, func(t *testing.T) []string {
			return []string{"--sqlite", filepath.Join(t.TempDir(), "faults.db")}
		}},
		{"postgres", func(t *testing.T) []string {
			return []string{"DATABASE_URL=" + storetest.SchemaURL(t, storetest.NewSchema(t))}
		}, func(t *testing.T) []string { return nil }},
	}
	for n, db := range dbs {
		t.Run(db.name, func(t *testing.T) {
			s := startServer(t, db.name, append(db.env(t), "SCOOP_DB_TIMEOUT=2s"), db.args(t)...)
			waitReady(t, s, 30*time.Second)
			t.Run("deep nesting", func(t *testing.T) { deepNesting(t, s) })
			t.Run("huge hands", func(t *testing.T) { hugeHands(t, s) })
			t.Run("protocol", func(t *testing.T) { protocol(t, s) })
			t.Run("odd strings", func(t *testing.T) { oddStrings(t, s, n) })
			t.Run("overlapping writes", func(t *testing.T) { overlappingWrites(t, s, n) })
			t.Run("starvation", func(t *testing.T) { starvation(t, s, db.name) })
			if db.name == "sqlite" {
				// Replaying touches no database: the full run once.
				t.Run("memory", func(t *testing.T) { memory(t, s, db.name, true) })
			} else {
				t.Run("memory at once", func(t *testing.T) { memory(t, s, db.name, false) })
			}
			s.alive(t, "the suite")
			// The pipeline's cases (issue 25), each on a server of its own.
			t.Run("mixed upload flood", func(t *testing.T) { mixedFlood(t, db.name, db.env(t), db.args(t)...) })
			t.Run("killed worker", func(t *testing.T) { killedWorker(t, db.name, db.env(t), db.args(t)...) })
		})
	}
	t.Run("hostile credentials", hostileCredentials)
	t.Run("bad keys from a shared address", sharedAddress)
	t.Run("two replicas on one database and one Redis", replicas)
	t.Run("hung database", hungDatabase)
	t.Run("refused database", refusedDatabase)
	t.Run("frozen database", frozenDatabase)
	figures.Range(func(k, v any) bool {
		t.Logf("FIGURE %s: %s", k, v)
		return true
	})
}

// waitReady polls /readyz until 200.
func waitReady(t *testing.T, s *server, within time.Duration) {
	t.Helper()
	// The server connects and migrates in the background: 503 until then.
	s.sick.Store(true)
	defer s.sick.Store(false)
	deadline := time.Now().Add(within)
	for {
		res := s.do(t, client(""), "GET", "/readyz", nil, nil)
		if res.status == http.StatusOK {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: /readyz still %d after %v: %s", s.name, res.status, within, res.body)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// want4xx fails unless r is one of the statuses, naming what was sent.
func want(t *testing.T, what string, r response, statuses ...int) {
	t.Helper()
	for _, st := range statuses {
		if r.status == st {
			return
		}
	}
	t.Errorf("%s: %d (err %v) %s, want one of %v", what, r.status, r.err, clip(r.body), statuses)
}

// deepNesting posts bodies that nest deeper than any decoder should
// recurse, and key paths that cost quadratic work, as every hand-history
// content type to both hand endpoints.
func deepNesting(t *testing.T, s *server) {
	c := client("")
	brackets := 2_000_000
	bodies := []struct {
		name string
		body []byte
		cts  []string
	}{
		{"toml arrays", append([]byte("variant = "), bytes.Repeat([]byte("["), brackets)...), []string{"text/plain", "application/toml"}},
		{"toml arrays closed", append(append([]byte("variant = 'NO/8'\nx = "), bytes.Repeat([]byte("["), 100_000)...), bytes.Repeat([]byte("]"), 100_000)...), []string{"application/toml"}},
		{"toml inline tables", append([]byte("x = "), bytes.Repeat([]byte("{a = "), 400_000)...), []string{"application/toml", "text/plain"}},
		{"toml dotted key", append(bytes.Repeat([]byte("a."), 9_000), []byte("b = 1\n")...), []string{"application/toml"}},
		{"toml dotted keys", dottedKeys(18 << 10), []string{"application/toml"}},
		{"toml nested inline dotted", nestedInlineDotted(18 << 10), []string{"application/toml"}},
		{"toml table headers", tableHeaders(18 << 10), []string{"application/toml"}},
		{"json arrays", bytes.Repeat([]byte("["), 900_000), []string{"application/json"}},
		{"ndjson arrays", bytes.Repeat([]byte("["), brackets), []string{"application/x-ndjson", "text/plain"}},
		{"json objects", bytes.Repeat([]byte(`{"a":`), 200_000), []string{"application/json", "application/x-ndjson"}},
		{"pokerstars one long line", append([]byte("PokerStars Hand #1:  "), bytes.Repeat([]byte("x"), 20<<20)...), []string{"text/plain"}},
		{"pokerstars bare headers", bytes.Repeat([]byte("PokerStars Hand #1: x\n"), 30<<20/22), []string{"text/plain"}},
		{"ggpoker bare headers", bytes.Repeat([]byte("Poker Hand #OM1: x\n"), 30<<20/19), []string{"text/plain"}},
		{"json lines of empty objects", bytes.Repeat([]byte("{}\n"), 30<<20/3), []string{"application/x-ndjson"}},
	}
	for _, b := range bodies {
		for _, ct := range b.cts {
			for _, path := range []string{"/v1/hands", "/v1/hands/replay"} {
				r := s.do(t, c, "POST", path, b.body, map[string]string{"Content-Type": ct})
				if strings.Contains(b.name, "bare headers") {
					// A header of another game is a skipped hand: 200, at
					// most MaxHands of them, within the memory bound.
					want(t, fmt.Sprintf("%s as %s to %s", b.name, ct, path), r, 200, 400, 413, 422)
				} else {
					want(t, fmt.Sprintf("%s as %s to %s", b.name, ct, path), r, 400, 413, 422)
				}
				s.alive(t, b.name)
			}
		}
	}
	// The equity endpoint's JSON too.
	r := s.do(t, c, "POST", "/v1/equity", bytes.Repeat([]byte("["), 900_000), jsonHdr())
	want(t, "deep JSON to /v1/equity", r, 400, 413)
	s.alive(t, "deep JSON to /v1/equity")
	figure(s.name+" deep nesting peak RSS", "%d MiB", s.peakRSS(t)>>20)
}

func dottedKeys(size int) []byte {
	var b bytes.Buffer
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "k%d.a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z = %d\n", i, i)
	}
	return b.Bytes()
}

func nestedInlineDotted(size int) []byte {
	var b bytes.Buffer
	b.WriteString("x = ")
	depth := 0
	for b.Len() < size-200 {
		b.WriteString("{a.b.c.d.e.f.g = 1, y = ")
		depth++
	}
	b.WriteString("1")
	b.WriteString(strings.Repeat("}", depth))
	b.WriteString("\n")
	return b.Bytes()
}

func tableHeaders(size int) []byte {
	var b bytes.Buffer
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "[t%d.a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p]\nx = 1\n", i)
	}
	return b.Bytes()
}

// hugeHands posts hands of more actions than any real hand: refused by a
// 422 naming the limit; a hand just under the limit is replayed; a client
// that leaves mid-replay frees its slot.
func hugeHands(t *testing.T, s *server) {
	c := client("")
	limit := handhistory.MaxActions
	over := phhMinRaises(40 * limit)
	for _, path := range []string{"/v1/hands/replay", "/v1/hands"} {
		r := s.do(t, c, "POST", path, over, map[string]string{"Content-Type": "application/toml"})
		want(t, fmt.Sprintf("PHH hand of %d actions to %s", 40*limit, path), r, 422)
		if r.status == 422 && !bytes.Contains(r.body, []byte(fmt.Sprint(limit))) {
			t.Errorf("the 422 does not name the limit %d: %s", limit, clip(r.body))
		}
	}
	r := s.do(t, c, "POST", "/v1/hands/replay", psMinRaises(77, 40*limit), textHdr())
	want(t, "PokerStars hand of too many actions", r, 400, 422)

	under := phhMinRaises(limit - 10)
	r = s.do(t, c, "POST", "/v1/hands/replay", under, map[string]string{"Content-Type": "application/toml"})
	want(t, fmt.Sprintf("PHH hand of %d actions", limit-7), r, 200)
	if r.status == 200 && !bytes.Contains(r.body, []byte(`"legal":true`)) {
		t.Errorf("the hand just under the limit is not legal: %s", clip(r.body))
	}

	// Clients that leave mid-request: the server carries on serving.
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx, cancel := context.WithTimeout(context.Background(), time.Duration(5+i*5)*time.Millisecond)
			defer cancel()
			s.doCtx(ctx, t, c, "POST", "/v1/hands/replay", under, map[string]string{"Content-Type": "application/toml"})
		}()
	}
	wg.Wait()
	s.alive(t, "clients leaving mid-replay")
	r = s.do(t, c, "POST", "/v1/hands/replay", oneHand(5), textHdr())
	want(t, "a one-hand replay after clients left", r, 200)
}

// protocol covers the HTTP corner cases: huge numbers, content encodings,
// Expect: 100-continue, request ids and the response headers.
func protocol(t *testing.T, s *server) {
	c := client("")
	r := s.do(t, c, "POST", "/v1/equity", []byte(`{"hands":["As2s3dKd","QhQcJhTc"],"mode":"montecarlo","trials":1e400}`), jsonHdr())
	want(t, "trials 1e400", r, 400)
	if bytes.Contains(r.body, []byte("json.Number")) || bytes.Contains(r.body, []byte("float64")) || !bytes.Contains(r.body, []byte("trials")) {
		t.Errorf("trials 1e400: the problem must name trials in the user's words: %s", r.body)
	}
	r = s.do(t, c, "POST", "/v1/equity", []byte(fmt.Sprintf(`{"hands":["As2s3dKd","QhQcJhTc"],"mode":"montecarlo","trials":%d}`, equity.MaxTrials+1)), jsonHdr())
	want(t, "trials over the maximum", r, 400)

	eq := []byte(`{"hands":["As2s3dKd","QhQcJhTc"],"board":"4c7hKh"}`)
	r = s.do(t, c, "POST", "/v1/equity", eq, map[string]string{"Content-Type": "application/json", "Content-Encoding": "br"})
	want(t, "Content-Encoding br", r, 415)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(eq)
	zw.Close()
	r = s.do(t, c, "POST", "/v1/equity", gz.Bytes(), map[string]string{"Content-Type": "application/json", "Content-Encoding": "gzip"})
	want(t, "a gzip equity request", r, 200, 415)
	var bomb bytes.Buffer
	zw, _ = gzip.NewWriterLevel(&bomb, gzip.BestCompression)
	zero := make([]byte, 1<<20)
	for i := 0; i < 256; i++ {
		zw.Write(zero)
	}
	zw.Close()
	for _, ct := range []string{"application/json", "text/plain"} {
		r = s.do(t, c, "POST", "/v1/hands/replay", bomb.Bytes(), map[string]string{"Content-Type": ct, "Content-Encoding": "gzip"})
		want(t, "a gzip bomb as "+ct, r, 413, 415)
	}
	s.alive(t, "a gzip bomb")

	// Expect: 100-continue with a huge declared body: 413, never 100.
	conn, err := net.Dial("tcp", s.addr)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(conn, "POST /v1/hands HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: %d\r\nExpect: 100-continue\r\n\r\n", int64(1)<<40)
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	line, err := bufio.NewReader(conn).ReadString('\n')
	conn.Close()
	if !strings.HasPrefix(line, "HTTP/1.1 413") {
		t.Errorf("Expect: 100-continue with a 1 TiB body: first line %q (%v), want 413", line, err)
	}

	// Request ids: bounded and of a safe alphabet whatever the client sends.
	safe := regexp.MustCompile(`^[A-Za-z0-9._:-]{1,200}$`)
	for _, id := range []string{strings.Repeat("a", 10_000), "x y<script>", "ok-id-1"} {
		r = s.do(t, c, "GET", "/healthz", nil, map[string]string{"X-Request-Id": id})
		got := r.header.Get("X-Request-Id")
		if !safe.MatchString(got) {
			t.Errorf("X-Request-Id %.20q... answered with %q", id, got)
		}
	}
	for _, p := range []struct{ method, path string }{{"GET", "/v1/hands"}, {"GET", "/v1/nothing"}, {"POST", "/v1/equity"}} {
		var body []byte
		if p.method == "POST" {
			body = eq
		}
		r = s.do(t, c, p.method, p.path, body, jsonHdr())
		if r.header.Get("X-Content-Type-Options") != "nosniff" || r.header.Get("Cache-Control") == "" {
			t.Errorf("%s %s: X-Content-Type-Options %q, Cache-Control %q", p.method, p.path, r.header.Get("X-Content-Type-Options"), r.header.Get("Cache-Control"))
		}
	}
}

// handsResult is the part of POST /v1/hands' answer the suite reads.
type handsResult struct {
	Hands []struct {
		Index  int    `json:"index"`
		Status string `json:"status"`
		ID     string `json:"id"`
	} `json:"hands"`
	Read, Stored, Duplicates, Conflicts, Skipped, Failed int
}

// oddStrings posts hands whose text a database may not hold, and odd
// query strings: one bad hand is refused alone, naming the field.
func oddStrings(t *testing.T, s *server, n int) {
	c := client("")
	base := ids(n, 1)
	// A NUL byte in a player's name: the one-hand body is a 4xx naming it.
	bad := renamed(oneHand(base), "Bob", "B\x00b")
	r := s.do(t, c, "POST", "/v1/hands", bad, textHdr())
	want(t, "a NUL in a name", r, 400, 422)
	// In a file of three, the other two are stored.
	file := bytes.Join([][]byte{oneHand(base + 1), renamed(oneHand(base+2), "Cid", "C\x00d"), oneHand(base + 3)}, []byte("\n\n"))
	r = s.do(t, c, "POST", "/v1/hands", file, textHdr())
	want(t, "a file with one NUL", r, 200)
	var res handsResult
	if r.status == 200 {
		json.Unmarshal(r.body, &res)
		if res.Stored != 2 || res.Failed != 1 {
			t.Errorf("a file with one NUL: stored %d, failed %d, want 2 and 1: %s", res.Stored, res.Failed, clip(r.body))
		}
	}
	// JSON strings with NUL: the same through the JSON reader.
	r = s.do(t, c, "POST", "/v1/hands", []byte(`{"players":[{"name":"a\u0000b"}]}`), jsonHdr())
	want(t, "a JSON hand with NUL", r, 400, 422)

	// A Windows-1252 file (a name with é as byte 0xE9) is read, as by scoop import.
	latin := renamed(oneHand(base+4), "Ann", "J\xe9r\xf4me")
	r = s.do(t, c, "POST", "/v1/hands", latin, textHdr())
	want(t, "a Windows-1252 file", r, 200)
	r = s.do(t, c, "GET", "/v1/hands?player="+url.QueryEscape("Jérôme"), nil, nil)
	if r.status != 200 || !bytes.Contains(r.body, []byte(fmt.Sprint(base+4))) {
		t.Errorf("the Windows-1252 hand is not found under Jérôme: %d %s", r.status, clip(r.body))
	}
	for _, q := range []string{"player=a%00b", "player=%ff%fe", "game=%00", "cursor=%00", "player=" + strings.Repeat("x", 5000)} {
		r = s.do(t, c, "GET", "/v1/hands?"+q, nil, nil)
		want(t, "GET /v1/hands?"+q[:min(len(q), 20)], r, 400)
	}
	r = s.do(t, c, "GET", "/v1/hands/%00", nil, nil)
	want(t, "GET /v1/hands/%00", r, 400, 404)
	r = s.do(t, c, "GET", "/v1/equity/%ff", nil, nil)
	want(t, "GET /v1/equity/%ff", r, 400, 404)
}

// overlappingWrites posts overlapping batches in different orders, in
// parallel: every hand is stored exactly once and every answer is 200.
func overlappingWrites(t *testing.T, s *server, n int) {
	const distinct, posts, per = 40, 80, 20
	base := ids(n, 2)
	hands := make([]string, distinct)
	for i := range hands {
		hands[i] = psHand(t, i, base+int64(i))
	}
	var stored atomic.Int64
	var wg sync.WaitGroup
	for p := 0; p < posts; p++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(p), 7))
			pick := rng.Perm(distinct)[:per]
			var b bytes.Buffer
			for _, k := range pick {
				b.WriteString(hands[k])
				b.WriteString("\n\n")
			}
			c := client(fmt.Sprintf("127.0.0.%d", 10+p%20))
			for try := 0; ; try++ {
				r := s.do(t, c, "POST", "/v1/hands", b.Bytes(), textHdr())
				if r.status == http.StatusTooManyRequests && try < 50 {
					time.Sleep(200 * time.Millisecond)
					continue
				}
				want(t, fmt.Sprintf("overlapping post %d", p), r, 200)
				var res handsResult
				json.Unmarshal(r.body, &res)
				if res.Stored+res.Duplicates != per {
					t.Errorf("post %d: stored %d + duplicates %d != %d: %s", p, res.Stored, res.Duplicates, per, clip(r.body))
				}
				stored.Add(int64(res.Stored))
				return
			}
		}()
	}
	wg.Wait()
	if got := stored.Load(); got != distinct {
		t.Errorf("%d posts created %d hands in all, want exactly %d", posts, got, distinct)
	}
	// Each hand is listed exactly once.
	seen := map[string]int{}
	cursor := ""
	for page := 0; page < 100; page++ {
		path := "/v1/hands?limit=500"
		if cursor != "" {
			path += "&cursor=" + url.QueryEscape(cursor)
		}
		r := s.do(t, client(""), "GET", path, nil, nil)
		if r.status != 200 {
			t.Fatalf("list: %d %s", r.status, clip(r.body))
		}
		var pg struct {
			Hands []struct {
				SiteHandID string `json:"site_hand_id"`
			} `json:"hands"`
			Next *string `json:"next_cursor"`
		}
		json.Unmarshal(r.body, &pg)
		for _, h := range pg.Hands {
			seen[h.SiteHandID]++
		}
		if pg.Next == nil {
			break
		}
		cursor = *pg.Next
	}
	for i := 0; i < distinct; i++ {
		if k := seen[fmt.Sprint(base+int64(i))]; k != 1 {
			t.Errorf("hand %d is listed %d times", base+int64(i), k)
		}
	}
}

// starvation: two clients loop the most expensive equity request allowed
// while a third asks for cheap equities and one-hand replays, which must
// all be answered (no 429) with p99 within cheapP99Bound.
func starvation(t *testing.T, s *server, name string) {
	expensive := []byte(fmt.Sprintf(`{"game":"omaha-hilo","hands":["As2s3dKd","QhQcJhTc","9c8c7d6d","AhKh5c4c","2h3h4d5d","JsTs9s8s"],"mode":"montecarlo","trials":%d}`, equity.MaxTrials))
	cheapEquity := []byte(`{"game":"omaha-hilo","hands":["As2s3dKd","QhQcJhTc"],"board":"4c7hKh"}`)
	ctx, cancel := context.WithTimeout(context.Background(), attackDuration)
	defer cancel()
	var attacks, attacked atomic.Int64
	var wg sync.WaitGroup
	for a := 0; a < 2; a++ {
		c := client(fmt.Sprintf("127.0.0.%d", 2+a))
		for loop := 0; loop < 4; loop++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for ctx.Err() == nil {
					r := s.doCtx(ctx, t, c, "POST", "/v1/equity", expensive, jsonHdr())
					attacks.Add(1)
					if r.status == 200 {
						attacked.Add(1)
					}
				}
			}()
		}
	}
	time.Sleep(300 * time.Millisecond) // let the attack saturate
	victim := client("127.0.0.4")
	var lat []time.Duration
	var refused int
	for i := 0; ctx.Err() == nil; i++ {
		var r response
		if i%2 == 0 {
			r = s.do(t, victim, "POST", "/v1/equity", cheapEquity, jsonHdr())
		} else {
			r = s.do(t, victim, "POST", "/v1/hands/replay", oneHand(int64(i)), textHdr())
		}
		if r.status != 200 {
			refused++
			if refused < 5 {
				t.Errorf("cheap request %d under attack: %d %s", i, r.status, clip(r.body))
			}
			continue
		}
		lat = append(lat, r.elapsed)
		time.Sleep(5 * time.Millisecond)
	}
	cancel()
	wg.Wait()
	p50, p99 := percentile(lat, 50), percentile(lat, 99)
	figure(name+" cheap request under attack", "%d answered, %d refused, p50 %v, p99 %v, max %v; attackers sent %d expensive requests, %d computed",
		len(lat), refused, p50.Round(10*time.Microsecond), p99.Round(10*time.Microsecond), percentile(lat, 100).Round(10*time.Microsecond), attacks.Load(), attacked.Load())
	if len(lat) < 20 {
		t.Errorf("only %d cheap requests answered in %v", len(lat), attackDuration)
	}
	if p99 > cheapP99Bound {
		t.Errorf("cheap request p99 under attack %v, want at most %v", p99, cheapP99Bound)
	}
	if attacked.Load() == 0 {
		t.Errorf("no expensive request was computed: the attack did not run")
	}
}

var (
	bigOnce sync.Once
	bigFile []byte
)

// memory: 60 concurrent 30 MB uploads; the peak RSS stays under rssBound.
// With retry, each upload is retried on 429 until it is replayed, and all
// must be; without, each is sent once and must be replayed or refused with
// 429. Uploads announce themselves with Expect: 100-continue, as curl does
// for large bodies, so that a refusal costs no transfer; a connection the
// server closes on a refused body is counted as a refusal too.
func memory(t *testing.T, s *server, name string, retry bool) {
	bigOnce.Do(func() { bigFile = psFileOfSize(t, ids(9, 0), uploadSize) })
	before := s.rss(t)
	deadline := time.Now().Add(150 * time.Second)
	var done, refusals atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	for u := 0; u < uploads; u++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := client(fmt.Sprintf("127.0.1.%d", 1+u))
			hdr := map[string]string{"Content-Type": "text/plain", "Expect": "100-continue"}
			for time.Now().Before(deadline) {
				r := s.do(t, c, "POST", "/v1/hands/replay", bigFile, hdr)
				switch {
				case r.status == 200:
					done.Add(1)
					return
				case r.status == http.StatusTooManyRequests, r.status == 0 && isClosed(r.err):
					refusals.Add(1)
					if !retry {
						return
					}
					time.Sleep(time.Second)
				default:
					t.Errorf("upload %d: %d (%v) %s", u, r.status, r.err, clip(r.body))
					return
				}
			}
		}()
	}
	wg.Wait()
	peak := s.peakRSS(t)
	figure(name+" memory", "retry %v: %d/%d uploads of %d MiB replayed in %v (%d refusals retried); RSS before %d MiB, peak %d MiB",
		retry, done.Load(), uploads, uploadSize>>20, time.Since(start).Round(time.Second), refusals.Load(), before>>20, peak>>20)
	if peak > rssBound {
		t.Errorf("peak RSS %d MiB through %d concurrent %d MiB uploads, want under %d MiB", peak>>20, uploads, uploadSize>>20, rssBound>>20)
	}
	if retry && done.Load() != uploads || done.Load() == 0 {
		t.Errorf("only %d of %d uploads were replayed before the deadline", done.Load(), uploads)
	}
	s.alive(t, "the uploads")
}

// hungDatabase: a database that accepts and never answers. The server
// listens at once, serves what needs no database, and answers 503 (never
// an empty 200, never a hang) where it does.
func hungDatabase(t *testing.T) {
	addr := hungListener(t)
	start := time.Now()
	s := startServer(t, "hung", []string{
		"DATABASE_URL=postgres://postgres@" + addr + "/x?sslmode=disable&connect_timeout=2",
		"SCOOP_DB_TIMEOUT=2s",
	})
	s.sick.Store(true)
	figure("hung database: time to listen", "%v", time.Since(start).Round(time.Millisecond))
	sickChecks(t, s, ids(7, 0))
}

// refusedDatabase: nothing listens at the database's address: the server
// runs all the same and says it is not ready.
func refusedDatabase(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	s := startServer(t, "refused", []string{"DATABASE_URL=postgres://postgres@" + addr + "/x?sslmode=disable", "SCOOP_DB_TIMEOUT=2s"})
	s.sick.Store(true)
	sickChecks(t, s, ids(7, 1))
}

// sickChecks asserts the answers of a server whose database is sick.
func sickChecks(t *testing.T, s *server, id int64) {
	c := client("")
	r := s.do(t, c, "GET", "/healthz", nil, nil)
	want(t, "/healthz", r, 200)
	r = s.do(t, c, "POST", "/v1/equity", []byte(`{"hands":["As2s3dKd","QhQcJhTc"],"board":"4c7hKh"}`), jsonHdr())
	want(t, "equity", r, 200)
	r = s.do(t, c, "POST", "/v1/hands/replay", oneHand(id), textHdr())
	want(t, "a replay (no storing)", r, 200)
	r = s.do(t, c, "GET", "/readyz", nil, nil)
	want(t, "/readyz", r, 503)
	for _, q := range []struct {
		method, path string
		body         []byte
	}{{"GET", "/v1/hands", nil}, {"POST", "/v1/hands", oneHand(id)}, {"GET", "/v1/hands/0123456789abcdef0123456789abcdef", nil}, {"GET", "/v1/equity/0123456789abcdef0123456789abcdef", nil}} {
		r := s.do(t, c, q.method, q.path, q.body, textHdr())
		want(t, q.method+" "+q.path, r, 503)
		if r.elapsed > sickAnswerBound {
			t.Errorf("%s %s took %v on a sick database", q.method, q.path, r.elapsed)
		}
		if r.status == 503 && r.header.Get("Content-Type") != "application/problem+json" {
			t.Errorf("%s %s: 503 as %q", q.method, q.path, r.header.Get("Content-Type"))
		}
	}
	s.alive(t, "a sick database")
}

// frozenDatabase: the database stops answering mid-flight, then comes
// back: 503 meanwhile (with the cause in the log under the request id),
// nothing lost or duplicated after.
func frozenDatabase(t *testing.T) {
	u, err := url.Parse(storetest.SchemaURL(t, storetest.NewSchema(t)))
	if err != nil {
		t.Fatal(err)
	}
	p := newProxy(t, u.Host)
	u.Host = p.addr()
	s := startServer(t, "frozen", []string{"DATABASE_URL=" + u.String(), "SCOOP_DB_TIMEOUT=2s"})
	waitReady(t, s, 30*time.Second)
	c := client("")
	base := ids(8, 0)
	r := s.do(t, c, "POST", "/v1/hands", oneHand(base), textHdr())
	want(t, "a hand before the freeze", r, 200)

	p.freeze()
	s.sick.Store(true)
	r = s.do(t, c, "GET", "/v1/hands", nil, nil)
	want(t, "GET /v1/hands frozen", r, 503)
	r = s.do(t, c, "POST", "/v1/hands", oneHand(base+1), textHdr())
	want(t, "POST /v1/hands frozen", r, 503)
	if r.elapsed > sickAnswerBound {
		t.Errorf("POST /v1/hands on a frozen database took %v", r.elapsed)
	}
	if id := r.header.Get("X-Request-Id"); r.status == 503 {
		// The log says why, under the request id; the client is not told.
		// The server's stderr reaches s.log through a pipe, after the
		// answer may have: give it a moment.
		found := false
		for wait := 0; !found && wait < 40; wait++ {
			for _, l := range strings.Split(s.log.String(), "\n") {
				if strings.Contains(l, id) && strings.Contains(l, `"err":`) {
					found = true
				}
			}
			if !found {
				time.Sleep(50 * time.Millisecond)
			}
		}
		if !found {
			t.Errorf("no log line with the cause under request id %s:\n%s", id, tail(s.log.String()))
		}
	}
	r = s.do(t, c, "POST", "/v1/equity", []byte(`{"hands":["As2s3dKd","QhQcJhTc"],"board":"4c7hKh"}`), jsonHdr())
	want(t, "equity while the database is frozen", r, 200)
	p.unfreeze()

	// Back: the hand refused while frozen is stored once, the first kept.
	deadline := time.Now().Add(60 * time.Second)
	for {
		r = s.do(t, c, "POST", "/v1/hands", oneHand(base+1), textHdr())
		if r.status == 200 || time.Now().After(deadline) {
			break
		}
		time.Sleep(500 * time.Millisecond)
	}
	want(t, "POST after the thaw", r, 200)
	s.sick.Store(false)
	r = s.do(t, c, "POST", "/v1/hands", bytes.Join([][]byte{oneHand(base), oneHand(base + 1)}, []byte("\n\n")), textHdr())
	var res handsResult
	json.Unmarshal(r.body, &res)
	if r.status != 200 || res.Duplicates != 2 || res.Stored != 0 {
		t.Errorf("re-posting both hands after the thaw: %d stored %d duplicates %d, want 0 and 2: %s", r.status, res.Stored, res.Duplicates, clip(r.body))
	}
}

// isClosed reports whether err is the server closing the connection on an
// upload it refused before reading (a broken pipe or a reset).
func isClosed(err error) bool {
	return err != nil && (errors.Is(err, syscall.EPIPE) || errors.Is(err, syscall.ECONNRESET))
}
