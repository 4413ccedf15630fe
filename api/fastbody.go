package api

import (
	"encoding/json"
	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"math"
)

// The fast path of request validation. openapi3filter decodes a JSON body
// into maps and interfaces and walks the schema over them: for a cheap
// request such as POST /v1/equity on a flop that was a tenth of the
// server's CPU and a fifth of its allocations. A fastBody checks the
// common body, a flat object of strings, integers, booleans and arrays of
// strings, by scanning its bytes once without allocating. It answers only
// "certainly valid" or "not sure": anything it does not recognise (an
// escape in a string, a number with a fraction or exponent, a null, a key
// written twice, a byte outside printable ASCII, trailing data, a value out
// of the schema's bounds...) goes through openapi3filter as before, which
// gives the precise 400. It never accepts a body openapi3filter rejects:
// fastbody_test.go checks that on thousands of bodies, and a fuzz target
// keeps checking it.
//
// A fastBody is made from the operation's schema as loaded from
// openapi.yaml, and only for a schema whose every keyword it knows
// (fastKeywords): a keyword added to the contract that it does not know
// (a pattern, a format, nullable, a default...) turns the fast path off for
// that operation rather than let it skip the check.

// fastKind is the JSON type of a property a fastBody checks.
type fastKind uint8

const (
	fastString fastKind = iota + 1
	fastInteger
	fastBoolean
	fastStrings // an array of strings
)

// fastProp is one property of a fastBody's object.
type fastProp struct {
	name               string
	kind               fastKind
	minLen, maxLen     int      // string, or each item of fastStrings (maxLen -1: none)
	enum               []string // allowed strings (nil: any)
	min, max           int64    // fastInteger
	hasMin, hasMax     bool
	minItems, maxItems int // fastStrings (maxItems -1: none)
}

// fastBody checks a JSON object against a flat schema (see above).
type fastBody struct {
	props    []fastProp // at most 64
	required uint64     // bit i: props[i] is required
}

// fastKeywords are the schema keywords a fastBody understands, by the
// schema's type; "object" is the body itself.
var fastKeywords = map[string]map[string]bool{
	"object":  {"type": true, "additionalProperties": true, "required": true, "properties": true, "description": true, "title": true, "example": true},
	"string":  {"type": true, "maxLength": true, "minLength": true, "enum": true, "description": true, "title": true, "example": true},
	"integer": {"type": true, "format": true, "minimum": true, "maximum": true, "description": true, "title": true, "example": true},
	"boolean": {"type": true, "description": true, "title": true, "example": true},
	"array":   {"type": true, "items": true, "minItems": true, "maxItems": true, "description": true, "title": true, "example": true},
}

// schemaType returns the one type of sc when every keyword sc has is one
// fastKeywords knows for that type, else "".
func schemaType(sc *openapi3.Schema) string {
	if sc == nil || sc.Type == nil || len(sc.Type.Slice()) != 1 || len(sc.Extensions) > 0 {
		return ""
	}
	typ := sc.Type.Slice()[0]
	known := fastKeywords[typ]
	if known == nil {
		return ""
	}
	b, err := json.Marshal(sc)
	if err != nil {
		return ""
	}
	var keys map[string]json.RawMessage
	if json.Unmarshal(b, &keys) != nil {
		return ""
	}
	for k := range keys {
		if !known[k] {
			return ""
		}
	}
	return typ
}

// newFastBody returns the fastBody of the JSON schema ref, or nil when the
// schema is not a flat object whose every keyword fastKeywords knows.
func newFastBody(ref *openapi3.SchemaRef) *fastBody {
	if ref == nil || ref.Value == nil {
		return nil
	}
	sc := ref.Value
	if schemaType(sc) != "object" || sc.AdditionalProperties.Has == nil || *sc.AdditionalProperties.Has ||
		sc.AdditionalProperties.Schema != nil || len(sc.Properties) > 64 {
		return nil
	}
	f := &fastBody{}
	for name, pref := range sc.Properties {
		if pref == nil || pref.Value == nil {
			return nil
		}
		p, ok := newFastProp(name, pref.Value)
		if !ok {
			return nil
		}
		f.props = append(f.props, p)
	}
	for _, r := range sc.Required {
		i := f.index([]byte(r))
		if i < 0 {
			return nil // required but not a property: never valid with additionalProperties false
		}
		f.required |= 1 << i
	}
	return f
}

func newFastProp(name string, sc *openapi3.Schema) (fastProp, bool) {
	p := fastProp{name: name, maxLen: -1, maxItems: -1}
	switch schemaType(sc) {
	case "string":
		p.kind = fastString
		if !stringBounds(&p, sc) {
			return p, false
		}
	case "integer":
		p.kind = fastInteger
		const exact = 1 << 53 // every bound must be an integer a float64 holds exactly
		if sc.Min != nil {
			if *sc.Min != float64(int64(*sc.Min)) || *sc.Min < -exact || *sc.Min > exact {
				return p, false
			}
			p.min, p.hasMin = int64(*sc.Min), true
		}
		if sc.Max != nil {
			if *sc.Max != float64(int64(*sc.Max)) || *sc.Max < -exact || *sc.Max > exact {
				return p, false
			}
			p.max, p.hasMax = int64(*sc.Max), true
		}
		// A width: int64 and uint64 hold every integer the scanner reads
		// (15 digits at most); int32 bounds it further, as kin-openapi's
		// int32 format validator does. Any other format is not checked here.
		switch sc.Format {
		case "", "int64", "uint64":
		case "int32":
			if !p.hasMin {
				p.min = math.MinInt32
			}
			p.min, p.hasMin = max(p.min, math.MinInt32), true
			if !p.hasMax {
				p.max = math.MaxInt32
			}
			p.max, p.hasMax = min(p.max, math.MaxInt32), true
		default:
			return p, false
		}
	case "boolean":
		p.kind = fastBoolean
	case "array":
		p.kind = fastStrings
		if sc.Items == nil || sc.Items.Value == nil || schemaType(sc.Items.Value) != "string" {
			return p, false
		}
		if !stringBounds(&p, sc.Items.Value) || sc.MinItems > 1<<20 {
			return p, false
		}
		p.minItems = int(sc.MinItems)
		if sc.MaxItems != nil {
			if *sc.MaxItems > 1<<20 {
				return p, false
			}
			p.maxItems = int(*sc.MaxItems)
		}
	default:
		return p, false
	}
	return p, true
}

// stringBounds copies a string schema's length bounds and enum into p.
func stringBounds(p *fastProp, sc *openapi3.Schema) bool {
	if sc.MinLength > 1<<20 {
		return false
	}
	p.minLen = int(sc.MinLength)
	if sc.MaxLength != nil {
		if *sc.MaxLength > 1<<20 {
			return false
		}
		p.maxLen = int(*sc.MaxLength)
	}
	for _, e := range sc.Enum {
		s, ok := e.(string)
		if !ok {
			return false
		}
		p.enum = append(p.enum, s)
	}
	return true
}

// index returns the index of the property named name, or -1.
func (f *fastBody) index(name []byte) int {
	for i := range f.props {
		if f.props[i].name == string(name) {
			return i
		}
	}
	return -1
}

// valid reports whether body is certainly valid against f's schema (see
// the file comment); false means "not sure".
func (f *fastBody) valid(body []byte) bool {
	s := fastScanner{b: body}
	s.ws()
	if !s.eat('{') {
		return false
	}
	var seen uint64
	s.ws()
	if !s.eat('}') {
		for {
			s.ws()
			key, ok := s.str()
			if !ok {
				return false
			}
			i := f.index(key)
			if i < 0 || seen&(1<<i) != 0 {
				return false // unknown (additionalProperties false) or written twice
			}
			seen |= 1 << i
			s.ws()
			if !s.eat(':') {
				return false
			}
			s.ws()
			if !f.props[i].value(&s) {
				return false
			}
			s.ws()
			if s.eat('}') {
				break
			}
			if !s.eat(',') {
				return false
			}
		}
	}
	s.ws()
	return s.i == len(s.b) && seen&f.required == f.required
}

// value scans one value of p.
func (p *fastProp) value(s *fastScanner) bool {
	switch p.kind {
	case fastString:
		v, ok := s.str()
		return ok && p.stringOK(v)
	case fastInteger:
		n, ok := s.integer()
		return ok && (!p.hasMin || n >= p.min) && (!p.hasMax || n <= p.max)
	case fastBoolean:
		return s.word("true") || s.word("false")
	case fastStrings:
		if !s.eat('[') {
			return false
		}
		n := 0
		s.ws()
		if !s.eat(']') {
			for {
				s.ws()
				v, ok := s.str()
				if !ok || !p.stringOK(v) {
					return false
				}
				n++
				s.ws()
				if s.eat(']') {
					break
				}
				if !s.eat(',') {
					return false
				}
			}
		}
		return n >= p.minItems && (p.maxItems < 0 || n <= p.maxItems)
	}
	return false
}

// stringOK checks a string (printable ASCII, so bytes are characters)
// against p's length bounds and enum.
func (p *fastProp) stringOK(v []byte) bool {
	if len(v) < p.minLen || p.maxLen >= 0 && len(v) > p.maxLen {
		return false
	}
	if p.enum == nil {
		return true
	}
	for _, e := range p.enum {
		if e == string(v) {
			return true
		}
	}
	return false
}

// fastScanner reads the JSON subset a fastBody accepts.
type fastScanner struct {
	b []byte
	i int
}

func (s *fastScanner) ws() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

func (s *fastScanner) eat(c byte) bool {
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

func (s *fastScanner) word(w string) bool {
	if len(s.b)-s.i >= len(w) && string(s.b[s.i:s.i+len(w)]) == w {
		s.i += len(w)
		return true
	}
	return false
}

// str scans a string of printable ASCII without escapes and returns its
// contents.
func (s *fastScanner) str() ([]byte, bool) {
	if !s.eat('"') {
		return nil, false
	}
	start := s.i
	for s.i < len(s.b) {
		c := s.b[s.i]
		switch {
		case c == '"':
			s.i++
			return s.b[start : s.i-1], true
		case c < 0x20 || c > 0x7e || c == '\\':
			return nil, false
		}
		s.i++
	}
	return nil, false
}

// integer scans an integer written as JSON writes one (an optional minus,
// no leading zero), of at most 15 digits so that every decoder reads it
// exactly.
func (s *fastScanner) integer() (int64, bool) {
	neg := s.eat('-')
	start := s.i
	var n int64
	for s.i < len(s.b) && s.b[s.i] >= '0' && s.b[s.i] <= '9' {
		n = n*10 + int64(s.b[s.i]-'0')
		s.i++
	}
	digits := s.i - start
	if digits == 0 || digits > 15 || digits > 1 && s.b[start] == '0' {
		return 0, false
	}
	if s.i < len(s.b) {
		switch s.b[s.i] {
		case '.', 'e', 'E':
			return 0, false
		}
	}
	if neg {
		n = -n
	}
	return n, true
}

// fastBodies returns the fastBody of each operation of doc whose JSON
// request body has one.
func fastBodies(doc *openapi3.T) map[*openapi3.Operation]*fastBody {
	out := map[*openapi3.Operation]*fastBody{}
	if doc == nil || doc.Paths == nil {
		return out
	}
	for _, item := range doc.Paths.Map() {
		for _, op := range item.Operations() {
			if op.RequestBody == nil || op.RequestBody.Value == nil {
				continue
			}
			mt := op.RequestBody.Value.Content.Get("application/json")
			if mt == nil {
				continue
			}
			if f := newFastBody(mt.Schema); f != nil {
				out[op] = f
			}
		}
	}
	return out
}

// fastValid reports whether the request of in, carrying the JSON body
// body, is certainly valid: its operation has a fastBody that accepts the
// body, the request has no query string, the operation takes no parameter
// that is required or not in the query (so openapi3filter would check no
// parameter). Security is not the validator's (see accessTable: the route
// of in is the operation's copy without requirements, and keys are
// checked before the body is read). op is the contract's operation, which
// s.fast is keyed by.
func (s *Server) fastValid(in *openapi3filter.RequestValidationInput, op *openapi3.Operation, body []byte) bool {
	r, route := in.Request, in.Route
	f := s.fast[op]
	if f == nil || r.URL.RawQuery != "" {
		return false
	}
	for _, ps := range []openapi3.Parameters{route.PathItem.Parameters, route.Operation.Parameters} {
		for _, p := range ps {
			if p.Value == nil || p.Value.In != openapi3.ParameterInQuery || p.Value.Required {
				return false
			}
		}
	}
	return f.valid(body)
}
