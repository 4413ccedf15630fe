// Package jobstest makes hand-history files for the tests of durable
// imports: any number of distinct real PokerStars hands.
package jobstest

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"testing"
)

var header = regexp.MustCompile(`(?m)^PokerStars Game #\d+:`)

// Session is examples/ps-session.txt: 15 legal Omaha Hi/Lo hands.
func Session(t testing.TB) []byte {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	b, err := os.ReadFile(filepath.Join(filepath.Dir(file), "..", "..", "..", "examples", "ps-session.txt"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Hands returns a PokerStars file of n distinct hands: the session's
// hands repeated, each with its own hand id from base on (two files with
// the same n and base hold the same hands).
func Hands(t testing.TB, n int, base int64) []byte {
	t.Helper()
	s := Session(t)
	locs := header.FindAllIndex(s, -1)
	var out bytes.Buffer
	id := base
	for k := 0; k < n; k++ {
		j := k % len(locs)
		end := len(s)
		if j+1 < len(locs) {
			end = locs[j+1][0]
		}
		hand := s[locs[j][1]:end]
		fmt.Fprintf(&out, "PokerStars Game #%d:", id)
		out.Write(bytes.TrimRight(hand, "\r\n"))
		out.WriteString("\n\n\n")
		id++
	}
	return out.Bytes()
}

var holeCards = regexp.MustCompile(`(?m)^\*\*\* HOLE CARDS \*\*\*\r?\n`)

// Remark is the line WithRemarks adds to every hand: the readers keep a
// line they do not know in the hand's notes, naming its line.
const Remark = "A converter's remark"

// WithRemarks returns data (PokerStars text) with a Remark line after
// every hand's "*** HOLE CARDS ***": each hand read has one note, naming
// the remark's line in the file.
func WithRemarks(data []byte) []byte {
	return holeCards.ReplaceAllFunc(data, func(m []byte) []byte {
		return append(bytes.Clone(m), Remark+"\n"...)
	})
}
