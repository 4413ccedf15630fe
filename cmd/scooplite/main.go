// Command scooplite is bin/scoop as make build makes it: the command line
// that starts as fast as the C tools. `scoop equity` runs here at once
// (internal/equitycli, the same code as cmd/scoop's); every other command
// is handed, arguments, environment and standard streams as they are, to
// the full binary scoop-full beside it (cmd/scoop: the server, the store,
// hand histories), which replaces this process.
//
// Why two binaries: Go runs the initialisation of every package a binary
// links before main, whatever the command. The full binary links the
// server's contract validation (kin-openapi, whose JSON-schema dependency
// compiles five meta-schemas at start: 3.4 ms and 1.7 MB), Prometheus, the
// SQLite and PostgreSQL drivers...: about 10 ms before the first line of
// `scoop equity`, against 1 ms for this one.
//
// Exit status: as cmd/scoop's: 0 on success, 2 for bad input or flags
// (one line on stderr), 1 for any other failure, including a missing
// scoop-full.
package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"sync"
	"syscall"
	"time"

	"github.com/scoophq/scoop/internal/equitycli"
)

// fullName is the full binary's file name, next to this one.
const fullName = "scoop-full"

func main() {
	args := os.Args[1:]
	if len(args) > 0 && args[0] == "equity" {
		ctx, stop := interruptible(context.Background(), interruptAfter)
		// The answer is written at the end, in one write: its table
		// writer makes a write per cell, about 60 system calls for three
		// players, which were a tenth of a flop's run.
		out := bufio.NewWriterSize(os.Stdout, 16<<10)
		code := runEquity(ctx, args[1:], out, os.Stderr)
		stop()
		if err := out.Flush(); err != nil && code == 0 {
			fmt.Fprintf(os.Stderr, "scoop equity: %v\n", err)
			code = 1
		}
		os.Exit(code)
	}
	full, err := fullPath()
	if err == nil {
		err = syscall.Exec(full, append([]string{full}, args...), os.Environ())
	}
	cmd := "scoop"
	if len(args) > 0 {
		cmd += " " + args[0]
	}
	fmt.Fprintf(os.Stderr, "%s: %v (make build puts bin/scoop and bin/%s side by side)\n", cmd, err, fullName)
	os.Exit(1)
}

// interruptAfter is how long `scoop equity` runs before an interrupt
// cancels it cleanly rather than ending the process at once.
const interruptAfter = 20 * time.Millisecond

// interruptible returns a context that an interrupt (SIGINT, SIGTERM)
// cancels once after has passed, and the function that releases it. A
// run shorter than that (a flop takes a fraction of a millisecond) never
// installs the handler: os/signal starts a goroutine that waits for
// signals on a thread of its own, and creating those threads was a fifth
// of such a run. Before then an interrupt ends the process at once, as it
// would any program that has nothing to clean up: nothing is written
// before the answer is complete.
func interruptible(parent context.Context, after time.Duration) (context.Context, func()) {
	ctx, cancel := context.WithCancel(parent)
	var (
		mu       sync.Mutex
		released bool
		stop     func() // the handler's release, once installed
	)
	t := time.AfterFunc(after, func() {
		mu.Lock()
		defer mu.Unlock()
		if released {
			return
		}
		sig, stopNotify := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
		context.AfterFunc(sig, cancel) // a signal cancels ctx
		stop = stopNotify
	})
	return ctx, func() {
		t.Stop()
		mu.Lock()
		released = true
		if stop != nil {
			stop()
		}
		mu.Unlock()
		cancel()
	}
}

// runEquity runs `scoop equity` and returns the exit status, writing a
// failure as cmd/scoop does: one line "scoop equity: ...".
func runEquity(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	err := equitycli.Run(ctx, args, stdout, stderr)
	if err == nil {
		return 0
	}
	fmt.Fprintf(stderr, "scoop equity: %v\n", err)
	if _, ok := errors.AsType[*equitycli.UsageError](err); ok {
		return 2
	}
	return 1
}

// fullPath returns the path of scoop-full beside this executable.
func fullPath() (string, error) {
	self, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("cannot find this executable: %w", err)
	}
	if r, err := filepath.EvalSymlinks(self); err == nil {
		self = r
	}
	full := filepath.Join(filepath.Dir(self), fullName)
	if _, err := os.Stat(full); err != nil {
		return "", fmt.Errorf("this command is in the full binary %s, not found beside %s", fullName, self)
	}
	return full, nil
}
