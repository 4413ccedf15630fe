package acr

import (
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/handhistory/readertest"
)

// TestRealFilesSettle: the real ACR records of testdata (SOURCES.md) are
// read and every hand settles to the site's record: a walk whose only
// win line is the summary's, a hand run twice whose runs' showdowns
// come between the runs' boards, and a fixed-limit hand whose raise from
// the small blind says the chips it puts in.
func TestRealFilesSettle(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		file string
		runs int
	}{
		{"wpn__fpdb3__NLO8-6max-USD-3-6-202104.walk.txt", 0},
		{"wpn__fpdb3__NLO8-6max-USD-3-6-202104.RIT.txt", 2},
		// Fixed-limit $20/$40: "Hero raises $30.00 to $40.00" from the
		// small blind's $10 (ACR's first amount is the chips put in).
		{"wpn__fpdb3__LO8-6max-USD-20-40-201907.St.Lucie.txt", 0},
	} {
		es, err := Reader.Read(readertest.File(t, c.file))
		if err != nil || len(es) != 1 {
			t.Fatalf("%s: %+v, %v", c.file, es, err)
		}
		if v := readertest.Settles(t, c.file, es[0]); len(v.Runs) != c.runs {
			t.Errorf("%s: %d runs, want %d", c.file, len(v.Runs), c.runs)
		}
	}
}

// TestVariants: another game is skipped with its name, a hand cut off is
// skipped as incomplete naming its last line, and the rest of the file is
// read.
func TestVariants(t *testing.T) {
	t.Parallel()
	walk := string(readertest.File(t, "wpn__fpdb3__NLO8-6max-USD-3-6-202104.walk.txt"))
	readertest.Variants(t, Reader.Read, walk, []readertest.Variant{
		{From: "Omaha H/L(No Limit)", To: "Holdem(No Limit)", Skip: "game Holdem(No Limit) is not Omaha"},
		{Cut: "*** SUMMARY ***", Last: 17},
		{},
	})
}

// TestGameNames: the client's other names and headers for the games read
// ("4Card Omaha H/L", a guaranteed tournament's "$5,000 GTD Tournament
// #T", a play-money table's "(Play Money)") are read as the plain ones;
// "5Card Omaha" and a "Reshuffle" game are skipped.
func TestGameNames(t *testing.T) {
	t.Parallel()
	walk := string(readertest.File(t, "wpn__fpdb3__NLO8-6max-USD-3-6-202104.walk.txt"))
	head := "Hand #779388412 - Omaha H/L(No Limit) - $3.00/$6.00 - 2021/04/16 19:22:47 UTC"
	four := strings.Replace(walk, "Omaha H/L(No Limit)", "4Card Omaha H/L(No Limit)", 1)
	fourHi := strings.Replace(walk, "Omaha H/L(No Limit)", "4Card Omaha(Pot Limit)", 1)
	chips := strings.NewReplacer("$", "", ".00", "", "1133.13", "1133", "176.90", "177", "667.75", "668").Replace(strings.TrimPrefix(walk, head))
	gtd := "Game Hand #779388412 - $5,000 GTD Tournament #27099516 - Omaha H/L(No Limit) - Level 1 (3.00/6.00)- 2021/04/16 19:22:47 UTC" + chips
	freeroll := strings.Replace(gtd, "$5,000 GTD Tournament", "Sunday Freeroll Tournament", 1)
	play := strings.Replace(walk, "Parachute 6-max Seat", "Table '25' 6-max (Play Money) Seat", 1)
	five := strings.Replace(walk, "Omaha H/L(No Limit)", "5Card Omaha H/L(No Limit)", 1)
	reshuffle := strings.Replace(walk, "Omaha H/L(No Limit)", "4Card Omaha H/L Reshuffle(No Limit)", 1)
	es := readertest.ReadHands(t, Reader.Read, four, fourHi, gtd, play, five, reshuffle, freeroll)
	for i, name := range []string{"4Card Omaha H/L", "4Card Omaha", "GTD tournament", "play money"} {
		if es[i].Hand == nil {
			t.Fatalf("%s: %+v", name, es[i])
		}
		readertest.Settles(t, name, es[i])
	}
	if !es[2].Hand.Tournament || es[3].Hand.TableName != "Table '25'" || es[3].Hand.Table.MaxSeats != 6 {
		t.Errorf("tournament %v, table %q %d-max", es[2].Hand.Tournament, es[3].Hand.TableName, es[3].Hand.Table.MaxSeats)
	}
	readertest.SkippedAs(t, es, 4, "game 5Card Omaha H/L(No Limit) is not Omaha")
	readertest.SkippedAs(t, es, 5, "game 4Card Omaha H/L Reshuffle(No Limit) is not Omaha")
	// Any tournament's name before "Tournament #", not the guarantee's only.
	if es[6].Hand == nil || !es[6].Hand.Tournament {
		t.Errorf("a freeroll's header: %+v", es[6])
	} else {
		readertest.Settles(t, "freeroll", es[6])
	}
}

// TestBounds: the limits every reader keeps (MaxLineBytes, MaxActions,
// MaxText) hold for ACR text, each a located error of the hand.
func TestBounds(t *testing.T) {
	t.Parallel()
	walk := string(readertest.File(t, "wpn__fpdb3__NLO8-6max-USD-3-6-202104.walk.txt"))
	readertest.Bounds(t, Reader.Read, walk, "*** HOLE CARDS ***\n", "Hero folds")
}

// TestLineErrors: an unknown post and an uncalled bet returned to no
// seated player, or of a bad amount, are errors naming their line.
func TestLineErrors(t *testing.T) {
	t.Parallel()
	readertest.LineErrors(t, Reader.Read, string(readertest.File(t, "wpn__fpdb3__NLO8-6max-USD-3-6-202104.RIT.txt")), [][3]string{
		{"unknown post", "posts the small blind", "posts a bribe"},
		{"uncalled bet to a seat not listed", "Uncalled bet ($14.00) returned to Player2", "Uncalled bet ($14.00) returned to Zed"},
		{"uncalled bet of a bad amount", "Uncalled bet ($14.00) returned to Player2", "Uncalled bet ($14.0x) returned to Player2"},
	})
}

// FuzzReadACR: no panic, no hang; every entry is exactly one of a hand
// (passing Validate), a skip or a located error.
func FuzzReadACR(f *testing.F) {
	readertest.FuzzRead(f, Reader.Read,
		readertest.File(f, "wpn__fpdb3__NLO8-6max-USD-3-6-202104.walk.txt"),
		readertest.File(f, "wpn__fpdb3__NLO8-6max-USD-3-6-202104.RIT.txt"))
}

// BenchmarkSiteACR reads and replays the real files of testdata (3 Omaha
// hands) b.N times: the reader's parse+replay figure.
func BenchmarkSiteACR(b *testing.B) {
	readertest.ParseReplay(b, Reader.Read, readertest.Replay, readertest.Datas(b))
}

// TestCappedTable: at a capped table a raise that reaches the cap is
// "name caps $X" (X put in, as a raise's first amount): it is read as that
// raise, every stack then at most what the capping player has put in, so
// the hand ends with no more betting, said in the notes; it was an
// unrecognised line.
func TestCappedTable(t *testing.T) {
	t.Parallel()
	lucie := strings.TrimRight(string(readertest.File(t, "wpn__fpdb3__LO8-6max-USD-20-40-201907.St.Lucie.txt")), "\n")
	capped := strings.NewReplacer("Omaha H/L(Fixed Limit)", "Omaha H/L(Pot Limit)", "St. Lucie 6-max", "St. Lucie (Cap) 6-max",
		"Player0 bets $40.00\nHero calls $40.00", "Player0 bets $40.00\nHero caps $120.00\nPlayer0 calls $80.00",
		"Main pot $199.00", "Main pot $359.00", "collected $199.00", "collected $359.00", "Total pot $199.00", "Total pot $359.00", "won $199.00", "won $359.00").Replace(lucie)
	es := readertest.Variants(t, Reader.Read, lucie, []readertest.Variant{
		{Text: capped, Note: "no player puts in more than $180.00 in a hand, so 2 stacks are read as that cap"},
		{Text: strings.Replace(capped, "Hero caps $120.00", "Hero caps $x", 1), Err: "bad cap"},
	})
	if h := es[0].Hand; h != nil {
		readertest.Settles(t, "capped", es[0])
		if h.Players[0].Stack != 18000 || h.Players[1].Stack != 18000 {
			t.Errorf("capped stacks: %s", readertest.HandJSON(t, h))
		}
	}
}
