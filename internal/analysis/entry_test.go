package analysis

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/hhtest"
)

// psTwo is a PokerStars file of a legal hand (#900, line 1) and one with a
// malformed line (#901, line 17; "Bob: dances", line 25).
const psTwo = hhtest.PokerStarsHand + `
PokerStars Hand #901:  Omaha Pot Limit ($0.05/$0.10 USD) - 2020/01/02 3:05:05 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($10 in chips)
Bob: posts small blind $0.05
Ann: posts big blind $0.10
*** HOLE CARDS ***
Bob: dances
`

// TestFromEntry: a read hand is replayed; an unreadable one is told apart
// from an illegal one (unreadable true, its line, the reader's message,
// index -1); a skipped one carries the reason. Not-replayed verdicts have
// empty, not null, slices.
func TestFromEntry(t *testing.T) {
	entries, err := handhistory.Read(handhistory.FormatPokerStars, []byte(psTwo))
	if err != nil || len(entries) != 2 {
		t.Fatalf("Read: %d entries, %v", len(entries), err)
	}
	if entries[0].ID != "900" {
		t.Errorf("Entry.ID = %q, want 900", entries[0].ID)
	}
	legal := FromEntry(entries[0])
	if !legal.Legal || legal.Unreadable || legal.Hand != 1 || legal.Line != 1 || legal.ID == nil || *legal.ID != "900" {
		t.Errorf("legal hand: %+v", legal)
	}
	bad := FromEntry(entries[1])
	if bad.Legal || !bad.Unreadable || bad.Hand != 2 || bad.Line < 18 || bad.Error == nil || bad.Error.Index != -1 ||
		!strings.Contains(bad.Error.Message, "line") {
		t.Errorf("unreadable hand: %+v (error %+v)", bad, bad.Error)
	}
	skipped := FromEntry(handhistory.Entry{Index: 3, Line: 40, Skipped: "hand cancelled"})
	if skipped.Legal || skipped.Unreadable || skipped.Skipped != "hand cancelled" || skipped.Error != nil || skipped.Line != 40 {
		t.Errorf("skipped hand: %+v", skipped)
	}
	empty := FromEntry(handhistory.Entry{Index: 4, ID: "77"})
	if !empty.Unreadable || empty.Error == nil || empty.Error.Index != -1 || empty.ID == nil || *empty.ID != "77" {
		t.Errorf("entry with nothing: %+v", empty)
	}
	for _, v := range []Verdict{bad, skipped, empty} {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), `"players":[],"pots":[],"payouts":[],"finishing_stacks":[]`) {
			t.Errorf("not-replayed verdict JSON %s: want empty slices", b)
		}
	}
	b, _ := json.Marshal(bad)
	if !strings.Contains(string(b), `"unreadable":true`) || !strings.Contains(string(b), `"line":`) {
		t.Errorf("unreadable verdict JSON %s lacks unreadable/line", b)
	}
	if b, _ := json.Marshal(legal); strings.Contains(string(b), "unreadable") {
		t.Errorf("legal verdict JSON %s mentions unreadable", b)
	}
}
