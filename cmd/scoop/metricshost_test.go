package main

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestMetricsListenerChecksHost: the loopback metrics listener refuses a
// Host that is not loopback (a DNS-rebinding page); one on every
// interface takes any.
func TestMetricsListenerChecksHost(t *testing.T) {
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {})
	for _, tc := range []struct {
		addr, host string
		want       int
	}{
		{"127.0.0.1:9464", "127.0.0.1:9464", 200},
		{"127.0.0.1:9464", "localhost:9464", 200},
		{"127.0.0.1:9464", "[::1]:9464", 200},
		{"127.0.0.1:9464", "evil.example:9464", 403},
		{"localhost:9464", "evil.example", 403},
		{":9464", "scoop:9464", 200},
	} {
		req := httptest.NewRequest("GET", "/metrics", nil)
		req.Host = tc.host
		rec := httptest.NewRecorder()
		loopbackHostOnly(tc.addr, ok).ServeHTTP(rec, req)
		if rec.Code != tc.want {
			t.Errorf("listener %s, Host %s: %d, want %d", tc.addr, tc.host, rec.Code, tc.want)
		}
	}
}
