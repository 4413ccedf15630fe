package handhistory_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
)

// checkVerdict checks what every legal replay of an accepted hand must
// satisfy: chips are conserved (finishing stacks plus rake equal the
// starting stacks), no pot is negative or raked beyond its amount, and
// (R12) an all-in player i, with c the chips each player put in net of the
// uncalled bet returned, wins at most sum_j min(c_i, c_j) plus the dead
// money (antes and dead blinds are in the main pot, which he may win) when
// the hand reached a showdown (a hand won by folds gives every pot to the
// last player, R13).
func checkVerdict(t *testing.T, h *handhistory.Hand, v analysis.Verdict) {
	t.Helper()
	if !v.Legal {
		return
	}
	n := len(h.Players)
	if len(v.FinishingStacks) != n || len(v.Payouts) != n {
		t.Fatalf("verdict for %d players: %+v", n, v)
	}
	var before, after int64
	c := make([]int64, n)
	for i, p := range h.Players {
		before += p.Stack
		after += v.FinishingStacks[i]
		c[i] = p.Stack - v.FinishingStacks[i] + v.Payouts[i]
		if c[i] < 0 || v.Payouts[i] < 0 || v.FinishingStacks[i] < 0 {
			t.Fatalf("player %d: put in %d, won %d, finished with %d", i, c[i], v.Payouts[i], v.FinishingStacks[i])
		}
	}
	if after+v.Rake != before {
		t.Fatalf("accepted hand does not conserve chips: %d + rake %d != %d", after, v.Rake, before)
	}
	for _, p := range v.Pots {
		if p.Amount < 0 || p.Rake < 0 || p.Rake > p.Amount {
			t.Fatalf("pot %+v", p)
		}
	}
	var dead int64 // at most: a post may be short
	for _, p := range h.Posts {
		if p.Kind == game.Ante || p.Kind == game.Dead {
			dead += p.Amount
		}
	}
	for i, p := range h.Players {
		if c[i] != p.Stack || v.ShowdownOrder == nil { // not all-in, or no showdown
			continue
		}
		bound := dead
		for j := range c {
			bound += min(c[i], c[j])
		}
		if v.Payouts[i] > bound {
			t.Fatalf("all-in player %d put in %d and wins %d > %d (contributions %v)", i, c[i], v.Payouts[i], bound, c)
		}
	}
}

// FuzzReplayPokerStars reads PokerStars text and replays every hand read:
// no panic, and every legal replay satisfies checkVerdict.
func FuzzReplayPokerStars(f *testing.F) {
	for _, name := range []string{
		"pokerstars/testdata/fpdb3__cash__Stars__Flop__PLO-FR-USD-0.01-0.02-201006.sidepots.txt",
		"pokerstars/testdata/hhsmithy__PokerStars__CashGame__GameTypeTests__NoLimitOmahaHiLo.txt",
		"pokerstars/testdata/fpdb3__tour__Stars__Flop__PLO8-9max-USD-STT-5.00-200505.hero.quartered.txt",
		"testdata/review/ps_ante.txt", // a short all-in ante (R12)
	} {
		data, err := os.ReadFile(filepath.FromSlash(name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		es, err := handhistory.Read(handhistory.FormatPokerStars, data)
		if err != nil {
			return
		}
		checkEntries(t, es)
	})
}

// checkEntries checks what a fuzz target's reader returned: each entry is
// exactly one of a hand, a skip or an error, and every hand it accepts
// passes Validate and replays to a verdict that keeps the invariants of
// checkVerdict.
func checkEntries(t *testing.T, es []handhistory.Entry) {
	t.Helper()
	for i, e := range es {
		set := 0
		for _, ok := range []bool{e.Hand != nil, e.Skipped != "", e.Err != nil} {
			if ok {
				set++
			}
		}
		if set != 1 {
			t.Fatalf("entry %d: want exactly one of Hand, Skipped and Err: %+v", i, e)
		}
		if e.Hand == nil {
			continue
		}
		if err := handhistory.Validate(e.Hand); err != nil {
			t.Fatalf("entry %d: the reader accepted an invalid hand: %v", i, err)
		}
		checkVerdict(t, e.Hand, analysis.Replay(e.Hand))
	}
}
