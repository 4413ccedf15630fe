package equity

import (
	"context"
	"reflect"
	"sync"
	"testing"
)

// TestRecycledSetupsLeaveNoTrace: setups are recycled between requests
// (setupPool); requests of every shape (2 to 6 players, preflop to river,
// exhaustive and Monte Carlo, hi and hi/lo, one core and all), run one
// after another in changing order and concurrently, give exactly the
// result they give on their own, first.
func TestRecycledSetupsLeaveNoTrace(t *testing.T) {
	ins := []Input{
		{Hands: []string{"AsKsQhJh", "2c3c4d5d", "9h9dTsTc"}, Board: "7h8h2s"},
		{Hands: []string{"As2s3dKd", "QhQcJhTc"}, Board: "4c7hKh"},
		{Hands: []string{"As2s3dKd", "QhQcJhTc"}, Board: "4c7hKh5s"},
		{Hands: []string{"As2s3dKd", "QhQcJhTc"}, Board: "4c7hKh5s9d", Game: "omaha-hi"},
		{Hands: []string{"AsKsQhJh", "2c3c4d5d", "9h9dTsTc", "AdKdQcJc", "6h6c7s7c", "8d8s3h3s"}, Board: "2h5hTh"},
		{Hands: []string{"As2s3dKd", "QhQcJhTc"}, Mode: "montecarlo", Trials: ptr(20_000)},
		{Hands: []string{"AhAd2c3c", "KsKhQsQh"}, Board: "4d5d6s", Dead: "7c8c"},
	}
	var reqs []Request
	var want []Result
	for i, in := range ins {
		r, err := ParseInput(in)
		if err != nil {
			t.Fatalf("input %d: %v", i, err)
		}
		if i%2 == 1 {
			r.OneCore = true
		}
		res, err := Compute(context.Background(), r)
		if err != nil {
			t.Fatalf("input %d: %v", i, err)
		}
		reqs = append(reqs, r)
		want = append(want, res)
	}
	same := func(i int, got Result) {
		t.Helper()
		got.Elapsed, want[i].Elapsed = 0, 0
		if !reflect.DeepEqual(got, want[i]) {
			t.Errorf("input %d after other requests:\n got %+v\nwant %+v", i, got, want[i])
		}
	}
	for round := range 3 {
		for k := range reqs {
			i := (k*5 + round) % len(reqs)
			got, err := Compute(context.Background(), reqs[i])
			if err != nil {
				t.Fatal(err)
			}
			same(i, got)
		}
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	for g := range 8 {
		wg.Go(func() {
			for k := range 2 * len(reqs) {
				i := (k + g) % len(reqs)
				got, err := Compute(context.Background(), reqs[i])
				mu.Lock()
				if err != nil {
					t.Error(err)
				} else {
					same(i, got)
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
}

func ptr[T any](v T) *T { return &v }
