// Package readertest holds what the tests of every site reader share: the
// promises every reader keeps on any input (CheckEntries, Bounds), and the
// reading of a reader's own test files (File, Seeds, ReadFile, Datas),
// the checks its tests share (ReadHands, Variants, OneHand, Settles,
// CheckHead, CheckJSON, Errors and the PerHandErrors, Bounds and
// LineErrors it runs), its fuzz target and benchmark (FuzzRead,
// ParseReplay, Replay), and a file cut as the import jobs cut it, each part
// read from the file's line it starts on, read as the whole file (Parts,
// ReadsInParts, LineOf). It is for tests only. A reader's test files are
// in its folder's testdata.
package readertest

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// File returns testdata/name of the package under test.
func File(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// Files lists the test files of the package under test (testdata/*, the
// fuzz corpus and sub-folders aside).
func Files(t testing.TB) []string {
	t.Helper()
	all, err := filepath.Glob(filepath.Join("testdata", "*"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range all {
		if st, err := os.Stat(f); err == nil && !st.IsDir() && !strings.HasSuffix(f, ".md") {
			out = append(out, f)
		}
	}
	return out
}

// Seeds adds every test file of the package under test to f's seed corpus.
func Seeds(f *testing.F) {
	files := Files(f)
	if len(files) == 0 {
		f.Fatal("no test files in testdata")
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
}

// ReadFile reads testdata/name through Detect and Read, checking that
// Detect names want.
func ReadFile(t testing.TB, name string, want handhistory.Format) []handhistory.Entry {
	t.Helper()
	data := File(t, name)
	f, err := handhistory.Detect(name, data)
	if err != nil || f != want {
		t.Fatalf("%s: detected %q, %v; want %q", name, f, err, want)
	}
	es, err := handhistory.Read(f, data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return es
}

// HandJSON is a hand's canonical JSON, for comparing whole hands.
func HandJSON(t testing.TB, h *handhistory.Hand) string {
	t.Helper()
	b, err := json.Marshal(h)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// CheckEntries checks what a site reader's fuzz target must hold: a
// file error is an Invalid *fault.Error with no entries; otherwise every
// entry is exactly one of a hand (which passes Validate and has its
// recorded outcome), a skip or an error (a *fault.Error naming its line,
// of kind Invalid or Impossible), indexed from 1.
func CheckEntries(t *testing.T, es []handhistory.Entry, err error) {
	t.Helper()
	if err != nil {
		if es != nil || fault.KindOf(err) != fault.Invalid {
			t.Fatalf("file error %v with %d entries", err, len(es))
		}
		return
	}
	for i, e := range es {
		set := 0
		if e.Hand != nil {
			set++
			if err := handhistory.Validate(e.Hand); err != nil || e.Hand.Outcome == nil {
				t.Fatalf("entry %d: a hand Validate rejects or without its outcome: %v", i, err)
			}
		}
		if e.Skipped != "" {
			set++
		}
		if e.Err != nil {
			set++
			var fe *fault.Error
			if !errors.As(e.Err, &fe) || fe.Line <= 0 || fe.Kind != fault.Invalid && fe.Kind != fault.Impossible {
				t.Fatalf("entry %d: error %v is not a located *fault.Error", i, e.Err)
			}
		}
		if set != 1 || e.Index != i+1 {
			t.Fatalf("entry %d: %+v", i, e)
		}
	}
}

// Bounds checks, for a site reader, the bounds of limits.go on a file of
// three copies of hand (its lines joined by "\n"): a hand of more than
// MaxActions actions (extra, a line that adds an action, repeated after
// the line after) is Impossible and a line over MaxLineBytes Invalid, each
// naming its line, while the other hands are read.
func Bounds(t *testing.T, read func([]byte) ([]handhistory.Entry, error), hand, after, extra string) {
	t.Helper()
	k := strings.Index(hand, after)
	if k < 0 {
		t.Fatalf("no %q in the hand", after)
	}
	k += len(after)
	many := hand[:k] + strings.Repeat(extra+"\n", handhistory.MaxActions+1) + hand[k:]
	long := hand[:k] + strings.Repeat("x", handhistory.MaxLineBytes+1) + "\n" + hand[k:]
	for _, c := range []struct {
		name, bad string
		kind      fault.Kind
		line      int
	}{
		{"MaxActions", many, fault.Impossible, 0},
		{"MaxLineBytes", long, fault.Invalid, strings.Count(hand, "\n") + 3 + strings.Count(hand[:k], "\n")},
	} {
		es, err := read([]byte(hand + "\n\n" + c.bad + "\n\n" + hand))
		if err != nil || len(es) != 3 || es[0].Hand == nil || es[2].Hand == nil {
			t.Fatalf("%s: %d entries, %v", c.name, len(es), err)
		}
		var fe *fault.Error
		if !errors.As(es[1].Err, &fe) || fe.Kind != c.kind || fe.Line <= es[1].Line || c.line > 0 && fe.Line != c.line {
			t.Errorf("%s: entry 2 %+v (error %v)", c.name, es[1], es[1].Err)
		}
	}
}

// CheckRead is CheckEntries on what read returns for data.
func CheckRead(t *testing.T, read func([]byte) ([]handhistory.Entry, error), data []byte) {
	t.Helper()
	es, err := read(data)
	CheckEntries(t, es, err)
}

// LimitErrors checks, for a site reader, that in a file of a bad copy of
// hand and then hand itself, a line over MaxLineBytes (after the line
// after), more than MaxActions actions (action repeated there) and a
// player name over MaxText (the name player stretched) each fail the bad
// hand alone, naming a line, while the good hand is read.
func LimitErrors(t *testing.T, read func([]byte) ([]handhistory.Entry, error), hand, action, after, player string) {
	t.Helper()
	long := strings.Replace(hand, after, after+strings.Repeat("x", handhistory.MaxLineBytes+1)+"\n", 1)
	many := strings.Replace(hand, after, after+strings.Repeat(action, handhistory.MaxActions+1), 1)
	name := strings.ReplaceAll(hand, player, strings.Repeat(player[:1], handhistory.MaxText+1))
	for _, tc := range []struct {
		what, text, msg string
		kind            fault.Kind
	}{
		{"long line", long, "(MaxLineBytes)", fault.Invalid},
		{"actions", many, "(MaxActions)", fault.Impossible},
		{"long name", name, "(MaxText)", fault.Invalid},
	} {
		es, err := read([]byte(tc.text + "\n" + hand))
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
}

// ParseReplay is a reader's parse+replay benchmark: b.N times, it reads
// each of datas with read and replays every entry with replay (the
// verdict of package analysis; nil for the read alone), and reports
// hands/s, the hands being the Omaha hands read from datas, which it
// returns. A read that fails fails the benchmark.
func ParseReplay(b *testing.B, read func([]byte) ([]handhistory.Entry, error), replay func(handhistory.Entry), datas [][]byte) (hands int) {
	b.Helper()
	for _, d := range datas {
		es, err := read(d)
		if err != nil {
			b.Fatal(err)
		}
		for _, e := range es {
			if e.Hand != nil {
				hands++
			}
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, d := range datas {
			es, err := read(d)
			if err != nil {
				b.Fatal(err)
			}
			for _, e := range es {
				if replay != nil {
					replay(e)
				}
			}
		}
	}
	b.ReportMetric(float64(hands*b.N)/b.Elapsed().Seconds(), "hands/s")
	return hands
}

// Datas returns the contents of the test files of the package under test
// (Files).
func Datas(t testing.TB) [][]byte {
	t.Helper()
	var out [][]byte
	for _, name := range Files(t) {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, data)
	}
	return out
}

// FuzzRead is a reader's fuzz target: seeded with seeds and every test
// file of the package under test, it checks CheckEntries on what read
// returns for any input (no panic, no hang).
func FuzzRead(f *testing.F, read func([]byte) ([]handhistory.Entry, error), seeds ...[]byte) {
	for _, s := range seeds {
		f.Add(s)
	}
	Seeds(f)
	f.Fuzz(func(t *testing.T, data []byte) { CheckRead(t, read, data) })
}

// OneHand returns the one hand read returns for data, failing the test
// when it returns an error, another count of entries or no hand.
func OneHand(t testing.TB, read func([]byte) ([]handhistory.Entry, error), data []byte) *handhistory.Hand {
	t.Helper()
	es, err := read(data)
	if err != nil || len(es) != 1 || es[0].Hand == nil {
		t.Fatalf("%+v, %v", es, err)
	}
	return es[0].Hand
}

// ReadHands reads texts as one file, each on its own lines (joined by
// "\n"), and returns the entries, failing the test unless read returns one
// for each text (a hand, or text before the first hand).
func ReadHands(t testing.TB, read func([]byte) ([]handhistory.Entry, error), texts ...string) []handhistory.Entry {
	t.Helper()
	es, err := read([]byte(strings.Join(texts, "\n")))
	if err != nil || len(es) != len(texts) {
		t.Fatalf("%d entries for %d texts, %v", len(es), len(texts), err)
	}
	return es
}

// PerHandErrors checks, for a site reader, that in a file of hand, other
// (hand of another game, skipped with the reason skip), bad (hand with an
// Invalid error on its line badLine, the first being 0) and hand again,
// the two hands are read and each of the other two fails alone.
func PerHandErrors(t *testing.T, read func([]byte) ([]handhistory.Entry, error), hand, other, skip, bad string, badLine int) {
	t.Helper()
	es, err := read([]byte(hand + "\n\n" + other + "\n\n" + bad + "\n\n" + hand))
	if err != nil || len(es) != 4 || es[0].Hand == nil || es[3].Hand == nil {
		t.Fatalf("%d entries, %v", len(es), err)
	}
	var fe *fault.Error
	if es[1].Skipped != skip {
		t.Errorf("skip %q", es[1].Skipped)
	}
	if !errors.As(es[2].Err, &fe) || fe.Kind != fault.Invalid || fe.Line != es[2].Line+badLine {
		t.Errorf("bad amount: %+v (%v)", es[2], es[2].Err)
	}
}

// LineErrors checks, for a site reader, that each change {name, from,
// to} (hand's first from made to) makes hand one entry, an error naming a
// line.
func LineErrors(t *testing.T, read func([]byte) ([]handhistory.Entry, error), hand string, changes [][3]string) {
	t.Helper()
	for _, c := range changes {
		es, err := read([]byte(strings.Replace(hand, c[1], c[2], 1)))
		var fe *fault.Error
		if err != nil || len(es) != 1 || !errors.As(es[0].Err, &fe) || fe.Line <= 0 {
			t.Errorf("%s: %+v, %v", c[0], es, err)
		}
	}
}

// HandErrors are a site reader's error cases on one of its hands, for
// Errors, each in the reader's own words: a change {from, to} makes the
// hand's first from to. A case left empty is not checked.
type HandErrors struct {
	// Game makes the hand another game's, skipped with the reason Skip,
	// and Bad makes it an Invalid error on its line BadLine, the first
	// being 0 (PerHandErrors's other and bad; the two go together).
	Game, Bad [2]string
	Skip      string
	BadLine   int
	// After and Extra are Bounds's: Extra, a line that adds an action, is
	// repeated past MaxActions after the line After.
	After, Extra string
	// Lines are LineErrors's changes {name, from, to}.
	Lines [][3]string
}

// Errors checks the error cases c of a site reader on hand:
// PerHandErrors, Bounds and LineErrors, each where c has its case.
func Errors(t *testing.T, read func([]byte) ([]handhistory.Entry, error), hand string, c HandErrors) {
	t.Helper()
	switch none := [2]string{}; {
	case c.Game != none && c.Bad != none:
		PerHandErrors(t, read, hand, changed(t, hand, c.Game), c.Skip, changed(t, hand, c.Bad), c.BadLine)
	case c.Game != none || c.Bad != none:
		t.Fatalf("Game %q and Bad %q go together", c.Game, c.Bad)
	}
	if c.After != "" {
		Bounds(t, read, hand, c.After, c.Extra)
	}
	LineErrors(t, read, hand, c.Lines)
}

// changed is hand with its first from made to (change {from, to}),
// failing the test when hand has no from.
func changed(t testing.TB, hand string, change [2]string) string {
	t.Helper()
	if !strings.Contains(hand, change[0]) {
		t.Fatalf("no %q in the hand", change[0])
	}
	return strings.Replace(hand, change[0], change[1], 1)
}

// Head is what a site reader's model test checks first of a hand: its
// site (its format too), id, time and table name, whether it is a
// tournament, and its table whole.
type Head struct {
	Site, ID, Time, TableName string
	Tournament                bool
	Table                     handhistory.Table
}

// CheckHead checks h's head against want (see Head).
func CheckHead(t testing.TB, h *handhistory.Hand, want Head) {
	t.Helper()
	got := Head{Site: h.Site, ID: h.SiteHandID, Time: h.Time, TableName: h.TableName, Tournament: h.Tournament, Table: h.Table}
	if h.Format != want.Site || !reflect.DeepEqual(got, want) {
		t.Errorf("format %q, head %+v; want %+v", h.Format, got, want)
	}
}

// CheckJSON checks that hand h's canonical JSON (HandJSON) is want.
func CheckJSON(t testing.TB, h *handhistory.Hand, want string) {
	t.Helper()
	if got := HandJSON(t, h); got != want {
		t.Errorf("hand\n%s\nwant\n%s", got, want)
	}
}

// A Variant is one text of a file of variants of a reader's hand
// (Variants) and what its entry must be. The text is Text when set; else
// the hand with its first From made To, or cut off before its first Cut,
// or the hand itself. Its entry is, by the first of these set:
//   - Err, Line or Kind: an error, a *fault.Error whose message holds
//     Err, on the file's line Line and of kind Kind (each where set: a
//     Kind other than the zero Internal);
//   - Skip: skipped with the reason Skip;
//   - Cut: skipped as a hand cut off at its line Last, its first being 0
//     (sitetext.Incomplete);
//   - Note: a hand with one note, which holds Note;
//   - else a hand.
//
// and its id is ID where set.
type Variant struct {
	Text, From, To, Cut string
	Err                 string
	Line                int
	Kind                fault.Kind
	Skip, Note, ID      string
	Last                int
}

// Variants reads the texts of vs (from hand) as one file, each on its own
// lines (ReadHands), checks each entry against its Variant and returns
// the entries.
func Variants(t testing.TB, read func([]byte) ([]handhistory.Entry, error), hand string, vs []Variant) []handhistory.Entry {
	t.Helper()
	texts := make([]string, len(vs))
	for i, v := range vs {
		switch {
		case v.Text != "":
			texts[i] = v.Text
		case v.From != "":
			texts[i] = changed(t, hand, [2]string{v.From, v.To})
		case v.Cut != "":
			k := strings.Index(hand, v.Cut)
			if k < 0 {
				t.Fatalf("no %q in the hand", v.Cut)
			}
			texts[i] = hand[:k]
		default:
			texts[i] = hand
		}
	}
	es := ReadHands(t, read, texts...)
	for i, v := range vs {
		e := es[i]
		var fe *fault.Error
		ok := true
		switch {
		case v.Err != "" || v.Line != 0 || v.Kind != 0:
			ok = errors.As(e.Err, &fe) && strings.Contains(fe.Message, v.Err) && (v.Line == 0 || fe.Line == v.Line) && (v.Kind == 0 || fe.Kind == v.Kind)
		case v.Skip != "":
			ok = e.Skipped == v.Skip
		case v.Cut != "":
			ok = e.Skipped == sitetext.Incomplete(e.Line+v.Last)
		case v.Note != "":
			ok = e.Hand != nil && len(e.Hand.Notes) == 1 && strings.Contains(e.Hand.Notes[0], v.Note)
		default:
			ok = e.Hand != nil
		}
		if !ok || v.ID != "" && e.ID != v.ID {
			t.Errorf("entry %d: %+v (error %v); want %+v", i+1, e, e.Err, v)
		}
	}
	return es
}

// SkippedAs checks that entry es[i] is skipped with the reason skip.
func SkippedAs(t testing.TB, es []handhistory.Entry, i int, skip string) {
	t.Helper()
	if es[i].Skipped != skip {
		t.Errorf("entry %d: %+v", i+1, es[i])
	}
}
