package game

import (
	"encoding"
	"testing"
)

// TestTextCodes pins the codes the hand model's JSON writes (openapi.yaml's
// Structure, PostKind and ActionKind): every constant marshals to its code
// and back, and unknown text, the empty string and values that are no
// constant are errors.
func TestTextCodes(t *testing.T) {
	t.Parallel()
	type codec interface {
		encoding.TextMarshaler
		String() string
	}
	type textCase struct {
		v    codec
		code string
		back func(string) (codec, error)
	}
	var tests []textCase
	structure := func(s string) (codec, error) { var v Structure; err := v.UnmarshalText([]byte(s)); return v, err }
	post := func(s string) (codec, error) { var v PostKind; err := v.UnmarshalText([]byte(s)); return v, err }
	action := func(s string) (codec, error) { var v ActionKind; err := v.UnmarshalText([]byte(s)); return v, err }
	for v, code := range map[Structure]string{FixedLimit: "fixed-limit", PotLimit: "pot-limit", NoLimit: "no-limit"} {
		tests = append(tests, textCase{v, code, structure})
	}
	for v, code := range map[PostKind]string{Ante: "ante", SmallBlind: "small-blind", BigBlind: "big-blind", Straddle: "straddle", Dead: "dead"} {
		tests = append(tests, textCase{v, code, post})
		if v.Code() != code {
			t.Errorf("%v.Code() = %q, want %q", v, v.Code(), code)
		}
	}
	for v, code := range map[ActionKind]string{Fold: "fold", CheckCall: "check-call", Check: "check", Call: "call", BetRaise: "bet-raise",
		Show: "show", Muck: "muck", DealBoard: "deal-board", DealHole: "deal-hole"} {
		tests = append(tests, textCase{v, code, action})
		if v.String() != code {
			t.Errorf("%d.String() = %q, want %q", uint8(v), v.String(), code)
		}
	}
	if len(tests) != 3+5+9 {
		t.Fatalf("%d constants", len(tests))
	}
	for _, tt := range tests {
		b, err := tt.v.MarshalText()
		if err != nil || string(b) != tt.code {
			t.Errorf("%v: MarshalText %q %v, want %q", tt.v, b, err, tt.code)
		}
		got, err := tt.back(tt.code)
		if err != nil || got != tt.v {
			t.Errorf("UnmarshalText(%q) = %v %v, want %v", tt.code, got, err, tt.v)
		}
		for _, bad := range []string{"", tt.code + "x", " " + tt.code, "FOLD", "small blind", "big blind", "dead blind", "0"} {
			if got, err := tt.back(bad); err == nil {
				t.Errorf("UnmarshalText(%q) = %v, want an error", bad, got)
			}
		}
	}
	// Human names stay as they were (messages use them).
	if SmallBlind.String() != "small blind" || BigBlind.String() != "big blind" || Dead.String() != "dead blind" || NoLimit.String() != "no-limit" {
		t.Errorf("String: %v, %v, %v, %v", SmallBlind, BigBlind, Dead, NoLimit)
	}
	for _, v := range []encoding.TextMarshaler{NoLimit + 1, Dead + 1, ActionKind(len(actionCodes.text)), Structure(255), PostKind(255), ActionKind(255)} {
		if b, err := v.MarshalText(); err == nil {
			t.Errorf("%v: MarshalText %q, want an error", v, b)
		}
	}
	if _, err := ParseStructure(""); err == nil || err.Error() != `unknown structure "" (want fixed-limit, pot-limit or no-limit)` {
		t.Errorf("ParseStructure(\"\"): %v", err)
	}
	if _, err := ParsePostKind("blind"); err == nil || err.Error() != `unknown post kind "blind"` {
		t.Errorf("ParsePostKind: %v", err)
	}
	if _, err := ParseActionKind("limp"); err == nil || err.Error() != `unknown action kind "limp"` {
		t.Errorf("ParseActionKind: %v", err)
	}
}
