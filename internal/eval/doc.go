// Package eval computes hand values: the high value (RULES.md R15) and the
// 8-or-better low (R16) of five cards, and of an Omaha hand under the
// exactly-two-plus-three rule (R14).
//
// Values are plain integers that compare directly: a larger HighValue is a
// better high; a SMALLER LowValue is a better low. High5 and Low5 evaluate
// five cards; OmahaHigh and OmahaLow evaluate a hand against a board of 3 to
// 5 cards by table lookups (about 270 KB of tables, precomputed in the
// embedded tables.bin and read in place, so that a process does no work for
// them at start-up; `go generate ./internal/eval` rewrites the file and a
// test checks it against the computation). The building blocks of those lookups
// (PairIndex, TripleIndex, TripleTable, PairTripleRow, FlushHigh, LowMask,
// LowByMasks, LowRow) are exported for the equity engine, which prepares
// each hand once and then spends about ten lookups per player per board
// rank pattern.
//
// The package imports only cards and the standard library (unsafe only to
// read tables.bin in place, see tables.go), does no I/O,
// never panics on any input and allocates nothing on its hot paths. All its
// functions are safe for concurrent use.
package eval
