// Package faultsuite is Scoop's hostile-client fault suite: it builds the
// real scoop binary, starts `scoop serve` on SQLite and on PostgreSQL, and
// replays against it every class of attack and bad day that issue 8 found
// (deep nesting, huge hands, expensive requests that starve cheap ones,
// many large uploads at once, overlapping writes, odd strings, a hung or
// frozen database, protocol corner cases). It asserts that the server
// never crashes, never answers 5xx except 503 while its database is sick,
// stays under its memory bound, answers a cheap request within its latency
// bound while expensive ones saturate it, and loses or duplicates nothing.
//
// The suite is behind the build tag "faults" so that `make test` stays
// fast: run it with `make faults`. It uses loopback only, bounds every
// phase in time and stops its servers by itself. It prints its figures
// (peak RSS, the cheap request's p99 under attack) as test log lines.
//
// It imports the domain packages only for their documented limits, never
// the server's internals: it talks HTTP to a separate process.
package faultsuite
