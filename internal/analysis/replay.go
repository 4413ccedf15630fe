package analysis

import "github.com/scoophq/scoop/internal/handhistory"

// Replay replays h through the rules engine, settles its pots and compares
// the settlement with the recorded outcome. It never fails: an illegal hand
// is a verdict (Legal false, Error set). File and Hand are left for the
// caller to fill.
func Replay(h *handhistory.Hand) Verdict {
	return Verdict{Skipped: "replay not built yet"}
}
