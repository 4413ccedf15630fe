package fulltilt

import (
	"testing"

	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/readertest"
)

// std is a small Full Tilt hand: chat, a timer, a raise to, a call, a
// flop bet taken.
const std = `Full Tilt Poker Game #31318808612: Table Rymer (6 max, shallow) - $2/$4 - Pot Limit Omaha Hi - 17:09:49 CET - 2012/11/06 [11:09:49 ET - 2012/11/06]
Seat 1: lplr ($60)
Seat 2: Fej hoa ($1,311.75)
Seat 3: dalgoy6ko ($739.20), is sitting out
Seat 4: FatChipStack ($249.10)
Fej hoa posts the small blind of $2
FatChipStack posts the big blind of $4
The button is in seat #1
*** HOLE CARDS ***
Dealt to FatChipStack [9d 4s 7s 5h]
lplr raises to $8
Fej hoa: nice
Fej hoa has 15 seconds left to act
Fej hoa folds
FatChipStack calls $4
*** FLOP *** [8h Jc 4d] (Total Pot: $18, 2 Players)
FatChipStack checks
lplr bets $18
FatChipStack folds
Uncalled bet of $18 returned to lplr
lplr mucks
lplr wins the pot ($17)
*** SUMMARY ***
Total pot $18 | Rake $1
Board: [8h Jc 4d]
Seat 1: lplr (button) collected ($17), mucked
Seat 2: Fej hoa (small blind) folded before the Flop
Seat 4: FatChipStack (big blind) folded on the Flop`

func TestFullTiltReadsTheModel(t *testing.T) {
	t.Parallel()
	h := readertest.OneHand(t, Reader.Read, []byte(std))
	o := h.Outcome
	readertest.CheckHead(t, h, readertest.Head{Site: "fulltilt", ID: "31318808612", Time: "2012-11-06T11:09:49-05:00", TableName: "Rymer",
		Table: handhistory.Table{Game: eval.OmahaHi, Structure: game.PotLimit, MinBet: 400, ChipUnit: "0.01", Currency: "USD", MaxSeats: 6}})
	switch {
	// The sitting-out seat is not dealt in.
	case len(h.Players) != 3 || h.Players[1].Name != "Fej hoa" || h.Players[1].Stack != 131175 || h.Players[2].Hole.String() != "9d4s7s5h" || h.Button != 0:
		t.Errorf("players %+v button %d", h.Players, h.Button)
	case len(h.Posts) != 2 || len(h.Actions) != 7:
		t.Errorf("posts %+v actions %+v", h.Posts, h.Actions)
	case o.Collected[0] != 1700 || o.Returned[0] != 1800 || o.TotalPot != 1800 || o.Rake != 100:
		t.Errorf("outcome %+v", o)
	}
}

func TestFullTiltRunsCapAndHiLo(t *testing.T) {
	t.Parallel()
	h := readertest.OneHand(t, Reader.Read, readertest.File(t, "fpdb3__cash__FTP__Flop__PLO-6max-USD-2.00-4.00-201211.RIT.new.format.txt"))
	// All in before the flop: each run has its own flop.
	if b := h.Boards(); h.Runs() != 2 || b[0].String() != "7c4h7d5cTh" || b[1].String() != "Kc7h3hQh6c" || len(h.Outcome.RunCollected) != 2 || h.Outcome.RunCollected[1][3] != 12420 {
		t.Errorf("runs %v outcome %+v", b, h.Outcome)
	}
	es, err := Reader.Read(readertest.File(t, "fpdb3__cash__FTP__Flop__PLO-6max-USD-5.00-10.00-201010.CAP.txt"))
	if err != nil || len(es) != 1 || es[0].Hand == nil {
		t.Fatalf("%+v, %v", es, err)
	}
	// A $400 cap: stacks are the chips each can play.
	for _, p := range es[0].Hand.Players {
		if p.Stack > 40000 {
			t.Errorf("capped game: %s plays %d", p.Name, p.Stack)
		}
	}
	es, err = Reader.Read(readertest.File(t, "hhsmithy__FullTilt__CashGame__Limits__Limit5.txt"))
	if err != nil || len(es) != 1 || es[0].Hand == nil {
		t.Fatalf("%+v, %v", es, err)
	}
	if h := es[0].Hand; h.Table.Game != eval.OmahaHiLo || h.Table.Structure != game.FixedLimit || h.Table.SmallBet != 200000 || h.Table.BigBet != 400000 || h.Table.MaxSeats != 2 || h.Outcome.Collected[1] != 3199950 {
		t.Errorf("limit hi/lo heads-up %+v %+v", h.Table, h.Outcome)
	}
	// No win line: nothing collected, as recorded.
	es, err = Reader.Read(readertest.File(t, "fpdb3__cash__FTP__Flop__PLO-6max-USD-2.00-4.00-201211.no.win.line.txt"))
	if err != nil || len(es) != 1 || es[0].Hand == nil {
		t.Fatalf("%+v, %v", es, err)
	}
	for _, c := range es[0].Hand.Outcome.Collected {
		if c != 0 {
			t.Errorf("no win line, yet collected %v", es[0].Hand.Outcome.Collected)
		}
	}
}

func TestFullTiltPerHandErrors(t *testing.T) {
	t.Parallel()
	readertest.Errors(t, Reader.Read, std, readertest.HandErrors{
		Game: [2]string{"Pot Limit Omaha Hi", "No Limit Hold'em"}, Skip: "game No Limit Hold'em is not Omaha",
		Bad: [2]string{"FatChipStack calls $4", "FatChipStack calls 4"}, BadLine: 14,
		After: "Dealt to FatChipStack [9d 4s 7s 5h]\n", Extra: "FatChipStack checks",
		Lines: [][3]string{
			{"all in with chips left", "lplr bets $18", "lplr bets $18, and is all in"},
			{"no button line", "The button is in seat #1", "Fej hoa: hello"},
			{"board differs", "Board: [8h Jc 4d]", "Board: [8h Jc 4s]"},
			{"unknown line", "lplr mucks", "lplr juggles"},
		},
	})
}

// FuzzReadFullTilt: no panic, no hang; every entry is exactly one of a
// hand (passing Validate), a skip or a located error.
func FuzzReadFullTilt(f *testing.F) { readertest.FuzzRead(f, Reader.Read, []byte(std)) }

// TestFullTiltUnnumberedStreetAfterARun: a street marker without a run
// number after a numbered one ("*** TURN 1 ***" then "*** RIVER ***") is
// a located error, not an index out of range (found by FuzzReadFullTilt).
func TestFullTiltUnnumberedStreetAfterARun(t *testing.T) {
	t.Parallel()
	data := "FullTiltPoker Game #0: Table  - $1/$1 - Limit Omaha\nSeat 1: 0000000 ($0)0000000000000000 ($0)0000000000000000 ($0)\nSeat 2: 0000 ($0)\n*** HOLE CARDS ***\n*** FLOP *** [6CQh3C]\n*** TURN 1 *** [6CQh3C][2C]\n*** RIVER *** []"
	es, err := Reader.Read([]byte(data))
	readertest.CheckEntries(t, es, err)
}
