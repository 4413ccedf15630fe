package handhistory

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"

	"github.com/scoophq/scoop/internal/handhistory/hhtest"
)

// BenchmarkPHHActions measures the per-action work of a PHH hand of N
// min-raises beyond MaxActions (which Read refuses): the pre-scan, the TOML
// decoding and the action parsing with each action's line, the part that
// was quadratic (a regexp compiled and the section searched and its lines
// counted again for every action). ns/action must stay flat as N doubles.
func BenchmarkPHHActions(b *testing.B) {
	for _, n := range []int{20_000, 40_000, 80_000} {
		text := hhtest.PHHRaises(n)
		sec := phhSection{line: 1, text: text}
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				sc, err := scanPHHUnbounded(text)
				if err != nil {
					b.Fatal(err)
				}
				var f phhFile
				if _, err := toml.Decode(text, &f); err != nil {
					b.Fatal(err)
				}
				h := &Hand{Players: make([]Player, 2)}
				if err := phhActions(sec, &sc, f.Actions, h); err != nil {
					b.Fatal(err)
				}
				if len(h.Actions) != n+1 {
					b.Fatalf("%d actions", len(h.Actions))
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n+1), "ns/action")
		})
	}
}

// scanPHHUnbounded is scanPHH for a text whose actions array passes
// MaxActions (the benchmark's): the actions array is read in parts.
func scanPHHUnbounded(text string) (phhScan, error) {
	head, body, _ := strings.Cut(text, "actions = [\n")
	sc, err := scanPHH(head + "actions = [\n]\n")
	if err != nil {
		return sc, err
	}
	line := strings.Count(head, "\n") + 1
	for chunk := range strings.Lines(body) {
		line++
		if strings.HasPrefix(chunk, "  '") {
			sc.actions = append(sc.actions, line)
		}
	}
	return sc, nil
}

// BenchmarkReadPHHRaises reads a PHH hand of N min-raises within
// MaxActions through Read: linear in N (ns/action flat).
func BenchmarkReadPHHRaises(b *testing.B) {
	for _, n := range []int{1249, 2499, 4999} {
		benchReadActions(b, FormatPHH, []byte(hhtest.PHHRaises(n)), n+1)
	}
}

// BenchmarkReadJSONRaises reads the Scoop JSON twin of
// BenchmarkReadPHHRaises (the same hands, as MarshalJSON writes them):
// linear in N, the kinds decoded as text and then parsed (see jsonHand).
func BenchmarkReadJSONRaises(b *testing.B) {
	for _, n := range []int{1249, 4999} {
		es, err := Read(FormatPHH, []byte(hhtest.PHHRaises(n)))
		if err != nil || es[0].Hand == nil {
			b.Fatal(err, es[0].Err)
		}
		data, err := json.Marshal(es[0].Hand)
		if err != nil {
			b.Fatal(err)
		}
		benchReadActions(b, FormatJSON, data, n+1)
	}
}

// benchReadActions runs the sub-benchmark "N=actions" reading data, one
// hand of that many actions in format f, reporting ns/action.
func benchReadActions(b *testing.B, f Format, data []byte, actions int) {
	b.Run(fmt.Sprintf("N=%d", actions), func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			es, err := Read(f, data)
			if err != nil || es[0].Hand == nil {
				b.Fatal(err, es[0].Err)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(actions), "ns/action")
	})
}

// BenchmarkReadPokerStarsRaises reads the PokerStars twin of
// BenchmarkReadPHHRaises, and times the refusal of hands with one very
// long line (MaxLineBytes) and with very many lines (MaxHandLines): each
// is one entry, an error naming its limit, at a cost linear in the text
// (ns/op grows as the bytes do).
func BenchmarkReadPokerStarsRaises(b *testing.B) {
	for _, n := range []int{1249, 2499, 4999} {
		benchReadActions(b, FormatPokerStars, []byte(hhtest.PokerStarsRaises(n)), n+1)
	}
	for _, mb := range []int{1, 2, 4} {
		long := strings.Replace(hhtest.PokerStarsHand, "*** HOLE CARDS ***\n", "*** HOLE CARDS ***\nAnn said, \""+strings.Repeat("[Ann: raises ", mb<<20/13)+"\"\n", 1)
		many := strings.Replace(hhtest.PokerStarsHand, "*** HOLE CARDS ***\n", "*** HOLE CARDS ***\n"+strings.Repeat("Ann is connected\n", mb<<20/17), 1)
		for name, c := range map[string]struct {
			data  []byte
			limit string
		}{"long-line": {[]byte(long), "MaxLineBytes"}, "many-lines": {[]byte(many), "MaxHandLines"}} {
			b.Run(fmt.Sprintf("%s-%dMB", name, mb), func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(c.data)))
				for b.Loop() {
					es, err := Read(FormatPokerStars, c.data)
					if err != nil || len(es) != 1 || es[0].Err == nil || !strings.Contains(es[0].Err.Error(), c.limit) {
						b.Fatalf("want the hand refused by %s: %v %+v", c.limit, err, es)
					}
				}
			})
		}
	}
}

// BenchmarkHostile is the cost of refusing hostile bodies of about 2 MB
// (before the bounds: a fatal stack overflow for the brackets, and time and
// memory quadratic in the key parts for the rest): each must cost about
// one pass over its bytes and allocate next to nothing.
func BenchmarkHostile(b *testing.B) {
	const n = 2_000_000
	var manyKeys strings.Builder
	for k := 0; manyKeys.Len() < n; k++ {
		fmt.Fprintf(&manyKeys, "_k%d = 1\n", k)
	}
	for _, tt := range []struct {
		name string
		f    Format
		data string
	}{
		{"phh-brackets", FormatPHH, "variant = " + strings.Repeat("[", n)},
		{"phh-inline-tables", FormatPHH, "_x = " + strings.Repeat("{a=", n/3)},
		{"phh-dotted-key", FormatPHH, strings.Repeat("a.", n/2) + "a = 1"},
		{"phh-header", FormatPHH, "[" + strings.Repeat("a.", n/2) + "a]"},
		{"phh-many-keys", FormatPHH, manyKeys.String()},
		{"phh-long-array", FormatPHH, "_x = [" + strings.Repeat("1,", n/2) + "]"},
		{"phh-actions", FormatPHH, hhtest.PHHRaises(n / 16)},
		{"json-brackets", FormatJSON, strings.Repeat("[", n)},
		{"json-objects", FormatJSON, strings.Repeat(`{"a":`, n/5)},
		{"pokerstars-actions", FormatPokerStars, hhtest.PokerStarsRaises(n / 32)},
		// A text split by comments into many pieces (quadratic when the
		// pieces were appended to a string: 1.6 MB took 7.7 s).
		{"ipoker-header-comments", FormatIPoker, `<session sessioncode="1"><general><gametype>` + strings.Repeat("a<!---->", n/8) + `</gametype></general><game gamecode="1"></game></session>`},
		{"ipoker-game-comments", FormatIPoker, `<session sessioncode="1"><general><gametype>Omaha PL $0.05/$0.10</gametype></general><game gamecode="1"><general><startdate>` +
			strings.Repeat("1<!---->", n/8) + `</startdate></general></game></session>`},
	} {
		data := []byte(tt.data)
		b.Run(tt.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				es, err := Read(tt.f, data)
				if err == nil && (len(es) != 1 || (es[0].Err == nil && es[0].Skipped == "")) {
					b.Fatalf("read %+v", es)
				}
			}
		})
	}
}
