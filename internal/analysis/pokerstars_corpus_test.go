package analysis

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/handhistory"
)

const psCorpus = "../handhistory/testdata/pokerstars"

// readPSCorpus reads every PokerStars corpus file through Detect and Read.
func readPSCorpus(t testing.TB) map[string][]handhistory.Entry {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(psCorpus, "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus files in %s: %v", psCorpus, err)
	}
	out := map[string][]handhistory.Entry{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		format, err := handhistory.Detect(f, data)
		if err != nil || format != handhistory.FormatPokerStars {
			t.Fatalf("%s: detected %q, %v", f, format, err)
		}
		es, err := handhistory.Read(format, data)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out[filepath.Base(f)] = es
	}
	return out
}

// TestCorpusPokerStarsReplaysLegalAndMatchesCollected is the acceptance
// test of the PokerStars importer: every Omaha hand of the corpus (18 O8
// fixed-limit, 22 O8 pot-limit, 74 O8 no-limit, 8 PLO high read plus one
// PLO high hand run twice) replays legal and settles, per player and to the
// chip, to what PokerStars' "collected" lines paid, rake included; the
// cancelled and run-twice hands and the other games of the 8-Game file are
// skipped with their reasons; no hand is unreadable.
func TestCorpusPokerStarsReplaysLegalAndMatchesCollected(t *testing.T) {
	t.Parallel()
	replayed := map[string]int{}
	skipped := map[string]int{}
	for file, es := range readPSCorpus(t) {
		for _, e := range es {
			switch {
			case e.Err != nil:
				t.Errorf("%s hand %d (line %d): %v", file, e.Index, e.Line, e.Err)
				continue
			case e.Skipped != "":
				reason := e.Skipped
				if strings.HasPrefix(reason, "game ") && strings.HasSuffix(reason, " is not Omaha") {
					reason = "other game"
				}
				skipped[reason]++
				continue
			}
			h := e.Hand
			v := Replay(h)
			replayed[v.Game+"/"+v.Structure]++
			where := file + " hand " + h.SiteHandID
			if !v.Legal {
				t.Errorf("%s: illegal: %+v", where, v.Error)
				continue
			}
			if v.MatchesRecord == nil || !*v.MatchesRecord {
				t.Errorf("%s: differs from the record: %+v", where, v.Differences)
			}
			o := h.Outcome
			if v.Rake != o.Rake {
				t.Errorf("%s: rake %d, recorded %d", where, v.Rake, o.Rake)
			}
			var recorded, ourReturned, siteReturned int64
			for i := range h.Players {
				// Collected is net of uncalled bets. Records differ on an
				// uncalled excess with no "Uncalled bet" line: a walk's is
				// left in the pot and collected, an old record's (2005) is
				// silently returned. Either way the player's total equals
				// ours.
				rec, ret := o.Collected[i], o.Returned[i]
				if rec != v.Payouts[i] && rec+ret != v.Payouts[i]+v.Returned[i] {
					t.Errorf("%s: %s collected %d (returned %d), we pay %d (return %d)",
						where, h.Players[i].Name, rec, ret, v.Payouts[i], v.Returned[i])
				}
				recorded += rec
				ourReturned += v.Returned[i]
				siteReturned += ret
			}
			if recorded != o.TotalPot-o.Rake {
				t.Errorf("%s: collected %d, total pot %d, rake %d", where, recorded, o.TotalPot, o.Rake)
			}
			switch {
			case len(v.Pots) != len(o.Pots):
				t.Errorf("%s: %d pots, the site has %d", where, len(v.Pots), len(o.Pots))
			case ourReturned == siteReturned:
				for k, p := range v.Pots {
					if p.Amount-p.Rake != o.Pots[k] {
						t.Errorf("%s: pot %d is %d after rake, the site's %d", where, k, p.Amount-p.Rake, o.Pots[k])
					}
				}
			}
		}
	}
	wantReplayed := map[string]int{
		"omaha-hilo/fixed-limit": 18,
		"omaha-hilo/pot-limit":   22,
		"omaha-hilo/no-limit":    74,
		"omaha-hi/pot-limit":     8,
	}
	wantSkipped := map[string]int{
		"hand cancelled":                1,
		"run it twice is not supported": 1,
		"other game":                    119,
	}
	if !mapsEqualInt(replayed, wantReplayed) {
		t.Errorf("replayed %v, want %v", replayed, wantReplayed)
	}
	if !mapsEqualInt(skipped, wantSkipped) {
		t.Errorf("skipped %v, want %v", skipped, wantSkipped)
	}
}

// TestPokerStarsEdgeCasesReplay replays hand-written PokerStars hands of
// cases the corpus lacks, each legal and settling as recorded: names with
// colons, brackets and slashes; an empty button seat; a sitting-out button
// seat with no small blind; antes with a dead "small & big blinds" post; a
// tournament player sitting out (dealt in, folds) and one out of hand
// (not dealt in); heads-up with an empty button seat.
func TestPokerStarsEdgeCasesReplay(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join(psCorpus, "edge", "edge-cases.txt"))
	if err != nil {
		t.Fatal(err)
	}
	es, err := handhistory.Read(handhistory.FormatPokerStars, data)
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 6 {
		t.Fatalf("%d hands, want 6", len(es))
	}
	for _, e := range es {
		if e.Hand == nil {
			t.Errorf("hand %d (line %d): err %v, skipped %q", e.Index, e.Line, e.Err, e.Skipped)
			continue
		}
		v := Replay(e.Hand)
		if !v.Legal || v.MatchesRecord == nil || !*v.MatchesRecord {
			t.Errorf("hand %d (line %d): legal %v, error %+v, differences %+v", e.Index, e.Line, v.Legal, v.Error, v.Differences)
		}
	}
}

func mapsEqualInt(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestCorpusPokerStarsSettlements pins the pot-by-pot settlement of hands
// that exercise side pots, split and quartered pots.
func TestCorpusPokerStarsSettlements(t *testing.T) {
	t.Parallel()
	corpus := readPSCorpus(t)
	tests := []struct {
		name, file string
		index      int
		// want are "pot after rake: hi winners / lo winners" per pot.
		want []string
	}{
		{"three pots, all high", "fpdb3__cash__Stars__Flop__PLO-FR-USD-0.01-0.02-201006.sidepots.txt", 2,
			[]string{"235: Player0 235 /", "88: Player0 88 /", "29: Player2 29 /"}},
		{"fixed-limit hi/lo, the other player mucks: one player takes the whole pot", "gitpan-Games-Poker-HistoryParser__t__Sites_Stars_O8.t__RAW.txt", 1,
			[]string{"3400: Player_7 3400 /"}},
		{"quartered: a main pot of three and a side pot of two", "fpdb3__tour__Stars__Flop__PLO8-9max-USD-STT-5.00-200505.hero.quartered.txt", 1,
			[]string{"4765: Player2 2383 / Hero 1191, Player5 1191", "86: Hero 43 / Hero 21, Player5 22"}},
		{"hi/lo split with a tied low, odd chip to the high", "hhsmithy__PokerStars__CashGame__GameTypeTests__NoLimitOmahaHiLo.txt", 1,
			[]string{"1910: Mindster 955 / Aphily8 478, Mindster 477"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			es := corpus[tt.file]
			if len(es) < tt.index || es[tt.index-1].Hand == nil {
				t.Fatalf("hand %d of %s not read", tt.index, tt.file)
			}
			v := Replay(es[tt.index-1].Hand)
			if !v.Legal {
				t.Fatalf("illegal: %+v", v.Error)
			}
			var got []string
			for _, p := range v.Pots {
				got = append(got, strings.TrimSpace(fmt.Sprintf("%d: %s / %s", p.Amount-p.Rake, shareList(p.Hi), shareList(p.Lo))))
			}
			if strings.Join(got, "; ") != strings.Join(tt.want, "; ") {
				t.Errorf("pots\n got %q\nwant %q", got, tt.want)
			}
		})
	}
}

// shareList formats a half's winners sorted by name: "a 10, b 5".
func shareList(m map[string]int64) string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = fmt.Sprintf("%s %d", n, m[n])
	}
	return strings.Join(parts, ", ")
}

// BenchmarkParseReplayPokerStars reads every corpus file and replays every
// Omaha hand; it reports the Omaha hands parsed and replayed per second
// (target: 20,000 on one core, run with -cpu 1).
func BenchmarkParseReplayPokerStars(b *testing.B) {
	files, err := filepath.Glob(filepath.Join(psCorpus, "*.txt"))
	if err != nil || len(files) == 0 {
		b.Fatalf("no corpus files: %v", err)
	}
	var datas [][]byte
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		datas = append(datas, data)
	}
	hands := 0
	b.ReportAllocs()
	for b.Loop() {
		for _, d := range datas {
			es, err := handhistory.Read(handhistory.FormatPokerStars, d)
			if err != nil {
				b.Fatal(err)
			}
			for _, e := range es {
				if e.Hand == nil {
					continue
				}
				if v := Replay(e.Hand); !v.Legal {
					b.Fatalf("hand %s illegal: %v", e.Hand.SiteHandID, v.Error)
				}
				hands++
			}
		}
	}
	b.ReportMetric(float64(hands)/b.Elapsed().Seconds(), "hands/s")
}
