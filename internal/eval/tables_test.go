package eval

import (
	"bytes"
	"flag"
	"os"
	"testing"
)

var updateTables = flag.Bool("update", false, "rewrite tables.bin from buildTables (go generate)")

// TestTablesBin: the embedded tables.bin is exactly what buildTables
// computes, and the tables the package reads from it (in place) equal the
// computed ones in full. With -update (go generate) it rewrites the file
// instead.
func TestTablesBin(t *testing.T) {
	var want tableSet
	want.buildTables()
	enc := want.encode()
	if *updateTables {
		if err := os.WriteFile("tables.bin", enc, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(tablesBin, enc) {
		t.Fatalf("tables.bin (%d bytes) differs from the computed tables (%d bytes): run go generate ./internal/eval", len(tablesBin), len(enc))
	}
	if _, inPlace := viewTables(tablesBin); !inPlace {
		t.Log("the tables are a decoded copy on this machine, not read in place")
	}
	checkView(t, "the package's tables", tables, &want)
	var dec tableSet
	dec.decode(enc)
	if dec != want {
		t.Error("decode(encode(t)) is not t")
	}
}

// TestTablesUnaligned: tables.bin embedded at an address its tables cannot
// be read from in place is decoded into a copy, with the same tables.
func TestTablesUnaligned(t *testing.T) {
	var want tableSet
	want.buildTables()
	buf := make([]byte, tablesBinSize+1)
	odd := buf[1:]
	copy(odd, tablesBin)
	if _, ok := viewTables(odd); ok {
		t.Fatal("viewTables read tables at an odd address in place")
	}
	checkView(t, "the decoded copy", loadTables(odd), &want)
}

func checkView(t *testing.T, what string, v tableView, want *tableSet) {
	t.Helper()
	if *v.pairIdx != want.pairIdx || *v.tripleIdx != want.tripleIdx || *v.pairTriple != want.pairTriple ||
		*v.flush5 != want.flush5 || *v.lowBest != want.lowBest {
		t.Errorf("%s differ from the computed ones", what)
	}
}

// TestTablesBinCorrupt: a short, long or mislabelled file is refused, never
// half-read: the tables are then computed.
func TestTablesBinCorrupt(t *testing.T) {
	var want tableSet
	want.buildTables()
	good := append([]byte(nil), tablesBin...)
	for name, b := range map[string][]byte{
		"empty":     nil,
		"short":     good[:len(good)-1],
		"long":      append(append([]byte(nil), good...), 0),
		"bad magic": append([]byte("scoopev\x01"), good[len(tablesMagic):]...),
	} {
		if err := checkTables(b); err == nil {
			t.Errorf("%s: checkTables accepted it", name)
		}
		checkView(t, name+": the computed tables", loadTables(b), &want)
	}
	if err := checkTables(good); err != nil {
		t.Errorf("the embedded file: %v", err)
	}
}
