package main

import (
	"context"
	"errors"
	"io"

	"github.com/scoophq/scoop/internal/equitycli"
)

// runEquity is `scoop equity` (internal/equitycli, which bin/scoop also
// runs without linking the server): a usage error there is one here (exit
// status 2, one line).
func runEquity(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	err := equitycli.Run(ctx, args, stdout, stderr)
	if ue, ok := errors.AsType[*equitycli.UsageError](err); ok {
		return usagef("%s", ue.Msg)
	}
	return err
}
