package handhistory

import "errors"

// readPokerStars reads a PokerStars text file (see Read).
func readPokerStars(data []byte) ([]Entry, error) {
	return nil, errors.New("handhistory: PokerStars reader not built yet")
}
