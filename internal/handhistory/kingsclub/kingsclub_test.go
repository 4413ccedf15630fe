package kingsclub

import (
	"fmt"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/readertest"
)

// The real records of testdata (SOURCES.md) the tests below change.
const (
	plo    = "kingsclub__fpdb3__PLO-USD-5-10-202101.txt"
	lo8    = "kingsclub__fpdb3__LO8-USD-40-80-202101.txt"
	rit    = "kingsclub__fpdb3__PLO-USD-125-250-202102.RIT.txt"
	rio    = "kingsclub__fpdb3__LO8-USD-500-100-202104.RIO.txt"
	double = "kingsclub__fpdb3__LO-Split-USD-60-120-202108.txt"
)

// real pins, per file of testdata, the Omaha hands read and how many
// settle to the site's record; a file whose hand is skipped says why
// (skip), and a hand that does not settle has its verdict name the
// record's inconsistency (differs, a difference as diffs writes it).
var real = []struct {
	file           string
	hands, settled int
	skip, differs  string
}{
	// Fixed-limit Hi/Lo to a showdown split high and low.
	{lo8, 1, 1, "", ""},
	// Pot-limit, the river bet uncalled (the client writes no uncalled
	// bet; the win line leaves it out).
	{plo, 1, 1, "", ""},
	// Antes, all-in on the flop, run twice ("*** BOARD 1 - RIVER *** [3h
	// Qc 4s 4c] [Qh]", "*** BOARD 2 - RIVER *** [- - - Kh] [Ac]"), a side
	// pot, each pot split between the runs' winners.
	{rit, 1, 1, "", ""},
	// All-in preflop for less than the small blind, the board written as
	// one river line. The record pays Hero nothing, though the side pot
	// of the small blind's excess (the small blind folded) is his and his
	// summary stack counts it: the win lines omit it.
	{rio, 1, 0, "", "Hero collected recorded 0 replayed 25000"},
	// "Limit Omaha" with two boards from the flop, bet on together: not a
	// game the rules engine plays.
	{double, 0, 0, `double-board Omaha (line 27 "*** BOARD 1 - FLOP *** [Tc Qd 3s]": two boards dealt from the flop and bet on together) is not read`, ""},
	{"kingsclub__fpdb3__5-Card-PLO-USD-5-10-202010.txt", 0, 0, "game Pot Limit Omaha 5 Card is not Omaha", ""},
	{"kingsclub__fpdb3__5-Card-PLO8-USD-11-22-202010.txt", 0, 0, "game Pot Limit Big O is not Omaha", ""},
	{"kingsclub__fpdb3__LHE-USD-40-80-202012.txt", 0, 0, "game Limit Holdem is not Omaha", ""},
	{"kingsclub__fpdb3__NLHE-USD-5-10-202101.txt", 0, 0, "game No Limit Holdem is not Omaha", ""},
	{"kingsclub__fpdb3__2-7-Razz-USD-500-1000-202102.multi.pot.failure.txt", 0, 0, "game Limit 2-7 Razz is not Omaha", ""},
	{"kingsclub__fpdb3__7-StudHL-USD-40-80-202101.txt", 0, 0, "game Limit Seven Card Stud Hi-Lo is not Omaha", ""},
	{"kingsclub__fpdb3__Razz-USD-40-80-202101.txt", 0, 0, "game Limit Razz is not Omaha", ""},
	{"kingsclub__fpdb3__Razz-USD-500-100-202101.multi.pot.failure.txt", 0, 0, "game Limit Razz is not Omaha", ""},
	{"kingsclub__fpdb3__2-7-Drawmaha-FL-USD-60-120-202108.showdown.txt", 0, 0, "game Limit 2-7 Drawmaha is not Omaha", ""},
	{"kingsclub__fpdb3__2-7-Drawmaha-FL-USD-60-120-202108.txt", 0, 0, "game Limit 2-7 Drawmaha is not Omaha", ""},
	{"kingsclub__fpdb3__2-7-Triple-Draw-Lowball-FL-USD-40-80-202101.txt", 0, 0, "game Limit 2-7 Triple Draw is not Omaha", ""},
	{"kingsclub__fpdb3__2-7-Triple-Draw-Lowball-FL-USD-44-88-202012.rake.txt", 0, 0, "game Limit 2-7 Triple Draw is not Omaha", ""},
	{"kingsclub__fpdb3__A5-1-Draw-Limit-USD-50-100-202102.txt", 0, 0, "game Limit A-5 Single Draw is not Omaha", ""},
	{"kingsclub__fpdb3__Badeucey-Limit-USD-22-44-202101.txt", 0, 0, "game Limit Badeucey is not Omaha", ""},
	{"kingsclub__fpdb3__NL-2-7-SD-USD-125-250-202103.missed.sb.txt", 0, 0, "game No Limit 2-7 Single Draw is not Omaha", ""},
	{"kingsclub__fpdb3__NL-2-7-SD-USD-25-50-202108.1.RIT.txt", 0, 0, "game No Limit 2-7 Single Draw is not Omaha", ""},
	{"kingsclub__fpdb3__NL-2-7-SD-USD-25-50-202108.2.RIT.txt", 0, 0, "game No Limit 2-7 Single Draw is not Omaha", ""},
	{"kingsclub__fpdb3__NL-2-7-SD-USD-25-50-202108.4.RIT.txt", 0, 0, "game No Limit 2-7 Single Draw is not Omaha", ""},
}

// diffs writes a verdict's differences, one "player field recorded X
// replayed Y" each, in chips.
func diffs(v analysis.Verdict) string {
	var out []string
	for _, d := range v.Differences {
		out = append(out, fmt.Sprintf("%s %s recorded %d replayed %d", d.Player, d.Field, d.Recorded, d.Replayed))
	}
	return strings.Join(out, "; ")
}

// TestRealFilesSettle: every file of testdata is pinned (real), its Omaha
// hands read and settled as said, each other hand skipped with its
// reason and none an error.
func TestRealFilesSettle(t *testing.T) {
	t.Parallel()
	if n := len(readertest.Files(t)); n != len(real) {
		t.Fatalf("%d files in testdata, %d pinned", n, len(real))
	}
	for _, c := range real {
		es, err := Reader.Read(readertest.File(t, c.file))
		if err != nil || len(es) != 1 {
			t.Fatalf("%s: %+v, %v", c.file, es, err)
		}
		hands, settled := 0, 0
		for _, e := range es {
			if e.Err != nil || e.Hand == nil && e.Skipped != c.skip {
				t.Errorf("%s: entry %d skipped %q, error %v; want skipped %q", c.file, e.Index, e.Skipped, e.Err, c.skip)
				continue
			}
			if e.Hand == nil {
				continue
			}
			hands++
			v := analysis.FromEntry(e)
			switch {
			case !v.Legal:
				t.Errorf("%s: entry %d illegal: %+v", c.file, e.Index, v.Error)
			case v.MatchesRecord != nil && *v.MatchesRecord:
				settled++
			case c.differs == "" || !strings.Contains(diffs(v), c.differs):
				t.Errorf("%s: entry %d does not settle: %s (notes %q); want %q named", c.file, e.Index, diffs(v), v.Notes, c.differs)
			}
		}
		if hands != c.hands || settled != c.settled {
			t.Errorf("%s: %d Omaha hands, %d settle; want %d, %d", c.file, hands, settled, c.hands, c.settled)
		}
	}
}

// TestHead: a hand's head as the reader maps it: the hand number, the
// clock as written (no zone), the table, USD in cents, fixed-limit's
// bets from the header and pot-limit's big blind.
func TestHead(t *testing.T) {
	t.Parallel()
	h := readertest.OneHand(t, Reader.Read, readertest.File(t, lo8))
	readertest.CheckHead(t, h, readertest.Head{Site: "kingsclub", ID: "39969218", Time: "2021-01-02T15:39:12", TableName: "8 Game Mix",
		Table: handhistory.Table{Game: eval.OmahaHiLo, Structure: game.FixedLimit, SmallBet: 4000, BigBet: 8000, MaxBets: 4, ChipUnit: "0.01", Currency: "USD"}})
	if h.Button != 1 || h.Players[1].Name != "Hero" || h.Outcome.Rake != 100 || len(h.Outcome.FinishingStacks) != 2 || h.Outcome.FinishingStacks[1] != 119950 {
		t.Errorf("%s", readertest.HandJSON(t, h))
	}
	h = readertest.OneHand(t, Reader.Read, readertest.File(t, rit))
	if h.Table.Structure != game.PotLimit || h.Table.MinBet != 25000 || h.Runs() != 2 || len(h.Posts) != 9 || h.Posts[0].Kind != game.Ante {
		t.Errorf("%s", readertest.HandJSON(t, h))
	}
}

// TestVariants: a hand cut off (before its summary, in its win lines) is
// skipped as incomplete naming its last line; another game and a
// cancelled hand are skipped; a line naming a seated player that the
// reader does not know, and a bad amount, are errors of the hand naming
// the line; another unknown line is a note, a player sitting out nothing;
// a net that is not the stacks' difference is a note; the rest of the
// file is read.
func TestVariants(t *testing.T) {
	t.Parallel()
	hand := string(readertest.File(t, plo))
	es := readertest.Variants(t, Reader.Read, hand, []readertest.Variant{
		{},
		{Cut: "*** SUMMARY ***", Last: 23},
		{Cut: "Player0 wins pot", Last: 27},
		{Cut: "Dealt to Hero", Last: 8},
		{Cut: "Seat 1: Player0 (1,000)", Last: 2},
		{From: "Pot Limit Omaha - 5/10", To: "Pot Limit Omaha 6 Card - 5/10", Skip: "game Pot Limit Omaha 6 Card is not Omaha"},
		{From: "Hero checks\nPlayer0 bets 30", To: "Hand cancelled\nHero checks\nPlayer0 bets 30", Skip: "hand cancelled"},
		{From: "*** FLOP *** [9s Jh 2s]\n", To: "*** FLOP *** [9s Jh 2s]\nHero says hello 5\n", Err: "unrecognised line"},
		{From: "Player0 bets 45", To: "Player0 bets 45x", Err: "bad amount"},
		{From: "*** FLOP *** [9s Jh 2s]\n", To: "*** FLOP *** [9s Jh 2s]\nThe table is closing\n", Note: "The table is closing"},
		{From: "*** FLOP *** [9s Jh 2s]\n", To: "*** FLOP *** [9s Jh 2s]\nHero sits out\n"},
		{From: "(1,104) +104", To: "(1,104) +105", Note: "gives Player0's net as +105"},
		{From: "Hero calls 30", To: "Hero calls 10", Err: "calls $10.00 but has $10.00 in this round already"},
		{From: "Dealt to Hero: [4s Qc 2c Jd]", To: "Dealt to Hero: [4s Qc 2c Jd 3d]", Err: "want four"},
		{From: "*** TURN *** [9s Jh 2s] [8s]", To: "*** TURN *** [9s Jh 3s] [8s]", Err: "differs from the board dealt"},
		{From: "Player0 raises to 30", To: "Player0 raises 20 to 30", Err: "unrecognised action"},
		{From: "Player0 wins pot (209)", To: "Player0 wins it all (209)", Err: "unrecognised win line"},
	})
	if es[10].Hand == nil || len(es[10].Hand.Notes) != 0 {
		t.Errorf("sitting out: %+v", es[10])
	}
}

// TestRunOut: the board lines after an all-in give the board so far
// with the new cards, the streets not written dealt from them: a flop
// all-in's "*** RIVER *** [a b c d] [e]" deals the turn and river, and a
// run twice from the preflop deals each run's whole board; a dash in the
// first run's board, or for a card not shared, is an error.
func TestRunOut(t *testing.T) {
	t.Parallel()
	hand := string(readertest.File(t, rit))
	preflop := strings.NewReplacer(
		"Player1 calls 4,875\n*** FLOP *** [3h Qc 4s]\nPlayer2 bets 5,075, and is all in\nPlayer3 calls 2,000, and is all in\nPlayer1 calls 5,075, and is all in\n",
		"Player1 calls 4,875\n",
		"[- - - Kh] [Ac]", "[2c 3c 6d Kh] [Ac]").Replace(hand)
	once := strings.Replace(hand, "*** BOARD 1 - RIVER *** [3h Qc 4s 4c] [Qh]\n*** BOARD 2 - RIVER *** [- - - Kh] [Ac]", "*** RIVER *** [3h Qc 4s 4c] [Qh]", 1)
	es := readertest.Variants(t, Reader.Read, hand, []readertest.Variant{
		{Text: once},
		{Text: preflop},
		{From: "[3h Qc 4s 4c] [Qh]", To: "[- - - 4c] [Qh]", Err: "bad board cards"},
		{From: "[- - - Kh] [Ac]", To: "[- - - -] [Ac]", Err: "bad board cards"},
	})
	if h := es[0].Hand; h == nil || h.Runs() != 1 || h.Board().String() != "3hQc4s4cQh" {
		t.Errorf("run once: %+v", es[0])
	}
	if h := es[1].Hand; h == nil || h.Runs() != 2 || h.Boards()[1].String() != "2c3c6dKhAc" {
		t.Errorf("run twice from the preflop: %+v", es[1])
	}
}

// TestErrors: a hand of another game and one with a bad amount fail
// alone; the limits every reader keeps (MaxLineBytes, MaxActions) hold
// for Kings Club text, each a located error of the hand; an unknown post
// and a win line of a player not seated are errors naming their line.
func TestErrors(t *testing.T) {
	t.Parallel()
	readertest.Errors(t, Reader.Read, string(readertest.File(t, plo)), readertest.HandErrors{
		Game: [2]string{"Pot Limit Omaha - 5/10", "Limit Holdem - 5/10"}, Skip: "game Limit Holdem is not Omaha",
		Bad: [2]string{"Player0 bets 45", "Player0 bets 45x"}, BadLine: 18,
		After: "*** HOLE CARDS ***\n", Extra: "Hero checks",
		Lines: [][3]string{
			{"unknown post", "Hero: posts the big blind 10", "Hero: posts a bribe 10"},
			{"uncalled bet to a seat not listed", "*** SUMMARY ***", "Uncalled bet (5) returned to Zed\n*** SUMMARY ***"},
			{"uncalled bet of a bad amount", "*** SUMMARY ***", "Uncalled bet (5x) returned to Hero\n*** SUMMARY ***"},
			{"win of a seat not listed", "Player0 wins pot (209)", "Zed wins pot (209)"},
			{"summary seat renamed", "Seat 6: Hero (895) -105", "Seat 6: Zed (895) -105"},
			{"bad table line", "Table '8 Game Mix' Seat 1 is the button", "Table '8 Game Mix' Seat one is the button"},
			{"bad date", "2021-01-02 15:54:07", "2021-01-02 25:54:07"},
			{"all-in with chips behind", "Player0 bets 50", "Player0 bets 50, and is all in"},
		},
	})
}

// TestSignature: the header is the format's line, and only it: another
// line of the hand, or a header in another site's words, is not.
func TestSignature(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		line string
		want bool
	}{
		{"#39969218: Limit Omaha Hi-Lo - 40/80", true},
		{"#3969308: Limit Omaha Hi-Lo - 500/1,000", true},
		{"#37660193: Pot Limit Omaha 5 Card - 5/10", true},
		{"#1: No Limit Holdem - 5/10", true},
		{"#1: Omaha - 5/10", false},
		{"#x: Limit Omaha - 5/10", false},
		{"#1: Limit Omaha - $5/$10", false},
		{"#1: Limit Omaha", false},
		{"Table '8 Game Mix' Seat 6 is the button", false},
		{"PokerStars Hand #1: Omaha Pot Limit ($0.05/$0.10 USD) - 2020/01/01 00:00:00 ET", false},
	} {
		if got := isHeader(c.line); got != c.want {
			t.Errorf("isHeader(%q) = %v", c.line, got)
		}
	}
}

// FuzzReadKingsClub: no panic, no hang; every entry is exactly one of a
// hand (passing Validate), a skip or a located error. Its seeds:
// testdata/fuzz and every test file.
func FuzzReadKingsClub(f *testing.F) { readertest.FuzzRead(f, Reader.Read) }

// BenchmarkSiteKingsClub reads and replays the real Omaha files of
// testdata (4 Omaha hands, and the double-board hand skipped) b.N times:
// the reader's parse+replay figure. BenchmarkSiteKingsClubAll reads every
// file of testdata, the 18 of other games skipped at their header, for
// the same 4 hands: the cost of a mixed-game file's other hands.
func BenchmarkSiteKingsClub(b *testing.B) {
	var data [][]byte
	for _, f := range []string{lo8, plo, rit, rio, double} {
		data = append(data, readertest.File(b, f))
	}
	readertest.ParseReplay(b, Reader.Read, readertest.Replay, data)
}

// BenchmarkSiteKingsClubAll: see BenchmarkSiteKingsClub.
func BenchmarkSiteKingsClubAll(b *testing.B) {
	readertest.ParseReplay(b, Reader.Read, readertest.Replay, readertest.Datas(b))
}
