package store

import (
	"encoding/json"
	"github.com/scoophq/scoop/internal/fault"
)

// AdmitUpdates checks each VerdictUpdate before the database: its id must
// have a hand's public id form (CheckHandID) and its verdict and analysis
// be JSON a store can hold (CheckJSON, fields "verdict" and "analysis"),
// and its version positive. It returns the indexes of those admitted, in
// order, and a result slice of len(updates) in which each refused update
// has its Err set. Both stores' UpdateVerdicts start with it.
func AdmitUpdates(updates []VerdictUpdate) (ok []int, out []Updated) {
	out = make([]Updated, len(updates))
	for i, u := range updates {
		err := CheckHandID(u.ID)
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
		ok = append(ok, i)
	}
	return ok, out
}

// CheckStale validates StaleHands' arguments and returns the page size:
// after must be 0 or a hand's Seq (else Invalid, field "after"), version
// positive.
func CheckStale(version int, after int64, limit int) (int, error) {
	if version <= 0 {
		return 0, fault.Field(fault.Invalid, "engine_version", "engine version %d; want 1 or more", version)
	}
	if after < 0 {
		return 0, fault.Field(fault.Invalid, "after", "after %d is not a hand's seq", after)
	}
	return PageLimit(limit), nil
}

// CheckAnalysis validates SaveAnalysis' arguments: NotFound for an id
// that names nothing stored, Invalid for a version below 1 or text that
// cannot be stored (field "analysis").
func CheckAnalysis(id string, version int, doc []byte) error {
	if err := CheckHandID(id); err != nil {
		return err
	}
	if version <= 0 {
		return fault.Field(fault.Invalid, "engine_version", "engine version %d; want 1 or more", version)
	}
	return CheckJSON("analysis", doc)
}

// NoAnalysis is the NotFound error of a stored hand without an analysis.
func NoAnalysis(id string) error {
	return fault.New(fault.NotFound, "hand %q has no stored analysis (an illegal hand has none; a hand stored before analyses were kept gets one from scoop reverify)", id)
}

// AnalysisSave is one analysis of a SaveAnalyses call: SaveAnalysis's
// arguments.
type AnalysisSave struct {
	ID       string
	Version  int
	Analysis json.RawMessage
	Facts    []FactsRow
}

// CheckAnalyses checks a SaveAnalyses batch: at most MaxLimit analyses
// (the error), and each one's CheckAnalysis (errs, indexed like a).
func CheckAnalyses(a []AnalysisSave) (errs []error, err error) {
	if len(a) > MaxLimit {
		return nil, fault.New(fault.Invalid, "%d analyses in one save, at most %d", len(a), MaxLimit)
	}
	errs = make([]error, len(a))
	for i, x := range a {
		errs[i] = CheckAnalysis(x.ID, x.Version, x.Analysis)
	}
	return errs, nil
}

// AnalysesSaver runs a SaveAnalyses batch whose admitted analyses (errs
// nil, from CheckAnalyses) are saved one by one by save, which reports
// whether the analysis's hand exists. Run is called once per attempt of
// the batch's transaction; Result gives errs with a NotFound for each hand
// that did not exist in the attempt that committed.
type AnalysesSaver struct {
	analyses []AnalysisSave
	errs     []error
	found    []bool
}

// NewAnalysesSaver returns the saver of analyses with the CheckAnalyses
// errors errs.
func NewAnalysesSaver(analyses []AnalysisSave, errs []error) *AnalysesSaver {
	return &AnalysesSaver{analyses: analyses, errs: errs, found: make([]bool, len(analyses))}
}

// Run saves each admitted analysis with save (inside the caller's
// transaction), stopping at its first error.
func (v *AnalysesSaver) Run(save func(AnalysisSave) (bool, error)) error {
	clear(v.found)
	for i, a := range v.analyses {
		if v.errs[i] != nil {
			continue
		}
		ok, err := save(a)
		if err != nil {
			return err
		}
		v.found[i] = ok
	}
	return nil
}

// RunBatches saves the admitted analyses with save in batches (inside the
// caller's transaction), stopping at its first error: one batch when no
// hand is named twice, else one round per occurrence (the first time each
// hand is named, then the second ...), in order, so that a later analysis
// of a hand is saved after an earlier one as Run would save them. save
// reports, per analysis of its batch, whether its hand exists.
func (v *AnalysesSaver) RunBatches(save func([]AnalysisSave) ([]bool, error)) error {
	clear(v.found)
	seen := map[string]int{}
	var rounds [][]int
	for i, a := range v.analyses {
		if v.errs[i] != nil {
			continue
		}
		r := seen[a.ID]
		seen[a.ID] = r + 1
		if r == len(rounds) {
			rounds = append(rounds, nil)
		}
		rounds[r] = append(rounds[r], i)
	}
	for _, round := range rounds {
		batch := make([]AnalysisSave, len(round))
		for k, i := range round {
			batch[k] = v.analyses[i]
		}
		found, err := save(batch)
		if err != nil {
			return err
		}
		if len(found) != len(batch) {
			return fault.New(fault.Internal, "save analyses: %d results for %d analyses", len(found), len(batch))
		}
		for k, i := range round {
			v.found[i] = found[k]
		}
	}
	return nil
}

// Result returns each analysis's error once the transaction committed.
func (v *AnalysesSaver) Result() []error {
	for i, a := range v.analyses {
		if v.errs[i] == nil && !v.found[i] {
			v.errs[i] = NoHand(a.ID)
		}
	}
	return v.errs
}
