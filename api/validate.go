package api

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"mime"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"
	"github.com/go-chi/chi/v5"

	scoop "github.com/scoophq/scoop"
	"github.com/scoophq/scoop/internal/admission"
)

// Default body limits, in bytes (Limits.MaxJSONBody and MaxTextBody).
const (
	MaxJSONBody = 1 << 20  // application/json bodies
	MaxTextBody = 32 << 20 // hand-history text (PHH, PokerStars, JSON Lines)
)

// Spec is the loaded and validated OpenAPI contract with its router.
type Spec struct {
	Doc    *openapi3.T
	Router routers.Router
}

var registerDecoders sync.Once

// LoadSpec parses and validates the embedded openapi.yaml. The server does
// it once at start; tests use it to validate responses.
func LoadSpec(ctx context.Context) (*Spec, error) {
	registerDecoders.Do(func() {
		// Hand-history text is validated as a string; the readers judge it.
		for _, ct := range []string{"application/toml", "application/x-ndjson", "text/html"} {
			if openapi3filter.RegisteredBodyDecoder(ct) == nil {
				openapi3filter.RegisterBodyDecoder(ct, openapi3filter.PlainBodyDecoder)
			}
		}
		if openapi3filter.RegisteredBodyDecoder("application/xml") == nil { // iPoker XML, read as text (handhistory.Detect)
			openapi3filter.RegisterBodyDecoder("application/xml", openapi3filter.PlainBodyDecoder)
		}
	})
	loader := openapi3.NewLoader()
	loader.Context = ctx
	doc, err := loader.LoadFromData(scoop.OpenAPI)
	if err != nil {
		return nil, fmt.Errorf("openapi.yaml: %w", err)
	}
	if err := doc.Validate(ctx); err != nil {
		return nil, fmt.Errorf("openapi.yaml is not valid OpenAPI: %w", err)
	}
	// Requests are routed by path alone, whatever address the server is
	// reached at: the document's servers tell clients where to find one.
	routed := *doc
	routed.Servers = nil
	router, err := legacy.NewRouter(&routed)
	if err != nil {
		return nil, fmt.Errorf("openapi.yaml routes: %w", err)
	}
	return &Spec{Doc: doc, Router: router}, nil
}

// validated is the chi middleware that checks a /v1 request against the
// contract: the Content-Type and Content-Encoding (415), the body size
// (413: at once from Content-Length, without reading), the body's bytes
// admitted (429 when the budget stays full, see Limits) and read here once
// for the handler (takeBody), then parameters and body (400 naming the
// field). The body's bytes are held until the handler returns. A path or
// method the contract does not know is passed on for the router to answer
// 404 or 405. HEAD is validated as the GET it is answered as.
func (s *Server) validated(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		orig := r
		if r.Method == http.MethodHead {
			r = r.Clone(r.Context())
			r.Method = http.MethodGet
		}
		// The router answers what it does not route (404, 405); the
		// contract's own router is looser (it matches /v1/equity/{id} with
		// an empty id).
		if !s.router.Match(chi.NewRouteContext(), r.Method, r.URL.Path) {
			next.ServeHTTP(w, orig)
			return
		}
		route, params, err := s.spec.Router.FindRoute(r)
		if err != nil {
			next.ServeHTTP(w, orig)
			return
		}
		if p, ok := unknownQuery(r, route); ok {
			s.sendProblem(w, p)
			return
		}
		// The operation's scope, before any byte of the body is read.
		if need := s.access.scope[route.Operation]; need != 0 {
			if err := require(w, r, need); err != nil {
				refuseBody(w)
				s.writeProblem(w, r, err)
				return
			}
		}
		op := route.Operation
		route = s.access.route(route)
		opts := &openapi3filter.Options{
			AuthenticationFunc: openapi3filter.NoopAuthenticationFunc,
		}
		var held *heldBody
		// An optional body may be left out (no Content-Type, no bytes).
		if rb := route.Operation.RequestBody; rb != nil && rb.Value != nil &&
			(rb.Value.Required || r.Header.Get("Content-Type") != "" || r.ContentLength != 0) {
			ct := r.Header.Get("Content-Type")
			mt, _, perr := mime.ParseMediaType(ct)
			if ct == "" || perr != nil || rb.Value.Content.Get(mt) == nil {
				refuseBody(w)
				s.sendProblem(w, unsupported(r, ct, rb.Value.Content))
				return
			}
			if streamed, _ := route.Operation.Extensions["x-scoop-streamed"].(bool); streamed {
				// The handler streams the body itself (POST /v1/imports),
				// bounding it: nothing of it is read here.
				opts.ExcludeRequestBody = true
			} else {
				limit := s.limits.MaxTextBody
				if mt == "application/json" || mt == "application/x-www-form-urlencoded" {
					limit = s.limits.MaxJSONBody
				}
				body, release, ok := s.readBody(w, r, mt, limit)
				if !ok {
					return
				}
				defer release()
				held = &heldBody{b: body}
				r.Body = io.NopCloser(bytes.NewReader(body))
				r = r.WithContext(context.WithValue(r.Context(), keyBody, held))
				if mt != "application/json" {
					// Text is checked by its reader, which names the line.
					opts.ExcludeRequestBody = true
				}
			}
		}
		// The common JSON body is checked by its fastBody when it can be
		// (fastbody.go); anything else, and every invalid request, by
		// openapi3filter.
		in := &openapi3filter.RequestValidationInput{Request: r, PathParams: params, Route: route, Options: opts}
		if held == nil || opts.ExcludeRequestBody || !s.fastValid(in, op, held.b) {
			if err := openapi3filter.ValidateRequest(r.Context(), in); err != nil {
				s.sendProblem(w, validationProblem(r, err))
				return
			}
		}
		if held != nil {
			// The handler takes the bytes from the context (takeBody), so
			// that it can drop them once parsed.
			r.Body = http.NoBody
		}
		if orig.Method == http.MethodHead {
			r = orig // answered as GET, which has no body: nothing was read
		}
		next.ServeHTTP(w, r)
	})
}

// heldBody is a request body read by validated, until the handler takes it.
type heldBody struct{ b []byte }

// takeBody returns the body validated read (nil when none) and forgets it:
// once the handler has parsed it and dropped it, nothing holds the bytes.
func takeBody(r *http.Request) []byte {
	h, _ := r.Context().Value(keyBody).(*heldBody)
	if h == nil {
		return nil
	}
	b := h.b
	h.b = nil
	return b
}

// refuseBody marks the connection to be closed after a response that
// leaves the body unread: nothing of it is read, not even to drain it (and
// no "100 Continue" is sent).
func refuseBody(w http.ResponseWriter) { w.Header().Set("Connection", "close") }

// readBody admits and reads r's body (media type mt, at most limit bytes as
// sent and as decoded). Identity bodies of known length reserve their
// length before the first byte is read and are read into a buffer of
// exactly that size; gzip bodies and bodies of unknown length reserve as
// they are read. ok is false when it has answered the request: 415 for an
// encoding other than identity or gzip, 413 over the limit, 429 when the
// bytes are not admitted, 400 when the body cannot be read. release gives
// the bytes back.
func (s *Server) readBody(w http.ResponseWriter, r *http.Request, mt string, limit int64) (body []byte, release func(), ok bool) {
	gz := false
	enc := r.Header.Values("Content-Encoding")
	switch e := strings.ToLower(strings.TrimSpace(strings.Join(enc, ","))); {
	case e == "" || e == "identity":
	case (e == "gzip" || e == "x-gzip") && len(enc) == 1:
		gz = true
	default:
		refuseBody(w)
		p := newProblem(r, http.StatusUnsupportedMediaType, fmt.Sprintf("Content-Encoding %q is not accepted; send the body as is (identity) or gzip", strings.Join(enc, ", ")))
		p.Field = "Content-Encoding"
		s.sendProblem(w, p)
		return nil, nil, false
	}
	tooLarge := func(decoded bool) {
		refuseBody(w)
		what := ""
		if decoded {
			what = " once decoded"
		}
		s.sendProblem(w, newProblem(r, http.StatusRequestEntityTooLarge, fmt.Sprintf("the %s body exceeds %d bytes%s", mt, limit, what)))
	}
	if r.ContentLength > limit {
		tooLarge(false)
		return nil, nil, false
	}
	var grants []*admission.Grant
	release = func() {
		for _, g := range grants {
			g.Release()
		}
	}
	reserve := func(n int64, cheap bool) bool {
		g, err := s.admit(w, r, s.bodies, "body", n, cheap)
		if err != nil {
			release()
			refuseBody(w)
			s.writeProblem(w, r, err)
			return false
		}
		grants = append(grants, g)
		return true
	}
	unreadable := func(err error) {
		release()
		refuseBody(w)
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			tooLarge(false)
			return
		}
		what := "the request body"
		if gz {
			what = "the gzip request body"
		}
		s.sendProblem(w, newProblem(r, http.StatusBadRequest, fmt.Sprintf("could not read %s: %v", what, err)))
	}
	if !gz && r.ContentLength >= 0 {
		n := r.ContentLength
		if !reserve(n, n <= s.limits.CheapBytes) {
			return nil, nil, false
		}
		body = make([]byte, n)
		if _, err := io.ReadFull(r.Body, body); err != nil {
			unreadable(err)
			return nil, nil, false
		}
		return body, release, true
	}
	// Unknown length or gzip: reserve as the (decoded) bytes come.
	reserved := min(s.limits.CheapBytes, limit+1)
	if !reserve(reserved, true) {
		return nil, nil, false
	}
	var src io.Reader = http.MaxBytesReader(w, r.Body, limit)
	if gz {
		zr, err := gzip.NewReader(src)
		if err != nil {
			unreadable(err)
			return nil, nil, false
		}
		src = zr
	}
	body = make([]byte, 0, reserved)
	for {
		if int64(len(body)) == reserved {
			if reserved > limit {
				release()
				tooLarge(gz)
				return nil, nil, false
			}
			// A body that ends exactly here needs no more: look for one
			// more byte before reserving any.
			var next [1]byte
			n, err := io.ReadFull(src, next[:])
			if err == io.EOF {
				break
			}
			if err != nil {
				unreadable(err)
				return nil, nil, false
			}
			more := min(max(s.limits.CheapBytes, reserved/2), limit+1-reserved)
			if !reserve(more, false) {
				return nil, nil, false
			}
			reserved += more
			grown := make([]byte, len(body), reserved)
			copy(grown, body)
			body = append(grown, next[:n]...)
		}
		n, err := src.Read(body[len(body):reserved])
		body = body[:len(body)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			unreadable(err)
			return nil, nil, false
		}
	}
	if int64(len(body)) > limit {
		release()
		tooLarge(gz)
		return nil, nil, false
	}
	return body, release, true
}

func unsupported(r *http.Request, ct string, content openapi3.Content) Problem {
	var types []string
	for t := range content {
		types = append(types, t)
	}
	slices.Sort(types)
	if ct == "" {
		ct = "no Content-Type"
	}
	return newProblem(r, http.StatusUnsupportedMediaType, fmt.Sprintf("%s is not accepted here; use one of %s", ct, strings.Join(types, ", ")))
}

// validationProblem is the 400 for a request the contract rejects, naming
// the parameter or the body field.
func validationProblem(r *http.Request, err error) Problem {
	p := newProblem(r, http.StatusBadRequest, "")
	p.Type = "urn:scoop:problem:invalid"
	var re *openapi3filter.RequestError
	if !errors.As(err, &re) {
		p.Detail = err.Error()
		return p
	}
	var se *openapi3.SchemaError
	switch {
	case re.Parameter != nil:
		p.Field = re.Parameter.Name
		reason := cause(re)
		if errors.As(re.Err, &se) {
			reason = reasonOf(deepest(se))
		}
		p.Detail = fmt.Sprintf("%s parameter %q: %s", re.Parameter.In, re.Parameter.Name, reason)
	case errors.As(re.Err, &se):
		d := deepest(se)
		p.Field = strings.Join(d.JSONPointer(), ".")
		if strings.HasPrefix(d.Reason, `property "`) && strings.HasSuffix(d.Reason, "is unsupported") {
			// The pointer stops at the object; the reason quotes the key.
			if _, rest, ok := strings.Cut(d.Reason, `"`); ok {
				if name, _, ok := strings.Cut(rest, `"`); ok {
					p.Field = strings.TrimPrefix(p.Field+"."+name, ".")
				}
			}
		}
		p.Detail = schemaMessage(se)
	default:
		p.Detail = "malformed request body: " + cause(re)
	}
	return p
}

func cause(re *openapi3filter.RequestError) string {
	var se *openapi3.SchemaError
	if errors.As(re.Err, &se) {
		return schemaMessage(se)
	}
	if re.Err != nil {
		return re.Err.Error()
	}
	return re.Reason
}

// deepest follows a oneOf/anyOf failure to the sub-error that got furthest
// into the document, so the field named is the one actually wrong; at equal
// depth one that is not a type mismatch wins (a Hand object with an unknown
// member fails the array alternative on its type and the object one on the
// member: the member is what is wrong).
func deepest(se *openapi3.SchemaError) *openapi3.SchemaError {
	var me openapi3.MultiError
	if !errors.As(se.Origin, &me) {
		return se
	}
	best, bestScore := se, -1
	for _, e := range me {
		var sub *openapi3.SchemaError
		if !errors.As(e, &sub) {
			continue
		}
		d := deepest(sub)
		score := 2 * len(d.JSONPointer())
		if d.SchemaField != "type" {
			score++
		}
		if score > bestScore {
			best, bestScore = d, score
		}
	}
	return best
}

func schemaMessage(se *openapi3.SchemaError) string {
	d := deepest(se)
	field := strings.Join(d.JSONPointer(), ".")
	if field == "" {
		field = "body"
	}
	return field + ": " + reasonOf(d)
}

// goWords are words of Go, not of the user, that a validator's reason may
// carry ("cannot convert json.Number to float64" for 1e400).
var goWords = regexp.MustCompile(`json\.Number|float64|float32|u?int(8|16|32|64)?\b|cannot convert|reflect|\bstruct\b`)

// reasonOf is the reason of a schema error in the user's words: a number
// out of range names the bound as written ("must be at most 10000000, got
// 10000001"), one no number type holds the range the schema wants ("want
// an integer from 1 to 10000000, got 1e400"), never in Go's words.
func reasonOf(d *openapi3.SchemaError) string {
	reason := d.Reason
	if reason == "" {
		reason = d.Error()
	}
	sc := d.Schema
	numeric := sc != nil && sc.Type != nil && (sc.Type.Is("integer") || sc.Type.Is("number"))
	num := func(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
	switch {
	case numeric && d.SchemaField == "maximum" && sc.Max != nil:
		return fmt.Sprintf("must be at most %s, got %s", num(*sc.Max), valueText(d.Value))
	case numeric && d.SchemaField == "minimum" && sc.Min != nil:
		return fmt.Sprintf("must be at least %s, got %s", num(*sc.Min), valueText(d.Value))
	case numeric && goWords.MatchString(reason):
		return fmt.Sprintf("want %s, got %s", wantNumber(sc), valueText(d.Value))
	case goWords.MatchString(reason):
		return "not a value this field can hold"
	}
	return reason
}

// wantNumber says what numbers schema sc accepts, in words.
func wantNumber(sc *openapi3.Schema) string {
	kind := "a number"
	if sc.Type.Is("integer") {
		kind = "an integer"
	}
	num := func(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
	switch {
	case sc.Min != nil && sc.Max != nil:
		return fmt.Sprintf("%s from %s to %s", kind, num(*sc.Min), num(*sc.Max))
	case sc.Min != nil:
		return fmt.Sprintf("%s of at least %s", kind, num(*sc.Min))
	case sc.Max != nil:
		return fmt.Sprintf("%s of at most %s", kind, num(*sc.Max))
	}
	return kind + " of ordinary size"
}

// valueText writes a JSON value as the client sent it, or near enough.
func valueText(v any) string {
	switch t := v.(type) {
	case json.Number:
		return string(t)
	case float64:
		return strconv.FormatFloat(t, 'f', -1, 64)
	case string:
		return strconv.Quote(t)
	}
	b, err := json.Marshal(v)
	if err != nil || len(b) > 64 {
		return "another value"
	}
	return string(b)
}

// unknownQuery returns the 400 for a query parameter the operation does not
// declare (a typo such as ?playr=alice would otherwise be ignored and the
// answer silently wrong); ok is false when every parameter is declared.
func unknownQuery(r *http.Request, route *routers.Route) (Problem, bool) {
	if r.URL.RawQuery == "" {
		return Problem{}, false // no parameter at all: nothing to look up
	}
	declared := map[string]bool{}
	for _, ps := range []openapi3.Parameters{route.PathItem.Parameters, route.Operation.Parameters} {
		for _, p := range ps {
			if p.Value != nil && p.Value.In == openapi3.ParameterInQuery {
				declared[p.Value.Name] = true
			}
		}
	}
	// url.Values from r.URL.Query() drops a pair it cannot unescape
	// ("limit=%zz"), so that the parameter would silently take its
	// default: such a query is refused whole, naming the pair.
	query, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		p := newProblem(r, http.StatusBadRequest, fmt.Sprintf("malformed query string: %s (escape %% as %%25)", clipParam(err.Error())))
		p.Type = "urn:scoop:problem:invalid"
		return p, true
	}
	var unknown []string
	for k := range query {
		if !declared[k] {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) == 0 {
		return Problem{}, false
	}
	slices.Sort(unknown)
	known := slices.Sorted(maps.Keys(declared))
	takes := "no query parameters"
	if len(known) > 0 {
		takes = "only " + strings.Join(known, ", ")
	}
	p := newProblem(r, http.StatusBadRequest, fmt.Sprintf("unknown query parameter %q: %s %s takes %s", clipParam(unknown[0]), r.Method, route.Path, takes))
	p.Type = "urn:scoop:problem:invalid"
	p.Field = clipParam(unknown[0])
	return p, true
}

// clipParam bounds a client's parameter name echoed in a problem.
func clipParam(s string) string {
	if len(s) > 64 {
		return strings.ToValidUTF8(s[:64], "") + "..."
	}
	return strings.ToValidUTF8(s, "\ufffd")
}
