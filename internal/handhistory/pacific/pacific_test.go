package pacific

import (
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/readertest"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// std is a legal 888 hand: Ann (button) raises to $3.50, Bob (small
// blind) calls, Cid (big blind) folds; Bob checks and folds to Ann's $5
// bet on the flop; Ann collects $7.60 of the $8 pot.
const std = `#Game No : 777
***** 888poker Hand History for Game 777 *****
$0.50/$1 Blinds Pot Limit Omaha - *** 06 01 2014 21:28:15
Table Coruna 6 Max (Real Money)
Seat 2 is the button
Total number of players : 3
Seat 2: Ann ( $1,121.13 )
Seat 4: Bob ( $74.99 )
Seat 6: Cid ( $117 )
Bob posts small blind [$0.50]
Cid posts big blind [$1]
** Dealing down cards **
Dealt to Cid [ 2c, 3c, 4c, 5c ]
Ann raises [$3.50]
Bob calls [$3]
Cid folds
** Dealing flop ** [ 6s, Qd, Jc ]
Bob checks
Ann bets [$5]
Bob folds
** Summary **
Ann did not show his hand
Ann collected [ $7.60 ]
`

func TestPacificReadsTheModel(t *testing.T) {
	t.Parallel()
	want := `{"site":"pacific","site_hand_id":"777","format":"pacific","time":"2014-01-06T21:28:15","table_name":"Coruna 6 Max",` +
		`"table":{"game":"omaha-hi","structure":"pot-limit","min_bet":100,"chip_unit":"0.01","currency":"USD","max_seats":6},` +
		`"players":[{"name":"Ann","seat":2,"stack":112113},{"name":"Bob","seat":4,"stack":7499},{"name":"Cid","seat":6,"stack":11700,"hole":"2c3c4c5c"}],` +
		`"button":0,"posts":[{"player":1,"kind":"small-blind","amount":50},{"player":2,"kind":"big-blind","amount":100}],` +
		`"actions":[{"player":0,"kind":"bet-raise","amount":350},{"player":1,"kind":"call","amount":300},{"player":2,"kind":"fold"},` +
		`{"player":-1,"kind":"deal-board","cards":"6sQdJc"},{"player":1,"kind":"check"},{"player":0,"kind":"bet-raise","amount":500},{"player":1,"kind":"fold"}],` +
		`"outcome":{"collected":[760,0,0],"returned":[0,0,0],"rake":40}}`
	readertest.CheckJSON(t, readertest.OneHand(t, Reader.Read, []byte(std)), want)
}

// TestPacificNotations: amounts with the currency after, thousands and
// decimal separators of other locales, cards in Dutch and Swedish.
func TestPacificNotations(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, from, to string
		stack          int64 // Ann's
		flop           string
	}{
		{"currency after, no-break space", "Seat 2: Ann ( $1,121.13 )", "Seat 2: Ann ( 1\u00a0121,13 $ )", 112113, "6sQdJc"},
		{"mis-encoded no-break space", "Seat 2: Ann ( $1,121.13 )", "Seat 2: Ann ( 1Â\u00a0121,13 $ )", 112113, "6sQdJc"},
		{"Dutch thousands point", "Seat 2: Ann ( $1,121.13 )", "Seat 2: Ann ( $ 1.121 )", 112100, "6sQdJc"},
		{"Dutch cards", "[ 6s, Qd, Jc ]", "[ 6s, Vd, Bc ]", 112113, "6sQdJc"},
		{"Swedish knekt", "[ 6s, Qd, Jc ]", "[ 6s, Qd, Knc ]", 112113, "6sQdJc"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			es, err := Reader.Read([]byte(strings.Replace(std, tt.from, tt.to, 1)))
			if err != nil || es[0].Hand == nil {
				t.Fatalf("%+v %v", es, err)
			}
			h := es[0].Hand
			if h.Players[0].Stack != tt.stack || h.Board().String() != tt.flop {
				t.Errorf("stack %d board %s", h.Players[0].Stack, h.Board())
			}
		})
	}
}

// TestPacificPerHandErrors: a malformed hand is its own entry with its
// line; a hand cut off before its summary is skipped as incomplete; other
// games are skipped with the reason; the rest of the file is read.
func TestPacificPerHandErrors(t *testing.T) {
	t.Parallel()
	readertest.Variants(t, Reader.Read, std, []readertest.Variant{
		{Text: "a note", Line: 1, Err: "text before the first hand header"},
		{From: "Bob calls [$3]", To: "Bob juggles [$3]", Kind: fault.Invalid, Line: 16, Err: "unrecognised action", ID: "777"},
		{},
		{From: "Pot Limit Omaha", To: "No Limit Holdem", Skip: "game No Limit Holdem is not Omaha"},
		{From: "Cid folds", To: "Zed folds", Err: `a player not seated?) "Zed folds"`},
		{Cut: "** Summary **", Skip: sitetext.Incomplete(117)},
	})
}

func TestPacificCorpusFields(t *testing.T) {
	t.Parallel()
	es := readertest.ReadFile(t, "fpdb3__tour__PacificPoker__Flop__PLO8-USD-MTT-1.80-0.20-201306.all.in.blind.bad.pot.txt", handhistory.FormatPacific)
	h := es[0].Hand
	if h == nil || !h.Tournament || h.Table.ChipUnit != "1" || h.Table.Currency != "" || h.Players[0].Stack != 58 ||
		h.Outcome.Collected[0] != 232 || h.Outcome.Rake != 0 || h.Table.Game.String() != "omaha-hilo" {
		t.Fatalf("hand %s", readertest.HandJSON(t, h))
	}
	es = readertest.ReadFile(t, "fpdb3__cash__PacificPoker__Flop__888-FLO-PM-30-60.txt", handhistory.FormatPacific)
	if h := es[0].Hand; len(es) != 3 || h == nil || h.Table.Structure != game.FixedLimit || h.Table.SmallBet != 3000 || h.Table.BigBet != 6000 || h.Table.Currency != "" || h.Players[0].Stack != 420250 {
		t.Fatalf("hand %s", readertest.HandJSON(t, es[0].Hand))
	}
}

func FuzzReadPacific(f *testing.F) { readertest.FuzzRead(f, Reader.Read, []byte(std)) }

// TestBounds: a line over MaxLineBytes and a hand of more than
// MaxActions actions fail their hand alone, naming the line; a name over
// MaxText fails Validate on the hand's first line.
func TestBounds(t *testing.T) {
	t.Parallel()
	readertest.LimitErrors(t, Reader.Read, std, "Bob checks\n", "** Dealing flop ** [ 6s, Qd, Jc ]\n", "Cid")
}

// TestPacificDeadBlindOfTwoAmounts: "posts dead blind [$0.50 + $1]" is the
// small blind's part, dead, and the big blind's, live; either part may be
// $0 ("[$25 + $0]", a dead blind alone). The hand replays legal and settles
// to the record.
func TestPacificDeadBlindOfTwoAmounts(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		post      string
		posts     string
		collected string
	}{
		{"[$0.50 + $1]", `{"player":0,"kind":"dead","amount":50},{"player":0,"kind":"big-blind","amount":100}`, "$9.10"},
		{"[$0.50 + $0]", `{"player":0,"kind":"dead","amount":50}`, "$8.10"},
		{"[$0 + $1]", `{"player":0,"kind":"big-blind","amount":100}`, "$8.60"},
	} {
		text := strings.NewReplacer("Seat 2: Ann", "Seat 1: Dan ( $50 )\nSeat 2: Ann",
			"Cid posts big blind [$1]\n", "Cid posts big blind [$1]\nDan posts dead blind "+tt.post+"\n",
			"Ann raises", "Dan folds\nAnn raises",
			"Ann collected [ $7.60 ]", "Ann collected [ "+tt.collected+" ]",
			"Total number of players : 3", "Total number of players : 4").Replace(std)
		h := readertest.OneHand(t, Reader.Read, []byte(text))
		got := readertest.HandJSON(t, h)
		if !strings.Contains(got, `"posts":[{"player":2,"kind":"small-blind","amount":50},{"player":3,"kind":"big-blind","amount":100},`+tt.posts+`]`) {
			t.Errorf("%s: posts in %s", tt.post, got)
		}
		v := analysis.Replay(h)
		if !v.Legal || v.MatchesRecord == nil || !*v.MatchesRecord {
			t.Errorf("%s: legal %v, matches %v: %+v %+v", tt.post, v.Legal, v.MatchesRecord, v.Error, v.Differences)
		}
	}
	bad := strings.Replace(std, "Cid posts big blind [$1]\n", "Cid posts big blind [$1]\nCid posts dead blind [$0 + $0]\n", 1)
	if es, err := Reader.Read([]byte(bad)); err != nil || len(es) != 1 || es[0].Err == nil || !strings.Contains(es[0].Err.Error(), "a dead blind of nothing") {
		t.Errorf("a dead blind of two zeros: %+v, %v", es, err)
	}
}

// TestPacificFoldBeforeTheDeal: a seat that folds before "** Dealing down
// cards **" without having posted (888's record of a player leaving or
// sitting out) is not dealt in; one that posted folds a live hand, and a
// record without the dealing line deals before its first action.
func TestPacificFoldBeforeTheDeal(t *testing.T) {
	t.Parallel()
	withDan := strings.NewReplacer("Seat 2: Ann", "Seat 1: Dan ( $50 )\nSeat 2: Ann",
		"Total number of players : 3", "Total number of players : 4")
	text := strings.Replace(withDan.Replace(std), "** Dealing down cards **", "Dan folds\n** Dealing down cards **", 1)
	h := readertest.OneHand(t, Reader.Read, []byte(text))
	if len(h.Players) != 3 || h.Players[0].Name != "Ann" {
		t.Errorf("players %+v, want Ann, Bob and Cid", h.Players)
	}
	if v := analysis.Replay(h); !v.Legal || v.MatchesRecord == nil || !*v.MatchesRecord {
		t.Errorf("legal %v, matches %v: %+v", v.Legal, v.MatchesRecord, v.Error)
	}
	// One who posted and folds before the line folds a live hand (his
	// post stays in the pot), and the line after his fold starts nothing
	// twice.
	text = strings.NewReplacer("Cid posts big blind [$1]\n", "Cid posts big blind [$1]\nDan posts dead blind [$0.50 + $0]\n",
		"** Dealing down cards **", "Dan folds\n** Dealing down cards **", "Ann collected [ $7.60 ]", "Ann collected [ $8.10 ]").Replace(withDan.Replace(std))
	h = readertest.OneHand(t, Reader.Read, []byte(text))
	if len(h.Players) != 4 {
		t.Errorf("players %+v, want Dan among them", h.Players)
	}
	if v := analysis.Replay(h); !v.Legal || v.MatchesRecord == nil || !*v.MatchesRecord {
		t.Errorf("Dan posted: legal %v, matches %v: %+v %+v", v.Legal, v.MatchesRecord, v.Error, v.Differences)
	}
	// Without the dealing line, a fold before the first action is the
	// first action: Dan, left of the big blind, is dealt in.
	text = strings.Replace(withDan.Replace(std), "** Dealing down cards **\n", "", 1)
	text = strings.Replace(text, "Dealt to Cid", "Dan folds\nDealt to Cid", 1)
	if h := readertest.OneHand(t, Reader.Read, []byte(text)); len(h.Players) != 4 {
		t.Errorf("players %+v, want Dan among them", h.Players)
	}
}
