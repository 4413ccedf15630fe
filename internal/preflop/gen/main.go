// Command gen makes preflop.bin, the preflop table of package preflop:
// every class's equity.VersusRandom, classes spread over -workers
// goroutines, class c seeded with -seed + c (so the file depends only on
// -trials and -seed). `go generate ./internal/preflop` runs it under
// nice; it prints its progress and, at the end, its cost (wall and CPU
// time) and the largest standard error of the table.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/scoophq/scoop/internal/equity"
	"github.com/scoophq/scoop/internal/preflop"
)

func main() {
	out := flag.String("o", "preflop.bin", "the file to write")
	trials := flag.Int64("trials", preflop.DefaultTrials, "Monte Carlo trials per class")
	seed := flag.Uint64("seed", preflop.DefaultSeed, "seed of class 0 (class c: seed + c)")
	workers := flag.Int("workers", runtime.GOMAXPROCS(0), "goroutines")
	flag.Parse()
	if err := run(*out, *trials, *seed, *workers); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(out string, trials int64, seed uint64, workers int) error {
	start := time.Now()
	results := make([]*equity.VersusRandomResult, preflop.NumClasses)
	var next, done atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for range max(workers, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				c := int(next.Add(1) - 1)
				if c >= preflop.NumClasses {
					return
				}
				r, err := equity.VersusRandom(preflop.Representative(c), trials, seed+uint64(c))
				if err != nil {
					errs <- err
					return
				}
				results[c] = r
				if n := done.Add(1); n%1000 == 0 {
					fmt.Fprintf(os.Stderr, "gen: %d/%d classes, %s\n", n, preflop.NumClasses, time.Since(start).Round(time.Second))
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return err
	}
	var maxSE float64
	for _, r := range results {
		for g := range r.Entries {
			for _, e := range r.Entries[g] {
				maxSE = max(maxSE, e.Hero.Stderr)
			}
		}
	}
	b, err := preflop.Encode(results, trials, seed)
	if err != nil {
		return err
	}
	tmp := out + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return err
	}
	if err := os.Rename(tmp, out); err != nil {
		return err
	}
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	fmt.Fprintf(os.Stderr, "gen: wrote %s: %d bytes, %d classes x %d trials, largest standard error %.5f; %s wall, %s CPU\n",
		filepath.Base(out), len(b), preflop.NumClasses, trials, maxSE, time.Since(start).Round(time.Second), cpu.Round(time.Second))
	return nil
}
