package handhistory

import (
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"

	"github.com/scoophq/scoop/internal/fault"
)

// phhTypeError matches the TOML decoder's words for a value of the wrong
// type: `toml: line 4 (last key "min_bet"): incompatible types: TOML value
// has type float64; destination has type integer`.
var phhTypeError = regexp.MustCompile(`^toml: (?:line (\d+) )?\(last key "([^"]*)"\): incompatible types: TOML value has type (\w+)`)

// phhWants maps each PHH key Scoop reads to what its value must be, in
// words ("an integer"), from phhFile's fields.
var phhWants = sync.OnceValue(func() map[string]string {
	out := map[string]string{}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for i := range t.NumField() {
			f := t.Field(i)
			if f.Anonymous {
				walk(f.Type)
				continue
			}
			if key, _, _ := strings.Cut(f.Tag.Get("toml"), ","); key != "" {
				out[key] = wantedValue(f.Type)
			}
		}
	}
	walk(reflect.TypeFor[phhFile]())
	return out
})

// wantedValue says in words what value of type t a PHH key takes.
func wantedValue(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Pointer:
		return wantedValue(t.Elem())
	case reflect.Int, reflect.Int64:
		return "an integer"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice:
		switch e := wantedValue(t.Elem()); e {
		case "an integer":
			return "an array of integers"
		case "a string":
			return "an array of strings"
		case "an array of integers":
			return "an array of arrays of integers"
		default:
			return "an array"
		}
	}
	return "a value of another type"
}

// tomlTypeNames are the decoder's type names in a user's words.
var tomlTypeNames = map[string]string{
	"float64": "a float", "int64": "an integer", "string": "a string", "bool": "a boolean",
	"time.Time": "a date", "map[string]interface {}": "a table", "[]interface {}": "an array",
}

// phhDecodeError is the error of a PHH section (starting at line first)
// the TOML decoder refused: a value of the wrong type or out of range
// names its key (Field) and what the key wants ("min_bet: an integer is
// wanted; the file has a float"), on the key's line; other errors are the
// decoder's own words, on their line.
func phhDecodeError(first int, err error) *fault.Error {
	var pe toml.ParseError
	if errors.As(err, &pe) {
		line := first + pe.Position.Line - 1
		key := pe.LastKey
		if want, ok := phhWants()[key]; ok && strings.Contains(pe.Message, "out of range") {
			return &fault.Error{Kind: fault.Invalid, Line: line, Field: key, Action: -1, Err: err,
				Message: fmt.Sprintf("%s is wanted (%s)", want, pe.Message)}
		}
		return &fault.Error{Kind: fault.Invalid, Line: line, Action: -1, Message: "TOML: " + pe.Message, Err: err}
	}
	if m := phhTypeError.FindStringSubmatch(err.Error()); m != nil {
		line := first
		if n, cerr := strconv.Atoi(m[1]); cerr == nil && n > 0 {
			line = first + n - 1
		}
		key := m[2]
		top, _, _ := strings.Cut(key, ".")
		if want, ok := phhWants()[top]; ok {
			got := tomlTypeNames[m[3]]
			if got == "" {
				got = m[3]
			}
			return &fault.Error{Kind: fault.Invalid, Line: line, Field: key, Action: -1, Err: err,
				Message: fmt.Sprintf("%s is wanted; the file has %s", want, got)}
		}
	}
	return &fault.Error{Kind: fault.Invalid, Line: first, Action: -1, Message: "PHH: " + err.Error(), Err: err}
}
