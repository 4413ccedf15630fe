package api_test

import (
	"context"
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/scoophq/scoop/api"
	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/equity"
	"github.com/scoophq/scoop/internal/handhistory"
)

// TestSchemasCoverGoTypes fails when a JSON field the Go types marshal is
// missing from their openapi.yaml schema (or has another JSON type there),
// or when the schema lists a property no Go field marshals: the contract
// and the code must describe the same documents.
func TestSchemasCoverGoTypes(t *testing.T) {
	spec, err := api.LoadSpec(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		schema string
		value  any
		extra  []string // schema properties the handler adds around the Go type
	}{
		{"Verdict", analysis.Verdict{}, nil},
		{"Hand", handhistory.Hand{}, nil},
		{"Problem", api.Problem{}, nil},
		{"EquityResult", equity.RangeResult{}, []string{"id"}},
		{"RangesResult", struct {
			Ranges []equity.RangeListing `json:"ranges"`
		}{}, nil},
		{"EquityRequest", equity.Input{}, []string{"store"}},
		{"HandResults", api.HandResults{}, nil},
		{"HandSummary", api.HandSummary{}, nil},
		// Named parts of the above (also reached through them), so that a
		// schema renamed or moved is still matched to its Go type.
		{"Table", handhistory.Table{}, nil},
		{"HandPlayer", handhistory.Player{}, nil},
		{"Post", handhistory.Post{}, nil},
		{"Action", handhistory.Action{}, nil},
		{"Outcome", handhistory.Outcome{}, nil},
		{"VerdictError", analysis.ActionError{}, nil},
		{"Pot", analysis.Pot{}, nil},
		{"PotRun", analysis.PotRun{}, nil},
		{"Run", analysis.Run{}, nil},
		{"Difference", analysis.Difference{}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.schema, func(t *testing.T) {
			ref := spec.Doc.Components.Schemas[tc.schema]
			if ref == nil {
				t.Fatalf("openapi.yaml has no schema %s", tc.schema)
			}
			for _, p := range schemaProblems(tc.schema, reflect.TypeOf(tc.value), ref, tc.extra) {
				t.Error(p)
			}
		})
	}
}

// TestSchemaProblemsFindsGaps checks the checker itself: a Go type with a
// field the schema lacks, a field of the wrong JSON type, and a schema
// property the type lacks are each reported.
func TestSchemaProblemsFindsGaps(t *testing.T) {
	spec, err := api.LoadSpec(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	type wider struct {
		analysis.Verdict
		Extra []int `json:"extra_field"`
	}
	type pot struct {
		Amount string `json:"amount"` // an integer in the schema
	}
	type narrower struct {
		Hand  int   `json:"hand"`
		Pots  []pot `json:"pots"`
		Other int   `json:"-"`
	}
	tests := []struct {
		name  string
		value any
		want  []string
	}{
		{"a field the schema lacks", wider{}, []string{"Verdict.extra_field"}},
		{"a property the type lacks, a wrong type", narrower{}, []string{"Verdict.legal", "Verdict.pots[].amount", "Verdict.pots[].hi"}},
	}
	for _, tc := range tests {
		got := strings.Join(schemaProblems("Verdict", reflect.TypeOf(tc.value), spec.Doc.Components.Schemas["Verdict"], nil), "\n")
		for _, w := range tc.want {
			if !strings.Contains(got, w+" ") {
				t.Errorf("%s: problems do not name %s:\n%s", tc.name, w, got)
			}
		}
		if strings.Contains(got, "Verdict.hand ") {
			t.Errorf("%s: the matching field hand is reported:\n%s", tc.name, got)
		}
	}
}

var (
	jsonMarshaler = reflect.TypeFor[json.Marshaler]()
	textMarshaler = reflect.TypeFor[encoding.TextMarshaler]()
)

// schemaProblems compares the JSON that encoding/json makes of Go type typ
// with the schema ref, recursively, and describes each disagreement,
// naming it by its path from root. extra lists top-level schema properties
// that typ need not have.
func schemaProblems(root string, typ reflect.Type, ref *openapi3.SchemaRef, extra []string) []string {
	var out []string
	var walk func(path string, typ reflect.Type, ref *openapi3.SchemaRef, extra []string, seen []reflect.Type)
	walk = func(path string, typ reflect.Type, ref *openapi3.SchemaRef, extra []string, seen []reflect.Type) {
		for typ.Kind() == reflect.Pointer {
			typ = typ.Elem()
		}
		if ref == nil || ref.Value == nil {
			out = append(out, fmt.Sprintf("%s (Go %s) has no schema", path, typ))
			return
		}
		s := ref.Value
		want := func(jsonType string) bool {
			if !s.Type.Is(jsonType) {
				out = append(out, fmt.Sprintf("%s (Go %s) is %v in the schema, want %s", path, typ, s.Type, jsonType))
				return false
			}
			return true
		}
		switch {
		case typ.Implements(jsonMarshaler) || reflect.PointerTo(typ).Implements(jsonMarshaler):
			return // its own JSON: nothing to compare by reflection
		case typ.Implements(textMarshaler) || reflect.PointerTo(typ).Implements(textMarshaler):
			want("string")
			return
		}
		switch typ.Kind() {
		case reflect.Struct:
			if slices.Contains(seen, typ) || !want("object") {
				return
			}
			fields := jsonFields(typ)
			props := s.Properties
			for name, f := range fields {
				p, ok := props[name]
				if !ok {
					out = append(out, fmt.Sprintf("%s.%s (Go %s.%s) is not in the schema", path, name, typ, f.Name))
					continue
				}
				walk(path+"."+name, f.Type, p, nil, append(seen, typ))
			}
			for name := range props {
				if _, ok := fields[name]; !ok && !slices.Contains(extra, name) {
					out = append(out, fmt.Sprintf("%s.%s (schema) is marshalled by no field of Go %s", path, name, typ))
				}
			}
		case reflect.Slice, reflect.Array:
			if want("array") {
				walk(path+"[]", typ.Elem(), s.Items, nil, seen)
			}
		case reflect.Map:
			if want("object") {
				walk(path+"{}", typ.Elem(), s.AdditionalProperties.Schema, nil, seen)
			}
		case reflect.String:
			want("string")
		case reflect.Bool:
			want("boolean")
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			want("integer")
		case reflect.Float32, reflect.Float64:
			want("number")
		default:
			out = append(out, fmt.Sprintf("%s (Go %s): no JSON form to compare", path, typ))
		}
	}
	walk(root, typ, ref, extra, nil)
	slices.Sort(out)
	return out
}

// jsonFields returns the exported fields of struct type typ by the JSON
// name encoding/json gives them, embedded structs without a tag flattened.
func jsonFields(typ reflect.Type) map[string]reflect.StructField {
	out := map[string]reflect.StructField{}
	for _, f := range reflect.VisibleFields(typ) {
		if !f.IsExported() || len(f.Index) > 1 && embeddedTagged(typ, f.Index) {
			continue
		}
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
			continue // flattened: its fields are visited on their own
		}
		if name == "" {
			name = f.Name
		}
		out[name] = f
	}
	return out
}

// embeddedTagged reports whether a promoted field at index comes from an
// embedded struct that has its own JSON name (and so is not flattened).
func embeddedTagged(typ reflect.Type, index []int) bool {
	for _, i := range index[:len(index)-1] {
		f := typ.Field(i)
		if name, _, _ := strings.Cut(f.Tag.Get("json"), ","); name != "" || f.Type.Kind() != reflect.Struct {
			return true
		}
		typ = f.Type
	}
	return false
}
