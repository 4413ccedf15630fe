package analysis

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/handhistory"
)

// The clarified RULES.md through the replay: the PHH hands of issue 9.

// phhHand reads the one hand of a PHH text.
func phhHand(t *testing.T, text string) *handhistory.Hand {
	t.Helper()
	es, err := handhistory.Read(handhistory.FormatPHH, []byte(text))
	if err != nil || len(es) != 1 || es[0].Hand == nil {
		t.Fatalf("read: %v %+v", err, es)
	}
	return es[0].Hand
}

// phhText writes a PHH hand: extra lines (e.g. ante_trimming_status)
// first, then the given fields.
func phhText(variant, extra, antes, blinds, stacks string, actions []string, finishing string) string {
	q := make([]string, len(actions))
	for i, a := range actions {
		q[i] = "'" + a + "'"
	}
	return fmt.Sprintf("variant = '%s'\n%santes = %s\nblinds_or_straddles = %s\nmin_bet = 2\nstarting_stacks = %s\nactions = [%s]\nfinishing_stacks = %s\n",
		variant, extra, antes, blinds, stacks, strings.Join(q, ", "), finishing)
}

// wantLegalAsRecorded replays h and wants a legal hand that settles to
// the given finishing stacks, equal to the record.
func wantLegalAsRecorded(t *testing.T, h *handhistory.Hand, finishing []int64) Verdict {
	t.Helper()
	v := Replay(h)
	if !v.Legal {
		t.Fatalf("illegal: %+v", v.Error)
	}
	if !slices.Equal(v.FinishingStacks, finishing) {
		t.Errorf("finishing %v, want %v", v.FinishingStacks, finishing)
	}
	if v.MatchesRecord == nil || !*v.MatchesRecord || len(v.Differences) != 0 {
		t.Errorf("matches %v differences %+v, want the record matched", v.MatchesRecord, v.Differences)
	}
	return v
}

var dealt3 = []string{"d dh p1 6c6d7h8s", "d dh p2 2c3d4h5s", "d dh p3 AhAsKhKs"}

// TestR10BigBlindChecksFacingAnAllInCallPHH is issue 9's first bug: PO,
// blinds 1/2, stacks [100, 100, 2]: p3 calls all-in for exactly the big
// blind, p1 folds, p2 (the big blind) checks: legal.
func TestR10BigBlindChecksFacingAnAllInCallPHH(t *testing.T) {
	t.Parallel()
	acts := append(slices.Clone(dealt3), "p3 cc", "p1 f", "p2 cc", "d db AdKd9c", "d db 8c", "d db 7d", "p2 sm 2c3d4h5s", "p3 sm AhAsKhKs")
	h := phhHand(t, phhText("PO", "", "[0, 0, 0]", "[1, 2, 0]", "[100, 100, 2]", acts, "[99, 98, 5]"))
	wantLegalAsRecorded(t, h, []int64{99, 98, 5})
}

// TestR12BigBlindAnteInTheMainPotPHH is issue 9's second bug: PO, antes
// [0, 10, 0] (a big blind ante), blinds [5, 10, 0], stacks [100, 100, 20]:
// p3 raises all-in to 20 and both others call. The ante is in the main
// pot, which p3 may win whole.
func TestR12BigBlindAnteInTheMainPotPHH(t *testing.T) {
	t.Parallel()
	pre := append(slices.Clone(dealt3), "p3 cbr 20", "p1 cc", "p2 cc", "d db AdKd9c")
	tests := []struct {
		name string
		acts []string
	}{
		{"checked down, p3 best", []string{"p1 cc", "p2 cc", "d db 8c", "p1 cc", "p2 cc", "d db 7d", "p1 cc", "p2 cc",
			"p1 sm 6c6d7h8s", "p2 sm 2c3d4h5s", "p3 sm AhAsKhKs"}},
		{"p2 folds later, p1 mucks", []string{"p1 cbr 10", "p2 f", "d db 8c", "d db 7d", "p1 sm", "p3 sm AhAsKhKs"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			acts := append(slices.Clone(pre), tt.acts...)
			h := phhHand(t, phhText("PO", "", "[0, 10, 0]", "[5, 10, 0]", "[100, 100, 20]", acts, "[80, 70, 70]"))
			v := wantLegalAsRecorded(t, h, []int64{80, 70, 70})
			if len(v.Pots) != 1 || v.Pots[0].Amount != 70 {
				t.Errorf("pots %+v, want one pot of 70", v.Pots)
			}
		})
	}
}

// TestR12AnteTrimmingStatusPHH: a player all-in on his ante itself is cut
// at his ante's amount from each player (the rule book's default, and
// ante_trimming_status = true); a file that says false has no such cut,
// and its rule wins. NO, antes 10 each, p3 has 5, blinds 5/10 called and
// checked down, p3 best, p1 second.
func TestR12AnteTrimmingStatusPHH(t *testing.T) {
	t.Parallel()
	acts := append(slices.Clone(dealt3), "p1 cc", "p2 cc", "d db AdKd9c", "p1 cc", "p2 cc", "d db 8c", "p1 cc", "p2 cc", "d db 7d", "p1 cc", "p2 cc",
		"p1 sm 6c6d7h8s", "p2 sm 2c3d4h5s", "p3 sm AhAsKhKs")
	tests := []struct {
		name, extra string
		finishing   []int64
		trimming    *bool
	}{
		{"not given: the cut", "", []int64{110, 80, 15}, nil},
		{"true: the cut", "ante_trimming_status = true\n", []int64{110, 80, 15}, new(true)},
		{"false: every ante in the main pot", "ante_trimming_status = false\n", []int64{100, 80, 25}, new(false)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			fin := strings.Trim(strings.ReplaceAll(fmt.Sprint(tt.finishing), " ", ", "), "[]")
			h := phhHand(t, phhText("NO", tt.extra, "[10, 10, 10]", "[5, 10, 0]", "[100, 100, 5]", acts, "["+fin+"]"))
			if (h.Table.AnteTrimming == nil) != (tt.trimming == nil) || (tt.trimming != nil && *h.Table.AnteTrimming != *tt.trimming) {
				t.Fatalf("Table.AnteTrimming %v, want %v", h.Table.AnteTrimming, tt.trimming)
			}
			wantLegalAsRecorded(t, h, tt.finishing)
		})
	}
}

// TestR11PokerKitShortBigBlindIsADifference: PokerKit writes PHH in which
// the others call only what a short big blind posted (R11 makes them call
// the full blind). PO, blinds [1, 2, 0], p2 has 1 chip. The replay reports
// the reading as a "short_blind" difference rather than calling the file
// illegal.
func TestR11PokerKitShortBigBlindIsADifference(t *testing.T) {
	t.Parallel()
	short := Difference{Player: "p2", Field: "short_blind", Recorded: 1, Replayed: 2}
	t.Run("legal both ways: R11's settlement, the file's reading explained", func(t *testing.T) {
		t.Parallel()
		// PokerKit: p3 calls 1, p1 checks; pot 3, p2 wins it. Under R11
		// p3 and p1 put in 2 each: p2 wins the main pot of 3 and p1 the
		// side pot of 2.
		acts := []string{"d dh p1 QcQdJhJs", "d dh p2 AhAsKhKs", "d dh p3 6c6d7h8s", "p3 cc", "p1 cc", "d db 2sKd9c",
			"p1 cc", "p3 cc", "d db 8c", "p1 cc", "p3 cc", "d db 4d", "p1 cc", "p3 cc", "p1 sm QcQdJhJs", "p2 sm AhAsKhKs", "p3 sm 6c6d7h8s"}
		v := Replay(phhHand(t, phhText("PO", "", "[0, 0, 0]", "[1, 2, 0]", "[100, 1, 100]", acts, "[99, 3, 99]")))
		if !v.Legal || !slices.Equal(v.FinishingStacks, []int64{100, 3, 98}) {
			t.Fatalf("legal %v (%+v) finishing %v, want R11's [100 3 98]", v.Legal, v.Error, v.FinishingStacks)
		}
		if v.MatchesRecord == nil || *v.MatchesRecord || !slices.Contains(v.Differences, short) {
			t.Errorf("matches %v differences %+v, want a difference %+v", v.MatchesRecord, v.Differences, short)
		}
	})
	t.Run("illegal under R11: PokerKit's reading, with the difference", func(t *testing.T) {
		t.Parallel()
		// p3 raises to 3: under R11 the bet is 2 and the least raise is
		// to 4; under PokerKit's reading the bet is 1.
		acts := []string{"d dh p1 QcQdJhJs", "d dh p2 AhAsKhKs", "d dh p3 6c6d7h8s", "p3 cbr 3", "p1 f", "d db 2sKd9c", "d db 8c", "d db 4d",
			"p2 sm AhAsKhKs", "p3 sm 6c6d7h8s"}
		h := phhHand(t, phhText("PO", "", "[0, 0, 0]", "[1, 2, 0]", "[100, 1, 100]", acts, "[99, 3, 99]"))
		v := Replay(h)
		if !v.Legal || !slices.Equal(v.FinishingStacks, []int64{99, 3, 99}) {
			t.Fatalf("legal %v (%+v) finishing %v, want legal [99 3 99]", v.Legal, v.Error, v.FinishingStacks)
		}
		if v.MatchesRecord == nil || *v.MatchesRecord || !slices.Equal(v.Differences, []Difference{short}) {
			t.Errorf("matches %v differences %+v, want only %+v", v.MatchesRecord, v.Differences, short)
		}
		// With no outcome recorded there is nothing to match: null.
		noOutcome := *h
		noOutcome.Outcome = nil
		if v := Replay(&noOutcome); !v.Legal || v.MatchesRecord != nil || !slices.Equal(v.Differences, []Difference{short}) {
			t.Errorf("no outcome: legal %v matches %v differences %+v, want legal, null and only %+v", v.Legal, v.MatchesRecord, v.Differences, short)
		}
		// The same file as JSON (not PHH) is judged by R11 alone.
		h.Format = string(handhistory.FormatJSON)
		if v := Replay(h); v.Legal || v.Error == nil || !strings.Contains(v.Error.Message, "below the pot-limit minimum 4") {
			t.Errorf("as JSON: legal %v error %+v, want illegal under R11", v.Legal, v.Error)
		}
	})
}
