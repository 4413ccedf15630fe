package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

type outcomesJSON struct {
	Mode    string `json:"mode"`
	Boards  int64  `json:"boards"`
	Combos  []int  `json:"combos"`
	Players []struct {
		Hand      string  `json:"hand"`
		Quartered float64 `json:"quartered"`
		LoTie     float64 `json:"lo_tie"`
		Outcomes  []struct {
			Share       string   `json:"share"`
			Boards      int64    `json:"boards"`
			Probability float64  `json:"probability"`
			Stderr      *float64 `json:"stderr"`
		} `json:"outcomes"`
	} `json:"players"`
	ReadAsRange []struct {
		Field, Hand, Example, Message string
		Combos                        int
	} `json:"read_as_range"`
}

// TestEquityOutcomesColumns: the Hi/Lo table has the scoop, 3/4, 1/2,
// 1/4 and quartered columns with the numbers of --json's outcomes, and
// --outcomes adds every share; omaha-hi has none of them.
func TestEquityOutcomesColumns(t *testing.T) {
	args := []string{"equity", "As2s3dKd", "Ah2h5c5d", "QhQcJhTc", "--board", "4c7h8h"}
	code, out, errs := runScoop(t, append(args, "--json")...)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var m outcomesJSON
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatal(err)
	}
	code, table, errs := runScoop(t, args...)
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if !strings.Contains(table, "scoop     3/4     1/2     1/4  quartered") {
		t.Errorf("table lacks the share columns:\n%s", table)
	}
	for _, p := range m.Players {
		cell := map[string]string{}
		for _, o := range p.Outcomes {
			cell[o.Share] = fmt.Sprintf("%.2f%%", 100*o.Probability)
		}
		line := ""
		for _, l := range strings.Split(table, "\n") {
			if strings.HasPrefix(strings.TrimSpace(l), p.Hand) {
				line = l
			}
		}
		f := strings.Fields(line)
		if len(f) != 11 || f[8] != cell["1/2"] || f[7] != or0(cell["3/4"]) || f[9] != or0(cell["1/4"]) ||
			f[10] != fmt.Sprintf("%.2f%%", 100*p.Quartered) || p.Quartered != p.LoTie {
			t.Errorf("%s: row %q, outcomes %+v quartered %v", p.Hand, line, p.Outcomes, p.Quartered)
		}
	}
	if m.Players[0].Quartered == 0 {
		t.Errorf("two ace-deuces on 4c7h8h never quarter: %+v", m.Players[0])
	}
	code, full, _ := runScoop(t, append(args, "--outcomes")...)
	if code != 0 || !strings.Contains(full, "hand      1     3/4     1/2     1/4       0") {
		t.Errorf("--outcomes: exit %d\n%s", code, full)
	}
	code, hi, _ := runScoop(t, "equity", "--game", "omaha-hi", "As2s3dKd", "QhQcJhTc", "--board", "4c7h8h")
	if code != 0 || strings.Contains(hi, "quartered") || strings.Contains(hi, "3/4") {
		t.Errorf("omaha-hi: exit %d\n%s", code, hi)
	}
}

func or0(s string) string {
	if s == "" {
		return "0.00%"
	}
	return s
}

// TestEquityTypoReadAsRange: a hand with a mistyped card is a range, and
// scoop equity says so on standard error, in one line, with the
// combinations it holds and a hand of four cards; --json keeps combos and
// read_as_range. A text of four cards says nothing.
func TestEquityTypoReadAsRange(t *testing.T) {
	code, out, errs := runScoop(t, "equity", "As2s3dKx", "QhQcJhTc", "--board", "4c7h8h")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	const want = "As2s3dKx read as a range (2 combos); a hand is four cards such as AsKh3d2s\n"
	if errs != want {
		t.Errorf("stderr %q, want %q", errs, want)
	}
	if !strings.Contains(out, "combos") {
		t.Errorf("table without combos:\n%s", out)
	}
	code, out, errs = runScoop(t, "equity", "--json", "QhQcJhXc", "As2s3dKd", "--board", "4c7h8h")
	if code != 0 || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "QhQcJhXc read as a range (") {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var m outcomesJSON
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatal(err)
	}
	if len(m.ReadAsRange) != 1 || m.ReadAsRange[0].Field != "hands[0]" || m.ReadAsRange[0].Hand != "QhQcJhXc" ||
		m.ReadAsRange[0].Combos != m.Combos[0] || m.ReadAsRange[0].Message+"\n" != errs {
		t.Errorf("read_as_range %+v, combos %v, stderr %q", m.ReadAsRange, m.Combos, errs)
	}
	code, _, errs = runScoop(t, "equity", "As2s3dKd", "QhQcJhTc", "--board", "4c7h8h")
	if code != 0 || errs != "" {
		t.Errorf("four cards: exit %d, stderr %q", code, errs)
	}
}
