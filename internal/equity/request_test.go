package equity

import (
	"context"
	"testing"
)

// TestPlanIsWhatComputeDoes: Plan's mode and boards are Result.Mode and
// Result.Boards, for every mode, so that a caller weighing a request by
// Plan weighs what Compute then does.
func TestPlanIsWhatComputeDoes(t *testing.T) {
	hu := []string{"As2s3dKd", "QhQcJhTc"}
	tests := []Input{
		{Hands: hu, Board: "4c7hKh"},
		{Hands: hu, Board: "4c7hKh5d"},
		{Hands: hu, Board: "4c7hKh", Mode: "montecarlo", Trials: TrialsOf(1234)},
		{Hands: hu, Board: "4c7hKh", Mode: "montecarlo"},
		{Hands: hu, Board: "4c7hKh", Mode: "exhaustive"},
		{Hands: append(hu, "8h8d9c9s"), Board: "2c3c5s", Trials: TrialsOf(50)},
	}
	for _, in := range tests {
		r, err := ParseInput(in)
		if err != nil {
			t.Fatalf("%+v: %v", in, err)
		}
		mode, boards := r.Plan()
		if mode == MonteCarlo && boards > 100_000 {
			r.Trials = 5000 // keep the test quick
			mode, boards = r.Plan()
		}
		res, err := Compute(context.Background(), r)
		if err != nil {
			t.Fatal(err)
		}
		if res.Mode != mode || res.Boards != boards {
			t.Errorf("%+v: Plan %s %d, Compute %s %d", in, mode, boards, res.Mode, res.Boards)
		}
	}
	// The default trials and the largest exhaustive request.
	r, _ := ParseInput(Input{Hands: hu, Mode: "montecarlo"})
	if m, b := r.Plan(); m != MonteCarlo || b != DefaultTrials {
		t.Errorf("default trials: %s %d", m, b)
	}
	r, _ = ParseInput(Input{Hands: hu})
	if m, b := r.Plan(); m != Exhaustive || b != 1_086_008 {
		t.Errorf("heads-up preflop: %s %d", m, b)
	}
	if Parallel(820) || !Parallel(1_086_008) {
		t.Error("Parallel: a flop runs inline, preflop in parallel")
	}
}
