package api_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/scoophq/scoop/api"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// discardWriter is a ResponseWriter that keeps only the status, so that
// BenchmarkEquityHandler counts the handler's allocations, not a
// recorder's.
type discardWriter struct {
	h      http.Header
	status int
}

func (d *discardWriter) Header() http.Header         { return d.h }
func (d *discardWriter) Write(b []byte) (int, error) { return len(b), nil }
func (d *discardWriter) WriteHeader(code int)        { d.status = code }

// BenchmarkEquityHandler is POST /v1/equity for a heads-up flop through
// the whole handler chain (request id, metrics, log sampled one in 100 as
// scoop serve does, validation, admission, equity, JSON), on one
// goroutine, with the request and response objects reused: its B/op and
// allocs/op are the server's own per request (make the memory profile with
// -memprofile).
func BenchmarkEquityHandler(b *testing.B) {
	s, err := api.New(context.Background(), api.Config{Store: storetest.OpenSQLite(b),
		Logger: slog.New(slog.NewJSONHandler(io.Discard, nil)), LogSample: 100})
	if err != nil {
		b.Fatal(err)
	}
	body := []byte(`{"game":"omaha-hilo","hands":["As2s3dKd","QhQcJhTc"],"board":"4c7hKh"}`)
	rd := bytes.NewReader(body)
	req := httptest.NewRequest(http.MethodPost, "/v1/equity", rd)
	req.Header.Set("Content-Type", "application/json")
	req.RemoteAddr = "127.0.0.1:50000"
	w := &discardWriter{h: http.Header{}}
	b.ReportAllocs()
	for b.Loop() {
		rd.Reset(body)
		req.Body = io.NopCloser(rd)
		clear(w.h)
		w.status = 0
		s.ServeHTTP(w, req)
		if w.status != 200 {
			b.Fatalf("status %d", w.status)
		}
	}
}
