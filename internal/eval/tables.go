package eval

import (
	_ "embed"
	"encoding/binary"
	"fmt"
)

// tables.bin holds the two tables that take milliseconds to compute: a
// magic, then the pair-triple highs (NumPairs*NumTriples uint32, little
// endian) and the lows (256*256 bytes). It is made by
//
//	go generate ./internal/eval
//
// which runs TestTablesBin with -update; without -update that test fails
// when the file differs from what buildTables computes.
//
//go:generate go test -run ^TestTablesBin$ -update .

//go:embed tables.bin
var tablesBin []byte

// tablesMagic starts tables.bin; its last byte is the format version.
const tablesMagic = "scoopev\x01"

// tablesBinSize is the size of tables.bin.
const tablesBinSize = len(tablesMagic) + 4*NumPairs*NumTriples + 256*256

// encode returns t's pair-triple and low tables in the tables.bin format.
func (t *tableSet) encode() []byte {
	b := make([]byte, 0, tablesBinSize)
	b = append(b, tablesMagic...)
	for _, v := range t.pairTriple {
		b = binary.LittleEndian.AppendUint32(b, uint32(v))
	}
	return append(b, t.lowBest[:]...)
}

// decode reads the pair-triple and low tables from b (tables.bin format).
func (t *tableSet) decode(b []byte) error {
	if len(b) != tablesBinSize || string(b[:len(tablesMagic)]) != tablesMagic {
		return fmt.Errorf("want %d bytes starting %q, got %d", tablesBinSize, tablesMagic, len(b))
	}
	b = b[len(tablesMagic):]
	for i := range t.pairTriple {
		t.pairTriple[i] = HighValue(binary.LittleEndian.Uint32(b[4*i:]))
	}
	copy(t.lowBest[:], b[4*len(t.pairTriple):])
	return nil
}
