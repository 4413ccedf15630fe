package api_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/scoophq/scoop/api"
)

// TestSchemasAreNamed fails when openapi.yaml describes an object with
// properties, an enum or a oneOf inline rather than as a named component
// schema: generated clients turn an inline one into an anonymous struct,
// a bare-constant enum or a union that loses its marshalling.
// The inline object of an allOf (a named schema extended with more
// properties, as StoredHand extends HandSummary) is allowed.
func TestSchemasAreNamed(t *testing.T) {
	spec, err := api.LoadSpec(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range unnamedSchemas(spec.Doc) {
		t.Error(p)
	}
}

// TestUnnamedSchemasFindsInlineOnes checks the checker: an inline object,
// enum and oneOf are each reported, a named one is not.
func TestUnnamedSchemasFindsInlineOnes(t *testing.T) {
	doc, err := openapi3.NewLoader().LoadFromData([]byte(`
openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /x:
    post:
      requestBody:
        content:
          application/json:
            schema:
              oneOf: [{$ref: "#/components/schemas/Named"}, {type: string}]
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
        kind: {type: string, enum: [a, b]}
        inner:
          type: object
          properties:
            n: {type: integer}
        ok: {$ref: "#/components/schemas/Other"}
    Other:
      type: string
      enum: [c]
`))
	if err != nil {
		t.Fatal(err)
	}
	got := unnamedSchemas(doc)
	want := []string{
		"Named.inner: an inline object",
		"Named.kind: an inline enum",
		"POST /x body application/json: an inline oneOf/anyOf",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// unnamedSchemas lists, sorted, where doc describes an object with
// properties, an enum or a oneOf/anyOf other than as a component schema.
func unnamedSchemas(doc *openapi3.T) []string {
	var problems []string
	var walk func(where string, ref *openapi3.SchemaRef, top bool)
	walk = func(where string, ref *openapi3.SchemaRef, top bool) {
		if ref == nil || ref.Value == nil || ref.Ref != "" && !top {
			return // named: checked under its own name
		}
		s := ref.Value
		if !top {
			switch {
			case len(s.Properties) > 0:
				problems = append(problems, where+": an inline object")
			case len(s.Enum) > 0:
				problems = append(problems, where+": an inline enum")
			case len(s.OneOf) > 0 || len(s.AnyOf) > 0:
				problems = append(problems, where+": an inline oneOf/anyOf")
			}
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
		for i, v := range s.AllOf {
			if v.Ref == "" && v.Value != nil {
				// An allOf's own part may hold properties; its properties
				// must still be named.
				for name, p := range v.Value.Properties {
					walk(fmt.Sprintf("%s.allOf[%d].%s", where, i, name), p, false)
				}
			}
		}
	}
	for name, ref := range doc.Components.Schemas {
		walk(name, ref, true)
	}
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			at := method + " " + path
			for _, p := range op.Parameters {
				walk(at+" parameter "+p.Value.Name, p.Value.Schema, false)
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
			}
		}
	}
	slices.Sort(problems)
	return problems
}
