// Package eval computes hand values: the high value (RULES.md R15) and the
// 8-or-better low (R16) of five cards, and of an Omaha hand under the
// exactly-two-plus-three rule (R14).
//
// Values are plain integers that compare directly: a larger HighValue is a
// better high; for lows, see LowValue. The package imports only cards and
// the standard library, does no I/O and allocates nothing on its hot paths.
package eval
