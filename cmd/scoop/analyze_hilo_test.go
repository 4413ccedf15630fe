package main

import (
	"encoding/json"
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/handhistory"
)

const sessionFile = "../../examples/ps-session.txt"

// The readable analysis says the hole cards, what "?" means, the actions,
// and every amount in the site's money (issue 27: not "calls 6 into 9").
func TestAnalyzeTextShowsHandsActionsAndMoney(t *testing.T) {
	t.Parallel()
	code, out, errs := runReplayCmd("analyze", sessionFile)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	first, _, _ := strings.Cut(out, "ps-session.txt #2 ")
	for _, want := range []string{
		"#1 (35874998500): omaha-hilo pot-limit, amounts in USD",
		"  hands: EricSteph261 ?, UnderMeSensi ?, supermeXXX ?, xgz520 ?, Hero 2h2c3s9h, tiger48475 ?",
		"(? = cards the record does not show: such a hand's equity is against random hands",
		"  preflop: tiger48475 folds, EricSteph261 folds, UnderMeSensi raises to $0.07, supermeXXX folds, xgz520 folds, Hero calls $0.05",
		"  turn 4c: Hero checks, UnderMeSensi bets $0.08, Hero calls $0.08",
		"  preflop Hero call facing $0.05 into $0.10 (pot odds 33.33%): equity ",
		"against ranges (UnderMeSensi top 15%: raised, the default)",
		"             low: Hero no low yet; best still makeable 5-4-3-2-A on ",
	} {
		if !strings.Contains(first, want) {
			t.Errorf("hand 1 lacks %q:\n%s", want, first)
		}
	}
	if chips := regexp.MustCompile(`(facing|into|calls|bets|to) \d`).FindString(out); chips != "" {
		t.Errorf("an amount in chips: %q in\n%s", chips, out)
	}
	if !strings.Contains(out, "  shows supermeXXX Ah2hKh2s (three of a kind, deuces; low 6-5-4-2-A)") {
		t.Errorf("no named showdown:\n%s", out)
	}
}

// Expectations are written to the cent, never to four decimals ($0.5716).
func TestAnalyzeTextExpectationsToTheCent(t *testing.T) {
	t.Parallel()
	exp := 57.16
	h := &handhistory.Hand{Table: handhistory.Table{ChipUnit: "0.01", Currency: "USD"}}
	a := &analysis.Analysis{AllIn: &analysis.AllIn{Street: "flop", Board: "2c3c4c"},
		Results: []analysis.PlayerResult{{Player: "Ann", Net: 100, Expected: &exp, AdjustedNet: exp, Luck: 100 - exp}}}
	got := analysisText(analysis.Verdict{File: "f", Hand: 1, Players: []string{"Ann"}}, a, h)
	if want := "Ann expected +$0.57 actual +$1.00 (luck +$0.43)"; !strings.Contains(got, want) {
		t.Errorf("lacks %q:\n%s", want, got)
	}
}

// A10: the opponent raised before the flop, no store: his range is the
// default 15%, and the turn decision's equity against it is what `scoop
// equity HERO 15% --board TURN` answers, within four standard errors.
func TestAnalyzeRangeEquityMatchesScoopEquity(t *testing.T) {
	t.Parallel()
	code, out, errs := runReplayCmd("analyze", "--json", sessionFile)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var a struct {
		Decisions []analysis.Decision `json:"decisions"`
	}
	if err := json.Unmarshal([]byte(strings.SplitN(out, "\n", 2)[0]), &a); err != nil {
		t.Fatal(err)
	}
	var turn *analysis.Decision
	for i, d := range a.Decisions {
		if d.Street == "turn" && d.Player == "Hero" && d.Action == "call" {
			turn = &a.Decisions[i]
		}
	}
	if turn == nil || turn.RangeEquity == nil || len(turn.Ranges) != 1 {
		t.Fatalf("turn call %+v", turn)
	}
	if r := turn.Ranges[0]; r.Player != "UnderMeSensi" || r.Range != "15%" || r.Basis != "pfr" || !r.Default {
		t.Errorf("range %+v, want UnderMeSensi's default 15%% as a raiser", r)
	}
	code, eq, errs := runReplayCmd("equity", "--json", "2h2c3s9h", "15%", "--board", "Jd5cKc4c")
	if code != 0 {
		t.Fatalf("scoop equity: exit %d: %s", code, errs)
	}
	var res struct {
		Players []struct {
			Equity, Stderr float64
		} `json:"players"`
	}
	if err := json.Unmarshal([]byte(eq), &res); err != nil {
		t.Fatal(err)
	}
	want := res.Players[0]
	if se := math.Hypot(*turn.RangeStderr, want.Stderr); math.Abs(*turn.RangeEquity-want.Equity) > 4*se {
		t.Errorf("range equity %.4f±%.4f, scoop equity 2h2c3s9h 15%% %.4f±%.4f", *turn.RangeEquity, *turn.RangeStderr, want.Equity, want.Stderr)
	}
}
