package main

import (
	"os/exec"
	"path/filepath"
	"testing"
)

// The start-up benchmarks time the scoop binary as a whole process, as a
// shell runs it: package initialisation, the evaluation tables and the
// work. Each builds the binary (go build -trimpath, as make build) in its
// temporary directory; with b.Loop the function body runs once.

func benchProcess(b *testing.B, args ...string) {
	bin := filepath.Join(b.TempDir(), "scoop")
	if out, err := exec.Command("go", "build", "-trimpath", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	if out, err := exec.Command(bin, args...).CombinedOutput(); err != nil {
		b.Fatalf("scoop %v: %v\n%s", args, err, out)
	}
	for b.Loop() {
		if err := exec.Command(bin, args...).Run(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkProcessVersion is the floor: start-up and exit alone.
func BenchmarkProcessVersion(b *testing.B) { benchProcess(b, "version") }

// BenchmarkProcessEquityFlop3Way is `scoop equity` on a 3-way flop (666
// boards), the case timed against poker-eval's pokenum (make bench-compare).
func BenchmarkProcessEquityFlop3Way(b *testing.B) {
	benchProcess(b, "equity", "AsKsQhJh", "2c3c4d5d", "9h9dTsTc", "--board", "7h8h2s")
}

// BenchmarkProcessEquityPreflopHeadsUp is heads-up preflop, exact
// (1,086,008 boards).
func BenchmarkProcessEquityPreflopHeadsUp(b *testing.B) {
	benchProcess(b, "equity", "AsKsQhJh", "2c3c4d5d")
}
