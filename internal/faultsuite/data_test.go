//go:build faults

package faultsuite

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/scoophq/scoop/internal/handhistory/hhtest"
)

// templateFiles are PokerStars files of legal Omaha hands, shared with the
// reader's tests.
var templateFiles = []string{
	"fpdb3__tour__Stars__Flop__NLO8-USD-STT-201109.Knockout.sample.txt",
	"fpdb3__cash__Stars__Flop__PLO8-6max-USD-0.01-0.02-200911.txt",
}

var (
	templatesOnce sync.Once
	templates     []string
	templatesErr  error
	handHeader    = regexp.MustCompile(`(?m)^PokerStars (?:Hand|Game) #(\d+)`)
)

// pokerStarsTemplates returns the template hands, one text each.
func pokerStarsTemplates(t testing.TB) []string {
	t.Helper()
	templatesOnce.Do(func() {
		for _, f := range templateFiles {
			b, err := os.ReadFile(filepath.Join("..", "handhistory", "pokerstars", "testdata", f))
			if err != nil {
				templatesErr = err
				return
			}
			text := strings.ReplaceAll(string(bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))), "\r\n", "\n")
			locs := handHeader.FindAllStringIndex(text, -1)
			for i, l := range locs {
				end := len(text)
				if i+1 < len(locs) {
					end = locs[i+1][0]
				}
				templates = append(templates, strings.TrimRight(text[l[0]:end], "\n")+"\n")
			}
		}
	})
	if templatesErr != nil {
		t.Fatalf("templates: %v", templatesErr)
	}
	if len(templates) < 50 {
		t.Fatalf("only %d template hands", len(templates))
	}
	return templates
}

// psHand returns template hand k (cycling) renumbered as hand id.
func psHand(t testing.TB, k int, id int64) string {
	ts := pokerStarsTemplates(t)
	h := ts[k%len(ts)]
	loc := handHeader.FindStringSubmatchIndex(h)
	return h[:loc[2]] + fmt.Sprint(id) + h[loc[3]:]
}

// psFile returns n hands with ids first, first+1, ..., blank-line separated.
func psFile(t testing.TB, first int64, n int) []byte {
	var b bytes.Buffer
	for i := 0; i < n; i++ {
		b.WriteString(psHand(t, i, first+int64(i)))
		b.WriteString("\n\n")
	}
	return b.Bytes()
}

// psFileOfSize returns hands from first on until the file reaches size bytes.
func psFileOfSize(t testing.TB, first int64, size int) []byte {
	var b bytes.Buffer
	b.Grow(size + 4096)
	for i := 0; b.Len() < size; i++ {
		b.WriteString(psHand(t, i, first+int64(i)))
		b.WriteString("\n\n")
	}
	return b.Bytes()
}

// phhMinRaises is a legal heads-up NO/8 PHH hand of n min-raises before
// the button folds: n+3 actions.
func phhMinRaises(n int) []byte {
	var b bytes.Buffer
	stack := int64(2*n + 1000)
	fmt.Fprintf(&b, "variant = 'NO/8'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [%d, %d]\n", stack, stack)
	b.WriteString("actions = [\n  'd dh p1 ????????',\n  'd dh p2 ????????',\n")
	// Heads-up the button (p2) posts the small blind and acts first.
	to := int64(2)
	for i := 0; i < n; i++ {
		to += 2
		p := 2 - i%2
		fmt.Fprintf(&b, "  'p%d cbr %d',\n", p, to)
	}
	fmt.Fprintf(&b, "  'p%d f',\n]\n", 2-n%2)
	return b.Bytes()
}

// psMinRaises is a heads-up no-limit Omaha hi/lo PokerStars hand of n
// min-raises before the big blind folds.
func psMinRaises(id int64, n int) []byte {
	var b bytes.Buffer
	stack := int64(2*n + 1000)
	fmt.Fprintf(&b, "PokerStars Hand #%d:  Omaha Hi/Lo No Limit (1/2) - 2020/01/02 3:04:05 ET\n", id)
	fmt.Fprintf(&b, "Table 'T' 2-max Seat #1 is the button\nSeat 1: Ann (%d in chips)\nSeat 2: Bob (%d in chips)\n", stack, stack)
	b.WriteString("Ann: posts small blind 1\nBob: posts big blind 2\n*** HOLE CARDS ***\n")
	to := int64(2)
	names := []string{"Ann", "Bob"}
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "%s: raises 2 to %d\n", names[i%2], to+2)
		to += 2
	}
	fmt.Fprintf(&b, "%s: folds\n", names[n%2])
	fmt.Fprintf(&b, "Uncalled bet (2) returned to %s\n%s collected %d from pot\n", names[(n+1)%2], names[(n+1)%2], 2*(to-2))
	fmt.Fprintf(&b, "*** SUMMARY ***\nTotal pot %d | Rake 0\n", 2*(to-2))
	return b.Bytes()
}

// oneHand is hhtest's small legal PokerStars pot-limit Omaha hand as hand
// #id: a cheap one-hand replay.
func oneHand(id int64) []byte {
	return []byte(strings.Replace(hhtest.PokerStarsHand, "#900:", fmt.Sprintf("#%d:", id), 1))
}

// renamed returns hand text with the player name from replaced by to
// everywhere.
func renamed(hand []byte, from, to string) []byte {
	return bytes.ReplaceAll(hand, []byte(from), []byte(to))
}
