package main

import (
	"context"
	"errors"
	"io"
)

// runImport is being built (see the open issues).
func runImport(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	return errors.New("not built yet")
}
