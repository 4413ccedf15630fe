package winamax

import (
	"errors"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/readertest"
)

// std is a small Winamax cash hand with a dead small blind posted out
// of position and an uncalled bet left in the pot, as Winamax writes them.
const std = `Winamax Poker - CashGame - HandId: #6935619-5785-1419437602 - Omaha pot limit (2€/4€) - 2014/12/24 16:13:22 UTC
Table: 'Wloclawek' 5-max (real money) Seat #3 is the button
Seat 1: Incognito 1 (789€)
Seat 2: Incognito 2 (160€)
Seat 3: Incognito 3 (1 268,38€)
Seat 4: Incognito 4 (679€)
Seat 5: Hero (474.50€)
*** ANTE/BLINDS ***
Incognito 4 posts small blind 2€
Hero posts big blind 4€
Incognito 2 posts small blind 2€ out of position
Dealt to Hero [4c Qc 4h Qd]
*** PRE-FLOP ***
Incognito 1 folds
Incognito 2 folds
Incognito 3 raises 8€ to 12€
Incognito 4 folds
Hero raises 28€ to 40€
Incognito 3 folds
Hero collected 56€ from pot
*** SUMMARY ***
Total pot 56€ | No rake
Seat 5: Hero (big blind) won 56€`

func TestWinamaxReadsTheModel(t *testing.T) {
	t.Parallel()
	h := readertest.OneHand(t, Reader.Read, []byte(std))
	o := h.Outcome
	readertest.CheckHead(t, h, readertest.Head{Site: "winamax", ID: "6935619-5785-1419437602", Time: "2014-12-24T16:13:22Z", TableName: "Wloclawek",
		Table: handhistory.Table{Game: eval.OmahaHi, Structure: game.PotLimit, MinBet: 400, ChipUnit: "0.01", Currency: "EUR", MaxSeats: 5}})
	switch {
	case len(h.Players) != 5 || h.Players[0].Name != "Incognito 1" || h.Players[2].Stack != 126838 || h.Players[4].Hole.String() != "4cQc4hQd" || h.Button != 2:
		t.Errorf("players %+v button %d", h.Players, h.Button)
	case len(h.Posts) != 3 || h.Posts[2] != (handhistory.Post{Player: 1, Kind: game.Dead, Amount: 200}):
		t.Errorf("posts %+v", h.Posts)
	// The uncalled 28€ stays in Winamax's pot and in Hero's collected.
	case o.Collected[4] != 5600 || o.Returned[4] != 0 || o.TotalPot != 5600 || o.Rake != 0:
		t.Errorf("outcome %+v", o)
	}
}

func TestWinamaxHiLoPlayMoneyAndPosts(t *testing.T) {
	t.Parallel()
	h := readertest.OneHand(t, Reader.Read, readertest.File(t, "fpdb3__cash__Winamax__Flop__PLO8-2max-play-0.05-0.10-201610.export.txt"))
	// Play money in hundredths, no currency; both halves shown once each.
	if h.Table.Game != eval.OmahaHiLo || h.Table.Currency != "" || h.Table.ChipUnit != "0.01" || h.Outcome.Collected[0] != 46 || h.Outcome.Collected[1] != 47 || h.Outcome.TotalPot != 100 || h.Outcome.Rake != 7 {
		t.Errorf("hi/lo play-money hand %+v %+v", h.Table, h.Outcome)
	}
	shows := 0
	for _, a := range h.Actions {
		if a.Kind == game.Show {
			shows++
		}
	}
	if shows != 2 {
		t.Errorf("%d shows, want 2", shows)
	}
	// "posts small blind 3€ out of position": 1€ dead and the 2€ big blind.
	es, err := Reader.Read(readertest.File(t, "fpdb3__cash__Winamax__Flop__PLO-5max-EUR-1.00-2.00-201611.post.both.txt"))
	if err != nil || len(es) != 1 || es[0].Hand == nil {
		t.Fatalf("%+v, %v", es, err)
	}
	if p := es[0].Hand.Posts; len(p) != 4 || p[2] != (handhistory.Post{Player: 4, Kind: game.Dead, Amount: 100}) || p[3] != (handhistory.Post{Player: 4, Kind: game.BigBlind, Amount: 200}) {
		t.Errorf("posts %+v", p)
	}
	// A seat with no chips is not dealt in; "deny BB" says nothing.
	es, err = Reader.Read(readertest.File(t, "fpdb3__cash__Winamax__Flop__PLO-FR-EUR-0.02-0.05-201009.Sample"))
	if err != nil || len(es) != 60 {
		t.Fatalf("%d entries, %v", len(es), err)
	}
	for _, e := range es {
		if e.ID == "270777-208-1284852647" && (e.Hand == nil || len(e.Hand.Players) != 7) {
			t.Errorf("hand with a 0€ seat: %+v", e)
		}
	}
}

func TestWinamaxPerHandErrors(t *testing.T) {
	t.Parallel()
	readertest.Errors(t, Reader.Read, std, readertest.HandErrors{
		Game: [2]string{"Omaha pot limit", "Holdem no limit"}, Skip: "game Holdem no limit is not Omaha",
		Bad: [2]string{"Hero raises 28€ to 40€", "Hero raises 28 to 40€"}, BadLine: 17,
		After: "*** PRE-FLOP ***\n", Extra: "Hero checks",
		Lines: [][3]string{
			{"raise by contradicts to", "Incognito 3 raises 8€ to 12€", "Incognito 3 raises 9€ to 12€"},
			{"an action by a name not seated", "Incognito 1 folds", "Somebody folds"},
			{"dollars in a euro game", "Hero posts big blind 4€", "Hero posts big blind $4"},
			{"no summary", "*** SUMMARY ***", "Hero checks"},
		},
	})
}

// TestWinamaxUnknownLineIsANote: a line the reader does not know that
// names no seated player with chips is kept in the hand's notes, and the
// hand is read; one that names a seated player with an amount is an error
// of the hand naming the line.
func TestWinamaxUnknownLineIsANote(t *testing.T) {
	t.Parallel()
	notice := strings.Replace(std, "*** PRE-FLOP ***", "Tournament news: the break starts in 5 minutes\n*** PRE-FLOP ***", 1)
	es, err := Reader.Read([]byte(notice))
	if err != nil || len(es) != 1 || es[0].Hand == nil {
		t.Fatalf("%+v, %v", es, err)
	}
	if n := es[0].Hand.Notes; len(n) != 1 || !strings.Contains(n[0], "the break starts") {
		t.Errorf("notes %q, want the unknown line", n)
	}
	chips := strings.Replace(std, "*** PRE-FLOP ***", "Bonus: Hero receives 5€\n*** PRE-FLOP ***", 1)
	var fe *fault.Error
	if es, _ := Reader.Read([]byte(chips)); len(es) != 1 || !errors.As(es[0].Err, &fe) || !strings.Contains(fe.Message, "unrecognised line") {
		t.Errorf("a seated player's chips: %+v", es)
	}
}

// FuzzReadWinamax: no panic, no hang; every entry is exactly one of a
// hand (passing Validate), a skip or a located error.
func FuzzReadWinamax(f *testing.F) { readertest.FuzzRead(f, Reader.Read, []byte(std)) }

// TestGameNames: every game name the header is read with, as Winamax's
// clients have written it, maps onto its game and structure; another
// game's name does not.
func TestGameNames(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		s    string
		g    eval.Game
		st   game.Structure
		read bool
	}{
		{"Omaha pot limit", eval.OmahaHi, game.PotLimit, true},
		{"Omaha8 pot limit", eval.OmahaHiLo, game.PotLimit, true},
		{"Omaha-8 pot limit", eval.OmahaHiLo, game.PotLimit, true},
		{"OmahaHL fixed limit", eval.OmahaHiLo, game.FixedLimit, true},
		{"Omaha Hi/Lo pot limit", eval.OmahaHiLo, game.PotLimit, true},
		{"Omaha5 pot limit", 0, 0, false},
		{"Holdem no limit", 0, 0, false},
	} {
		g, st, ok := gameOf(c.s)
		if ok != c.read || ok && (g != c.g || st != c.st) {
			t.Errorf("gameOf(%q) = %v, %v, %v; want %v, %v, %v", c.s, g, st, ok, c.g, c.st, c.read)
		}
	}
}
