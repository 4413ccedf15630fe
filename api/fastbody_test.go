package api

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"

	"github.com/scoophq/scoop/internal/store/storetest"
)

// fastOps returns the loaded contract and the fastBody of each operation
// that has one, by operation id.
func fastOps(t testing.TB) (*Spec, map[string]*fastBody) {
	t.Helper()
	spec, err := LoadSpec(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*fastBody{}
	for op, f := range fastBodies(spec.Doc) {
		out[op.OperationID] = f
	}
	return spec, out
}

// kinAccepts reports whether openapi3filter accepts body posted as JSON to
// path ("PUT /v1/...": sent with that method): the reference the fast
// path must never be more lenient than.
func kinAccepts(t testing.TB, spec *Spec, path string, body []byte) bool {
	t.Helper()
	method := http.MethodPost
	if m, p, ok := strings.Cut(path, " "); ok {
		method, path = m, p
	}
	r := httptest.NewRequest(method, path, bytes.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	route, params, err := spec.Router.FindRoute(r)
	if err != nil {
		t.Fatal(err)
	}
	in := &openapi3filter.RequestValidationInput{Request: r, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}}
	return openapi3filter.ValidateRequest(context.Background(), in) == nil
}

// TestFastBodyOperations: the contract's equity and ranges bodies have a
// fast path (a keyword added to their schemas that fastBody does not know
// turns it off: then extend fastbody.go, or accept the slower path
// knowingly by changing this test), and the body-of-many-shapes
// operations have none.
func TestFastBodyOperations(t *testing.T) {
	_, ops := fastOps(t)
	// putHandNote's body ({"note": "..."}) is one fastBody reads too;
	// the server never takes the fast path for it (its id is a path
	// parameter), but the checks below hold it to openapi3filter all the
	// same.
	for _, id := range []string{"computeEquity", "parseRanges", "putHandNote"} {
		if ops[id] == nil {
			t.Errorf("%s has no fast body validation", id)
		}
	}
	for id := range ops {
		if id != "computeEquity" && id != "parseRanges" && id != "putHandNote" {
			t.Errorf("%s unexpectedly has a fast body validation: check that its schema is what fastBody understands", id)
		}
	}
	f := ops["computeEquity"]
	for _, body := range []string{
		`{"game":"omaha-hilo","hands":["As2s3dKd","QhQcJhTc"],"board":"4c7hKh"}`,
		` { "hands" : [ "As2s3dKd" , "QhQcJhTc" ] ,` + "\n\t" + `"mode":"montecarlo","trials":10000000,"seed":0,"store":true,"dead":""}` + "\r\n",
		`{"hands":["AA**","15%","RROO","[A-T]***"],"game":"omaha-hi","mode":"exhaustive"}`,
	} {
		if !f.valid([]byte(body)) {
			t.Errorf("the fast path refuses the common body %s", body)
		}
	}
}

// TestFastBodyRefusesUnknownKeywords: a schema with a keyword fastBody does
// not check (a pattern, a format, nullable, a default, a oneOf, extra
// properties allowed) has no fast path.
func TestFastBodyRefusesUnknownKeywords(t *testing.T) {
	base := func() *openapi3.Schema {
		no := false
		max := uint64(10)
		return &openapi3.Schema{
			Type:                 &openapi3.Types{"object"},
			AdditionalProperties: openapi3.AdditionalProperties{Has: &no},
			Required:             []string{"a"},
			Properties: openapi3.Schemas{
				"a": {Value: &openapi3.Schema{Type: &openapi3.Types{"string"}, MaxLength: &max}},
				"n": {Value: &openapi3.Schema{Type: &openapi3.Types{"integer"}}},
			},
		}
	}
	if newFastBody(&openapi3.SchemaRef{Value: base()}) == nil {
		t.Fatal("the plain schema has no fast path")
	}
	yes := true
	for name, change := range map[string]func(*openapi3.Schema){
		"pattern":              func(s *openapi3.Schema) { s.Properties["a"].Value.Pattern = "^x$" },
		"format":               func(s *openapi3.Schema) { s.Properties["a"].Value.Format = "date" },
		"integer format":       func(s *openapi3.Schema) { s.Properties["n"].Value.Format = "int8" },
		"nullable":             func(s *openapi3.Schema) { s.Properties["a"].Value.Nullable = true },
		"default":              func(s *openapi3.Schema) { s.Properties["n"].Value.Default = 3 },
		"multipleOf":           func(s *openapi3.Schema) { m := 2.0; s.Properties["n"].Value.MultipleOf = &m },
		"exclusiveMinimum":     func(s *openapi3.Schema) { s.Properties["n"].Value.ExclusiveMin = openapi3.ExclusiveBound{Bool: &yes} },
		"fractional bound":     func(s *openapi3.Schema) { m := 1.5; s.Properties["n"].Value.Min = &m },
		"number":               func(s *openapi3.Schema) { s.Properties["n"].Value.Type = &openapi3.Types{"number"} },
		"two types":            func(s *openapi3.Schema) { s.Properties["n"].Value.Type = &openapi3.Types{"integer", "string"} },
		"object property":      func(s *openapi3.Schema) { s.Properties["a"].Value.Type = &openapi3.Types{"object"} },
		"oneOf":                func(s *openapi3.Schema) { s.OneOf = openapi3.SchemaRefs{{Value: base()}} },
		"additionalProperties": func(s *openapi3.Schema) { s.AdditionalProperties.Has = &yes },
		"minProperties":        func(s *openapi3.Schema) { s.MinProps = 1 },
		"uniqueItems": func(s *openapi3.Schema) {
			s.Properties["a"] = &openapi3.SchemaRef{Value: &openapi3.Schema{Type: &openapi3.Types{"array"}, UniqueItems: true,
				Items: &openapi3.SchemaRef{Value: &openapi3.Schema{Type: &openapi3.Types{"string"}}}}}
		},
		"required unknown": func(s *openapi3.Schema) { s.Required = append(s.Required, "zz") },
		"extension":        func(s *openapi3.Schema) { s.Extensions = map[string]any{"x-check": true} },
	} {
		s := base()
		change(s)
		if newFastBody(&openapi3.SchemaRef{Value: s}) != nil {
			t.Errorf("%s: the schema still has a fast path", name)
		}
	}
}

// TestFastBodyIntegerWidths: an integer's width (format int32, int64 or
// uint64) keeps the fast path, and an int32 is held to its range as
// kin-openapi's int32 validator holds it.
func TestFastBodyIntegerWidths(t *testing.T) {
	for _, format := range []string{"int32", "int64", "uint64"} {
		no := false
		f := newFastBody(&openapi3.SchemaRef{Value: &openapi3.Schema{
			Type:                 &openapi3.Types{"object"},
			AdditionalProperties: openapi3.AdditionalProperties{Has: &no},
			Properties: openapi3.Schemas{
				"n": {Value: &openapi3.Schema{Type: &openapi3.Types{"integer"}, Format: format}},
			},
		}})
		if f == nil {
			t.Fatalf("format %s: no fast path", format)
		}
		for body, want := range map[string]bool{
			`{"n":2147483647}`:  true,
			`{"n":-2147483648}`: true,
			`{"n":2147483648}`:  format != "int32",
			`{"n":-2147483649}`: format != "int32",
		} {
			if got := f.valid([]byte(body)); got != want {
				t.Errorf("format %s: valid(%s) = %v, want %v", format, body, got, want)
			}
		}
	}
}

// fastBodyCases returns n request bodies for f's schema, valid and not:
// every property present or not, with values at and past the schema's
// bounds, of the wrong JSON type, null, escaped, with fractions and
// exponents, keys repeated or unknown, odd spacing, and random byte edits
// of all those.
func fastBodyCases(f *fastBody, n int, seed uint64) [][]byte {
	r := rand.New(rand.NewPCG(seed, 1))
	pick := func(xs []string) string { return xs[r.IntN(len(xs))] }
	ws := []string{"", "", "", " ", "\n", "\t ", "\r\n  "}
	strs := func(p fastProp) []string {
		out := []string{`""`, `"As2s3dKd"`, `"QhQcJhTc"`, `"AA**"`, `"4c7hKh"`, `"x"`, `"\u0041s2s3dKd"`, `"As2s3d\\Kd"`, `"é"`, `"Kd\u00e9"`,
			`null`, `1`, `true`, `[]`, `{}`, `"a\tb"`}
		for _, e := range p.enum {
			out = append(out, `"`+e+`"`, `"`+strings.ToUpper(e)+`"`, `"`+e+` "`)
		}
		for _, l := range []int{p.maxLen - 1, p.maxLen, p.maxLen + 1, p.minLen - 1, p.minLen} {
			if l >= 0 && l < 5000 {
				out = append(out, `"`+strings.Repeat("A", l)+`"`, `"`+strings.Repeat("é", l)+`"`)
			}
		}
		return out
	}
	good := func(p fastProp) string {
		str := func() string {
			if p.enum != nil {
				return `"` + pick(p.enum) + `"`
			}
			vals := []string{`"As2s3dKd"`, `"QhQcJhTc"`, `"4c7hKh"`, `"AA**"`}
			if p.maxLen >= 0 && p.maxLen < 5000 {
				vals = append(vals, `"`+strings.Repeat("A", p.maxLen)+`"`)
			}
			if p.minLen == 0 {
				vals = append(vals, `""`)
			}
			return pick(vals)
		}
		switch p.kind {
		case fastString:
			return str()
		case fastInteger:
			lo, hi := int64(-1000), int64(1000)
			if p.hasMin {
				lo = p.min
			}
			if p.hasMax {
				hi = p.max
			}
			return pick([]string{fmt.Sprint(lo), fmt.Sprint(hi), fmt.Sprint(lo + r.Int64N(hi-lo+1))})
		case fastBoolean:
			return pick([]string{"true", "false"})
		case fastStrings:
			hi := p.maxItems
			if hi < 0 {
				hi = p.minItems + 3
			}
			items := make([]string, p.minItems+r.IntN(hi-p.minItems+1))
			for i := range items {
				items[i] = str()
			}
			return "[" + pick(ws) + strings.Join(items, pick(ws)+","+pick(ws)) + pick(ws) + "]"
		}
		return "null"
	}
	value := func(p fastProp) string {
		switch p.kind {
		case fastString:
			return pick(strs(p))
		case fastInteger:
			vals := []string{"0", "1", "-1", "-0", "1.0", "1.5", "1e3", "1E2", "01", "10000000", "10000001", "123456789012345",
				"1234567890123456", "9007199254740993", "1e400", "-1e400", `"5"`, "null", "true", "[]"}
			for _, b := range []int64{p.min, p.max} {
				vals = append(vals, fmt.Sprint(b), fmt.Sprint(b-1), fmt.Sprint(b+1))
			}
			return pick(vals)
		case fastBoolean:
			return pick([]string{"true", "false", "null", `"true"`, "0", "1", "True"})
		case fastStrings:
			if r.IntN(8) == 0 {
				return pick([]string{"null", `"As2s3dKd"`, "{}", "1", "[1,2]"})
			}
			k := r.IntN(max(p.maxItems, p.minItems, 2) + 3)
			items := make([]string, k)
			for i := range items {
				items[i] = pick(strs(p))
			}
			return "[" + pick(ws) + strings.Join(items, pick(ws)+","+pick(ws)) + pick(ws) + "]"
		}
		return "null"
	}
	var out [][]byte
	for len(out) < n {
		if r.IntN(2) == 0 {
			// A body of valid values only, every required property there.
			var parts []string
			for _, i := range r.Perm(len(f.props)) {
				if r.IntN(2) == 0 && f.required&(1<<i) == 0 {
					continue
				}
				parts = append(parts, pick(ws)+`"`+f.props[i].name+`"`+pick(ws)+":"+pick(ws)+good(f.props[i]))
			}
			out = append(out, []byte(pick(ws)+"{"+strings.Join(parts, ",")+pick(ws)+"}"+pick(ws)))
			continue
		}
		var parts []string
		for _, i := range r.Perm(len(f.props)) {
			if r.IntN(3) == 0 && f.required&(1<<i) == 0 {
				continue
			}
			if r.IntN(40) == 0 {
				continue // a required one left out, now and then
			}
			p := f.props[i]
			parts = append(parts, pick(ws)+`"`+p.name+`"`+pick(ws)+":"+pick(ws)+value(p))
			if r.IntN(30) == 0 {
				parts = append(parts, `"`+p.name+`":`+value(p)) // written twice
			}
		}
		if r.IntN(30) == 0 {
			parts = append(parts, `"extra":1`)
		}
		body := []byte(pick(ws) + "{" + strings.Join(parts, ",") + pick(ws) + "}" + pick(ws))
		switch r.IntN(12) {
		case 0:
			body = append(body, pick([]string{"x", "{}", ",", "\x00", " 1"})...)
		case 1, 2:
			if len(body) > 0 {
				i := r.IntN(len(body))
				switch r.IntN(3) {
				case 0:
					body = append(body[:i:i], body[i+1:]...)
				case 1:
					body[i] = byte(r.IntN(256))
				default:
					const punct = "{}[]\",:0-e.\\ "
					body = append(body[:i:i], append([]byte{punct[r.IntN(len(punct))]}, body[i:]...)...)
				}
			}
		}
		out = append(out, body)
	}
	return out
}

// TestFastBodyNeverMoreLenient: on thousands of bodies, valid and invalid,
// the fast path accepts only what openapi3filter accepts, for every
// operation that has one, and it accepts a good share of the valid ones
// (else it would be dead code).
func TestFastBodyNeverMoreLenient(t *testing.T) {
	spec, ops := fastOps(t)
	paths := map[string]string{"computeEquity": "/v1/equity", "parseRanges": "/v1/ranges/parse",
		"putHandNote": "PUT /v1/hands/0123456789abcdef0123456789abcdef/note"}
	n := 4000
	if testing.Short() {
		n = 500
	}
	for id, f := range ops {
		path := paths[id]
		if path == "" {
			t.Fatalf("no path for %s", id)
		}
		fast, kin := 0, 0
		for i, body := range fastBodyCases(f, n, uint64(len(id))) {
			fv, kv := f.valid(body), kinAccepts(t, spec, path, body)
			if fv && !kv {
				t.Errorf("%s case %d: the fast path accepts what openapi3filter rejects: %q", id, i, body)
			}
			if fv {
				fast++
			}
			if kv {
				kin++
			}
		}
		t.Logf("%s: %d bodies, openapi3filter accepts %d, the fast path %d", id, n, kin, fast)
		if kin == 0 || fast < kin/2 {
			t.Errorf("%s: the fast path accepts %d of the %d valid bodies: the cases or the fast path are off", id, fast, kin)
		}
	}
}

// FuzzFastBody: whatever the bytes, the equity fast path accepts only what
// openapi3filter accepts.
func FuzzFastBody(f *testing.F) {
	spec, ops := fastOps(f)
	fb := ops["computeEquity"]
	for _, b := range fastBodyCases(fb, 64, 7) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		if fb.valid(body) && !kinAccepts(t, spec, "/v1/equity", body) {
			t.Errorf("the fast path accepts what openapi3filter rejects: %q", body)
		}
	})
}

// TestFastValidRequestRules: the fast path is taken only for a request
// with no query string (the slow path checks its parameters).
func TestFastValidRequestRules(t *testing.T) {
	spec, err := LoadSpec(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{fast: fastBodies(spec.Doc)}
	body := []byte(`{"hands":["As2s3dKd","QhQcJhTc"],"board":"4c7hKh"}`)
	for _, tc := range []struct {
		target string
		expect bool
	}{{"/v1/equity", true}, {"/v1/equity?store=true", false}} {
		r := httptest.NewRequest(http.MethodPost, tc.target, bytes.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		route, params, err := spec.Router.FindRoute(r)
		if err != nil {
			t.Fatal(err)
		}
		in := &openapi3filter.RequestValidationInput{Request: r, PathParams: params, Route: route,
			Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}}
		if got := s.fastValid(in, route.Operation, body); got != tc.expect {
			t.Errorf("%s: fastValid = %v, want %v", tc.target, got, tc.expect)
		}
	}
}

// TestValidationReadsNoBodyForKeys: a request without a key to an
// operation that needs one is refused before a byte of its body is read
// (a body of 1 TiB declared, none sent), and the validator never checks
// security (its check reads the whole body first: see accessTable).
func TestValidationReadsNoBodyForKeys(t *testing.T) {
	st := storetest.OpenSQLite(t)
	s, err := New(context.Background(), Config{Store: st, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s)
	defer srv.Close()
	for _, path := range []string{"/v1/hands", "/v1/hands/replay", "/v1/imports"} {
		conn, err := net.Dial("tcp", strings.TrimPrefix(srv.URL, "http://"))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: %d\r\n\r\nPokerStars", path, int64(1)<<40)
		conn.SetReadDeadline(time.Now().Add(10 * time.Second)) // a guard against a hang, not a measure
		line, err := bufio.NewReader(conn).ReadString('\n')
		conn.Close()
		if err != nil || !strings.Contains(line, "401") {
			t.Errorf("POST %s without a key, 1 TiB declared: %q %v, want a 401 at once", path, line, err)
		}
	}
	for op, bare := range s.access.bare {
		if bare.Security == nil || len(*bare.Security) != 0 {
			t.Errorf("%s: the validator's copy keeps security requirements %v", op.OperationID, bare.Security)
		}
	}
}
