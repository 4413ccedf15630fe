package api

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"slices"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"
	"github.com/go-chi/chi/v5"

	scoop "github.com/scoophq/scoop"
)

// Body limits.
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
	router, err := legacy.NewRouter(doc)
	if err != nil {
		return nil, fmt.Errorf("openapi.yaml routes: %w", err)
	}
	return &Spec{Doc: doc, Router: router}, nil
}

// validated is the chi middleware that checks a /v1 request against the
// contract: the Content-Type (415), the body size (413, read here once and
// kept for the handler), then parameters and body (400 naming the field).
// A path or method the contract does not know is passed on for the router
// to answer 404 or 405. HEAD is validated as the GET it is answered as.
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
		opts := &openapi3filter.Options{
			AuthenticationFunc: openapi3filter.NoopAuthenticationFunc,
		}
		if rb := route.Operation.RequestBody; rb != nil && rb.Value != nil {
			ct := r.Header.Get("Content-Type")
			mt, _, perr := mime.ParseMediaType(ct)
			if ct == "" || perr != nil || rb.Value.Content.Get(mt) == nil {
				s.sendProblem(w, unsupported(r, ct, rb.Value.Content))
				return
			}
			limit := int64(MaxTextBody)
			if mt == "application/json" {
				limit = MaxJSONBody
			}
			body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
			if err != nil {
				var mbe *http.MaxBytesError
				if errors.As(err, &mbe) {
					p := newProblem(r, http.StatusRequestEntityTooLarge, fmt.Sprintf("the %s body exceeds %d bytes", mt, limit))
					w.Header().Set("Connection", "close")
					s.sendProblem(w, p)
					return
				}
				p := newProblem(r, http.StatusBadRequest, "could not read the request body: "+err.Error())
				s.sendProblem(w, p)
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
			r = r.WithContext(context.WithValue(r.Context(), keyBody, body))
			if mt != "application/json" {
				// Text is checked by its reader, which names the line.
				opts.ExcludeRequestBody = true
			}
		}
		in := &openapi3filter.RequestValidationInput{Request: r, PathParams: params, Route: route, Options: opts}
		if err := openapi3filter.ValidateRequest(r.Context(), in); err != nil {
			s.sendProblem(w, validationProblem(r, err))
			return
		}
		if body, ok := r.Context().Value(keyBody).([]byte); ok {
			r.Body = io.NopCloser(bytes.NewReader(body))
		}
		if orig.Method == http.MethodHead {
			r = orig // answered as GET, which has no body: nothing was read
		}
		next.ServeHTTP(w, r)
	})
}

// bodyOf returns the request body read by validated.
func bodyOf(r *http.Request) []byte {
	b, _ := r.Context().Value(keyBody).([]byte)
	return b
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
			reason = deepest(se).Reason
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
	reason := d.Reason
	if reason == "" {
		reason = d.Error()
	}
	return field + ": " + reason
}
