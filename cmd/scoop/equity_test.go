package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/equity"
)

func runScoop(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Run(context.Background(), args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func TestEquityJSONShape(t *testing.T) {
	code, out, errs := runScoop(t, "equity", "--json", "As2s3dKd", "QhQcJhTc", "--board", "4c7hKh")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if strings.Count(strings.TrimSpace(out), "\n") != 0 {
		t.Errorf("want one JSON line, got %q", out)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out)
	}
	for _, k := range []string{"game", "board", "dead", "mode", "boards", "no_low", "players", "elapsed_ms", "exact"} {
		if _, ok := m[k]; !ok {
			t.Errorf("JSON has no %q: %s", k, out)
		}
	}
	if m["game"] != "omaha-hilo" || m["board"] != "4c7hKh" || m["mode"] != "exhaustive" || m["boards"] != float64(820) {
		t.Errorf("game/board/mode/boards: %v %v %v %v", m["game"], m["board"], m["mode"], m["boards"])
	}
	players, _ := m["players"].([]any)
	if len(players) != 2 {
		t.Fatalf("players: %v", m["players"])
	}
	p0, _ := players[0].(map[string]any)
	for _, k := range []string{"hand", "equity", "hi_win", "hi_tie", "lo_win", "lo_tie", "scoop", "stderr"} {
		if _, ok := p0[k]; !ok {
			t.Errorf("player has no %q: %v", k, p0)
		}
	}
	if p0["hand"] != "As2s3dKd" || p0["equity"] != 1061.0/1640 {
		t.Errorf("player 0: %v", p0)
	}
}

func TestEquityTable(t *testing.T) {
	code, out, errs := runScoop(t, "equity", "--game", "omaha-hilo", "As2s3dKd", "QhQcJhTc", "--board", "4c7hKh")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	for _, want := range []string{"hand", "equity", "hi win", "hi tie", "lo win", "lo tie", "scoop",
		"As2s3dKd", "64.70%", "43.90%", "76.83%", "QhQcJhTc", "35.30%", "mode exhaustive", "820 boards", "no low 23.17%", " ms"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
}

func TestEquityMonteCarloFlags(t *testing.T) {
	args := []string{"equity", "--json", "--mode", "montecarlo", "--trials", "5000", "--seed", "9", "--game", "omaha-hi",
		"--dead", "2c", "As2s3dKd", "QhQcJhTc", "5h5d6c7c"}
	code, out, errs := runScoop(t, args...)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var m struct {
		Game    string  `json:"game"`
		Dead    string  `json:"dead"`
		Mode    string  `json:"mode"`
		Boards  int64   `json:"boards"`
		Seed    *uint64 `json:"seed"`
		NoLow   float64 `json:"no_low"`
		Players []struct {
			Equity, Stderr, LoWin float64
		} `json:"players"`
	}
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatal(err)
	}
	if m.Game != "omaha-hi" || m.Dead != "2c" || m.Mode != "montecarlo" || m.Boards != 5000 || m.Seed == nil || *m.Seed != 9 || len(m.Players) != 3 {
		t.Errorf("flags not honoured: %s", out)
	}
	for i, p := range m.Players {
		if p.Stderr <= 0 || p.LoWin != 0 {
			t.Errorf("player %d: %+v", i, p)
		}
	}
	// Same seed, same answer.
	_, again, _ := runScoop(t, args...)
	strip := func(s string) string { return s[:strings.Index(s, `"elapsed_ms"`)] }
	if strip(again) != strip(out) {
		t.Errorf("same seed, different results:\n%s\n%s", out, again)
	}
}

func TestEquityBadInput(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"unknown card", []string{"As2s3dKe", "QhQcJhTc"}, "hands[0]"},
		{"duplicate card", []string{"As2s3dKd", "QhQcJhTc", "--board", "As7hKh"}, "duplicate card As"},
		{"hand of three cards", []string{"As2s3d", "QhQcJhTc"}, "want 4 cards"},
		{"six board cards", []string{"As2s3dKd", "QhQcJhTc", "--board", "4c7hKh5c6c8c"}, "at most 5"},
		{"one hand", []string{"As2s3dKd"}, "want 2 to 10 hands"},
		{"eleven hands", []string{"2c2d2h2s", "3c3d3h3s", "4c4d4h4s", "5c5d5h5s", "6c6d6h6s", "7c7d7h7s", "8c8d8h8s", "9c9d9h9s", "TcTdThTs", "JcJdJhJs", "QcQdQhQs"}, "got 11"},
		{"deck too small", []string{"2c2d2h2s", "3c3d3h3s", "4c4d4h4s", "5c5d5h5s", "6c6d6h6s", "7c7d7h7s", "8c8d8h8s", "9c9d9h9s", "TcTdThTs", "JcJdJhJs", "--dead", "QcQdQhQsKcKdKhKsAc"}, "leave 3 in the deck"},
		{"unknown game", []string{"--game", "holdem", "As2s3dKd", "QhQcJhTc"}, "unknown game"},
		{"unknown mode", []string{"--mode", "quick", "As2s3dKd", "QhQcJhTc"}, "unknown mode"},
		{"zero trials", []string{"--trials", "0", "As2s3dKd", "QhQcJhTc"}, "trials: want 1 to 10000000 trials, got 0"},
		{"negative trials", []string{"--trials", "-3", "As2s3dKd", "QhQcJhTc"}, "trials: want 1 to 10000000 trials, got -3"},
		{"bad trials", []string{"--trials", "many", "As2s3dKd", "QhQcJhTc"}, "trials"},
		{"trials over equity.MaxTrials", []string{"--mode", "montecarlo", "--trials", strconv.Itoa(equity.MaxTrials + 1), "As2s3dKd", "QhQcJhTc"}, "trials: want 1 to " + strconv.Itoa(equity.MaxTrials) + " trials"},
		{"trials with exhaustive", []string{"--mode", "exhaustive", "--trials", "1000", "As2s3dKd", "QhQcJhTc"}, "trials: trials apply only when Monte Carlo runs (mode auto or montecarlo), not to mode exhaustive"},
		{"trials before exhaustive", []string{"--trials", "1000", "As2s3dKd", "QhQcJhTc", "--mode", "exhaustive"}, "trials: trials apply only when Monte Carlo runs"},
		{"unknown flag", []string{"--fast", "As2s3dKd", "QhQcJhTc"}, "fast"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := runScoop(t, append([]string{"equity"}, tt.args...)...)
			if code != 2 {
				t.Errorf("exit %d, want 2 (stderr %q)", code, errs)
			}
			if out != "" {
				t.Errorf("stdout %q, want nothing", out)
			}
			if strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "scoop equity: ") || !strings.Contains(errs, tt.want) {
				t.Errorf("stderr %q: want one line \"scoop equity: ...%s...\"", errs, tt.want)
			}
			if strings.Contains(errs, "goroutine") || strings.Contains(errs, "panic") {
				t.Errorf("stack trace on stderr: %q", errs)
			}
		})
	}
}

func TestEquityHelp(t *testing.T) {
	code, _, errs := runScoop(t, "equity", "-h")
	if code != 0 || !strings.Contains(errs, "usage: scoop equity") || !strings.Contains(errs, "-trials") ||
		!strings.Contains(errs, "1,086,008 boards), so auto is always exact") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

func TestEquityRanges(t *testing.T) {
	code, out, errs := runScoop(t, "equity", "--board", "Kh7c3d", "AsAhKs2d", "AA**")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	for _, want := range []string{"combos", "AsAhKs2d", "AA**", " 903 ", "mode exhaustive", "740460 boards"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	code, out, errs = runScoop(t, "equity", "--json", "--trials", "20000", "--seed", "3", "As2sKd3d", "AA**", "15%")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var m struct {
		Mode    string `json:"mode"`
		Boards  int64  `json:"boards"`
		Combos  []int  `json:"combos"`
		Players []struct {
			Hand           string
			Equity, Stderr float64
		} `json:"players"`
	}
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if m.Mode != "montecarlo" || m.Boards != 20000 || len(m.Players) != 3 || len(m.Combos) != 3 || m.Combos[0] != 1 || m.Combos[1] < 1000 {
		t.Fatalf("JSON: %s", out)
	}
	sum := 0.0
	for i, p := range m.Players {
		sum += p.Equity
		if p.Hand != []string{"AsKd3d2s", "AA**", "15%"}[i] || p.Stderr <= 0 {
			t.Errorf("player %d: %+v", i, p)
		}
	}
	if sum < 0.999 || sum > 1.001 {
		t.Errorf("equities sum to %v", sum)
	}
}

func TestEquityList(t *testing.T) {
	code, out, errs := runScoop(t, "equity", "--list", "1000", "AxAyxy")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	first, rest, _ := strings.Cut(out, "\n")
	seen := map[string]bool{}
	for _, f := range strings.Fields(rest) {
		seen[f] = len(f) == 8 && strings.Count(f, "A") == 2
	}
	if first != "hands[0] AxAyxy: 864 combinations" || len(seen) != 864 {
		t.Errorf("listing of AxAyxy: %q and %d distinct combinations", first, len(seen))
	}
	for f, ok := range seen {
		if !ok {
			t.Errorf("listed %q", f)
		}
	}
	code, out, errs = runScoop(t, "equity", "--list", "5", "--json", "--board", "Ad7c3d", "AsAhKs2d", "AA**")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var m struct {
		Ranges []struct {
			Hand          string
			Total, Combos int
			Sample        []string
		}
	}
	if err := json.Unmarshal([]byte(out), &m); err != nil || len(m.Ranges) != 2 {
		t.Fatalf("%v: %s", err, out)
	}
	// One ace is left (Ac): AA** needs two, so nothing remains.
	if r := m.Ranges[1]; r.Hand != "AA**" || r.Total != 6961 || r.Combos != 0 || len(r.Sample) != 0 {
		t.Errorf("AA** with three aces out: %+v", r)
	}
}

func TestEquityRangeBadInput(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"range syntax", []string{"As2s3dKd", "AA**,"}, "hands[1]: column 6: want a hand pattern"},
		{"lower-case rank", []string{"As2s3dKd", "Ak**"}, "hands[1]: column 2: unknown symbol 'k' (ranks are upper case"},
		{"card written twice", []string{"As2s3dKd", "AsAs**"}, "hands[1]: column 3: duplicate card As"},
		{"empty after removal", []string{"AsAhKs2d", "AAA*", "--board", "Ad7c3d"}, "hands[1]: the range AAA* holds no hand"},
		{"ranges never compatible", []string{"AAA*", "AA**"}, "hands: the ranges of hands[0] (AAA*), hands[1] (AA**) cannot be dealt together: they need 5 of the aces, 4 are left"},
		{"fixed hand on the board", []string{"As2s3dKd", "KK**", "--board", "As7h8h"}, "board: duplicate card As: in hands[0] and in board"},
		{"exhaustive too large", []string{"--mode", "exhaustive", "As2s3dKd", "15%"}, "mode: exhaustive would settle"},
		{"list zero", []string{"--list", "0", "AA**"}, "list: want 1 to 10000 combinations, got 0"},
		{"list bad range", []string{"--list", "3", "AA**", "[A-"}, "hands[1]: column 4: want a rank after -"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := runScoop(t, append([]string{"equity"}, tt.args...)...)
			if code != 2 || out != "" {
				t.Errorf("exit %d, stdout %q: want 2 and nothing", code, out)
			}
			if strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "scoop equity: ") || !strings.Contains(errs, tt.want) {
				t.Errorf("stderr %q: want one line \"scoop equity: ...%s...\"", errs, tt.want)
			}
		})
	}
}

func TestEquityOmahaHiHidesLoAndScoopColumns(t *testing.T) {
	code, out, errs := runScoop(t, "equity", "--game", "omaha-hi", "--board", "4c7hKh", "As2s3dKd", "QhQcJhTc")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	header := strings.SplitN(out, "\n", 2)[0]
	for _, col := range []string{"lo win", "lo tie", "scoop"} {
		if strings.Contains(header, col) {
			t.Errorf("omaha-hi header has %q: %q", col, header)
		}
	}
	if !strings.Contains(header, "equity") || !strings.Contains(header, "hi tie") {
		t.Errorf("header lost its hi columns: %q", header)
	}
	if strings.Contains(out, "no low") {
		t.Errorf("omaha-hi footer names the low:\n%s", out)
	}
}

func TestEquityUnquotedHandHint(t *testing.T) {
	code, out, errs := runScoop(t, "equity", "As", "2s", "3d", "Kd", "QhQcJhTc")
	if code != 2 || out != "" {
		t.Fatalf("exit %d, stdout %q; want 2 and nothing", code, out)
	}
	if strings.Count(errs, "\n") != 1 || !strings.Contains(errs, `hands[0] "As"`) || !strings.Contains(errs, "quote") {
		t.Errorf("stderr %q: want one line naming hands[0] and hinting to quote", errs)
	}
}

func TestEquityHelpExplainsColumns(t *testing.T) {
	code, _, errs := runScoop(t, "equity", "--help")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"hi win", "lo tie", "scoop   both halves", "stderr", "combos"} {
		if !strings.Contains(errs, want) {
			t.Errorf("equity --help lacks %q", want)
		}
	}
}

func TestEquityBoardOfTwoCardsIsAnError(t *testing.T) {
	code, _, errs := runScoop(t, "equity", "--board", "4c7h", "As2s3dKd", "QhQcJhTc")
	if code != 2 || !strings.Contains(errs, "a board has 0, 3, 4 or 5 cards, got 2") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}
