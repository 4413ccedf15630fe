package api_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/scoophq/scoop/api"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// FuzzPost posts arbitrary bodies to the POST endpoints: whatever the
// input, the answer is never a 5xx and every error is problem+json.
func FuzzPost(f *testing.F) {
	f.Add(uint8(0), []byte(`{"hands":["As2s3dKd","QhQcJhTc"],"board":"4c7hKh"}`))
	f.Add(uint8(0), []byte(`{"hands":["As2s3dKd","AsQcJhTc"]}`))
	f.Add(uint8(0), []byte(`{"hands":["As2s3dKd","QhQcJhTc"],"board":"4c7hKh","mode":"montecarlo","trials":1e3,"seed":1.0e2}`))
	f.Add(uint8(1), []byte(`{"table":{"game":"omaha-hi","structure":"pot-limit"},"players":[{"name":"a","stack":5}],"actions":[]}`))
	f.Add(uint8(2), []byte("variant = 'FO/8'\nantes = [1, 1]\n"))
	f.Add(uint8(3), []byte("PokerStars Hand #1: Omaha Hi/Lo Pot Limit ($0.01/$0.02) - 2010/01/01 00:00:00 ET\n"))
	s, err := api.New(context.Background(), api.Config{
		Auth:    api.AuthOff,
		AnyHost: true, // httptest.NewRequest says Host example.com
		Store:   storetest.OpenSQLite(f),
		Logger:  slog.New(slog.NewTextHandler(io.Discard, nil)),
		// The fuzzer finds huge Monte Carlo runs; cut them short (503).
		ComputeTimeout: 100 * time.Millisecond,
	})
	if err != nil {
		f.Fatal(err)
	}
	targets := []struct{ path, contentType string }{
		{"/v1/equity", "application/json"},
		{"/v1/hands/replay", "application/json"},
		{"/v1/hands/replay", "application/toml"},
		{"/v1/hands/replay", "text/plain"},
		{"/v1/hands/replay", "application/x-ndjson"},
	}
	f.Fuzz(func(t *testing.T, target uint8, body []byte) {
		tg := targets[int(target)%len(targets)]
		req := httptest.NewRequest(http.MethodPost, tg.path, bytes.NewReader(body))
		req.Header.Set("Content-Type", tg.contentType)
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		timedOut := rec.Code == http.StatusServiceUnavailable && tg.path == "/v1/equity" && bytes.Contains(rec.Body.Bytes(), []byte("exceeded"))
		if rec.Code >= 500 && !timedOut {
			t.Fatalf("POST %s %q -> %d %s", tg.path, body, rec.Code, rec.Body.Bytes())
		}
		if rec.Code >= 400 && rec.Header().Get("Content-Type") != "application/problem+json" {
			t.Fatalf("POST %s -> %d with Content-Type %q", tg.path, rec.Code, rec.Header().Get("Content-Type"))
		}
	})
}
