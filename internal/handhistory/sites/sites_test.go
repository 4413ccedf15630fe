package sites_test

import (
	"errors"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/ggpoker"
	"github.com/scoophq/scoop/internal/handhistory/party"
	"github.com/scoophq/scoop/internal/handhistory/pokerstars"
	"github.com/scoophq/scoop/internal/handhistory/sites"
)

// TestDefaultReadersRegistered: every reader of Default is registered once,
// after Scoop's own JSON and PHH, in Default's order, each with a name, a
// way to be detected and a way to be read.
func TestDefaultReadersRegistered(t *testing.T) {
	var got []handhistory.Format
	for _, r := range handhistory.Readers() {
		got = append(got, r.Format)
	}
	want := []handhistory.Format{handhistory.FormatJSON, handhistory.FormatPHH}
	for _, r := range sites.Default() {
		want = append(want, r.Format)
		if r.Name == "" || r.ReadPart == nil || r.Signature == nil && r.Sniff == nil {
			t.Errorf("%s: a reader needs a name, a ReadPart and a Signature or a Sniff", r.Format)
		}
	}
	if len(got) < len(want) {
		t.Fatalf("registered %v, want %v first", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("registered %v, want %v first", got, want)
		}
	}
}

// TestSiteReadersBoundLinesPerHand: the text readers keep at most
// MaxHandLines lines of a hand (the hand is an error naming the first line
// past it, unless one is found before) and one hand's lines at a time, so that a body of short lines
// costs memory in proportion to a hand, not 16 times its own size (a
// 30 MB body of "x" lines allocated 2.4 GB).
func TestSiteReadersBoundLinesPerHand(t *testing.T) {
	// Not parallel: it measures the bytes allocated.
	const n = 1 << 20
	for _, c := range []struct {
		name   string
		header string
		read   func([]byte) ([]handhistory.Entry, error)
	}{
		{"ggpoker", "Poker Hand #HD1: Omaha Hi/Lo ($0.01/$0.02) - 2020/01/01 00:00:00", ggpoker.Reader.Read},
		{"party", "***** Hand History for Game 1 *****", party.Reader.Read},
		{"pokerstars", "PokerStars Hand #1: Omaha Hi/Lo Pot Limit ($0.01/$0.02 USD) - 2010/01/01 00:00:00 ET", pokerstars.Reader.Read},
	} {
		// GGPoker skips this header's game: a cut hand is an error even so.
		one := c.header + "\n" + strings.Repeat("x\n", n)
		data := []byte(strings.Repeat(one, 4))
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		es, err := c.read(data)
		runtime.ReadMemStats(&after)
		if err != nil || len(es) != 4 {
			t.Fatalf("%s: %d entries, %v", c.name, len(es), err)
		}
		for i, e := range es {
			// The first error in the lines kept, else the cut.
			var fe *fault.Error
			cut := i*(n+1) + handhistory.MaxHandLines + 1
			if !errors.As(e.Err, &fe) || fe.Line <= i*(n+1) || fe.Line > cut || fe.Line == cut && !strings.Contains(fe.Message, "MaxHandLines") {
				t.Errorf("%s: entry %d %+v, want an error naming a line up to %d (MaxHandLines)", c.name, i+1, e, cut)
			}
		}
		if got, limit := after.TotalAlloc-before.TotalAlloc, uint64(2*len(data)+64*handhistory.MaxHandLines); got > limit {
			t.Errorf("%s: reading %d bytes allocated %d bytes, want at most %d", c.name, len(data), got, limit)
		}
	}
}

// TestDocsNameEverySite: the texts written by hand that list the sites
// Scoop reads (README's opening, openapi.yaml's POST /v1/hands, the
// import page) name every registered site reader by its Name, so that a
// new reader cannot be left out of them (the CLI's help is made from the
// registry: cmd/scoop withFormats).
func TestDocsNameEverySite(t *testing.T) {
	t.Parallel()
	for _, doc := range []string{"../../../README.md", "../../../openapi.yaml", "../../web/templates/import.html"} {
		data, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		text := strings.Join(strings.Fields(string(data)), " ")
		for _, r := range sites.Default() {
			if !strings.Contains(text, r.Name) {
				t.Errorf("%s does not name the site reader %q", doc, r.Name)
			}
		}
	}
}
