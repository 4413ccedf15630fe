package eval

import (
	_ "embed"
	"encoding/binary"
	"fmt"
	"unsafe"
)

// tables.bin holds every evaluation table in the layout the lookups read,
// so that a process uses it where the binary maps it, with no work at
// start-up and only the pages its lookups touch read in: a magic, then
// the pair-triple highs (NumPairs*NumTriples uint32), the flush values
// (2^13 uint32), the triple indices (13^3 uint16), the pair indices (13*13
// bytes) and the lows (256*256 bytes), little endian, each table at an
// offset that is a multiple of its element size. It is made by
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
const tablesMagic = "scoopev\x02"

// The offsets of the tables in tables.bin, and its size.
const (
	offPairTriple = len(tablesMagic)
	offFlush5     = offPairTriple + 4*NumPairs*NumTriples
	offTripleIdx  = offFlush5 + 4*(1<<13)
	offPairIdx    = offTripleIdx + 2*13*13*13
	offLowBest    = offPairIdx + 13*13
	tablesBinSize = offLowBest + 256*256
)

// tableView is the evaluation tables as the lookups read them: arrays
// that are, on a little-endian machine, the embedded tables.bin itself.
type tableView struct {
	pairIdx    *[13][13]uint8
	tripleIdx  *[13 * 13 * 13]uint16
	pairTriple *[NumPairs * NumTriples]HighValue
	flush5     *[1 << 13]HighValue
	lowBest    *[256 * 256]uint8
}

// tables are the evaluation tables, ready from package initialisation:
// views of tablesBin in place (a few pointer assignments), or a decoded
// copy on a big-endian machine or an unaligned embedding.
var tables = loadTables(tablesBin)

// loadTables returns the tables of b (tables.bin). A b that is not a
// tables.bin of this version (a stale file while go generate rewrites
// it) gives the computed tables instead, in about 2 ms: TestTablesBin
// fails on such a file, so a build never ships one.
func loadTables(b []byte) tableView {
	ok := checkTables(b) == nil
	if ok {
		if v, inPlace := viewTables(b); inPlace {
			return v
		}
	}
	t := new(tableSet)
	if ok {
		t.decode(b)
	} else {
		t.buildTables()
	}
	return t.view()
}

// checkTables checks the size and magic of a tables.bin.
func checkTables(b []byte) error {
	if len(b) != tablesBinSize || string(b[:len(tablesMagic)]) != tablesMagic {
		return fmt.Errorf("want %d bytes starting %q, got %d", tablesBinSize, tablesMagic, len(b))
	}
	return nil
}

// viewTables returns the tables of b read in place, when this machine is
// little endian and b's tables are aligned for their element types; ok is
// false otherwise.
func viewTables(b []byte) (v tableView, ok bool) {
	var probe uint16 = 1
	littleEndian := *(*byte)(unsafe.Pointer(&probe)) == 1
	base := unsafe.Pointer(unsafe.SliceData(b))
	if !littleEndian || (uintptr(base)+uintptr(offPairTriple))%4 != 0 {
		return v, false
	}
	return tableView{
		pairIdx:    (*[13][13]uint8)(unsafe.Add(base, offPairIdx)),
		tripleIdx:  (*[13 * 13 * 13]uint16)(unsafe.Add(base, offTripleIdx)),
		pairTriple: (*[NumPairs * NumTriples]HighValue)(unsafe.Add(base, offPairTriple)),
		flush5:     (*[1 << 13]HighValue)(unsafe.Add(base, offFlush5)),
		lowBest:    (*[256 * 256]uint8)(unsafe.Add(base, offLowBest)),
	}, true
}

// view returns t's tables as a tableView (pointing into t).
func (t *tableSet) view() tableView {
	return tableView{pairIdx: &t.pairIdx, tripleIdx: &t.tripleIdx, pairTriple: &t.pairTriple, flush5: &t.flush5, lowBest: &t.lowBest}
}

// encode returns t's tables in the tables.bin format.
func (t *tableSet) encode() []byte {
	b := make([]byte, 0, tablesBinSize)
	b = append(b, tablesMagic...)
	for _, v := range t.pairTriple {
		b = binary.LittleEndian.AppendUint32(b, uint32(v))
	}
	for _, v := range t.flush5 {
		b = binary.LittleEndian.AppendUint32(b, uint32(v))
	}
	for _, v := range t.tripleIdx {
		b = binary.LittleEndian.AppendUint16(b, v)
	}
	for i := range t.pairIdx {
		b = append(b, t.pairIdx[i][:]...)
	}
	return append(b, t.lowBest[:]...)
}

// decode reads every table from b, which checkTables accepted (tables.bin
// format), whatever the machine's byte order.
func (t *tableSet) decode(b []byte) {
	for i := range t.pairTriple {
		t.pairTriple[i] = HighValue(binary.LittleEndian.Uint32(b[offPairTriple+4*i:]))
	}
	for i := range t.flush5 {
		t.flush5[i] = HighValue(binary.LittleEndian.Uint32(b[offFlush5+4*i:]))
	}
	for i := range t.tripleIdx {
		t.tripleIdx[i] = binary.LittleEndian.Uint16(b[offTripleIdx+2*i:])
	}
	for i := range t.pairIdx {
		copy(t.pairIdx[i][:], b[offPairIdx+13*i:])
	}
	copy(t.lowBest[:], b[offLowBest:])
}
