package main

import (
	"context"
	"errors"
	"io"
)

// runServe is being built (see the open issues).
func runServe(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	return errors.New("not built yet")
}
