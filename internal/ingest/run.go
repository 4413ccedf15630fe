package ingest

import (
	"context"
	"errors"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/store"
)

// segment is a run of consecutive results and the records among them,
// stored by one SaveHands call; its results are given to the callback,
// in order, once it is saved (and every segment before it).
type segment struct {
	results []Result
	recs    []store.Hand
	at      []int // index in results of each record
	done    chan struct{}
	saved   []store.Saved
	err     error
}

// run is one Pipeline.RunEntries.
type run struct {
	ctx    context.Context
	cancel context.CancelFunc
	p      *Pipeline
	text   []byte
	each   func(*Result)
	batch  int
	slots  chan struct{} // a token per SaveHands call in flight
	queue  []*segment    // launched, not yet delivered, in order
	cur    *segment
	lines  Lines
	counts store.ImportCounts
	err    error // the first store error
}

func newRun(ctx context.Context, p *Pipeline, text []byte, each func(*Result)) *run {
	batch := p.Batch
	if batch <= 0 {
		batch = DefaultBatch
	}
	ctx, cancel := context.WithCancel(ctx)
	return &run{ctx: ctx, cancel: cancel, p: p, text: text, each: each, batch: batch,
		slots: make(chan struct{}, max(p.Streams, 1)), cur: &segment{}, lines: Lines{First: p.FirstLine}}
}

// entry runs one entry to its result or its record.
func (r *run) entry(e handhistory.Entry) error {
	p := r.p
	c := &r.counts
	c.Read++
	// The reader numbered the lines in the file (Pipeline.FirstLine):
	// e.Line and its error's line are the file's already.
	res := Result{Index: p.index(e.Index), ID: e.ID, Line: e.Line, HandLine: e.Line}
	switch {
	case e.Err != nil:
		c.Unreadable++
		res.Kind, res.Err = Unreadable, e.Err
		if _, l := withoutLine(e.Err); l > 0 {
			res.Line = l
		}
		v := analysis.FromEntry(e) // unreadable, with the line
		v.Hand, v.Line = res.Index, res.Line
		res.Verdict = &v
		return r.add(res, nil)
	case e.Skipped != "":
		skip(c, e.Skipped)
		res.Kind, res.Skipped = Skipped, e.Skipped
		return r.add(res, nil)
	case e.Hand == nil:
		c.Unreadable++
		res.Kind, res.Err = Unreadable, fault.New(fault.Invalid, "no hand")
		v := analysis.FromEntry(e)
		v.Hand, v.Line = res.Index, res.Line
		res.Verdict = &v
		return r.add(res, nil)
	}
	v, err := r.replay(e)
	if err != nil {
		if fault.KindOf(err) == fault.Canceled {
			return err
		}
		c.Unreadable++ // the replay panicked: counted with the hands not read
		res.Kind, res.Err = Failed, err
		return r.add(res, nil)
	}
	if v.Skipped != "" {
		skip(c, v.Skipped)
		res.Kind, res.Skipped = Skipped, v.Skipped
		return r.add(res, nil)
	}
	// The verdict places the hand in the file as uploaded, as the result
	// does (a chunk's entries count from its own first hand).
	v.Hand, v.Line = res.Index, res.HandLine
	if v.Legal {
		c.Legal++
	} else {
		c.Illegal++
		// The verdict names the offending action's line, as the result
		// does (Locate; r.lines knows the chunk's first line).
		if n := r.lines.illegalLine(&v, r.text, e); n > 0 {
			res.Line = n
			v.Line, v.Error.Line = res.Line, res.Line
		}
	}
	res.Hand, res.Verdict = e.Hand, &v
	if p.Analysis.Analyses(&v) && (p.Store != nil || p.Analysis != "") {
		if res.Analysis, res.AnalysisErr = r.analyse(e.Hand); fault.KindOf(res.AnalysisErr) == fault.Canceled {
			return res.AnalysisErr
		}
	}
	if p.Store == nil {
		res.Kind = Replayed
		return r.add(res, nil)
	}
	rec, err := recordOf(e.Hand, &v, res.Analysis)
	if err != nil {
		return err
	}
	rec.Import = p.Import
	res.Analysed = rec.Analysis != nil
	return r.add(res, &rec)
}

// replay replays e under a panic guard.
func (r *run) replay(e handhistory.Entry) (v analysis.Verdict, err error) {
	defer func() {
		if x := recover(); x != nil {
			r.p.panicked("replay", x)
			v, err = analysis.Verdict{}, fault.New(fault.Internal, "replay failed")
		}
	}()
	return analysis.FromEntryContext(r.ctx, e)
}

// analyse is Analyse of a legal hand with the pipeline's options and
// the opponents of its game.
func (r *run) analyse(h *handhistory.Hand) (*analysis.Analysis, error) {
	opt := r.p.AnalysisOptions
	if r.p.Opponents != nil {
		opt.Opponents = r.p.Opponents(r.ctx, h.Table.Game.String())
	}
	return Analyse(r.ctx, h, opt, r.p.OnPanic)
}

// add appends a result (and its record) to the current segment, saving
// the segment once it holds a batch of records.
func (r *run) add(res Result, rec *store.Hand) error {
	s := r.cur
	if rec != nil {
		s.at = append(s.at, len(s.results))
		s.recs = append(s.recs, *rec)
	}
	s.results = append(s.results, res)
	if len(s.recs) >= r.batch {
		r.launch()
	}
	r.deliver(false)
	return r.err
}

// launch saves the current segment on a stream of its own (waiting for a
// free one) and starts a new segment.
func (r *run) launch() {
	s := r.cur
	r.cur = &segment{}
	s.done = make(chan struct{})
	r.queue = append(r.queue, s)
	if len(s.recs) == 0 {
		close(s.done)
		return
	}
	if err := r.ctx.Err(); err != nil {
		s.err = canceled(err) // interrupted: this batch is not stored
		close(s.done)
		return
	}
	for {
		select {
		case r.slots <- struct{}{}:
			go func() {
				defer func() { <-r.slots; close(s.done) }()
				s.saved, s.err = r.p.Store.SaveHands(r.ctx, s.recs)
			}()
			return
		case <-r.queue[0].done:
			// Deliver what is saved while waiting for a stream.
			r.deliver(false)
		}
	}
}

// deliver gives the callback the results of the saved segments at the
// head of the queue; with wait, of every launched segment.
func (r *run) deliver(wait bool) {
	for len(r.queue) > 0 {
		s := r.queue[0]
		if wait {
			<-s.done
		} else {
			select {
			case <-s.done:
			default:
				return
			}
		}
		r.queue = r.queue[1:]
		if s.err != nil {
			if r.err == nil {
				r.err = s.err
				r.cancel() // stop the other streams and the replay
			}
			continue
		}
		if r.err != nil {
			continue // nothing after a failed batch is reported
		}
		r.settle(s)
		for i := range s.results {
			r.each(&s.results[i])
			s.results[i] = Result{}
		}
	}
}

// settle sorts a saved segment's records into stored, duplicate, conflict
// and refused.
func (r *run) settle(s *segment) {
	c := &r.counts
	for j, sv := range s.saved {
		res := &s.results[s.at[j]]
		switch {
		case sv.Err != nil:
			res.Kind, res.Err = Failed, sv.Err
		case sv.Conflict:
			res.Kind, res.StoredID = Conflict, sv.ID
			res.Err = errors.New(ConflictMessage(s.recs[j].NaturalKey, sv.ID))
			c.Conflicts++
		case sv.Created || (r.p.CreatedBefore != nil && r.p.CreatedBefore(r.ctx, sv.ID)):
			res.Kind, res.StoredID = Stored, sv.ID
			c.Stored++
			if res.Analysed {
				c.Analysed++
			}
		default:
			res.Kind, res.StoredID = Duplicate, sv.ID
			c.Duplicates++
		}
		if res.Kind != Stored {
			res.Analysed = false
		}
	}
	s.recs = nil
}

// stop saves what is left, waits for every stream and delivers; the error
// is err, else the first store error.
func (r *run) stop(err error) (store.ImportCounts, error) {
	defer r.cancel()
	if err == nil && r.err == nil {
		r.launch()
	}
	if err != nil {
		r.cancel()
	}
	r.deliver(true)
	if err == nil {
		err = r.err
	}
	return r.counts, err
}

func skip(c *store.ImportCounts, reason string) {
	if c.Skipped == nil {
		c.Skipped = map[string]int64{}
	}
	c.Skipped[reason]++
}
