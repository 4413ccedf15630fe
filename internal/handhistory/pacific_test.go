package handhistory

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/fault"
)

// pacStd is a legal 888 hand: Ann (button) raises to $3.50, Bob (small
// blind) calls, Cid (big blind) folds; Bob checks and folds to Ann's $5
// bet on the flop; Ann collects $7.60 of the $8 pot.
const pacStd = `#Game No : 777
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
	es, err := readPacific([]byte(pacStd))
	if err != nil || len(es) != 1 || es[0].Hand == nil {
		t.Fatalf("entries %+v, %v", es, err)
	}
	want := `{"site":"pacific","site_hand_id":"777","format":"pacific","time":"2014-01-06T21:28:15","table_name":"Coruna 6 Max",` +
		`"table":{"game":"omaha-hi","structure":"pot-limit","min_bet":100,"chip_unit":"0.01","currency":"USD","max_seats":6},` +
		`"players":[{"name":"Ann","seat":2,"stack":112113},{"name":"Bob","seat":4,"stack":7499},{"name":"Cid","seat":6,"stack":11700,"hole":"2c3c4c5c"}],` +
		`"button":0,"posts":[{"player":1,"kind":"small-blind","amount":50},{"player":2,"kind":"big-blind","amount":100}],` +
		`"actions":[{"player":0,"kind":"bet-raise","amount":350},{"player":1,"kind":"call","amount":300},{"player":2,"kind":"fold"},` +
		`{"player":-1,"kind":"deal-board","cards":"6sQdJc"},{"player":1,"kind":"check"},{"player":0,"kind":"bet-raise","amount":500},{"player":1,"kind":"fold"}],` +
		`"outcome":{"collected":[760,0,0],"returned":[0,0,0],"rake":40}}`
	if got := ippHandJSON(t, es[0].Hand); got != want {
		t.Errorf("hand\n%s\nwant\n%s", got, want)
	}
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
			es, err := readPacific([]byte(strings.Replace(pacStd, tt.from, tt.to, 1)))
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
	bad := strings.Replace(pacStd, "Bob calls [$3]", "Bob juggles [$3]", 1)
	cut := pacStd[:strings.Index(pacStd, "** Summary **")]
	holdem := strings.Replace(pacStd, "Pot Limit Omaha", "No Limit Holdem", 1)
	stranger := strings.Replace(pacStd, "Cid folds", "Zed folds", 1)
	es, err := readPacific([]byte("a note\n" + bad + "\n" + pacStd + "\n" + holdem + "\n" + stranger + "\n" + cut))
	if err != nil || len(es) != 6 {
		t.Fatalf("%d entries, %v", len(es), err)
	}
	var fe *fault.Error
	if !errors.As(es[0].Err, &fe) || fe.Line != 1 || !strings.Contains(fe.Message, "text before the first hand header") {
		t.Errorf("entry 1: %+v", es[0])
	}
	if !errors.As(es[1].Err, &fe) || fe.Kind != fault.Invalid || fe.Line != 16 || !strings.Contains(fe.Message, "unrecognised action") || es[1].ID != "777" {
		t.Errorf("entry 2: %+v", es[1])
	}
	if es[2].Hand == nil {
		t.Errorf("entry 3: %+v", es[2])
	}
	if es[3].Skipped != "game No Limit Holdem is not Omaha" {
		t.Errorf("entry 4: %+v", es[3])
	}
	if !errors.As(es[4].Err, &fe) || !strings.Contains(fe.Message, `a player not seated?) "Zed folds"`) {
		t.Errorf("entry 5: %+v", es[4])
	}
	if es[5].Skipped != "incomplete hand" {
		t.Errorf("entry 6: %+v", es[5])
	}
}

func TestPacificCorpusFields(t *testing.T) {
	t.Parallel()
	es := ippReadCorpus(t, "pacific", "fpdb3__tour__PacificPoker__Flop__PLO8-USD-MTT-1.80-0.20-201306.all.in.blind.bad.pot.txt", FormatPacific)
	h := es[0].Hand
	if h == nil || !h.Tournament || h.Table.ChipUnit != "1" || h.Table.Currency != "" || h.Players[0].Stack != 58 ||
		h.Outcome.Collected[0] != 232 || h.Outcome.Rake != 0 || h.Table.Game.String() != "omaha-hilo" {
		t.Fatalf("hand %s", ippHandJSON(t, h))
	}
	es = ippReadCorpus(t, "pacific", "fpdb3__cash__PacificPoker__Flop__888-FLO-PM-30-60.txt", FormatPacific)
	if h := es[0].Hand; len(es) != 3 || h == nil || h.Table.Structure != FixedLimit || h.Table.SmallBet != 3000 || h.Table.BigBet != 6000 || h.Table.Currency != "" || h.Players[0].Stack != 420250 {
		t.Fatalf("hand %s", ippHandJSON(t, es[0].Hand))
	}
}

func FuzzReadPacific(f *testing.F) {
	f.Add([]byte(pacStd))
	files, _ := filepath.Glob(filepath.Join(ippSitesDir, "pacific", "*"))
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ippCheckEntries(t, readPacific, data)
	})
}

// TestTextReadersBounds: a line over MaxLineBytes and a hand of more than
// MaxActions actions fail their hand alone, naming the line; a name over
// MaxText fails Validate on the hand's first line.
func TestTextReadersBounds(t *testing.T) {
	t.Parallel()
	readers := []struct {
		name, hand, action, after string
		read                      func([]byte) ([]Entry, error)
	}{
		{"pacific", pacStd, "Bob checks\n", "** Dealing flop ** [ 6s, Qd, Jc ]\n", readPacific},
		{"party", partyStd, "Bob checks\n", "** Dealing Flop ** [ Qh, Jd, Td ]\n", readParty},
	}
	for _, r := range readers {
		t.Run(r.name, func(t *testing.T) {
			t.Parallel()
			long := strings.Replace(r.hand, r.after, r.after+strings.Repeat("x", MaxLineBytes+1)+"\n", 1)
			many := strings.Replace(r.hand, r.after, r.after+strings.Repeat(r.action, MaxActions+1), 1)
			name := strings.ReplaceAll(r.hand, "Cid", strings.Repeat("C", MaxText+1))
			if r.name == "party" {
				name = strings.ReplaceAll(r.hand, "Ann", strings.Repeat("A", MaxText+1))
			}
			for _, tc := range []struct {
				what, text, msg string
				kind            fault.Kind
			}{
				{"long line", long, "(MaxLineBytes)", fault.Invalid},
				{"actions", many, "(MaxActions)", fault.Impossible},
				{"long name", name, "(MaxText)", fault.Invalid},
			} {
				es, err := r.read([]byte(tc.text + "\n" + r.hand))
				if err != nil || len(es) != 2 {
					t.Fatalf("%s: %d entries, %v", tc.what, len(es), err)
				}
				var fe *fault.Error
				if !errors.As(es[0].Err, &fe) || fe.Kind != tc.kind || fe.Line <= 0 || !strings.Contains(fe.Message, tc.msg) {
					t.Errorf("%s: entry 1: %v", tc.what, es[0].Err)
				}
				if es[1].Hand == nil {
					t.Errorf("%s: entry 2: %+v", tc.what, es[1])
				}
			}
		})
	}
}
