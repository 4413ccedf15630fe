package eval

import (
	"bytes"
	"flag"
	"os"
	"testing"
)

var updateTables = flag.Bool("update", false, "rewrite tables.bin from buildTables (go generate)")

// TestTablesBin: the embedded tables.bin is exactly what buildTables
// computes, and the tables Init makes from it equal the computed ones in
// full. With -update (go generate) it rewrites the file instead.
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
	Init()
	if tables != want {
		t.Fatal("the loaded tables differ from the computed ones")
	}
	var dec tableSet
	if err := dec.decode(enc); err != nil {
		t.Fatal(err)
	}
	if dec.pairTriple != want.pairTriple || dec.lowBest != want.lowBest {
		t.Error("decode(encode(t)) is not t")
	}
}

// TestTablesBinCorrupt: a short, long or mislabelled file is refused, never
// half-read.
func TestTablesBinCorrupt(t *testing.T) {
	var d tableSet
	good := append([]byte(nil), tablesBin...)
	for name, b := range map[string][]byte{
		"empty":     nil,
		"short":     good[:len(good)-1],
		"long":      append(append([]byte(nil), good...), 0),
		"bad magic": append([]byte("scoopev\x02"), good[len(tablesMagic):]...),
	} {
		if err := d.decode(b); err == nil {
			t.Errorf("%s: decode accepted it", name)
		}
	}
	if err := d.decode(good); err != nil {
		t.Errorf("the embedded file: %v", err)
	}
}
