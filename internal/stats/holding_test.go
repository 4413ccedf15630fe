package stats

import (
	"testing"

	"github.com/scoophq/scoop/internal/cards"
)

func TestHoldingGroup(t *testing.T) {
	for _, tc := range []struct {
		game, hole, want string
	}{
		{"omaha-hilo", "AsKs2d3c", A2SuitedAce}, // the ace has a suited partner
		{"omaha-hilo", "As2s9dKc", A2SuitedAce}, // the deuce itself is the suited partner
		{"omaha-hilo", "As2d3cKh", A2Low},       // rainbow ace, a trey beside A2
		{"omaha-hilo", "As2d8cKh", A2Low},       // an eight is low
		{"omaha-hilo", "As2d9cKh", A2Other},     // a nine is not
		{"omaha-hilo", "As2d2cKh", A2Other},     // a second deuce is no third low card
		{"omaha-hilo", "AsAd3cKh", AcesHiLo},    // aces without a deuce
		{"omaha-hilo", "AsAd2cKh", A2Other},     // AA2 rainbow: A2 before the aces
		{"omaha-hilo", "AsAd2cKs", A2SuitedAce}, // AA2 with the ace of spades suited
		{"omaha-hilo", "As3d4cKh", A3},          // A3 without a deuce
		{"omaha-hilo", "As4d5c8h", FourLow},     // four low ranks
		{"omaha-hilo", "2s3d4c5h", FourLow},     // the deuce-to-five
		{"omaha-hilo", "9sTdJcQh", Rundowns},    // high rundown
		{"omaha-hilo", "KsKd9c4h", Pairs},       // a pair
		{"omaha-hilo", "Ks9d6c4h", Others},      // nothing
		{"omaha-hi", "AsKsAdKd", DoubleSuited},  // double-suited before aces
		{"omaha-hi", "AsAdKc7h", Aces},          // aces, single-suited at most
		{"omaha-hi", "9sTdJcQh", Rundowns},      // four in a row
		{"omaha-hi", "8s9dJcQh", Rundowns},      // one gap
		{"omaha-hi", "TsJdQcAh", Rundowns},      // the ace high, within five
		{"omaha-hi", "7s9dJcKh", Others},        // the span is six
		{"omaha-hi", "9s9dJcQh", Pairs},         // a pair is no rundown
		{"omaha-hi", "2s3d4cAh", Rundowns},      // the ace low
		{"omaha-hi", "Ks9d6c4h", Others},
	} {
		hole := cards.MustParse(tc.hole)
		if got := HoldingGroup(tc.game, hole); got != tc.want {
			t.Errorf("%s %s: %q; want %q", tc.game, tc.hole, got, tc.want)
		}
	}
	if g := HoldingGroup("omaha-hi", cards.MustParse("AsKs2d")); g != "" {
		t.Errorf("three cards: %q; want none", g)
	}
	// Every group a game lists has a label.
	for game, groups := range HoldingGroups {
		for _, g := range groups {
			if HoldingLabels[g] == "" {
				t.Errorf("%s: group %s has no label", game, g)
			}
		}
	}
}
