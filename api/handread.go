package api

import (
	"errors"

	"github.com/scoophq/scoop/internal/fault"
)

// inputError makes a reader's error about the input a domain error: Invalid
// unless it already says what it is.
func inputError(err error) error {
	var f *fault.Error
	if errors.As(err, &f) {
		return err
	}
	return &fault.Error{Kind: fault.Invalid, Action: -1, Message: err.Error(), Err: err}
}
