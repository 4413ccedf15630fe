package analysis

import (
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
)

// WithOutcome returns h itself when its record says who collected what
// (Outcome.Collected) and the total pot, else a copy of h whose Outcome
// fills what the record leaves out from Scoop's settlement of it:
// Collected (the replay's payouts, with its uncalled bets as Returned,
// its Rake and, for a hand run more than once, each run's payouts), the
// TotalPot (every pot's chips before rake) and the Pots after rake (when
// there are two or more); what the record gives is kept. It is for
// writers of formats that must state an outcome (PokerStars text). A hand
// that does not replay legal has no settlement: the error is then a
// *fault.Error of kind Invalid naming the first illegal action. h is not
// modified.
func WithOutcome(h *handhistory.Hand) (*handhistory.Hand, error) {
	if o := h.Outcome; o != nil && o.Collected != nil && o.TotalPot != 0 {
		return h, nil
	}
	v := Replay(h)
	if !v.Legal {
		msg := "the hand does not replay legal"
		if v.Error != nil {
			return nil, &fault.Error{Kind: fault.Invalid, Action: -1, Message: msg + ": " + v.Error.Message}
		}
		return nil, fault.New(fault.Invalid, "%s", msg)
	}
	c := *h
	var o handhistory.Outcome
	if h.Outcome != nil {
		o = *h.Outcome
	}
	if o.Collected == nil {
		o.Collected, o.Returned, o.Rake, o.RunCollected = v.Payouts, v.Returned, v.Rake, nil
		if len(v.Runs) > 1 {
			for _, r := range v.Runs {
				o.RunCollected = append(o.RunCollected, r.Payouts)
			}
		}
	}
	if o.TotalPot == 0 {
		for _, p := range v.Pots {
			o.TotalPot += p.Amount
		}
	}
	if o.Pots == nil && len(v.Pots) > 1 {
		for _, p := range v.Pots {
			o.Pots = append(o.Pots, p.Amount-p.Rake)
		}
	}
	c.Outcome = &o
	return &c, nil
}
