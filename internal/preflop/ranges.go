package preflop

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/binary"
	"fmt"
	"sync"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/equity"
	"github.com/scoophq/scoop/internal/eval"
)

// The range table: ANALYSIS.md A10's equity against ranges before the
// flop, where the only known hand is the deciding player's and there is
// no dead card, for opponents who each hold one of two ranges (the
// analysis' defaults, the top RangePercents[0]% of hands for a preflop
// raiser and the top RangePercents[1]% for the others): for every class
// (see Class), 1 to MaxRangeOpponents opponents in every mix of the two
// ranges (RangeConfigs), and each game, the known hand's equity and its
// standard error, and how many hands of each range share no card with it.
//
// The equity of a hand against "P%" ranges depends only on its class: a
// range is made of whole classes (package ranges), so a permutation of
// the suits maps a range onto itself and one deal onto another. The
// order of the opponents does not matter either, only how many hold each
// range.
//
// ranges.bin is embedded: a header (magic, trials, seed, the number of
// classes, the most opponents, the two percents), then the payload (not
// deflated, as preflop.bin's): the entries' equity and standard error as fixed-point
// uint16s (x*65535), high bytes first then low bytes as in preflop.bin,
// then each range's combinations as uint32s. An entry that could not be
// dealt (equity.ErrNoDeal) is stored as 0xFFFF, 0xFFFF and has no
// lookup. It is made by
//
//	go generate ./internal/preflop
//
// which runs ./gen -ranges: equity.ComputePercent with RangeTableTrials
// trials per entry (a standard error of at most 0.5/sqrt(4096), 0.78
// points, where the analysis' own run stops at 1 point), entry e of class
// c seeded with the seed + c*64 + e.

//go:generate nice -n 19 go run ./gen -ranges -o ranges.bin

//go:embed ranges.bin
var rangesBin []byte

// MaxRangeOpponents is the most opponents an entry of the range table is
// against.
const MaxRangeOpponents = 3

// RangePercents are the two ranges of the table, in whole percents: a
// preflop raiser's and a caller's default (ANALYSIS.md A10: 15% and 35%).
var RangePercents = [2]int{15, 35}

// RangeTableTrials and RangeTableSeed are the generator's defaults.
const (
	RangeTableTrials        = 4096
	RangeTableSeed   uint64 = 0xA10
)

// RangeConfig is one mix of opponents: how many hold each range of
// RangePercents.
type RangeConfig [2]int

// RangeConfigs lists every mix of 1 to MaxRangeOpponents opponents, in
// the table's order: by number of opponents, then from more of the
// first range to fewer.
var RangeConfigs = func() []RangeConfig {
	var out []RangeConfig
	for k := 1; k <= MaxRangeOpponents; k++ {
		for a := k; a >= 0; a-- {
			out = append(out, RangeConfig{a, k - a})
		}
	}
	return out
}()

// rangeMagic starts ranges.bin; its last byte is the format version.
const rangeMagic = "scooppr\x02"

// rangeHeaderSize is the magic, trials (uint32), seed (uint64), classes
// (uint32), the most opponents and the two percents (a byte each).
const rangeHeaderSize = len(rangeMagic) + 4 + 8 + 4 + 3

// rangeFields is the fixed-point fields of an entry: equity, stderr.
const rangeFields = 2

// noEntry marks an entry that could not be dealt.
const noEntry = 0xFFFF

var (
	numRangeEntries = 2 * NumClasses * len(RangeConfigs)
	numRangeCombos  = 2 * NumClasses * len(RangePercents)
)

// RangeEntry is one known hand against a mix of ranges.
type RangeEntry struct {
	Equity, Stderr float64
	// Combos[i] is the number of hands of range Percents[i] (the
	// table's ranges) that share no card with the known hand.
	Combos   [2]int
	Percents [2]int
	// Trials is the Monte Carlo trials the entry was measured on.
	Trials int64
}

// RangeTable is a decoded ranges.bin.
type RangeTable struct {
	Trials   int64
	Seed     uint64
	Percents [2]int
	v        planes // entries, read in place
	combos   []byte // uint32s, little endian, read in place
}

var embeddedRanges struct {
	once sync.Once
	t    *RangeTable
	err  error
}

// Ranges returns the embedded range table, decoded once (an error is a
// broken build: TestRangeTableMeetsTheTarget fails then).
func Ranges() (*RangeTable, error) {
	embeddedRanges.once.Do(func() {
		embeddedRanges.t, embeddedRanges.err = DecodeRanges(rangesBin)
	})
	return embeddedRanges.t, embeddedRanges.err
}

// LookupRanges returns the entry of hole against opponents holding the
// ranges percents (each one of RangePercents, 1 to MaxRangeOpponents of
// them, any order) in game, from the embedded table; false when the
// table has no such entry.
func LookupRanges(game eval.Game, hole cards.List, percents []int) (RangeEntry, bool) {
	t, err := Ranges()
	if err != nil {
		return RangeEntry{}, false
	}
	return t.Lookup(game, hole, percents)
}

// Lookup is LookupRanges in t.
func (t *RangeTable) Lookup(game eval.Game, hole cards.List, percents []int) (RangeEntry, bool) {
	if len(percents) < 1 || len(percents) > MaxRangeOpponents {
		return RangeEntry{}, false
	}
	var cfg RangeConfig
	for _, p := range percents {
		switch p {
		case t.Percents[0]:
			cfg[0]++
		case t.Percents[1]:
			cfg[1]++
		default:
			return RangeEntry{}, false
		}
	}
	class, ok := Class(hole)
	if !ok {
		return RangeEntry{}, false
	}
	g, ok := gameIndex(game)
	if !ok {
		return RangeEntry{}, false
	}
	return t.entry(g, class, configIndex(cfg))
}

func gameIndex(game eval.Game) (int, bool) {
	switch game {
	case eval.OmahaHi:
		return 0, true
	case eval.OmahaHiLo:
		return 1, true
	}
	return 0, false
}

func configIndex(cfg RangeConfig) int {
	k := cfg[0] + cfg[1]
	// Mixes of fewer opponents come first: 2 + 3 + ... + k of them.
	return (k-1)*(k+2)/2 + cfg[1]
}

func (t *RangeTable) entry(g, class, cfg int) (RangeEntry, bool) {
	at := ((g*NumClasses+class)*len(RangeConfigs) + cfg) * rangeFields
	eq, se := t.v.at(at), t.v.at(at+1)
	if eq == noEntry && se == noEntry {
		return RangeEntry{}, false
	}
	ca := (g*NumClasses + class) * len(RangePercents)
	e := RangeEntry{Equity: unfixed(eq), Stderr: max(unfixed(se), 1/float64(t.Trials)), Trials: t.Trials,
		Combos: [2]int{int(binary.LittleEndian.Uint32(t.combos[4*ca:])), int(binary.LittleEndian.Uint32(t.combos[4*ca+4:]))}, Percents: t.Percents}
	return e, true
}

// CombosOf is the number of hands of the range "p%" (one of e.Percents)
// that share no card with the known hand; 0 for another range.
func (e RangeEntry) CombosOf(p int) int {
	for i, q := range e.Percents {
		if q == p {
			return e.Combos[i]
		}
	}
	return 0
}

// RangeResults are what the generator measured: Results[g][c][e] is game
// g's (0 omaha-hi, 1 omaha-hilo) class c against RangeConfigs[e], nil
// when it could not be dealt; Combos[g][c][i] the hands of range
// Percents[i] sharing no card with class c's representative.
type RangeResults struct {
	Trials   int64
	Seed     uint64
	Percents [2]int
	Results  [2][][]*equity.PlayerResult
	Combos   [2][][2]int
}

// MeasureRanges measures class c in both games (the generator's unit of
// work): every mix of RangeConfigs with trials trials, entry e seeded
// with seed + c*64 + e, on the calling goroutine.
func MeasureRanges(ctx context.Context, c int, percents [2]int, trials int64, seed uint64) ([2][]*equity.PlayerResult, [2][2]int, error) {
	var res [2][]*equity.PlayerResult
	var combos [2][2]int
	hole := Representative(c)
	for g, game := range []eval.Game{eval.OmahaHi, eval.OmahaHiLo} {
		res[g] = make([]*equity.PlayerResult, len(RangeConfigs))
		for e, cfg := range RangeConfigs {
			req := equity.PercentRequest{Game: game, Hands: []cards.List{hole}, Percents: []int{0},
				Trials: int(trials), Seed: seed + uint64(c)*64 + uint64(g*len(RangeConfigs)+e),
				MaxDraws: 1000 * trials, MinTrials: int(trials)}
			for i, n := range cfg {
				for range n {
					req.Hands = append(req.Hands, nil)
					req.Percents = append(req.Percents, percents[i])
				}
			}
			r, err := equity.ComputePercent(ctx, req)
			if equity.IsNoDeal(err) {
				continue
			}
			if err != nil {
				return res, combos, fmt.Errorf("class %d (%v) %v against %v: %w", c, hole, game, cfg, err)
			}
			if r.Boards != trials {
				return res, combos, fmt.Errorf("class %d (%v) %v against %v: %d trials, want %d", c, hole, game, cfg, r.Boards, trials)
			}
			p := r.Players[0]
			res[g][e] = &p
			// The first opponent holds the first range the mix holds.
			if cfg[0] > 0 {
				combos[g][0] = r.Combos[1]
			}
			if cfg[1] > 0 {
				combos[g][1] = r.Combos[len(r.Combos)-1]
			}
		}
	}
	return res, combos, nil
}

// EncodeRanges returns the ranges.bin of m.
func EncodeRanges(m *RangeResults) ([]byte, error) {
	v := make([]uint16, numRangeEntries*rangeFields)
	combos := make([]uint32, numRangeCombos)
	for g := range 2 {
		if len(m.Results[g]) != NumClasses || len(m.Combos[g]) != NumClasses {
			return nil, fmt.Errorf("preflop: %d and %d classes of results, want %d", len(m.Results[g]), len(m.Combos[g]), NumClasses)
		}
		for c := range NumClasses {
			if len(m.Results[g][c]) != len(RangeConfigs) {
				return nil, fmt.Errorf("preflop: class %d: %d mixes, want %d", c, len(m.Results[g][c]), len(RangeConfigs))
			}
			for e, p := range m.Results[g][c] {
				at := ((g*NumClasses+c)*len(RangeConfigs) + e) * rangeFields
				if p == nil {
					v[at], v[at+1] = noEntry, noEntry
					continue
				}
				v[at], v[at+1] = min(fixed(p.Equity), noEntry-1), fixed(p.Stderr)
			}
			for i, n := range m.Combos[g][c] {
				combos[(g*NumClasses+c)*len(RangePercents)+i] = uint32(n)
			}
		}
	}
	var out bytes.Buffer
	out.WriteString(rangeMagic)
	var hdr [rangeHeaderSize - len(rangeMagic)]byte
	binary.LittleEndian.PutUint32(hdr[0:], uint32(m.Trials))
	binary.LittleEndian.PutUint64(hdr[4:], m.Seed)
	binary.LittleEndian.PutUint32(hdr[12:], NumClasses)
	hdr[16], hdr[17], hdr[18] = MaxRangeOpponents, byte(m.Percents[0]), byte(m.Percents[1])
	out.Write(hdr[:])
	raw := appendPlanes(make([]byte, 0, 2*len(v)+4*len(combos)), v)
	for _, x := range combos {
		raw = binary.LittleEndian.AppendUint32(raw, x)
	}
	out.Write(raw)
	return out.Bytes(), nil
}

// DecodeRanges reads a ranges.bin: its payload must be the one size the
// format has.
func DecodeRanges(b []byte) (*RangeTable, error) {
	if len(b) < rangeHeaderSize || string(b[:len(rangeMagic)]) != rangeMagic {
		return nil, fmt.Errorf("preflop: range table of %d bytes does not start with %q", len(b), rangeMagic)
	}
	h := b[len(rangeMagic):]
	t := &RangeTable{Trials: int64(binary.LittleEndian.Uint32(h[0:])), Seed: binary.LittleEndian.Uint64(h[4:]),
		Percents: [2]int{int(h[17]), int(h[18])}}
	if n := binary.LittleEndian.Uint32(h[12:]); n != NumClasses || h[16] != MaxRangeOpponents || t.Trials < 2 {
		return nil, fmt.Errorf("preflop: range table of %d classes, %d opponents and %d trials, want %d classes and %d opponents",
			n, h[16], t.Trials, NumClasses, MaxRangeOpponents)
	}
	if p := t.Percents; p[0] < 1 || p[0] > 100 || p[1] < 1 || p[1] > 100 || p[0] == p[1] {
		return nil, fmt.Errorf("preflop: range table of percents %v", p)
	}
	nv := numRangeEntries * rangeFields
	raw := b[rangeHeaderSize:]
	if len(raw) != 2*nv+4*numRangeCombos {
		return nil, fmt.Errorf("preflop: range table payload of %d bytes, want %d", len(raw), 2*nv+4*numRangeCombos)
	}
	t.v, t.combos = planesOf(raw, nv), raw[2*nv:]
	return t, nil
}
