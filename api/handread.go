package api

import (
	"errors"
	"fmt"
	"mime"
	"net/http"
	"runtime/debug"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
)

// formatOf maps a Content-Type to the hand-history format; any other type
// is detected from the body as `scoop import` detects a file
// (handhistory.Detect, which decodes UTF-16 and Windows-1252 text first).
// It returns "" when nothing is recognised: readHands then answers with
// Detect's error, which names an unsupported site when it knows one.
func formatOf(contentType string, body []byte) handhistory.Format {
	mt, _, _ := mime.ParseMediaType(contentType)
	switch mt {
	case "application/json", "application/x-ndjson":
		return handhistory.FormatJSON
	case "application/toml":
		return handhistory.FormatPHH
	}
	f, _ := handhistory.Detect("", body)
	return f
}

// readHands reads a posted file through handhistory.Read, the reader
// `scoop import` and `scoop replay` use (same decoding, same bounds, same
// hands); a file that cannot be read at all is the client's fault
// (Invalid), whatever error the reader gives.
func readHands(f handhistory.Format, body []byte) (entries []handhistory.Entry, err error) {
	defer func() {
		if v := recover(); v != nil {
			entries, err = nil, &fault.Error{Kind: fault.Internal, Action: -1,
				Message: "reading the hand history failed", Err: fmt.Errorf("panic: %v\n%s", v, debug.Stack())}
		}
	}()
	if f == "" {
		_, err := handhistory.Detect("", body)
		if err == nil {
			err = fault.New(fault.Invalid, "the body is not a hand history Scoop reads")
		}
		return nil, inputError(err)
	}
	entries, err = handhistory.Read(f, body)
	if err != nil {
		return nil, inputError(err)
	}
	return entries, nil
}

// inputError makes a reader's error about the input a domain error: Invalid
// unless it already says what it is.
func inputError(err error) error {
	var f *fault.Error
	if errors.As(err, &f) {
		return err
	}
	return &fault.Error{Kind: fault.Invalid, Action: -1, Message: err.Error(), Err: err}
}

// replay runs analysis.FromEntryContext on a read hand under the request's
// context, so that a client who leaves stops its replay (the error is then
// of kind Canceled), turning a panic in the engine into an Internal error
// for this hand (logged) rather than a failed request.
func (s *Server) replay(r *http.Request, e handhistory.Entry) (v analysis.Verdict, err error) {
	defer func() {
		if p := recover(); p != nil {
			s.log.ErrorContext(r.Context(), "replay panic", "request_id", requestID(r.Context()),
				"panic", fmt.Sprint(p), "stack", string(debug.Stack()))
			err = fault.New(fault.Internal, "replay failed")
		}
	}()
	return analysis.FromEntryContext(r.Context(), e)
}
