// Package preflop is the precomputed preflop table of ANALYSIS.md A3:
// for every suit-canonical Omaha hand (NumClasses classes, see Class) and
// each game, its equity, high and low wins and ties and scoops against 1
// to 9 random hands, the figures of one of those random hands, and the
// share of boards without a low, each entry with its standard error.
// Where nothing but one hand is known (before the flop, no dead card) the
// analysis looks its equities up here instead of running Monte Carlo.
//
// The table is preflop.bin, embedded: a header (magic, trials per class,
// seed), then the entries as fixed-point uint16s (x*65535, an error below
// 1e-5), the high bytes of all of them first and then the low bytes, as
// they are: not deflated, so that a process reads them without inflating
// 5.6 MB first (about 0.6G instructions, most of a short `scoop analyze`
// process's start, for a file only a quarter smaller). It is made by
//
//	go generate ./internal/preflop
//
// which runs ./gen under nice: Monte Carlo (equity.VersusRandom) of
// Trials() trials per class, every K and both games from the same trials,
// enough for a standard error of at most 0.5 percentage points on any
// equity (a share lies in [0, 1], so its variance is at most 1/4: 10,000
// trials bound the error by 0.005). Each entry's own standard error, as
// measured, is stored and reported with it.
package preflop

import (
	"bytes"
	_ "embed"
	"encoding/binary"
	"fmt"
	"math"
	"sync"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/equity"
	"github.com/scoophq/scoop/internal/eval"
)

//go:generate nice -n 19 go run ./gen -o preflop.bin

//go:embed preflop.bin
var tableBin []byte

// MaxOpponents is the most random hands an entry is against.
const MaxOpponents = equity.MaxRandomOpponents

// magic starts preflop.bin; its last byte is the format version.
const magic = "scooppf\x03"

// headerSize is the magic, trials (uint32), seed (uint64) and the number of
// classes (uint32), little endian.
const headerSize = len(magic) + 4 + 8 + 4

// The fields of one entry, in order: omaha-hi has no low, and its scoops
// are its high wins.
const (
	hiFields   = 6  // equity, hi_win, hi_tie, stderr; opponent hi_win, hi_tie
	hiloFields = 13 // equity, hi_win, hi_tie, lo_win, lo_tie, scoop, stderr; opponent hi_win, hi_tie, lo_win, lo_tie, scoop; no_low
)

// payloadLen is the number of uint16s after the header, once inflated.
const payloadLen = NumClasses * MaxOpponents * (hiFields + hiloFields)

// Entry is one hand against K random hands in one game.
type Entry struct {
	equity.RandomEntry
	// Trials is the number of Monte Carlo trials the entry was measured on.
	Trials int64
}

// table is preflop.bin checked and read in place, once on first use.
var table struct {
	once   sync.Once
	trials int64
	seed   uint64
	v      planes
	err    error
}

func load() {
	table.once.Do(func() {
		table.trials, table.seed, table.v, table.err = decode(tableBin)
	})
}

// Trials is the number of trials of every entry of the embedded table (0
// when it cannot be read).
func Trials() int64 {
	load()
	return table.trials
}

// Seed is the seed the embedded table was generated with.
func Seed() uint64 {
	load()
	return table.seed
}

// Lookup returns hole's entry against opponents random hands (1 to
// MaxOpponents) in game, false when hole is not four distinct cards,
// opponents is out of range, or the table cannot be read (a broken
// build: TestTableReads fails then).
func Lookup(game eval.Game, hole cards.List, opponents int) (Entry, bool) {
	if opponents < 1 || opponents > MaxOpponents || (game != eval.OmahaHi && game != eval.OmahaHiLo) {
		return Entry{}, false
	}
	class, ok := Class(hole)
	if !ok {
		return Entry{}, false
	}
	load()
	if table.err != nil {
		return Entry{}, false
	}
	return entryAt(table.v, game, class, opponents, table.trials), true
}

// offset is where the entry of (game, class, k) starts in the payload:
// every omaha-hi entry first, then every omaha-hilo one, class by class,
// k by k.
func offset(game eval.Game, class, k int) (int, int) {
	if game == eval.OmahaHi {
		return (class*MaxOpponents + k - 1) * hiFields, hiFields
	}
	return NumClasses*MaxOpponents*hiFields + (class*MaxOpponents+k-1)*hiloFields, hiloFields
}

func fixed(x float64) uint16   { return uint16(math.Round(min(max(x, 0), 1) * 65535)) }
func unfixed(q uint16) float64 { return float64(q) / 65535 }

func entryAt(v planes, game eval.Game, class, k int, trials int64) Entry {
	at, n := offset(game, class, k)
	var f [hiloFields]uint16
	for i := range n {
		f[i] = v.at(at + i)
	}
	e := Entry{Trials: trials}
	h, o := &e.Hero, &e.Opponent
	if game == eval.OmahaHi {
		h.Equity, h.HiWin, h.HiTie, h.Stderr = unfixed(f[0]), unfixed(f[1]), unfixed(f[2]), unfixed(f[3])
		h.Scoop = h.HiWin
		o.HiWin, o.HiTie = unfixed(f[4]), unfixed(f[5])
		o.Scoop = o.HiWin
	} else {
		h.Equity, h.HiWin, h.HiTie, h.LoWin, h.LoTie, h.Scoop, h.Stderr = unfixed(f[0]), unfixed(f[1]), unfixed(f[2]), unfixed(f[3]), unfixed(f[4]), unfixed(f[5]), unfixed(f[6])
		o.HiWin, o.HiTie, o.LoWin, o.LoTie, o.Scoop = unfixed(f[7]), unfixed(f[8]), unfixed(f[9]), unfixed(f[10]), unfixed(f[11])
		e.NoLow = unfixed(f[12])
	}
	// An entry whose trials all gave the same share measured no spread; its
	// standard error is reported as 1/trials rather than 0 (a hand that
	// never won in n trials may still win about once in n).
	h.Stderr = max(h.Stderr, 1/float64(trials))
	// The random hands share what the known hand does not win.
	o.Equity = (1 - h.Equity) / float64(k)
	o.Stderr = h.Stderr / float64(k)
	return e
}

// Encode returns the preflop.bin of results (results[c] is class c's
// equity.VersusRandom, each of trials trials, seeded from seed).
func Encode(results []*equity.VersusRandomResult, trials int64, seed uint64) ([]byte, error) {
	if len(results) != NumClasses {
		return nil, fmt.Errorf("preflop: %d results, want %d", len(results), NumClasses)
	}
	v := make([]uint16, payloadLen)
	for c, r := range results {
		if r == nil || r.Trials != trials {
			return nil, fmt.Errorf("preflop: class %d: missing or not of %d trials", c, trials)
		}
		for k := 1; k <= MaxOpponents; k++ {
			at, _ := offset(eval.OmahaHi, c, k)
			e := r.Entries[0][k-1]
			h, o := e.Hero, e.Opponent
			copy(v[at:], []uint16{fixed(h.Equity), fixed(h.HiWin), fixed(h.HiTie), fixed(h.Stderr), fixed(o.HiWin), fixed(o.HiTie)})
			at, _ = offset(eval.OmahaHiLo, c, k)
			e = r.Entries[1][k-1]
			h, o = e.Hero, e.Opponent
			copy(v[at:], []uint16{fixed(h.Equity), fixed(h.HiWin), fixed(h.HiTie), fixed(h.LoWin), fixed(h.LoTie), fixed(h.Scoop), fixed(h.Stderr),
				fixed(o.HiWin), fixed(o.HiTie), fixed(o.LoWin), fixed(o.LoTie), fixed(o.Scoop), fixed(e.NoLow)})
		}
	}
	var out bytes.Buffer
	out.WriteString(magic)
	var hdr [16]byte
	binary.LittleEndian.PutUint32(hdr[0:], uint32(trials))
	binary.LittleEndian.PutUint64(hdr[4:], seed)
	binary.LittleEndian.PutUint32(hdr[12:], NumClasses)
	out.Write(hdr[:])
	out.Write(appendPlanes(nil, v))
	return out.Bytes(), nil
}

// decode reads a preflop.bin: its payload must be the one size the
// format has.
func decode(b []byte) (int64, uint64, planes, error) {
	if len(b) < headerSize || string(b[:len(magic)]) != magic {
		return 0, 0, planes{}, fmt.Errorf("preflop: table of %d bytes does not start with %q", len(b), magic)
	}
	h := b[len(magic):]
	trials := int64(binary.LittleEndian.Uint32(h[0:]))
	seed := binary.LittleEndian.Uint64(h[4:])
	if n := binary.LittleEndian.Uint32(h[12:]); n != NumClasses || trials < 2 {
		return 0, 0, planes{}, fmt.Errorf("preflop: table of %d classes and %d trials, want %d classes", n, trials, NumClasses)
	}
	raw := b[headerSize:]
	if len(raw) != 2*payloadLen {
		return 0, 0, planes{}, fmt.Errorf("preflop: table payload of %d bytes, want %d", len(raw), 2*payloadLen)
	}
	return trials, seed, planesOf(raw, payloadLen), nil
}

// DefaultTrials is the generator's trials per class: at most 0.5/sqrt(n) =
// 0.00494 standard error on any equity, the analysis' target being 0.005.
const DefaultTrials = 10240

// DefaultSeed is the generator's seed.
const DefaultSeed uint64 = 0x5C00BF
