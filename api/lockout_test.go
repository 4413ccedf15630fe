package api_test

import (
	"context"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/scoophq/scoop/api"
	"github.com/scoophq/scoop/internal/auth"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// TestBadKeysDoNotLockOutGoodOnes: an attacker behind a shared address
// sending more than AuthFailuresPerMinute bad keys is refused 429, while
// a valid key used from that address keeps working; and the flood's
// client errors fill the log with at most LogClientErrorsPerMinute lines.
func TestBadKeysDoNotLockOutGoodOnes(t *testing.T) {
	st := storetest.OpenSQLite(t)
	var log api.LogBuffer
	s, err := api.New(context.Background(), api.Config{Store: st, Logger: slog.New(slog.NewTextHandler(&log, nil))})
	if err != nil {
		t.Fatal(err)
	}
	good := makeKey(t, st, "office", "read")
	call := func(key string) int {
		req := httptest.NewRequest("GET", "/v1/hands", nil)
		req.RemoteAddr = "198.51.100.9:4000"
		req.Header.Set("Authorization", "Bearer "+key)
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		return rec.Code
	}
	if got := call(good); got != 200 {
		t.Fatalf("the good key before the flood: %d", got)
	}
	counts := map[int]int{}
	for range 2 * api.AuthFailuresPerMinute {
		bad, _, _ := auth.NewKey()
		counts[call(bad)]++
	}
	if counts[429] == 0 {
		t.Errorf("the flood of bad keys: %v, want 429s past %d", counts, api.AuthFailuresPerMinute)
	}
	for i := range 5 {
		if got := call(good); got != 200 {
			t.Errorf("the good key from the flooded address, try %d: %d, want 200", i, got)
		}
	}
	lines := strings.Count(log.String(), "\n")
	if lines > 2*api.LogClientErrorsPerMinute+10 {
		t.Errorf("%d bad keys wrote %d log lines, want at most about %d", 2*api.AuthFailuresPerMinute, lines, 2*api.LogClientErrorsPerMinute)
	}
}
