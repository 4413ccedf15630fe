package analysis

import (
	"testing"
)

// A7: a hi/lo showdown names each shown hand's high and low, and what
// each half went for; a quartered low names the low once.
func TestShowdownNamesEachHandAndWhatEachHalfWentFor(t *testing.T) {
	t.Parallel()
	h := phhOf(t, `variant = 'PO/8'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
starting_stacks = [100, 100, 100]
actions = ['d dh p1 As2sQhQd', 'd dh p2 Ad2cJhJd', 'd dh p3 KsKhTcTd', 'p3 cc', 'p1 cc', 'p2 cc', 'd db 3c4h9s', 'p1 cc', 'p2 cc', 'p3 cc', 'd db 8c', 'p1 cc', 'p2 cc', 'p3 cc', 'd db Kd', 'p1 cc', 'p2 cc', 'p3 cc', 'p1 sm As2sQhQd', 'p2 sm Ad2cJhJd', 'p3 sm KsKhTcTd']
`)
	v := Replay(h)
	if !v.Legal {
		t.Fatalf("illegal: %+v", v.Error)
	}
	got := map[string][2]string{}
	for _, s := range v.Showdown {
		got[s.Player] = [2]string{s.High, s.Low}
	}
	want := map[string][2]string{
		"p1": {"pair of queens", "8-4-3-2-A"},
		"p2": {"pair of jacks", "8-4-3-2-A"},
		"p3": {"three of a kind, kings", "no low"},
	}
	for p, w := range want {
		if got[p] != w {
			t.Errorf("%s: %q, want %q", p, got[p], w)
		}
	}
	if len(v.Pots) != 1 || v.Pots[0].HiHand != "three of a kind, kings" || v.Pots[0].LoHand != "8-4-3-2-A" {
		t.Errorf("pots %+v", v.Pots)
	}
}

// A7: a pot won when the others fold names nothing.
func TestShowdownNamesNothingWhenTheOthersFold(t *testing.T) {
	t.Parallel()
	h := phhOf(t, `variant = 'PO'
antes = [0, 0]
blinds_or_straddles = [1, 2]
starting_stacks = [100, 100]
actions = ['d dh p1 AsAhKsKh', 'd dh p2 QdQcJdJc', 'p2 cbr 6', 'p1 f']
`)
	v := Replay(h)
	if !v.Legal || len(v.Showdown) != 0 || v.Pots[0].HiHand != "" || v.Pots[0].LoHand != "" {
		t.Errorf("verdict %+v", v)
	}
}
