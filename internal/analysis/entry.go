package analysis

import (
	"context"
	"errors"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
)

// FromEntry is the verdict on one entry of a hand-history file, the one
// constructor `scoop replay`, `scoop import` and the /v1/hands endpoints
// share. Hand is e.Index and Line e.Line (or, for an unreadable hand, the
// line the reader's error names); ID is the site's hand id when known.
//
//   - A read hand (e.Hand set) is replayed (see Replay).
//   - A skipped hand has Skipped set to the reader's reason, Legal false,
//     Error null.
//   - An unreadable hand (e.Err set, or an entry with neither hand nor
//     reason) has Unreadable true, Legal false and Error with the reader's
//     message (which names the line) and Index the action index the error
//     names, else -1.
//
// Slices are empty, never null, for hands not replayed. The caller fills
// File. It is FromEntryContext without a context.
func FromEntry(e handhistory.Entry) Verdict {
	v, _ := FromEntryContext(context.Background(), e)
	return v
}

// FromEntryContext is FromEntry honouring ctx (see ReplayContext): when
// ctx is done before the replay ends, it returns a *fault.Error of kind
// Canceled wrapping ctx.Err() and a Verdict that must not be used;
// otherwise the error is nil.
func FromEntryContext(ctx context.Context, e handhistory.Entry) (Verdict, error) {
	var v Verdict
	switch {
	case e.Hand != nil:
		var err error
		if v, err = ReplayContext(ctx, e.Hand); err != nil {
			return Verdict{}, err
		}
	case e.Err == nil && e.Skipped != "":
		v = notReplayed()
		v.Skipped = e.Skipped
	default:
		v = notReplayed()
		v.Unreadable = true
		ae := &ActionError{Index: -1, Message: "unreadable hand"}
		if e.Err != nil {
			ae.Message = e.Err.Error()
			var fe *fault.Error
			if errors.As(e.Err, &fe) {
				if fe.Action >= 0 {
					ae.Index = fe.Action
				}
				if fe.Line > 0 {
					e.Line = fe.Line
				}
			}
		}
		v.Error = ae
	}
	v.Hand, v.Line = e.Index, e.Line
	if v.ID == nil && e.ID != "" {
		id := e.ID
		v.ID = &id
	}
	return v, nil
}

// notReplayed is the verdict of a hand that was not replayed: not legal,
// no error, empty (not null) slices.
func notReplayed() Verdict {
	return Verdict{Players: []string{}, Pots: []Pot{}, Payouts: []int64{}, FinishingStacks: []int64{}, Differences: []Difference{}}
}
