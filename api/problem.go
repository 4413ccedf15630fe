package api

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/fault"
)

// Problem is an RFC 9457 problem document, with Scoop's extension members
// locating the fault.
type Problem struct {
	Type     string `json:"type"`
	Title    string `json:"title"`
	Status   int    `json:"status"`
	Detail   string `json:"detail,omitempty"`
	Instance string `json:"instance,omitempty"`
	Field    string `json:"field,omitempty"`
	Line     int    `json:"line,omitempty"`
	Action   *int   `json:"action,omitempty"`
	Player   string `json:"player,omitempty"` // who made the illegal action
	Hand     int    `json:"hand,omitempty"`
	// ID is the stored hand's id: the illegal hand stored with its
	// verdict (422), or the hand already holding the natural key (409).
	ID string `json:"id,omitempty"`
	// Created says, with ID, whether this request stored the hand (true)
	// or found it stored before (false), as the per-hand results do; absent
	// when nothing is stored (POST /v1/hands/replay).
	Created *bool `json:"created,omitempty"`
	// Verdict is the hand's verdict, for an illegal hand or a conflict.
	Verdict   *analysis.Verdict `json:"verdict,omitempty"`
	RequestID string            `json:"request_id,omitempty"`
}

// statusClientGone is logged (never sent) when the client went away.
const statusClientGone = 499

// kindStatus is THE table from a fault kind to an HTTP status.
var kindStatus = map[fault.Kind]int{
	fault.Invalid:         http.StatusBadRequest,
	fault.Impossible:      http.StatusUnprocessableEntity,
	fault.NotFound:        http.StatusNotFound,
	fault.Unavailable:     http.StatusServiceUnavailable,
	fault.Overloaded:      http.StatusTooManyRequests,
	fault.Unauthenticated: http.StatusUnauthorized,
	fault.Forbidden:       http.StatusForbidden,
	fault.Canceled:        statusClientGone,
	fault.Internal:        http.StatusInternalServerError,
}

// statusOf returns the HTTP status for err's kind.
func statusOf(err error) int {
	if s, ok := kindStatus[fault.KindOf(err)]; ok {
		return s
	}
	return http.StatusInternalServerError
}

// problemFor builds the problem for err. The detail of an internal error
// is generic: the error itself goes to the log only.
func problemFor(r *http.Request, err error) Problem {
	status := statusOf(err)
	p := newProblem(r, status, "")
	p.Type = "urn:scoop:problem:" + fault.KindOf(err).String()
	if status == http.StatusInternalServerError {
		p.Detail = "internal error; the request id identifies it in the server log"
		return p
	}
	var f *fault.Error
	if errors.As(err, &f) {
		p.Detail = f.Message
		if p.Detail == "" {
			p.Detail = f.Error()
		}
		p.Field, p.Line = f.Field, f.Line
		// Action 0 is also the zero value: trust it only for an illegal
		// action, which names no field.
		if f.Action > 0 || (f.Action == 0 && f.Kind == fault.Impossible && f.Field == "") {
			a := f.Action
			p.Action = &a
		}
	} else if status == http.StatusServiceUnavailable {
		// A bare deadline from below: its text is Go's, not ours.
		p.Detail = "a dependency (the database) did not answer in time; retry later"
	} else {
		p.Detail = err.Error()
	}
	return p
}

// problemTypes names the problem type of each status a fault kind does
// not produce: every problem is typed urn:scoop:problem:<name> (the spec's
// description lists them).
var problemTypes = map[int]string{
	http.StatusBadRequest:            "invalid",
	http.StatusNotFound:              "not-found",
	http.StatusMethodNotAllowed:      "method-not-allowed",
	http.StatusConflict:              "conflict",
	http.StatusRequestEntityTooLarge: "too-large",
	http.StatusUnsupportedMediaType:  "unsupported-media-type",
	http.StatusUnprocessableEntity:   "impossible",
	http.StatusTooManyRequests:       "overloaded",
	http.StatusInternalServerError:   "internal",
	http.StatusServiceUnavailable:    "unavailable",
}

// problemType returns the urn:scoop:problem type of a status.
func problemType(status int) string {
	if name, ok := problemTypes[status]; ok {
		return "urn:scoop:problem:" + name
	}
	return "urn:scoop:problem:internal"
}

// newProblem returns a problem with the given status and detail, typed by
// its status (problemType).
func newProblem(r *http.Request, status int, detail string) Problem {
	return Problem{
		Type:      problemType(status),
		Title:     http.StatusText(status),
		Status:    status,
		Detail:    detail,
		Instance:  r.URL.Path,
		RequestID: requestID(r.Context()),
	}
}

// writeProblem is the one funnel for errors: it logs err and writes its
// problem, or nothing when the client is gone.
//
// "Client gone" is decided by the request's own context only: a
// cancellation or deadline from below (the database's, a driver's
// connect_timeout) while the client still waits is a 503, never silence,
// since silence after a 200 status would tell the client that work was done
// which was not. Every 5xx is logged at error level with the request id and
// the whole cause (fault.Detail: SQLSTATE, constraint, driver message),
// which never goes to the client.
func (s *Server) writeProblem(w http.ResponseWriter, r *http.Request, err error) {
	ctx := r.Context()
	if fault.Gone(ctx, err) {
		markStatus(w, statusClientGone)
		s.log.InfoContext(ctx, "client gone", "request_id", requestID(ctx), "err", err, "cause", fault.Detail(err))
		return
	}
	if fault.KindOf(err) == fault.Canceled {
		err = &fault.Error{Kind: fault.Unavailable, Action: -1, Err: err,
			Message: "the work was cut short by the server before it finished; retry later"}
	}
	status := statusOf(err)
	if status >= 500 {
		s.log.ErrorContext(ctx, "request failed", "request_id", requestID(ctx), "status", status, "err", err, "cause", fault.Detail(err))
	}
	s.sendProblem(w, problemFor(r, err))
}

// sendProblem writes p as application/problem+json.
func (s *Server) sendProblem(w http.ResponseWriter, p Problem) {
	body, err := json.Marshal(p)
	if err != nil {
		body = []byte(`{"type":"urn:scoop:problem:internal","title":"Internal Server Error","status":500}`)
		p.Status = http.StatusInternalServerError
	}
	h := w.Header()
	h.Set("Content-Type", "application/problem+json")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	h.Del("Content-Encoding")
	w.WriteHeader(p.Status)
	w.Write(body)
}

// writeJSON writes v as application/json with status.
func (s *Server) writeJSON(w http.ResponseWriter, r *http.Request, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		s.writeProblem(w, r, &fault.Error{Kind: fault.Internal, Action: -1, Message: "encode response", Err: err})
		return
	}
	s.writeRawJSON(w, status, body)
}

func (s *Server) writeRawJSON(w http.ResponseWriter, status int, body []byte) {
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	w.Write(body)
}
