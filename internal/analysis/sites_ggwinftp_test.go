package analysis

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
)

// sitesDir holds the real GGPoker, Winamax, Full Tilt and PokerStars-format
// (Run It Once, Upoker) files, copied verbatim from public repositories'
// test fixtures (handhistory/SITE/testdata).
const sitesDir = "../handhistory"

// siteFile is the path of a site reader's test file, name "SITE/FILE".
func siteFile(name string) string {
	site, file, _ := strings.Cut(name, "/")
	return filepath.Join(sitesDir, site, "testdata", file)
}

// siteFiles lists a site reader's test files (its testdata, the fuzz
// corpus and notes aside).
func siteFiles(site string) ([]string, error) {
	all, err := filepath.Glob(filepath.Join(sitesDir, site, "testdata", "*"))
	var out []string
	for _, f := range all {
		if st, err := os.Stat(f); err == nil && !st.IsDir() && !strings.HasSuffix(f, ".md") {
			out = append(out, f)
		}
	}
	return out, err
}

// siteFileOutcome pins what one corpus file gives: its hands read,
// skipped (with reasons), unreadable (with the line and message), and of
// the hands read how many replay legal and settle to the record; every
// illegal hand's message and every difference from the record, by hand id.
type siteFileOutcome struct {
	format     handhistory.Format
	hands      int
	skipped    map[int]string // hand index -> reason prefix
	unreadable map[int]string // hand index -> "line N: message substring"
	legal      int
	matching   int
	illegal    map[string]string // hand id -> message substring
	diffs      map[string]string // hand id -> the differences, as diffString
	runs       map[string]int    // hand id -> runs, for hands run more than once
}

// diffString writes differences as "player field recorded->replayed"
// (with "run N" when per run), sorted.
func diffString(ds []Difference) string {
	var out []string
	for _, d := range ds {
		s := fmt.Sprintf("%s %s %d->%d", d.Player, d.Field, d.Recorded, d.Replayed)
		if d.Run > 0 {
			s += fmt.Sprintf(" run %d", d.Run)
		}
		out = append(out, s)
	}
	sort.Strings(out)
	return strings.Join(out, "; ")
}

var siteOutcomes = map[string]siteFileOutcome{
	// GGPoker: 111 hands, 111 replayed.
	//
	// "Cash Drop to Pot : total $0.2" is the site's money (AddedToPot):
	// with it in the pot, "raises $0.35 to $0.41" is exactly the pot-limit
	// maximum (R7: 6 + 1 + 2 + 6 + 20 + 6 to call), and the $2.81 total pot
	// (players' $2.61 and the $0.20) less $0.08 rake and jackpot is the
	// $2.73 collected.
	"ggpoker/fpdb3__cash__GGPoker__Flop__PLO-6max-USD-0.01-0.02-202104.STP.txt": {
		format: handhistory.FormatGGPoker, hands: 1, legal: 1, matching: 1,
	},
	"ggpoker/fpdb3__cash__GGPoker__Flop__PLO-6max-USD-0.50-1.00-202004.txt": {
		format: handhistory.FormatGGPoker, hands: 41, legal: 41, matching: 40,
		// All-in insurance: the pot settles as GGPoker paid it; the $4
		// premium paid outside the pot is the player's finishing-stack
		// difference.
		diffs: map[string]string{"OM181427480": "23aca38f finishing_stack 3350->3750"},
	},
	// "Hand was run two times" (2021), besides "Hand was run twice".
	"ggpoker/fpdb3__cash__GGPoker__Flop__PLO-6max-USD-2-5-202101.RIT.txt": {
		format: handhistory.FormatGGPoker, hands: 1, legal: 1, matching: 1,
		runs: map[string]int{"OM232657303": 2},
	},
	"ggpoker/fpdb3__cash__GGPoker__Flop__PLO-6max-USD-2-5-202106.run.it.thrice.txt": {
		format: handhistory.FormatGGPoker, hands: 1, legal: 1, matching: 1,
		runs: map[string]int{"OM260919438": 3},
	},
	"ggpoker/fpdb3__tour__GGPoker__Flop__PLO-6max-MTT-USD-1k-202006.txt": {
		format: handhistory.FormatGGPoker, hands: 67, legal: 67, matching: 67,
	},
	// Winamax: 67 hands, 66 read.
	"winamax/fpdb3__cash__Winamax__Flop__PLO-5max-EUR-1.00-2.00-201407.ante.raise.txt": {
		format: handhistory.FormatWinamax, hands: 2, legal: 1, matching: 1,
		// The blinds' "raises 1€ to 3€" is a 2€ live bet in the first hand
		// (calls of 2€) and a 3€ one in the second ("raises 5€ to 8€"):
		// the record contradicts itself.
		unreadable: map[int]string{2: "line 59: Hero raises by €5.00 to €8.00, but the current bet is €2.00, not €3.00"},
	},
	"winamax/fpdb3__cash__Winamax__Flop__PLO-5max-EUR-1.00-2.00-201611.post.both.txt": {
		format: handhistory.FormatWinamax, hands: 1, legal: 1, matching: 1,
	},
	"winamax/fpdb3__cash__Winamax__Flop__PLO-5max-EUR-2.00-4.00-201412.sb.oop.txt": {
		format: handhistory.FormatWinamax, hands: 1, legal: 1, matching: 1,
	},
	"winamax/fpdb3__cash__Winamax__Flop__PLO-FR-EUR-0.02-0.05-201009.Sample": {
		format: handhistory.FormatWinamax, hands: 60, legal: 59, matching: 59,
		// Winamax records a river raise over an all-in bet nobody can call.
		illegal: map[string]string{"270777-205-1284852281": "raise to €0.76 is not allowed: no other player can call a raise (R9)"},
	},
	"winamax/fpdb3__cash__Winamax__Flop__PLO8-2max-play-0.05-0.10-201610.export.txt": {
		format: handhistory.FormatWinamax, hands: 1, legal: 1, matching: 1,
	},
	"winamax/hhsmithy__Winamax__CashGame__GameTypeTests__PotLimitOmaha.txt": {
		format: handhistory.FormatWinamax, hands: 1, legal: 1, matching: 1,
	},
	"winamax/hhsmithy__Winamax__CashGame__PlayerTests__OmahaShowdown.txt": {
		format: handhistory.FormatWinamax, hands: 1, legal: 1, matching: 1,
	},
	// Full Tilt: 10 hands, 10 replayed.
	"fulltilt/fpdb3__cash__FTP__Flop__LO8-6max-USD-200-400.200610.Observed.Hand.with.chat.txt": {
		format: handhistory.FormatFullTilt, hands: 1, legal: 1, matching: 1,
	},
	"fulltilt/fpdb3__cash__FTP__Flop__PLO-6max-USD-2.00-4.00-201211.RIT.new.format.txt": {
		format: handhistory.FormatFullTilt, hands: 1, legal: 1, matching: 1,
		runs: map[string]int{"31319837969": 2},
	},
	"fulltilt/fpdb3__cash__FTP__Flop__PLO-6max-USD-2.00-4.00-201211.no.win.line.txt": {
		format: handhistory.FormatFullTilt, hands: 1, legal: 1, matching: 0,
		// No win line: the record says nobody collected.
		diffs: map[string]string{"31318808612": "jflex1989 collected 0->4180"},
	},
	"fulltilt/fpdb3__cash__FTP__Flop__PLO-6max-USD-25-50.201012.Run.it.Twice.Archive.Shallow.txt": {
		format: handhistory.FormatFullTilt, hands: 1, legal: 1, matching: 1,
		runs: map[string]int{"26063988000": 2},
	},
	"fulltilt/fpdb3__cash__FTP__Flop__PLO-6max-USD-5.00-10.00-201010.CAP.txt": {
		format: handhistory.FormatFullTilt, hands: 1, legal: 1, matching: 1,
	},
	"fulltilt/hhsmithy__FullTilt__CashGame__GameTypeTests__FixedLimitOmahaHiLo.txt": {
		format: handhistory.FormatFullTilt, hands: 1, legal: 1, matching: 0,
		// Full Tilt split the $7.75 pot $3.90 high / $3.85 low (a 5-cent
		// odd chip); the rules split to the cent (R18).
		diffs: map[string]string{"33727835942": "Greszik collected 390->388; SomeStupid collected 385->387"},
	},
	"fulltilt/hhsmithy__FullTilt__CashGame__GameTypeTests__NoLimitOmahaHiLo.txt": {
		format: handhistory.FormatFullTilt, hands: 1, legal: 1, matching: 1,
	},
	"fulltilt/hhsmithy__FullTilt__CashGame__GameTypeTests__PotLimitOmahaHiLo.txt": {
		format: handhistory.FormatFullTilt, hands: 1, legal: 1, matching: 1,
	},
	"fulltilt/hhsmithy__FullTilt__CashGame__Limits__Limit5.txt": {
		format: handhistory.FormatFullTilt, hands: 1, legal: 1, matching: 1,
	},
	"fulltilt/hhsmithy__FullTilt__CashGame__PlayerTests__OmahaHiLoShowdown.txt": {
		format: handhistory.FormatFullTilt, hands: 1, legal: 1, matching: 1,
	},
}

// TestSitesGGWinFTPCorpus is the acceptance test of the GGPoker, Winamax
// and Full Tilt readers: every corpus file is detected from its content,
// read, and each hand replayed; the outcome of each file is pinned, and
// every hand that does not replay legal and settle to the record is one
// whose record is odd, with the reason the verdict gives.
func TestSitesGGWinFTPCorpus(t *testing.T) {
	t.Parallel()
	seen := 0
	for _, site := range []string{"ggpoker", "winamax", "fulltilt"} {
		files, err := siteFiles(site)
		if err != nil || len(files) == 0 {
			t.Fatalf("no %s corpus: %v", site, err)
		}
		for _, f := range files {
			key := site + "/" + filepath.Base(f)
			want, ok := siteOutcomes[key]
			if !ok {
				t.Errorf("%s: no pinned outcome", key)
				continue
			}
			seen++
			t.Run(key, func(t *testing.T) {
				t.Parallel()
				checkSiteFile(t, f, want)
			})
		}
	}
	if seen != len(siteOutcomes) {
		t.Errorf("%d pinned files, %d found", len(siteOutcomes), seen)
	}
}

func checkSiteFile(t *testing.T, path string, want siteFileOutcome) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	format, err := handhistory.Detect(filepath.Base(path), data)
	if err != nil || format != want.format {
		t.Fatalf("Detect = %q, %v; want %q", format, err, want.format)
	}
	es, err := handhistory.Read(format, data)
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != want.hands {
		t.Fatalf("%d entries, want %d", len(es), want.hands)
	}
	legal, matching := 0, 0
	for _, e := range es {
		v := FromEntry(e)
		switch {
		case e.Err != nil:
			var fe *fault.Error
			if !errors.As(e.Err, &fe) || fe.Kind != fault.Invalid {
				t.Errorf("hand %d: error %v is not an Invalid *fault.Error", e.Index, e.Err)
			}
			w, ok := want.unreadable[e.Index]
			if got := fmt.Sprintf("line %d: %s", fe.Line, fe.Message); !ok || !strings.HasPrefix(got, w) {
				t.Errorf("hand %d unreadable: %s; want %q", e.Index, got, w)
			}
			if !v.Unreadable || v.Line != fe.Line {
				t.Errorf("hand %d: verdict %+v", e.Index, v)
			}
			continue
		case e.Skipped != "":
			if w, ok := want.skipped[e.Index]; !ok || !strings.HasPrefix(e.Skipped, w) {
				t.Errorf("hand %d skipped: %q; want %q", e.Index, e.Skipped, w)
			}
			if e.ID == "" {
				t.Errorf("hand %d skipped without its id", e.Index)
			}
			continue
		}
		id := e.Hand.SiteHandID
		if id == "" || v.ID == nil || *v.ID != id {
			t.Errorf("hand %d: id %q, verdict id %v", e.Index, id, v.ID)
		}
		if v.Legal {
			legal++
		} else if w, ok := want.illegal[id]; !ok || v.Error == nil || !strings.Contains(v.Error.Message, w) {
			t.Errorf("hand %s illegal: %+v; want %q", id, v.Error, w)
		}
		if v.MatchesRecord != nil && *v.MatchesRecord {
			matching++
		} else if v.Legal {
			if got, w := diffString(v.Differences), want.diffs[id]; got != w {
				t.Errorf("hand %s differs from the record: %s; want %q", id, got, w)
			}
		}
		if n := e.Hand.Runs(); n > 1 || want.runs[id] > 0 {
			if n != want.runs[id] || len(v.Runs) != n || len(e.Hand.Outcome.RunCollected) != n {
				t.Errorf("hand %s: run %d times (%d verdict runs, %d recorded), want %d", id, n, len(v.Runs), len(e.Hand.Outcome.RunCollected), want.runs[id])
			}
		}
	}
	if legal != want.legal || matching != want.matching {
		t.Errorf("%d legal, %d matching the record; want %d, %d", legal, matching, want.legal, want.matching)
	}
}

// benchSite reads and replays every file of a site's corpus
// (handhistory/SITE/testdata) b.N times over, reporting the hands read per
// second; every site benchmark uses it, so their figures compare.
func benchSite(b *testing.B, site string) {
	b.Helper()
	files, err := siteFiles(site)
	if err != nil || len(files) == 0 {
		b.Fatalf("no %s corpus: %v", site, err)
	}
	type file struct {
		format handhistory.Format
		data   []byte
	}
	var fs []file
	hands := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		format, err := handhistory.Detect(f, data)
		if err != nil {
			b.Fatal(err)
		}
		es, err := handhistory.Read(format, data)
		if err != nil {
			b.Fatal(err)
		}
		for _, e := range es {
			if e.Hand != nil {
				hands++
			}
		}
		fs = append(fs, file{format, data})
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		for _, f := range fs {
			es, err := handhistory.Read(f.format, f.data)
			if err != nil {
				b.Fatal(err)
			}
			for _, e := range es {
				_ = FromEntry(e)
			}
		}
	}
	b.ReportMetric(float64(hands*b.N)/b.Elapsed().Seconds(), "hands/s")
}

// BenchmarkSiteGGPoker parses and replays the GGPoker corpus (110 hands).
func BenchmarkSiteGGPoker(b *testing.B) { benchSite(b, "ggpoker") }

// BenchmarkSiteWinamax parses and replays the Winamax corpus (67 hands).
func BenchmarkSiteWinamax(b *testing.B) { benchSite(b, "winamax") }

// BenchmarkSiteFullTilt parses and replays the Full Tilt corpus (10 hands).
func BenchmarkSiteFullTilt(b *testing.B) { benchSite(b, "fulltilt") }
