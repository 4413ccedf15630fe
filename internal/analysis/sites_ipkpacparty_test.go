package analysis

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/handhistory"
)

// The iPoker, 888poker (Pacific) and PartyPoker corpus files are copied
// verbatim from public parsers' fixtures into handhistory/SITE/testdata
// (see siteFile).

// sitesOutcome says in one line what the verdict on one entry is:
// "match" (legal, settles to the record), "differs: P field rec/ours, ..."
// (legal, settles otherwise), "illegal: <message>", "skipped: <reason>",
// "unreadable: <message>".
func sitesOutcome(v Verdict) string {
	switch {
	case v.Skipped != "":
		return "skipped: " + v.Skipped
	case v.Unreadable:
		return "unreadable: " + v.Error.Message
	case !v.Legal:
		return "illegal: " + v.Error.Message
	case v.MatchesRecord == nil:
		return "no record"
	case *v.MatchesRecord:
		return "match"
	}
	var d []string
	for _, x := range v.Differences {
		d = append(d, fmt.Sprintf("%s %s %d/%d", x.Player, x.Field, x.Recorded, x.Replayed))
	}
	return "differs: " + strings.Join(d, ", ")
}

// readSitesFile detects and reads one corpus file of a site.
func readSitesFile(t testing.TB, site, file string, want handhistory.Format) []handhistory.Entry {
	t.Helper()
	path := siteFile(site + "/" + file)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := handhistory.Detect(file, data)
	if err != nil || f != want {
		t.Fatalf("%s: detected %q, %v; want %q", file, f, err, want)
	}
	es, err := handhistory.Read(f, data)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return es
}

// TestCorpusIPokerPacificPartyOutcomes pins the verdict on every hand of
// the iPoker (9 files, 12 hands), 888poker (8 files, 10 hands) and
// PartyPoker (11 files, 19 entries: 17 hands read) corpus files: each
// Omaha hand replays legal and settles to the site's amounts, rake
// included, or the verdict names the site's own inconsistency (888
// "Limit5", a hand with a small blind and no big blind in which the player
// left of the small blind acts first, replays: R5 says so):
//
//   - 888 "all.in.blind.bad.pot": the site pays Player4 76 (38 twice) of
//     a side pot of 576 that only he could win;
//   - PartyPoker "preamble.fatal": players who are not seated fold while
//     the seated button never acts;
//   - PartyPoker "chat.fix": the file ends with the next hand's first
//     line ("Game #N starts."), an incomplete hand.
func TestCorpusIPokerPacificPartyOutcomes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		site   string
		format handhistory.Format
		file   string
		want   []string // per entry
	}{
		{"ipoker", handhistory.FormatIPoker, "fpdb3__cash__iPoker__Flop__PLO-EUR-0.10-0.20-201207.CNY.currency.txt", []string{"match"}},
		{"ipoker", handhistory.FormatIPoker, "fpdb3__cash__iPoker__Flop__PLO-EUR-0.25-0.50-201605.export.bad.actions.txt", []string{"match"}},
		{"ipoker", handhistory.FormatIPoker, "fpdb3__cash__iPoker__Flop__PLO-EUR-0.50-1.00-202009.no.uncalled.xml", []string{"match"}},
		{"ipoker", handhistory.FormatIPoker, "fpdb3__cash__iPoker__Flop__PLO-EUR-5.00-10.00-201504.non.standard.player.name.txt", []string{"match"}},
		{"ipoker", handhistory.FormatIPoker, "fpdb3__cash__iPoker__Flop__PLO-USD-100.00-200.00-201307.archive.txt", []string{"match"}},
		{"ipoker", handhistory.FormatIPoker, "hhsmithy__IPoker__CashGame__GameTypeTests__PotLimitOmaha.txt", []string{"match"}},
		{"ipoker", handhistory.FormatIPoker, "hhsmithy__IPoker__CashGame__HandActionTests__BasicHand.txt", []string{"match"}},
		{"ipoker", handhistory.FormatIPoker, "hhsmithy__IPoker__CashGame__HandActionTests__PlayerParseError.txt", []string{"match"}},
		{"ipoker", handhistory.FormatIPoker, "hhsmithy__IPoker__CashGame__MultipleHandsTests__MinerFormat.txt", []string{"match", "match", "match", "match"}},

		{"pacific", handhistory.FormatPacific, "fpdb3__cash__PacificPoker__Flop__888-FLO-PM-30-60.txt", []string{"match", "match", "match"}},
		{"pacific", handhistory.FormatPacific, "fpdb3__cash__PacificPoker__Flop__888-PLO-USD-10.00-20.00-201405.dutch.txt", []string{"match"}},
		{"pacific", handhistory.FormatPacific, "fpdb3__cash__PacificPoker__Flop__PLO-6max-USD-25-50-201503.observed.hand.txt", []string{"match"}},
		{"pacific", handhistory.FormatPacific, "fpdb3__tour__PacificPoker__Flop__PLO8-USD-MTT-1.80-0.20-201306.all.in.blind.bad.pot.txt", []string{"differs: Player4 collected 76/576"}},
		{"pacific", handhistory.FormatPacific, "hhsmithy__Pacific__CashGame__GameTypeTests__NoLimitOmaha.txt", []string{"match"}},
		{"pacific", handhistory.FormatPacific, "hhsmithy__Pacific__CashGame__GameTypeTests__PotLimitOmahaHiLo.txt", []string{"match"}},
		{"pacific", handhistory.FormatPacific, "hhsmithy__Pacific__CashGame__Limits__Limit5.txt", []string{"match"}},
		{"pacific", handhistory.FormatPacific, "hhsmithy__Pacific__CashGame__PlayerTests__OmahaShowdown.txt", []string{"match"}},

		{"party", handhistory.FormatParty, "fpdb3__cash__PartyPoker__Flop__LO8-USD-20-40.201201.limit3format.txt", []string{"match"}},
		{"party", handhistory.FormatParty, "fpdb3__cash__PartyPoker__Flop__PLO-2max-USD-25-50-201710.deep.txt", []string{"match"}},
		{"party", handhistory.FormatParty, "fpdb3__cash__PartyPoker__Flop__PLO-6max-USD-0.10-0.25-202607.multi.hand.split.txt", []string{"match", "match", "match", "match"}},
		{"party", handhistory.FormatParty, "fpdb3__cash__PartyPoker__Flop__PLO8-6max-USD-1.00-2.00-201601.preamble.fatal.txt", []string{`unreadable: line 13: "holdem_AA" acts but is not seated in this hand: "holdem_AA folds"`}},
		{"party", handhistory.FormatParty, "fpdb3__tour__PartyPoker__Flop__PLO8-10max-USD-20-2-201310.chat.fix.txt", []string{"match", "skipped: incomplete hand (it stops at line 51)"}},
		{"party", handhistory.FormatParty, "hhsmithy__PartyPoker__CashGame__GameTypeTests__PotLimitOmahaHiLo.txt", []string{"match"}},
		{"party", handhistory.FormatParty, "hhsmithy__PartyPoker__CashGame__HandActionTests__PlayerLeavingTable.txt", []string{"match"}},
		{"party", handhistory.FormatParty, "hhsmithy__PartyPoker__CashGame__HandActionTests__TimeBank.txt", []string{"match"}},
		{"party", handhistory.FormatParty, "hhsmithy__PartyPoker__CashGame__MultipleHandsTests__5MultipleHands.txt", []string{"match", "match", "match", "match", "match"}},
		{"party", handhistory.FormatParty, "hhsmithy__PartyPoker__CashGame__PlayerTests__OmahaShowdown.txt", []string{"match"}},
		{"party", handhistory.FormatParty, "hhsmithy__PartyPoker__CashGame__Seats__HeadsUp.txt", []string{"match"}},
	}
	files := map[string]int{}
	for _, tt := range tests {
		files[tt.site]++
	}
	for _, site := range []string{"ipoker", "pacific", "party"} {
		all, _ := siteFiles(site)
		if len(all) != files[site] {
			t.Errorf("%s: %d corpus files, %d pinned", site, len(all), files[site])
		}
	}
	for _, tt := range tests {
		t.Run(tt.site+"/"+tt.file, func(t *testing.T) {
			t.Parallel()
			es := readSitesFile(t, tt.site, tt.file, tt.format)
			var got []string
			for _, e := range es {
				got = append(got, sitesOutcome(FromEntry(e)))
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("verdicts:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// TestSitesIPkPacPartySettlements pins a few settlements to the chip:
// what the replay pays, takes as rake and returns, from the site's own
// figures.
func TestSitesIPkPacPartySettlements(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, site  string
		format      handhistory.Format
		file        string
		hand        int
		payouts     []int64
		rake        int64
		returned    []int64
		board, game string
	}{
		// iPoker, a win leaving out the uncalled bet (client 20): the big
		// blind's walk, 50 back and the 100 pot won, no rake.
		{"ipoker walk", "ipoker", handhistory.FormatIPoker, "fpdb3__cash__iPoker__Flop__PLO-EUR-0.50-1.00-202009.no.uncalled.xml", 1,
			[]int64{100, 0, 0, 0, 0}, 0, []int64{50, 0, 0, 0, 0}, "", "omaha-hi"},
		// iPoker, a win including it: 4.20 back, 5.70 won of 6.00 after 0.30 rake.
		{"ipoker win with the uncalled bet", "ipoker", handhistory.FormatIPoker, "hhsmithy__IPoker__CashGame__GameTypeTests__PotLimitOmaha.txt", 1,
			[]int64{0, 0, 570}, 30, []int64{0, 0, 420}, "8d4d2h", "omaha-hi"},
		// 888 in Dutch notation: "Bh" is the jack of hearts, "Vs" the queen
		// of spades; $176 of the $180 pot, $4 rake.
		{"888 dutch", "pacific", handhistory.FormatPacific, "fpdb3__cash__PacificPoker__Flop__888-PLO-USD-10.00-20.00-201405.dutch.txt", 1,
			[]int64{17600, 0, 0, 0, 0}, 400, []int64{0, 0, 0, 0, 0}, "7cKhTsQs6s", "omaha-hi"},
		// PartyPoker tournament hi/lo split: 640 chips high, 640 low.
		{"party hi/lo split", "party", handhistory.FormatParty, "fpdb3__tour__PartyPoker__Flop__PLO8-10max-USD-20-2-201310.chat.fix.txt", 1,
			[]int64{0, 0, 0, 0, 640, 0, 0, 640, 0}, 0, []int64{0, 0, 0, 0, 0, 0, 0, 0, 0}, "Qc3sKs5s6h", "omaha-hilo"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			es := readSitesFile(t, tt.site, tt.file, tt.format)
			v := FromEntry(es[tt.hand-1])
			if !v.Legal || v.MatchesRecord == nil || !*v.MatchesRecord {
				t.Fatalf("verdict %s", sitesOutcome(v))
			}
			if fmt.Sprint(v.Payouts) != fmt.Sprint(tt.payouts) || v.Rake != tt.rake || fmt.Sprint(v.Returned) != fmt.Sprint(tt.returned) || v.Board != tt.board || v.Game != tt.game {
				t.Errorf("payouts %v rake %d returned %v board %q game %s; want %v %d %v %q %s", v.Payouts, v.Rake, v.Returned, v.Board, v.Game, tt.payouts, tt.rake, tt.returned, tt.board, tt.game)
			}
		})
	}
}

func BenchmarkSiteIPoker(b *testing.B)  { benchSite(b, "ipoker") }
func BenchmarkSitePacific(b *testing.B) { benchSite(b, "pacific") }
func BenchmarkSiteParty(b *testing.B)   { benchSite(b, "party") }
