package party

import (
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/readertest"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// std is a legal classic PartyPoker hand: Ann (button) raises $1.50
// more than her small blind, Bob (big blind) calls $1; on the river Bob
// bets $2, Ann calls; Bob shows, Ann mucks; Bob wins $7.60 of the $8 pot.
const std = `Game #555 starts.

#Game No : 555
***** Hand History for Game 555 *****
$100 USD PL Omaha - Monday, January 06, 09:52:55 EST 2014
Table Los Angeles (Real Money)
Seat 2 is the button
Total number of players : 2/6
Seat 2: Ann ( $100 USD )
Seat 1: Bob ( $1,108.86 USD )
Ann posts small blind [$0.50 USD].
Bob posts big blind [$1 USD].
** Dealing down cards **
Ann raises [$1.50 USD]
Bob: nice hand earlier
Bob calls [$1 USD]
** Dealing Flop ** [ Qh, Jd, Td ]
Bob checks
Ann checks
** Dealing Turn ** [ 7d ]
Cid has joined the table.
Bob checks
Ann checks
** Dealing River ** [ Kc ]
Bob bets [$2 USD]
Ann calls [$2 USD]
Bob shows [ 3d, 9c, 2d, 6h ]a flush, Jack high.
Ann doesn't show [ 3h, As, Qc, 5s ]a straight, Ten to Ace.
Bob wins $7.60 USD from the main pot with a flush, Jack high.
`

func TestPartyReadsTheModel(t *testing.T) {
	t.Parallel()
	want := `{"site":"partypoker","site_hand_id":"555","format":"partypoker","time":"2014-01-06T09:52:55-05:00","table_name":"Los Angeles",` +
		`"table":{"game":"omaha-hi","structure":"pot-limit","min_bet":100,"chip_unit":"0.01","currency":"USD","max_seats":6},` +
		`"players":[{"name":"Bob","seat":1,"stack":110886,"hole":"3d9c2d6h"},{"name":"Ann","seat":2,"stack":10000,"hole":"3hAsQc5s"}],` +
		`"button":1,"posts":[{"player":1,"kind":"small-blind","amount":50},{"player":0,"kind":"big-blind","amount":100}],` +
		`"actions":[{"player":1,"kind":"bet-raise","amount":200},{"player":0,"kind":"call","amount":100},` +
		`{"player":-1,"kind":"deal-board","cards":"QhJdTd"},{"player":0,"kind":"check"},{"player":1,"kind":"check"},` +
		`{"player":-1,"kind":"deal-board","cards":"7d"},{"player":0,"kind":"check"},{"player":1,"kind":"check"},` +
		`{"player":-1,"kind":"deal-board","cards":"Kc"},{"player":0,"kind":"bet-raise","amount":200},{"player":1,"kind":"call","amount":200},` +
		`{"player":0,"kind":"show","cards":"3d9c2d6h"},{"player":1,"kind":"muck"}],` +
		`"outcome":{"collected":[760,0],"returned":[0,0],"rake":40}}`
	readertest.CheckJSON(t, readertest.OneHand(t, Reader.Read, []byte(std)), want)
}

// TestPartyLaterLayout reads the later layout: "raises X to Y", amounts in
// parentheses, the summary's pot, rake, balances and shown cards.
func TestPartyLaterLayout(t *testing.T) {
	t.Parallel()
	es := readertest.ReadFile(t, "fpdb3__cash__PartyPoker__Flop__PLO-6max-USD-0.10-0.25-202607.multi.hand.split.txt", handhistory.FormatParty)
	if len(es) != 4 {
		t.Fatalf("%d entries", len(es))
	}
	h := es[1].Hand
	want := `{"site":"partypoker","site_hand_id":"17845596990673djb7na2i87","format":"partypoker","time":"2026-07-20T11:00:56-04:00","table_name":"Table 7509241",` +
		`"table":{"game":"omaha-hi","structure":"pot-limit","min_bet":25,"chip_unit":"0.01","currency":"USD","max_seats":6},` +
		`"players":[{"name":"Hero","seat":1,"stack":12444,"hole":"2cQsJhAc"},{"name":"Player1","seat":2,"stack":702,"hole":"8sKs3dAd"},{"name":"Player2","seat":3,"stack":9523},{"name":"Player3","seat":4,"stack":11397}],` +
		`"button":0,"posts":[{"player":1,"kind":"small-blind","amount":10},{"player":2,"kind":"big-blind","amount":25}],` +
		`"actions":[{"player":3,"kind":"fold"},{"player":0,"kind":"bet-raise","amount":85},{"player":1,"kind":"bet-raise","amount":280},{"player":2,"kind":"call","amount":255},{"player":0,"kind":"call","amount":195},` +
		`{"player":-1,"kind":"deal-board","cards":"8d5hAh"},{"player":1,"kind":"bet-raise","amount":422},{"player":2,"kind":"fold"},{"player":0,"kind":"call","amount":422},` +
		`{"player":-1,"kind":"deal-board","cards":"Th"},{"player":-1,"kind":"deal-board","cards":"5d"},{"player":0,"kind":"show","cards":"2cQsJhAc"},{"player":1,"kind":"show","cards":"8sKs3dAd"}],` +
		`"outcome":{"finishing_stacks":[11742,1600,9243,11397],"collected":[0,1600,0,0],"returned":[0,0,0,0],"rake":84,"total_pot":1684,"pots":[1600]}}`
	readertest.CheckJSON(t, h, want)
}

// TestPartyPerHandErrors: a malformed hand is its own entry with its line,
// a player acting who is not seated is named, chat is not an action, the
// rest of the file is read.
func TestPartyPerHandErrors(t *testing.T) {
	t.Parallel()
	readertest.Variants(t, Reader.Read, std, []readertest.Variant{
		{From: "Bob calls [$1 USD]", To: "Bob calls [$one USD]", Kind: fault.Invalid, Line: 16, Err: "bad amount", ID: "555"},
		{},
		{From: "Bob calls [$1 USD]", To: "Zed folds", Err: `"Zed" acts but is not seated in this hand`},
		{From: "PL Omaha", To: "FL Seven Card Stud", Skip: "game Stud is not Omaha"},
		{Text: "Game #556 starts.\n", Skip: sitetext.Incomplete(121), ID: "556"},
	})
}

func TestPartyCorpusFields(t *testing.T) {
	t.Parallel()
	es := readertest.ReadFile(t, "fpdb3__tour__PartyPoker__Flop__PLO8-10max-USD-20-2-201310.chat.fix.txt", handhistory.FormatParty)
	h := es[0].Hand
	if h == nil || !h.Tournament || h.Table.ChipUnit != "1" || h.Table.Game.String() != "omaha-hilo" || len(h.Players) != 9 ||
		h.Outcome.Collected[4] != 640 || h.Outcome.Collected[7] != 640 || h.Time != "2013-10-31T16:04:15-04:00" {
		t.Fatalf("hand %s", readertest.HandJSON(t, h))
	}
	es = readertest.ReadFile(t, "fpdb3__cash__PartyPoker__Flop__LO8-USD-20-40.201201.limit3format.txt", handhistory.FormatParty)
	if h := es[0].Hand; h == nil || h.Table.Structure != game.FixedLimit || h.Table.SmallBet != 2000 || h.Table.BigBet != 4000 || h.Outcome.Rake != 100 {
		t.Fatalf("hand %s", readertest.HandJSON(t, es[0].Hand))
	}
}

func FuzzReadParty(f *testing.F) { readertest.FuzzRead(f, Reader.Read, []byte(std)) }

// TestBounds: a line over MaxLineBytes and a hand of more than
// MaxActions actions fail their hand alone, naming the line; a name over
// MaxText fails Validate on the hand's first line.
func TestBounds(t *testing.T) {
	t.Parallel()
	readertest.LimitErrors(t, Reader.Read, std, "Bob checks\n", "** Dealing Flop ** [ Qh, Jd, Td ]\n", "Ann")
}

// hand2005 is a hand of the 2005 client (the layout of the unseen
// party__gitpan file, testdata/unseen in package handhistory): every
// action and post ends with a full stop ("Cid folds.", "Bob checks.",
// "Ann calls [$0.25]."), but "is all-In  [$3.70]"; amounts carry no
// currency code.
const hand2005 = `***** Hand History for Game 2981408940 *****
$25 PL Omaha - Friday, November 04, 19:50:12 EDT 2005
Table Table  64984 (Real Money)
Seat 1 is the button
Total number of players : 3 
Seat 1: Ann ( $10 )
Seat 2: Bob ( $4.70 )
Seat 3: Cid ( $25 )
Bob posts small blind [$0.10].
Cid posts big blind [$0.25].
** Dealing down cards **
Dealt to Ann [  8d 5s 4s 6s ]
Ann calls [$0.25].
Bob raises [$0.90].
Cid folds.
Ann calls [$0.75].
** Dealing Flop ** [ 7d, 5h, 3c ]
Bob checks.
Ann bets [$2].
Bob is all-In  [$3.70]
Ann calls [$1.70].
** Dealing Turn ** [ 6d ]
** Dealing River ** [ Tc ]
Bob shows [ 5d, 4c, 7c, 9h ] a straight, three to seven.
Ann shows [ 8d, 5s, 4s, 6s ] a straight, four to eight.
Ann wins $9.40 from  the main pot  with a straight, four to eight.
`

// TestParty2005: the 2005 client's full stops end its lines, "folds."
// and "checks." among them: the hand reads as it does without them, and
// settles.
func TestParty2005(t *testing.T) {
	t.Parallel()
	es, err := Reader.Read([]byte(hand2005))
	if err != nil || len(es) != 1 || es[0].Hand == nil {
		t.Fatalf("%+v, %v", es, err)
	}
	readertest.Settles(t, "hand2005", es[0])
	bare := readertest.OneHand(t, Reader.Read, []byte(strings.ReplaceAll(hand2005, ".\n", "\n")))
	if got, want := readertest.HandJSON(t, es[0].Hand), readertest.HandJSON(t, bare); got != want {
		t.Errorf("with the stops:\n%s\nwithout:\n%s", got, want)
	}
	if a := es[0].Hand.Actions; len(a) < 3 || a[2].Kind != game.Fold || a[2].Player != 2 {
		t.Errorf("%s", readertest.HandJSON(t, es[0].Hand))
	}
}

// TestPartyTimeBankNotices: "P will be using their time bank for this
// hand." (as well as "his" and "her") and the nameless "Your time bank
// will be activated ..." are time-bank notices, skipped; "their" was an
// unrecognised action.
func TestPartyTimeBankNotices(t *testing.T) {
	t.Parallel()
	hand := strings.TrimPrefix(strings.TrimRight(string(readertest.File(t, "hhsmithy__PartyPoker__CashGame__GameTypeTests__PotLimitOmahaHiLo.txt")), "\n"), "\ufeff")
	var vs []readertest.Variant
	for _, who := range []string{"his", "her", "their"} {
		vs = append(vs, readertest.Variant{From: "dimatlt633 checks\n** Dealing Flop", To: "dimatlt633 checks\nragga22 will be using " + who + " time bank for this hand.\n" +
			"Your time bank will be activated in 6 secs. If you do not want it to be used, please act now.\n** Dealing Flop"})
	}
	for _, e := range readertest.Variants(t, Reader.Read, hand, vs) {
		if e.Hand != nil {
			readertest.Settles(t, "time bank", e)
			if len(e.Hand.Notes) != 0 {
				t.Errorf("entry %d: notes %q", e.Index, e.Hand.Notes)
			}
		}
	}
}
