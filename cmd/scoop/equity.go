package main

import (
	"context"
	"io"

	"github.com/scoophq/scoop/internal/equitycli"
)

// runEquity is `scoop equity` (internal/equitycli, which bin/scoop also
// runs without linking the server); its usage errors are this command
// line's (usageError is equitycli.UsageError).
func runEquity(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	return equitycli.Run(ctx, args, stdout, stderr)
}
