package game

import (
	"fmt"

	"github.com/scoophq/scoop/internal/fault"
)

// IllegalActionError is an action the rules do not allow (R2-R13). It
// names the action's 0-based index in the hand, the player, what was tried
// and what was allowed. Its Error form is, e.g.,
//
//	action 14: p3 raise to 900 exceeds the pot-limit maximum 800
//
// It unwraps to a *fault.Error of kind Impossible with Action set, so
// fault.KindOf reports Impossible.
type IllegalActionError struct {
	Index   int    // 0-based index of the action in the hand
	Player  int    // the acting player's index, -1 for the dealer
	Name    string // the acting player's name ("p3" when the hand has none)
	Tried   string // what was tried, e.g. "raise to 900"
	Reason  string // why it is illegal, e.g. "exceeds the pot-limit maximum 800"
	Allowed string // what the player could do, e.g. "fold, call 150 or raise to 300..800"; empty when nothing
	// Legal is what Allowed says, in chips; nil when Allowed is empty.
	Legal *Legal
}

// Error returns "action N: NAME TRIED REASON".
func (e *IllegalActionError) Error() string {
	return fmt.Sprintf("action %d: %s %s %s", e.Index, e.Name, e.Tried, e.Reason)
}

// Unwrap returns the equivalent *fault.Error (kind Impossible).
func (e *IllegalActionError) Unwrap() error {
	return &fault.Error{Kind: fault.Impossible, Action: e.Index, Message: e.Name + " " + e.Tried + " " + e.Reason}
}

// impossible returns a *fault.Error of kind Impossible at action index i.
func impossible(i int, format string, args ...any) *fault.Error {
	return &fault.Error{Kind: fault.Impossible, Action: i, Message: fmt.Sprintf(format, args...)}
}
