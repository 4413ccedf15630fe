package equity

import (
	"context"
	"reflect"
	"testing"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
)

// OneCore runs large work in the caller's goroutine, and gives the same
// numbers as all cores, exhaustive and Monte Carlo, known and unknown
// hands.
func TestOneCoreSameResult(t *testing.T) {
	t.Parallel()
	big := int64(1_000_000)
	if (Request{}).inline(big) || !(Request{OneCore: true}).inline(big) || !(Request{}).inline(inlineBelow-1) {
		t.Fatalf("inline: all cores for %d boards, one core with OneCore, one core below %d", big, inlineBelow)
	}
	hands := []cards.List{cards.MustParse("As2s3dKd"), cards.MustParse("QhQcJhTc"), cards.MustParse("9c8c7d6d")}
	for _, r := range []Request{
		{Game: eval.OmahaHiLo, Hands: hands, Mode: Exhaustive},
		{Game: eval.OmahaHi, Hands: hands, Board: cards.MustParse("4c7hKh"), Mode: Exhaustive},
		{Game: eval.OmahaHiLo, Hands: hands, Mode: MonteCarlo, Trials: 200_000, Seed: 9},
	} {
		all, err := Compute(context.Background(), r)
		if err != nil {
			t.Fatal(err)
		}
		r.OneCore = true
		one, err := Compute(context.Background(), r)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(all.Players, one.Players) || all.Boards != one.Boards || !reflect.DeepEqual(all.Exact, one.Exact) {
			t.Errorf("%v: one core %+v, all cores %+v", r.Mode, one.Players, all.Players)
		}
	}
	u := UnknownRequest{Game: eval.OmahaHiLo, Hands: []cards.List{hands[0], nil, nil}, Trials: 100_000, TargetStderr: -1, Seed: 3}
	all, err := ComputeUnknown(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	u.OneCore = true
	one, err := ComputeUnknown(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(all.Players, one.Players) {
		t.Errorf("unknown hands: one core %+v, all cores %+v", one.Players, all.Players)
	}
}
