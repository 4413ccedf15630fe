package handhistory

import (
	"fmt"
	"reflect"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/scoophq/scoop/internal/fault"
)

// validText checks every string of h, found by reflection so that a string
// field added to the model is checked without being listed: valid UTF-8,
// at most MaxText bytes, and no control character (C0, DEL or C1: none
// belongs in a name, an id or a code, and PostgreSQL refuses NUL). The
// error is a *fault.Error of kind Invalid naming the field as its JSON
// path, e.g. "players[2].name". The kinds' texts u holds (see unread) are
// checked after the model's strings.
func validText(h *Hand, u *unread) error {
	path, msg, bad := walkText(reflect.ValueOf(h).Elem())
	if !bad {
		path, msg, bad = u.textProblem()
	}
	if !bad {
		return nil
	}
	return fault.Field(fault.Invalid, strings.TrimPrefix(path, "."), "%s", msg)
}

// walkText checks the strings held by v; on the first bad one it returns
// the path to it from v (".name", "[2].name", "" for v itself) and what is
// wrong. It allocates only on failure.
func walkText(v reflect.Value) (path, msg string, bad bool) {
	if !holdsString(v.Type()) {
		return "", "", false
	}
	switch v.Kind() {
	case reflect.String:
		if msg := textProblem(v.String()); msg != "" {
			return "", msg, true
		}
	case reflect.Pointer:
		if !v.IsNil() {
			return walkText(v.Elem())
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			if p, m, b := walkText(v.Index(i)); b {
				return fmt.Sprintf("[%d]", i) + p, m, true
			}
		}
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			if p, m, b := walkText(v.Field(i)); b {
				return "." + jsonName(t.Field(i)) + p, m, true
			}
		}
	}
	return "", "", false
}

// jsonName is a struct field's name in the JSON form of the model.
func jsonName(f reflect.StructField) string {
	if name, _, _ := strings.Cut(f.Tag.Get("json"), ","); name != "" && name != "-" {
		return name
	}
	return strings.ToLower(f.Name)
}

// stringTypes caches holdsString by type.
var stringTypes sync.Map // reflect.Type -> bool

// holdsString reports whether a value of type t holds a string anywhere
// (cards.List and []int64 do not: they are not walked).
func holdsString(t reflect.Type) bool {
	if v, ok := stringTypes.Load(t); ok {
		return v.(bool)
	}
	var r bool
	switch t.Kind() {
	case reflect.String:
		r = true
	case reflect.Pointer, reflect.Slice, reflect.Array:
		r = holdsString(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if holdsString(t.Field(i).Type) {
				r = true
				break
			}
		}
	case reflect.Map, reflect.Interface:
		panic("handhistory: the Hand model holds a " + t.String() + ": teach walkText to check its strings")
	}
	stringTypes.Store(t, r)
	return r
}

// textProblem says what is wrong with a free-text string, "" when nothing.
func textProblem(s string) string {
	if len(s) > MaxText {
		return fmt.Sprintf("%d bytes of text; at most %d (MaxText)", len(s), MaxText)
	}
	for i, r := range s {
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD"):
			return fmt.Sprintf("not valid UTF-8 (byte %d)", i+1)
		case r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f:
			return fmt.Sprintf("holds the control character %U at byte %d", r, i+1)
		}
	}
	return ""
}
