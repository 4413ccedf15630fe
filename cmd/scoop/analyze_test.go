package main

import (
	"encoding/json"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/handhistory/hhtest"
)

type analyzeLine struct {
	File    string  `json:"file"`
	Hand    int     `json:"hand"`
	ID      *string `json:"id"`
	Legal   bool    `json:"legal"`
	Streets []struct {
		Street string `json:"street"`
		Mode   string `json:"mode"`
	} `json:"streets"`
	AllIn *struct {
		Street string `json:"street"`
	} `json:"allin"`
	Results []struct {
		Net      int64    `json:"net"`
		Expected *float64 `json:"expected"`
	} `json:"results"`
	Error *struct {
		Message string `json:"message"`
	} `json:"error"`
}

func TestAnalyzeJSONAndText(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{"allin.phh": hhtest.PHHAllIn, "illegal.phh": hhtest.PHHIllegalRaise})
	code, out, errs := runReplayCmd("analyze", "--json", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines:\n%s", len(lines), out)
	}
	var a, v analyzeLine
	if err := json.Unmarshal([]byte(lines[0]), &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(lines[1]), &v); err != nil {
		t.Fatal(err)
	}
	if a.File != filepath.Join(dir, "allin.phh") || a.Hand != 1 || !a.Legal || len(a.Streets) != 4 || a.AllIn == nil || a.AllIn.Street != "preflop" {
		t.Errorf("analysis line %+v", a)
	}
	var exp, net float64
	for _, r := range a.Results {
		exp += *r.Expected
		net += float64(r.Net)
	}
	if math.Abs(exp-net) > 1e-6 {
		t.Errorf("expected %v, net %v", exp, net)
	}
	if v.Legal || v.Error == nil || v.Streets != nil || !strings.HasSuffix(v.File, "illegal.phh") {
		t.Errorf("verdict line %+v", v)
	}

	code, out, errs = runReplayCmd("analyze", filepath.Join(dir, "allin.phh"), filepath.Join(dir, "illegal.phh"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"street", "preflop", "river", "4c7hKh8s2c", "all-in on the preflop (board none): p1 expected", "ILLEGAL"} {
		if !strings.Contains(out, want) {
			t.Errorf("text output lacks %q:\n%s", want, out)
		}
	}
}

// TestAnalyzeCorpusFile analyses a PokerStars tournament file: every hand
// is a line, every legal one an analysis with its hero's equities (Monte
// Carlo against the unknown hands).
func TestAnalyzeCorpusFile(t *testing.T) {
	t.Parallel()
	code, out, errs := runReplayCmd("analyze", "--json", "--trials", "20000", "testdata/nlo8_knockout.txt")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	mc := 0
	for _, l := range lines {
		var a analyzeLine
		if err := json.Unmarshal([]byte(l), &a); err != nil {
			t.Fatal(err)
		}
		if a.Legal && len(a.Streets) == 0 {
			t.Errorf("legal hand %d without streets", a.Hand)
		}
		for _, s := range a.Streets {
			if s.Mode == "montecarlo" {
				mc++
			}
		}
	}
	if len(lines) < 50 || mc == 0 {
		t.Errorf("%d hands, %d Monte Carlo snapshots", len(lines), mc)
	}
}

func TestAnalyzeBadInput(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"analyze"}, {"analyze", "--trials", "0", "x.phh"}, {"analyze", "missing-file.phh"}} {
		if code, _, _ := runReplayCmd(args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}
