package eval

import (
	"math/rand/v2"
	"testing"

	"github.com/scoophq/scoop/internal/cards"
)

// sampleHands returns n random deals of 4 hole and 5 board cards.
func sampleHands(n int) (holes, boards []cards.List) {
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < n; i++ {
		c := deal(r, 9)
		holes = append(holes, c[:4])
		boards = append(boards, c[4:])
	}
	return holes, boards
}

func BenchmarkHigh5(b *testing.B) {
	_, boards := sampleHands(1024)
	b.ReportAllocs()
	var sink HighValue
	i := 0
	for b.Loop() {
		sink += High5([5]cards.Card(boards[i&1023]))
		i++
	}
	_ = sink
}

func BenchmarkOmahaHigh(b *testing.B) {
	holes, boards := sampleHands(1024)
	b.ReportAllocs()
	var sink HighValue
	i := 0
	for b.Loop() {
		sink += OmahaHigh(holes[i&1023], boards[i&1023])
		i++
	}
	_ = sink
}

func BenchmarkOmahaHighSlow60(b *testing.B) {
	holes, boards := sampleHands(1024)
	b.ReportAllocs()
	var sink HighValue
	i := 0
	for b.Loop() {
		sink += slowOmahaHigh(holes[i&1023], boards[i&1023])
		i++
	}
	_ = sink
}

func BenchmarkOmahaLow(b *testing.B) {
	holes, boards := sampleHands(1024)
	b.ReportAllocs()
	var sink LowValue
	i := 0
	for b.Loop() {
		v, _ := OmahaLow(holes[i&1023], boards[i&1023])
		sink += v
		i++
	}
	_ = sink
}

func BenchmarkFlushHigh(b *testing.B) {
	b.ReportAllocs()
	var sink HighValue
	hole := []uint16{1<<12 | 1<<3, 1<<10 | 1<<9 | 1<<2, 1<<5 | 1<<4}
	board := []uint16{1<<11 | 1<<7 | 1<<1, 1<<8 | 1<<7 | 1<<6 | 1<<0, 1<<3 | 1<<2 | 1<<6 | 1<<7 | 1<<12}
	i := 0
	for b.Loop() {
		sink += FlushHigh(hole[i%3], board[i%3])
		i++
	}
	_ = sink
}

// BenchmarkBuildTables measures computing every table (what tables.bin
// spares a process).
func BenchmarkBuildTables(b *testing.B) {
	t := new(tableSet)
	b.ReportAllocs()
	for b.Loop() {
		t.buildTables()
	}
}

// BenchmarkLoadTables measures what a process does for its tables at
// start-up: check tables.bin and point at it in place.
func BenchmarkLoadTables(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		v := loadTables(tablesBin)
		if v.pairIdx == nil {
			b.Fatal("no tables")
		}
	}
}

// BenchmarkDecodeTables measures the copy a machine that cannot read
// tables.bin in place makes instead (big endian, or an unaligned file).
func BenchmarkDecodeTables(b *testing.B) {
	t := new(tableSet)
	b.ReportAllocs()
	for b.Loop() {
		t.decode(tablesBin)
	}
}
