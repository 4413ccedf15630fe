package stats

// The table positions as trackers name them (SeatName).
const (
	BTN = "BTN"
	SB  = "SB"
	BB  = "BB"
	UTG = "UTG"
	MP  = "MP"
	CO  = "CO"
)

// Seats are the position names, in the order a table lists them from the
// first to act before the flop.
var Seats = []string{UTG, MP, CO, BTN, SB, BB}

// SeatName returns the name of the position k seats left of the button
// (k = 0 for the button) at a table of n players, as PokerTracker and
// Hold'em Manager name it: BTN, then SB and BB; the last seat before the
// button is CO, the first after the big blind UTG, the seats between MP.
// Heads-up the button (who posts the small blind) is BTN and the other
// player BB. Seats are counted from the button whoever posted: a missing
// small blind does not rename them. "" when k is not a seat of the table.
func SeatName(n, k int) string {
	switch {
	case n < 2 || k < 0 || k >= n:
		return ""
	case k == 0:
		return BTN
	case n == 2:
		return BB
	case k == 1:
		return SB
	case k == 2:
		return BB
	case k == n-1:
		return CO
	case k == 3:
		return UTG
	}
	return MP
}
