package sitetext

import (
	"strconv"
	"strings"
)

// The summary: what follows a hand's "*** SUMMARY ***" (or the site's
// like marker), read line by line by prefix.

// SummaryLine is one kind of a reader's summary lines: those that begin
// with Prefix, read by Read (p: the reader's state of the hand).
type SummaryLine[P any] struct {
	Prefix string
	Read   func(p P, l Line) error
}

// SummaryLines is a reader's summary lines that count (the total pot and
// rake, the boards, the seats' shown cards), tried in order: a prefix
// that begins another must come after it. A table is built once and is
// safe for concurrent use.
type SummaryLines[P any] []SummaryLine[P]

// Route reads the summary line l with the first entry whose Prefix
// begins it, and returns that entry's error; a line that no entry's
// Prefix begins restates the play and is nil.
func (t SummaryLines[P]) Route(p P, l Line) error {
	for _, e := range t {
		if strings.HasPrefix(l.S, e.Prefix) {
			return e.Read(p, l)
		}
	}
	return nil
}

// For returns the reader of p's summary lines, for Builder.Route: Route
// on p and each line.
func (t SummaryLines[P]) For(p P) func(l Line) error {
	return func(l Line) error { return t.Route(p, l) }
}

// SeatCards reads a summary's seat line "Seat N: name showed [..] and
// won ...", "Seat N: name mucked [..]": with won not nil, first what
// the line says seat number N won (won's error is SeatCards'), then the
// cards it gives the seat, checked against the cards seen (an error
// naming l when the seat is empty or the cards do not read; nothing when
// the line shows no cards or not four known ones). A line that is not
// "Seat N: ..." is nil.
func (b *Builder) SeatCards(l Line, won func(l Line, num int, rest string) error) error {
	num, rest, ok := summarySeat(l.S)
	if !ok {
		return nil
	}
	if won != nil {
		if err := won(l, num, rest); err != nil {
			return err
		}
	}
	return b.summaryCards(l, num, rest)
}

// summarySeat splits a summary line "Seat N: rest"; ok is false for
// another line.
func summarySeat(s string) (num int, rest string, ok bool) {
	after, found := strings.CutPrefix(s, "Seat ")
	c := strings.Index(after, ": ")
	if !found || c < 0 {
		return 0, "", false
	}
	num, err := strconv.Atoi(after[:c])
	if err != nil {
		return 0, "", false
	}
	return num, after[c+2:], true
}

// summaryCards reads the cards a summary's seat line ("Seat N: name
// showed [..] and won ...", "... mucked [..]") gives seat number num
// (rest: the line after "Seat N: "), checked against the cards seen: an
// error when the seat is empty or the cards do not read, nothing when the
// line shows no cards or not four known ones.
func (b *Builder) summaryCards(l Line, num int, rest string) error {
	k := strings.Index(rest, " showed [")
	if m := strings.Index(rest, " mucked ["); k < 0 || m >= 0 && m < k {
		k = m
	}
	if k < 0 {
		return nil
	}
	i := b.SeatOf(num)
	if i < 0 {
		return LineError(l.N, "summary names seat %d, which is empty", num)
	}
	cs, unknown, _, ok, err := CardsIn(rest[k:])
	if err != nil || !ok {
		return LineError(l.N, "bad cards in %s", Quote(l.S))
	}
	if unknown == 0 && len(cs) == 4 {
		return b.SetHole(l, i, cs)
	}
	return nil
}
