package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/big"
	"reflect"
	"strings"
	"unicode/utf8"

	"github.com/scoophq/scoop/internal/fault"
)

// decodeJSON decodes a JSON body into v. A number written with a fraction
// or an exponent whose value is a whole number ({"seed":1e3}, which the
// contract accepts as an integer) is read as that integer. A syntax or type
// error is Invalid, naming the field where known and the expected type in
// the user's words, never a Go type name.
func decodeJSON(body []byte, v any) error {
	// JSON is UTF-8 (RFC 8259 8.1); encoding/json would quietly turn a
	// bad byte into U+FFFD and store what the client did not send.
	if !utf8.Valid(body) {
		return fault.New(fault.Invalid, "malformed JSON: not UTF-8 at byte %d", firstInvalidUTF8(body)+1)
	}
	// The fast path: most bodies write integers as integers.
	err := json.Unmarshal(body, v)
	var te *json.UnmarshalTypeError
	if err == nil {
		return nil
	}
	if !errors.As(err, &te) {
		return fault.New(fault.Invalid, "malformed JSON: %s", strings.TrimPrefix(err.Error(), "json: "))
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return fault.New(fault.Invalid, "malformed JSON: %s", strings.TrimPrefix(err.Error(), "json: "))
	}
	if dec.More() {
		return fault.New(fault.Invalid, "malformed JSON: data after the value at byte %d", dec.InputOffset()+1)
	}
	norm, err := json.Marshal(wholeNumbers(doc))
	if err != nil {
		return fault.New(fault.Invalid, "malformed JSON: %s", strings.TrimPrefix(err.Error(), "json: "))
	}
	err = json.Unmarshal(norm, v)
	if err == nil {
		return nil
	}
	if errors.As(err, &te) {
		return fault.Field(fault.Invalid, jsonField(te.Field), "want %s, got JSON %s", jsonKind(te.Type), te.Value)
	}
	return fault.New(fault.Invalid, "malformed JSON: %s", strings.TrimPrefix(err.Error(), "json: "))
}

// wholeNumbers rewrites, in a document decoded with UseNumber, every
// number with a fraction or exponent whose value is whole as an integer
// literal (1e3 -> 1000, 2.0 -> 2); other numbers are left as written.
func wholeNumbers(x any) any {
	switch t := x.(type) {
	case map[string]any:
		for k, e := range t {
			t[k] = wholeNumbers(e)
		}
	case []any:
		for i, e := range t {
			t[i] = wholeNumbers(e)
		}
	case json.Number:
		s := string(t)
		if !strings.ContainsAny(s, ".eE") || len(s) > 64 {
			return t
		}
		f, ok := new(big.Float).SetPrec(256).SetString(s)
		if !ok || !f.IsInt() {
			return t
		}
		i, _ := f.Int(nil)
		if i.BitLen() > 128 { // far beyond any field: leave it to the type check
			return t
		}
		return json.Number(i.String())
	}
	return x
}

// jsonKind says in the user's words what JSON value a Go type takes.
func jsonKind(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "an integer"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a non-negative integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "an array"
	}
	return "an object"
}

// firstInvalidUTF8 is the offset of the first byte of b that does not
// start a valid UTF-8 sequence (len(b) when there is none).
func firstInvalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return len(b)
}
