package store

import (
	"slices"
	"testing"
)

func TestUnion(t *testing.T) {
	for _, tc := range []struct{ a, b, want []int }{
		{nil, nil, []int{}},
		{[]int{1, 3}, nil, []int{1, 3}},
		{nil, []int{2}, []int{2}},
		{[]int{1, 3, 5}, []int{2, 3, 6, 7}, []int{1, 2, 3, 5, 6, 7}},
		{[]int{4, 8}, []int{4, 8}, []int{4, 8}},
	} {
		if got := union(tc.a, tc.b); !slices.Equal(got, tc.want) {
			t.Errorf("union(%v, %v) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}
