// Package ingest is the one pipeline from a hand-history file to stored
// hands: read each entry under a panic guard; sort out unreadable, skipped
// and incomplete hands; replay; make the plain or analysed record; save the
// records in batches over a few streams at once; sort the results into
// stored, duplicate and conflict; count. POST /v1/hands and
// /v1/hands/replay (api), the import chunk jobs (jobs) and `scoop import`
// (cmd/scoop) all run it: they keep their transport only (decoding and
// encoding, chunk offsets, flags and the progress line) and see each hand
// through one callback with one set of outcome kinds (Kind).
//
// It also makes the stored form of a hand, its players' facts rows
// included (NewRecord, NewAnalysedRecord, FactsOf; FillFacts for hands
// stored without them: the store keeps records in and out and never
// replays a hand), analyses stored hands and saves their analyses
// (Analyse, SaveAnalysis: the API's and the analysis jobs'), and
// reverifies stored hands with the running engine (Reverify).
//
// It imports handhistory, analysis, stats (the facts rows) and store;
// never api, jobs or cmd.
package ingest

import (
	"context"
	"errors"
	"fmt"
	"mime"
	"runtime/debug"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/store"
)

// Kind is what became of one entry of a file.
type Kind int

// The outcome kinds, the same for every caller.
const (
	// Unreadable: the entry could not be read as a hand (Err says why,
	// Line where), or the reader found no hand in it.
	Unreadable Kind = iota + 1
	// Skipped: read but not replayed (another game...): Skipped says why.
	Skipped
	// Failed: read, but the replay failed (a panic: Err, kind Internal) or
	// the store refused this record alone (text it cannot hold: Err).
	Failed
	// Replayed: replayed and not stored (a pipeline without a store),
	// analysed when the pipeline's mode says (Analysis).
	Replayed
	// Stored: newly stored, under ID.
	Stored
	// Duplicate: the same hand was stored before, under ID.
	Duplicate
	// Conflict: another hand holds its natural key (ID is that hand's);
	// nothing stored. Err says so (ConflictMessage).
	Conflict
)

var kindNames = [...]string{Unreadable: "unreadable", Skipped: "skipped", Failed: "failed", Replayed: "replayed",
	Stored: "stored", Duplicate: "duplicate", Conflict: "conflict"}

func (k Kind) String() string {
	if k > 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Result is what became of one entry, given to Pipeline.Run's callback.
type Result struct {
	Kind Kind
	// Index is the entry's 1-based position in the file (plus
	// Pipeline.FirstHand - 1); ID the site's hand id when known.
	Index int
	ID    string
	// Line is the line of the file (as uploaded: plus Pipeline.FirstLine -
	// 1) the result is about: an unreadable hand's error line when the
	// reader names one, an illegal hand's offending action when found in
	// the text, else the line where the hand starts (0 when unknown).
	// HandLine is always where the hand starts.
	Line, HandLine int
	// Err is why for Unreadable, Failed and Conflict (Message is its text
	// without the line, which Line has).
	Err error
	// Skipped is why for Skipped.
	Skipped string
	// Hand and Verdict are the hand and its verdict once replayed
	// (Replayed, Stored, Duplicate, Conflict, and Failed by the store).
	Hand    *handhistory.Hand
	Verdict *analysis.Verdict
	// StoredID is the stored hand's public id: this hand's (Stored,
	// Duplicate) or the one holding its natural key (Conflict).
	StoredID string
	// Analysed says the record was stored with its analysis.
	Analysed bool
	// Analysis is the hand's analysis when the pipeline made one (a
	// replay-only pipeline's too, see Pipeline.Analysis); AnalysisErr why
	// a legal hand the mode analyses has none (it cannot fail for a hand
	// the replay found legal; a panic is Internal).
	Analysis    *analysis.Analysis
	AnalysisErr error
}

// Message is r.Err's text without the line it names ("" without Err).
func (r *Result) Message() string {
	if r.Err == nil {
		return ""
	}
	err, _ := withoutLine(r.Err)
	return err.Error()
}

// Pipeline reads, replays and stores hands. The zero value (no Store)
// reads and replays only. Fields are read by Run, not changed.
type Pipeline struct {
	// Store keeps the hands; nil for a replay only (every replayed hand is
	// Replayed).
	Store store.Store
	// Analysis says which legal hands are stored with their analysis
	// (made by the pipeline, on this goroutine: one core); the others are
	// stored without one and left to the analysis jobs. Without a Store,
	// the hands it names are analysed (Result.Analysis) when it is set:
	// "" analyses none there.
	Analysis Mode
	// AnalysisOptions tune those analyses.
	AnalysisOptions analysis.Options
	// Opponents, when set, gives each analysis the opponents' stored
	// statistics for the hand's game (Options.Opponents; A10).
	Opponents func(ctx context.Context, game string) analysis.OpponentStats
	// Batch is the most records one SaveHands call stores (default
	// DefaultBatch). Memory is bounded by (Streams + 1) batches of records.
	Batch int
	// Streams is how many SaveHands calls run at once, each its own
	// transaction, while the pipeline replays the next hands (default 1).
	Streams int
	// Import is the internal id of the import whose chunk the data is
	// (0 for none): each record carries it (store.Hand.Import).
	Import int64
	// FirstHand and FirstLine place the data in its file: the index of
	// its first hand and the line it starts on (0 or 1: the file's start).
	// The reader numbers the lines from FirstLine (handhistory.ReadPart),
	// so that every line it names, its hands' notes included, is the
	// file's, and a hand read from a chunk is the hand read from the whole
	// file (the same content, a duplicate when stored again).
	FirstHand, FirstLine int
	// CreatedBefore, when set, is asked about a hand found stored with the
	// same content: true counts it Stored (an earlier attempt of the same
	// work stored it before it died), false Duplicate.
	CreatedBefore func(ctx context.Context, id string) bool
	// OnPanic, when set, is told of a panic of the reader, a replay or an
	// analysis (what, the value, the stack): the pipeline recovers it.
	OnPanic func(what string, v any, stack []byte)
}

// DefaultBatch is Pipeline.Batch's default.
const DefaultBatch = 250

// TestHookRead, when set (by tests, of this package or of a caller), is
// called with the data before Read reads it: a test panics in it to play a
// reader that panics. Never set outside tests.
var TestHookRead func(data []byte)

// Read reads data as format f under a panic guard, its lines numbered
// from p.FirstLine: a file that cannot be read at all is an error of kind
// Invalid (or the reader's own kind), a panic of the reader one of kind
// Internal.
func (p *Pipeline) Read(f handhistory.Format, data []byte) (entries []handhistory.Entry, err error) {
	defer func() {
		if v := recover(); v != nil {
			p.panicked("read", v)
			entries, err = nil, &fault.Error{Kind: fault.Internal, Action: -1,
				Message: fmt.Sprintf("reading the hand history panicked: %v", v), Err: fmt.Errorf("panic: %v\n%s", v, debug.Stack())}
		}
	}()
	if TestHookRead != nil {
		TestHookRead(data)
	}
	if f == "" {
		_, err := handhistory.Detect("", data)
		if err == nil {
			err = fault.New(fault.Invalid, "the data is not a hand history Scoop reads")
		}
		return nil, inputError(err)
	}
	entries, err = handhistory.ReadPart(f, data, p.FirstLine)
	if err != nil {
		return nil, inputError(err)
	}
	return entries, nil
}

// inputError makes a reader's error about the input a domain error:
// Invalid unless it already says what it is.
func inputError(err error) error {
	var f *fault.Error
	if errors.As(err, &f) {
		return err
	}
	return &fault.Error{Kind: fault.Invalid, Action: -1, Message: err.Error(), Err: err}
}

func (p *Pipeline) panicked(what string, v any) {
	if p.OnPanic != nil {
		p.OnPanic(what, v, debug.Stack())
	}
}

// Run reads data as format f and runs every entry through the pipeline
// (RunEntries), the text kept for the lines of illegal actions.
func (p *Pipeline) Run(ctx context.Context, f handhistory.Format, data []byte, each func(*Result)) (store.ImportCounts, error) {
	entries, err := p.Read(f, data)
	if err != nil {
		return store.ImportCounts{}, err
	}
	text, _, _ := handhistory.Decode(data)
	return p.RunEntries(ctx, entries, text, each)
}

// RunEntries runs entries (read from text as Read reads it, their lines
// numbered from p.FirstLine; text may be nil: the lines of illegal
// actions are then the hands' lines) through the pipeline, calling
// each with the result of every entry, in entry order, from the calling
// goroutine, and returns the counts. It clears each entry once done with
// it, so that a large file's hands are freed as it goes; the Result's
// Hand and Verdict are each's to keep. The error is the store's or ctx's
// (kind Canceled): the batches stored before it stay stored, and their
// results were given to each; the others' were not.
func (p *Pipeline) RunEntries(ctx context.Context, entries []handhistory.Entry, text []byte, each func(*Result)) (store.ImportCounts, error) {
	r := newRun(ctx, p, text, each)
	for k := range entries {
		if k&31 == 0 {
			if err := ctx.Err(); err != nil {
				return r.stop(canceled(err))
			}
		}
		e := entries[k]
		entries[k] = handhistory.Entry{}
		if err := r.entry(e); err != nil {
			return r.stop(err)
		}
	}
	return r.stop(nil)
}

func canceled(err error) error {
	if fault.KindOf(err) == fault.Canceled {
		return err
	}
	return &fault.Error{Kind: fault.Canceled, Action: -1, Message: "stopped: " + err.Error(), Err: err}
}

// index places an entry's index in its file (the reader counts them from
// 1 within the data; it numbers the lines in the file itself).
func (p *Pipeline) index(i int) int {
	if p.FirstHand <= 1 || i == 0 {
		return i
	}
	return i + p.FirstHand - 1
}

// withoutLine returns err and the line it names (0 for none), err
// without that line in its message.
func withoutLine(err error) (error, int) {
	var fe *fault.Error
	if errors.As(err, &fe) && fe.Line > 0 {
		c := *fe
		c.Line = 0
		return &c, fe.Line
	}
	return err, 0
}

// ConflictMessage is the one message of a hand not stored because
// another holds its natural key.
func ConflictMessage(naturalKey, storedID string) string {
	return fmt.Sprintf("another hand is stored under %s (id %s); this one was not stored", naturalKey, storedID)
}

// Mode says which legal hands a pipeline stores with their analysis.
type Mode string

// The analysis modes.
const (
	// AnalyseAll analyses every legal hand ("" too).
	AnalyseAll Mode = "all"
	// AnalyseShownDown analyses the hands that reached a showdown, where
	// the all-in adjusted winnings and the luck are (ANALYSIS.md A5).
	AnalyseShownDown Mode = "shown-down"
	// AnalyseNone analyses none: the hands are stored as fast as can be.
	AnalyseNone Mode = "none"
)

// ParseMode returns the mode a flag or variable names.
func ParseMode(s string) (Mode, error) {
	switch m := Mode(s); m {
	case AnalyseAll, AnalyseShownDown, AnalyseNone:
		return m, nil
	}
	return "", fmt.Errorf("want all, shown-down or none")
}

// Analyses reports whether mode m analyses a legal hand whose verdict is v.
func (m Mode) Analyses(v *analysis.Verdict) bool {
	if !v.Legal {
		return false
	}
	switch m {
	case AnalyseNone:
		return false
	case AnalyseShownDown:
		return len(v.ShowdownOrder) >= 2
	}
	return true
}

// FormatOf is the hand-history format of a body sent with Content-Type
// contentType: Scoop JSON for application/json and application/x-ndjson,
// PHH for application/toml, else what handhistory.Detect finds in the body
// (PokerStars and the other sites' text, PHH, JSON, gzip or not), "" when
// nothing is recognised (Read then says why). The one mapping of every
// path that takes a file: the API's uploads and the import jobs.
func FormatOf(contentType string, body []byte) handhistory.Format {
	mt, _, _ := mime.ParseMediaType(contentType)
	switch mt {
	case "application/json", "application/x-ndjson":
		return handhistory.FormatJSON
	case "application/toml":
		return handhistory.FormatPHH
	}
	f, _ := handhistory.Detect("", body)
	return f
}
