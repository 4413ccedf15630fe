package readertest

import (
	"testing"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/handhistory"
)

// Replay is the replay of a reader's parse+replay benchmark (ParseReplay):
// the verdict of package analysis on e, dropped.
func Replay(e handhistory.Entry) { _ = analysis.FromEntry(e) }

// Settles checks that entry e of file (for the message) is a hand that
// replays legal and settles to its record (package analysis), and returns
// the verdict.
func Settles(t testing.TB, file string, e handhistory.Entry) analysis.Verdict {
	t.Helper()
	v := analysis.FromEntry(e)
	if e.Hand == nil || !v.Legal || v.MatchesRecord == nil || !*v.MatchesRecord {
		t.Errorf("%s: entry %d (%s): legal %v, matches %v, error %+v, differences %v", file, e.Index, e.ID, v.Legal, v.MatchesRecord, v.Error, v.Differences)
	}
	return v
}
