package api

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory/hhtest"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// logBuffer is a slog JSON sink safe for the server's goroutines.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// String returns everything logged so far.
func (b *logBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// lines returns the logged records naming request id.
func (b *logBuffer) lines(id string) []map[string]any {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []map[string]any
	sc := bufio.NewScanner(bytes.NewReader(b.buf.Bytes()))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var rec map[string]any
		if json.Unmarshal(sc.Bytes(), &rec) == nil && rec["request_id"] == id {
			out = append(out, rec)
		}
	}
	return out
}

func newLoggedServer(t *testing.T, st store.Store) (*Server, *logBuffer) {
	t.Helper()
	logs := &logBuffer{}
	s, err := New(context.Background(), Config{Auth: AuthOff, AnyHost: true, Store: st, Logger: slog.New(slog.NewJSONHandler(logs, nil))})
	if err != nil {
		t.Fatal(err)
	}
	return s, logs
}

// TestWriteProblemDeadlineFromBelow: an error that is a deadline or a
// cancellation from below (the database's, a driver's connect_timeout)
// while the request's own context is live was taken for "client gone":
// nothing was written, and the client saw an empty 200 for work not done.
// It must be a 503 problem; only the request's own end is silence.
func TestWriteProblemDeadlineFromBelow(t *testing.T) {
	t.Parallel()
	s, logs := newLoggedServer(t, storetest.OpenSQLite(t))
	tests := []struct {
		name string
		err  error
	}{
		{"a bare deadline", context.DeadlineExceeded},
		{"the store's canceled fault over a deadline", &fault.Error{Kind: fault.Canceled, Action: -1, Message: "list hands: canceled", Err: context.DeadlineExceeded}},
		{"a wrapped deadline", fmt.Errorf("connect: %w", context.DeadlineExceeded)},
		{"a cancellation from below", fmt.Errorf("pool closed: %w", context.Canceled)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := withRequestID(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { s.writeProblem(w, r, tc.err) }))
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/v1/hands", nil))
			var p Problem
			if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Content-Type") != "application/problem+json" ||
				json.Unmarshal(rec.Body.Bytes(), &p) != nil || p.Status != 503 || p.Detail == "" {
				t.Errorf("writeProblem(%v) with the client still there = %d %q %s; want a 503 problem", tc.err, rec.Code, rec.Header().Get("Content-Type"), rec.Body)
			}
			if strings.Contains(rec.Body.String(), "context deadline exceeded") {
				t.Errorf("the problem shows Go's error text: %s", rec.Body)
			}
			id := rec.Header().Get("X-Request-ID")
			if recs := logs.lines(id); len(recs) == 0 || recs[0]["status"] != float64(503) {
				t.Errorf("the 503 is not logged under its request id %s: %v", id, recs)
			}
		})
	}
	t.Run("the client gone is silence", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		h := withRequestID(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { s.writeProblem(w, r, context.Canceled) }))
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/v1/hands", nil).WithContext(ctx))
		if rec.Body.Len() != 0 {
			t.Errorf("a problem was written to a client that left: %d %s", rec.Code, rec.Body)
		}
	})
}

// TestServerErrorsLogTheirCause: a database failure answered "save hands:
// database error" in the log with no cause. Every 5xx (and a failed
// /readyz) must log the cause (SQLSTATE, constraint; SQLite's code) under
// the request id, and the body must not show it.
func TestServerErrorsLogTheirCause(t *testing.T) {
	t.Parallel()
	for _, b := range []struct {
		name      string
		open      func(t *testing.T) (store.Store, func(sql string))
		saveCause []string
		readCause []string
	}{
		{"postgres", func(t *testing.T) (store.Store, func(string)) {
			st := storetest.OpenPostgres(t)
			return st, func(sql string) {
				if _, err := st.Pool().Exec(context.Background(), sql); err != nil {
					t.Fatal(err)
				}
			}
		}, []string{"SQLSTATE 23514", "scooptest_no_omaha_hi"}, []string{"SQLSTATE 42P01", "goose_db_version"}},
		{"sqlite", func(t *testing.T) (store.Store, func(string)) {
			st := storetest.OpenSQLite(t)
			return st, func(sql string) {
				if _, err := st.DB().Exec(sql); err != nil {
					t.Fatal(err)
				}
			}
		}, []string{"SQLITE_CONSTRAINT", "refused by the scooptest trigger"}, []string{"SQLITE_ERROR", "goose_db_version"}},
	} {
		t.Run(b.name, func(t *testing.T) {
			t.Parallel()
			st, exec := b.open(t)
			s, logs := newLoggedServer(t, st)
			srv := httptest.NewServer(s)
			defer srv.Close()
			if b.name == "postgres" {
				exec(`ALTER TABLE hands ADD CONSTRAINT scooptest_no_omaha_hi CHECK (game <> 'omaha-hi')`)
			} else {
				exec(`CREATE TRIGGER scooptest_refuse BEFORE INSERT ON hands BEGIN SELECT RAISE(ABORT, 'refused by the scooptest trigger'); END`)
			}
			check := func(what string, res *http.Response, status int, causes []string) {
				t.Helper()
				body, _ := io.ReadAll(res.Body)
				res.Body.Close()
				if res.StatusCode != status {
					t.Fatalf("%s = %d %s, want %d", what, res.StatusCode, body, status)
				}
				id := res.Header.Get("X-Request-ID")
				var logged strings.Builder
				for _, rec := range logs.lines(id) {
					fmt.Fprintf(&logged, "%v\n", rec)
				}
				for _, c := range causes {
					if !strings.Contains(logged.String(), c) {
						t.Errorf("%s: the log under request id %s lacks the cause %q:\n%s", what, id, c, logged.String())
					}
					if strings.Contains(string(body), c) {
						t.Errorf("%s: the body shows the cause %q: %s", what, c, body)
					}
				}
				for _, secret := range []string{"SQLSTATE", "SQLITE", "scooptest"} {
					if strings.Contains(string(body), secret) {
						t.Errorf("%s: the body shows %q: %s", what, secret, body)
					}
				}
			}
			res, err := http.Post(srv.URL+"/v1/hands", "text/plain", strings.NewReader(hhtest.PokerStarsHand))
			if err != nil {
				t.Fatal(err)
			}
			check("POST /v1/hands", res, http.StatusInternalServerError, b.saveCause)

			exec(`DROP TABLE goose_db_version`)
			res, err = http.Get(srv.URL + "/readyz")
			if err != nil {
				t.Fatal(err)
			}
			check("GET /readyz", res, http.StatusServiceUnavailable, b.readCause)
		})
	}
}
