package api

import (
	"bytes"
	"html/template"
	"slices"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// The /docs page is rendered once at start from the loaded contract: no
// script, no CDN, nothing fetched by the browser.
var docsTemplate = template.Must(template.New("docs").Funcs(template.FuncMap{
	"schema": schemaText,
	"lower":  strings.ToLower,
}).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>{{.Title}} API {{.Version}}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
h2{border-bottom:1px solid #ccc;margin-top:2.5rem}
.op{border:1px solid #ddd;border-radius:6px;margin:1rem 0;padding:.5rem 1rem}
.op p{white-space:pre-line}
.m{display:inline-block;min-width:4rem;font-weight:bold;font-family:monospace}
.get{color:#0a6}.post{color:#06c}
code,pre{font-family:ui-monospace,monospace;background:#f5f5f5;padding:0 .2rem}
table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:.2rem .5rem;text-align:left;vertical-align:top}
</style></head><body>
<h1>{{.Title}} <small>{{.Version}}</small></h1>
<p>{{.Description}}</p>
<p>The machine-readable contract: <a href="/openapi.yaml">/openapi.yaml</a>.</p>
<h2>Endpoints</h2>
{{range .Ops}}<div class="op" id="{{.ID}}">
<div><span class="m {{lower .Method}}">{{.Method}}</span> <code>{{.Path}}</code> — {{.Summary}}</div>
{{if .Description}}<p>{{.Description}}</p>{{end}}
{{if .Params}}<table><tr><th>parameter</th><th>in</th><th>schema</th><th></th></tr>
{{range .Params}}<tr><td><code>{{.Name}}</code>{{if .Required}} (required){{end}}</td><td>{{.In}}</td><td><code>{{schema .Schema}}</code></td><td>{{.Description}}</td></tr>{{end}}
</table>{{end}}
{{if .Body}}<p>Request body: {{range $t, $m := .Body}}<code>{{$t}}</code> {{schema $m.Schema}}; {{end}}</p>{{end}}
<p>Responses: {{range $code, $r := .Responses}}<b>{{$code}}</b> {{range $t, $m := $r.Value.Content}}<code>{{$t}}</code> {{schema $m.Schema}} {{end}}; {{end}}</p>
</div>{{end}}
<h2>Schemas</h2>
{{range .Schemas}}<h3 id="schema-{{.Name}}">{{.Name}}</h3>
{{if .Schema.Description}}<p>{{.Schema.Description}}</p>{{end}}
{{if .Schema.Properties}}<table><tr><th>field</th><th>type</th><th></th></tr>
{{range $n, $p := .Schema.Properties}}<tr><td><code>{{$n}}</code></td><td><code>{{schema $p}}</code></td><td>{{$p.Value.Description}}</td></tr>{{end}}
</table>{{else}}<p><code>{{schema .Ref}}</code></p>{{end}}
{{end}}
</body></html>
`))

type docOp struct {
	ID, Method, Path, Summary, Description string
	Params                                 []*openapi3.Parameter
	Body                                   openapi3.Content
	Responses                              map[string]*openapi3.ResponseRef
}

type docSchema struct {
	Name   string
	Schema *openapi3.Schema
	Ref    *openapi3.SchemaRef
}

func renderDocs(doc *openapi3.T) ([]byte, error) {
	var ops []docOp
	paths := doc.Paths.Map()
	keys := make([]string, 0, len(paths))
	for k := range paths {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, path := range keys {
		item := paths[path]
		for _, method := range []string{"GET", "POST", "PUT", "PATCH", "DELETE"} {
			op := item.GetOperation(method)
			if op == nil {
				continue
			}
			d := docOp{ID: op.OperationID, Method: method, Path: path, Summary: op.Summary, Description: op.Description, Responses: op.Responses.Map()}
			for _, p := range op.Parameters {
				d.Params = append(d.Params, p.Value)
			}
			if op.RequestBody != nil && op.RequestBody.Value != nil {
				d.Body = op.RequestBody.Value.Content
			}
			ops = append(ops, d)
		}
	}
	var schemas []docSchema
	for name, ref := range doc.Components.Schemas {
		schemas = append(schemas, docSchema{Name: name, Schema: ref.Value, Ref: ref})
	}
	slices.SortFunc(schemas, func(a, b docSchema) int { return strings.Compare(a.Name, b.Name) })
	var buf bytes.Buffer
	err := docsTemplate.Execute(&buf, map[string]any{
		"Title": doc.Info.Title, "Version": doc.Info.Version, "Description": doc.Info.Description,
		"Ops": ops, "Schemas": schemas,
	})
	return buf.Bytes(), err
}

// schemaText is a one-line rendering of a schema: a $ref by name, an array
// of its items, else its type (with enum values).
func schemaText(ref *openapi3.SchemaRef) string {
	if ref == nil {
		return ""
	}
	if ref.Ref != "" {
		return ref.Ref[strings.LastIndex(ref.Ref, "/")+1:]
	}
	s := ref.Value
	if s == nil {
		return ""
	}
	switch {
	case len(s.OneOf) > 0:
		var parts []string
		for _, o := range s.OneOf {
			parts = append(parts, schemaText(o))
		}
		return "one of " + strings.Join(parts, " | ")
	case len(s.AllOf) > 0:
		var parts []string
		for _, o := range s.AllOf {
			parts = append(parts, schemaText(o))
		}
		return strings.Join(parts, " + ")
	case s.Type.Is("array"):
		return "[" + schemaText(s.Items) + "]"
	}
	t := strings.Join(s.Type.Slice(), "|")
	if t == "" {
		t = "any"
	}
	if len(s.Enum) > 0 {
		var vals []string
		for _, v := range s.Enum {
			if str, ok := v.(string); ok {
				vals = append(vals, str)
			}
		}
		t += " (" + strings.Join(vals, ", ") + ")"
	}
	if s.Nullable {
		t += ", nullable"
	}
	return t
}
