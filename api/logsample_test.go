package api_test

import (
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/scoophq/scoop/api"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// requestLines returns the "request" lines of a JSON log.
func requestLines(t *testing.T, log string) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(log), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("log line %q: %v", l, err)
		}
		if m["msg"] == "request" {
			out = append(out, m)
		}
	}
	return out
}

// TestRequestLogSampled: with LogSample 3, one in three successful fast
// requests is logged (the first, the fourth, the seventh), each line
// saying it stands for 3; every error is logged, unsampled; the metrics
// count every request. LogSlow is an hour so that no request, however
// slow the machine, is logged for its time rather than by the sampling.
func TestRequestLogSampled(t *testing.T) {
	var log lockedWriter
	c := newClient(t, storetest.OpenSQLite(t), api.Config{Logger: slog.New(slog.NewJSONHandler(&log, nil)), LogSample: 3, LogSlow: time.Hour})
	flop := []byte(`{"hands":["As2s3dKd","QhQcJhTc"],"board":"4c7hKh"}`)
	for i := range 7 {
		if res := c.do("POST", "/v1/equity", "application/json", flop); res.status != 200 {
			t.Fatalf("request %d: %d %s", i, res.status, res.body)
		}
	}
	bad := c.do("POST", "/v1/equity", "application/json", []byte(`{"hands":["As2s3dKd"]}`))
	missing := c.do("GET", "/nowhere", "", nil)
	if bad.status != 400 || missing.status != 404 {
		t.Fatalf("errors: %d and %d, want 400 and 404", bad.status, missing.status)
	}
	lines := requestLines(t, log.String())
	var ok, errs int
	for _, l := range lines {
		switch st := l["status"].(float64); {
		case st == 200:
			ok++
			if l["log_sample"] != float64(3) {
				t.Errorf("a sampled line without log_sample 3: %v", l)
			}
		default:
			errs++
			if _, has := l["log_sample"]; has {
				t.Errorf("an error line marked as sampled: %v", l)
			}
		}
	}
	if ok != 3 || errs != 2 {
		t.Errorf("logged %d successes and %d errors, want 3 of the 7 successes and both errors:\n%s", ok, errs, log.String())
	}
	if v, _ := metricValue(c, `scoop_http_requests_total{method="POST",route="/v1/equity",status="200"}`); v != 7 {
		t.Errorf("metrics counted %v successful equity requests, want 7", v)
	}
}

// TestRequestLogSlowAlwaysLogged: a request at least LogSlow long is logged
// whatever the sampling (LogSlow 1ns: every request is slow); LogSample 0
// or 1 logs every request.
func TestRequestLogSlowAlwaysLogged(t *testing.T) {
	for _, cfg := range []api.Config{{LogSample: 1000, LogSlow: time.Nanosecond}, {LogSample: 1}, {}} {
		var log lockedWriter
		cfg.Logger = slog.New(slog.NewJSONHandler(&log, nil))
		c := newClient(t, storetest.OpenSQLite(t), cfg)
		for range 4 {
			c.do("POST", "/v1/equity", "application/json", []byte(`{"hands":["As2s3dKd","QhQcJhTc"],"board":"4c7hKh"}`))
		}
		lines := requestLines(t, log.String())
		if len(lines) != 4 {
			t.Errorf("LogSample %d, LogSlow %v: %d request lines, want all 4", cfg.LogSample, cfg.LogSlow, len(lines))
		}
		for _, l := range lines {
			if _, has := l["log_sample"]; has {
				t.Errorf("LogSample %d, LogSlow %v: line marked as sampled: %v", cfg.LogSample, cfg.LogSlow, l)
			}
		}
	}
}

func TestRequestLogSampleNegative(t *testing.T) {
	if _, err := api.New(t.Context(), api.Config{Store: storetest.OpenSQLite(t), LogSample: -1}); err == nil || !strings.Contains(err.Error(), "LogSample") {
		t.Errorf("LogSample -1: %v, want an error naming LogSample", err)
	}
}
