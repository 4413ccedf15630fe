package main

import (
	"context"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/hhtest"
	"github.com/scoophq/scoop/internal/ingest"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/postgres"
	"github.com/scoophq/scoop/internal/store/sqlite"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// storeUnanalysed stores the PHH hands as `scoop import` does (no
// analysis) and returns their ids.
func storeUnanalysed(t *testing.T, st store.Store, texts ...string) []string {
	t.Helper()
	var recs []store.Hand
	for _, text := range texts {
		es, err := handhistory.Read(handhistory.FormatPHH, []byte(text))
		if err != nil || len(es) != 1 || es[0].Hand == nil {
			t.Fatalf("read PHH: %v", err)
		}
		v := analysis.Replay(es[0].Hand)
		rec, err := ingest.NewRecord(es[0].Hand, &v)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, rec)
	}
	saved, err := st.SaveHands(context.Background(), recs)
	if err != nil {
		t.Fatal(err)
	}
	ids := make([]string, len(saved))
	for i, s := range saved {
		ids[i] = s.ID
	}
	return ids
}

// backfillStores are the databases `scoop serve` is tested on: each
// returns a migrated store of its own and sets the environment (or
// returns the flags) that make serve use it.
var backfillStores = []struct {
	name string
	open func(t *testing.T) (store.Store, []string)
}{
	{"sqlite", func(t *testing.T) (store.Store, []string) {
		t.Setenv("DATABASE_URL", "")
		path := filepath.Join(t.TempDir(), "scoop.db")
		st, err := sqlite.Open(context.Background(), path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		if _, err := st.Migrate(context.Background()); err != nil {
			t.Fatal(err)
		}
		return st, []string{"--sqlite", path}
	}},
	{"postgres", func(t *testing.T) (store.Store, []string) {
		schema := storetest.NewSchema(t)
		t.Setenv("DATABASE_URL", storetest.SchemaURL(t, schema))
		st, err := postgres.Open(context.Background(), postgres.Config{URL: storetest.PostgresURL(), Schema: schema, MaxConns: 4})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		if _, err := st.Migrate(context.Background()); err != nil {
			t.Fatal(err)
		}
		return st, nil
	}},
}

// TestServeBackfillsAnalyses: hands stored without analyses before
// `scoop serve` starts get them from its background backfill, counted in
// /metrics; the illegal hand gets none; serve stops cleanly with it.
func TestServeBackfillsAnalyses(t *testing.T) {
	for _, db := range backfillStores {
		t.Run(db.name, func(t *testing.T) {
			st, args := db.open(t)
			ids := storeUnanalysed(t, st, hhtest.PHHAllIn, hhtest.PHHIllegalRaise)
			base, stop := startServe(t, args...)
			const want = `scoop_backfill_hands_total{outcome="analyzed"} 1`
			var metrics string
			for deadline := time.Now().Add(60 * time.Second); !strings.Contains(metrics, want); time.Sleep(20 * time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatalf("/metrics never showed %s:\n%s", want, metrics)
				}
				res, err := http.Get(base + "/metrics")
				if err != nil {
					t.Fatal(err)
				}
				b, _ := io.ReadAll(res.Body)
				res.Body.Close()
				metrics = string(b)
			}
			if page, err := st.UnanalyzedHands(context.Background(), analysis.EngineVersion, 0, 10); err != nil || len(page) != 0 {
				t.Errorf("hands still missing an analysis: %d, %v", len(page), err)
			}
			if a, err := st.Analysis(context.Background(), ids[0]); err != nil || a.EngineVersion != analysis.EngineVersion {
				t.Errorf("the all-in hand's analysis: %+v, %v", a, err)
			}
			if _, err := st.Analysis(context.Background(), ids[1]); err == nil {
				t.Errorf("the illegal hand was analysed")
			}
			code, log := stop()
			if code != 0 {
				t.Errorf("serve exited %d:\n%s", code, log)
			}
			for _, w := range []string{"backfill started", "backfill stopped"} {
				if !strings.Contains(log, w) {
					t.Errorf("the log lacks %q:\n%s", w, log)
				}
			}
		})
	}
}

// TestServeBackfillOff: with --backfill=false (or SCOOP_BACKFILL=false)
// nothing is analysed in the background.
func TestServeBackfillOff(t *testing.T) {
	for _, how := range []struct {
		name, env string
		args      []string
	}{{"flag", "", []string{"--backfill=false"}}, {"environment", "false", nil}} {
		t.Run(how.name, func(t *testing.T) {
			st, args := backfillStores[0].open(t)
			t.Setenv("SCOOP_BACKFILL", how.env)
			ids := storeUnanalysed(t, st, hhtest.PHHAllIn)
			base, stop := startServe(t, append(args, how.args...)...)
			waitReady(t, base)
			code, log := stop()
			if code != 0 || strings.Contains(log, "backfill started") {
				t.Errorf("serve exited %d, log:\n%s\nwant 0 and no backfill", code, log)
			}
			if _, err := st.Analysis(context.Background(), ids[0]); err == nil {
				t.Errorf("the hand was analysed with the backfill off")
			}
		})
	}
}

func TestServeBackfillConfig(t *testing.T) {
	t.Setenv("DATABASE_URL", "")
	var stdout, stderr strings.Builder
	if code := Run(t.Context(), []string{"serve", "--help"}, strings.NewReader(""), &stdout, &stderr); code != 0 ||
		!strings.Contains(stderr.String(), "-backfill") || !strings.Contains(stderr.String(), "SCOOP_BACKFILL") {
		t.Errorf("serve --help = %d, %s; want --backfill and SCOOP_BACKFILL listed", code, stderr.String())
	}
	t.Setenv("SCOOP_BACKFILL", "sometimes")
	stdout.Reset()
	stderr.Reset()
	if code := Run(t.Context(), []string{"serve", "--addr", "127.0.0.1:0"}, strings.NewReader(""), &stdout, &stderr); code != 2 ||
		!strings.Contains(stderr.String(), "SCOOP_BACKFILL") {
		t.Errorf("SCOOP_BACKFILL=sometimes: exit %d, %q; want 2 naming it", code, stderr.String())
	}
}

// TestReverifyFillsMissingAnalyses: `scoop reverify` also gives legal
// hands stored without an analysis theirs, and says how many.
func TestReverifyFillsMissingAnalyses(t *testing.T) {
	st, args := backfillStores[0].open(t)
	ids := storeUnanalysed(t, st, hhtest.PHHAllIn, hhtest.PHHIllegalRaise)
	run := func() string {
		t.Helper()
		var stdout, stderr strings.Builder
		if code := Run(t.Context(), append([]string{"reverify", "--quiet"}, args...), strings.NewReader(""), &stdout, &stderr); code != 0 {
			t.Fatalf("reverify exit %d: %s", code, stderr.String())
		}
		return stdout.String()
	}
	if out := run(); !strings.Contains(out, "1 missing analyses filled, 0 skipped (no longer replay legal), 0 failed") {
		t.Errorf("first run: %q; want 1 missing analysis filled", out)
	}
	if _, err := st.Analysis(context.Background(), ids[0]); err != nil {
		t.Errorf("the legal hand has no analysis after reverify: %v", err)
	}
	if _, err := st.Analysis(context.Background(), ids[1]); err == nil {
		t.Errorf("the illegal hand was analysed")
	}
	if out := run(); !strings.Contains(out, "0 missing analyses filled") {
		t.Errorf("second run: %q; want none filled", out)
	}
}
