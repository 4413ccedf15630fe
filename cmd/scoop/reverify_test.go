package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/hhtest"
	"github.com/scoophq/scoop/internal/ingest"
	"github.com/scoophq/scoop/internal/store"
)

// staleRecord is the record of a PHH hand as an engine of version 1 might
// have stored it: with the given legality, whatever today's replay says.
func staleRecord(t *testing.T, text string, legal bool) store.Hand {
	t.Helper()
	es, err := handhistory.Read(handhistory.FormatPHH, []byte(text))
	if err != nil || len(es) != 1 || es[0].Hand == nil {
		t.Fatalf("read PHH: %v", err)
	}
	v := analysis.Replay(es[0].Hand)
	v.Legal = legal
	rec, err := ingest.NewRecord(es[0].Hand, &v)
	if err != nil {
		t.Fatal(err)
	}
	rec.EngineVersion = 1
	return rec
}

// TestReverify: on each database, `scoop reverify` replays the hands
// stored by engine 1, reports the flips both ways, stores the new
// verdicts (and the analysis of the hand now legal), and a second run
// finds nothing to do.
func TestReverify(t *testing.T) {
	for _, b := range importBackends {
		t.Run(b.name, func(t *testing.T) {
			args, open := b.setup(t)
			run := func() string {
				t.Helper()
				code, out, errs := runReplayCmd(append(append([]string{"reverify", "--quiet"}, args...), "--batch", "1")...)
				if code != 0 {
					t.Fatalf("exit %d: %s", code, errs)
				}
				return out
			}
			if out := run(); !strings.Contains(out, "0 stale hands replayed") {
				t.Errorf("empty store: %s", out)
			}
			st := open(t)
			ctx := context.Background()
			saved, err := st.SaveHands(ctx, []store.Hand{
				staleRecord(t, hhtest.PHHAllIn, false),
				staleRecord(t, hhtest.PHHIllegalRaise, true),
			})
			if err != nil {
				t.Fatal(err)
			}
			out := run()
			if !strings.Contains(out, "2 stale hands replayed, 2 verdicts updated: 1 legal -> illegal, 1 illegal -> legal") {
				t.Errorf("first run: %s", out)
			}
			for i, wantLegal := range []bool{true, false} {
				h, err := st.Hand(ctx, saved[i].ID)
				if err != nil || h.Legal != wantLegal || h.EngineVersion != analysis.EngineVersion {
					t.Errorf("hand %d: legal %v version %d, %v", i, h.Legal, h.EngineVersion, err)
				}
				var v analysis.Verdict
				if err := json.Unmarshal(h.Verdict, &v); err != nil || v.Legal != wantLegal {
					t.Errorf("hand %d verdict: %+v %v", i, v, err)
				}
				_, err = st.Analysis(ctx, saved[i].ID)
				if (err == nil) != wantLegal {
					t.Errorf("hand %d analysis: %v", i, err)
				}
			}
			if out := run(); !strings.Contains(out, "0 stale hands replayed") {
				t.Errorf("second run: %s", out)
			}
		})
	}
}

func TestReverifyBadFlags(t *testing.T) {
	t.Setenv("DATABASE_URL", "")
	for _, args := range [][]string{{"reverify", "--batch", "0"}, {"reverify", "extra"}} {
		if code, _, _ := runReplayCmd(args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}
