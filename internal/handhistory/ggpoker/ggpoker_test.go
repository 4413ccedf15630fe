package ggpoker

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/readertest"
)

// std is a small GGPoker cash hand: a raise, a call, a flop bet taken.
const std = `Poker Hand #OM1: Omaha Pot Limit ($0.5/$1) - 2020/04/14 07:56:19
Table 'PLOBronze12' 6-max Seat #1 is the button
Seat 1: Ann ($100 in chips)
Seat 2: Bob ($1,250.5 in chips)
Seat 3: Cy ($50 in chips)
Bob: posts small blind $0.5
Cy: posts big blind $1
*** HOLE CARDS ***
Dealt to Ann [Ac Kh Jh 5s]
Dealt to Bob
Dealt to Cy
Ann: raises $2.5 to $3.5
Bob: folds
Cy: calls $2.5
*** FLOP *** [6c Kd Qc]
Cy: checks
Ann: bets $5
Cy: folds
Uncalled bet ($5) returned to Ann
*** SHOWDOWN ***
Ann collected $7.33 from pot
*** SUMMARY ***
Total pot $7.5 | Rake $0.15 | Jackpot $0.02 | Bingo $0
Board [6c Kd Qc]
Seat 1: Ann (button) collected ($7.33)
Seat 2: Bob (small blind) folded before Flop
Seat 3: Cy (big blind) folded on the Flop`

func TestGGPokerReadsTheModel(t *testing.T) {
	t.Parallel()
	es, err := Reader.Read([]byte(std))
	if err != nil || len(es) != 1 || es[0].Hand == nil {
		t.Fatalf("%+v, %v", es, err)
	}
	h := es[0].Hand
	o := h.Outcome
	readertest.CheckHead(t, h, readertest.Head{Site: "ggpoker", ID: "OM1", Time: "2020-04-14T07:56:19-04:00", TableName: "PLOBronze12",
		Table: handhistory.Table{Game: eval.OmahaHi, Structure: game.PotLimit, MinBet: 100, ChipUnit: "0.01", Currency: "USD", MaxSeats: 6}})
	if es[0].ID != "OM1" {
		t.Errorf("entry id %q", es[0].ID)
	}
	switch {
	case len(h.Players) != 3 || h.Players[1].Stack != 125050 || h.Players[0].Hole.String() != "AcKhJh5s" || h.Button != 0:
		t.Errorf("players %+v button %d", h.Players, h.Button)
	case len(h.Posts) != 2 || h.Posts[0] != (handhistory.Post{Player: 1, Kind: game.SmallBlind, Amount: 50}) || h.Posts[1] != (handhistory.Post{Player: 2, Kind: game.BigBlind, Amount: 100}):
		t.Errorf("posts %+v", h.Posts)
	case len(h.Actions) != 7 || !reflect.DeepEqual(h.Actions[0], handhistory.Action{Player: 0, Kind: game.BetRaise, Amount: 350}) || !reflect.DeepEqual(h.Actions[2], handhistory.Action{Player: 2, Kind: game.Call, Amount: 250}):
		t.Errorf("actions %+v", h.Actions)
	case o.Collected[0] != 733 || o.Returned[0] != 500 || o.TotalPot != 750 || o.Rake != 17 || len(o.Pots) != 1 || o.Pots[0] != 733 || o.FinishingStacks != nil:
		t.Errorf("outcome %+v", o)
	}
}

func TestGGPokerRunThriceTournamentInsurance(t *testing.T) {
	t.Parallel()
	h := readertest.OneHand(t, Reader.Read, readertest.File(t, "fpdb3__cash__GGPoker__Flop__PLO-6max-USD-2-5-202106.run.it.thrice.txt"))
	b := h.Boards()
	if h.Runs() != 3 || len(b) != 3 || b[0].String() != "Js5sJd7s2s" || b[1].String() != "Js5sJd4dQs" || b[2].String() != "Js5sJd4sTs" {
		t.Errorf("runs %d boards %v", h.Runs(), b)
	}
	// Rake $7.5 and the $5 jackpot fee come out of the pot.
	if o := h.Outcome; o.Rake != 1250 || o.TotalPot != 32780 || len(o.RunCollected) != 3 || o.RunCollected[2][3] != 10510 || o.Collected[3] != 31530 {
		t.Errorf("outcome %+v", o)
	}
	es, err := Reader.Read(readertest.File(t, "fpdb3__tour__GGPoker__Flop__PLO-6max-MTT-USD-1k-202006.txt"))
	if err != nil || len(es) != 67 || es[0].Hand == nil {
		t.Fatalf("%d entries, %v", len(es), err)
	}
	h = es[0].Hand
	if !h.Tournament || h.Table.ChipUnit != "1" || h.Table.Currency != "" || h.Table.MinBet != 180 || h.Players[0].Stack != 27617 || len(h.Posts) != 7 || h.Posts[0].Kind != game.Ante || h.Posts[0].Amount != 30 {
		t.Errorf("tournament hand %+v", h)
	}
	es, err = Reader.Read(readertest.File(t, "fpdb3__cash__GGPoker__Flop__PLO-6max-USD-0.50-1.00-202004.txt"))
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, e := range es {
		if e.ID != "OM181427480" {
			continue
		}
		found = true
		// The $4 insurance premium leaves the pot alone and the player
		// $4 poorer: the record's finishing stacks say so.
		o := e.Hand.Outcome
		if o.FinishingStacks == nil || o.FinishingStacks[2] != 1700-1700+3750-400 || o.Collected[2] != 3750 {
			t.Errorf("insured hand outcome %+v", o)
		}
	}
	if !found {
		t.Error("no insured hand")
	}
}

func TestGGPokerPerHandErrorsAndSkips(t *testing.T) {
	t.Parallel()
	bad := strings.Replace(std, "Cy: calls $2.5", "Cy: calls 2.5", 1)
	other := strings.Replace(std, "Omaha Pot Limit", "Hold'em No Limit", 1)
	drop := strings.Replace(std, "Bob: posts small blind", "Cash Drop to Pot : total $1\nBob: posts small blind", 1)
	// Hands apart by a blank line, as the site writes them.
	es := readertest.Variants(t, Reader.Read, std, []readertest.Variant{
		{Text: "note", Line: 1},
		{Text: std + "\n"},
		{Text: bad + "\n", Kind: fault.Invalid, Line: 30 + 13, ID: "OM1"}, // its line 13
		{Text: other + "\n", Skip: "game Hold'em No Limit is not Omaha"},
		{Text: drop + "\n"},
		{},
	})
	// A cash drop is read, the site's money in Hand.AddedToPot.
	if es[4].Hand == nil || es[4].Hand.AddedToPot != 100 || es[1].Hand == nil || es[1].Hand.AddedToPot != 0 {
		t.Errorf("cash drop: %+v", es[4])
	}
	var fe *fault.Error
	long := strings.Replace(std, "Seat 1: Ann", "Seat 1: "+strings.Repeat("A", handhistory.MaxText+1), 1)
	long = strings.ReplaceAll(long, "Ann", strings.Repeat("A", handhistory.MaxText+1))
	es, _ = Reader.Read([]byte(long))
	if len(es) != 1 || !errors.As(es[0].Err, &fe) || fe.Kind != fault.Invalid || !strings.Contains(fe.Field, "name") {
		t.Errorf("name over MaxText: %+v", es)
	}
	readertest.Errors(t, Reader.Read, std, readertest.HandErrors{
		After: "Dealt to Cy\n", Extra: "Cy: checks",
		Lines: [][3]string{
			{"raise by contradicts to", "Ann: raises $2.5 to $3.5", "Ann: raises $3 to $3.5"},
			{"all-in with chips left", "Ann: bets $5", "Ann: bets $5 and is all-in"},
			{"summary board holding a hole card", "Board [6c Kd Qc]", "Board [6c Kd Ac]"},
			{"summary board of another length", "Board [6c Kd Qc]", "Board [6c Kd]"},
			{"card seen twice", "Dealt to Ann [Ac Kh Jh 5s]", "Dealt to Ann [Ac Kh Jh Ac]"},
			{"truncated", "*** SUMMARY ***", "Cy: folds"},
			{"unknown insurance line", "Cy: checks", "Cy: checks\nCy: buys all-in insurance ($1)"},
			{"cash drop after the betting began", "Cy: checks", "Cy: checks\nCash Drop to Pot : total $1"},
			{"uncalled bet to a seat not listed", "Uncalled bet ($5) returned to Ann", "Uncalled bet ($5) returned to Zed"},
			{"uncalled bet of another shape", "Uncalled bet ($5) returned to Ann", "Uncalled bet ($5) back to Ann"},
		},
	})
}

func TestDetectSitesByContent(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		data string
		want handhistory.Format
		err  string
	}{
		{std, handhistory.FormatGGPoker, ""},
		{"\ufeff\r\nWinamax Poker - CashGame - HandId: #1-2-3 - Omaha pot limit (1€/2€) - 2014/07/30 01:25:40 UTC\n", handhistory.FormatWinamax, ""},
		{"FullTiltPoker Game #26063988000: Table Teddy (6 max) - $25/$50 - Pot Limit Omaha Hi - 18:15:00 ET - 2010/12/01\n", handhistory.FormatFullTilt, ""},
		{"Run It Once Poker Hand #34011543: Omaha Pot Limit (€0.10/€0.20) - 2019/04/19 17:52 UTC\n", handhistory.FormatPokerStars, ""},
		{"Everleaf Gaming Game #1\n", "", "unsupported site: Everleaf"},
		{"Bovada Hand #1 TBL#2\n", "bovada", ""},
		{"Game started at: 2016/10/2 21:0:42\nGame ID: 741631166 40/80 (PRR) Xana (Omaha HiLow)\n", "wpn", ""},
	} {
		got, err := handhistory.Detect("h.txt", []byte(c.data))
		if got != c.want || c.err == "" && err != nil || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err) || fault.KindOf(err) != fault.Invalid) {
			t.Errorf("Detect(%.30q) = %q, %v; want %q %q", c.data, got, err, c.want, c.err)
		}
	}
}

// FuzzReadGGPoker: no panic, no hang; every entry is exactly one of a
// hand (passing Validate), a skip or a located error.
func FuzzReadGGPoker(f *testing.F) { readertest.FuzzRead(f, Reader.Read, []byte(std)) }

// TestGGPokerFlopMisprinted: a flop line printing the hero's four hole
// cards where the board belongs reads with the summary's board, said in
// the notes (the builder's MendsBoard, shared by every reader whose
// summary states the board).
func TestGGPokerFlopMisprinted(t *testing.T) {
	t.Parallel()
	es, err := Reader.Read([]byte(strings.Replace(std, "*** FLOP *** [6c Kd Qc]", "*** FLOP *** [Ac Kh Jh 5s]", 1)))
	if err != nil || len(es) != 1 || es[0].Hand == nil {
		t.Fatalf("%+v, %v", es, err)
	}
	h := es[0].Hand
	if h.Board().String() != "6cKdQc" || len(h.Notes) != 1 || !strings.Contains(h.Notes[0], "the street lines give the board as AcKhJh5s; the summary's board 6cKdQc (line 24) is used") {
		t.Errorf("board %s, notes %q", h.Board(), h.Notes)
	}
	// Without the summary's board the misprint is the hand's error, on
	// the flop line.
	es, _ = Reader.Read([]byte(strings.Replace(strings.Replace(std, "*** FLOP *** [6c Kd Qc]", "*** FLOP *** [Ac Kh Jh 5s]", 1), "Board [6c Kd Qc]\n", "", 1)))
	var fe *fault.Error
	if len(es) != 1 || !errors.As(es[0].Err, &fe) || fe.Line != 15 || !strings.Contains(fe.Message, "no summary board says which is right") {
		t.Errorf("%+v", es)
	}
}

// firstHand is the first hand of the real file name.
func firstHand(t *testing.T, name string) string {
	t.Helper()
	all := string(readertest.File(t, name))
	k := strings.Index(all[1:], "\nPoker Hand #")
	if k < 0 {
		t.Fatalf("%s holds one hand", name)
	}
	return strings.TrimRight(all[:k+1], "\n")
}

// TestGGPokerBareStraddle: GGPoker writes a straddle without "posts"
// ("b673c93c: straddle $2", then the straddler acts last before the
// flop), its amount the player's total so far: a big blind's "straddle
// $2" adds $1 to his $1 blind. Both settle (before, "unrecognised
// action").
func TestGGPokerBareStraddle(t *testing.T) {
	t.Parallel()
	hand := firstHand(t, "fpdb3__cash__GGPoker__Flop__PLO-6max-USD-0.50-1.00-202004.txt")
	pot := func(from, to string) *strings.Replacer {
		return strings.NewReplacer("collected $14", "collected $"+to, "Total pot $14", "Total pot $"+to, "won ($14)", "won ($"+to+")", from, from)
	}
	third := strings.NewReplacer("Hero: posts big blind $1\n", "Hero: posts big blind $1\nb673c93c: straddle $2\n",
		"b673c93c: folds\n6da5da63", "6da5da63", "b84ff923: raises $2 to $3", "b84ff923: raises $2 to $4",
		"Hero: calls $2\n*** FLOP", "Hero: calls $3\nb673c93c: folds\n*** FLOP").Replace(hand)
	own := strings.NewReplacer("Hero: posts big blind $1\n", "Hero: posts big blind $1\nHero: straddle $2\n",
		"b84ff923: raises $2 to $3", "b84ff923: raises $2 to $4").Replace(hand)
	es := readertest.Variants(t, Reader.Read, hand, []readertest.Variant{
		{Text: pot("", "18").Replace(third)},
		{Text: pot("", "16").Replace(own)},
		{Text: strings.Replace(own, "Hero: straddle $2", "Hero: straddle $1", 1), Err: "no more than the player has in"},
	})
	for k, want := range []int64{200, 100} {
		e := es[k]
		if e.Hand == nil {
			t.Fatalf("entry %d: %+v", e.Index, e)
		}
		readertest.Settles(t, "straddle", e)
		p := e.Hand.Posts[len(e.Hand.Posts)-1]
		if p.Kind != game.Straddle || p.Amount != want {
			t.Errorf("entry %d: the straddle is %+v, want %d", e.Index, p, want)
		}
	}
}

// TestGGPokerTournamentSpacesBeforeLevel: a tournament header with spaces
// before its " - Level" ("Omaha Pot Limit   - Level14(5/10)", as GGPoker
// wrote one) names its game; it was skipped as the game "... Omaha Pot
// Limit   ".
func TestGGPokerTournamentSpacesBeforeLevel(t *testing.T) {
	t.Parallel()
	hand := firstHand(t, "fpdb3__cash__GGPoker__Flop__PLO-6max-USD-0.50-1.00-202004.txt")
	chips := strings.NewReplacer("Omaha Pot Limit ($0.5/$1)", "Tournament #25313424, Big Omaha Pot Limit   - Level14(5/10)",
		"$80.61", "806", "$100", "1000", "$25.18", "252", "$21", "210", "$110.24", "1102", "$0.5", "5", "$14", "140", "$1", "10", "$2", "20", "$3", "30", "$4", "40", "$7", "70").Replace(hand)
	for _, sp := range []string{"  ", ""} {
		e := readertest.OneHand(t, Reader.Read, []byte(strings.Replace(chips, "Limit   - Level14", "Limit"+sp+" - Level14", 1)))
		readertest.Settles(t, "tournament", handhistory.Entry{Index: 1, Hand: e})
		if !e.Tournament || e.Table.Game != eval.OmahaHi || e.Table.Structure != game.PotLimit || e.Table.MinBet != 10 {
			t.Errorf("%q: %s", sp, readertest.HandJSON(t, e))
		}
	}
}
