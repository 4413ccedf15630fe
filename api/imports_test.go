package api_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/scoophq/scoop/api"
	"github.com/scoophq/scoop/internal/jobs"
	"github.com/scoophq/scoop/internal/jobs/jobstest"
	"github.com/scoophq/scoop/internal/store"
)

// importBody is the Import schema, as much as the tests read.
type importBody struct {
	ID     string  `json:"id"`
	State  string  `json:"state"`
	Reason *string `json:"reason"`
	Files  int     `json:"files"`
	Chunks int     `json:"chunks"`
	Counts struct {
		Read, Stored, Duplicates, Legal, Unreadable, Analysed int64
	} `json:"counts"`
	Progress struct {
		Fraction float64 `json:"fraction"`
	} `json:"progress"`
	Errors []struct {
		File, Message string
		Line          int
	} `json:"errors"`
	StoredAt   *time.Time `json:"stored_at"`
	FinishedAt *time.Time `json:"finished_at"`
}

func importService(t *testing.T, st store.Store, workers int) *jobs.Service {
	t.Helper()
	svc, err := jobs.New(jobs.Config{Workers: workers, ChunkHands: 10, RetryBase: 10 * time.Millisecond, PollInterval: 50 * time.Millisecond})
	if err != nil {
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
	return svc
}

func (c *client) waitImport(id string) importBody {
	c.t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		var im importBody
		res := c.get("/v1/imports/" + id)
		if res.status != http.StatusOK {
			c.t.Fatalf("GET import: %d %s", res.status, res.body)
		}
		res.decode(c.t, &im)
		switch im.State {
		case "done", "failed", "cancelled":
			return im
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("import still %s after 60s", im.State)
		}
		time.Sleep(25 * time.Millisecond)
	}
}

func (c *client) postImport(contentType string, body []byte) importBody {
	c.t.Helper()
	res := c.do(http.MethodPost, "/v1/imports", contentType, body)
	if res.status != http.StatusAccepted {
		c.t.Fatalf("POST /v1/imports = %d %s", res.status, res.body)
	}
	var im importBody
	res.decode(c.t, &im)
	if loc := res.header.Get("Location"); loc != "/v1/imports/"+im.ID || len(im.ID) != 32 {
		c.t.Fatalf("Location %q for id %q", loc, im.ID)
	}
	return im
}

func TestImports(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newClient(t, st, api.Config{Imports: importService(t, st, 2)})
		file := jobstest.Hands(t, 25, 9_500_000_000)
		first := c.postImport("text/plain", file)
		// Workers may have started by the time the 202 is written.
		if (first.State != "queued" && first.State != "running") || first.Chunks != 3 {
			t.Fatalf("202: %+v", first)
		}
		done := c.waitImport(first.ID)
		if done.State != "done" || done.Counts.Read != 25 || done.Counts.Stored != 25 || done.Counts.Legal != 25 || done.Counts.Analysed != 25 || done.Progress.Fraction != 1 {
			t.Fatalf("first import: %+v", done)
		}
		if done.StoredAt == nil || done.FinishedAt == nil || done.FinishedAt.Before(*done.StoredAt) {
			t.Errorf("first import: stored at %v, finished at %v; want both, the finish (its last analysis) not before the storing's", done.StoredAt, done.FinishedAt)
		}
		again := c.waitImport(c.postImport("text/plain", file).ID)
		if again.State != "done" || again.Counts.Stored != 0 || again.Counts.Duplicates != 25 {
			t.Fatalf("the same file again: %+v", again)
		}

		// Several files in one multipart body, one of them not a hand
		// history: named in the errors, the others imported.
		var mp bytes.Buffer
		mw := multipart.NewWriter(&mp)
		fw, _ := mw.CreateFormFile("file", "session.txt")
		fw.Write(jobstest.Hands(t, 12, 9_510_000_000))
		fw, _ = mw.CreateFormFile("file", "notes.txt")
		fw.Write([]byte("remember the milk\n"))
		mw.Close()
		multi := c.waitImport(c.postImport(mw.FormDataContentType(), mp.Bytes()).ID)
		if multi.State != "done" || multi.Files != 2 || multi.Counts.Stored != 12 || len(multi.Errors) != 1 || multi.Errors[0].File != "notes.txt" {
			t.Fatalf("multipart import: %+v", multi)
		}

		// A gzip body is decoded as it is stored.
		var gz bytes.Buffer
		zw := gzip.NewWriter(&gz)
		zw.Write(jobstest.Hands(t, 5, 9_530_000_000))
		zw.Close()
		req, _ := http.NewRequest(http.MethodPost, c.srv.URL+"/v1/imports", bytes.NewReader(gz.Bytes()))
		req.Header.Set("Content-Type", "text/plain")
		req.Header.Set("Content-Encoding", "gzip")
		res, err := c.srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var zipped importBody
		json.NewDecoder(res.Body).Decode(&zipped)
		res.Body.Close()
		if res.StatusCode != http.StatusAccepted {
			t.Fatalf("gzip body: %d", res.StatusCode)
		}
		if got := c.waitImport(zipped.ID); got.State != "done" || got.Counts.Stored != 5 {
			t.Fatalf("gzip import: %+v", got)
		}

		// An upload of no hand history is an error of the request (400,
		// problem+json on the body, naming the file), as POST /v1/hands
		// answers, not an import that fails; before, 202 and a failed import.
		var two bytes.Buffer
		mw = multipart.NewWriter(&two)
		fw, _ = mw.CreateFormFile("file", "a.txt")
		fw.Write([]byte("just some text\n"))
		fw, _ = mw.CreateFormFile("file", "b.txt")
		fw.Write([]byte("more text\n"))
		mw.Close()
		for _, bad := range []struct{ name, ct, body, want string }{
			{"not a hand history", "text/plain", "just some text\n", "not a hand history"},
			{"an empty body", "text/plain", "", "empty"},
			{"one line of 1 MiB, no hand", "text/plain", strings.Repeat("x", 1<<20), "not a hand history"},
			{"two files, neither a hand history", mw.FormDataContentType(), two.String(), "a.txt is not a hand history Scoop reads"},
		} {
			res := c.do(http.MethodPost, "/v1/imports", bad.ct, []byte(bad.body))
			if res.status != http.StatusBadRequest || res.header.Get("Content-Type") != "application/problem+json" {
				t.Fatalf("%s: %d %s %s, want 400 problem+json", bad.name, res.status, res.header.Get("Content-Type"), res.body)
			}
			if p := res.problem(t); p.Field != "body" || !strings.Contains(p.Detail, bad.want) {
				t.Errorf("%s: problem %+v, want the body named and %q", bad.name, p, bad.want)
			}
		}

		// A line over MaxLineBytes, longer than a chunk may be (16 MiB):
		// its hand is unreadable, named by the line; the other hands are
		// stored. Before, the chunk was cut inside the line and the rest of
		// the file failed as "no PokerStars hand header found".
		long := jobstest.Hands(t, 15, 9_590_000_000)
		at := bytes.Index(long, []byte("\nSeat 2: ")) + 1
		line := bytes.Count(long[:at], []byte("\n")) + 1
		long = slices.Concat(long[:at], bytes.Repeat([]byte("y"), 20<<20), []byte("\n"), long[at:])
		lg := c.waitImport(c.postImport("text/plain", long).ID)
		if lg.State != "done" || lg.Counts.Unreadable != 1 || lg.Counts.Stored != 14 || len(lg.Errors) != 1 ||
			lg.Errors[0].Line != line || !strings.Contains(lg.Errors[0].Message, "longer than 8192 bytes") {
			t.Fatalf("a 20 MiB line at line %d: %+v", line, lg)
		}

		// An unreadable hand is reported with its line in the file.
		broken := bytes.Replace(jobstest.Hands(t, 15, 9_520_000_000), []byte("Seat 1: "), []byte("Seat x: "), 1)
		br := c.waitImport(c.postImport("text/plain", broken).ID)
		if br.State != "done" || br.Counts.Unreadable != 1 || len(br.Errors) != 1 || br.Errors[0].Line < 2 {
			t.Fatalf("an unreadable hand: %+v", br)
		}

		// Keyset pages, newest first.
		var page struct {
			Imports []importBody `json:"imports"`
			Next    *string      `json:"next_cursor"`
		}
		c.get("/v1/imports?limit=3").decode(t, &page)
		if len(page.Imports) != 3 || page.Next == nil || page.Imports[0].ID != br.ID {
			t.Fatalf("first page: %+v", page)
		}
		c.get("/v1/imports?limit=3&cursor="+url.QueryEscape(*page.Next)).decode(t, &page)
		if len(page.Imports) != 3 || page.Next != nil || page.Imports[2].ID != first.ID {
			t.Fatalf("second page: %+v", page)
		}
		if res := c.get("/v1/imports?cursor=nope"); res.status != http.StatusBadRequest || res.problem(t).Field != "cursor" {
			t.Fatalf("a bad cursor: %d %s", res.status, res.body)
		}
		// A well-formed cursor of an import that is not the caller's (none
		// here) is no cursor either; cursors hold no row number.
		if res := c.get("/v1/imports?cursor=" + store.ImportCursor(store.NewPublicID())); res.status != http.StatusBadRequest || res.problem(t).Field != "cursor" {
			t.Fatalf("a cursor of no import of the caller's: %d %s", res.status, res.body)
		}
		for _, m := range []string{http.MethodGet, http.MethodDelete} {
			if res := c.do(m, "/v1/imports/0123456789abcdef0123456789abcdef", "", nil); res.status != http.StatusNotFound {
				t.Fatalf("%s an unknown import: %d %s", m, res.status, res.body)
			}
		}
	})
}

// TestImportCancel: an import cancelled before any worker ran stores
// nothing, even once workers come.
func TestImportCancel(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newClient(t, st, api.Config{Imports: importService(t, st, 0)})
		im := c.postImport("text/plain", jobstest.Hands(t, 30, 9_600_000_000))
		res := c.do(http.MethodDelete, "/v1/imports/"+im.ID, "", nil)
		var cancelled importBody
		res.decode(t, &cancelled)
		if res.status != http.StatusOK || cancelled.State != "cancelled" {
			t.Fatalf("DELETE: %d %s", res.status, res.body)
		}
		importService(t, st, 2) // workers now find the jobs cancelled
		time.Sleep(500 * time.Millisecond)
		if got := c.waitImport(im.ID); got.State != "cancelled" || got.Counts.Read != 0 {
			t.Fatalf("cancelled import: %+v", got)
		}
		p, err := st.Hands(context.Background(), store.Query{})
		if err != nil || len(p.Hands) != 0 {
			t.Fatalf("%d hands stored after a cancel (%v)", len(p.Hands), err)
		}
	})
}

// TestImportTooLarge: a declared length over 256 MiB is a 413 before any
// byte of the body is sent.
func TestImportTooLarge(t *testing.T) {
	st := backends[0].open(t)
	c := newClient(t, st, api.Config{Imports: importService(t, st, 0)})
	conn, err := net.Dial("tcp", strings.TrimPrefix(c.srv.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /v1/imports HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: %d\r\n\r\n", jobs.MaxUploadBytes+1)
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusRequestEntityTooLarge || res.Header.Get("Content-Type") != "application/problem+json" {
		t.Fatalf("%d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
}

// TestImportOutlastsServerTimeouts: an upload that takes longer than the
// server's read and write timeouts is still read and answered while its
// bytes keep coming.
func TestImportOutlastsServerTimeouts(t *testing.T) {
	defer api.SetUploadIdle(2 * time.Second)()
	st := backends[0].open(t)
	s, err := api.New(context.Background(), api.Config{Auth: api.AuthOff, Store: st, Imports: importService(t, st, 0)})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(s)
	srv.Config.ReadTimeout, srv.Config.WriteTimeout = 300*time.Millisecond, 300*time.Millisecond
	srv.Start()
	defer srv.Close()
	file := jobstest.Hands(t, 30, 9_540_000_000)
	pr, pw := io.Pipe()
	go func() {
		step := len(file)/8 + 1
		for i := 0; i < len(file); i += step {
			pw.Write(file[i:min(i+step, len(file))])
			time.Sleep(150 * time.Millisecond) // 1.2 s in all
		}
		pw.Close()
	}()
	res, err := srv.Client().Post(srv.URL+"/v1/imports", "text/plain", pr)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusAccepted {
		b, _ := io.ReadAll(res.Body)
		t.Fatalf("a slow upload: %d %s", res.StatusCode, b)
	}
}

// TestStalledUploadsAreBounded: an upload in progress holds
// jobs.UploadMemory of the request-body budget; once the budget is held by
// stalled uploads, the next is told 429 with Retry-After (unread) rather
// than growing the process, and when one stalled upload goes, a new one
// is admitted.
func TestStalledUploadsAreBounded(t *testing.T) {
	st := backends[0].open(t)
	lim := api.Limits{MaxTextBody: 1 << 20, MaxJSONBody: 1 << 20, CheapBodyBytes: 1 << 20, CheapBytes: 64 << 10,
		BodyBytes: 1<<20 + 2*jobs.UploadMemory + 1024, QueueWait: 50 * time.Millisecond}
	c := newClient(t, st, api.Config{Imports: importService(t, st, 0), Limits: lim})
	stall := func() net.Conn {
		conn, err := net.Dial("tcp", strings.TrimPrefix(c.srv.URL, "http://"))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(conn, "POST /v1/imports HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: %d\r\n\r\nPokerStars Hand #1", 100<<20)
		return conn
	}
	a, b := stall(), stall()
	defer b.Close()
	waitFor(t, "two stalled uploads to be admitted", func() bool {
		v, _ := metricValue(c, "scoop_request_body_bytes_in_flight")
		return v == float64(2*jobs.UploadMemory)
	})
	third := stall()
	defer third.Close()
	third.SetReadDeadline(time.Now().Add(10 * time.Second)) // a guard against a hang, not a measure
	res, err := http.ReadResponse(bufio.NewReader(third), nil)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
		t.Fatalf("a third upload with the budget held: %d, want 429 with Retry-After", res.StatusCode)
	}
	a.Close()
	waitFor(t, "the closed upload's bytes to be given back", func() bool {
		v, _ := metricValue(c, "scoop_request_body_bytes_in_flight")
		return v == float64(jobs.UploadMemory)
	})
	fourth := stall()
	defer fourth.Close()
	waitFor(t, "a new upload to be admitted", func() bool {
		v, _ := metricValue(c, "scoop_request_body_bytes_in_flight")
		return v == float64(2*jobs.UploadMemory)
	})
}

// TestTricklingUploadIsCut: an upload that sends a byte now and then,
// never idle for uploadIdle, is cut once it has waited uploadIdle in all
// and averages under the least rate (400 naming the body), and its
// admission is given back; before, it held its share of the body budget
// for as long as it kept trickling.
func TestTricklingUploadIsCut(t *testing.T) {
	defer api.SetUploadIdle(2 * time.Second)()
	st := backends[0].open(t)
	c := newClient(t, st, api.Config{Imports: importService(t, st, 0)})
	conn, err := net.Dial("tcp", strings.TrimPrefix(c.srv.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /v1/imports HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: %d\r\n\r\n", 1<<20)
	start := time.Now()
	done := make(chan struct{})
	go func() {
		defer close(done)
		for range 100 { // 20 s at most
			if _, err := conn.Write([]byte("P")); err != nil {
				return
			}
			time.Sleep(200 * time.Millisecond)
		}
	}()
	conn.SetReadDeadline(time.Now().Add(30 * time.Second)) // a guard against a hang, not a measure
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("a trickling upload got no answer in %v: %v", time.Since(start), err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusBadRequest || !strings.Contains(string(b), "too slow") || !strings.Contains(string(b), `"field":"body"`) {
		t.Fatalf("a trickling upload: %d %s, want 400 naming the body as too slow", res.StatusCode, b)
	}
	if el := time.Since(start); el > 10*time.Second {
		t.Fatalf("a trickling upload was cut after %v, want within a few times uploadIdle (2s)", el)
	}
	conn.Close()
	<-done
	waitFor(t, "the cut upload's bytes to be given back", func() bool {
		v, _ := metricValue(c, "scoop_request_body_bytes_in_flight")
		return v == 0
	})
}

// TestHugePartHeaderIsRefused: a multipart part whose header runs past
// what a part may hold between two files is a 400 naming the body, read
// no further (the multipart reader would hold up to 10 MiB of it in
// memory, outside the upload's admission); files with ordinary headers
// around big files are read.
func TestHugePartHeaderIsRefused(t *testing.T) {
	st := backends[0].open(t)
	c := newClient(t, st, api.Config{Imports: importService(t, st, 0)})
	post := func(body []byte) (int, string) {
		t.Helper()
		req, err := http.NewRequest("POST", c.srv.URL+"/v1/imports", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Host = "127.0.0.1"
		req.Header.Set("Content-Type", "multipart/form-data; boundary=b0und")
		res, err := c.srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	var huge bytes.Buffer
	huge.WriteString("--b0und\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a.txt\"\r\n")
	for i := range 2000 {
		fmt.Fprintf(&huge, "X-Pad-%d: %s\r\n", i, strings.Repeat("a", 1000))
	}
	huge.WriteString("\r\nhello\r\n--b0und--\r\n")
	if code, b := post(huge.Bytes()); code != http.StatusBadRequest || !strings.Contains(b, "header") || !strings.Contains(b, `"field":"body"`) {
		t.Fatalf("a 2 MB part header: %d %s, want 400 naming the part's header", code, b)
	}
	var ok bytes.Buffer
	for i := range 3 {
		fmt.Fprintf(&ok, "--b0und\r\nContent-Disposition: form-data; name=\"f\"; filename=\"%d.txt\"\r\nContent-Type: text/plain\r\n\r\n", i)
		ok.Write(jobstest.Hands(t, 400, 9_550_000_000+int64(i)*1000)) // ~500 KB each
		ok.WriteString("\r\n")
	}
	ok.WriteString("--b0und--\r\n")
	if code, b := post(ok.Bytes()); code != http.StatusAccepted {
		t.Fatalf("three files of 500 KB: %d %s, want 202", code, b)
	}
}
