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
