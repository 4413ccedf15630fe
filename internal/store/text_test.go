package store_test

import (
	"errors"
	"testing"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/store"
)

func TestCheckJSON(t *testing.T) {
	t.Parallel()
	tests := []struct {
		doc   string
		field string // "" when storable
	}{
		{`{"a":"plain"}`, ""},
		{`{"a":"\ud83d\ude00 paired surrogates"}`, ""},
		{`{"a":"\\u0000 is an escaped backslash"}`, ""},
		{`{"a":"\\\\u0000"}`, ""},
		{`{"a":"\u00e9"}`, ""},
		{`{"a":"x\u0000y"}`, "doc.a"},
		{`{"a":["ok",{"b":"\u0000"}]}`, "doc.a[1].b"},
		{`{"k\u0000":"v"}`, `doc."k\x00"`},
		{`["\\\u0000"]`, "doc[0]"},
		{`{"a":"\udc00 low alone"}`, "doc"},
		{`{"a":"\ud800 high alone"}`, "doc"},
		{`{"a":"\ud800\u0041"}`, "doc"},
		{"{\"a\":\"\xff\"}", "doc"},
		{`{"a":`, "doc"},
	}
	for _, tc := range tests {
		err := store.CheckJSON("doc", []byte(tc.doc))
		var f *fault.Error
		switch {
		case tc.field == "" && err != nil:
			t.Errorf("CheckJSON(%s) = %v, want nil", tc.doc, err)
		case tc.field != "" && (!errors.As(err, &f) || f.Kind != fault.Invalid || f.Field != tc.field):
			t.Errorf("CheckJSON(%s) = %v (field %q), want invalid on %s", tc.doc, err, fieldOf(err), tc.field)
		}
	}
}

func fieldOf(err error) string {
	var f *fault.Error
	if errors.As(err, &f) {
		return f.Field
	}
	return ""
}
