package store

import (
	"github.com/scoophq/scoop/internal/fault"
)

// AdmitUpdates checks each VerdictUpdate before the database: its id must
// name a stored hand's form (ParseID) and its verdict and analysis be JSON
// a store can hold (CheckJSON, fields "verdict" and "analysis"), and its
// version positive. It returns the indexes of those admitted, in order,
// their numeric ids (indexed like updates; 0 for a refused one), and a
// result slice of len(updates) in which each refused update has its Err
// set. Both stores' UpdateVerdicts start with it.
func AdmitUpdates(updates []VerdictUpdate) (ok []int, ids []int64, out []Updated) {
	out = make([]Updated, len(updates))
	ids = make([]int64, len(updates))
	for i, u := range updates {
		id, err := ParseID("hand", u.ID)
		switch {
		case err != nil:
		case u.EngineVersion <= 0:
			err = fault.Field(fault.Invalid, "engine_version", "engine version %d; want 1 or more", u.EngineVersion)
		default:
			if err = CheckJSON("verdict", u.Verdict); err == nil && u.Analysis != nil {
				err = CheckJSON("analysis", u.Analysis)
			}
		}
		if err != nil {
			out[i].Err = err
			continue
		}
		ids[i] = id
		ok = append(ok, i)
	}
	return ok, ids, out
}

// CheckStale validates StaleHands' arguments and returns the numeric id
// to resume after (0 for "") and the page size: after must be a stored
// id's form (else Invalid, field "after"), version positive.
func CheckStale(version int, after string, limit int) (int64, int, error) {
	if version <= 0 {
		return 0, 0, fault.Field(fault.Invalid, "engine_version", "engine version %d; want 1 or more", version)
	}
	var n int64
	if after != "" {
		var err error
		if n, err = ParseID("hand", after); err != nil {
			return 0, 0, fault.Field(fault.Invalid, "after", "after %q is not a hand id", after)
		}
	}
	return n, PageLimit(limit), nil
}

// CheckAnalysis validates SaveAnalysis' arguments and returns the
// numeric id: NotFound for an id that names nothing stored, Invalid for a
// version below 1 or text that cannot be stored (field "analysis").
func CheckAnalysis(id string, version int, doc []byte) (int64, error) {
	n, err := ParseID("hand", id)
	if err != nil {
		return 0, err
	}
	if version <= 0 {
		return 0, fault.Field(fault.Invalid, "engine_version", "engine version %d; want 1 or more", version)
	}
	if err := CheckJSON("analysis", doc); err != nil {
		return 0, err
	}
	return n, nil
}

// NoAnalysis is the NotFound error of a stored hand without an analysis.
func NoAnalysis(id string) error {
	return fault.New(fault.NotFound, "hand %q has no stored analysis (an illegal hand has none; a hand stored before analyses were kept gets one from scoop reverify)", id)
}
