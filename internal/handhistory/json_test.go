package handhistory_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
)

func corpusHands(t testing.TB) []*handhistory.Hand {
	t.Helper()
	var hs []*handhistory.Hand
	for _, path := range phhCorpus(t) {
		h, err := parsePHH(readFile(t, path))
		if err != nil {
			t.Fatal(err)
		}
		hs = append(hs, h)
	}
	return hs
}

func TestJSONRoundTripOneArrayAndLines(t *testing.T) {
	t.Parallel()
	hs := corpusHands(t)
	one, _ := json.Marshal(hs[0])
	arr, _ := json.Marshal(hs)
	var lines strings.Builder
	for _, h := range hs {
		b, _ := json.Marshal(h)
		lines.Write(b)
		lines.WriteString("\n")
	}
	tests := []struct {
		name string
		data string
		want []*handhistory.Hand
	}{
		{"one object", "\n  " + string(one) + "\n", hs[:1]},
		{"array", string(arr), hs},
		{"JSON Lines", lines.String(), hs},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f, err := handhistory.Detect("", []byte(tt.data))
			if err != nil || f != handhistory.FormatJSON {
				t.Fatalf("Detect %q %v", f, err)
			}
			es, err := handhistory.Read(f, []byte(tt.data))
			if err != nil || len(es) != len(tt.want) {
				t.Fatalf("%v, %d entries, want %d", err, len(es), len(tt.want))
			}
			for i, e := range es {
				if e.Err != nil || e.Index != i+1 {
					t.Fatalf("entry %d: %+v", i, e)
				}
				if !reflect.DeepEqual(e.Hand, tt.want[i]) {
					t.Fatalf("hand %d differs after the round trip:\n%+v\n%+v", i, e.Hand, tt.want[i])
				}
			}
		})
	}
}

func TestJSONValidation(t *testing.T) {
	t.Parallel()
	good := `{"table":{"game":"omaha-hilo","structure":"fixed-limit","small_bet":2},"players":[{"name":"a","stack":10},{"name":"b","stack":10}],"button":1,"actions":[]}`
	tests := []struct {
		name  string
		from  string
		to    string
		field string
	}{
		{"one player", `,{"name":"b","stack":10}`, ``, "players"},
		{"unknown game", `omaha-hilo`, `razz`, ""},
		{"unknown structure", `fixed-limit`, `spread-limit`, "table.structure"},
		{"button off the table", `"button":1`, `"button":2`, "button"},
		{"negative stack", `"stack":10}]`, `"stack":-1}]`, "players[1].stack"},
		{"three hole cards", `"name":"a",`, `"name":"a","hole":"AsKsQs",`, "players[0].hole"},
		{"bad card", `"name":"a",`, `"name":"a","hole":"AsKsQsZz",`, ""},
		{"action player out of range", `"actions":[]`, `"actions":[{"player":5,"kind":"fold"}]`, "actions[0].player"},
		{"unknown action kind", `"actions":[]`, `"actions":[{"player":0,"kind":"limp"}]`, "actions[0].kind"},
		{"post kind", `"button":1`, `"button":1,"posts":[{"player":0,"kind":"blind","amount":1}]`, "posts[0].kind"},
		{"negative money added to the pot", `"button":1`, `"button":1,"added_to_pot":-1`, "added_to_pot"},
		{"outcome length", `"actions":[]`, `"actions":[],"outcome":{"finishing_stacks":[1]}`, "outcome.finishing_stacks"},
		{"wrong type", `"stack":10}]`, `"stack":"ten"}]`, "players.stack"},
	}
	if es, err := handhistory.Read(handhistory.FormatJSON, []byte(good)); err != nil || es[0].Hand == nil {
		t.Fatalf("the good hand: %v %+v", err, es)
	}
	added := strings.Replace(good, `"button":1`, `"button":1,"added_to_pot":20`, 1)
	if es, err := handhistory.Read(handhistory.FormatJSON, []byte(added)); err != nil || es[0].Hand == nil || es[0].Hand.AddedToPot != 20 {
		t.Fatalf("money added to the pot: %v %+v", err, es)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			bad := strings.Replace(good, tt.from, tt.to, 1)
			if bad == good {
				t.Fatalf("replacement %q not found", tt.from)
			}
			es, err := handhistory.Read(handhistory.FormatJSON, []byte(bad))
			if err == nil && len(es) == 1 {
				err = es[0].Err
			}
			var fe *fault.Error
			if !errors.As(err, &fe) || fe.Kind != fault.Invalid || fe.Field != tt.field {
				t.Fatalf("error %v (field %q), want invalid field %q", err, fieldOf(fe), tt.field)
			}
		})
	}
}

func fieldOf(fe *fault.Error) string {
	if fe == nil {
		return ""
	}
	return fe.Field
}

func TestJSONLinesBadLineIsAnEntry(t *testing.T) {
	t.Parallel()
	hs := corpusHands(t)
	a, _ := json.Marshal(hs[0])
	b, _ := json.Marshal(hs[1])
	data := string(a) + "\n{\"players\": oops}\n\n" + string(b) + "\n"
	es, err := handhistory.Read(handhistory.FormatJSON, []byte(data))
	if err != nil || len(es) != 3 {
		t.Fatalf("%v, %d entries", err, len(es))
	}
	var fe *fault.Error
	if es[0].Hand == nil || es[2].Hand == nil || es[2].Index != 3 || es[2].Line != 4 || !errors.As(es[1].Err, &fe) || fe.Line != 2 {
		t.Fatalf("entries %+v", es)
	}
}

// TestJSONLinesReadInParts: JSON Lines cut at a line (as the import jobs
// cut them) and read with ReadPart from the file's line the part starts
// on name the file's lines, as the whole file does; so does a part whose
// only line fails (the error of the whole part).
func TestJSONLinesReadInParts(t *testing.T) {
	t.Parallel()
	hs := corpusHands(t)
	a, _ := json.Marshal(hs[0])
	b, _ := json.Marshal(hs[1])
	lines := []string{string(a), "{\"players\": oops}", "", string(b), ""}
	whole, err := handhistory.Read(handhistory.FormatJSON, []byte(strings.Join(lines, "\n")))
	if err != nil || len(whole) != 3 {
		t.Fatalf("%v, %d entries", err, len(whole))
	}
	var fe *fault.Error
	if es, err := handhistory.ReadPart(handhistory.FormatJSON, []byte(lines[1]+"\n"), 2); es != nil || !errors.As(err, &fe) || fe.Line != 2 {
		t.Errorf("line 2 alone: %+v, %v", es, err)
	}
	es, err := handhistory.ReadPart(handhistory.FormatJSON, []byte(strings.Join(lines[2:], "\n")), 3)
	if err != nil || len(es) != 1 || es[0].Line != whole[2].Line || !reflect.DeepEqual(es[0].Hand, whole[2].Hand) {
		t.Errorf("from line 3: %+v, %v; whole: %+v", es, err, whole[2])
	}
}

func FuzzReadJSON(f *testing.F) {
	for _, h := range corpusHands(f)[:3] {
		b, _ := json.Marshal(h)
		f.Add(b)
	}
	f.Add(readFile(f, "testdata/review/ante.json")) // a short all-in ante (R12)
	f.Add([]byte(`[{"players":[]}]`))
	f.Add([]byte("{}\n{}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		// Replay never panics, even on a hand no reader validated.
		var raw handhistory.Hand
		if json.Unmarshal(data, &raw) == nil {
			analysis.Replay(&raw)
		}
		es, err := handhistory.Read(handhistory.FormatJSON, data)
		if err != nil {
			return
		}
		checkEntries(t, es)
	})
}

func TestJSONValidationBoundsNamesAndUnknownFields(t *testing.T) {
	t.Parallel()
	good := `{"table":{"game":"omaha-hi","structure":"no-limit"},"players":[{"name":"a","stack":10},{"name":"b","stack":10}],"button":0,"posts":[{"player":0,"kind":"small-blind","amount":1}],"actions":[{"player":0,"kind":"call","amount":1},{"player":1,"kind":"check"}]}`
	if es, err := handhistory.Read(handhistory.FormatJSON, []byte(good)); err != nil || es[0].Hand == nil {
		t.Fatalf("the good hand (check and call kinds): %v %+v", err, es)
	}
	max := fmt.Sprint(handhistory.MaxChips)
	over := fmt.Sprint(handhistory.MaxChips + 1)
	tests := []struct {
		name, from, to, field, msg string
	}{
		{"zero stack", `"stack":10}]`, `"stack":0}]`, "players[1].stack", "starting stack 0"},
		{"stack at the maximum", `"stack":10}]`, `"stack":` + max + `}]`, "", ""},
		{"stack above the maximum", `"stack":10}]`, `"stack":` + over + `}]`, "players[1].stack", "1 to " + max},
		{"post above the maximum", `"amount":1}]`, `"amount":` + over + `}]`, "posts[0].amount", "0 to " + max},
		{"bet above the maximum", `"kind":"check"}`, `"kind":"bet-raise","amount":` + over + `}`, "actions[1].amount", "1 to " + max},
		{"min bet above the maximum", `"no-limit"}`, `"no-limit","min_bet":` + over + `}`, "table.min_bet", "exceeds the maximum"},
		{"duplicate names", `"name":"b"`, `"name":"a"`, "players[1].name", `"a" is also the name of players[0]`},
		{"a name that is another's default", `"name":"a","stack":10},{"name":"b"`, `"name":"","stack":10},{"name":"p1"`, "players[1].name", `"p1" is also the name of players[0]`},
		{"unknown field", `"button":0`, `"button":0,"dealer":1`, "", `unknown field "dealer"`},
		{"cards of the wrong type", `"name":"a",`, `"name":"a","hole":5,`, "players.hole", "want cards as a string like As2s3dKd, got JSON number"},
		{"data after the hand", `"kind":"check"}]}`, `"kind":"check"}]} 7`, "", "data after the hand object"},
		{"outcome above a full table's chips", `"actions":[`, `"outcome":{"run_collected":[[1,10000000000000001]]},"actions":[`, "outcome.run_collected[0][1]", "out of 0..10000000000000000"},
		{"negative outcome pot", `"actions":[`, `"outcome":{"pots":[-1]},"actions":[`, "outcome.pots[0]", "out of 0.."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			data := strings.Replace(good, tt.from, tt.to, 1)
			if data == good {
				t.Fatalf("replacement %q not found", tt.from)
			}
			es, err := handhistory.Read(handhistory.FormatJSON, []byte(data))
			if err == nil && len(es) == 1 {
				err = es[0].Err
			}
			if tt.msg == "" {
				if err != nil {
					t.Fatalf("%v, want the hand read", err)
				}
				return
			}
			var fe *fault.Error
			if !errors.As(err, &fe) || fe.Kind != fault.Invalid || fe.Field != tt.field || !strings.Contains(fe.Message, tt.msg) {
				t.Fatalf("error %v (field %q), want invalid field %q saying %q", err, fieldOf(fe), tt.field, tt.msg)
			}
		})
	}
}

// TestKindsAsWritten pins the errors for a structure, post kind or action
// kind that is missing, empty, null, unknown or not text: the model's
// kinds are game's, whose zero values (game.FixedLimit, game.Ante,
// game.Fold) must not stand for a kind the hand does not give, and the
// error names the text as written, in the order Validate checks.
func TestKindsAsWritten(t *testing.T) {
	t.Parallel()
	good := `{"table":{"game":"omaha-hilo","structure":"pot-limit"},"players":[{"name":"a","stack":10},{"name":"b","stack":10},{"name":"c","stack":10}],"button":0,` +
		`"posts":[{"player":1,"kind":"small-blind","amount":1},{"player":2,"kind":"big-blind","amount":2},{"player":0,"kind":"dead","amount":1}],` +
		`"actions":[{"player":0,"kind":"call","amount":2},{"player":1,"kind":"fold"},{"player":2,"kind":"check"}]}`
	es, err := handhistory.Read(handhistory.FormatJSON, []byte(good))
	if err != nil || es[0].Err != nil {
		t.Fatal(err, es[0].Err)
	}
	phh, err := handhistory.MarshalPHH(es[0].Hand)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		format   handhistory.Format
		from, to string
		want     string
	}{
		{handhistory.FormatJSON, `,"structure":"pot-limit"`, ``, `line 1, table.structure: unknown structure "" (want fixed-limit, pot-limit or no-limit)`},
		{handhistory.FormatJSON, `"pot-limit"`, `""`, `line 1, table.structure: unknown structure "" (want fixed-limit, pot-limit or no-limit)`},
		{handhistory.FormatJSON, `"pot-limit"`, `null`, `line 1, table.structure: unknown structure "" (want fixed-limit, pot-limit or no-limit)`},
		{handhistory.FormatJSON, `"pot-limit"`, `"spread"`, `line 1, table.structure: unknown structure "spread" (want fixed-limit, pot-limit or no-limit)`},
		{handhistory.FormatJSON, `"pot-limit"`, `5`, `line 1, table.structure: JSON: want a string, got JSON number`},
		{handhistory.FormatJSON, `"pot-limit"`, `"po\u0001t"`, `line 1, table.structure: holds the control character U+0001 at byte 3`},
		{handhistory.FormatJSON, `"pot-limit"}`, `"\u0005"},"table_name":"\u0007"`, `line 1, table_name: holds the control character U+0007 at byte 1`},
		{handhistory.FormatJSON, `"pot-limit"},"players":[{"name":"a","stack":10},{"name":"b","stack":10},`, `"spread"},"players":[`, `line 1, players: 1 players; a table seats 2 to 10`},
		{handhistory.FormatJSON, `"kind":"dead",`, ``, `line 1, posts[2].kind: unknown post kind ""`},
		{handhistory.FormatJSON, `"kind":"dead"`, `"kind":""`, `line 1, posts[2].kind: unknown post kind ""`},
		{handhistory.FormatJSON, `"kind":"dead"`, `"kind":null`, `line 1, posts[2].kind: unknown post kind ""`},
		{handhistory.FormatJSON, `"kind":"dead"`, `"kind":"dead blind"`, `line 1, posts[2].kind: unknown post kind "dead blind"`},
		{handhistory.FormatJSON, `"kind":"dead"`, `"kind":4`, `line 1, posts.kind: JSON: want a string, got JSON number`},
		{handhistory.FormatJSON, `"kind":"dead"`, `"kind":"de\u0001"`, `line 1, posts[2].kind: holds the control character U+0001 at byte 3`},
		{handhistory.FormatJSON, `"kind":"dead","amount":1`, `"kind":"x","amount":-1`, `line 1, posts[2].kind: unknown post kind "x"`},
		{handhistory.FormatJSON, `{"player":1,"kind":"fold"}`, `{"player":1}`, `line 1, action 1, actions[1].kind: unknown action kind ""`},
		{handhistory.FormatJSON, `"kind":"fold"`, `"kind":""`, `line 1, action 1, actions[1].kind: unknown action kind ""`},
		{handhistory.FormatJSON, `"kind":"fold"`, `"kind":"limp"`, `line 1, action 1, actions[1].kind: unknown action kind "limp"`},
		{handhistory.FormatJSON, `"kind":"fold"`, `"kind":true`, `line 1, actions.kind: JSON: want a string, got JSON bool`},
		{handhistory.FormatJSON, `"kind":"fold"`, `"kind":"fo\u0001"`, `line 1, actions[1].kind: holds the control character U+0001 at byte 3`},
		{handhistory.FormatJSON, `{"player":1,"kind":"fold"}`, `{"player":9,"kind":"limp","amount":-5}`, `line 1, action 1, actions[1].kind: unknown action kind "limp"`},
		{handhistory.FormatJSON, `{"player":1,"kind":"fold"}`, `{"player":9,"kind":"fold"}`, `line 1, action 1, actions[1].player: 9 is not a player index (0..2)`},
		{handhistory.FormatJSON, `"kind":"call","amount":2}`, `"kind":"call","amount":"x"}`, `line 1, actions.amount: JSON: want a whole number, got JSON string`},
		{handhistory.FormatJSON, `"amount":1}`, `"amount":"x"}`, `line 1, posts.amount: JSON: want a whole number, got JSON string`},
		{handhistory.FormatJSON, `"structure":"pot-limit"`, `"structure":"pot-limit","max_seats":"x"`, `line 1, table.max_seats: JSON: want a whole number, got JSON string`},
		{handhistory.FormatJSON, `"button":0`, `"button":0,"notes":"x"`, `line 1, notes: JSON: want []string, got JSON string`},
		{handhistory.FormatJSON, `"table":{"game":"omaha-hilo","structure":"pot-limit"}`, `"table":5`, `line 1, table: JSON: want an object, got JSON number`},
		{handhistory.FormatJSON, `"posts":[`, `"posts":[5,`, `line 1, posts: JSON: want an object, got JSON number`},
		{handhistory.FormatJSON, `"actions":[`, `"actions":[5,`, `line 1, actions: JSON: want an object, got JSON number`},
		{handhistory.FormatJSON, `"kind":"fold"`, `"kind":"fold","bogus":1`, `line 1: JSON: unknown field "bogus"`},
		{handhistory.FormatPHH, `p3 dead 1`, `p3 blind 1`, `line 1, posts[2].kind: unknown post kind "blind"`},
		{handhistory.FormatPHH, `p3 dead 1`, `p3 de\u0001 1`, `line 1, posts[2].kind: holds the control character U+0001 at byte 3`},
		{handhistory.FormatPHH, `p3 call amount=2`, `p3 limp amount=-2`, `line 1, action 0, actions[0].kind: unknown action kind "limp"`},
		{handhistory.FormatPHH, `p3 call amount=2`, `p3 dead amount=2`, `line 1, action 0, actions[0].kind: unknown action kind "dead"`},
		{handhistory.FormatPHH, `p2 check`, `p2 ch\u0007`, `line 1, actions[2].kind: holds the control character U+0007 at byte 3`},
	}
	for _, tt := range tests {
		text := string(phh)
		if tt.format == handhistory.FormatJSON {
			text = good
		}
		bad := strings.Replace(text, tt.from, tt.to, 1)
		if bad == text {
			t.Fatalf("replacement %q not found", tt.from)
		}
		es, err := handhistory.Read(tt.format, []byte(bad))
		if err == nil && len(es) == 1 {
			err = es[0].Err
		}
		var fe *fault.Error
		if !errors.As(err, &fe) || fe.Kind != fault.Invalid || err.Error() != tt.want {
			t.Errorf("%s %s -> %s: error %v, want invalid: %s", tt.format, tt.from, tt.to, err, tt.want)
		}
	}
}
