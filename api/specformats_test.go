package api_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/scoophq/scoop/api"
)

// TestNumbersHaveFormats fails when openapi.yaml describes a number without
// `format: double` (or float) or an integer without `format: int32` or
// int64 (uint64 for the Monte Carlo seeds, which use all 64 bits): a
// generated client otherwise guesses the width, and a Go, Java or C#
// client that guesses int32 for a chip amount or float for an equity loses
// digits.
func TestNumbersHaveFormats(t *testing.T) {
	spec, err := api.LoadSpec(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range unformattedNumbers(spec.Doc) {
		t.Error(p)
	}
}

// TestUnformattedNumbersFindsThem checks the checker: a number without a
// format, an integer without one and one with a format that is not a
// width, anywhere a schema may be (a property, an array's items, a map's
// values, a parameter), are each reported; formatted ones are not.
func TestUnformattedNumbersFindsThem(t *testing.T) {
	doc, err := openapi3.NewLoader().LoadFromData([]byte(`
openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /x:
    get:
      parameters:
        - {name: limit, in: query, schema: {type: integer}}
        - {name: ok, in: query, schema: {type: integer, format: int32}}
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Named"}
components:
  schemas:
    Named:
      type: object
      properties:
        fraction: {type: number}
        share: {type: number, format: double}
        small: {type: number, format: float}
        count: {type: integer}
        chips: {type: integer, format: int64}
        odd: {type: integer, format: double}
        list: {type: array, items: {type: integer}}
        map: {type: object, additionalProperties: {type: number}}
`))
	if err != nil {
		t.Fatal(err)
	}
	got := unformattedNumbers(doc)
	want := []string{
		"GET /x parameter limit: an integer without format int32/int64",
		"Named.count: an integer without format int32/int64",
		"Named.fraction: a number without format double/float",
		"Named.list[]: an integer without format int32/int64",
		`Named.map{}: a number without format double/float`,
		`Named.odd: an integer without format int32/int64 (format "double")`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %q,\nwant %q", got, want)
	}
}

// unformattedNumbers lists, sorted, every number schema of doc without a
// floating-point format and every integer schema without an integer width.
func unformattedNumbers(doc *openapi3.T) []string {
	var problems []string
	var walk func(where string, ref *openapi3.SchemaRef, top bool)
	walk = func(where string, ref *openapi3.SchemaRef, top bool) {
		if ref == nil || ref.Value == nil || ref.Ref != "" && !top {
			return // named: checked under its own name
		}
		s := ref.Value
		switch {
		case s.Type.Is(openapi3.TypeNumber) && s.Format != "double" && s.Format != "float":
			problems = append(problems, where+": a number without format double/float"+quoted(s.Format))
		case s.Type.Is(openapi3.TypeInteger) && s.Format != "int32" && s.Format != "int64" && s.Format != "uint64":
			problems = append(problems, where+": an integer without format int32/int64"+quoted(s.Format))
		}
		for name, p := range s.Properties {
			walk(where+"."+name, p, false)
		}
		walk(where+"[]", s.Items, false)
		if s.AdditionalProperties.Schema != nil {
			walk(where+"{}", s.AdditionalProperties.Schema, false)
		}
		for i, v := range s.OneOf {
			walk(fmt.Sprintf("%s.oneOf[%d]", where, i), v, false)
		}
		for i, v := range s.AnyOf {
			walk(fmt.Sprintf("%s.anyOf[%d]", where, i), v, false)
		}
		for i, v := range s.AllOf {
			walk(fmt.Sprintf("%s.allOf[%d]", where, i), v, false)
		}
	}
	for name, ref := range doc.Components.Schemas {
		walk(name, ref, true)
	}
	for name, p := range doc.Components.Parameters {
		if p.Value != nil {
			walk("parameter "+name, p.Value.Schema, false)
		}
	}
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			at := method + " " + path
			for _, p := range append(slices.Clone(item.Parameters), op.Parameters...) {
				if p.Value != nil && p.Ref == "" {
					walk(at+" parameter "+p.Value.Name, p.Value.Schema, false)
				}
			}
			if op.RequestBody != nil && op.RequestBody.Value != nil {
				for ct, mt := range op.RequestBody.Value.Content {
					walk(at+" body "+ct, mt.Schema, false)
				}
			}
			for status, res := range op.Responses.Map() {
				if res.Value == nil {
					continue
				}
				for ct, mt := range res.Value.Content {
					walk(at+" "+status+" "+ct, mt.Schema, false)
				}
				for name, h := range res.Value.Headers {
					if h.Value != nil {
						walk(at+" "+status+" header "+name, h.Value.Schema, false)
					}
				}
			}
		}
	}
	slices.Sort(problems)
	return problems
}

// quoted names a wrong format, or nothing when there is none.
func quoted(format string) string {
	if format == "" {
		return ""
	}
	return fmt.Sprintf(" (format %q)", format)
}
