package ranges

import (
	"errors"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/ranges/internal/handclass"
)

// counts returns how many cards of each rank and suit h holds.
func counts(h handclass.Hand) (rk [13]int, su [4]int) {
	for _, c := range h {
		rk[c.Rank()]++
		su[c.Suit()]++
	}
	return rk, su
}

func has(h handclass.Hand, c cards.Card) bool {
	for _, x := range h {
		if x == c {
			return true
		}
	}
	return false
}

// checkAgainst compares the expansion of text with an obvious predicate,
// hand by hand over all 270,725 hands, and returns the count.
func checkAgainst(t *testing.T, text string, want func(h handclass.Hand) bool) int {
	t.Helper()
	r, err := Parse(text)
	if err != nil {
		t.Fatalf("Parse(%q): %v", text, err)
	}
	s := r.set(eval.OmahaHiLo)
	n := 0
	for i := 0; i < NumHands; i++ {
		h := handclass.HandAt(i)
		if got := s.has(i); got != want(h) {
			t.Fatalf("%q: hand %v in range %v, want %v", text, cards.List(h[:]), got, !got)
		}
		if s.has(i) {
			n++
		}
	}
	if c := r.Count(eval.OmahaHiLo, 0); c != n {
		t.Errorf("%q: Count %d, want %d", text, c, n)
	}
	return n
}

func TestParseConstructs(t *testing.T) {
	t.Parallel()
	A, K, J := cards.Ace, cards.King, cards.Jack
	tests := []struct {
		name  string
		text  string
		want  func(h handclass.Hand) bool
		count int // -1: not checked
	}{
		{"exact hand", "AsKhJd2c", func(h handclass.Hand) bool {
			return has(h, cards.New(A, cards.Spades)) && has(h, cards.New(K, cards.Hearts)) && has(h, cards.New(J, cards.Diamonds)) && has(h, cards.New(cards.Two, cards.Clubs))
		}, 1},
		{"exact hand in cards.Parse form", "as kh, jd 2c", func(h handclass.Hand) bool {
			return Combo(h).String() == "AsKhJd2c"
		}, 1},
		{"star alone is every hand", "*", func(handclass.Hand) bool { return true }, NumHands},
		{"four stars are every hand", "****", func(handclass.Hand) bool { return true }, NumHands},
		{"AA** is at least two aces", "AA**", func(h handclass.Hand) bool { rk, _ := counts(h); return rk[A] >= 2 }, 6*1128 + 4*48 + 1},
		{"AK** is an ace and a king", "AK**", func(h handclass.Hand) bool { rk, _ := counts(h); return rk[A] >= 1 && rk[K] >= 1 }, -1},
		{"AxKx** is a suited ace-king", "AxKx**", func(h handclass.Hand) bool {
			for s := cards.Suit(0); s < 4; s++ {
				if has(h, cards.New(A, s)) && has(h, cards.New(K, s)) {
					return true
				}
			}
			return false
		}, -1},
		{"xxyy is double-suited", "xxyy", func(h handclass.Hand) bool {
			_, su := counts(h)
			twos := 0
			for _, n := range su {
				if n == 2 {
					twos++
				}
			}
			return twos == 2
		}, 6 * 78 * 78},
		{"RRON is one pair and two other ranks", "RRON", func(h handclass.Hand) bool {
			rk, _ := counts(h)
			pairs, ones := 0, 0
			for _, n := range rk {
				pairs += b2i(n == 2)
				ones += b2i(n == 1)
			}
			return pairs == 1 && ones == 2
		}, 13 * 6 * 66 * 16},
		{"RROO is two pair", "RROO", func(h handclass.Hand) bool {
			rk, _ := counts(h)
			pairs := 0
			for _, n := range rk {
				pairs += b2i(n == 2)
			}
			return pairs == 2
		}, 78 * 36},
		{"rank variables avoid written ranks", "AARR", func(h handclass.Hand) bool {
			rk, _ := counts(h)
			other := false
			for r, n := range rk {
				other = other || (r != int(A) && n >= 2)
			}
			return rk[A] >= 2 && other
		}, 6 * 12 * 6},
		{"rank span", "[A-T]***", func(h handclass.Hand) bool { return maxRank(h) >= cards.Ten }, -1},
		{"rank span either order", "[T-A]***", func(h handclass.Hand) bool { return maxRank(h) >= cards.Ten }, -1},
		{"rank list", "[AK]***", func(h handclass.Hand) bool { rk, _ := counts(h); return rk[A]+rk[K] >= 1 }, -1},
		{"rank list with span and commas", "[A, 9-8]***", func(h handclass.Hand) bool {
			rk, _ := counts(h)
			return rk[A]+rk[cards.Nine]+rk[cards.Eight] >= 1
		}, -1},
		{"suit list after a rank", "A[sh]***", func(h handclass.Hand) bool {
			return has(h, cards.New(A, cards.Spades)) || has(h, cards.New(A, cards.Hearts))
		}, -1},
		{"suit list alone", "[sh][sh]**", func(h handclass.Hand) bool { _, su := counts(h); return su[cards.Spades]+su[cards.Hearts] >= 2 }, -1},
		{"suit variable alone", "xx**", func(h handclass.Hand) bool {
			_, su := counts(h)
			return max(su[0], su[1], su[2], su[3]) >= 2
		}, -1},
		{"suit variables avoid written suits", "AsKx**", func(h handclass.Hand) bool {
			if !has(h, cards.New(A, cards.Spades)) {
				return false
			}
			for _, c := range h {
				if c.Rank() == K && c.Suit() != cards.Spades {
					return true
				}
			}
			return false
		}, -1},
		{"J+ is a jack or better", "J+***", func(h handclass.Hand) bool { return maxRank(h) >= J }, -1},
		{"JJ+ is a pair of jacks or better", "JJ+**", func(h handclass.Hand) bool {
			rk, _ := counts(h)
			return rk[J] >= 2 || rk[cards.Queen] >= 2 || rk[K] >= 2 || rk[A] >= 2
		}, -1},
		{"or", "AA**,KK**", func(h handclass.Hand) bool { rk, _ := counts(h); return rk[A] >= 2 || rk[K] >= 2 }, -1},
		{"and", "AA**:KK**", func(h handclass.Hand) bool { rk, _ := counts(h); return rk[A] == 2 && rk[K] == 2 }, 36},
		{"and not", "AA**!AAA*", func(h handclass.Hand) bool { rk, _ := counts(h); return rk[A] == 2 }, 6 * 1128},
		{"not", "!AA**", func(h handclass.Hand) bool { rk, _ := counts(h); return rk[A] < 2 }, NumHands - 6961},
		{"precedence: , looser than !", "AA**,KK**!KKK*", func(h handclass.Hand) bool {
			rk, _ := counts(h)
			return rk[A] >= 2 || rk[K] == 2
		}, -1},
		{"parentheses", "(AA**,KK**):xxyy", func(h handclass.Hand) bool {
			rk, su := counts(h)
			twos := 0
			for _, n := range su {
				twos += b2i(n == 2)
			}
			return (rk[A] >= 2 || rk[K] >= 2) && twos == 2
		}, -1},
		{"spaces are ignored", " ( AA** , KK** ) : x x y y ", func(h handclass.Hand) bool {
			rk, su := counts(h)
			twos := 0
			for _, n := range su {
				twos += b2i(n == 2)
			}
			return (rk[A] >= 2 || rk[K] >= 2) && twos == 2
		}, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			n := checkAgainst(t, tt.text, tt.want)
			if tt.count >= 0 && n != tt.count {
				t.Errorf("%q holds %d hands, want %d", tt.text, n, tt.count)
			}
		})
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func maxRank(h handclass.Hand) cards.Rank { return h[0].Rank() }

// TestDoubleSuitedAces: AxAyxy lists exactly the 864 double-suited aces
// hands (two aces of two suits, one more card of each: 6 suit pairs x 12 x
// 12), every one of them two aces in a 2+2 suit pattern.
func TestDoubleSuitedAces(t *testing.T) {
	t.Parallel()
	r := MustParse("AxAyxy")
	combos := r.Combos(eval.OmahaHiLo, 0)
	if len(combos) != 864 {
		t.Fatalf("AxAyxy lists %d combinations, want 864", len(combos))
	}
	seen := map[Combo]bool{}
	for _, c := range combos {
		rk, su := counts(handclass.Hand(c))
		twos := 0
		for _, n := range su {
			twos += b2i(n == 2)
		}
		aceSuits := map[cards.Suit]bool{}
		for _, x := range c {
			if x.Rank() == cards.Ace {
				aceSuits[x.Suit()] = true
			}
		}
		if rk[cards.Ace] != 2 || twos != 2 || len(aceSuits) != 2 || seen[c] {
			t.Errorf("%v is not a new double-suited aces hand", c)
		}
		seen[c] = true
	}
	if combos[0].String() != "AsAhKsKh" {
		t.Errorf("first combination %v, want AsAhKsKh (Combos lists best cards first)", combos[0])
	}
}

func TestCardRemoval(t *testing.T) {
	t.Parallel()
	r := MustParse("AA**")
	known, _ := cards.ParseSet("AsAhKs2d7c8c")
	combos := r.Combos(eval.OmahaHiLo, known)
	// Two aces left (Ad, Ac), so AA** is AdAc with two of the other 44 cards.
	if len(combos) != 946 || r.Count(eval.OmahaHiLo, known) != 946 {
		t.Fatalf("AA** after AsAhKs2d7c8c: %d combinations (Count %d), want C(44,2) = 946", len(combos), r.Count(eval.OmahaHiLo, known))
	}
	for _, c := range combos {
		if c.Set()&known != 0 || c[0].String() != "Ad" || c[1].String() != "Ac" {
			t.Fatalf("%v collides with the known cards or lacks AdAc", c)
		}
	}
	if n := MustParse("AsKhJd2c").Count(eval.OmahaHi, known); n != 0 {
		t.Errorf("a hand holding a known card is still counted (%d)", n)
	}
}

func TestFixed(t *testing.T) {
	t.Parallel()
	for text, want := range map[string]string{"AsKhJd2c": "AsKhJd2c", "2cJdKhAs": "AsKhJd2c", "10s 9s 8s 7s": "Ts9s8s7s",
		"AsKhJd2c,AsKhJd2c": "AsKhJd2c", "AA**": "", "15%": ""} {
		c, ok := MustParse(text).Fixed()
		if (want != "") != ok || (ok && c.String() != want) {
			t.Errorf("Fixed(%q) = %v, %v; want %q", text, c, ok, want)
		}
	}
	if s := MustParse("2cJdKhAs").String(); s != "AsKhJd2c" {
		t.Errorf("an exact hand prints as %q, want its canonical form", s)
	}
	if s := MustParse("  AA** , KK**  ").String(); s != "AA** , KK**" {
		t.Errorf("a range prints as %q, want the text as written, trimmed", s)
	}
}

func TestSample(t *testing.T) {
	t.Parallel()
	r := MustParse("AxAyxy")
	a, b := r.Sample(eval.OmahaHi, 0, 10), r.Sample(eval.OmahaHi, 0, 10)
	if len(a) != 10 || len(b) != 10 {
		t.Fatalf("sample of %d and %d, want 10", len(a), len(b))
	}
	all := map[Combo]int{}
	for i, c := range r.Combos(eval.OmahaHi, 0) {
		all[c] = i + 1
	}
	for i := range a {
		if a[i] != b[i] || all[a[i]] == 0 || (i > 0 && all[a[i]] <= all[a[i-1]]) {
			t.Fatalf("sample %v: not the same twice, or not distinct members in Combos order", a)
		}
	}
	if n := len(r.Sample(eval.OmahaHi, 0, 1000)); n != 864 {
		t.Errorf("a sample larger than the range has %d combinations, want all 864", n)
	}
}

func TestPercentages(t *testing.T) {
	t.Parallel()
	for _, g := range []eval.Game{eval.OmahaHi, eval.OmahaHiLo} {
		n := func(text string) int { return MustParse(text).Count(g, 0) }
		if n("100%") != NumHands || n("0%") != 0 || n("0%-100%") != NumHands {
			t.Errorf("%v: 100%% = %d, 0%% = %d", g, n("100%"), n("0%"))
		}
		for _, p := range []struct {
			text string
			want int
		}{{"15%", NumHands * 15 / 100}, {"2.5%", NumHands * 25 / 1000}, {"50%", NumHands / 2}} {
			if got := n(p.text); got < p.want || got > p.want+24 {
				t.Errorf("%v: %s holds %d hands, want %d to %d", g, p.text, got, p.want, p.want+24)
			}
		}
		if n("5%")+n("5%-10%") != n("10%") || n("5%:5%-10%") != 0 || n("5%,5%-10%") != n("10%") {
			t.Errorf("%v: 5%% (%d) and 5%%-10%% (%d) do not split 10%% (%d)", g, n("5%"), n("5%-10%"), n("10%"))
		}
		for _, c := range MustParse("15%").Combos(g, 0) {
			if Percentile(g, c) >= 0.15 {
				t.Fatalf("%v: %v is in 15%% at percentile %v", g, c, Percentile(g, c))
			}
		}
	}
	// The ranking is per game and sensible: double-suited aces-kings are
	// top 1% in Omaha High, A-2 double-suited top 1% in Hi/Lo; 9-7-3-2
	// rainbow is in neither game's top half.
	in := func(g eval.Game, hand, r string) bool {
		c, _ := MustParse(hand).Fixed()
		return MustParse(r).Count(g, 0) > 0 && Percentile(g, c) < percentOf(r)
	}
	if !in(eval.OmahaHi, "AsAhKsKh", "1%") || !in(eval.OmahaHiLo, "AsAh2s3h", "1%") || in(eval.OmahaHi, "9c7d3h2s", "50%") || in(eval.OmahaHiLo, "9c7d3h2s", "50%") {
		t.Error("the ranking misplaces AsAhKsKh, AsAh2s3h or 9c7d3h2s")
	}
	if MustParse("10%").Count(eval.OmahaHi, 0) == MustParse("10%:AA**").Count(eval.OmahaHi, 0) {
		t.Error("10% is not more than aces")
	}
	hi, lo := MustParse("10%").set(eval.OmahaHi), MustParse("10%").set(eval.OmahaHiLo)
	if *hi == *lo {
		t.Error("10% is the same hands in omaha-hi and omaha-hilo")
	}
}

func percentOf(s string) float64 {
	var p float64
	for _, c := range strings.TrimSuffix(s, "%") {
		p = p*10 + float64(c-'0')
	}
	return p / 100
}

func TestRankingTable(t *testing.T) {
	t.Parallel()
	if _, err := handclass.Decode(rankingTable); err != nil {
		t.Fatalf("embedded table: %v", err)
	}
	if len(rankingTable) > 70_000 {
		t.Errorf("the table is %d bytes", len(rankingTable))
	}
}

func TestParseErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text   string
		kind   fault.Kind
		column int
		want   string
	}{
		{"", fault.Invalid, 1, "empty range"},
		{"  ", fault.Invalid, 3, "empty range"},
		{"  AA**)", fault.Invalid, 7, "unmatched )"},
		{"AA*", fault.Invalid, 1, "want 4 cards in a hand pattern, got 3"},
		{"As2s3d", fault.Invalid, 1, "want 4 cards"},
		{"AA***", fault.Invalid, 1, "got 5"},
		{"AA**,", fault.Invalid, 6, "end of range"},
		{"AA**)", fault.Invalid, 5, "unmatched )"},
		{"(AA**", fault.Invalid, 6, "want ) to close the ( at column 1"},
		{"Ak**", fault.Invalid, 2, "ranks are upper case"},
		{"AA**,15", fault.Invalid, 6, "unknown symbol '1'"},
		{"A[K-", fault.Invalid, 5, "want a rank after -"},
		{"[]***", fault.Invalid, 1, "empty rank list"},
		{"A[sq]**", fault.Invalid, 4, "want a suit"},
		{"101%", fault.Invalid, 1, "at most 100%"},
		{"10%-5%", fault.Invalid, 1, "above its second"},
		{"1.2345%", fault.Invalid, 6, "at most three decimals"},
		{"5%-", fault.Invalid, 4, "want a percentage after -"},
		{"KQ+**", fault.Invalid, 3, "ambiguous +"},
		{"+A***", fault.Invalid, 1, "+ must follow a rank"},
		{"AsAs**", fault.Impossible, 3, "duplicate card As: written at columns 1 and 3"},
		{"AsAs2c3d", fault.Impossible, 1, "duplicate card As"},
		{"AA** KK**", fault.Invalid, 1, "got 8"},
		{"AA**€", fault.Invalid, 5, "unknown symbol '€'"},
		{"é,AA**", fault.Invalid, 1, "unknown symbol 'é'"},
		{strings.Repeat("(", 40) + "AA**", fault.Invalid, 33, "nested more than 32 deep"},
		{strings.Repeat("AA**,", 32) + "AA**", fault.Invalid, 161, "more than 32"},
		{strings.Repeat(" ", MaxLength+1), fault.Invalid, 1001, "longer than 1000 bytes"},
	}
	for _, tt := range tests {
		_, err := Parse(tt.text)
		var fe *fault.Error
		var se *SyntaxError
		if !errors.As(err, &fe) || !errors.As(err, &se) {
			t.Errorf("Parse(%q) = %v: want a *fault.Error holding a *SyntaxError", tt.text, err)
			continue
		}
		if fe.Kind != tt.kind || se.Column != tt.column || !strings.Contains(err.Error(), tt.want) || fe.Field != "" {
			t.Errorf("Parse(%q) = %v (kind %v, column %d); want kind %v, column %d, %q", tt.text, err, fe.Kind, se.Column, tt.kind, tt.column, tt.want)
		}
	}
}

// FuzzParseRange: Parse never panics; what it accepts prints and parses
// back to the same hands, and its expansion is a subset of all hands.
func FuzzParseRange(f *testing.F) {
	for _, s := range []string{"AA**", "AsKhJd2c", "*", "AxAyxy", "AxKx**", "xxyy", "RRON", "RROO", "[A-T]***",
		"[AK][sh]**", "J+***", "JJ+**", "AA**,KK**!KKK*", "(AA**,KK**):xxyy", "15%", "5%-10%", "!AA**", "2.5%"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := Parse(s)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || se.Column < 1 || fault.KindOf(err) == fault.Internal {
				t.Fatalf("Parse(%q): %v: want a located fault", s, err)
			}
			return
		}
		again, err := Parse(r.String())
		if err != nil {
			t.Fatalf("Parse(%q) ok but its String %q fails: %v", s, r.String(), err)
		}
		if strings.ContainsAny(s, ",:!") {
			return // expansion costs a pass over all hands per term: one term only
		}
		n := r.Count(eval.OmahaHiLo, 0)
		if n < 0 || n > NumHands || again.Count(eval.OmahaHiLo, 0) != n {
			t.Fatalf("%q: %d hands, reparsed %d", s, n, again.Count(eval.OmahaHiLo, 0))
		}
	})
}
