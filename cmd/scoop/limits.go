package main

import (
	"flag"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/scoophq/scoop/api"
	"github.com/scoophq/scoop/internal/equity"
	"github.com/scoophq/scoop/internal/handhistory"
)

// limitSetting is one bound of api.Limits that `scoop serve` takes as a
// flag and as its environment twin.
type limitSetting struct {
	flag, env, usage string
	value            flag.Value
}

// limitSettings are the settable bounds of l, in the order --help lists
// them; each setting writes into l.
func limitSettings(l *api.Limits) []limitSetting {
	return []limitSetting{
		{"max-json-body", "SCOOP_MAX_JSON_BODY", "largest application/json body, as sent and decoded (bytes; KiB/MiB suffixes)", (*bytesValue)(&l.MaxJSONBody)},
		{"max-text-body", "SCOOP_MAX_TEXT_BODY", "largest hand-history body, as sent and decoded (bytes)", (*bytesValue)(&l.MaxTextBody)},
		{"body-budget", "SCOOP_BODY_BUDGET", "request-body bytes held in memory at once, all requests together", (*bytesValue)(&l.BodyBytes)},
		{"cheap-body-budget", "SCOOP_CHEAP_BODY_BUDGET", "part of the body budget only small bodies may use", (*bytesValue)(&l.CheapBodyBytes)},
		{"cheap-body", "SCOOP_CHEAP_BODY", "largest hand-history body counted as cheap work", (*bytesValue)(&l.CheapBytes)},
		{"cheap-boards", "SCOOP_CHEAP_BOARDS", "equity boards (or trials) below which a request is cheap work", (*int64Value)(&l.CheapBoards)},
		{"compute-slots", "SCOOP_COMPUTE_SLOTS", "cores for expensive work, shared fairly among clients", (*intValue)(&l.ComputeSlots)},
		{"cheap-slots", "SCOOP_CHEAP_SLOTS", "cores only cheap work may use", (*intValue)(&l.CheapSlots)},
		{"queue-length", "SCOOP_QUEUE_LENGTH", "requests that may wait for compute (and as many for body bytes)", (*intValue)(&l.QueueLength)},
		{"queue-wait", "SCOOP_QUEUE_WAIT", "longest wait for compute or body bytes before a 429", (*durationValue)(&l.QueueWait)},
		{"max-trials", "SCOOP_MAX_TRIALS", fmt.Sprintf("most Monte Carlo trials one equity request may ask (at most %d)", equity.MaxTrials), (*intValue)(&l.MaxTrials)},
		{"compute-timeout", "SCOOP_COMPUTE_TIMEOUT", "longest one equity computation may run before a 503", (*durationValue)(&l.ComputeTimeout)},
		{"rate-requests", "SCOOP_RATE_REQUESTS", "requests a minute each client (an API key's account, else an address) may send to /v1 before a 429", (*intValue)(&l.RequestsPerMinute)},
		{"rate-equity", "SCOOP_RATE_EQUITY", fmt.Sprintf("equity work a minute each client may ask, in units of %d boards or trials", api.EquityUnitBoards), (*intValue)(&l.EquityUnitsPerMinute)},
	}
}

// limitsFromEnv sets l's bounds from their environment twins; the error
// is a usage error naming the variable.
func limitsFromEnv(l *api.Limits, getenv func(string) string) error {
	for _, s := range limitSettings(l) {
		if v := getenv(s.env); v != "" {
			if err := s.value.Set(v); err != nil {
				return usagef("%s %q: %v", s.env, v, err)
			}
		}
	}
	return nil
}

// limitFlags registers l's bounds on fs.
func limitFlags(l *api.Limits, fs *flag.FlagSet) {
	for _, s := range limitSettings(l) {
		fs.Var(s.value, s.flag, s.usage+" (env "+s.env+")")
	}
}

// fixedBounds describes the bounds the readers enforce whatever the
// configuration, for `scoop serve --help`.
func fixedBounds() string {
	return fmt.Sprintf("Fixed bounds of every hand read: at most %d actions, %d lines and %d hands a file, nesting %d deep (JSON, PHH), "+
		"PHH keys of at most %d parts and %d bytes, %d keys per hand, text fields of %d bytes, lines of %d bytes.",
		handhistory.MaxActions, handhistory.MaxHandLines, handhistory.MaxHands, handhistory.MaxNesting, handhistory.MaxKeySegments, handhistory.MaxKeyBytes,
		handhistory.MaxKeys, handhistory.MaxText, handhistory.MaxLineBytes)
}

// bytesValue is a byte count: a whole number, optionally with a KiB, MiB
// or GiB suffix.
type bytesValue int64

func (b *bytesValue) String() string {
	n := int64(*b)
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%dMiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%dKiB", n>>10)
	}
	return strconv.FormatInt(n, 10)
}

func (b *bytesValue) Set(s string) error {
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}} {
		if rest, ok := strings.CutSuffix(s, u.suffix); ok {
			s, mult = rest, u.mult
			break
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 1 || n > (1<<40)/mult {
		return fmt.Errorf("want a positive number of bytes such as 1048576 or 32MiB")
	}
	*b = bytesValue(n * mult)
	return nil
}

type int64Value int64

func (v *int64Value) String() string { return strconv.FormatInt(int64(*v), 10) }

func (v *int64Value) Set(s string) error {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 1 {
		return fmt.Errorf("want a positive whole number")
	}
	*v = int64Value(n)
	return nil
}

type intValue int

func (v *intValue) String() string { return strconv.Itoa(int(*v)) }

func (v *intValue) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		return fmt.Errorf("want a positive whole number")
	}
	*v = intValue(n)
	return nil
}

type durationValue time.Duration

func (v *durationValue) String() string { return time.Duration(*v).String() }

func (v *durationValue) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return fmt.Errorf("want a positive duration such as 1s")
	}
	*v = durationValue(d)
	return nil
}
