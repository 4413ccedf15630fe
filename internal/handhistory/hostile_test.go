package handhistory_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/hhtest"
)

// readOne reads data in format f and returns the error of its one hand, or
// the file's error.
func readOne(t *testing.T, f handhistory.Format, data string) (*handhistory.Hand, error) {
	t.Helper()
	es, err := handhistory.Read(f, []byte(data))
	if err != nil {
		return nil, err
	}
	if len(es) != 1 {
		t.Fatalf("%d entries, want 1: %+v", len(es), es)
	}
	return es[0].Hand, es[0].Err
}

const goodPHH = "variant = 'NO/8'\nblinds_or_straddles = [1, 2]\nstarting_stacks = [50, 50]\nactions = ['p2 f']\n"

// TestHostileNestingAndKeysAreInvalid: text that would make a recursive
// decoder overflow its stack (2,000,000 nested brackets: before the bound,
// a fatal error no recover catches) or cost it quadratic time and memory
// (nested inline tables, dotted keys) is a fault.Invalid naming the line
// and the limit, found before the decoder sees it.
func TestHostileNestingAndKeysAreInvalid(t *testing.T) {
	t.Parallel()
	deep := 2_000_000
	manyKeys := strings.Repeat("_k = 1\n", 0)
	for k := range handhistory.MaxKeys + 1 {
		manyKeys += fmt.Sprintf("_k%d = 1\n", k)
	}
	tests := []struct {
		name   string
		f      handhistory.Format
		data   string
		line   int
		phrase string
	}{
		{"PHH array brackets", handhistory.FormatPHH, "variant = " + strings.Repeat("[", deep), 1, "MaxNesting"},
		{"PHH brackets after good lines", handhistory.FormatPHH, goodPHH + "x = " + strings.Repeat("[", deep) + strings.Repeat("]", deep), 5, "MaxNesting"},
		{"PHH inline tables", handhistory.FormatPHH, "variant = 'NO/8'\n_x = " + strings.Repeat("{a = ", deep), 2, "MaxKeySegments"},
		{"PHH arrays of inline tables", handhistory.FormatPHH, "_x = " + strings.Repeat("[{a = ", deep), 1, "MaxKeySegments"},
		{"PHH inline tables without keys", handhistory.FormatPHH, "_x = " + strings.Repeat("[{}, ", deep), 1, "MaxNesting"},
		{"PHH array over lines", handhistory.FormatPHH, "_x = [\n" + strings.Repeat("[\n", deep), 17, "MaxNesting"},
		{"PHH dotted key", handhistory.FormatPHH, "variant = 'NO/8'\n" + strings.Repeat("a.", 9000) + "a = 1\n", 2, "MaxKeySegments"},
		{"PHH quoted dotted key", handhistory.FormatPHH, strings.Repeat(`"a".`, 9000) + "a = 1\n", 1, "MaxKeySegments"},
		{"PHH table header", handhistory.FormatPHH, goodPHH + "[" + strings.Repeat("a.", 9000) + "a]\n", 5, "MaxKeySegments"},
		{"PHH array table header", handhistory.FormatPHH, "[[" + strings.Repeat("a.", 9000) + "a]]\n", 1, "MaxKeySegments"},
		{"PHH dotted keys in nested inline tables", handhistory.FormatPHH, "_a = " + strings.Repeat("{b.c.d = ", 5), 1, "MaxKeySegments"},
		{"PHH header then keys", handhistory.FormatPHH, "[a.b.c.d.e]\nf.g.h.i = 1\n", 2, "MaxKeySegments"},
		{"PHH long key", handhistory.FormatPHH, strings.Repeat("k", handhistory.MaxKeyBytes+1) + " = 1\n", 1, "MaxKeyBytes"},
		{"PHH many keys", handhistory.FormatPHH, manyKeys, handhistory.MaxKeys + 1, "MaxKeys"},
		{"PHH long array", handhistory.FormatPHH, "_x = [" + strings.Repeat("1,", handhistory.MaxActions+2) + "]\n", 1, "array of more than"},
		{"JSON arrays", handhistory.FormatJSON, strings.Repeat("[", deep), 1, "MaxNesting"},
		{"JSON objects", handhistory.FormatJSON, strings.Repeat(`{"a":`, deep), 1, "MaxNesting"},
		{"JSON objects after blank lines", handhistory.FormatJSON, "\n\n" + strings.Repeat(`{"a":[`, deep), 3, "MaxNesting"},
		{"JSON array over lines", handhistory.FormatJSON, strings.Repeat("[\n", deep), 17, "MaxNesting"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := readOne(t, tt.f, tt.data)
			var fe *fault.Error
			if !errors.As(err, &fe) || fe.Kind != fault.Invalid || fe.Line != tt.line || !strings.Contains(fe.Message, tt.phrase) {
				t.Fatalf("error %v (kind %v, line %d), want invalid on line %d naming %s", err, kindOf(fe), lineOf(fe), tt.line, tt.phrase)
			}
			// Detect then Read, as scoop import does, fails the same way.
			if f, derr := handhistory.Detect("", []byte(tt.data)); derr == nil {
				if es, rerr := handhistory.Read(f, []byte(tt.data)); rerr == nil && len(es) > 0 && es[0].Hand != nil {
					t.Fatalf("detected as %s and read a hand", f)
				}
			}
		})
	}
}

func kindOf(fe *fault.Error) string {
	if fe == nil {
		return "none"
	}
	return fe.Kind.String()
}

func lineOf(fe *fault.Error) int {
	if fe == nil {
		return 0
	}
	return fe.Line
}

// TestHostileHandFailsAloneInItsFile: a hostile hand is one failed entry;
// the other hands of the .phhs or JSON Lines file are still read.
func TestHostileHandFailsAloneInItsFile(t *testing.T) {
	t.Parallel()
	phhs := "[1]\n" + goodPHH + "\n[2]\n_x = " + strings.Repeat("[", 100000) + "\n\n[3]\n" + goodPHH
	jsonl := func() string {
		h, err := readOne(t, handhistory.FormatPHH, goodPHH)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(h)
		return string(b) + "\n" + strings.Repeat(`{"a":`, 100000) + "\n" + string(b) + "\n"
	}()
	for _, tt := range []struct {
		f    handhistory.Format
		data string
		line int
	}{{handhistory.FormatPHH, phhs, 8}, {handhistory.FormatJSON, jsonl, 2}} {
		es, err := handhistory.Read(tt.f, []byte(tt.data))
		if err != nil || len(es) != 3 {
			t.Fatalf("%s: %v, %d entries", tt.f, err, len(es))
		}
		var fe *fault.Error
		if es[0].Hand == nil || es[2].Hand == nil || !errors.As(es[1].Err, &fe) || fe.Line != tt.line || !strings.Contains(fe.Message, "MaxNesting") {
			t.Fatalf("%s: entries %+v, want the second failing on line %d", tt.f, es, tt.line)
		}
	}
}

// TestTOMLStringsAndCommentsHideBrackets: brackets, braces, dots and
// quotes inside strings (basic, literal, multi-line, with escapes) and
// comments are not nesting nor keys: such a hand reads, with each action's
// line right.
func TestTOMLStringsAndCommentsHideBrackets(t *testing.T) {
	t.Parallel()
	deep := strings.Repeat("[{", 50)
	data := "variant = 'NO/8' # " + deep + "\n" +
		"_note = \"" + deep + ` \" ] } a.b.c.d.e.f.g.h.i.j = ` + "\"\n" +
		"_lit = '" + deep + " \\'\n" +
		"_ml = \"\"\"\n" + deep + "\n\"\" \\\"\"\" ]]]\n\"\"\"\"\n" +
		"_mll = '''" + deep + "\n'' ]]]'''''\n" +
		"'quoted.key' = 1\n" +
		"blinds_or_straddles = [1, 2]\nstarting_stacks = [50, 50]\n" +
		"actions = [ # " + deep + "\n 'p2 cbr 4 # " + deep + "',\n \"p1 cbr 6\", # ]]]\n\n 'p2 f',\n]\n"
	h, err := readOne(t, handhistory.FormatPHH, data)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	if len(h.Actions) != 3 || h.Actions[1].Amount != 6 {
		t.Fatalf("actions %+v", h.Actions)
	}
	// The third action, made illegal, is named on its own line (17).
	bad := strings.Replace(data, "'p2 f'", "'p2 zz'", 1)
	_, err = readOne(t, handhistory.FormatPHH, bad)
	var fe *fault.Error
	if !errors.As(err, &fe) || fe.Line != 17 || fe.Action != 2 {
		t.Fatalf("%v, want line 17 action 2", err)
	}
}

// TestMaxActionsEveryReader: a hand of more than MaxActions actions is a
// fault.Impossible naming the limit from every reader; one of MaxActions
// actions reads and replays legally.
func TestMaxActionsEveryReader(t *testing.T) {
	t.Parallel()
	n := handhistory.MaxActions // raises; + the fold = MaxActions+1 actions
	ok, err := readOne(t, handhistory.FormatPHH, hhtest.PHHRaises(n-1))
	if err != nil || len(ok.Actions) != handhistory.MaxActions {
		t.Fatalf("a hand of MaxActions actions: %v", err)
	}
	if v := analysis.Replay(ok); !v.Legal {
		t.Fatalf("not legal: %+v", v.Error)
	}
	over, _ := readOne(t, handhistory.FormatPHH, hhtest.PHHRaises(n-1))
	over.Actions = append(over.Actions, over.Actions[len(over.Actions)-1])
	js, _ := json.Marshal(over)
	for _, tt := range []struct {
		name string
		f    handhistory.Format
		data string
	}{
		{"PHH", handhistory.FormatPHH, hhtest.PHHRaises(n)},
		{"PHH far over", handhistory.FormatPHH, hhtest.PHHRaises(20 * n)},
		{"PokerStars", handhistory.FormatPokerStars, hhtest.PokerStarsRaises(n)},
		{"JSON", handhistory.FormatJSON, string(js)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := readOne(t, tt.f, tt.data)
			var fe *fault.Error
			if !errors.As(err, &fe) || fe.Kind != fault.Impossible || !strings.Contains(fe.Message, fmt.Sprint(handhistory.MaxActions)) || fe.Field != "actions" && tt.f != handhistory.FormatPokerStars {
				t.Fatalf("error %v (kind %s), want impossible naming the limit %d", err, kindOf(fe), handhistory.MaxActions)
			}
		})
	}
	// The PokerStars twin of the hand within the limit reads too.
	if h, err := readOne(t, handhistory.FormatPokerStars, hhtest.PokerStarsRaises(n-1)); err != nil || len(h.Actions) != handhistory.MaxActions {
		t.Fatalf("PokerStars hand of MaxActions actions: %v", err)
	}
}

// TestReplayContextStops: a cancelled context stops the replay of a
// MaxActions hand with the cancellation, not a verdict.
func TestReplayContextStops(t *testing.T) {
	t.Parallel()
	h, err := readOne(t, handhistory.FormatPHH, hhtest.PHHRaises(handhistory.MaxActions-1))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = analysis.FromEntryContext(ctx, handhistory.Entry{Index: 1, Hand: h})
	if !errors.Is(err, context.Canceled) || fault.KindOf(err) != fault.Canceled {
		t.Fatalf("error %v, want the cancellation", err)
	}
	v, err := analysis.FromEntryContext(context.Background(), handhistory.Entry{Index: 1, Hand: h})
	if err != nil || !v.Legal {
		t.Fatalf("%v %+v", err, v.Error)
	}
}

// TestValidateRejectsBadText: every string field of a Hand (found here by
// reflection, independently of Validate, so that a string field added to
// the model is covered) holding a NUL, another control character, invalid
// UTF-8 or more than MaxText bytes makes Validate fail naming that field.
func TestValidateRejectsBadText(t *testing.T) {
	t.Parallel()
	base, err := readOne(t, handhistory.FormatPokerStars, hhtest.PokerStarsHand)
	if err != nil {
		t.Fatal(err)
	}
	// Give every string field a value so that each is reached.
	base.Time, base.Table.ChipUnit, base.Table.Currency = "2020-01-02T08:04:05Z", "0.01", "USD"
	if err := handhistory.Validate(base); err != nil {
		t.Fatal(err)
	}
	fields := stringFields(reflect.ValueOf(base).Elem(), "")
	if len(fields) < 10 {
		t.Fatalf("only %d string fields found: %v", len(fields), fields)
	}
	for _, bad := range []string{"a\x00b", "a\x1bb", "a\nb", "a\x7f", "a\u0085", "J\xe9r\xf4me", strings.Repeat("x", handhistory.MaxText+1)} {
		for _, f := range fields {
			h := cloneHand(t, base)
			v := fieldByPath(reflect.ValueOf(h).Elem(), f)
			v.SetString(bad)
			err := handhistory.Validate(h)
			var fe *fault.Error
			if !errors.As(err, &fe) || fe.Kind != fault.Invalid || fe.Field != f {
				t.Errorf("%s = %q: error %v, want invalid naming %s", f, bad, err, f)
			}
		}
	}
	// Names as sites write them pass.
	h := cloneHand(t, base)
	h.Players[0].Name, h.TableName = "Jérôme 🂡 O'Brien [x]", "Aenna III ½"
	if err := handhistory.Validate(h); err != nil {
		t.Fatal(err)
	}
}

// stringFields lists the JSON paths of the string fields reachable in v.
func stringFields(v reflect.Value, path string) []string {
	switch v.Kind() {
	case reflect.String:
		return []string{path}
	case reflect.Pointer:
		if v.IsNil() {
			return nil
		}
		return stringFields(v.Elem(), path)
	case reflect.Slice:
		var out []string
		for i := range v.Len() {
			out = append(out, stringFields(v.Index(i), fmt.Sprintf("%s[%d]", path, i))...)
		}
		return out
	case reflect.Struct:
		var out []string
		for i := range v.NumField() {
			name, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("json"), ",")
			p := name
			if path != "" {
				p = path + "." + name
			}
			out = append(out, stringFields(v.Field(i), p)...)
		}
		return out
	}
	return nil
}

// fieldByPath returns the value at a path stringFields gave.
func fieldByPath(v reflect.Value, path string) reflect.Value {
	for _, part := range strings.Split(path, ".") {
		name, idx, _ := strings.Cut(part, "[")
		for v.Kind() == reflect.Pointer {
			v = v.Elem()
		}
		for i := range v.NumField() {
			if n, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("json"), ","); n == name {
				v = v.Field(i)
				break
			}
		}
		if idx != "" {
			var k int
			fmt.Sscanf(idx, "%d]", &k)
			v = v.Index(k)
		}
	}
	return v
}

func cloneHand(t *testing.T, h *handhistory.Hand) *handhistory.Hand {
	t.Helper()
	b, err := json.Marshal(h)
	if err != nil {
		t.Fatal(err)
	}
	var c handhistory.Hand
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	return &c
}

// TestBadTextFailsOneHand: a NUL in one hand's player name (PokerStars
// text) or in a JSON Lines hand fails that hand only, naming the field;
// the other hands are read.
func TestBadTextFailsOneHand(t *testing.T) {
	t.Parallel()
	ps := hhtest.PokerStarsHand + "\n\n" + strings.ReplaceAll(hhtest.PokerStarsHand, "Cid", "C\x00d") + "\n\n" + hhtest.PokerStarsHand
	es, err := handhistory.Read(handhistory.FormatPokerStars, []byte(ps))
	if err != nil || len(es) != 3 || es[0].Hand == nil || es[2].Hand == nil {
		t.Fatalf("%v %+v", err, es)
	}
	if es[1].Err == nil || !strings.Contains(es[1].Err.Error(), "players[2].name") || !strings.Contains(es[1].Err.Error(), "U+0000") {
		t.Fatalf("second hand: %v", es[1].Err)
	}
	h, _ := readOne(t, handhistory.FormatPHH, goodPHH)
	b, _ := json.Marshal(h)
	good := string(b)
	bad := strings.Replace(good, `"name":"p1"`, `"name":"p\u00001"`, 1)
	es, err = handhistory.Read(handhistory.FormatJSON, []byte(good+"\n"+bad+"\n"+good+"\n"))
	if err != nil || len(es) != 3 || es[0].Hand == nil || es[2].Hand == nil || es[1].Err == nil || !strings.Contains(es[1].Err.Error(), "players[0].name") {
		t.Fatalf("%v %+v", err, es)
	}
	// A PHH name given by an escape.
	_, err = readOne(t, handhistory.FormatPHH, goodPHH+"players = ['a', \"b\\u0000\"]\n")
	if err == nil || !strings.Contains(err.Error(), "players[1].name") {
		t.Fatalf("PHH: %v", err)
	}
}

// TestDecodeCharsets: Windows-1252 and UTF-16 files read as their UTF-8
// twins through Detect and Read; UTF-8 is passed through untouched.
func TestDecodeCharsets(t *testing.T) {
	t.Parallel()
	utf16 := func(s string, le bool) []byte {
		out := []byte{0xFE, 0xFF}
		if le {
			out = []byte{0xFF, 0xFE}
		}
		for _, r := range s { // the BMP only
			if le {
				out = append(out, byte(r), byte(r>>8))
			} else {
				out = append(out, byte(r>>8), byte(r))
			}
		}
		return out
	}
	utf8Text := strings.NewReplacer("Ann", hhtest.LatinNames[0], "Bob", hhtest.LatinNames[1]).Replace(hhtest.PokerStarsHand)
	for _, tt := range []struct {
		name, charset string
		data          []byte
	}{
		{"windows-1252", handhistory.CharsetWindows1252, []byte(hhtest.PokerStarsHandLatin1)},
		{"utf-8", handhistory.CharsetUTF8, []byte(utf8Text)},
		{"utf-8 with BOM", handhistory.CharsetUTF8, []byte("\uFEFF" + utf8Text)},
		{"utf-16le", handhistory.CharsetUTF16LE, utf16(utf8Text, true)},
		{"utf-16be", handhistory.CharsetUTF16BE, utf16(utf8Text, false)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if _, cs, err := handhistory.Decode(tt.data); err != nil || cs != tt.charset {
				t.Fatalf("Decode: %s, %v; want %s", cs, err, tt.charset)
			}
			f, err := handhistory.Detect("x.txt", tt.data)
			if err != nil || f != handhistory.FormatPokerStars {
				t.Fatalf("Detect: %s, %v", f, err)
			}
			es, err := handhistory.Read(f, tt.data)
			if err != nil || len(es) != 1 || es[0].Hand == nil {
				t.Fatalf("Read: %v %+v", err, es)
			}
			if got := []string{es[0].Hand.Players[0].Name, es[0].Hand.Players[1].Name}; !reflect.DeepEqual(got, hhtest.LatinNames) {
				t.Fatalf("names %q, want %q", got, hhtest.LatinNames)
			}
		})
	}
}
