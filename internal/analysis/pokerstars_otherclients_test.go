package analysis

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/hhtest"
)

// psOtherClients holds the corpus files Run It Once Poker and Upoker wrote
// in PokerStars' format, copied verbatim.
const psOtherClients = psCorpus + "/other-clients"

// TestPokerStarsOtherClientsVerdicts pins, per file, what the Run It Once
// and Upoker files give through Detect, Read and the replay (3 files, 3
// hands: 2 legal, 1 matching the record):
//
//   - the Run It Once side-pot hand is illegal where its record is odd:
//     "Shaun J: raises €1.36 to €30.25" re-raises an all-in full raise by
//     less than a full raise without being all-in (his only raise is all
//     in, to €37.32, which the record's €8.43 uncalled bet implies);
//   - the Run It Once "STP" hand is legal; the €5 the site added to the
//     pot (splash the pot, AddedToPot) is in the main pot, so the total
//     pot and the rake match the record; the collected lines differ by the
//     €5 again, which the site counts once in its total pot and twice in
//     its collected lines (€122.02 from the main pot, €26.82 from the
//     €21.82 side pot): the site's own inconsistency, which the verdict's
//     note names;
//   - the Upoker hand (yuan) is legal and settles to the record.
func TestPokerStarsOtherClientsVerdicts(t *testing.T) {
	t.Parallel()
	tests := []struct {
		file, site, id string
		legal          bool
		matches        bool
		errIndex       int
		errText        string
		diffs          []Difference
		notes          []string // the verdict's notes, nil for none
	}{
		{
			file: "fpdb3__cash__Stars__Flop__PLO-6max-EUR-0.10-0.20-201904.RIO.Side.Pots__RunItOncePoker.txt", site: "runitonce", id: "34011543",
			errIndex: 11, errText: "Shaun J raise to €30.25 is below the pot-limit minimum €37.32",
		},
		{
			file: "fpdb3__cash__Stars__Flop__PLO-6max-EUR-0.25-0.50-201908.RIO.STP.side.pot__RunItOncePoker.txt", site: "runitonce", id: "36197946",
			legal: true,
			diffs: []Difference{
				{Player: "Ricky N", Field: "collected", Recorded: 14884, Replayed: 14384},
			},
			notes: []string{"site inconsistency: the collected lines add up to €148.84, €5.00 more than the total pot €146.34 less rake €2.50: they count the €5.00 the site added (STP) twice, the total pot once"},
		},
		{
			file: "hhsmithy-567ce475__Upoker__CashGame__uPokerStarsFormatBetAndWinFlopIP.txt", site: "upoker", id: "113367101128",
			legal: true, matches: true, diffs: []Difference{},
		},
	}
	hands, legal, matching := 0, 0, 0
	for _, tt := range tests {
		data, err := os.ReadFile(filepath.Join(psOtherClients, tt.file))
		if err != nil {
			t.Fatal(err)
		}
		format, err := handhistory.Detect(tt.file, data)
		if err != nil || format != handhistory.FormatPokerStars {
			t.Fatalf("%s: Detect = %q, %v", tt.file, format, err)
		}
		es, err := handhistory.Read(format, data)
		if err != nil || len(es) != 1 || es[0].Hand == nil {
			t.Fatalf("%s: Read = %+v, %v", tt.file, es, err)
		}
		hands++
		if h := es[0].Hand; h.Site != tt.site || h.SiteHandID != tt.id {
			t.Errorf("%s: hand %s/%s, want %s/%s", tt.file, h.Site, h.SiteHandID, tt.site, tt.id)
		}
		v := FromEntry(es[0])
		if v.Legal {
			legal++
		}
		if v.MatchesRecord != nil && *v.MatchesRecord {
			matching++
		}
		if v.Legal != tt.legal || v.ID == nil || *v.ID != tt.id {
			t.Errorf("%s: legal %v (error %+v), id %v; want legal %v", tt.file, v.Legal, v.Error, v.ID, tt.legal)
			continue
		}
		if !tt.legal {
			if v.Error == nil || v.Error.Index != tt.errIndex || !strings.Contains(v.Error.Message, tt.errText) || v.Error.Allowed != "fold, call €21.82 or raise to €37.32" {
				t.Errorf("%s: error %+v, want action %d: %q", tt.file, v.Error, tt.errIndex, tt.errText)
			}
			continue
		}
		if v.MatchesRecord == nil || *v.MatchesRecord != tt.matches || !reflect.DeepEqual(v.Differences, tt.diffs) {
			t.Errorf("%s: matches %v, differences %+v; want %v, %+v", tt.file, v.MatchesRecord, v.Differences, tt.matches, tt.diffs)
		}
		if !reflect.DeepEqual(v.Notes, tt.notes) {
			t.Errorf("%s: notes %q, want %q", tt.file, v.Notes, tt.notes)
		}
	}
	if hands != 3 || legal != 2 || matching != 1 {
		t.Errorf("%d hands, %d legal, %d matching; want 3, 2, 1", hands, legal, matching)
	}
}

// psMisprintedRiver is hhtest.PokerStarsHand played to a showdown whose
// river line misprints the river (7s) while the summary has it right
// (6s): on 6s Bob's three sixes beat Cid's pair of sevens, as the shown
// hands' descriptions and the collected line say; on 7s Cid would win.
var psMisprintedRiver = hhtest.PokerStarsHand[:strings.Index(hhtest.PokerStarsHand, "Ann: raises")] + `Ann: calls $0.10
Bob: calls $0.05
Cid: checks
*** FLOP *** [2c 3d 4h]
Bob: checks
Cid: checks
Ann: checks
*** TURN *** [2c 3d 4h] [5s]
Bob: checks
Cid: checks
Ann: checks
*** RIVER *** [2c 3d 4h 5s] [7s]
Bob: checks
Cid: checks
Ann: checks
*** SHOW DOWN ***
Bob: shows [6h 6d Kc Qd] (three of a kind, Sixes)
Cid: shows [7h 7d Kh Qh] (a pair of Sevens)
Ann: mucks hand
Bob collected $0.30 from pot
*** SUMMARY ***
Total pot $0.30 | Rake $0
Board [2c 3d 4h 5s 6s]
Seat 2: Bob (small blind) showed [6h 6d Kc Qd] and won ($0.30) with three of a kind, Sixes
Seat 3: Cid (big blind) showed [7h 7d Kh Qh] and lost with a pair of Sevens
`

// TestPokerStarsMisprintedBoardReplaysOnTheSummarysBoard: the hand whose
// river line misprints the board replays legal on the summary's board and
// settles to the record (Bob wins); it is not an unreadable hand.
func TestPokerStarsMisprintedBoardReplaysOnTheSummarysBoard(t *testing.T) {
	t.Parallel()
	es, err := handhistory.Read(handhistory.FormatPokerStars, []byte(psMisprintedRiver))
	if err != nil || len(es) != 1 || es[0].Hand == nil {
		t.Fatalf("Read = %+v, %v", es, err)
	}
	v := FromEntry(es[0])
	if !v.Legal || v.Board != "2c3d4h5s6s" || v.MatchesRecord == nil || !*v.MatchesRecord || !reflect.DeepEqual(v.Payouts, []int64{0, 30, 0}) {
		t.Errorf("legal %v (%+v), board %s, matches %v, payouts %v; want legal on 2c3d4h5s6s, Bob paid 30, as recorded",
			v.Legal, v.Error, v.Board, v.MatchesRecord, v.Payouts)
	}
	// The verdict says the board was mended, naming both boards.
	if len(v.Notes) != 1 || !strings.Contains(v.Notes[0], "2c3d4h5s6s") || !strings.Contains(v.Notes[0], "summary") {
		t.Errorf("notes %q, want one naming the summary's board 2c3d4h5s6s", v.Notes)
	}
	if v := FromEntry(handhistory.Entry{Hand: readOne(t, hhtest.PokerStarsHand)}); v.Notes != nil {
		t.Errorf("a hand read as written has notes %q", v.Notes)
	}
}

func readOne(t *testing.T, text string) *handhistory.Hand {
	t.Helper()
	es, err := handhistory.Read(handhistory.FormatPokerStars, []byte(text))
	if err != nil || len(es) != 1 || es[0].Hand == nil {
		t.Fatalf("Read = %+v, %v", es, err)
	}
	return es[0].Hand
}

// TestPokerStarsConvertedRaiseReplays: "raises $0.35 to $0.35" (the total
// written twice, as converters do) replays as hhtest.PokerStarsHand does,
// legal and as recorded.
func TestPokerStarsConvertedRaiseReplays(t *testing.T) {
	t.Parallel()
	text := strings.Replace(hhtest.PokerStarsHand, "Ann: raises $0.25 to $0.35", "Ann: raises $0.35 to $0.35", 1)
	es, err := handhistory.Read(handhistory.FormatPokerStars, []byte(text))
	if err != nil || len(es) != 1 || es[0].Hand == nil {
		t.Fatalf("Read = %+v, %v", es, err)
	}
	if v := FromEntry(es[0]); !v.Legal || v.MatchesRecord == nil || !*v.MatchesRecord || !reflect.DeepEqual(v.Returned, []int64{25, 0, 0}) {
		t.Errorf("legal %v (%+v), matches %v, returned %v", v.Legal, v.Error, v.MatchesRecord, v.Returned)
	}
}

// TestPokerStarsIncompleteHandVerdict: a hand cut off before its summary
// is a skipped hand ("incomplete hand", with its id and line), not an
// unreadable one; the hand before it replays.
func TestPokerStarsIncompleteHandVerdict(t *testing.T) {
	t.Parallel()
	cut := strings.Replace(hhtest.PokerStarsHand[:strings.Index(hhtest.PokerStarsHand, "Uncalled bet")], "#900", "#901", 1)
	es, err := handhistory.Read(handhistory.FormatPokerStars, []byte(hhtest.PokerStarsHand+"\n"+cut))
	if err != nil || len(es) != 2 {
		t.Fatalf("Read = %+v, %v", es, err)
	}
	if v := FromEntry(es[0]); !v.Legal {
		t.Errorf("hand 1: %+v", v)
	}
	v := FromEntry(es[1])
	if v.Skipped != "incomplete hand (it stops at line 28)" || v.Unreadable || v.Legal || v.Error != nil || v.ID == nil || *v.ID != "901" || v.Line != 18 || v.Hand != 2 {
		t.Errorf("hand 2: %+v, want skipped as incomplete, hand 2 (#901) at line 18", v)
	}
}
