package handhistory_test

import (
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/handhistory"
)

// TestRegisterReader shows that a registered reader is all Detect, Read
// and HandStarts need: a format of its own, found by its signature after
// a preamble, cut at its headers and read; and that a format is
// registered once.
func TestRegisterReader(t *testing.T) {
	const format handhistory.Format = "registry-test"
	isHeader := func(l string) bool { return strings.HasPrefix(l, "Registry Test Hand #") }
	var read int
	r := handhistory.Reader{
		Format:     format,
		Name:       "Registry Test",
		Signature:  isHeader,
		HandStarts: handhistory.LineStarts(isHeader),
		ReadPart: func(data []byte, first int) ([]handhistory.Entry, error) {
			read++
			return []handhistory.Entry{{Index: 1, Line: 2, Skipped: "a test hand"}}, nil
		},
	}
	if err := handhistory.Register(r); err != nil {
		t.Fatal(err)
	}
	if err := handhistory.Register(r); err == nil || !strings.Contains(err.Error(), "registered twice") {
		t.Errorf("second registration: %v", err)
	}
	data := []byte("a note\nRegistry Test Hand #1: x\nmore\n")
	f, err := handhistory.Detect("h.txt", data)
	if err != nil || f != format {
		t.Fatalf("Detect = %q, %v; want %q", f, err, format)
	}
	es, err := handhistory.Read(f, data)
	if err != nil || len(es) != 1 || es[0].Skipped != "a test hand" || read != 1 {
		t.Errorf("Read = %+v, %v (read %d times)", es, err, read)
	}
	starts, ok := handhistory.HandStarts(f)
	if !ok || !starts("  Registry Test Hand #2: y\r") || starts("more") {
		t.Errorf("HandStarts: ok %v", ok)
	}
	found := false
	for _, x := range handhistory.Readers() {
		found = found || x.Format == format
	}
	if !found {
		t.Error("Readers does not list the registered reader")
	}
	if _, err := handhistory.Read("no-such-format", data); err == nil || !strings.Contains(err.Error(), "registry-test") {
		t.Errorf("Read of an unknown format: %v (want the registered formats listed)", err)
	}
}
