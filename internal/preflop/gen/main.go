// Command gen makes the tables of package preflop: preflop.bin, every
// class's equity.VersusRandom, class c seeded with -seed + c; or, with
// -ranges, ranges.bin, every class's preflop.MeasureRanges (the equity
// against the two default ranges of ANALYSIS.md A10). Classes are spread
// over -workers goroutines and each depends only on -trials and -seed,
// so the file does too. `go generate ./internal/preflop` runs both under
// nice; gen prints its progress and, at the end, its cost (wall and CPU
// time) and the largest standard error of the table.
package main

import (
	"context"
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
	ranges := flag.Bool("ranges", false, "make the range table (ranges.bin) instead of the table against random hands")
	trials := flag.Int64("trials", 0, "Monte Carlo trials per class, or per entry with -ranges (0: the table's default)")
	seed := flag.Uint64("seed", 0, "seed of class 0 (0: the table's default)")
	workers := flag.Int("workers", runtime.GOMAXPROCS(0), "goroutines")
	flag.Parse()
	var err error
	if *ranges {
		err = runRanges(*out, or(*trials, preflop.RangeTableTrials), or(*seed, preflop.RangeTableSeed), *workers)
	} else {
		err = run(*out, or(*trials, preflop.DefaultTrials), or(*seed, preflop.DefaultSeed), *workers)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func or[T int64 | uint64](v, def T) T {
	if v == 0 {
		return def
	}
	return v
}

// eachClass calls measure for every class on workers goroutines, printing
// progress, and returns the first error.
func eachClass(start time.Time, workers int, measure func(c int) error) error {
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
				if err := measure(c); err != nil {
					errs <- err
					return
				}
				if n := done.Add(1); n%1000 == 0 {
					fmt.Fprintf(os.Stderr, "gen: %d/%d classes, %s\n", n, preflop.NumClasses, time.Since(start).Round(time.Second))
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	return <-errs
}

func run(out string, trials int64, seed uint64, workers int) error {
	start := time.Now()
	results := make([]*equity.VersusRandomResult, preflop.NumClasses)
	err := eachClass(start, workers, func(c int) error {
		r, err := equity.VersusRandom(preflop.Representative(c), trials, seed+uint64(c))
		results[c] = r
		return err
	})
	if err != nil {
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
	return write(out, b, start, fmt.Sprintf("%d classes x %d trials, largest standard error %.5f", preflop.NumClasses, trials, maxSE))
}

func runRanges(out string, trials int64, seed uint64, workers int) error {
	start := time.Now()
	m := &preflop.RangeResults{Trials: trials, Seed: seed, Percents: preflop.RangePercents}
	for g := range 2 {
		m.Results[g] = make([][]*equity.PlayerResult, preflop.NumClasses)
		m.Combos[g] = make([][2]int, preflop.NumClasses)
	}
	err := eachClass(start, workers, func(c int) error {
		res, combos, err := preflop.MeasureRanges(context.Background(), c, m.Percents, trials, seed)
		for g := range 2 {
			m.Results[g][c], m.Combos[g][c] = res[g], combos[g]
		}
		return err
	})
	if err != nil {
		return err
	}
	var maxSE float64
	missing := 0
	for g := range 2 {
		for _, rs := range m.Results[g] {
			for _, p := range rs {
				if p == nil {
					missing++
					continue
				}
				maxSE = max(maxSE, p.Stderr)
			}
		}
	}
	b, err := preflop.EncodeRanges(m)
	if err != nil {
		return err
	}
	return write(out, b, start, fmt.Sprintf("%d classes x %d mixes x %d trials, ranges %d%% and %d%%, largest standard error %.5f, %d entries not dealt",
		preflop.NumClasses, len(preflop.RangeConfigs), trials, m.Percents[0], m.Percents[1], maxSE, missing))
}

// write writes b to out (through a temporary file) and prints what was
// made and its cost.
func write(out string, b []byte, start time.Time, what string) error {
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
	fmt.Fprintf(os.Stderr, "gen: wrote %s: %d bytes, %s; %s wall, %s CPU\n",
		filepath.Base(out), len(b), what, time.Since(start).Round(time.Second), cpu.Round(time.Second))
	return nil
}
