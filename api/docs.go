package api

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html/template"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
)

// The /docs page is an API reference generated once at start from the
// loaded contract, in Go: every operation with its parameters, request
// bodies and responses, every schema expanded (nested objects, required
// fields, enums, bounds, examples), and a try-it form per operation that
// sends the request from the browser to this server. It needs nothing
// from elsewhere: one inline style and one inline script, both allowed by
// their hashes in the page's Content-Security-Policy (no 'unsafe-inline').
// No JavaScript reference bundle (Swagger UI, Redoc) is embedded: they
// weigh about a megabyte, need 'unsafe-inline' styles or eval, and would
// be a second renderer of the same contract.

const docsStyle = `
*{box-sizing:border-box}
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#1b1f23;background:#f6f7f8}
a{color:#0a5a8a}
:focus-visible{outline:3px solid #f0b400;outline-offset:2px}
header{background:#145a3c;color:#f2f7f4;padding:.6rem 1rem}header a{color:#f2f7f4}
.wrap{display:grid;grid-template-columns:16rem minmax(0,1fr);gap:2rem;max-width:84rem;margin:0 auto;padding:1rem}
nav.toc{position:sticky;top:1rem;align-self:start;max-height:calc(100vh - 2rem);overflow:auto;font-size:.9rem}
nav.toc ul{list-style:none;padding:0;margin:0 0 1rem}nav.toc li{margin:.1rem 0}
h1{font-size:1.6rem;margin:.3rem 0}h2{border-bottom:1px solid #d5dadf;margin-top:2.5rem}

.op{background:#fff;border:1px solid #d5dadf;border-radius:8px;margin:1rem 0;padding:.6rem 1rem}
.op>h3{margin:.2rem 0;font-size:1.05rem;overflow-wrap:anywhere}

.m{display:inline-block;min-width:3.6rem;font-weight:700;font-family:ui-monospace,monospace;padding:0 .3rem;border-radius:4px;color:#fff;text-align:center}
.m.get{background:#146c2e}.m.post{background:#0a5a8a}.m.put,.m.patch{background:#8a5a00}.m.delete{background:#a4161a}
code,pre,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em}
pre{background:#f1f3f5;padding:.5rem;border-radius:6px;overflow:auto;max-height:24rem}
table{border-collapse:collapse;width:100%;margin:.3rem 0}td,th{border-bottom:1px solid #e3e7ea;padding:.25rem .5rem;text-align:left;vertical-align:top}
th{font-size:.85rem;color:#4d5760}
.req{color:#a4161a;font-size:.8rem;font-weight:700;margin-left:.3rem}
.type{color:#4d5760;font-family:ui-monospace,monospace;font-size:.85rem}
.enum code{background:#eef1f3;padding:0 .2rem;border-radius:3px;margin-right:.2rem}
ul.tree{list-style:none;margin:.2rem 0;padding-left:1rem;border-left:2px solid #e3e7ea}ul.tree.top{padding-left:0;border:0}
ul.tree li{margin:.25rem 0}.prop{font-weight:700;font-family:ui-monospace,monospace}
.note{color:#4d5760;font-size:.9rem}
details>summary{cursor:pointer;color:#0a5a8a}
.try{background:#f6f7f8;border-radius:6px;padding:.5rem .8rem;margin-top:.5rem}
.try label{display:block;font-weight:600;margin:.4rem 0 .1rem}
.try input,.try select,.try textarea{width:100%;font:inherit;padding:.35rem;border:1px solid #8a949d;border-radius:5px}
.try textarea{font-family:ui-monospace,monospace;min-height:8rem}
.try button{margin-top:.5rem;font:inherit;font-weight:700;padding:.4rem 1rem;border-radius:6px;border:1px solid #145a3c;background:#145a3c;color:#fff;cursor:pointer}
.status{font-weight:700}
.note,.type,.prop{overflow-wrap:anywhere}
.desc p,.intro p{margin:.3rem 0}
@media (max-width:760px){.wrap{grid-template-columns:minmax(0,1fr)}nav.toc{position:static;max-height:none}.op table{display:block;overflow-x:auto}ul.tree{padding-left:.6rem}}
`

const docsScript = `"use strict";
for (const form of document.querySelectorAll("form.try-form")) {
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const out = form.querySelector("pre.out"), status = form.querySelector(".status");
    let path = form.dataset.path;
    const query = new URLSearchParams();
    for (const input of form.querySelectorAll("[data-in]")) {
      const v = input.value.trim();
      if (input.dataset.in === "path") path = path.replace("{" + input.name + "}", encodeURIComponent(v));
      else if (v !== "") query.append(input.name, v);
    }
    const init = { method: form.dataset.method, headers: { Accept: form.dataset.accept || "application/json" } };
    const key = document.getElementById("api-key").value.trim();
    if (key) init.headers.Authorization = "Bearer " + key;
    const body = form.querySelector("textarea");
    if (body) {
      init.headers["Content-Type"] = form.querySelector("select.ctype").value;
      init.body = body.value;
    }
    const url = path + (query.toString() ? "?" + query : "");
    status.textContent = "Sending " + init.method + " " + url + " ...";
    out.textContent = "";
    try {
      const t0 = performance.now();
      const res = await fetch(url, init);
      const text = await res.text();
      let shown = text;
      try { shown = JSON.stringify(JSON.parse(text), null, 2); } catch (err) {}
      status.textContent = init.method + " " + url + " -> " + res.status + " " + res.statusText + " (" + (res.headers.get("Content-Type") || "no body") + ", " + Math.round(performance.now() - t0) + " ms, request id " + res.headers.get("X-Request-ID") + ")";
      out.textContent = shown;
    } catch (err) {
      status.textContent = "The request failed: " + err.message;
    }
  });
}
for (const sel of document.querySelectorAll("select.ctype")) {
  sel.addEventListener("change", () => {
    const ta = sel.form.querySelector("textarea");
    const ex = sel.selectedOptions[0].dataset.example;
    if (ex !== undefined && (ta.value === "" || ta.dataset.auto === "true")) { ta.value = ex; ta.dataset.auto = "true"; }
  });
}
for (const ta of document.querySelectorAll(".try textarea")) ta.addEventListener("input", () => { ta.dataset.auto = "false"; });
`

// docsCSP allows the page's one inline style and one inline script by
// their SHA-256, fetches to this origin (try-it), and nothing else.
var docsCSP = "default-src 'none'; img-src data:; connect-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'; " +
	"style-src '" + cspHash(docsStyle) + "'; script-src '" + cspHash(docsScript) + "'"

func cspHash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return "sha256-" + base64.StdEncoding.EncodeToString(sum[:])
}

// docsTemplate is parsed on first use, not at package initialisation,
// which every run of the scoop binary pays (`scoop equity` included).
var docsTemplate = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("docs").Funcs(template.FuncMap{
		"lower": strings.ToLower,
		"md":    prose,
	}).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}} API {{.Version}} reference</title>
<link rel="icon" href="data:,">
<style>{{.Style}}</style></head><body>
<header><a href="/">Scoop</a> · API reference</header>
<div class="wrap">
<nav class="toc" aria-label="Contents">
{{range .Tags}}<h2 class="note">{{.Name}}</h2><ul>{{range .Ops}}<li><a href="#{{.ID}}"><span class="mono">{{.Method}}</span> {{.Path}}</a></li>{{end}}</ul>{{end}}
<h2 class="note">schemas</h2><ul>{{range .Schemas}}<li><a href="#schema-{{.Name}}">{{.Name}}</a></li>{{end}}</ul>
</nav>
<main>
<h1>{{.Title}} <small>{{.Version}}</small></h1>
<div class="intro">{{md .Description}}</div>
<p>The machine-readable contract: <a href="/openapi.yaml">/openapi.yaml</a>. Every operation below has a <em>Try it</em> form that sends the request to this server from your browser.</p>
<p><label>API key for <em>Try it</em> (sent as <code>Authorization: Bearer</code>; kept in this page only) <input id="api-key" type="password" autocomplete="off" spellcheck="false" placeholder="sk_scoop_..." size="44"></label></p>
{{range .Tags}}<h2 id="tag-{{.Name}}">{{.Name}}</h2>
{{range .Ops}}<section class="op" id="{{.ID}}">
<h3><span class="m {{lower .Method}}">{{.Method}}</span> <code>{{.Path}}</code></h3>
<p><strong>{{.Summary}}</strong> <span class="note">operationId <code>{{.ID}}</code></span></p>
{{if .Access}}<p class="access">Access: {{.Access}}</p>{{end}}
{{if .Description}}<div class="desc">{{md .Description}}</div>{{end}}
{{if .Params}}<h4>Parameters</h4><table><tr><th>name</th><th>in</th><th>schema</th><th>description</th></tr>
{{range .Params}}<tr><td><code>{{.Name}}</code>{{if .Required}}<span class="req">required</span>{{end}}</td><td>{{.In}}</td><td>{{template "inline" .Schema}}</td><td>{{md .Description}}</td></tr>{{end}}
</table>{{end}}
{{if .Bodies}}<h4>Request body{{if .BodyRequired}} <span class="req">required</span>{{end}}</h4>
{{range .Bodies}}<p><code>{{.Type}}</code></p>{{template "tree" .Schema}}{{if .Example}}<details><summary>Example</summary><pre>{{.Example}}</pre></details>{{end}}{{end}}{{end}}
<h4>Responses</h4><table><tr><th>status</th><th>description</th><th>body</th></tr>
{{range .Responses}}<tr><td><strong>{{.Status}}</strong></td><td>{{.Description}}{{if .Headers}}<div class="note">Headers: {{range $i, $h := .Headers}}{{if $i}}, {{end}}<code>{{$h}}</code>{{end}}</div>{{end}}</td><td>{{range .Bodies}}<div><code>{{.Type}}</code> {{template "tree" .Schema}}</div>{{end}}</td></tr>{{end}}
</table>
<details class="try"><summary>Try it</summary>
<form class="try-form" data-method="{{.Method}}" data-path="{{.Path}}">
{{range .Params}}{{if or (eq .In "path") (eq .In "query")}}<label for="{{$.Prefix}}{{.FormID}}">{{.Name}} ({{.In}}{{if .Required}}, required{{end}})</label><input id="{{$.Prefix}}{{.FormID}}" name="{{.Name}}" data-in="{{.In}}" value="{{.Default}}" autocomplete="off"{{if .Required}} required{{end}}>{{end}}{{end}}
{{if .Bodies}}<label for="{{.ID}}-ctype">Content-Type</label><select id="{{.ID}}-ctype" class="ctype">{{range .Bodies}}<option value="{{.Type}}" data-example="{{.Example}}">{{.Type}}</option>{{end}}</select>
<label for="{{.ID}}-body">Body</label><textarea id="{{.ID}}-body" spellcheck="false" data-auto="true">{{(index .Bodies 0).Example}}</textarea>{{end}}
<button type="submit">Send</button>
<p class="status" role="status"></p><pre class="out" aria-label="Response"></pre>
</form></details>
</section>{{end}}{{end}}
<h2 id="schemas">Schemas</h2>
{{range .Schemas}}<section class="op" id="schema-{{.Name}}"><h3>{{.Name}}</h3>{{template "tree" .Node}}{{if .Example}}<details><summary>Example</summary><pre>{{.Example}}</pre></details>{{end}}</section>
{{end}}
</main></div>
<script>{{.Script}}</script>
</body></html>
{{define "inline"}}<span class="type">{{.Type}}</span>{{if .Ref}} <a href="#schema-{{.Ref}}">{{.Ref}}</a>{{end}}{{if .Enum}} <span class="enum">{{range .Enum}}<code>{{.}}</code> {{end}}</span>{{end}}{{if .Constraints}} <span class="note">{{.Constraints}}</span>{{end}}{{end}}
{{define "tree"}}<ul class="tree top"><li>{{template "node" .}}</li></ul>{{end}}
{{define "node"}}{{if .Name}}<span class="prop">{{.Name}}</span>{{if .Required}}<span class="req">required</span>{{end}} {{end}}{{template "inline" .}}{{if .Description}}<div class="note desc">{{md .Description}}</div>{{end}}{{if .Example}}<div class="note">example: <code>{{.Example}}</code></div>{{end}}
{{if .Children}}{{if .Collapsed}}<details><summary>{{len .Children}} fields</summary>{{end}}<ul class="tree">{{range .Children}}<li>{{template "node" .}}</li>{{end}}</ul>{{if .Collapsed}}</details>{{end}}{{end}}
{{if .Variants}}<ul class="tree">{{range $i, $v := .Variants}}<li><span class="note">{{if $i}}or{{else}}one of{{end}}</span> {{template "node" $v}}</li>{{end}}</ul>{{end}}{{end}}
`))
})

var codeSpan = regexp.MustCompile("`([^`]+)`")

// prose renders a description of the contract: escaped, paragraphs at
// blank lines (single line breaks are the YAML's wrapping), `code` as
// code.
func prose(s string) template.HTML {
	var b strings.Builder
	for _, para := range strings.Split(strings.TrimSpace(s), "\n\n") {
		text := template.HTMLEscapeString(strings.Join(strings.Fields(para), " "))
		if text == "" {
			continue
		}
		b.WriteString("<p>" + codeSpan.ReplaceAllString(text, "<code>$1</code>") + "</p>")
	}
	return template.HTML(b.String())
}

// schemaNode is one schema as the page shows it: its type line, and its
// fields (or its variants) expanded below.
type schemaNode struct {
	Name, Type, Ref, Description, Constraints, Example string
	Required, Collapsed                                bool
	Enum                                               []string
	Children                                           []*schemaNode
	Variants                                           []*schemaNode
}

type docParam struct {
	Name, In, Description, Default, FormID string
	Required                               bool
	Schema                                 *schemaNode
}

type docBody struct {
	Type, Example string
	Schema        *schemaNode
}

type docResponse struct {
	Status, Description string
	Headers             []string
	Bodies              []docBody
}

type docOp struct {
	ID, Method, Path, Summary, Description, Prefix string
	Access                                         string // from x-scoop-scope: the scope the operation needs
	Params                                         []docParam
	Bodies                                         []docBody
	BodyRequired                                   bool
	Responses                                      []docResponse
}

type docTag struct {
	Name string
	Ops  []docOp
}

type docSchema struct {
	Name, Example string
	Node          *schemaNode
}

// maxRefDepth is how many $refs deep a schema is expanded in place; a
// deeper one (or one that refers to itself) is a link to its own entry.
const maxRefDepth = 4

// expand renders ref as a tree: objects' properties (required first),
// arrays' items, allOf merged, oneOf as variants, additionalProperties as
// "{key}", with enums, bounds, defaults and examples. refs counts the
// $refs already expanded on the way here; stack holds their names; seen,
// when not nil, holds the $refs expanded already in this tree, which are
// shown again as links only.
func expand(name string, ref *openapi3.SchemaRef, required bool, refs int, stack []string, seen map[string]bool) *schemaNode {
	n := &schemaNode{Name: name, Required: required}
	if ref == nil || ref.Value == nil {
		n.Type = "any"
		return n
	}
	if ref.Ref != "" {
		rn := ref.Ref[strings.LastIndex(ref.Ref, "/")+1:]
		n.Ref = rn
		if slices.Contains(stack, rn) || refs >= maxRefDepth || seen[rn] {
			n.Type = typeName(ref.Value)
			if n.Description == "" {
				n.Description = ref.Value.Description
			}
			return n
		}
		stack = append(stack, rn)
		if seen != nil {
			seen[rn] = true
		}
		refs++
		n.Collapsed = refs > 1
	}
	s := ref.Value
	n.Type = typeName(s)
	n.Description = s.Description
	n.Constraints = constraints(s)
	for _, v := range s.Enum {
		n.Enum = append(n.Enum, fmt.Sprint(v))
	}
	if s.Example != nil {
		n.Example = compactJSON(s.Example)
	}
	switch {
	case len(s.AllOf) > 0:
		// allOf: the parts' fields together (a nullable wrapper of one
		// $ref keeps that ref's link).
		if len(s.AllOf) == 1 && s.AllOf[0].Ref != "" && n.Ref == "" {
			inner := expand(name, s.AllOf[0], required, refs, stack, seen)
			inner.Constraints = strings.TrimSpace(inner.Constraints + " " + n.Constraints)
			if n.Description != "" {
				inner.Description = n.Description
			}
			return inner
		}
		n.Type = "object"
		for _, part := range s.AllOf {
			p := expand("", part, false, refs, stack, seen)
			n.Children = append(n.Children, p.Children...)
			if p.Ref != "" && n.Description == "" {
				n.Description = "Has every field of " + p.Ref + "."
			}
		}
	case len(s.OneOf) > 0 || len(s.AnyOf) > 0:
		for _, v := range append(slices.Clone(s.OneOf), s.AnyOf...) {
			n.Variants = append(n.Variants, expand("", v, false, refs, stack, seen))
		}
	case s.Type.Is("array"):
		item := expand("", s.Items, false, refs, stack, seen)
		n.Type = "array of " + item.Type
		if item.Ref != "" {
			n.Ref = item.Ref
		}
		n.Enum = append(n.Enum, item.Enum...)
		n.Children = item.Children
		n.Variants = item.Variants
		n.Collapsed = n.Collapsed || item.Collapsed
		if item.Constraints != "" {
			n.Constraints = strings.TrimSpace(n.Constraints + " items: " + item.Constraints)
		}
	default:
		names := make([]string, 0, len(s.Properties))
		for k := range s.Properties {
			names = append(names, k)
		}
		slices.SortFunc(names, func(a, b string) int {
			ra, rb := slices.Contains(s.Required, a), slices.Contains(s.Required, b)
			if ra != rb {
				if ra {
					return -1
				}
				return 1
			}
			return strings.Compare(a, b)
		})
		for _, k := range names {
			n.Children = append(n.Children, expand(k, s.Properties[k], slices.Contains(s.Required, k), refs, stack, seen))
		}
		if ap := s.AdditionalProperties.Schema; ap != nil {
			n.Children = append(n.Children, expand("{any key}", ap, false, refs, stack, seen))
		} else if s.AdditionalProperties.Has != nil && !*s.AdditionalProperties.Has && len(names) > 0 {
			n.Constraints = strings.TrimSpace(n.Constraints + " no other fields")
		}
	}
	return n
}

func typeName(s *openapi3.Schema) string {
	switch {
	case len(s.AllOf) > 0:
		return "object"
	case len(s.OneOf) > 0 || len(s.AnyOf) > 0:
		return "one of"
	}
	t := strings.Join(s.Type.Slice(), "|")
	if t == "" {
		t = "any"
	}
	if s.Format != "" {
		t += " (" + s.Format + ")"
	}
	if s.Nullable {
		t += ", nullable"
	}
	return t
}

func constraints(s *openapi3.Schema) string {
	var c []string
	num := func(f *float64) string { return fmt.Sprint(*f) }
	if s.Min != nil {
		c = append(c, "≥ "+num(s.Min))
	}
	if s.Max != nil {
		c = append(c, "≤ "+num(s.Max))
	}
	if s.MinLength > 0 {
		c = append(c, fmt.Sprintf("at least %d characters", s.MinLength))
	}
	if s.MaxLength != nil {
		c = append(c, fmt.Sprintf("at most %d characters", *s.MaxLength))
	}
	if s.MinItems > 0 {
		c = append(c, fmt.Sprintf("at least %d items", s.MinItems))
	}
	if s.MaxItems != nil {
		c = append(c, fmt.Sprintf("at most %d items", *s.MaxItems))
	}
	if s.Pattern != "" {
		c = append(c, "pattern "+s.Pattern)
	}
	if s.Default != nil {
		c = append(c, "default "+compactJSON(s.Default))
	}
	return strings.Join(c, ", ")
}

func compactJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// example is a JSON example of a schema: the schema's own example, else
// one made from its required fields (enums' first value, minimums).
func example(ref *openapi3.SchemaRef, depth int) any {
	if ref == nil || ref.Value == nil || depth > 8 {
		return nil
	}
	s := ref.Value
	switch {
	case s.Example != nil:
		return s.Example
	case len(s.Enum) > 0:
		return s.Enum[0]
	case s.Default != nil:
		return s.Default
	case len(s.AllOf) > 0:
		out := map[string]any{}
		for _, p := range s.AllOf {
			if m, ok := example(p, depth+1).(map[string]any); ok {
				for k, v := range m {
					out[k] = v
				}
			}
		}
		return out
	case len(s.OneOf) > 0:
		return example(s.OneOf[0], depth+1)
	case s.Type.Is("array"):
		if v := example(s.Items, depth+1); v != nil {
			return []any{v}
		}
		return []any{}
	case s.Type.Is("object") || len(s.Properties) > 0:
		out := map[string]any{}
		for _, k := range s.Required {
			out[k] = example(s.Properties[k], depth+1)
		}
		return out
	case s.Type.Is("integer"), s.Type.Is("number"):
		if s.Min != nil {
			return *s.Min
		}
		return 0
	case s.Type.Is("boolean"):
		return false
	case s.Type.Is("string"):
		return "string"
	}
	return nil
}

// textExamples are bodies for the hand-history content types, which the
// contract describes only as strings: a pot-limit Omaha hand in PHH.
var textExamples = map[string]string{
	"application/toml": "variant = 'PO'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nstarting_stacks = [100, 100]\n" +
		"actions = ['d dh p1 AsAhKsKh', 'd dh p2 QdQcJdJc', 'p2 cbr 6', 'p1 cc', 'd db 2c3d4h', 'p1 cc', 'p2 cc', 'd db 9s', 'p1 cc', 'p2 cc', 'd db Td', 'p1 cc', 'p2 cc', 'p1 sm AsAhKsKh', 'p2 sm QdQcJdJc']\n",
}

func bodies(content openapi3.Content, withExamples bool, refs int) []docBody {
	types := make([]string, 0, len(content))
	for t := range content {
		types = append(types, t)
	}
	// JSON first: it is what most clients send and the form's default.
	slices.SortFunc(types, func(a, b string) int {
		if (a == "application/json") != (b == "application/json") {
			if a == "application/json" {
				return -1
			}
			return 1
		}
		return strings.Compare(a, b)
	})
	var out []docBody
	for _, t := range types {
		mt := content[t]
		b := docBody{Type: t, Schema: expand("", mt.Schema, false, refs, nil, map[string]bool{})}
		if withExamples {
			switch {
			case mt.Example != nil:
				b.Example = indentJSON(mt.Example)
			case textExamples[t] != "":
				b.Example = textExamples[t]
			case strings.Contains(t, "json") && t != "application/x-ndjson":
				b.Example = indentJSON(example(mt.Schema, 0))
			}
		}
		out = append(out, b)
	}
	return out
}

func indentJSON(v any) string {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return ""
	}
	return string(b)
}

func renderDocs(doc *openapi3.T) ([]byte, error) {
	paths := doc.Paths.Map()
	keys := make([]string, 0, len(paths))
	for k := range paths {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var tags []docTag
	tagOf := map[string]int{}
	for _, t := range doc.Tags {
		tagOf[t.Name] = len(tags)
		tags = append(tags, docTag{Name: t.Name})
	}
	for _, path := range keys {
		item := paths[path]
		for _, method := range []string{"GET", "POST", "PUT", "PATCH", "DELETE"} {
			op := item.GetOperation(method)
			if op == nil {
				continue
			}
			d := docOp{ID: op.OperationID, Method: method, Path: path, Summary: op.Summary, Description: op.Description, Prefix: op.OperationID + "-"}
			if v, ok := op.Extensions["x-scoop-scope"].(string); ok {
				d.Access = accessText(v)
			}
			for _, p := range append(slices.Clone(item.Parameters), op.Parameters...) {
				v := p.Value
				dp := docParam{Name: v.Name, In: v.In, Description: v.Description, Required: v.Required, FormID: v.In + "-" + v.Name, Schema: expand("", v.Schema, false, 0, nil, nil)}
				if v.In == "path" && v.Name == "id" {
					dp.Default = "1"
				}
				d.Params = append(d.Params, dp)
			}
			if op.RequestBody != nil && op.RequestBody.Value != nil {
				d.Bodies = bodies(op.RequestBody.Value.Content, true, 0)
				d.BodyRequired = op.RequestBody.Value.Required
			}
			codes := make([]string, 0, op.Responses.Len())
			for c := range op.Responses.Map() {
				codes = append(codes, c)
			}
			slices.Sort(codes) // "default" sorts after the numbers
			for _, c := range codes {
				r := op.Responses.Value(c).Value
				if r == nil {
					continue
				}
				dr := docResponse{Status: c}
				if r.Description != nil {
					dr.Description = *r.Description
				}
				for h := range r.Headers {
					dr.Headers = append(dr.Headers, h)
				}
				slices.Sort(dr.Headers)
				// Responses link their schemas (expanded once below,
				// under Schemas); an inline one is expanded here.
				dr.Bodies = bodies(r.Content, false, maxRefDepth)
				d.Responses = append(d.Responses, dr)
			}
			tag := "other"
			if len(op.Tags) > 0 {
				tag = op.Tags[0]
			}
			i, ok := tagOf[tag]
			if !ok {
				i = len(tags)
				tagOf[tag] = i
				tags = append(tags, docTag{Name: tag})
			}
			tags[i].Ops = append(tags[i].Ops, d)
		}
	}
	var schemas []docSchema
	for name, ref := range doc.Components.Schemas {
		ds := docSchema{Name: name, Node: expand("", &openapi3.SchemaRef{Value: ref.Value}, false, maxRefDepth, []string{name}, nil)}
		if ref.Value.Type.Is("object") || len(ref.Value.AllOf) > 0 {
			ds.Example = indentJSON(example(ref, 0))
		}
		schemas = append(schemas, ds)
	}
	slices.SortFunc(schemas, func(a, b docSchema) int { return strings.Compare(a.Name, b.Name) })
	var buf bytes.Buffer
	err := docsTemplate().Execute(&buf, map[string]any{
		"Title": doc.Info.Title, "Version": doc.Info.Version, "Description": doc.Info.Description,
		"Tags": tags, "Schemas": schemas,
		"Style": template.CSS(docsStyle), "Script": template.JS(docsScript),
	})
	return buf.Bytes(), err
}

// accessText says in words what an operation's x-scoop-scope asks: "none"
// (open), "none (...)" (open, with a condition) or a scope's name.
func accessText(scope string) string {
	if rest, ok := strings.CutPrefix(scope, "none"); ok {
		rest = strings.Trim(strings.TrimSpace(rest), "()")
		if rest != "" {
			return "open, no API key needed (" + strings.ReplaceAll(rest, "`", "") + ")"
		}
		return "open, no API key needed"
	}
	return "an API key with the " + scope + " scope (Authorization: Bearer)"
}
