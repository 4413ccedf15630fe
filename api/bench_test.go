package api_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"testing"

	"github.com/scoophq/scoop/api"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/storetest"
)

var handNumber = regexp.MustCompile(`PokerStars Game #\d+`)

// batch returns the PokerStars test file repeated copies times, every hand
// renumbered from first, so that each batch stores new hands.
func batch(b *testing.B, copies int, first *int) []byte {
	b.Helper()
	src, err := readTestdata("nlo8_knockout.txt")
	if err != nil {
		b.Fatal(err)
	}
	src = bytes.TrimPrefix(src, []byte("\xef\xbb\xbf"))
	var out bytes.Buffer
	for range copies {
		out.Write(handNumber.ReplaceAllFunc(src, func([]byte) []byte {
			*first++
			return fmt.Appendf(nil, "PokerStars Game #%d", 900_000_000_000+*first)
		}))
		out.WriteString("\n\n\n")
	}
	return out.Bytes()
}

// BenchmarkPostHands posts batches of ~1,000 PokerStars hands through the
// whole handler (read, replay, store) and reports hands stored per second.
func BenchmarkPostHands(b *testing.B) {
	for _, bk := range []struct {
		name string
		open func(testing.TB) store.Store
	}{
		{"postgres", func(t testing.TB) store.Store { return storetest.OpenPostgres(t) }},
		{"sqlite", func(t testing.TB) store.Store { return storetest.OpenSQLite(t) }},
		{"replay-only", nil},
	} {
		b.Run(bk.name, func(b *testing.B) {
			var st store.Store = storetest.OpenSQLite(b)
			path := "/v1/hands/replay"
			if bk.open != nil {
				st, path = bk.open(b), "/v1/hands"
			}
			s, err := api.New(context.Background(), api.Config{Auth: api.AuthOff, AnyHost: true, Store: st, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
			if err != nil {
				b.Fatal(err)
			}
			n, hands := 0, 0
			for b.Loop() {
				b.StopTimer()
				body := batch(b, 14, &n)
				b.StartTimer()
				req := httptest.NewRequest(http.MethodPost, path, bytes.NewReader(body))
				req.Header.Set("Content-Type", "text/plain")
				rec := httptest.NewRecorder()
				s.ServeHTTP(rec, req)
				if rec.Code != 200 {
					b.Fatalf("%d %s", rec.Code, rec.Body.Bytes())
				}
				hands += bytes.Count(body, []byte("PokerStars Game #"))
			}
			b.ReportMetric(float64(hands)/b.Elapsed().Seconds(), "hands/s")
		})
	}
}

// BenchmarkPostEquity is POST /v1/equity for a heads-up flop (820 boards)
// through the whole handler (validation, compute slot, JSON), in parallel.
func BenchmarkPostEquity(b *testing.B) {
	s, err := api.New(context.Background(), api.Config{Auth: api.AuthOff, AnyHost: true, Store: storetest.OpenSQLite(b), Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		b.Fatal(err)
	}
	body := []byte(`{"game":"omaha-hilo","hands":["As2s3dKd","QhQcJhTc"],"board":"4c7hKh"}`)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			req := httptest.NewRequest(http.MethodPost, "/v1/equity", bytes.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, req)
			if rec.Code != 200 {
				b.Fatalf("%d %s", rec.Code, rec.Body.Bytes())
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "req/s")
}

// BenchmarkForeignID measures GET /v1/hands/{id} with a key of account B
// for an id of account A's, for an id of no hand, and for B's own hand:
// the first two must cost the same (no existence leak through timing).
func BenchmarkForeignID(b *testing.B) {
	for _, bk := range []struct {
		name string
		open func(testing.TB) store.Store
	}{
		{"postgres", func(t testing.TB) store.Store { return storetest.OpenPostgres(t) }},
		{"sqlite", func(t testing.TB) store.Store { return storetest.OpenSQLite(t) }},
	} {
		st := bk.open(b)
		s, err := api.New(context.Background(), api.Config{Store: st, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
			Limits: api.Limits{RequestsPerMinute: 1 << 30}})
		if err != nil {
			b.Fatal(err)
		}
		keyA, keyB := benchKey(b, st, "a"), benchKey(b, st, "b")
		n := 0
		post := func(key string) string {
			req := httptest.NewRequest(http.MethodPost, "/v1/hands", bytes.NewReader(batch(b, 1, &n)))
			req.Header.Set("Content-Type", "text/plain")
			req.Header.Set("Authorization", "Bearer "+key)
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, req)
			m := regexp.MustCompile(`"id":"([0-9a-f]{32})"`).FindSubmatch(rec.Body.Bytes())
			if rec.Code != 200 || m == nil {
				b.Fatalf("%d %s", rec.Code, rec.Body.Bytes())
			}
			return string(m[1])
		}
		foreign, own := post(keyA), post(keyB)
		for _, tc := range []struct{ name, id string }{{"foreign", foreign}, {"missing", store.NewPublicID()}, {"own", own}} {
			b.Run(bk.name+"/"+tc.name, func(b *testing.B) {
				want := map[bool]int{true: 200, false: 404}[tc.name == "own"]
				for b.Loop() {
					req := httptest.NewRequest(http.MethodGet, "/v1/hands/"+tc.id, nil)
					req.Header.Set("Authorization", "Bearer "+keyB)
					rec := httptest.NewRecorder()
					s.ServeHTTP(rec, req)
					if rec.Code != want {
						b.Fatalf("%d %s", rec.Code, rec.Body.Bytes())
					}
				}
			})
		}
	}
}
