package api

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"
)

// Bounds of a gzip-encoded import body, beyond its decoded size
// (jobs.MaxUploadBytes): hand histories compress some 5 to 15 times, so a
// body that expands more than MaxGzipRatio times (past its first
// gzipRatioGrace decoded bytes) is a 413 at once, and decoding runs at
// most GzipDecodeRate bytes a second, so that 1 MB of gzip cannot make
// the server decode and store 256 MiB in seconds (it cost 5-31 s of work
// and up to 256 MiB of database writes before its 413).
const (
	MaxGzipRatio   = 50
	gzipRatioGrace = 1 << 20
	GzipDecodeRate = 64 << 20 // bytes a second
)

// errInflated is the error of a gzip body past MaxGzipRatio.
var errInflated = errors.New("the gzip body expands more than 50 times")

// countReader counts the bytes read through it.
type countReader struct {
	r io.Reader
	n int64
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// inflateGuard bounds a decoded gzip stream: its ratio to the compressed
// bytes read (in) and its rate, waiting (or ending with ctx) when decoding
// runs ahead of GzipDecodeRate.
type inflateGuard struct {
	ctx   context.Context
	r     io.Reader
	in    *countReader
	out   int64
	start time.Time
}

func newInflateGuard(ctx context.Context, decoded io.Reader, in *countReader) *inflateGuard {
	return &inflateGuard{ctx: ctx, r: decoded, in: in, start: time.Now()}
}

func (g *inflateGuard) Read(p []byte) (int, error) {
	n, err := g.r.Read(p)
	g.out += int64(n)
	if g.out > gzipRatioGrace && g.out > MaxGzipRatio*max(g.in.n, 1) {
		return n, fmt.Errorf("%w (%d bytes from %d)", errInflated, g.out, g.in.n)
	}
	if ahead := time.Duration(float64(g.out)/GzipDecodeRate*float64(time.Second)) - time.Since(g.start); ahead > 10*time.Millisecond {
		t := time.NewTimer(ahead)
		defer t.Stop()
		select {
		case <-t.C:
		case <-g.ctx.Done():
			return n, g.ctx.Err()
		}
	}
	return n, err
}
