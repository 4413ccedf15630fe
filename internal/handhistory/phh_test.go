package handhistory_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/readertest"
)

func readFile(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func phhCorpus(t testing.TB) []string {
	t.Helper()
	a, _ := filepath.Glob("testdata/phh/data/wsop/2023/43/5/*.phh")
	b, _ := filepath.Glob("testdata/phh-edge/*.phh")
	if len(a) != 21 || len(b) != 7 {
		t.Fatalf("corpus: %d + %d files, want 21 + 7", len(a), len(b))
	}
	return append(a, b...)
}

func TestReadPHHCorpusEveryFileReads(t *testing.T) {
	t.Parallel()
	for _, path := range phhCorpus(t) {
		data := readFile(t, path)
		f, err := handhistory.Detect(path, data)
		if err != nil || f != handhistory.FormatPHH {
			t.Fatalf("%s: Detect %q, %v", path, f, err)
		}
		es, err := handhistory.Read(f, data)
		if err != nil || len(es) != 1 || es[0].Hand == nil {
			t.Fatalf("%s: %v %+v", path, err, es)
		}
		if err := handhistory.Validate(es[0].Hand); err != nil {
			t.Fatalf("%s: the reader produced an invalid hand: %v", path, err)
		}
	}
}

func TestReadPHHFields(t *testing.T) {
	t.Parallel()
	h, err := parsePHH(readFile(t, "testdata/phh/data/wsop/2023/43/5/15.phh"))
	if err != nil {
		t.Fatal(err)
	}
	if h.Table.Game != eval.OmahaHiLo || h.Table.Structure != game.FixedLimit || h.Table.SmallBet != 200000 || h.Table.BigBet != 400000 {
		t.Errorf("table %+v", h.Table)
	}
	if len(h.Players) != 5 || h.Players[1].Name != "Talal Shakerchi" || h.Players[1].Stack != 8400000 || h.Button != 4 {
		t.Errorf("players %+v button %d", h.Players, h.Button)
	}
	if !slices.Equal(h.Players[1].Hole, cards.MustParse("AsQd4d2s")) {
		t.Errorf("p2 hole %v", h.Players[1].Hole)
	}
	wantPosts := []handhistory.Post{{Player: 0, Kind: game.SmallBlind, Amount: 100000}, {Player: 1, Kind: game.BigBlind, Amount: 200000}}
	if !slices.Equal(h.Posts, wantPosts) {
		t.Errorf("posts %+v, want %+v", h.Posts, wantPosts)
	}
	if len(h.Actions) != 24 {
		t.Fatalf("%d actions, want 24", len(h.Actions))
	}
	checks := map[int]handhistory.Action{
		5:  {Player: 2, Kind: game.Fold},
		6:  {Player: 3, Kind: game.BetRaise, Amount: 400000},
		9:  {Player: 1, Kind: game.CheckCall},
		10: {Player: -1, Kind: game.DealBoard, Cards: cards.MustParse("7h4c8c")},
		22: {Player: 1, Kind: game.Show, Cards: cards.MustParse("AsQd4d2s")},
	}
	for i, want := range checks {
		got := h.Actions[i]
		if got.Player != want.Player || got.Kind != want.Kind || got.Amount != want.Amount || !slices.Equal(got.Cards, want.Cards) {
			t.Errorf("action %d = %+v, want %+v", i, got, want)
		}
	}
	if h.Outcome == nil || !slices.Equal(h.Outcome.FinishingStacks, []int64{4250000, 9375000, 4075000, 6200000, 5800000}) {
		t.Errorf("outcome %+v", h.Outcome)
	}
}

func TestReadPHHBlinds(t *testing.T) {
	t.Parallel()
	tests := []struct {
		file string
		want []handhistory.Post
	}{
		// Heads-up the blinds are applied reversed: p2 (the button) posts 1.
		{"testdata/phh-edge/fo8_headsup_blind_order.phh", []handhistory.Post{
			{Player: 1, Kind: game.SmallBlind, Amount: 1}, {Player: 0, Kind: game.BigBlind, Amount: 2}}},
		// A single blind is the big blind.
		{"testdata/phh/data/wsop/2023/43/5/76.phh", []handhistory.Post{{Player: 0, Kind: game.BigBlind, Amount: 250000}}},
		// Antes first, then the blinds.
		{"testdata/phh-edge/fo8_odd_chip_low_tie.phh", []handhistory.Post{
			{Player: 0, Kind: game.Ante, Amount: 1}, {Player: 1, Kind: game.Ante, Amount: 1}, {Player: 2, Kind: game.Ante, Amount: 1},
			{Player: 0, Kind: game.SmallBlind, Amount: 1}, {Player: 1, Kind: game.BigBlind, Amount: 2}}},
	}
	for _, tt := range tests {
		h, err := parsePHH(readFile(t, tt.file))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(h.Posts, tt.want) {
			t.Errorf("%s: posts %+v, want %+v", tt.file, h.Posts, tt.want)
		}
	}
}

const minimalPHH = `variant = '%s'
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
min_bet = 2
starting_stacks = [50, 50]
actions = ['d dh p1 ????????', 'd dh p2 As4dJhJc', 'p2 f', 'p1 sm']
`

func TestReadPHHVariants(t *testing.T) {
	t.Parallel()
	tests := []struct {
		variant   string
		game      eval.Game
		structure game.Structure
		skipped   bool
	}{
		{"FO/8", eval.OmahaHiLo, game.FixedLimit, false},
		{"PO", eval.OmahaHi, game.PotLimit, false},
		{"PO/8", eval.OmahaHiLo, game.PotLimit, false}, // extensions
		{"NO/8", eval.OmahaHiLo, game.NoLimit, false},
		{"FO", eval.OmahaHi, game.FixedLimit, false},
		{"NO", eval.OmahaHi, game.NoLimit, false},
		{"NT", 0, 0, true},
		{"F7S/8", 0, 0, true},
	}
	for _, tt := range tests {
		es, err := handhistory.Read(handhistory.FormatPHH, []byte(strings.Replace(minimalPHH, "%s", tt.variant, 1)))
		if err != nil || len(es) != 1 {
			t.Fatalf("%s: %v %+v", tt.variant, err, es)
		}
		e := es[0]
		if tt.skipped {
			if e.Skipped == "" || e.Hand != nil {
				t.Errorf("%s: %+v, want skipped", tt.variant, e)
			}
			continue
		}
		if e.Hand == nil {
			t.Fatalf("%s: %+v", tt.variant, e)
		}
		h := e.Hand
		if h.Table.Game != tt.game || h.Table.Structure != tt.structure {
			t.Errorf("%s: %v %v", tt.variant, h.Table.Game, h.Table.Structure)
		}
		if h.Players[0].Hole != nil || h.Actions[0].Cards != nil {
			t.Errorf("%s: unknown cards read as %v", tt.variant, h.Players[0].Hole)
		}
		if h.Actions[3].Kind != game.Muck {
			t.Errorf("%s: 'sm' without cards read as %q, want muck", tt.variant, h.Actions[3].Kind)
		}
	}
}

func TestReadPHHSeveralHands(t *testing.T) {
	t.Parallel()
	es, err := handhistory.Read(handhistory.FormatPHH, readFile(t, "testdata/phhs/three_hands.phhs"))
	if err != nil || len(es) != 3 {
		t.Fatalf("%v, %d entries", err, len(es))
	}
	if es[0].Index != 1 || es[0].Line != 3 || es[0].Hand == nil || len(es[0].Hand.Actions) != 3 {
		t.Errorf("entry 1: %+v", es[0])
	}
	var fe *fault.Error
	if !errors.As(es[1].Err, &fe) || fe.Kind != fault.Invalid || fe.Action != 2 || fe.Line != 25 || !strings.Contains(fe.Message, `bad player "p4"`) {
		t.Errorf("entry 2: %+v (%v), want an invalid action 2 on line 25", es[1], es[1].Err)
	}
	if es[2].Index != 3 || !strings.Contains(es[2].Skipped, "NT") {
		t.Errorf("entry 3: %+v, want skipped", es[2])
	}
	if v := analysis.Replay(es[0].Hand); !v.Legal || v.MatchesRecord == nil || !*v.MatchesRecord {
		t.Errorf("hand 1 verdict %+v", v)
	}
}

// TestReadPHHInParts: a .phhs file cut at its sections' headers (as the
// import jobs cut it), each part read from the file's line it starts on,
// reads as the whole file: the same hands, the error naming the file's
// line 25, the skip.
func TestReadPHHInParts(t *testing.T) {
	t.Parallel()
	es := readertest.ReadsInParts(t, handhistory.PHHReader, readFile(t, "testdata/phhs/three_hands.phhs"), 1)
	var fe *fault.Error
	if len(es) != 3 || es[0].Hand == nil || !errors.As(es[1].Err, &fe) || fe.Line != 25 || es[2].Skipped == "" {
		t.Errorf("entries %+v", es)
	}
}

func TestReadPHHErrors(t *testing.T) {
	t.Parallel()
	base := "variant = 'PO'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\nstarting_stacks = [100, 100, 100]\n"
	tests := []struct {
		name, text string
		line       int
		action     int
		msg        string
	}{
		{"bad TOML", base + "actions = ['p3 cc'\n", 6, -1, "TOML"},
		{"one player", "variant = 'PO'\nstarting_stacks = [100]\nactions = []\n", 2, -1, "1 players"},
		{"antes for the wrong number of players", strings.Replace(base, "antes = [0, 0, 0]", "antes = [0, 0]", 1) + "actions = []\n", 2, -1, "2 entries for 3 players"},
		{"no variant", "starting_stacks = [1, 2]\nactions = []\n", 1, -1, "variant"},
		{"unknown action", base + "actions = ['p3 xx']\n", 6, 0, `unknown action "xx"`},
		{"bad amount", base + "actions = ['p3 cc', 'p1 cbr 1.5']\n", 6, 1, "bad amount"},
		{"bad card", base + "actions = ['d dh p1 AsKsQsZz']\n", 6, 0, "bad card"},
		{"three hole cards", base + "actions = ['d dh p1 AsKsQs']\n", 6, 0, "3 hole cards"},
		{"stud action", base + "actions = ['p1 pb']\n", 6, 0, "does not exist in Omaha"},
		{"float stack", "variant = 'PO'\nstarting_stacks = [1.5, 2]\nactions = []\n", 2, -1, "starting_stacks: an array of integers is wanted"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			es, err := handhistory.Read(handhistory.FormatPHH, []byte(tt.text))
			if err != nil || len(es) != 1 {
				t.Fatalf("%v %+v", err, es)
			}
			var fe *fault.Error
			if !errors.As(es[0].Err, &fe) {
				t.Fatalf("entry %+v, want a *fault.Error", es[0])
			}
			if fe.Kind != fault.Invalid || fe.Line != tt.line || fe.Action != tt.action || !strings.Contains(fe.Error(), tt.msg) {
				t.Fatalf("%v (line %d action %d), want line %d action %d containing %q", fe, fe.Line, fe.Action, tt.line, tt.action, tt.msg)
			}
		})
	}
}

func FuzzReadPHH(f *testing.F) {
	for _, path := range phhCorpus(f) {
		f.Add(readFile(f, path))
	}
	f.Add(readFile(f, "testdata/phhs/three_hands.phhs"))
	f.Add([]byte(strings.Replace(minimalPHH, "%s", "NO/8", 1)))
	f.Fuzz(func(t *testing.T, data []byte) {
		es, err := handhistory.Read(handhistory.FormatPHH, data)
		if err != nil {
			return
		}
		checkEntries(t, es)
	})
}

// parsePHH reads the one hand of a PHH text.
func parsePHH(data []byte) (*handhistory.Hand, error) {
	es, err := handhistory.Read(handhistory.FormatPHH, data)
	switch {
	case err != nil:
		return nil, err
	case len(es) != 1:
		return nil, fmt.Errorf("%d hands in the text; want one", len(es))
	case es[0].Err != nil:
		return nil, es[0].Err
	case es[0].Hand == nil:
		return nil, fmt.Errorf("skipped: %s", es[0].Skipped)
	}
	return es[0].Hand, nil
}

// TestPHHStartingStackOfZeroIsAnError: a player with no chips is not dealt
// in, so a PHH hand that lists one is an error naming the field.
func TestPHHStartingStackOfZeroIsAnError(t *testing.T) {
	t.Parallel()
	data := strings.Replace(fmt.Sprintf(minimalPHH, "PO"), "starting_stacks = [50, 50]", "starting_stacks = [0, 50]", 1)
	_, err := parsePHH([]byte(data))
	var fe *fault.Error
	if !errors.As(err, &fe) || fe.Kind != fault.Invalid || fe.Field != "players[0].stack" || fe.Line != 1 {
		t.Fatalf("error %v, want invalid players[0].stack on line 1", err)
	}
}

// TestPHHNumberErrorsNameTheirKey (issue 25): a number the TOML decoder
// refuses (out of range, or of the wrong type) is an error naming its key
// as the field, on the key's line, and what the key wants.
func TestPHHNumberErrorsNameTheirKey(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ line, field, want string }{
		{"min_bet = 1e400", "min_bet", "an integer is wanted (1e400 is out of range for float64)"},
		{"min_bet = 99999999999999999999", "min_bet", "an integer is wanted (99999999999999999999 is out of range for int64)"},
		{"min_bet = 1.5", "min_bet", "an integer is wanted; the file has a float"},
		{"min_bet = 'x'", "min_bet", "an integer is wanted; the file has a string"},
		{"antes = [0.5, 0]", "antes", "an array of integers is wanted; the file has a float"},
		{"seat_count = true", "seat_count", "an integer is wanted; the file has a boolean"},
		{"players = [1, 2]", "players", "an array of strings is wanted; the file has an integer"},
		{"_scoop_run_collected = [[1.5]]", "_scoop_run_collected", "an array of arrays of integers is wanted; the file has a float"},
	} {
		text := "variant = 'PO'\nblinds_or_straddles = [1, 2]\nstarting_stacks = [200, 200]\n" + tt.line + "\nactions = ['p1 f']\n"
		es, err := handhistory.Read(handhistory.FormatPHH, []byte(text))
		if err != nil || len(es) != 1 {
			t.Fatalf("%s: %v, %d entries", tt.line, err, len(es))
		}
		var fe *fault.Error
		if !errors.As(es[0].Err, &fe) || fe.Field != tt.field || fe.Line != 4 || fe.Message != tt.want {
			t.Errorf("%s: %v; want line 4, %s: %s", tt.line, es[0].Err, tt.field, tt.want)
		}
	}
}
