package readertest

import (
	"bytes"
	"errors"
	"reflect"
	"testing"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
)

// Part is a piece of a file cut before a hand's start, as the import jobs
// cut an upload into chunks: its bytes and the file's line it starts on.
type Part struct {
	Data  []byte
	First int
}

// Parts cuts data as internal/jobs cuts an upload: before a non-blank
// line (trimmed, its first MaxLineBytes bytes) that a new r.HandStarts
// reports as a hand's start, once the part holds n hands (n < 1: one).
// The first part holds what comes before the first hand. It fails the
// test for a reader without HandStarts (read only whole).
func Parts(t testing.TB, r handhistory.Reader, data []byte, n int) []Part {
	t.Helper()
	if r.HandStarts == nil {
		t.Fatalf("%s is read only whole: no HandStarts", r.Name)
	}
	n = max(n, 1)
	starts := r.HandStarts()
	var parts []Part
	from, first, line, hands := 0, 1, 1, 0
	for off := 0; off < len(data); line++ {
		end := len(data)
		if k := bytes.IndexByte(data[off:], '\n'); k >= 0 {
			end = off + k + 1
		}
		if t := bytes.TrimSpace(data[off:end]); len(t) > 0 && starts(string(t[:min(len(t), handhistory.MaxLineBytes)])) {
			if hands >= n {
				parts = append(parts, Part{Data: data[from:off], First: first})
				from, first, hands = off, line, 0
			}
			hands++
		}
		off = end
	}
	return append(parts, Part{Data: data[from:], First: first})
}

// ReadsInParts checks that r reads data cut into parts of n hands (Parts),
// each part read with ReadPart from the file's line it starts on, as it
// reads the whole file: the same entries in order, each hand
// reflect.DeepEqual to the whole file's (its Notes included), the same
// skip reasons (their lines included), the same errors naming the same
// lines, the same Line and ID; only Index counts within each part. It also
// checks that a part's lines are the file's: every entry's Line and
// error's line fall within its part. It returns the whole file's entries.
func ReadsInParts(t testing.TB, r handhistory.Reader, data []byte, n int) []handhistory.Entry {
	t.Helper()
	whole, err := r.Read(data)
	if err != nil {
		t.Fatalf("%s: the whole file: %v", r.Name, err)
	}
	parts := Parts(t, r, data, n)
	k := 0
	for p, part := range parts {
		last := part.First + bytes.Count(part.Data, []byte("\n"))
		es, err := r.ReadPart(part.Data, part.First)
		if err != nil {
			t.Fatalf("%s: part %d (from line %d): %v", r.Name, p+1, part.First, err)
		}
		for i, e := range es {
			if k == len(whole) {
				t.Fatalf("%s: part %d (from line %d) has more entries than the whole file's %d", r.Name, p+1, part.First, len(whole))
			}
			w := whole[k]
			k++
			if e.Index != i+1 {
				t.Errorf("%s: part %d entry %d: index %d", r.Name, p+1, i+1, e.Index)
			}
			if e.Line != w.Line || e.ID != w.ID || e.Skipped != w.Skipped || errText(e.Err) != errText(w.Err) || errLine(e.Err) != errLine(w.Err) {
				t.Errorf("%s: part %d (from line %d) entry %d: line %d id %q skipped %q err %v; the whole file's entry %d: line %d id %q skipped %q err %v",
					r.Name, p+1, part.First, i+1, e.Line, e.ID, e.Skipped, e.Err, w.Index, w.Line, w.ID, w.Skipped, w.Err)
			}
			switch {
			case e.Hand == nil || w.Hand == nil:
				if e.Hand != w.Hand {
					t.Errorf("%s: part %d (from line %d) entry %d: hand %v, the whole file's entry %d: hand %v", r.Name, p+1, part.First, i+1, e.Hand != nil, w.Index, w.Hand != nil)
				}
			case !reflect.DeepEqual(e.Hand.Notes, w.Hand.Notes):
				t.Errorf("%s: part %d (from line %d) entry %d: notes %q, the whole file's entry %d: %q", r.Name, p+1, part.First, i+1, e.Hand.Notes, w.Index, w.Hand.Notes)
			case !reflect.DeepEqual(e.Hand, w.Hand):
				t.Errorf("%s: part %d (from line %d) entry %d: the hand differs from the whole file's entry %d:\n%s\n%s",
					r.Name, p+1, part.First, i+1, w.Index, HandJSON(t, e.Hand), HandJSON(t, w.Hand))
			}
			for _, l := range []int{e.Line, errLine(e.Err)} {
				if l != 0 && (l < part.First || l > last) {
					t.Errorf("%s: part %d (lines %d to %d) entry %d names line %d", r.Name, p+1, part.First, last, i+1, l)
				}
			}
		}
	}
	if k != len(whole) {
		t.Errorf("%s: %d entries in %d parts, the whole file has %d", r.Name, k, len(parts), len(whole))
	}
	return whole
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func errLine(err error) int {
	var fe *fault.Error
	if errors.As(err, &fe) {
		return fe.Line
	}
	return 0
}

// LineOf is the 1-based line of data whose text, trimmed of spaces, is s;
// it fails the test unless exactly one line is.
func LineOf(t testing.TB, data []byte, s string) int {
	t.Helper()
	at := 0
	for n, l := range bytes.Split(data, []byte("\n")) {
		if string(bytes.TrimSpace(l)) == s {
			if at != 0 {
				t.Fatalf("%q is on lines %d and %d", s, at, n+1)
			}
			at = n + 1
		}
	}
	if at == 0 {
		t.Fatalf("no line %q", s)
	}
	return at
}
