package pokerstars

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/readertest"
)

const testDir = "testdata"

func readPSFile(t testing.TB, name string) []handhistory.Entry {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(testDir, name))
	if err != nil {
		t.Fatal(err)
	}
	es, err := Reader.Read(data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return es
}

func readPSText(t *testing.T, text string) []handhistory.Entry {
	t.Helper()
	es, err := Reader.Read([]byte(text))
	if err != nil {
		t.Fatalf("readPokerStars: %v", err)
	}
	return es
}

// oneHand reads text holding one hand and returns it, failing on a skip or
// an error.
func oneHand(t *testing.T, text string) *handhistory.Hand {
	t.Helper()
	es := readPSText(t, text)
	if len(es) != 1 {
		t.Fatalf("got %d entries, want 1", len(es))
	}
	if es[0].Err != nil || es[0].Skipped != "" {
		t.Fatalf("entry: err %v, skipped %q", es[0].Err, es[0].Skipped)
	}
	return es[0].Hand
}

// TestPokerStarsCorpusCounts pins, per corpus file, how many hands are read
// per game and structure and why the others are skipped; no hand of the
// corpus is an error.
func TestPokerStarsCorpusCounts(t *testing.T) {
	t.Parallel()
	tests := []struct {
		file string
		want map[string]int
	}{
		{"fpdb3__cash__Stars__Flop__258753941248_anon5.txt", map[string]int{"omaha-hilo/pot-limit": 1}},
		{"fpdb3__cash__Stars__Flop__LO8-6max-USD-0.05-0.10-20090315.Hand-cancelled.txt", map[string]int{"skipped: hand cancelled": 1}},
		{"fpdb3__cash__Stars__Flop__PLO-6max-USD-0.50-1.00-201204.shows.2.txt", map[string]int{"omaha-hi/pot-limit": 1}},
		{"fpdb3__cash__Stars__Flop__PLO-6max-USD-200-400-201505.rit.leaves.table.txt", map[string]int{"omaha-hi/pot-limit": 1}},
		{"fpdb3__cash__Stars__Flop__PLO-6max-USD-5-10-201509.converted.uncalled.bet.txt", map[string]int{"omaha-hi/pot-limit": 1}},
		{"fpdb3__cash__Stars__Flop__PLO-FR-USD-0.01-0.02-201006.sidepots.txt", map[string]int{"omaha-hi/pot-limit": 3}},
		{"fpdb3__cash__Stars__Flop__PLO8-6max-USD-0.01-0.02-200911.txt", map[string]int{"omaha-hilo/pot-limit": 15}},
		{"fpdb3__cash__Stars__Flop__PLO8-9max-USD-0.01-0.02-20100829.No.VPIP.from.posted.bb.txt", map[string]int{"omaha-hilo/pot-limit": 1}},
		{"fpdb3__tour__Stars__Flop__NLO8-USD-STT-201109.Knockout.sample.txt", map[string]int{"omaha-hilo/no-limit": 73}},
		{"fpdb3__tour__Stars__Flop__PLO8-6max-USD-11-1-202105.Chico.Converted.txt", map[string]int{"omaha-hilo/pot-limit": 1}},
		{"fpdb3__tour__Stars__Flop__PLO8-9max-USD-STT-5.00-200505.hero.quartered.txt", map[string]int{"omaha-hilo/pot-limit": 1}},
		{"fpdb3__tour__Stars__Mixed__8-Game-2max-STT-play-100-201306.homeGame.shootout.txt", map[string]int{
			"omaha-hilo/fixed-limit": 17, "omaha-hi/pot-limit": 1,
			"skipped: game 7 Card Stud Hi/Lo Limit is not Omaha":       18,
			"skipped: game 7 Card Stud Limit is not Omaha":             16,
			"skipped: game Hold'em Limit is not Omaha":                 24,
			"skipped: game Hold'em No Limit is not Omaha":              24,
			"skipped: game Razz Limit is not Omaha":                    19,
			"skipped: game Triple Draw 2-7 Lowball Limit is not Omaha": 18,
		}},
		{"gitpan-Games-Poker-HistoryParser__t__Sites_Stars_O8.t__RAW.txt", map[string]int{"omaha-hilo/fixed-limit": 1}},
		{"hhsmithy__PokerStars__CashGame__GameTypeTests__NoLimitOmahaHiLo.txt", map[string]int{"omaha-hilo/no-limit": 1}},
		{"hhsmithy__PokerStars__CashGame__GameTypeTests__PotLimitOmaha.txt", map[string]int{"omaha-hi/pot-limit": 1}},
		{"hhsmithy__PokerStars__CashGame__GameTypeTests__PotLimitOmahaHiLo.txt", map[string]int{"omaha-hilo/pot-limit": 1}},
		{"hhsmithy__PokerStars__CashGame__HandActionTests__OmahaHiLo.txt", map[string]int{"omaha-hilo/pot-limit": 1}},
		{"hhsmithy__PokerStars__CashGame__PlayerTests__OmahaHiLoShowdown.txt", map[string]int{"omaha-hilo/pot-limit": 1}},
		{"hhsmithy__PokerStars__CashGame__PlayerTests__OmahaShowdown.txt", map[string]int{"omaha-hi/pot-limit": 1}},
	}
	files, err := filepath.Glob(filepath.Join(testDir, "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != len(tests) {
		t.Errorf("%d corpus files in %s, the table covers %d", len(files), testDir, len(tests))
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			t.Parallel()
			got := map[string]int{}
			for i, e := range readPSFile(t, tt.file) {
				if e.Index != i+1 {
					t.Errorf("entry %d has Index %d", i, e.Index)
				}
				if e.Line <= 0 {
					t.Errorf("entry %d has Line %d", e.Index, e.Line)
				}
				switch {
				case e.Err != nil:
					t.Errorf("hand %d (line %d): %v", e.Index, e.Line, e.Err)
				case e.Skipped != "":
					got["skipped: "+e.Skipped]++
				default:
					got[e.Hand.Table.Game.String()+"/"+e.Hand.Table.Structure.String()]++
					checkHandInvariants(t, e.Hand)
				}
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("counts %v, want %v", got, tt.want)
			}
		})
	}
}

// checkHandInvariants checks what every read hand must satisfy.
func checkHandInvariants(t *testing.T, h *handhistory.Hand) {
	t.Helper()
	n := len(h.Players)
	if n < 2 || h.Button < 0 || h.Button >= n {
		t.Errorf("hand %s: %d players, button %d", h.SiteHandID, n, h.Button)
	}
	for i := 1; i < n; i++ {
		if h.Players[i].Seat <= h.Players[i-1].Seat {
			t.Errorf("hand %s: players not in seat order", h.SiteHandID)
		}
	}
	for _, p := range h.Posts {
		if p.Player < 0 || p.Player >= n || p.Amount <= 0 {
			t.Errorf("hand %s: bad post %+v", h.SiteHandID, p)
		}
	}
	var all cards.List
	for _, p := range h.Players {
		if p.Hole != nil && len(p.Hole) != 4 {
			t.Errorf("hand %s: %s holds %s", h.SiteHandID, p.Name, p.Hole)
		}
		all = append(all, p.Hole...)
	}
	for _, a := range h.Actions { // every run's board cards
		if a.Kind == game.DealBoard {
			all = append(all, a.Cards...)
		}
	}
	if _, err := all.Set(); err != nil {
		t.Errorf("hand %s: %v", h.SiteHandID, err)
	}
	for _, a := range h.Actions {
		if a.Player < -1 || a.Player >= n || (a.Player == -1) != (a.Kind == game.DealBoard) {
			t.Errorf("hand %s: bad action %+v", h.SiteHandID, a)
		}
	}
	o := h.Outcome
	if o == nil || len(o.Collected) != n || len(o.Returned) != n || len(o.Pots) == 0 {
		t.Fatalf("hand %s: outcome %+v", h.SiteHandID, o)
	}
	var collected, pots int64
	for _, c := range o.Collected {
		collected += c
	}
	for _, p := range o.Pots {
		pots += p
	}
	// The site pays out exactly the pots after rake.
	if collected != pots || pots != o.TotalPot-o.Rake {
		t.Errorf("hand %s: collected %d, pots %v (%d), total %d, rake %d", h.SiteHandID, collected, o.Pots, pots, o.TotalPot, o.Rake)
	}
	// A hand run more than once: one collected slice per run, summing to
	// Collected.
	if runs := h.Runs(); runs > 1 || o.RunCollected != nil {
		if len(o.RunCollected) != runs {
			t.Fatalf("hand %s: %d runs, run_collected %v", h.SiteHandID, runs, o.RunCollected)
		}
		for i := range n {
			var sum int64
			for _, rc := range o.RunCollected {
				sum += rc[i]
			}
			if sum != o.Collected[i] {
				t.Errorf("hand %s: player %d collected %d over the runs, %d in all", h.SiteHandID, i, sum, o.Collected[i])
			}
		}
	}
}

var updatePokerStars = flag.Bool("update-pokerstars", false, "rewrite testdata/golden from the reader's output")

// TestPokerStarsGolden pins the reading of every corpus file, hand by hand,
// against reviewed JSON Lines in testdata/golden (regenerate
// with -update-pokerstars and review the diff).
func TestPokerStarsGolden(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join(testDir, "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	type entryJSON struct {
		Index   int               `json:"index"`
		Line    int               `json:"line"`
		Skipped string            `json:"skipped,omitempty"`
		Error   string            `json:"error,omitempty"`
		Hand    *handhistory.Hand `json:"hand,omitempty"`
	}
	for _, f := range files {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		for _, e := range readPSFile(t, filepath.Base(f)) {
			ej := entryJSON{Index: e.Index, Line: e.Line, Skipped: e.Skipped, Hand: e.Hand}
			if e.Err != nil {
				ej.Error = e.Err.Error()
			}
			if err := enc.Encode(ej); err != nil {
				t.Fatal(err)
			}
		}
		golden := filepath.Join(testDir, "golden", strings.TrimSuffix(filepath.Base(f), ".txt")+".jsonl")
		if *updatePokerStars {
			if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run with -update-pokerstars)", err)
		}
		if !bytes.Equal(buf.Bytes(), want) {
			got := strings.Split(buf.String(), "\n")
			exp := strings.Split(string(want), "\n")
			for i := 0; i < len(got) || i < len(exp); i++ {
				var g, w string
				if i < len(got) {
					g = got[i]
				}
				if i < len(exp) {
					w = exp[i]
				}
				if g != w {
					t.Errorf("%s: entry %d differs from the golden file\n got %s\nwant %s", filepath.Base(f), i+1, g, w)
					break
				}
			}
		}
	}
}

// TestPokerStarsHandMapping pins the full mapping of a few corpus hands.
func TestPokerStarsHandMapping(t *testing.T) {
	t.Parallel()
	mk := func(s string) cards.List { return cards.MustParse(s) }
	tests := []struct {
		name  string
		file  string
		index int
		want  *handhistory.Hand
	}{
		{
			name: "cash pot-limit hi/lo, uncalled river bet, anonymised summary seat",
			file: "fpdb3__cash__Stars__Flop__258753941248_anon5.txt", index: 1,
			want: &handhistory.Hand{
				Site: "pokerstars", SiteHandID: "258753941248", Format: "pokerstars",
				Time: "2025-12-03T11:59:34-05:00", TableName: "Gutemberga V",
				Table: handhistory.Table{Game: eval.OmahaHiLo, Structure: game.PotLimit, MinBet: 2, ChipUnit: "0.01", Currency: "USD", MaxSeats: 6},
				Players: []handhistory.Player{
					{Name: "Player1", Seat: 1, Stack: 217, Hole: mk("2d2hAh4h")},
					{Name: "Player2", Seat: 2, Stack: 16},
					{Name: "Player3", Seat: 3, Stack: 175},
					{Name: "Player4", Seat: 4, Stack: 610},
					{Name: "Player5", Seat: 5, Stack: 42},
				},
				Button: 0,
				Posts:  []handhistory.Post{{Player: 1, Kind: game.SmallBlind, Amount: 1}, {Player: 2, Kind: game.BigBlind, Amount: 2}},
				Actions: []handhistory.Action{
					{Player: 3, Kind: game.BetRaise, Amount: 4}, {Player: 4, Kind: game.Fold}, {Player: 0, Kind: game.Call, Amount: 4},
					{Player: 1, Kind: game.Fold}, {Player: 2, Kind: game.Fold},
					{Player: -1, Kind: game.DealBoard, Cards: mk("4s8s8h")},
					{Player: 3, Kind: game.BetRaise, Amount: 11}, {Player: 0, Kind: game.Call, Amount: 11},
					{Player: -1, Kind: game.DealBoard, Cards: mk("3h")},
					{Player: 3, Kind: game.BetRaise, Amount: 32}, {Player: 0, Kind: game.Call, Amount: 32},
					{Player: -1, Kind: game.DealBoard, Cards: mk("6s")},
					{Player: 3, Kind: game.Check}, {Player: 0, Kind: game.BetRaise, Amount: 94}, {Player: 3, Kind: game.Fold},
				},
				Outcome: &handhistory.Outcome{Collected: []int64{94, 0, 0, 0, 0}, Returned: []int64{94, 0, 0, 0, 0}, Rake: 3, TotalPot: 97, Pots: []int64{94}},
			},
		},
		{
			name: "fixed-limit stakes are the bets, split pot, mucked cards from the summary",
			file: "gitpan-Games-Poker-HistoryParser__t__Sites_Stars_O8.t__RAW.txt", index: 1,
			want: &handhistory.Hand{
				Site: "pokerstars", SiteHandID: "0000000000", Format: "pokerstars",
				Time: "2005-08-21T21:44:08-04:00", TableName: "Sualocin",
				Table: handhistory.Table{Game: eval.OmahaHiLo, Structure: game.FixedLimit, SmallBet: 500, BigBet: 1000, MaxBets: 4, ChipUnit: "0.01", Currency: "USD"},
				Players: []handhistory.Player{
					{Name: "Player_1", Seat: 1, Stack: 7200}, {Name: "Player_2", Seat: 2, Stack: 21400},
					{Name: "Player_3", Seat: 3, Stack: 9600}, {Name: "Player_4", Seat: 4, Stack: 8700},
					{Name: "Player_5", Seat: 5, Stack: 26750}, {Name: "Player_6", Seat: 6, Stack: 20900},
					{Name: "Player_7", Seat: 7, Stack: 18300, Hole: mk("Ad3hQcKh")},
					{Name: "Player_8", Seat: 8, Stack: 22600, Hole: mk("2hKc3cJh")},
					{Name: "Player_9", Seat: 9, Stack: 45000}, {Name: "Player_10", Seat: 10, Stack: 15500},
				},
				Button: 5,
				Posts:  []handhistory.Post{{Player: 6, Kind: game.SmallBlind, Amount: 200}, {Player: 7, Kind: game.BigBlind, Amount: 500}},
				Actions: []handhistory.Action{
					{Player: 8, Kind: game.Fold}, {Player: 9, Kind: game.Fold}, {Player: 0, Kind: game.Fold}, {Player: 1, Kind: game.Fold},
					{Player: 2, Kind: game.Fold}, {Player: 3, Kind: game.Fold}, {Player: 4, Kind: game.Call, Amount: 500},
					{Player: 5, Kind: game.Fold}, {Player: 6, Kind: game.Call, Amount: 300}, {Player: 7, Kind: game.Check},
					{Player: -1, Kind: game.DealBoard, Cards: mk("6s7d9c")},
					{Player: 6, Kind: game.Check}, {Player: 7, Kind: game.Check}, {Player: 4, Kind: game.Check},
					{Player: -1, Kind: game.DealBoard, Cards: mk("Th")},
					{Player: 6, Kind: game.Check}, {Player: 7, Kind: game.BetRaise, Amount: 1000}, {Player: 4, Kind: game.Fold},
					{Player: 6, Kind: game.Call, Amount: 1000},
					{Player: -1, Kind: game.DealBoard, Cards: mk("5h")},
					{Player: 6, Kind: game.Check}, {Player: 7, Kind: game.Check},
					{Player: 6, Kind: game.Show, Cards: mk("Ad3hQcKh")}, {Player: 7, Kind: game.Muck},
				},
				Outcome: &handhistory.Outcome{Collected: []int64{0, 0, 0, 0, 0, 0, 3400, 0, 0, 0}, Returned: make([]int64, 10), Rake: 100, TotalPot: 3500, Pots: []int64{3400}},
			},
		},
		{
			name: "tournament chips, antes, no time zone in brackets",
			file: "fpdb3__tour__Stars__Flop__PLO8-6max-USD-11-1-202105.Chico.Converted.txt", index: 1,
			want: &handhistory.Hand{
				Site: "pokerstars", SiteHandID: "770875946", Format: "pokerstars", Tournament: true,
				Time: "2021-05-25T15:46:24-04:00", TableName: "18272685271857837393 23",
				Table: handhistory.Table{Game: eval.OmahaHiLo, Structure: game.PotLimit, MinBet: 20000, ChipUnit: "1", MaxSeats: 6},
				Players: []handhistory.Player{
					{Name: "Player0_chico", Seat: 1, Stack: 1196091}, {Name: "Player1_chico", Seat: 2, Stack: 565718},
					{Name: "Player2_chico", Seat: 3, Stack: 292772}, {Name: "Hero", Seat: 4, Stack: 2554350, Hole: mk("4s5s3hKd")},
					{Name: "Player3_chico", Seat: 5, Stack: 416200}, {Name: "Player4_chico", Seat: 6, Stack: 1437951},
				},
				Button: 4,
				Posts: []handhistory.Post{
					{Player: 5, Kind: game.Ante, Amount: 1000}, {Player: 0, Kind: game.Ante, Amount: 1000}, {Player: 1, Kind: game.Ante, Amount: 1000}, {Player: 2, Kind: game.Ante, Amount: 1000}, {Player: 3, Kind: game.Ante, Amount: 1000}, {Player: 4, Kind: game.Ante, Amount: 1000},
					{Player: 5, Kind: game.SmallBlind, Amount: 10000}, {Player: 0, Kind: game.BigBlind, Amount: 20000},
				},
				Actions: []handhistory.Action{
					{Player: 1, Kind: game.Fold}, {Player: 2, Kind: game.Fold}, {Player: 3, Kind: game.BetRaise, Amount: 50000},
					{Player: 4, Kind: game.Fold}, {Player: 5, Kind: game.Fold}, {Player: 0, Kind: game.Fold},
				},
				Outcome: &handhistory.Outcome{Collected: []int64{0, 0, 0, 56000, 0, 0}, Returned: []int64{0, 0, 0, 30000, 0, 0}, TotalPot: 56000, Pots: []int64{56000}},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			es := readPSFile(t, tt.file)
			e := es[tt.index-1]
			if e.Hand == nil {
				t.Fatalf("hand %d: err %v, skipped %q", tt.index, e.Err, e.Skipped)
			}
			if !reflect.DeepEqual(e.Hand, tt.want) {
				t.Errorf("hand mismatch\n got %+v\nwant %+v", e.Hand, tt.want)
				if !reflect.DeepEqual(e.Hand.Actions, tt.want.Actions) {
					t.Errorf("actions\n got %+v\nwant %+v", e.Hand.Actions, tt.want.Actions)
				}
				if !reflect.DeepEqual(e.Hand.Outcome, tt.want.Outcome) {
					t.Errorf("outcome\n got %+v\nwant %+v", e.Hand.Outcome, tt.want.Outcome)
				}
			}
		})
	}
}

// TestPokerStarsSidePots pins the main and side pots and the per-player
// collected sums of a three-pot hand.
func TestPokerStarsSidePots(t *testing.T) {
	t.Parallel()
	h := readPSFile(t, "fpdb3__cash__Stars__Flop__PLO-FR-USD-0.01-0.02-201006.sidepots.txt")[1].Hand
	if h == nil {
		t.Fatal("hand 2 not read")
	}
	o := h.Outcome
	if want := []int64{235, 88, 29}; !reflect.DeepEqual(o.Pots, want) {
		t.Errorf("pots %v, want %v", o.Pots, want)
	}
	if o.TotalPot != 370 || o.Rake != 18 {
		t.Errorf("total %d rake %d, want 370 and 18", o.TotalPot, o.Rake)
	}
	// Player0 collected the main pot and side pot-1, Player2 side pot-2.
	if got := o.Collected[playerIndex(h, "Player0")]; got != 323 {
		t.Errorf("Player0 collected %d, want 323", got)
	}
	if got := o.Collected[playerIndex(h, "Player2")]; got != 29 {
		t.Errorf("Player2 collected %d, want 29", got)
	}
	// Player0 is not on the seat list of hand 1 ("will be allowed to play
	// after the button"): hand 1 has 6 players, hand 2 seven.
	if n := len(h.Players); n != 7 {
		t.Errorf("%d players, want 7", n)
	}
}

// stdHand is a synthetic, legal hand with names holding spaces, colons,
// brackets and slashes; {{...}} marks are replaced per test (text).
const stdHand = `PokerStars Hand #111:  Omaha Pot Limit ($0.05/$0.10 USD) - 2020/01/02 3:04:05 ET
Table 'Test I' 6-max Seat #{{BTN}} is the button
Seat 1: A: B [c] ($10 in chips)
Seat 2: x/y (z) ($10 in chips)
Seat 4: A ($1 in chips)
Seat 5: Sleepy ($5 in chips) is sitting out
{{POSTS}}
*** HOLE CARDS ***
Dealt to A [As Ks Qs Js]
x/y (z) said, "A: folds"
{{PREFLOP}}
{{REST}}`

// stdRest is the rest of the standard hand, from the flop: A is all-in
// on the flop and wins at showdown.
const stdRest = `*** FLOP *** [2c 3d 4h]
x/y (z): checks
A: checks
A: B [c]: bets $0.30
x/y (z): folds
A: raises $0.60 to $0.90 and is all-in
A: B [c]: calls $0.60
*** TURN *** [2c 3d 4h] [5s]
*** RIVER *** [2c 3d 4h 5s] [6s]
*** SHOW DOWN ***
A: shows [As Ks Qs Js] (a straight)
A: B [c]: mucks hand
A collected $2 from pot
*** SUMMARY ***
Total pot $2.10 | Rake $0.10
Board [2c 3d 4h 5s 6s]
Seat 1: A: B [c] mucked [Ah Kh Qh Jh]
Seat 4: A showed [As Ks Qs Js] and won ($2)
`

func text(btn, posts, preflop, rest string) string {
	r := strings.NewReplacer("{{BTN}}", btn, "{{POSTS}}", posts, "{{PREFLOP}}", preflop, "{{REST}}", rest)
	return r.Replace(stdHand)
}

const stdPosts = "x/y (z): posts small blind $0.05\nA: posts big blind $0.10"
const stdPreflop = "A: B [c]: calls $0.10\nx/y (z): calls $0.05\nA: checks"

// std is the standard hand: button on seat 1, blinds from seats 2 and 4.
var std = text("1", stdPosts, stdPreflop, stdRest)

// TestPokerStarsNamesAnchoredOnSeats reads players whose names hold
// spaces, colons, brackets and slashes, ignores chat that looks like an
// action, and leaves out a cash player sitting out.
func TestPokerStarsNamesAnchoredOnSeats(t *testing.T) {
	t.Parallel()
	h := oneHand(t, std)
	var names []string
	for _, p := range h.Players {
		names = append(names, p.Name)
	}
	if want := []string{"A: B [c]", "x/y (z)", "A"}; !reflect.DeepEqual(names, want) {
		t.Fatalf("players %q, want %q", names, want)
	}
	wantActs := []handhistory.Action{
		{Player: 0, Kind: game.Call, Amount: 10}, {Player: 1, Kind: game.Call, Amount: 5}, {Player: 2, Kind: game.Check},
		{Player: -1, Kind: game.DealBoard, Cards: cards.MustParse("2c3d4h")},
		{Player: 1, Kind: game.Check}, {Player: 2, Kind: game.Check}, {Player: 0, Kind: game.BetRaise, Amount: 30},
		{Player: 1, Kind: game.Fold}, {Player: 2, Kind: game.BetRaise, Amount: 90}, {Player: 0, Kind: game.Call, Amount: 60},
		{Player: -1, Kind: game.DealBoard, Cards: cards.MustParse("5s")},
		{Player: -1, Kind: game.DealBoard, Cards: cards.MustParse("6s")},
		{Player: 2, Kind: game.Show, Cards: cards.MustParse("AsKsQsJs")}, {Player: 0, Kind: game.Muck},
	}
	if !reflect.DeepEqual(h.Actions, wantActs) {
		t.Errorf("actions\n got %+v\nwant %+v", h.Actions, wantActs)
	}
	if got := h.Players[0].Hole.String(); got != "AhKhQhJh" {
		t.Errorf("mucked hole cards %q, want AhKhQhJh", got)
	}
	if want := []int64{0, 0, 200}; !reflect.DeepEqual(h.Outcome.Collected, want) {
		t.Errorf("collected %v, want %v", h.Outcome.Collected, want)
	}
}

// TestPokerStarsButtonAndPosts pins the button when its seat is empty or
// sitting out, and the post kinds.
func TestPokerStarsButtonAndPosts(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		btn, posts string
		preflop    string
		rest       string
		wantButton int
		wantPosts  []handhistory.Post
	}{
		{"button seat dealt in", "1", stdPosts, stdPreflop, stdRest, 0, []handhistory.Post{{Player: 1, Kind: game.SmallBlind, Amount: 5}, {Player: 2, Kind: game.BigBlind, Amount: 10}}},
		{"empty button seat: the player before the small blind", "3",
			"A: posts small blind $0.05\nA: B [c]: posts big blind $0.10",
			"x/y (z): folds\nA: folds",
			"Uncalled bet ($0.05) returned to A: B [c]\nA: B [c] collected $0.10 from pot\n*** SUMMARY ***\nTotal pot $0.10 | Rake $0\n",
			1, []handhistory.Post{{Player: 2, Kind: game.SmallBlind, Amount: 5}, {Player: 0, Kind: game.BigBlind, Amount: 10}}},
		{"sitting-out button seat, no small blind: the last player before it", "5",
			"A: B [c]: posts big blind $0.10",
			"x/y (z): raises $0.20 to $0.30\nA: folds\nA: B [c]: folds",
			"Uncalled bet ($0.20) returned to x/y (z)\nx/y (z) collected $0.20 from pot\n*** SUMMARY ***\nTotal pot $0.20 | Rake $0\n",
			2, []handhistory.Post{{Player: 0, Kind: game.BigBlind, Amount: 10}}},
		{"small & big blinds: dead small blind plus live big blind, antes first", "1",
			"A: B [c]: posts the ante $0.01\nx/y (z): posts the ante $0.01\nA: posts the ante $0.01\nx/y (z): posts small blind $0.05\nA: posts big blind $0.10\nA: B [c]: posts small & big blinds $0.15",
			"A: B [c]: raises $0.30 to $0.40\nx/y (z): folds\nA: folds",
			"Uncalled bet ($0.30) returned to A: B [c]\nA: B [c] collected $0.33 from pot\n*** SUMMARY ***\nTotal pot $0.33 | Rake $0\n",
			0, []handhistory.Post{{Player: 0, Kind: game.Ante, Amount: 1}, {Player: 1, Kind: game.Ante, Amount: 1}, {Player: 2, Kind: game.Ante, Amount: 1}, {Player: 1, Kind: game.SmallBlind, Amount: 5}, {Player: 2, Kind: game.BigBlind, Amount: 10}, {Player: 0, Kind: game.Dead, Amount: 5}, {Player: 0, Kind: game.BigBlind, Amount: 10}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := oneHand(t, text(tt.btn, tt.posts, tt.preflop, tt.rest))
			if h.Button != tt.wantButton {
				t.Errorf("button %d, want %d", h.Button, tt.wantButton)
			}
			if !reflect.DeepEqual(h.Posts, tt.wantPosts) {
				t.Errorf("posts %+v, want %+v", h.Posts, tt.wantPosts)
			}
		})
	}
}

// TestPokerStarsTournamentSeats: in a tournament a player sitting out is
// dealt in (and folds), a player "out of hand" is not; the button seat's
// player being out of hand, the button is the player before the small
// blind. Tournament money is in chips.
func TestPokerStarsTournamentSeats(t *testing.T) {
	t.Parallel()
	h := oneHand(t, `PokerStars Hand #7: Tournament #8, $1+$0.10 USD Omaha Hi/Lo No Limit - Level I (10/20) - 2020/01/02 3:04:05 ET
Table '8 1' 9-max Seat #2 is the button
Seat 1: Sleepy (1500 in chips) is sitting out
Seat 2: Moved (1500 in chips) out of hand (moved from another table into small blind)
Seat 3: B (1,500 in chips, $0.50 bounty)
Seat 4: C (1500 in chips)
B: posts small blind 10
C: posts big blind 20
*** HOLE CARDS ***
Sleepy: folds
B: folds
Uncalled bet (10) returned to C
C collected 20 from pot
*** SUMMARY ***
Total pot 20 | Rake 0
`)
	var names []string
	for _, p := range h.Players {
		names = append(names, p.Name)
	}
	if want := []string{"Sleepy", "B", "C"}; !reflect.DeepEqual(names, want) {
		t.Errorf("players %q, want %q", names, want)
	}
	if h.Button != 0 || !h.Tournament || h.Table.ChipUnit != "1" || h.Table.Currency != "" || h.Table.MinBet != 20 || h.Players[1].Stack != 1500 {
		t.Errorf("button %d, tournament %v, table %+v, B's stack %d", h.Button, h.Tournament, h.Table, h.Players[1].Stack)
	}
	if want := []int64{0, 0, 10}; !reflect.DeepEqual(h.Outcome.Returned, want) {
		t.Errorf("returned %v, want %v", h.Outcome.Returned, want)
	}
	// Heads-up with an empty button seat: the small blind is the button.
	hu := oneHand(t, `PokerStars Hand #9: Tournament #8, $1+$0.10 USD Omaha Hi/Lo No Limit - Level I (10/20) - 2020/01/02 3:04:05 ET
Table '8 1' 9-max Seat #2 is the button
Seat 3: B (1500 in chips)
Seat 4: C (1500 in chips)
C: posts small blind 10
B: posts big blind 20
*** HOLE CARDS ***
C: folds
Uncalled bet (10) returned to B
B collected 20 from pot
*** SUMMARY ***
Total pot 20 | Rake 0
`)
	if hu.Button != 1 {
		t.Errorf("heads-up button %d, want 1 (C, the small blind)", hu.Button)
	}
}

// TestPokerStarsSeatsOutOfOrder: seats listed out of order give the same
// hand as in order.
func TestPokerStarsSeatsOutOfOrder(t *testing.T) {
	t.Parallel()
	seats := "Seat 1: A: B [c] ($10 in chips)\nSeat 2: x/y (z) ($10 in chips)\nSeat 4: A ($1 in chips)\nSeat 5: Sleepy ($5 in chips) is sitting out\n"
	shuffled := "Seat 5: Sleepy ($5 in chips) is sitting out\nSeat 4: A ($1 in chips)\nSeat 1: A: B [c] ($10 in chips)\nSeat 2: x/y (z) ($10 in chips)\n"
	if !strings.Contains(std, seats) {
		t.Fatal("template seats changed")
	}
	a, b := oneHand(t, std), oneHand(t, strings.Replace(std, seats, shuffled, 1))
	if !reflect.DeepEqual(a, b) {
		t.Errorf("shuffled seats give\n%+v\nwant\n%+v", b, a)
	}
}

// TestPokerStarsBOMAndCRLF reads the same hand with a BOM, CRLF line ends
// and trailing spaces.
func TestPokerStarsBOMAndCRLF(t *testing.T) {
	t.Parallel()
	plain := std
	dressed := "\uFEFF" + strings.ReplaceAll(plain, "\n", "  \r\n")
	a, b := oneHand(t, plain), oneHand(t, dressed)
	if !reflect.DeepEqual(a, b) {
		t.Errorf("BOM/CRLF hand differs:\n%+v\n%+v", a, b)
	}
	// Files concatenated with their BOMs: every hand is still found.
	es := readPSText(t, dressed+"\r\n"+dressed)
	if len(es) != 2 || es[1].Hand == nil || !reflect.DeepEqual(es[1].Hand, a) {
		t.Errorf("second of two concatenated BOM files: %+v", es)
	}
}

// TestPokerStarsMalformed checks that a malformed hand is an error naming
// its line and kind, and that the hands around it are still read.
func TestPokerStarsMalformed(t *testing.T) {
	t.Parallel()
	good := std
	goodLines := strings.Count(good, "\n")
	tests := []struct {
		name     string
		from, to string // replaced in the middle hand
		wantLine int    // within the middle hand, 1-based
		wantKind fault.Kind
		wantMsg  string
	}{
		{"bad amount", "A: B [c]: bets $0.30", "A: B [c]: bets $0.3x", 18, fault.Invalid, "bad amount"},
		{"unknown action", "A: checks\n*** FLOP", "A: dances\n*** FLOP", 14, fault.Invalid, "unrecognised action"},
		{"bad card", "[2c 3d 4h]\nx/y", "[2c 3d 4x]\nx/y", 15, fault.Invalid, "bad board card"},
		{"duplicate card", "mucked [Ah Kh Qh Jh]", "mucked [Ah Kh Qh 2c]", 31, fault.Impossible, "card 2c"},
		{"unknown player", "x/y (z): folds", "nobody: folds", 19, fault.Invalid, "unrecognised line"},
		{"broken marker", "*** SUMMARY ***", "*** SUMMARY", 28, fault.Invalid, "unexpected street marker"},
		{"summary without its total pot", "Total pot $2.10 | Rake $0.10\n", "", 31, fault.Invalid, "summary has no \"Total pot\" line"},
		{"turn before flop", "*** FLOP *** [2c 3d 4h]", "*** TURN *** [2c 3d 4h] [7h]", 15, fault.Invalid, "out of place"},
		{"bad stack", "Seat 2: x/y (z) ($10 in chips)", "Seat 2: x/y (z) ($1x in chips)", 4, fault.Invalid, "bad stack"},
		// The record contradicting itself (second review).
		{"raise not from the current bet", "A: raises $0.60 to $0.90 and is all-in", "A: raises $0.50 to $0.90 and is all-in", 20, fault.Invalid, "the current bet is $0.30, not $0.40"},
		{"call all-in with chips left", "A: B [c]: calls $0.60", "A: B [c]: calls $0.60 and is all-in", 21, fault.Invalid, "all-in but has $9.00 left"},
		{"bet all-in with chips left", "A: B [c]: bets $0.30", "A: B [c]: bets $0.30 and is all-in", 18, fault.Invalid, "all-in but has $9.60 left"},
		{"post all-in with chips left", "A: posts big blind $0.10", "A: posts big blind $0.10 and is all-in", 8, fault.Invalid, "all-in but has $0.90 left"},
		{"raise all-in short of the stack", "A: raises $0.60 to $0.90 and is all-in", "A: raises $0.30 to $0.60 and is all-in", 20, fault.Invalid, "all-in but has $0.30 left"},
		{"cash amount without its symbol", "A: B [c]: calls $0.60", "A: B [c]: calls 60", 21, fault.Invalid, "bad amount \"60\""},
		{"cash amount with another symbol", "A: B [c]: calls $0.60", "A: B [c]: calls €0.60", 21, fault.Invalid, "bad amount"},
		{"summary board holding a shown card", "Board [2c 3d 4h 5s 6s]", "Board [2c 3d 4h 5s As]", 30, fault.Invalid, "differs from the board dealt"},
		{"summary board of another length", "Board [2c 3d 4h 5s 6s]", "Board [2c 3d 4h 5s]", 30, fault.Invalid, "differs from the board dealt"},
		{"street line repeating another board, no summary board", "*** RIVER *** [2c 3d 4h 5s] [6s]\n*** SHOW DOWN ***\nA: shows [As Ks Qs Js] (a straight)\nA: B [c]: mucks hand\nA collected $2 from pot\n*** SUMMARY ***\nTotal pot $2.10 | Rake $0.10\nBoard [2c 3d 4h 5s 6s]\n",
			"*** RIVER *** [2c 3d 4h 5c] [6s]\n*** SHOW DOWN ***\nA: shows [As Ks Qs Js] (a straight)\nA: B [c]: mucks hand\nA collected $2 from pot\n*** SUMMARY ***\nTotal pot $2.10 | Rake $0.10\n", 23, fault.Invalid, "no summary board says which is right"},
		{"unfinished last line of a hand that has its summary", "and won ($2)", "and won ($2", 32, fault.Invalid, "bad amount"},
		{"summary won", "and won ($2)", "and won ($3)", 32, fault.Invalid, "summary says A won $3.00 but the collected lines give $2.00"},
		{"summary collected", "Seat 1: A: B [c] mucked [Ah Kh Qh Jh]", "Seat 1: A: B [c] collected ($1)", 31, fault.Invalid, "summary says A: B [c] won $1.00 but the collected lines give $0.00"},
		{"button beyond max seats", "Seat #1 is the button", "Seat #9 is the button", 2, fault.Invalid, "button seat 9 on a 6-max table"},
		{"seat beyond max seats", "'Test I' 6-max", "'Test I' 2-max", 5, fault.Invalid, "seat 4 on a 2-max table"},
		{"seat line unclosed", "Seat 2: x/y (z) ($10 in chips)", "Seat 2: x/y (z) ($10 in chips", 4, fault.Invalid, "not closed"},
		{"impossible date", "2020/01/02 3:04:05 ET", "2020/02/30 3:04:05 ET", 1, fault.Invalid, "bad date and time"},
		{"stakes reversed", "($0.05/$0.10 USD)", "($0.10/$0.05 USD)", 1, fault.Invalid, "the first is larger"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if !strings.Contains(good, tt.from) {
				t.Fatalf("template lacks %q", tt.from)
			}
			bad := strings.Replace(good, tt.from, tt.to, 1)
			es := readPSText(t, good+"\n"+bad+"\n"+good)
			if len(es) != 3 {
				t.Fatalf("%d entries, want 3", len(es))
			}
			if es[0].Hand == nil || es[2].Hand == nil {
				t.Fatalf("neighbouring hands not read: %v / %v", es[0].Err, es[2].Err)
			}
			var fe *fault.Error
			if !errors.As(es[1].Err, &fe) {
				t.Fatalf("middle hand: err %v (%T), want a *fault.Error", es[1].Err, es[1].Err)
			}
			wantLine := goodLines + 1 + tt.wantLine
			if fe.Line != wantLine || fe.Kind != tt.wantKind || !strings.Contains(fe.Message, tt.wantMsg) {
				t.Errorf("got %v (kind %v, line %d), want kind %v at line %d mentioning %q", fe, fe.Kind, fe.Line, tt.wantKind, wantLine, tt.wantMsg)
			}
			if es[1].Line != goodLines+2 {
				t.Errorf("entry line %d, want %d", es[1].Line, goodLines+2)
			}
		})
	}
}

// TestPokerStarsTextBeforeFirstHand reports stray text before the first
// header as an entry of its own, and still reads the hand.
func TestPokerStarsTextBeforeFirstHand(t *testing.T) {
	t.Parallel()
	es := readPSText(t, "\nsome preamble\n"+std)
	if len(es) != 2 {
		t.Fatalf("%d entries, want 2", len(es))
	}
	var fe *fault.Error
	if !errors.As(es[0].Err, &fe) || fe.Line != 2 || fe.Kind != fault.Invalid || es[0].Index != 1 {
		t.Errorf("first entry %+v, want an Invalid error at line 2", es[0])
	}
	if es[1].Hand == nil || es[1].Index != 2 || es[1].Line != 3 {
		t.Errorf("second entry %+v, want the hand at line 3", es[1])
	}
}

// TestPokerStarsNotPokerStars checks the file-level error.
func TestPokerStarsNotPokerStars(t *testing.T) {
	t.Parallel()
	for _, in := range []string{"", "\n\n", "hello\nworld\n", "PokerStars is a site\n"} {
		es, err := Reader.Read([]byte(in))
		if err == nil || fault.KindOf(err) != fault.Invalid || es != nil {
			t.Errorf("%q: entries %v, err %v; want an Invalid error", in, es, err)
		}
	}
}

// TestPokerStarsSkips checks the skip reasons of hands Scoop does not replay.
func TestPokerStarsSkips(t *testing.T) {
	t.Parallel()
	tests := []struct{ header, want string }{
		{"PokerStars Hand #1:  Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/02 3:04:05 ET", "game Hold'em No Limit is not Omaha"},
		{"PokerStars Hand #2: Tournament #9, $10+$1 USD HORSE (Razz Limit) - Level I (10/20) - 2020/01/02 3:04:05 ET", "game Razz Limit is not Omaha"},
		{"PokerStars Hand #3:  HORSE (Hold'em Limit, $0.10/$0.20 USD) - 2020/01/02 3:04:05 ET", "game Hold'em Limit is not Omaha"},
		{"PokerStars Hand #4:  5 Card Omaha Pot Limit ($0.05/$0.10 USD) - 2020/01/02 3:04:05 ET", "game 5 Card Omaha Pot Limit is not Omaha"},
		{"PokerStars Hand #5:  Courchevel Hi/Lo Pot Limit ($0.05/$0.10 USD) - 2020/01/02 3:04:05 ET", "game Courchevel Hi/Lo Pot Limit is not Omaha"},
	}
	for _, tt := range tests {
		es := readPSText(t, tt.header+"\nTable 'T' 6-max Seat #1 is the button\nanything at all\n")
		if len(es) != 1 || es[0].Skipped != tt.want {
			t.Errorf("%s: got %+v, want skipped %q", tt.header, es, tt.want)
		}
	}
	// Annotations and shown cards on a fold.
	for _, fold := range []string{"x/y (z): folds (timed out)", "x/y (z): folds [2h 2d 7s 8s]"} {
		h := oneHand(t, strings.Replace(std, "x/y (z): folds", fold, 1))
		if got := h.Actions[7]; got.Kind != game.Fold || got.Player != 1 {
			t.Errorf("%s: action %+v, want x/y's fold", fold, got)
		}
		if strings.Contains(fold, "[") && h.Players[1].Hole.String() != "2h2d7s8s" {
			t.Errorf("%s: hole %s", fold, h.Players[1].Hole)
		}
	}
	// Omaha hands skipped for what happens in them.
	body := []struct{ from, to, want string }{
		{"*** HOLE CARDS ***", "Hand cancelled", "hand cancelled"},
		{"A collected $2 from pot", "A: Receives Cashout ($2)", "all-in cash-out is not supported"},
	}
	for _, tt := range body {
		es := readPSText(t, strings.Replace(std, tt.from, tt.to, 1))
		if len(es) != 1 || es[0].Skipped != tt.want {
			t.Errorf("%s: got %+v, want skipped %q", tt.to, es, tt.want)
		}
	}
}

// FuzzReadPokerStars: no panic, no hang, and what it reads holds
// readertest.CheckEntries (every entry exactly one of a hand that passes
// Validate, a skip or a located error).
func FuzzReadPokerStars(f *testing.F) {
	f.Add([]byte(std))
	f.Add([]byte(text("3", "A: B [c]: posts small & big blinds $0.15", stdPreflop, stdRest)))
	f.Add([]byte(strings.Replace(std, "[2c 3d 4h 5s] [6s]", "[2c 3d 4h 5s] [7s]", 1)))              // a misprinted river
	f.Add([]byte(strings.Replace(std, "*** FLOP *** [2c 3d 4h]", "*** FLOP *** [As Ks Qs Js]", 1))) // a flop printing the hero's cards
	f.Add([]byte(strings.Replace(std, "*** SUMMARY ***", "PokerStars Zoom Hand #2:", 1)))           // cut off by the next header
	for _, name := range []string{
		"fpdb3__cash__Stars__Flop__PLO-FR-USD-0.01-0.02-201006.sidepots.txt",
		"gitpan-Games-Poker-HistoryParser__t__Sites_Stars_O8.t__RAW.txt",
		"fpdb3__cash__Stars__Flop__PLO-6max-USD-200-400-201505.rit.leaves.table.txt",
		"hhsmithy__PokerStars__CashGame__GameTypeTests__NoLimitOmahaHiLo.txt",
		"edge/run-it-twice.txt",
		"other-clients/fpdb3__cash__Stars__Flop__PLO-6max-EUR-0.25-0.50-201908.RIO.STP.side.pot__RunItOncePoker.txt",
		"other-clients/hhsmithy-567ce475__Upoker__CashGame__uPokerStarsFormatBetAndWinFlopIP.txt",
	} {
		data, err := os.ReadFile(filepath.Join(testDir, name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) { readertest.CheckRead(t, Reader.Read, data) })
}

// BenchmarkParsePokerStars reads the whole corpus and reports the Omaha
// hands read per second.
func BenchmarkParsePokerStars(b *testing.B) {
	files, _ := filepath.Glob(filepath.Join(testDir, "*.txt"))
	var datas [][]byte
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		datas = append(datas, data)
	}
	readertest.ParseReplay(b, Reader.Read, nil, datas)
}

// TestPokerStarsEasternTime pins the Eastern offsets around the US
// daylight-time changes before and after the 2007 rules.
func TestPokerStarsEasternTime(t *testing.T) {
	t.Parallel()
	tests := []struct{ header, want string }{
		{"2006/04/02 1:59:59 ET", "2006-04-02T01:59:59-05:00"},
		{"2006/04/02 3:00:00 ET", "2006-04-02T03:00:00-04:00"},
		{"2006/10/29 0:59:59 ET", "2006-10-29T00:59:59-04:00"},
		{"2006/10/29 2:00:00 ET", "2006-10-29T02:00:00-05:00"},
		{"2007/03/11 1:59:59 ET", "2007-03-11T01:59:59-05:00"},
		{"2007/03/11 3:00:00 ET", "2007-03-11T03:00:00-04:00"},
		{"2007/11/04 1:30:00 ET", "2007-11-04T01:30:00-04:00"},
		{"2007/11/04 2:00:00 ET", "2007-11-04T02:00:00-05:00"},
		{"2026/11/29 23:45:00 ET", "2026-11-29T23:45:00-05:00"},
		{"2005/08/21 - 21:44:08 (ET)", "2005-08-21T21:44:08-04:00"},
		{"2016/10/11 22:21:36 JST [2016/10/11 9:21:36 ET]", "2016-10-11T09:21:36-04:00"},
		{"2015/09/01 23:34:07", ""},
		{"2016/10/11 22:21:36 CET", ""},
		{"yesterday ET", ""},
	}
	for _, tt := range tests {
		if got, _ := parseTime(tt.header); got != tt.want {
			t.Errorf("parseTime(%q) = %q, want %q", tt.header, got, tt.want)
		}
	}
}

// ritHand is a synthetic hand run twice from the turn: the runs share the
// flop and the turn, each deals its own river.
const ritHand = `PokerStars Hand #900000002:  Omaha Pot Limit ($0.01/$0.02 USD) - 2020/01/02 3:05:05 ET
Table 'Twice I' 6-max Seat #1 is the button
Seat 1: A ($0.30 in chips)
Seat 2: B ($0.30 in chips)
A: posts small blind $0.01
B: posts big blind $0.02
*** HOLE CARDS ***
A: calls $0.01
B: checks
*** FLOP *** [2c 7d 9h]
B: checks
A: checks
*** TURN *** [2c 7d 9h] [Js]
B: bets $0.04
A: raises $0.12 to $0.16
B: raises $0.12 to $0.28 and is all-in
A: calls $0.12 and is all-in
*** FIRST RIVER *** [2c 7d 9h Js] [Kh]
*** SECOND RIVER *** [2c 7d 9h Js] [3d]
*** FIRST SHOW DOWN ***
B: shows [3c Kc Ks 4s] (three of a kind, Kings)
A: shows [Jc Ad Ac 4h] (a pair of Aces)
B collected $0.30 from pot
*** SECOND SHOW DOWN ***
B: shows [3c Kc Ks 4s] (a pair of Kings)
A: shows [Jc Ad Ac 4h] (a pair of Aces)
A collected $0.29 from pot
*** SUMMARY ***
Total pot $0.60 | Rake $0.01
Hand was run twice
FIRST Board [2c 7d 9h Js Kh]
SECOND Board [2c 7d 9h Js 3d]
Seat 1: A (button) (small blind) showed [Jc Ad Ac 4h] and lost with a pair of Aces, and won ($0.29) with a pair of Aces
Seat 2: B (big blind) showed [3c Kc Ks 4s] and won ($0.30) with three of a kind, Kings, and lost with a pair of Kings
`

// TestPokerStarsRunItTwice reads hands run more than once: each run's
// board cards are deal-board actions with their run number (the cards
// dealt before the all-in shared, run 0), the showdowns' shows are read
// once, and each run's collected lines are kept apart.
func TestPokerStarsRunItTwice(t *testing.T) {
	t.Parallel()
	corpus := readPSFile(t, "fpdb3__cash__Stars__Flop__PLO-6max-USD-200-400-201505.rit.leaves.table.txt")
	edge := readPSFile(t, "edge/run-it-twice.txt")
	if len(edge) != 4 {
		t.Fatalf("%d hands in edge/run-it-twice.txt, want 4", len(edge))
	}
	tests := []struct {
		name   string
		e      handhistory.Entry
		boards []string  // Boards()
		deals  []string  // the deal-board actions, "run:cards"
		shows  int       // show actions
		runs   [][]int64 // Outcome.RunCollected
	}{
		{"corpus: all-in before the flop, PLO", corpus[0],
			[]string{"9c6dTdKh6h", "2d6c7hQh8d"},
			[]string{"1:9c6dTd", "1:Kh", "1:6h", "2:2d6c7h", "2:Qh", "2:8d"}, 2,
			[][]int64{{0, 838536}, {838536, 0}}},
		{"hi/lo with a side pot", edge[0],
			[]string{"4c5d8hKsQd", "6c7d8cJd2d"},
			[]string{"1:4c5d8h", "1:Ks", "1:Qd", "2:6c7d8c", "2:Jd", "2:2d"}, 3,
			[][]int64{{37, 62, 25}, {0, 62, 61}}},
		{"all-in on the turn: the river run twice", edge[1],
			[]string{"2c7d9hJsKh", "2c7d9hJs3d"},
			[]string{"0:2c7d9h", "0:Js", "1:Kh", "2:3d"}, 2,
			[][]int64{{0, 30}, {29, 0}}},
		{"all-in on the flop, hi/lo quartered", edge[2],
			[]string{"2c3d7hKcQs", "2c3d7hQc8s"},
			[]string{"0:2c3d7h", "1:Kc", "1:Qs", "2:Qc", "2:8s"}, 3,
			[][]int64{{11, 21, 10}, {10, 21, 10}}},
		{"run three times", edge[3],
			[]string{"2c7d9hJsKh", "2c7d9hJs3d", "2c7d9hJsQd"},
			[]string{"0:2c7d9h", "0:Js", "1:Kh", "2:3d", "3:Qd"}, 2,
			[][]int64{{0, 20}, {20, 0}, {19, 0}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := tt.e.Hand
			if h == nil {
				t.Fatalf("hand %d: err %v, skipped %q", tt.e.Index, tt.e.Err, tt.e.Skipped)
			}
			checkHandInvariants(t, h)
			var boards, deals []string
			for _, b := range h.Boards() {
				boards = append(boards, b.String())
			}
			shows := 0
			for _, a := range h.Actions {
				switch a.Kind {
				case game.DealBoard:
					deals = append(deals, strconv.Itoa(a.Run)+":"+a.Cards.String())
				case game.Show:
					shows++
				}
			}
			if !reflect.DeepEqual(boards, tt.boards) || h.Runs() != len(tt.boards) || h.Board().String() != tt.boards[0] {
				t.Errorf("boards %q (%d runs, board %s), want %q", boards, h.Runs(), h.Board(), tt.boards)
			}
			if !reflect.DeepEqual(deals, tt.deals) {
				t.Errorf("deals %q, want %q", deals, tt.deals)
			}
			if shows != tt.shows {
				t.Errorf("%d show actions, want %d (the later runs' shows repeat the first's)", shows, tt.shows)
			}
			if !reflect.DeepEqual(h.Outcome.RunCollected, tt.runs) {
				t.Errorf("run collected %v, want %v", h.Outcome.RunCollected, tt.runs)
			}
		})
	}
	// The same hand read from ritHand as from the fixture.
	if h := oneHand(t, ritHand); !reflect.DeepEqual(h, edge[1].Hand) {
		t.Errorf("ritHand reads\n%+v\nthe fixture's hand 2\n%+v", h, edge[1].Hand)
	}
}

// TestPokerStarsRunItTwiceMalformed: a run dealt out of order, a board
// that differs from the summary's, a showdown of a run that was not dealt,
// a card seen in two runs are errors naming the line.
func TestPokerStarsRunItTwiceMalformed(t *testing.T) {
	t.Parallel()
	const first, second = "*** FIRST RIVER *** [2c 7d 9h Js] [Kh]", "*** SECOND RIVER *** [2c 7d 9h Js] [3d]"
	tests := []struct {
		name     string
		from, to string
		line     string // the line the error names (its start, in the bad text)
		kind     fault.Kind
		msg      string
	}{
		{"second run first", first + "\n" + second, second + "\n" + first, "*** SECOND RIVER", fault.Invalid, "before the first run"},
		{"a plain river among the runs", second, "*** RIVER *** [2c 7d 9h Js] [3d]", "*** RIVER", fault.Invalid, "out of place"},
		{"a run's turn after the shared turn", first, "*** FIRST TURN *** [2c 7d 9h] [Kh]", "*** FIRST TURN", fault.Invalid, "out of place"},
		{"a run's old cards differ", second, "*** SECOND RIVER *** [2c 7d 9h Js Kh] [3d]", "*** SECOND RIVER", fault.Invalid, "differs from the board dealt so far"},
		{"a card in two runs", second, "*** SECOND RIVER *** [2c 7d 9h Js] [Kh]", "*** SECOND RIVER", fault.Impossible, "card Kh is dealt twice"},
		{"a third showdown of two runs", "*** SECOND SHOW DOWN ***", "*** THIRD SHOW DOWN ***", "*** THIRD SHOW DOWN", fault.Invalid, "in a hand run twice"},
		{"showdowns out of order", "*** FIRST SHOW DOWN ***", "*** SECOND SHOW DOWN ***", "*** SECOND SHOW DOWN", fault.Invalid, "out of order"},
		{"a showdown before a run's river", first + "\n" + second + "\n", first + "\n", "*** SECOND SHOW DOWN", fault.Invalid, "in a hand run once"},
		{"the summary's board differs", "FIRST Board [2c 7d 9h Js Kh]", "FIRST Board [2c 7d 9h Js Kd]", "FIRST Board", fault.Invalid, "differs from run 1's board"},
		{"the summary's count differs", "Hand was run twice", "Hand was run three times", "Hand was run", fault.Invalid, "but it was run twice"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if !strings.Contains(ritHand, tt.from) {
				t.Fatalf("ritHand lacks %q", tt.from)
			}
			bad := strings.Replace(ritHand, tt.from, tt.to, 1)
			es := readPSText(t, bad)
			var fe *fault.Error
			if len(es) != 1 || !errors.As(es[0].Err, &fe) {
				t.Fatalf("entries %+v, want one error", es)
			}
			line := 0
			for i, l := range strings.Split(bad, "\n") {
				if strings.HasPrefix(l, tt.line) {
					line = i + 1
					break
				}
			}
			if fe.Kind != tt.kind || fe.Line != line || !strings.Contains(fe.Message, tt.msg) {
				t.Errorf("got %v (kind %v, line %d), want kind %v at line %d mentioning %q", fe, fe.Kind, fe.Line, tt.kind, line, tt.msg)
			}
		})
	}
}

// TestPokerStarsRunItTwiceCollectedOutsideRuns: collected lines outside
// the runs' showdowns leave RunCollected unset (the runs cannot be told
// apart); Collected still sums every line.
func TestPokerStarsRunItTwiceCollectedOutsideRuns(t *testing.T) {
	t.Parallel()
	text := strings.Replace(ritHand, "*** SECOND SHOW DOWN ***\n", "", 1)
	text = strings.Replace(text, "*** FIRST SHOW DOWN ***\n", "*** SHOW DOWN ***\n", 1)
	h := oneHand(t, text)
	if h.Outcome.RunCollected != nil || !reflect.DeepEqual(h.Outcome.Collected, []int64{29, 30}) || h.Runs() != 2 {
		t.Errorf("run collected %v, collected %v, %d runs; want nil, [29 30], 2", h.Outcome.RunCollected, h.Outcome.Collected, h.Runs())
	}
}

// TestHandBoards pins Hand.Board, Runs and Boards on hand-made actions,
// malformed run numbers included.
func TestHandBoards(t *testing.T) {
	t.Parallel()
	deal := func(run int, cs string) handhistory.Action {
		return handhistory.Action{Player: -1, Kind: game.DealBoard, Cards: cards.MustParse(cs), Run: run}
	}
	tests := []struct {
		name   string
		acts   []handhistory.Action
		board  string
		runs   int
		boards string
	}{
		{"run once", []handhistory.Action{deal(0, "2c3d4h"), {Player: 0, Kind: game.Fold}, deal(0, "5s"), deal(0, "6s")}, "2c3d4h5s6s", 1, "2c3d4h5s6s"},
		{"no board", []handhistory.Action{{Player: 0, Kind: game.Fold}}, "", 1, ""},
		{"twice from the turn", []handhistory.Action{deal(0, "2c3d4h"), deal(0, "5s"), deal(1, "6s"), deal(2, "7s")}, "2c3d4h5s6s", 2, "2c3d4h5s6s 2c3d4h5s7s"},
		{"twice before the flop", []handhistory.Action{deal(1, "2c3d4h5s6s"), deal(2, "7c8d9hTsJs")}, "2c3d4h5s6s", 2, "2c3d4h5s6s 7c8d9hTsJs"},
		{"a run number beyond the deals", []handhistory.Action{deal(0, "2c3d4h"), deal(1000000, "5s")}, "2c3d4h", 1000000, "2c3d4h 2c3d4h 2c3d4h"},
		{"a negative run reads as shared", []handhistory.Action{deal(-3, "2c3d4h")}, "2c3d4h", 1, "2c3d4h"},
	}
	for _, tt := range tests {
		h := &handhistory.Hand{Actions: tt.acts}
		var bs []string
		for _, b := range h.Boards() {
			bs = append(bs, b.String())
		}
		if h.Board().String() != tt.board || h.Runs() != tt.runs || strings.Join(bs, " ") != tt.boards {
			t.Errorf("%s: board %s, %d runs, boards %q; want %s, %d, %q", tt.name, h.Board(), h.Runs(), bs, tt.board, tt.runs, tt.boards)
		}
	}
}

// playerIndex returns the index of the player named name, or -1.
func playerIndex(h *handhistory.Hand, name string) int {
	for i, p := range h.Players {
		if p.Name == name {
			return i
		}
	}
	return -1
}

// TestPokerStarsSeatWithNoChips: a seat listed with no chips is not dealt
// in; one that posts is an error naming the hand's line (a starting stack
// of 0 is not a player, see Validate).
func TestPokerStarsSeatWithNoChips(t *testing.T) {
	t.Parallel()
	broke := strings.Replace(std, "Seat 5: Sleepy ($5 in chips) is sitting out", "Seat 5: Sleepy ($0 in chips)", 1)
	h := oneHand(t, broke)
	if playerIndex(h, "Sleepy") >= 0 || len(h.Players) != 3 {
		t.Errorf("players %+v: want Sleepy not dealt in", h.Players)
	}
	posts := strings.Replace(broke, "A: posts big blind $0.10", "A: posts big blind $0.10\nSleepy: posts big blind $0.10", 1)
	es := readPSText(t, posts)
	var fe *fault.Error
	if len(es) != 1 || !errors.As(es[0].Err, &fe) || fe.Line != 1 || fe.Field != "players[3].stack" {
		t.Fatalf("entries %+v: want an error on line 1 naming players[3].stack", es)
	}
}

// TestPokerStarsTournamentAmountsCarryNoSymbol: tournament chips carry no
// currency symbol; an amount with one is a line error (as a cash amount
// without its symbol is, see TestPokerStarsMalformed).
func TestPokerStarsTournamentAmountsCarryNoSymbol(t *testing.T) {
	t.Parallel()
	const hand = `PokerStars Hand #7: Tournament #8, $1+$0.10 USD Omaha Hi/Lo No Limit - Level I (10/20) - 2020/01/02 3:04:05 ET
Table '8 1' 9-max Seat #2 is the button
Seat 3: B (1,500 in chips, $0.50 bounty)
Seat 4: C (1500 in chips)
B: posts small blind 10
C: posts big blind 20
*** HOLE CARDS ***
B: folds
Uncalled bet (10) returned to C
C collected 20 from pot
*** SUMMARY ***
Total pot 20 | Rake 0
`
	if h := oneHand(t, hand); h.Outcome.Collected[1] != 20 {
		t.Fatalf("collected %v, want C 20", h.Outcome.Collected)
	}
	for _, tt := range []struct{ from, to string }{
		{"C: posts big blind 20", "C: posts big blind $20"},
		{"C collected 20 from pot", "C collected $20 from pot"},
		{"Seat 4: C (1500 in chips)", "Seat 4: C ($1500 in chips)"},
	} {
		es := readPSText(t, strings.Replace(hand, tt.from, tt.to, 1))
		var fe *fault.Error
		if len(es) != 1 || !errors.As(es[0].Err, &fe) || fe.Kind != fault.Invalid || fe.Line == 0 || !strings.Contains(fe.Message, "bad") {
			t.Errorf("%q: entries %+v, want one Invalid line error", tt.to, es)
		}
	}
}

// TestPokerStarsDoesNotShowHandAtShowdown: at a showdown "doesn't show
// hand" is a muck; when nobody shows (a pot won without a contest) it is
// no action.
func TestPokerStarsDoesNotShowHandAtShowdown(t *testing.T) {
	t.Parallel()
	muckOf := func(h *handhistory.Hand, name string) bool {
		i := playerIndex(h, name)
		for _, a := range h.Actions {
			if a.Player == i && a.Kind == game.Muck {
				return true
			}
		}
		return false
	}
	h := oneHand(t, strings.Replace(std, "A: B [c]: mucks hand", "A: B [c]: doesn't show hand", 1))
	if !muckOf(h, "A: B [c]") {
		t.Errorf("no muck for A: B [c] at the showdown: %+v", h.Actions)
	}
	// Nobody shows: the winner's "doesn't show hand" after the marker.
	h = oneHand(t, strings.NewReplacer(
		"A: shows [As Ks Qs Js] (a straight)", "A: doesn't show hand",
		"A: B [c]: mucks hand\n", "").Replace(std))
	for _, a := range h.Actions {
		if a.Kind == game.Muck || a.Kind == game.Show {
			t.Errorf("action %+v in a showdown where nobody shows", a)
		}
	}
}

// TestPokerStarsEntryKeepsTheHandIDOfSkippedAndFailedHands checks that a
// hand the reader skips or cannot read is still named by its site hand id.
func TestPokerStarsEntryKeepsTheHandIDOfSkippedAndFailedHands(t *testing.T) {
	t.Parallel()
	data := []byte("PokerStars Hand #111: Hold'em No Limit ($0.01/$0.02 USD) - 2010/01/01 10:00:00 ET\n" +
		"Table 'T' 6-max Seat #1 is the button\nSeat 1: a ($1 in chips)\nSeat 2: b ($1 in chips)\n\n\n" +
		"PokerStars Hand #222: Omaha Pot Limit ($0.01/$0.02 USD) - 2010/01/01 10:00:00 ET\n" +
		"Table 'T' 6-max Seat #1 is the button\nSeat 1: a ($1 in chips)\nSeat 2: b ($1 in chips)\n")
	entries, err := handhistory.Read(handhistory.FormatPokerStars, data)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 2 {
		t.Fatalf("%d entries, want 2", len(entries))
	}
	if e := entries[0]; e.Skipped == "" || e.ID != "111" {
		t.Errorf("entry 1: skipped %q, id %q; want a skip reason and id 111", e.Skipped, e.ID)
	}
	if e := entries[1]; !strings.HasPrefix(e.Skipped, "incomplete hand (it stops at line ") || e.ID != "222" {
		t.Errorf("entry 2: skipped %q, err %v, id %q; want an incomplete hand and id 222", e.Skipped, e.Err, e.ID)
	}
}

// TestPokerStarsCappedGame: a capped game's header ("($0.05/$0.10 - $20
// Cap -  USD)", its stakes holding two " - ") is read, not skipped as a
// game named "Omaha Pot Limit ($0.05/$0.10", and each player's stack is
// what he can play, at most the cap.
func TestPokerStarsCappedGame(t *testing.T) {
	t.Parallel()
	hand := strings.TrimPrefix(string(readertest.File(t, "hhsmithy__PokerStars__CashGame__GameTypeTests__PotLimitOmaha.txt")), "\ufeff")
	es := readertest.Variants(t, Reader.Read, hand, []readertest.Variant{
		{From: "($0.05/$0.10 USD)", To: "($0.05/$0.10 - $20 Cap -  USD)"},
		{From: "($0.05/$0.10 USD)", To: "($0.05/$0.10 - $0.x Cap -  USD)", Err: "bad cap"},
		{From: "($0.05/$0.10 USD)", To: "($0.05/$0.10 -  Cap -  USD)", Err: "bad cap"},
		{From: "($0.05/$0.10 USD)", To: "($0.05/$0.10 - Cap)", Err: "bad cap"},
		// A wager that reaches the cap (the form HHSmithy's and other
		// parsers' tests quote: "raises $7.10 to $9.01 and has reached the
		// $10 cap"): the ante, the raise to $0.34 and the bet of $0.14 are
		// the $0.50 cap.
		{Text: strings.NewReplacer("($0.05/$0.10 USD)", "($0.05/$0.10 - $0.50 Cap -  USD)",
			"pendle45: bets $0.55", "pendle45: bets $0.14 and has reached the $0.50 cap",
			"Uncalled bet ($0.55)", "Uncalled bet ($0.14)").Replace(hand)},
		{Text: strings.NewReplacer("($0.05/$0.10 USD)", "($0.05/$0.10 - $0.50 Cap -  USD)",
			"pendle45: bets $0.55", "pendle45: bets $0.14 and has reached the $1 cap").Replace(hand), Err: "the cap reached is not the header's $0.50"},
		{Text: strings.NewReplacer("($0.05/$0.10 USD)", "($0.05/$0.10 - $0.50 Cap -  USD)",
			"pendle45: bets $0.55", "pendle45: bets $0.10 and has reached the $0.50 cap").Replace(hand), Err: "is said to be all-in but has $0.04 left"},
		// The cap's amount missing: an error of the line, not of the file.
		{Text: strings.NewReplacer("($0.05/$0.10 USD)", "($0.05/$0.10 - $0.50 Cap -  USD)",
			"pendle45: bets $0.55", "pendle45: bets $0.14 and has reached the cap").Replace(hand), Err: "the cap reached is not the header's $0.50"},
		// "- $0.50 Cap" closing the stakes, without a currency code.
		{From: "($0.05/$0.10 USD)", To: "($0.05/$0.10 - $0.50 Cap)"},
	})
	if h := es[4].Hand; h == nil || h.Players[1].Stack != 50 {
		t.Errorf("the cap reached: %+v", es[4])
	} else {
		readertest.Settles(t, "capped", es[4])
	}
	if h := es[8].Hand; h == nil || h.Players[0].Stack != 50 || h.Players[1].Stack != 50 {
		t.Errorf("a cap closing the stakes: %+v", es[8])
	}
	h := es[0].Hand
	if h == nil {
		t.Fatalf("capped game: %+v", es[0])
	}
	readertest.Settles(t, "capped", es[0])
	if h.Table.Game != eval.OmahaHi || h.Table.Currency != "USD" || h.Table.MinBet != 10 || h.Players[0].Stack != 2000 || h.Players[1].Stack != 2000 {
		t.Errorf("capped game: %s", readertest.HandJSON(t, h))
	}
}
