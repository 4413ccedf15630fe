package handhistory

import (
	"bytes"
	"fmt"
	"github.com/scoophq/scoop/internal/game"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory/hhtest"
)

// corpusDirs are the directories of hand histories the repository keeps.
var corpusDirs = []string{
	"pokerstars/testdata",
	"testdata/phh",
	"testdata/phh-edge",
	"testdata/phhs",
	"testdata/review",
	"ggpoker/testdata", // the other sites' readers
	"winamax/testdata",
	"fulltilt/testdata",
	"ipoker/testdata",
	"pacific/testdata",
	"party/testdata",
	"../analysis/testdata",
}

// corpusHands reads every hand of every file under corpusDirs that Scoop
// reads as a hand history; names[k] is "file#index" of hands[k].
func corpusHands(t *testing.T) (names []string, hands []*Hand) {
	t.Helper()
	for _, dir := range corpusDirs {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				if err == nil && d.Name() == "fuzz" {
					return filepath.SkipDir // fuzz corpora
				}
				return err
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			f, err := Detect(path, data)
			if err != nil {
				return nil // a README
			}
			entries, err := Read(f, data)
			if err != nil {
				return nil
			}
			for _, e := range entries {
				if e.Hand != nil {
					names = append(names, fmt.Sprintf("%s#%d", path, e.Index))
					hands = append(hands, e.Hand)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatalf("walking %s: %v", dir, err)
		}
	}
	return names, hands
}

// readBackPHH reads text as PHH and returns its one hand.
func readBackPHH(t testing.TB, text []byte) *Hand {
	t.Helper()
	entries, err := Read(FormatPHH, text)
	if err != nil {
		t.Fatalf("reading the written PHH: %v\n%s", err, text)
	}
	if len(entries) != 1 || entries[0].Hand == nil {
		t.Fatalf("the written PHH reads as %+v\n%s", entries, text)
	}
	return entries[0].Hand
}

// TestPHHRoundTripCorpus: every hand of the corpus (PokerStars, PHH, Scoop
// JSON), written as PHH, reads back as the very same Hand (reflect.DeepEqual,
// every field), and writing that again gives the same text.
func TestPHHRoundTripCorpus(t *testing.T) {
	names, hands := corpusHands(t)
	formats := map[string]int{}
	for k, h := range hands {
		formats[h.Format]++
		text, err := MarshalPHH(h)
		if err != nil {
			t.Errorf("%s: MarshalPHH: %v", names[k], err)
			continue
		}
		back := readBackPHH(t, text)
		if !reflect.DeepEqual(h, back) {
			t.Errorf("%s: %q differs after the round trip\n%s", names[k], handDiff(reflect.ValueOf(h).Elem(), reflect.ValueOf(back).Elem(), ""), text)
		}
		if again, err := MarshalPHH(back); err != nil || !bytes.Equal(again, text) {
			t.Errorf("%s: writing the hand read back gives other text (%v)", names[k], err)
		}
	}
	// The corpus holds 205 hands today; it only grows.
	if len(hands) < 205 || formats["pokerstars"] < 141 || formats["phh"] < 60 || formats["json"] < 4 {
		t.Errorf("read %d corpus hands %v; want at least 205, 141 PokerStars, 60 PHH and 4 JSON among them", len(hands), formats)
	}
	t.Logf("%d corpus hands round trip: %v", len(hands), formats)
}

// TestWritePHHStandardFields: a PokerStars hand is written in PHH's own
// fields and order (the button last, the blinds in their slots), with the
// extension keys only for what PHH cannot say.
func TestWritePHHStandardFields(t *testing.T) {
	entries, err := Read(FormatPokerStars, []byte(hhtest.PokerStarsHand))
	if err != nil || entries[0].Hand == nil {
		t.Fatalf("read: %v %+v", err, entries)
	}
	var b bytes.Buffer
	if err := WritePHH(&b, entries[0].Hand); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	for _, want := range []string{
		"variant = \"PO\"\n",
		"table = \"T\"\n",
		"currency = \"USD\"\n",
		"seat_count = 6\n",
		"antes = [0, 0, 0]\n",
		"blinds_or_straddles = [5, 10, 0]\n", // Bob (sb), Cid (bb), Ann the button last
		"min_bet = 10\n",
		"starting_stacks = [1000, 1000, 1000]\n",
		"players = [\"Bob\", \"Cid\", \"Ann\"]\n",
		"seats = [2, 3, 1]\n",
		"  \"p3 cbr 35\",\n  \"p1 f\",\n  \"p2 f\",\n",
		"winnings = [0, 0, 25]\n",
		"_scoop_site = \"pokerstars\"\n",
		"_scoop_site_hand_id = \"900\"\n",
		"_scoop_format = \"pokerstars\"\n",
		"_scoop_time = \"2020-01-02T03:04:05-05:00\"\n",
		"_scoop_chip_unit = \"0.01\"\n",
		"_scoop_button = 0\n",
		"_scoop_returned = [0, 0, 25]\n",
		"_scoop_pots = [25]\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the PHH lacks %q:\n%s", want, text)
		}
	}
	for _, unwanted := range []string{"_scoop_posts", "_scoop_actions", "_scoop_players", "_scoop_hole_cards", "_scoop_rake"} {
		if strings.Contains(text, unwanted) {
			t.Errorf("the PHH needs no %s:\n%s", unwanted, text)
		}
	}
}

// TestWritePHHsReadsBack: several hands make a .phhs whose [N] sections
// read back in order.
func TestWritePHHsReadsBack(t *testing.T) {
	_, hands := corpusHands(t)
	hands = hands[:7]
	var b bytes.Buffer
	if err := WritePHHs(&b, hands); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b.String(), "[1]\n") || !strings.Contains(b.String(), "\n\n[7]\n") {
		t.Errorf("no [N] headers:\n%.300s", b.String())
	}
	entries, err := Read(FormatPHH, b.Bytes())
	if err != nil || len(entries) != len(hands) {
		t.Fatalf("read %d entries (%v), want %d", len(entries), err, len(hands))
	}
	for k, e := range entries {
		if e.Hand == nil || !reflect.DeepEqual(e.Hand, hands[k]) {
			t.Errorf("hand %d does not read back: %+v", k+1, e)
		}
	}
	bad := *hands[0]
	bad.Players = nil
	b.Reset()
	if err := WritePHHs(&b, []*Hand{hands[0], &bad}); fault.KindOf(err) != fault.Invalid || !strings.Contains(err.Error(), "hand 2") || b.Len() != 0 {
		t.Errorf("an invalid second hand: %v, %d bytes written; want an Invalid error naming hand 2 and nothing written", err, b.Len())
	}
}

// TestPHHExtensionErrors: malformed extension keys are errors naming the
// key and its line, never a silently different hand.
func TestPHHExtensionErrors(t *testing.T) {
	const base = "variant = 'PO'\nblinds_or_straddles = [1, 2]\nantes = [0, 0]\nmin_bet = 2\nstarting_stacks = [100, 100]\nactions = ['p2 cc', 'p1 cc']\n"
	for _, tc := range []struct{ ext, field string }{
		{"_scoop_button = 2", "_scoop_button"},
		{"_scoop_button = -1", "_scoop_button"},
		{"_scoop_players = ['a']", "_scoop_players"},
		{"_scoop_hole_cards = ['AsKs', 'Zz']", "_scoop_hole_cards"},
		{"_scoop_posts = ['p1 small-blind']", "_scoop_posts"},
		{"_scoop_posts = ['x small-blind 1']", "_scoop_posts"},
		{"_scoop_actions = ['p1 check']", "_scoop_actions"},
		{"_scoop_actions = ['', 'p1 call amount=x']", "_scoop_actions"},
		{"_scoop_actions = ['', 'p1 call volume=3']", "_scoop_actions"},
		{"_scoop_actions = ['', 'd deal-board cards=']", "_scoop_actions"},
		{"_scoop_actions = ['', 'q1 check']", "_scoop_actions"},
	} {
		entries, err := Read(FormatPHH, []byte(base+"\n\n"+tc.ext+"\n"))
		if err != nil || len(entries) != 1 {
			t.Fatalf("%s: %v %+v", tc.ext, err, entries)
		}
		var fe *fault.Error
		e := entries[0]
		if e.Err == nil || !asFault(e.Err, &fe) || fe.Field != tc.field || fe.Line != 9 {
			t.Errorf("%s: %+v (%v), want an error on %s at line 9", tc.ext, e, e.Err, tc.field)
		}
	}
	// A post kind or amount the extension gives is judged by Validate.
	entries, _ := Read(FormatPHH, []byte(base+"_scoop_posts = ['p1 blind 1']\n"))
	if entries[0].Err == nil || !strings.Contains(entries[0].Err.Error(), "posts[0].kind") {
		t.Errorf("an unknown post kind: %v", entries[0].Err)
	}
	// Well-formed: the extensions replace what the standard fields say.
	entries, _ = Read(FormatPHH, []byte(base+"_scoop_button = 0\n_scoop_actions = ['', 'p1 check']\n_scoop_posts = ['p2 big-blind 2', 'p1 dead 1']\n"))
	h := entries[0].Hand
	if h == nil || h.Button != 0 || h.Players[0].Name != "p2" || !reflect.DeepEqual(h.Actions[1], Action{Player: 1, Kind: game.Check}) ||
		!reflect.DeepEqual(h.Posts, []Post{{Player: 0, Kind: game.BigBlind, Amount: 2}, {Player: 1, Kind: game.Dead, Amount: 1}}) {
		t.Errorf("extensions read as %+v (%v)", h, entries[0].Err)
	}
}

func asFault(err error, fe **fault.Error) bool {
	f, ok := err.(*fault.Error)
	*fe = f
	return ok
}

// richHand is a hand that sets every field of the model to something other
// than its zero value (it passes Validate; the engine would not play it).
func richHand() *Hand {
	hole := func(s string) cards.List { return cards.MustParse(s) }
	yes := true
	return &Hand{
		Site: "pokerstars", SiteHandID: "123456", Format: "pokerstars", Tournament: true,
		Time: "2020-01-02T03:04:05-05:00", TableName: `T "quoted" \ 'table' é`,
		Table: Table{Game: eval.OmahaHiLo, Structure: game.PotLimit, SmallBet: 1, BigBet: 2, MinBet: 2, MaxBets: 4,
			UncappedHeadsUp: true, AnteTrimming: &yes, ChipUnit: "0.01", Currency: "USD", MaxSeats: 6},
		Players: []Player{
			{Name: "Ann", Seat: 1, Stack: 100, Hole: hole("As2s3dKd")},
			{Name: "Bob", Seat: 3, Stack: 200, Hole: hole("QhQcJhTc")},
			{Name: "Cid", Seat: 5, Stack: 300, Hole: hole("7c7d6s5s")},
		},
		Button: 0,
		Posts: []Post{
			{Player: 1, Kind: game.SmallBlind, Amount: 1}, {Player: 2, Kind: game.BigBlind, Amount: 2},
			{Player: 0, Kind: game.Ante, Amount: 1}, {Player: 0, Kind: game.Dead, Amount: 1},
		},
		AddedToPot: 5,
		Actions: []Action{
			{Player: 0, Kind: game.DealHole, Cards: hole("As2s3dKd")},
			{Player: 0, Kind: game.Call, Amount: 2},
			{Player: 1, Kind: game.CheckCall, Amount: 1},
			{Player: 2, Kind: game.Check},
			{Player: -1, Kind: game.DealBoard, Cards: hole("4c7hKh")},
			{Player: 1, Kind: game.BetRaise, Amount: 10},
			{Player: 2, Kind: game.Fold},
			{Player: 0, Kind: game.Call, Amount: 10},
			{Player: -1, Kind: game.DealBoard, Cards: hole("2d"), Run: 1},
			{Player: -1, Kind: game.DealBoard, Cards: hole("9d"), Run: 2},
			{Player: 0, Kind: game.Show, Cards: hole("As2s3dKd")},
			{Player: 1, Kind: game.Muck},
		},
		Outcome: &Outcome{
			FinishingStacks: []int64{110, 185, 298}, Collected: []int64{22, 0, 0}, Returned: []int64{0, 1, 0},
			RunCollected: [][]int64{{11, 0, 0}, {11, 0, 0}}, Rake: 1, TotalPot: 23, Pots: []int64{22},
		},
	}
}

// step is one step from a Hand to one of its values: a struct field, a
// pointer's element or a slice element (created when missing).
type step struct {
	field, index int
	deref        bool
}

func navigate(v reflect.Value, path []step) reflect.Value {
	for _, s := range path {
		switch {
		case s.deref:
			if v.IsNil() {
				v.Set(reflect.New(v.Type().Elem()))
			}
			v = v.Elem()
		case s.field >= 0:
			v = v.Field(s.field)
		default:
			for v.Len() <= s.index {
				v.Set(reflect.Append(v, reflect.Zero(v.Type().Elem())))
			}
			v = v.Index(s.index)
		}
	}
	return v
}

type leaf struct {
	name string
	path []step
	typ  reflect.Type
}

var (
	cardsType   = reflect.TypeOf(cards.List{})
	int64sType  = reflect.TypeOf([]int64{})
	runsType    = reflect.TypeOf([][]int64{})
	stringsType = reflect.TypeOf([]string{})
)

// leaves lists every value of the model reachable from a Hand shaped like
// base: the fields of every struct, of every element of its slices of
// structs (one element when base has none) and behind every pointer.
func leaves(t *testing.T, base reflect.Value, typ reflect.Type, name string, path []step, out *[]leaf) {
	at := func(s step) []step { return append(append([]step(nil), path...), s) }
	switch {
	case typ == cardsType || typ == int64sType || typ == runsType || typ == stringsType:
		*out = append(*out, leaf{name, path, typ})
	case typ.Kind() == reflect.Struct:
		for i := range typ.NumField() {
			leaves(t, base, typ.Field(i).Type, name+"."+jsonName(typ.Field(i)), at(step{field: i}), out)
		}
	case typ.Kind() == reflect.Pointer && typ.Elem().Kind() == reflect.Struct:
		*out = append(*out, leaf{name, path, typ})
		leaves(t, base, typ.Elem(), name, at(step{field: -1, deref: true}), out)
	case typ.Kind() == reflect.Pointer && scalar(typ.Elem()):
		*out = append(*out, leaf{name, path, typ})
	case typ.Kind() == reflect.Slice && typ.Elem().Kind() == reflect.Struct:
		n := navigate(reflect.ValueOf(richHand()).Elem(), path).Len()
		for i := range max(n, 1) {
			leaves(t, base, typ.Elem(), fmt.Sprintf("%s[%d]", name, i), at(step{field: -1, index: i}), out)
		}
	case scalar(typ):
		*out = append(*out, leaf{name, path, typ})
	default:
		t.Errorf("the Hand model holds a %s at %s: teach this test (and MarshalPHH) about it", typ, name)
	}
}

// scalar reports whether typ is a bool, a string or an integer.
func scalar(typ reflect.Type) bool {
	k := typ.Kind()
	return k == reflect.Bool || k == reflect.String || k >= reflect.Int && k <= reflect.Uint64
}

// variants are values to try in place of v, of its type.
func variants(v reflect.Value) []reflect.Value {
	var out []reflect.Value
	add := func(x any) { out = append(out, reflect.ValueOf(x).Convert(v.Type())) }
	switch t := v.Type(); {
	case t == cardsType:
		for _, s := range []string{"", "AhKhQhJh", "2c", "8s9s"} {
			add(cards.MustParse(s))
		}
	case t == int64sType:
		add([]int64(nil))
		add([]int64{})
		add([]int64{7, 8, 9})
		add([]int64{4})
		if v.Len() > 0 {
			c := append([]int64(nil), v.Interface().([]int64)...)
			c[0]++
			add(c)
		}
	case t == stringsType:
		add([]string(nil))
		add([]string{"the summary's board is used"})
		add([]string{"a", "b 'quoted' \"too\""})
	case t == runsType:
		add([][]int64(nil))
		add([][]int64{{1, 2, 3}})
		add([][]int64{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}})
		add([][]int64{{}, {5}})
	case t.Kind() == reflect.Pointer && scalar(t.Elem()): // nil, a zero value, others
		out = append(out, reflect.Zero(t))
		for _, x := range append([]reflect.Value{reflect.Zero(t.Elem())}, variants(reflect.Zero(t.Elem()))...) {
			p := reflect.New(t.Elem())
			p.Elem().Set(x)
			out = append(out, p)
		}
	case t.Kind() == reflect.Pointer:
		out = append(out, reflect.Zero(t))
	case t.Kind() == reflect.Bool:
		add(!v.Bool())
	case t.Kind() == reflect.String:
		for _, s := range []string{v.String() + "x", "", "x y", "pokerstars", "json", "phh"} {
			add(s)
		}
	case t.Kind() >= reflect.Int && t.Kind() <= reflect.Int64:
		for _, d := range []int64{v.Int() + 1, v.Int() - 1, 0, 1, 2, 11, -1, -2} {
			add(d)
		}
	case t == reflect.TypeFor[game.Structure]() || t == reflect.TypeFor[game.PostKind]() || t == reflect.TypeFor[game.ActionKind](): // every kind, and some that are none
		for d := range uint64(12) {
			add(d)
		}
	default: // unsigned
		for _, d := range []uint64{v.Uint() + 1, 0, 1} {
			add(d)
		}
	}
	return out
}

// TestPHHRoundTripEveryField varies every value of the Hand model, one at
// a time, found by reflection: whenever the varied hand passes Validate,
// its PHH must read back equal. A field added to the model (or to any
// type it holds) that the writer does not carry fails here, as does one
// this test cannot vary to a valid hand.
func TestPHHRoundTripEveryField(t *testing.T) {
	base := reflect.ValueOf(richHand()).Elem()
	if text, err := MarshalPHH(richHand()); err != nil || handDiff(base, reflect.ValueOf(readBackPHH(t, text)).Elem(), "") != "" {
		t.Fatalf("the rich hand does not round trip: %v\n%s", err, text)
	}
	var all []leaf
	leaves(t, base, base.Type(), "", nil, &all)
	if len(all) < 40 {
		t.Fatalf("found %d values in the model; the walk is broken", len(all))
	}
	tried := 0
	for _, l := range all {
		valid := 0
		for _, v := range variants(navigate(reflect.ValueOf(richHand()).Elem(), l.path)) {
			h := richHand()
			navigate(reflect.ValueOf(h).Elem(), l.path).Set(v)
			if Validate(h) != nil {
				continue
			}
			valid++
			text, err := MarshalPHH(h)
			if err != nil {
				t.Errorf("%s = %v: MarshalPHH: %v", l.name, v, err)
				continue
			}
			back := readBackPHH(t, text)
			if d := handDiff(reflect.ValueOf(h).Elem(), reflect.ValueOf(back).Elem(), ""); d != "" {
				t.Errorf("%s = %v: %s differs after the round trip\n%s", l.name, v, d, text)
			}
		}
		if valid == 0 {
			t.Errorf("%s: no variant of it passes Validate; teach variants a valid value of %s", l.name, l.typ)
		}
		tried += valid
	}
	t.Logf("%d values of the model, %d valid variants round trip", len(all), tried)
}

// TestMarshalPHHRefusesWhatItCannotWrite: an invalid hand is an Invalid
// error, not a PHH text.
func TestMarshalPHHRefusesWhatItCannotWrite(t *testing.T) {
	h := richHand()
	h.Players[1].Name = "Ann"
	if _, err := MarshalPHH(h); fault.KindOf(err) != fault.Invalid {
		t.Errorf("duplicate names: %v, want Invalid", err)
	}
	h = richHand()
	h.Posts = make([]Post, MaxActions+1)
	for i := range h.Posts {
		h.Posts[i] = Post{Player: 0, Kind: game.Dead}
	}
	if _, err := MarshalPHH(h); fault.KindOf(err) != fault.Invalid {
		t.Errorf("%d posts: %v, want Invalid", len(h.Posts), err)
	}
}

// FuzzPHHRoundTrip: every hand the PHH, PokerStars and JSON readers read
// from any input writes as PHH and reads back equal.
func FuzzPHHRoundTrip(f *testing.F) {
	f.Add([]byte(hhtest.PokerStarsHand))
	f.Add([]byte(hhtest.PHHRaises(3)))
	f.Add([]byte(hhtest.PokerStarsRaises(2)))
	for _, name := range []string{
		"testdata/phh-edge/fo8_headsup_blind_order.phh",
		"testdata/phhs/three_hands.phhs",
		"../analysis/testdata/review/pos2.json",
		"../analysis/testdata/review/big4.json",
		"pokerstars/testdata/fpdb3__cash__Stars__Flop__PLO-6max-USD-200-400-201505.rit.leaves.table.txt",
		"pokerstars/testdata/other-clients/fpdb3__cash__Stars__Flop__PLO-6max-EUR-0.25-0.50-201908.RIO.STP.side.pot__RunItOncePoker.txt", // money the site added
	} {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
	if text, err := MarshalPHH(richHand()); err == nil {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, format := range []Format{FormatPHH, FormatPokerStars, FormatJSON} {
			entries, err := Read(format, data)
			if err != nil {
				continue
			}
			for _, e := range entries {
				if e.Hand == nil {
					continue
				}
				text, err := MarshalPHH(e.Hand)
				if err != nil {
					t.Fatalf("%s hand %d: MarshalPHH: %v", format, e.Index, err)
				}
				back := readBackPHH(t, text)
				if d := handDiff(reflect.ValueOf(e.Hand).Elem(), reflect.ValueOf(back).Elem(), ""); d != "" {
					t.Fatalf("%s hand %d: %s differs after the round trip\n%s", format, e.Index, d, text)
				}
			}
		}
	})
}
