package pokerstars_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/pokerstars"
	_ "github.com/scoophq/scoop/internal/handhistory/sites" // every site reader
)

// roundTripRoots are the folders whose every hand is written and read
// back: the shared corpus (beside the repository, as CI lays it out: a
// failure under CI when missing, skipped elsewhere), the repository's
// examples and the readers' own test files.
var roundTripRoots = []struct {
	dir    string
	shared bool
}{
	{"../../../../shared/corpus", true},
	{"../../../examples", false},
	{"testdata", false},
	{"../testdata", false},
	{"../ggpoker/testdata", false},
	{"../winamax/testdata", false},
	{"../fulltilt/testdata", false},
	{"../ipoker/testdata", false},
	{"../pacific/testdata", false},
	{"../party/testdata", false},
	{"../acr/testdata", false},
}

type corpusHand struct {
	name string
	hand *handhistory.Hand
}

// readTree reads every hand of every file under dir that Scoop reads.
func readTree(t *testing.T, dir string) []corpusHand {
	t.Helper()
	var out []corpusHand
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == "fuzz" || d.Name() == "golden" || d.Name() == "written" { // fuzz corpora, the readers' and this writer's goldens
				return filepath.SkipDir
			}
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		data, _, err = handhistory.Decode(data)
		if err != nil {
			return nil
		}
		f, err := handhistory.Detect(p, data)
		if err != nil {
			return nil
		}
		entries, err := handhistory.Read(f, data)
		if err != nil {
			return nil
		}
		for _, e := range entries {
			if e.Hand != nil {
				out = append(out, corpusHand{fmt.Sprintf("%s#%d", p, e.Index), e.Hand})
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// settlement is the part of a verdict a round trip keeps: everything but
// where the hand came from (file, index, line, site hand number) and the
// reader's notes, with each player's figures by name (PokerStars lists
// the players by seat, from the lowest: the order may turn).
func settlement(v analysis.Verdict) string {
	byName := func(x []int64) map[string]int64 {
		m := map[string]int64{}
		for i, n := range v.Players {
			if i < len(x) {
				m[n] = x[i]
			}
		}
		return m
	}
	runs := make([]map[string]int64, len(v.Runs))
	for k, r := range v.Runs {
		runs[k] = byName(r.Payouts)
		v.Runs[k].Payouts = nil
	}
	pots := make([]analysis.Pot, len(v.Pots))
	for k, p := range v.Pots {
		p.Eligible = slices.Sorted(slices.Values(p.Eligible))
		pots[k] = p
	}
	out := struct {
		V                         analysis.Verdict
		Payouts, Stacks, Returned map[string]int64
		RunPayouts                []map[string]int64
	}{Payouts: byName(v.Payouts), Stacks: byName(v.FinishingStacks), Returned: byName(v.Returned), RunPayouts: runs}
	v.File, v.Hand, v.Line, v.ID, v.Notes = "", 0, 0, nil, nil
	v.Payouts, v.FinishingStacks, v.Returned, v.Pots = nil, nil, nil, pots
	v.Players = slices.Sorted(slices.Values(v.Players))
	if v.Error != nil {
		e := *v.Error
		e.Index = 0 // actions are renumbered (deal-hole lines are not written)
		v.Error = &e
	}
	out.V = v
	b, _ := json.Marshal(out)
	return string(b)
}

// TestMarshalRoundTripCorpus: every hand of the corpus (every site) that
// Scoop settles, written as PokerStars text and read back by the
// PokerStars reader, replays to the same verdict and settlement (players,
// board and runs, showdown, pots, payouts, finishing stacks, returned
// bets, rake, and the comparison with the record); a hand whose record
// gives no outcome is written with Scoop's settlement
// (analysis.WithOutcome), and compared with it.
func TestMarshalRoundTripCorpus(t *testing.T) {
	total, settled := 0, 0
	for _, root := range roundTripRoots {
		if _, err := os.Stat(root.dir); err != nil {
			if root.shared && os.Getenv("CI") == "" {
				t.Logf("skipping %s: %v", root.dir, err)
				continue
			}
			t.Fatalf("%s: %v", root.dir, err)
		}
		hands := readTree(t, root.dir)
		rootSettled := 0
		for _, c := range hands {
			total++
			if !analysis.Replay(c.hand).Legal {
				continue // not settled: nothing to keep
			}
			settled++
			rootSettled++
			h, err := analysis.WithOutcome(c.hand)
			if err != nil {
				t.Errorf("%s: WithOutcome: %v", c.name, err)
				continue
			}
			// PokerStars text has no finishing stacks: the comparison
			// with the record is with what the text keeps of it.
			kept := *h
			if o := h.Outcome; o.FinishingStacks != nil {
				c := *o
				c.FinishingStacks = nil
				kept.Outcome = &c
			}
			want := analysis.Replay(&kept)
			text, err := pokerstars.Marshal(h)
			if err != nil {
				t.Errorf("%s: Marshal: %v", c.name, err)
				continue
			}
			entries, err := handhistory.Read(handhistory.FormatPokerStars, text)
			if err != nil || len(entries) != 1 || entries[0].Hand == nil {
				t.Errorf("%s: the text does not read back: %v %+v\n%s", c.name, err, entries, text)
				continue
			}
			back := entries[0].Hand
			if back.Format != "pokerstars" {
				t.Errorf("%s: read back as %s", c.name, back.Format)
			}
			got := analysis.Replay(back)
			if a, b := settlement(want), settlement(got); a != b {
				t.Errorf("%s: the verdict differs after the round trip\nwant %s\ngot  %s\n%s", c.name, a, b, text)
			}
			again, err := pokerstars.Marshal(back)
			if err != nil || string(again) != string(text) {
				t.Errorf("%s: writing the hand read back gives other text (%v)\n%s\n%s", c.name, err, text, again)
			}
		}
		t.Logf("%s: %d hands read, %d settled and round-tripped", root.dir, len(hands), rootSettled)
	}
	if settled < 300 {
		t.Errorf("%d of %d hands settled; want at least 300", settled, total)
	}
	t.Logf("in all: %d hands read, %d settled and round-tripped", total, settled)
}

var updateWritten = flag.Bool("update-written", false, "rewrite testdata/written from the writer's output")

// TestMarshalGolden pins the text written for a few hands, byte for byte
// (testdata/written/NAME.txt; go test -run TestMarshalGolden
// -update-written rewrites them): a PokerStars cash hand with side pots,
// a hand run twice, a tournament hand with antes, an Omaha Hi/Lo
// fixed-limit PHH hand (written with Scoop's settlement) and a GGPoker hand.
func TestMarshalGolden(t *testing.T) {
	for _, c := range []struct{ name, file string }{
		{"sidepots", "testdata/fpdb3__cash__Stars__Flop__PLO-FR-USD-0.01-0.02-201006.sidepots.txt"},
		{"run-twice", "testdata/fpdb3__cash__Stars__Flop__PLO-6max-USD-200-400-201505.rit.leaves.table.txt"},
		{"tournament", "testdata/fpdb3__tour__Stars__Flop__NLO8-USD-STT-201109.Knockout.sample.txt"},
		{"phh-fixed-limit", "../testdata/phh/data/wsop/2023/43/5/12.phh"},
		{"ggpoker", "../ggpoker/testdata/fpdb3__cash__GGPoker__Flop__PLO-6max-USD-0.50-1.00-202004.txt"},
	} {
		hands := readTree(t, c.file)
		if len(hands) == 0 {
			t.Fatalf("%s: no hands", c.file)
		}
		h, err := analysis.WithOutcome(hands[0].hand)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got, err := pokerstars.Marshal(h)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		golden := filepath.Join("testdata", "written", c.name+".txt")
		if *updateWritten {
			if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(golden, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%s: %v (go test -run TestMarshalGolden -update-written)", c.name, err)
		}
		if string(got) != string(want) {
			t.Errorf("%s: the text differs from %s:\ngot\n%s", c.name, golden, got)
		}
	}
}

// TestMarshalRefusesWhatItCannotWrite: a hand PokerStars text cannot hold
// is an Invalid error naming the field, and nothing is written.
func TestMarshalRefusesWhatItCannotWrite(t *testing.T) {
	base := readTree(t, "testdata/fpdb3__cash__Stars__Flop__PLO-FR-USD-0.01-0.02-201006.sidepots.txt")[0].hand
	for _, c := range []struct {
		name, field string
		change      func(h *handhistory.Hand)
	}{
		{"no outcome", "outcome", func(h *handhistory.Hand) { h.Outcome = nil }},
		{"chip unit", "table.chip_unit", func(h *handhistory.Hand) { h.Table.ChipUnit = "0.001" }},
		{"tournament cents", "table.chip_unit", func(h *handhistory.Hand) { h.Tournament, h.Table.Currency = true, "" }},
		{"uncapped", "table.uncapped_heads_up", func(h *handhistory.Hand) {
			h.Table.Structure, h.Table.SmallBet, h.Table.BigBet, h.Table.MinBet, h.Table.UncappedHeadsUp = game.FixedLimit, 2, 4, 0, true
		}},
	} {
		h := *base
		h.Table = base.Table
		c.change(&h)
		var b bytes.Buffer
		err := pokerstars.Write(&b, &h)
		var f *fault.Error
		if !errors.As(err, &f) || f.Kind != fault.Invalid || f.Field != c.field || b.Len() != 0 {
			t.Errorf("%s: got %v (field %q), %d bytes written; want an Invalid error naming %s", c.name, err, fieldOf(f), b.Len(), c.field)
		}
	}
}

func fieldOf(f *fault.Error) string {
	if f == nil {
		return ""
	}
	return f.Field
}
