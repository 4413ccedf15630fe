package analysis

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/equity"
	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
)

// phhOf reads one PHH hand from text.
func phhOf(t testing.TB, text string) *handhistory.Hand {
	t.Helper()
	es, err := handhistory.Read(handhistory.FormatPHH, []byte(text))
	if err != nil || len(es) != 1 || es[0].Hand == nil {
		t.Fatalf("read PHH: %v %+v", err, es)
	}
	return es[0].Hand
}

// analyzeLegal replays h (it must be legal) and analyses it.
func analyzeLegal(t testing.TB, h *handhistory.Hand) *Analysis {
	t.Helper()
	if v := Replay(h); !v.Legal {
		t.Fatalf("illegal hand: %+v", v.Error)
	}
	a, err := Analyze(context.Background(), h)
	if err != nil {
		t.Fatalf("Analyze: %v", err)
	}
	return a
}

// exact is the exhaustive equity of hands on board with dead cards.
func exact(t testing.TB, g eval.Game, board, dead string, hands ...string) equity.Result {
	t.Helper()
	r := equity.Request{Game: g, Board: cards.MustParse(board), Dead: cards.MustParse(dead), Mode: equity.Exhaustive}
	for _, h := range hands {
		r.Hands = append(r.Hands, cards.MustParse(h))
	}
	res, err := equity.Compute(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9 }

// share is a snapshot player's equity fields as an equity.PlayerResult
// (Hand empty); ok is false when the snapshot carries none.
func share(p StreetPlayer) (r equity.PlayerResult, ok bool) {
	if p.Equity == nil {
		return r, false
	}
	return equity.PlayerResult{Equity: *p.Equity, HiWin: *p.HiWin, HiTie: *p.HiTie, LoWin: *p.LoWin, LoTie: *p.LoTie, Scoop: *p.Scoop, Stderr: *p.Stderr}, true
}

// checkConserved checks that the expectations add up to the actual
// winnings (A5: chips are conserved in expectation).
func checkConserved(t testing.TB, where string, a *Analysis) {
	t.Helper()
	var exp, net float64
	for _, r := range a.Results {
		if r.Expected == nil {
			t.Fatalf("%s: qualifying hand with a null expectation for %s", where, r.Player)
		}
		exp += *r.Expected
		net += float64(r.Net)
		if !near(r.Luck, float64(r.Net)-r.AdjustedNet) || !near(r.AdjustedNet, *r.Expected) {
			t.Errorf("%s: %s luck %v adjusted %v expected %v net %d", where, r.Player, r.Luck, r.AdjustedNet, *r.Expected, r.Net)
		}
	}
	if math.Abs(exp-net) > 1e-6 {
		t.Errorf("%s: expected winnings sum to %v, actual to %v", where, exp, net)
	}
}

func TestAnalysis_A5_HeadsUpAllInPreflop(t *testing.T) {
	t.Parallel()
	h := phhOf(t, `variant = 'NO/8'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [50, 50]
actions = ['d dh p1 As2sKdQd', 'd dh p2 JhJcTh9c', 'p2 cbr 50', 'p1 cc', 'd db 4c7hKh', 'd db 8s', 'd db 2c', 'p1 sm As2sKdQd', 'p2 sm JhJcTh9c']
`)
	a := analyzeLegal(t, h)
	if a.AllIn == nil {
		t.Fatal("a heads-up all-in preflop does not qualify")
	}
	if a.AllIn.Street != "preflop" || a.AllIn.Board != "" || len(a.AllIn.Pots) != 1 {
		t.Fatalf("all-in %+v", a.AllIn)
	}
	want := exact(t, eval.OmahaHiLo, "", "", "As2sKdQd", "JhJcTh9c")
	p := a.AllIn.Pots[0]
	if p.Amount != 100 || len(p.Shares) != 2 {
		t.Fatalf("pot %+v", p)
	}
	for i, sh := range p.Shares {
		if sh.Equity != want.Players[i].Equity || !near(sh.Expected, 100*want.Players[i].Equity) {
			t.Errorf("%s: %+v, want equity %v", sh.Player, sh, want.Players[i].Equity)
		}
		if r := a.Results[i]; !near(*r.Expected, 100*want.Players[i].Equity-50) || r.Invested != 50 {
			t.Errorf("%s: result %+v", r.Player, r)
		}
	}
	checkConserved(t, "heads-up", a)
	// A1: every street is a snapshot, the pot is the 100 chips all along,
	// both players all-in, equities exact (A2).
	if len(a.Streets) != 4 {
		t.Fatalf("%d streets", len(a.Streets))
	}
	for k, st := range a.Streets {
		wantPot := int64(100)
		if k == 0 {
			wantPot = 3 // the blinds, before anyone acted
		}
		if st.Pot != wantPot || st.Mode != "exhaustive" || len(st.Players) != 2 {
			t.Errorf("street %s: %+v", st.Street, st)
		}
	}
	if !a.Streets[1].Players[0].AllIn || a.Streets[0].Players[0].AllIn {
		t.Errorf("all-in flags: %+v / %+v", a.Streets[0].Players[0], a.Streets[1].Players[0])
	}
}

func TestAnalysis_A6_SidePotShortStackHasNoEquityInIt(t *testing.T) {
	t.Parallel()
	h := phhOf(t, `variant = 'NO'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [30, 100, 100]
actions = ['d dh p1 AsAhKsKh', 'd dh p2 QdQcJdJc', 'd dh p3 9s8s7d6d', 'p3 cc', 'p1 cc', 'p2 cc', 'd db Tc5h2s', 'p1 cbr 28', 'p2 cbr 98', 'p3 cc', 'd db 3c', 'd db 4d', 'p1 sm AsAhKsKh', 'p2 sm QdQcJdJc', 'p3 sm 9s8s7d6d']
`)
	a := analyzeLegal(t, h)
	if a.AllIn == nil || len(a.AllIn.Pots) != 2 {
		t.Fatalf("all-in %+v", a.AllIn)
	}
	if a.AllIn.Street != "flop" || a.AllIn.Board != "Tc5h2s" {
		t.Errorf("all-in point %s %s", a.AllIn.Street, a.AllIn.Board)
	}
	main, side := a.AllIn.Pots[0], a.AllIn.Pots[1]
	if main.Amount != 90 || side.Amount != 140 || len(main.Shares) != 3 || len(side.Shares) != 2 {
		t.Fatalf("pots %+v", a.AllIn.Pots)
	}
	m := exact(t, eval.OmahaHi, "Tc5h2s", "", "AsAhKsKh", "QdQcJdJc", "9s8s7d6d")
	for i, sh := range main.Shares {
		if sh.Equity != m.Players[i].Equity {
			t.Errorf("main pot %s: %v, want %v", sh.Player, sh.Equity, m.Players[i].Equity)
		}
	}
	// The side pot is valued among p2 and p3 alone, p1's cards dead.
	s := exact(t, eval.OmahaHi, "Tc5h2s", "AsAhKsKh", "QdQcJdJc", "9s8s7d6d")
	for i, sh := range side.Shares {
		if sh.Equity != s.Players[i].Equity || sh.Player == "p1" {
			t.Errorf("side pot %s: %v, want %v", sh.Player, sh.Equity, s.Players[i].Equity)
		}
	}
	if got, want := *a.Results[0].Expected, 90*m.Players[0].Equity-30; !near(got, want) {
		t.Errorf("short stack expects %v, want %v (main pot only)", got, want)
	}
	checkConserved(t, "side pot", a)
}

func TestAnalysis_A6_HiLoQuarteredByPotShare(t *testing.T) {
	t.Parallel()
	h := phhOf(t, `variant = 'NO/8'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [50, 50, 50]
actions = ['d dh p1 As2sQhQd', 'd dh p2 Ad2cJhJd', 'd dh p3 KsKhTcTd', 'p3 cc', 'p1 cc', 'p2 cc', 'd db 3c4h9s', 'p1 cc', 'p2 cc', 'p3 cc', 'd db 8c', 'p1 cbr 48', 'p2 cc', 'p3 cc', 'd db 5d', 'p1 sm As2sQhQd', 'p2 sm Ad2cJhJd', 'p3 sm KsKhTcTd']
`)
	a := analyzeLegal(t, h)
	if a.AllIn == nil || a.AllIn.Street != "turn" {
		t.Fatalf("all-in %+v", a.AllIn)
	}
	want := exact(t, eval.OmahaHiLo, "3c4h9s8c", "", "As2sQhQd", "Ad2cJhJd", "KsKhTcTd")
	if want.Players[0].LoTie == 0 {
		t.Fatal("the test hand does not quarter")
	}
	for i, sh := range a.AllIn.Pots[0].Shares {
		if sh.Equity != want.Players[i].Equity {
			t.Errorf("%s: %v, want the pot share %v", sh.Player, sh.Equity, want.Players[i].Equity)
		}
		// Not "probability of winning" (A6): a quartered low is a quarter.
		if win := want.Players[i].HiWin + want.Players[i].LoWin; i < 2 && near(sh.Equity, win) {
			t.Errorf("%s: equity equals a win probability", sh.Player)
		}
	}
	checkConserved(t, "quartered", a)
}

func TestAnalysis_A6_FoldAfterAllInIsDeadMoney(t *testing.T) {
	t.Parallel()
	h := phhOf(t, `variant = 'NO'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 AsAhKsKh', 'd dh p2 QdQcJdJc', 'd dh p3 9s8s7d6d', 'p3 cc', 'p1 cc', 'p2 cc', 'd db Tc5h2s', 'p1 cbr 98', 'p2 cc', 'p3 f', 'd db 3c', 'd db 4d', 'p1 sm AsAhKsKh', 'p2 sm QdQcJdJc']
`)
	a := analyzeLegal(t, h)
	if a.AllIn == nil || len(a.AllIn.Pots) != 1 {
		t.Fatalf("all-in %+v", a.AllIn)
	}
	p := a.AllIn.Pots[0]
	if p.Amount != 202 || strings.Join(p.Eligible, ",") != "p1,p2" {
		t.Fatalf("pot %+v", p)
	}
	want := exact(t, eval.OmahaHi, "Tc5h2s", "9s8s7d6d", "AsAhKsKh", "QdQcJdJc")
	for i, sh := range p.Shares {
		if sh.Equity != want.Players[i].Equity {
			t.Errorf("%s: %v, want %v (the folded hand dead)", sh.Player, sh.Equity, want.Players[i].Equity)
		}
	}
	if r := a.Results[2]; r.Expected == nil || *r.Expected != -2 || r.Luck != 0 {
		t.Errorf("the folded player: %+v", r)
	}
	checkConserved(t, "fold after all-in", a)
}

func TestAnalysis_A5_DoesNotQualify(t *testing.T) {
	t.Parallel()
	for name, text := range map[string]string{
		"mucked hand": `variant = 'NO/8'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [50, 50]
actions = ['d dh p1 As2sKdQd', 'd dh p2 ????', 'p2 cbr 50', 'p1 cc', 'd db 4c7hKh', 'd db 8s', 'd db 2c', 'p1 sm As2sKdQd', 'p2 sm']
`,
		"all-in on the river": `variant = 'NO/8'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [50, 50]
actions = ['d dh p1 As2sKdQd', 'd dh p2 JhJcTh9c', 'p2 cc', 'p1 cc', 'd db 4c7hKh', 'p1 cc', 'p2 cc', 'd db 8s', 'p1 cc', 'p2 cc', 'd db 2c', 'p1 cbr 48', 'p2 cc', 'p2 sm JhJcTh9c', 'p1 sm As2sKdQd']
`,
	} {
		a := analyzeLegal(t, phhOf(t, text))
		if a.AllIn != nil {
			t.Errorf("%s: qualifies: %+v", name, a.AllIn)
		}
		for _, r := range a.Results {
			if r.Expected != nil || r.AdjustedNet != float64(r.Net) || r.Luck != 0 {
				t.Errorf("%s: %+v", name, r)
			}
		}
	}
}

// TestAnalysis_A1_A5_RunItTwice: a hand run twice has its shared streets
// once, each run's own streets, and the expectation of the hand run once.
func TestAnalysis_A1_A5_RunItTwice(t *testing.T) {
	t.Parallel()
	base := func() *handhistory.Hand {
		return phhOf(t, `variant = 'NO'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ['d dh p1 AsAhKsKh', 'd dh p2 QdQcJdJc', 'p2 cc', 'p1 cc', 'd db Tc5h2s', 'p1 cbr 98', 'p2 cc', 'd db 3c', 'd db 4d', 'p1 sm AsAhKsKh', 'p2 sm QdQcJdJc']
`)
	}
	once := base()
	twice := base()
	// Runs: the turn and river of run 1 (3c 4d), then of run 2 (Qs 7c).
	acts := twice.Actions[:len(twice.Actions)-4]
	acts = append(acts,
		handhistory.Action{Player: -1, Kind: game.DealBoard, Cards: cards.MustParse("3c"), Run: 1},
		handhistory.Action{Player: -1, Kind: game.DealBoard, Cards: cards.MustParse("4d"), Run: 1},
		handhistory.Action{Player: -1, Kind: game.DealBoard, Cards: cards.MustParse("Qs"), Run: 2},
		handhistory.Action{Player: -1, Kind: game.DealBoard, Cards: cards.MustParse("7c"), Run: 2},
	)
	acts = append(acts, once.Actions[len(once.Actions)-2:]...)
	twice.Actions = acts
	a1, a2 := analyzeLegal(t, once), analyzeLegal(t, twice)
	if len(a2.Streets) != 2 || len(a2.Runs) != 2 {
		t.Fatalf("run twice: %d shared streets, %d runs", len(a2.Streets), len(a2.Runs))
	}
	for j, want := range []string{"Tc5h2s3c4d", "Tc5h2sQs7c"} {
		r := a2.Runs[j]
		if r.Run != j+1 || r.Board != want || len(r.Streets) != 2 || r.Streets[0].Street != "turn" || r.Streets[1].Board != want {
			t.Errorf("run %d: %+v", j+1, r)
		}
	}
	if len(a1.Streets) != 4 || a1.Runs != nil {
		t.Errorf("run once: %d streets, runs %v", len(a1.Streets), a1.Runs)
	}
	for i := range a1.Results {
		if *a1.Results[i].Expected != *a2.Results[i].Expected {
			t.Errorf("%s: expected %v run once, %v run twice", a1.Results[i].Player, *a1.Results[i].Expected, *a2.Results[i].Expected)
		}
	}
	checkConserved(t, "run twice", a2)
}

// TestAnalysis_A2_A4_DeadCardsAndDecisions: a folded player's known cards
// are dead in later snapshots; decisions carry pot odds when facing a bet
// and a losing river call is flagged below its odds.
func TestAnalysis_A2_A4_DeadCardsAndDecisions(t *testing.T) {
	t.Parallel()
	h := phhOf(t, `variant = 'PO'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
starting_stacks = [100, 100, 100]
actions = ['d dh p1 AsAhKsKh', 'd dh p2 QdQcJdJc', 'd dh p3 9s8s7d6d', 'p3 f', 'p1 cc', 'p2 cc', 'd db Tc5h2s', 'p1 cbr 4', 'p2 cc', 'd db 3c', 'p1 cc', 'p2 cc', 'd db 4d', 'p1 cbr 10', 'p2 cc', 'p1 sm AsAhKsKh', 'p2 sm QdQcJdJc']
`)
	a := analyzeLegal(t, h)
	if len(a.Streets) != 4 || len(a.Streets[0].Players) != 3 || len(a.Streets[1].Players) != 2 {
		t.Fatalf("streets %+v", a.Streets)
	}
	flop := a.Streets[1]
	want := exact(t, eval.OmahaHi, "Tc5h2s", "9s8s7d6d", "AsAhKsKh", "QdQcJdJc")
	if flop.Pot != 4 || *flop.Players[0].Equity != want.Players[0].Equity || *flop.Players[1].Equity != want.Players[1].Equity {
		t.Errorf("flop %+v, want %v", flop, want.Players)
	}
	var kinds []string
	for _, d := range a.Decisions {
		kinds = append(kinds, d.Street+":"+d.Player+":"+d.Action)
	}
	if got := strings.Join(kinds, " "); got != "preflop:p3:fold preflop:p1:call preflop:p2:check flop:p1:bet flop:p2:call turn:p1:check turn:p2:check river:p1:bet river:p2:call" {
		t.Fatalf("decisions %s", got)
	}
	last := a.Decisions[len(a.Decisions)-1]
	if last.ToCall == nil || *last.ToCall != 10 || last.Pot != 22 || !near(*last.PotOdds, 10.0/32) || last.Equity != 0 || !last.BelowOdds {
		t.Errorf("river call %+v", last)
	}
	if bet := a.Decisions[len(a.Decisions)-2]; bet.ToCall != nil || bet.PotOdds != nil || bet.BelowOdds || bet.Equity != 1 {
		t.Errorf("river bet %+v", bet)
	}
}

// TestAnalysis_A3_UnknownHandsMonteCarlo: an unknown live hand makes a
// snapshot Monte Carlo, reproducibly, within the trials bound; with no
// known live hand the snapshot has no equities.
func TestAnalysis_A3_UnknownHandsMonteCarlo(t *testing.T) {
	t.Parallel()
	text := `variant = 'PO'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
starting_stacks = [100, 100, 100]
actions = ['d dh p1 AsAhKsKh', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', 'p1 cc', 'p2 cc', 'd db Tc5h2s', 'p1 cbr 4', 'p2 f']
`
	h := phhOf(t, text)
	a := analyzeLegal(t, h)
	b := analyzeLegal(t, phhOf(t, text))
	for k, st := range a.Streets {
		if st.Mode != "montecarlo" || st.Seed == nil || st.Boards > DefaultTrials || st.Boards == 0 {
			t.Errorf("street %s: mode %s boards %d", st.Street, st.Mode, st.Boards)
		}
		if !st.Players[1].Unknown || st.Players[0].Unknown || st.Players[1].Hand != "" {
			t.Errorf("street %s players %+v", st.Street, st.Players)
		}
		x, _ := share(st.Players[0])
		y, _ := share(b.Streets[k].Players[0])
		if !reflect.DeepEqual(x, y) || x.Stderr == 0 {
			t.Errorf("street %s: not reproducible: %+v, %+v", st.Street, x, y)
		}
	}
	c, err := AnalyzeWith(context.Background(), h, Options{Trials: 5000, TargetStderr: -1})
	if err != nil || c.Streets[0].Boards != 5000 {
		t.Errorf("5000 trials: %v %+v", err, c)
	}

	none := analyzeLegal(t, phhOf(t, strings.ReplaceAll(text, "AsAhKsKh", "????")))
	for _, st := range none.Streets {
		if _, ok := share(st.Players[0]); st.Mode != "none" || st.Boards != 0 || ok {
			t.Errorf("no known hand: %+v", st)
		}
	}
	if len(none.Decisions) != 0 || none.AllIn != nil {
		t.Errorf("no known hand: %+v", none)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var fe *fault.Error
	if _, err := Analyze(ctx, h); !errors.As(err, &fe) || fe.Kind != fault.Canceled || !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

func TestAnalysis_IllegalHandHasNoAnalysis(t *testing.T) {
	t.Parallel()
	h := phhOf(t, `variant = 'PO'
antes = [0, 0]
blinds_or_straddles = [1, 2]
starting_stacks = [100, 100]
actions = ['d dh p1 AsAhKsKh', 'd dh p2 QdQcJdJc', 'p1 cbr 90']
`)
	if _, err := Analyze(context.Background(), h); err == nil {
		t.Error("an illegal hand analysed")
	}
}

// corpusHands returns every legal hand of the PHH and PokerStars corpora.
func corpusHands(t testing.TB) map[string]*handhistory.Hand {
	t.Helper()
	out := map[string]*handhistory.Hand{}
	var files []string
	for _, glob := range []string{"testdata/phh/data/*/*/*/*/*.phh", "testdata/phh-edge/*.phh", psCorpus + "/*.txt"} {
		fs, err := filepath.Glob(glob)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, fs...)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		format, err := handhistory.Detect(f, data)
		if err != nil {
			t.Fatal(err)
		}
		es, _ := handhistory.Read(format, data)
		for _, e := range es {
			if e.Hand != nil && Replay(e.Hand).Legal {
				out[filepath.Base(f)+"#"+e.Hand.SiteHandID+"#"+string(rune('0'+e.Index%10))+"/"+itoa(e.Index)] = e.Hand
			}
		}
	}
	if len(out) < 140 {
		t.Fatalf("%d corpus hands", len(out))
	}
	return out
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

// TestAnalysis_A5_CorpusConservesChips: on every qualifying corpus hand,
// the expected winnings add up to the actual ones, to 1e-6 of a chip.
func TestAnalysis_A5_CorpusConservesChips(t *testing.T) {
	t.Parallel()
	qualifying := 0
	for name, h := range corpusHands(t) {
		a, err := Analyze(context.Background(), h)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if a.AllIn != nil {
			qualifying++
			checkConserved(t, name, a)
		}
	}
	t.Logf("%d qualifying hands", qualifying)
	if qualifying < 5 {
		t.Errorf("only %d qualifying corpus hands", qualifying)
	}
}

// TestAnalysis_A2_SnapshotsEqualScoopEquity: every exact equity of every
// snapshot of every corpus hand equals `scoop equity` (equity.ParseInput
// and Compute, mode auto) on the same hands, board and dead cards.
func TestAnalysis_A2_SnapshotsEqualScoopEquity(t *testing.T) {
	t.Parallel()
	checked := 0
	for name, h := range corpusHands(t) {
		a, err := Analyze(context.Background(), h)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		known := knownHoles(h)
		streets := append([]Street(nil), a.Streets...)
		for _, r := range a.Runs {
			streets = append(streets, r.Streets...)
		}
		for _, st := range streets {
			if st.Mode != "exhaustive" || hasUnknown(st) { // exact against an unknown hand: TestAnalysis_A3_ExactAgainstUnknownHand
				continue
			}
			in := equity.Input{Game: h.Table.Game.String(), Board: st.Board}
			live := map[string]bool{}
			for _, p := range st.Players {
				in.Hands = append(in.Hands, p.Hand)
				live[p.Name] = true
			}
			for i := range h.Players {
				if !live[playerName(h, i)] && known[i] != nil {
					in.Dead += known[i].String()
				}
			}
			r, err := equity.ParseInput(in)
			if err != nil {
				t.Fatalf("%s %s: %v", name, st.Street, err)
			}
			want, err := equity.Compute(context.Background(), r)
			if err != nil {
				t.Fatal(err)
			}
			if want.Mode != equity.Exhaustive || want.Boards != st.Boards || want.NoLow != st.NoLow {
				t.Errorf("%s %s: mode %s boards %d, want %s %d", name, st.Street, st.Mode, st.Boards, want.Mode, want.Boards)
			}
			for i, p := range st.Players {
				w := want.Players[i]
				w.Hand, w.Outcomes, w.Quartered = "", nil, 0 // not carried by a snapshot
				if got, _ := share(p); !reflect.DeepEqual(got, w) {
					t.Errorf("%s %s %s: %+v, scoop equity %+v", name, st.Street, p.Name, got, w)
				}
			}
			checked++
		}
	}
	if checked < 100 {
		t.Errorf("only %d exact snapshots checked", checked)
	}
}
