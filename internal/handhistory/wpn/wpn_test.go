package wpn

import (
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory/readertest"
)

// The real records of testdata (SOURCES.md), fpdb-3's Omaha files of
// the old client that are stored as text.
const (
	capped       = "wpn__fpdb3__PLO-6max-USD-5.00-10.00-201504.capped.txt"
	disconnected = "wpn__fpdb3__PLO8-6max-USD-40-80-201610.disconnected.allin.txt"
	noFlop       = "wpn__fpdb3__PLO8-6max-USD-20-40-201609.no.flop.txt"
)

// TestRealFilesSettle: a pot-limit CAP table's hand whose players reach
// the cap on the flop (and so do not act on the turn and river) and a
// fixed-limit hand (its game line's 40/80 are the bets, the blinds 20/40)
// whose player is made all-in by a disconnection with chips behind settle
// to the site's record, the rule read into the stacks said in the notes;
// the hand whose record returns the uncalled bet to a player who folded
// (and whose summary credits him the pot) is skipped, naming it.
func TestRealFilesSettle(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		file, note string
		game       eval.Game
		structure  game.Structure
	}{
		{capped, "a capped table: no player puts in more than $300.00", eval.OmahaHi, game.PotLimit},
		{disconnected, "Player0 is all-in on disconnection with $80.00 put in", eval.OmahaHiLo, game.FixedLimit},
	} {
		es, err := Reader.Read(readertest.File(t, c.file))
		if err != nil || len(es) != 1 || es[0].Hand == nil {
			t.Fatalf("%s: %+v, %v", c.file, es, err)
		}
		h := es[0].Hand
		readertest.Settles(t, c.file, es[0])
		if h.Table.Game != c.game || h.Table.Structure != c.structure || h.Table.Currency != "USD" || h.Site != "wpn" || h.Time != "" ||
			len(h.Notes) != 1 || !strings.Contains(h.Notes[0], c.note) {
			t.Errorf("%s: %s", c.file, readertest.HandJSON(t, h))
		}
	}
	es, err := Reader.Read(readertest.File(t, noFlop))
	if err != nil || len(es) != 1 || es[0].Skipped != "the record contradicts itself: line 34 returns an uncalled bet to Player3, who folded" {
		t.Errorf("%s: %+v, %v", noFlop, es, err)
	}
}

// walk is a hand in the old client's words: the small blind folds and
// the big blind's uncalled part comes back.
const walk = `Game started at: 2016/1/1 1:1:1
Game ID: 5 2/4 Test (Omaha HiLow)
Seat 1 is the button
Seat 1: A B (100).
Seat 2: B (100).
Player A B has small blind (1)
Player B has big blind (2)
Player A B received a card.
Player A B received a card.
Player A B received a card.
Player A B received a card.
Player B received card: [Ah]
Player B received card: [2h]
Player B received card: [3h]
Player B received card: [10h]
Player B is timed out.
Player A B folds
Uncalled bet (1) returned to B
------ Summary ------
Pot: 2. Rake 0
Player A B does not show cards.Bets: 1. Collects: 0. Loses: 1.
*Player B does not show cards.Bets: 1. Collects: 2. Wins: 1.
Game ended at: 2016/1/1 1:1:9
`

// TestVariants: the structure (fixed-limit when the big blind posted is
// the first stake, else pot-limit), a tournament's game line, the
// exporting player's cards one by one, a name with a space; another game
// skipped with its name, a hand cut off skipped as incomplete naming its
// last line, a line the reader does not know kept in the notes, and the
// rest of the file read.
func TestVariants(t *testing.T) {
	t.Parallel()
	pl := strings.NewReplacer("(1)", "(2)", "(2)", "(4)", "Pot: 2.", "Pot: 4.", "Collects: 2.", "Collects: 4.", "Bets: 1.", "Bets: 2.").Replace(walk)
	tour := strings.Replace(walk, "Game ID: 5 2/4 Test (Omaha HiLow)", "Game ID: 6 30 / 60 $10 Freeroll - On Demand, Table 27(Omaha)", 1)
	tour = strings.NewReplacer("(100)", "(1500)", "(1)", "(30)", "(2)", "(60)", "Pot: 2.", "Pot: 60.", "Collects: 2.", "Collects: 60.", "Bets: 1.", "Bets: 30.").Replace(tour)
	es := readertest.Variants(t, Reader.Read, walk, []readertest.Variant{
		{}, {Text: pl}, {Text: tour},
		{From: "(Omaha HiLow)", To: "(Hold'em)", Skip: "game Hold'em is not Omaha"},
		{Cut: "------ Summary", Last: 17},
		{From: "Player B is timed out.", To: "Player B says hello", Note: "Player B says hello"},
	})
	for i, want := range []struct {
		structure game.Structure
		tour      bool
		small     int64
	}{{game.FixedLimit, false, 200}, {game.PotLimit, false, 0}, {game.PotLimit, true, 0}} {
		h := es[i].Hand
		if h == nil {
			t.Fatalf("entry %d: %+v", i+1, es[i])
		}
		readertest.Settles(t, "variants", es[i])
		if h.Table.Structure != want.structure || h.Tournament != want.tour || h.Table.SmallBet != want.small ||
			len(h.Players[1].Hole) != 4 || h.Players[0].Name != "A B" {
			t.Errorf("entry %d: %s", i+1, readertest.HandJSON(t, h))
		}
	}
}

// TestBounds: the limits every reader keeps (MaxLineBytes, MaxActions,
// MaxText) hold for the old client's text, each a located error of the
// hand.
func TestBounds(t *testing.T) {
	t.Parallel()
	readertest.Bounds(t, Reader.Read, string(readertest.File(t, capped)), "Player Hero received card: [6c]\n", "Player Player2 folds")
}

// FuzzReadWPN: no panic, no hang; every entry is exactly one of a hand
// (passing Validate), a skip or a located error.
func FuzzReadWPN(f *testing.F) { readertest.FuzzRead(f, Reader.Read, []byte(walk)) }

// BenchmarkSiteWPN reads and replays the real files of testdata and the
// walk (4 Omaha hands, one skipped) b.N times: the reader's parse+replay
// figure.
func BenchmarkSiteWPN(b *testing.B) {
	data := [][]byte{readertest.File(b, capped), readertest.File(b, disconnected), readertest.File(b, noFlop), []byte(walk)}
	readertest.ParseReplay(b, Reader.Read, readertest.Replay, data)
}

// TestFifthHoleCard: a fifth "received card:" line for a player is an
// error naming its line, not a card dropped from an Omaha hand that then
// settles.
func TestFifthHoleCard(t *testing.T) {
	t.Parallel()
	readertest.LineErrors(t, Reader.Read, string(readertest.File(t, capped)), [][3]string{
		{"fifth", "Player Hero received card: [6c]\n", "Player Hero received card: [6c]\nPlayer Hero received card: [Ac]\n"},
	})
}

// river2 is HHSmithy's WinningPoker sample StreetTests/River2.txt (the
// unseen wpn__hhsmithy file of package handhistory's testdata): its
// street lines deal 8h Ks 10s 9c 5d, its summary's board is 5d Ks 7c Jc
// 7d.
const river2 = `Game started at: 2016/5/6 11:24:18
Game ID: 633943719 25/50 Trevonite (PRR) (Omaha)
Seat 4 is the button
Seat 3: RunSoGood (1981.16).
Seat 4: 420BLAZEIT (1915.84).
Player 420BLAZEIT has small blind (25)
Player RunSoGood has big blind (50)
Player RunSoGood received a card.
Player RunSoGood received a card.
Player RunSoGood received a card.
Player RunSoGood received a card.
Player 420BLAZEIT received card: [As]
Player 420BLAZEIT received card: [5s]
Player 420BLAZEIT received card: [9d]
Player 420BLAZEIT received card: [4h]
Player 420BLAZEIT calls (25)
Player RunSoGood raises (100)
Player 420BLAZEIT calls (100)
*** FLOP ***: [8h Ks 10s]
Player RunSoGood checks
Player 420BLAZEIT bets (170)
Player RunSoGood calls (170)
*** TURN ***: [8h Ks 10s] [9c]
Player RunSoGood checks
Player 420BLAZEIT checks
*** RIVER ***: [8h Ks 10s 9c] [5d]
Player RunSoGood bets (426)
Player 420BLAZEIT is timed out.
Player 420BLAZEIT folds
Uncalled bet (426) returned to RunSoGood
Player RunSoGood mucks cards
------ Summary ------
Pot: 639. Rake 0.96. JP fee 0.04
Board: [5d Ks 7c Jc 7d]
*Player RunSoGood mucks (does not show cards). Bets: 320. Collects: 639. Wins: 319.
Player 420BLAZEIT does not show cards.Bets: 320. Collects: 0. Loses: 320.
Game ended at: 2016/5/6 11:25:46
`

// TestMisprintedStreets: street lines whose board disagrees with the
// summary's (any number of cards) take the summary's board when the
// cards seen agree with it, and the notes say so (sitetext's note); a
// summary's board holding a card seen in a hand is the error of its
// line; street lines that agree with the summary make no note.
func TestMisprintedStreets(t *testing.T) {
	t.Parallel()
	agree := strings.NewReplacer("[8h Ks 10s]", "[5d Ks 7c]", "[9c]", "[Jc]", "[8h Ks 10s 9c] [5d]", "[5d Ks 7c Jc] [7d]").Replace(river2)
	es := readertest.Variants(t, Reader.Read, river2, []readertest.Variant{
		{Note: "the street lines give the board as 8hKsTs9c5d; the summary's board 5dKs7cJc7d (line 34) is used"},
		{From: "Board: [5d Ks 7c Jc 7d]", To: "Board: [5d Ks 7c Jc As]", Err: `"Board: [5d Ks 7c Jc As]" differs from the board dealt 8hKsTs9c5d`},
		{Text: agree},
	})
	readertest.Settles(t, "river2", es[0])
	if h := es[0].Hand; h.Board().String() != "5dKs7cJc7d" {
		t.Errorf("board %s", h.Board())
	}
	if h := es[2].Hand; h == nil || len(h.Notes) != 0 || h.Board().String() != "5dKs7cJc7d" {
		t.Errorf("entry 3: %+v", es[2])
	}
}
