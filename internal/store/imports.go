package store

import (
	"context"
	"encoding/json"
	"math"
	"time"

	"github.com/scoophq/scoop/internal/account"
	"github.com/scoophq/scoop/internal/fault"
)

// Import states. An import is "uploading" until its upload is stored
// whole (never shown: the client has not been answered yet), then
// "queued" until a chunk job starts, "running", and at last "done" (every
// chunk ran), "failed" (a chunk failed after its retries, or nothing in
// the upload could be read: Reason says why) or "cancelled".
const (
	ImportUploading = "uploading"
	ImportQueued    = "queued"
	ImportRunning   = "running"
	ImportDone      = "done"
	ImportFailed    = "failed"
	ImportCancelled = "cancelled"
	// ImportAnalysing is how an import whose hands are all stored reads
	// while analysis jobs for them are still queued (the stored state is
	// done): the phase after storing.
	ImportAnalysing = "analysing"
)

// Chunk states: queued, running, then one of done, failed, cancelled.
const (
	ChunkQueued    = "queued"
	ChunkRunning   = "running"
	ChunkDone      = "done"
	ChunkFailed    = "failed"
	ChunkCancelled = "cancelled"
)

// MaxImportErrors bounds the errors an import reports (and each chunk
// keeps): the first ones, in file order.
const MaxImportErrors = 20

// ImportCounts are what became of the hands of an import, or of a chunk.
type ImportCounts struct {
	Read       int64 // hands found (stored or not)
	Stored     int64 // newly stored
	Duplicates int64 // stored before (same content)
	Conflicts  int64 // another hand holds their natural key: not stored
	Legal      int64
	Illegal    int64
	Unreadable int64 // hands that could not be read (see the errors, with lines)
	Analysed   int64 // stored with their analysis
	// Skipped counts hands not replayed (another game...), by reason.
	Skipped map[string]int64
}

// Add adds o to c.
func (c *ImportCounts) Add(o ImportCounts) {
	c.Read += o.Read
	c.Stored += o.Stored
	c.Duplicates += o.Duplicates
	c.Conflicts += o.Conflicts
	c.Legal += o.Legal
	c.Illegal += o.Illegal
	c.Unreadable += o.Unreadable
	c.Analysed += o.Analysed
	for k, v := range o.Skipped {
		if c.Skipped == nil {
			c.Skipped = map[string]int64{}
		}
		c.Skipped[k] += v
	}
}

// ImportError is one error of an import: an unreadable hand (its index in
// its file and its line), a file that is not a hand history, or a chunk
// whose job failed.
type ImportError struct {
	File    string `json:"file"`
	Hand    int    `json:"hand,omitempty"`
	Line    int    `json:"line,omitempty"`
	Message string `json:"message"`
}

// Import is a stored import with the sums of its chunks.
type Import struct {
	ID            int64 // internal: keyset pages, job arguments
	PublicID      string
	Account       account.ID
	State         string
	Reason        string // why it failed
	Files         int
	Bytes         int64
	Chunks        int
	HandsExpected int64 // hand headers counted while splitting the upload
	// ChunksFinished counts chunks done, failed or cancelled; HandsFinished
	// the hands (as counted while splitting) of those chunks.
	ChunksFinished int
	ChunksFailed   int
	HandsFinished  int64
	Counts         ImportCounts
	// Analysis is the progress of the analysis jobs of its stored hands.
	Analysis   ImportAnalysis
	Errors     []ImportError // at most MaxImportErrors, in file order
	CreatedAt  time.Time
	StartedAt  *time.Time
	FinishedAt *time.Time
}

// ImportAnalysis is the progress of an import's analysis jobs: Hands
// enqueued for analysis, Analysed (saved) and Failed of them, Pending
// (in parts not yet done), Seconds from the first part enqueued to the
// last one done (0 before one is done), and LastDone when that last one
// was done (zero before).
type ImportAnalysis struct {
	Hands, Analysed, Failed, Pending int64
	Seconds                          float64
	LastDone                         time.Time
}

// Rate is the analyses saved per second, 0 before any.
func (a ImportAnalysis) Rate() float64 {
	if a.Seconds <= 0 {
		return 0
	}
	return float64(a.Analysed) / a.Seconds
}

// ImportChunk is one chunk of an upload: whole hands of one file, from
// FirstLine (1-based, in the file) and the file's FirstHand-th hand.
type ImportChunk struct {
	Chunk     int
	File      string
	Format    string // handhistory.Format, "" when the file is not a hand history
	FirstLine int
	FirstHand int
	Hands     int // hand headers counted in it
	Bytes     int64
}

// ChunkWork is a chunk as its job finds it (Store.StartImportChunk).
type ChunkWork struct {
	ImportChunk
	Account     account.ID
	ImportState string
	State       string // the chunk's state before this start
	Attempts    int    // starts so far, this one included
	StartedAt   time.Time
	Data        []byte // nil unless the chunk is to run now
}

// ChunkResult is what a chunk job records (Store.FinishImportChunk).
type ChunkResult struct {
	State  string // ChunkDone, ChunkFailed or ChunkCancelled
	Counts ImportCounts
	Errors []ImportError // at most MaxImportErrors
}

// ReconcileBatch is the most chunks one transaction of
// Imports.ReconcileImportChunks fails.
const ReconcileBatch = 500

// InBatches runs batch (one transaction of at most ReconcileBatch rows,
// returning how many it did) until one does fewer or fails, and returns
// the rows done: ReconcileImportChunks in both stores.
func InBatches(batch func() (int, error)) (int, error) {
	total := 0
	for {
		n, err := batch()
		total += n
		if err != nil || n < ReconcileBatch {
			return total, err
		}
	}
}

// Imports keeps durable imports: the import, its upload stored in chunks
// of hands (their bytes in parts), and each chunk's outcome. Both stores
// implement it. Every call runs under the store's deadline. Reads and
// cancellation take the account: another account's import is NotFound,
// exactly like a missing one.
type Imports interface {
	// CreateImport stores a new import in state uploading for acct and
	// returns its internal id.
	CreateImport(ctx context.Context, acct account.ID, publicID string) (int64, error)
	// AddImportPart stores data as part `part` of chunk `chunk`.
	AddImportPart(ctx context.Context, id int64, chunk, part int, data []byte) error
	// AddImportChunk records a chunk whose parts are stored.
	AddImportChunk(ctx context.Context, id int64, c ImportChunk) error
	// QueueImport ends the upload, in one transaction: the import gets its
	// totals and fileErrors, state queued (failed, with reason, when it has
	// no chunk: reason is kept only then), and enqueue is called with the transaction (pgx.Tx or
	// *sql.Tx) to insert the chunk jobs with it, atomically.
	QueueImport(ctx context.Context, id int64, files int, bytes int64, fileErrors []ImportError, reason string, enqueue func(tx any) error) error
	// DeleteImport removes an import and its chunks (an abandoned upload).
	DeleteImport(ctx context.Context, id int64) error
	// AddImportAnalyses records the analysis parts of chunk `chunk` (part
	// i holding hands[i] hands), queued, and reports true; idempotent (a
	// part recorded before is left as it is). For an import cancelled
	// meanwhile (a chunk that was running when it was), or gone, it records nothing
	// and reports false: no analysis job is to be enqueued for it.
	AddImportAnalyses(ctx context.Context, id int64, chunk int, hands []int) (live bool, err error)
	// ImportAnalysisState returns the state of the import (as stored:
	// done, not analysing) and of its analysis part; NotFound when either
	// is gone (the import was deleted).
	ImportAnalysisState(ctx context.Context, id int64, chunk, part int) (importState, partState string, err error)
	// FinishImportAnalysis records a part's outcome, its analysed and
	// failed hands: a queued part is done; a part cancelled with its
	// import (its job was running then) stays cancelled with the hands its
	// job analysed; a part finished before is left as it is.
	FinishImportAnalysis(ctx context.Context, id int64, chunk, part int, analysed, failed int) error
	// CancelImportAnalysis cancels a queued part (of an import cancelled
	// after the part was recorded); a part finished is left as it is.
	CancelImportAnalysis(ctx context.Context, id int64, chunk, part int) error
	// Import returns acct's import publicID with its sums.
	Import(ctx context.Context, acct account.ID, publicID string) (Import, error)
	// ImportsPage returns acct's imports, newest first, after cursor (""
	// for the first page; ImportCursor's form), at most limit, and the
	// cursor of the next page ("" on the last).
	ImportsPage(ctx context.Context, acct account.ID, cursor string, limit int) ([]Import, string, error)
	// CancelImport cancels acct's import publicID: its queued chunks will
	// not run (running ones finish); the stored hands stay. An import
	// already finished is returned as it is.
	CancelImport(ctx context.Context, acct account.ID, publicID string) (Import, error)
	// StartImportChunk marks a chunk running (and its import, the first
	// time) and returns it with its bytes, unless the chunk is finished or
	// its import cancelled (then Data is nil and nothing changes).
	StartImportChunk(ctx context.Context, id int64, chunk int) (ChunkWork, error)
	// FinishImportChunk records a chunk's result unless it is finished
	// already (the first result stands), drops its bytes, and finishes
	// the import when it was its last chunk.
	FinishImportChunk(ctx context.Context, id int64, chunk int, r ChunkResult) error
	// ReconcileImportChunks fails, with message, the unfinished chunks
	// whose River job of kind was discarded without recording its result
	// (its worker died in its last attempt: River's rescuer discards such
	// a job rather than run it again), and finishes their imports. It
	// returns how many chunks it failed. It works in batches of at most
	// ReconcileBatch chunks, each its own transaction under the store's
	// deadline, until a batch finds fewer: the batches done stay done when
	// a later one fails.
	ReconcileImportChunks(ctx context.Context, kind, message string) (int, error)
	// WaitingImportJobs returns the ids of the River jobs of kind for
	// import id that have not started (available, scheduled, retryable or
	// pending), the first MaxLimit by id: those a cancellation drops at
	// once.
	WaitingImportJobs(ctx context.Context, kind string, id int64) ([]int64, error)
	// ImportJobCounts counts the River jobs of kind by River state.
	ImportJobCounts(ctx context.Context, kind string) (map[string]int64, error)
	// HeldImports returns which of the imports ids (internal ids, as
	// store.Hand.Import) hold their hands' analyses from the analysis
	// sweeper: a pending import (queued or running, or done storing with
	// an analysis part still queued), whose own analysis jobs analyse its
	// hands, and a cancelled one, whose analyses were cancelled with it
	// (its hands are analysed on demand, or by a later import of the same
	// hands, which adopts them). An id not returned (finished, or gone) is
	// the sweeper's.
	HeldImports(ctx context.Context, ids []int64) (map[int64]bool, error)
}

// ImportNotFound is the error of an unknown (or another account's) import.
func ImportNotFound(id string) error {
	return fault.New(fault.NotFound, "no import with id %q", id)
}

const importCursorPrefix = "i2:"

// ImportCursor returns the opaque cursor resuming a listing after the
// import with the given public id: it holds no row number, so it tells
// nothing of how many imports the server has taken.
func ImportCursor(publicID string) string { return encodeCursor(importCursorPrefix, publicID) }

// DecodeImportCursor returns the public id of the import a cursor resumes
// after ("" for ""); anything but ImportCursor's form is Invalid on field
// "cursor" (BadImportCursor). The stores answer the same for a cursor of
// an import that is not the caller's.
func DecodeImportCursor(c string) (string, error) {
	if c == "" {
		return "", nil
	}
	if id, ok := decodeCursor(importCursorPrefix, c, ValidPublicID); ok {
		return id, nil
	}
	return "", BadImportCursor(c)
}

// BadImportCursor is the Invalid error of an imports cursor that is not
// one of ours, or names an import the caller cannot see.
func BadImportCursor(c string) error { return BadCursor(c) }

// ChunkFinished reports whether a chunk state is final.
func ChunkFinished(state string) bool {
	return state == ChunkDone || state == ChunkFailed || state == ChunkCancelled
}

// ScanChunkSums sets im's sums over its chunks from row, the one row of a
// store's aggregate of them, in this order: the chunks finished, the
// chunks failed, the hands of the chunks finished, the eight counts of
// ImportCounts (Read to Analysed) summed, the skipped reasons as one JSON
// object of sums by reason, and the error arrays of the first chunks that
// have errors (at most MaxImportErrors chunks, which is enough), as one
// JSON array in chunk order, and the sums over its analysis parts as one
// JSON array [hands, analysed, failed, pending, seconds, last done
// (Unix seconds, 0 for none)]. The chunks'
// errors follow im's own (its file errors), up to MaxImportErrors in all;
// the analyses saved are added to Counts.Analysed, and a done import with
// analyses pending reads as ImportAnalysing.
func ScanChunkSums(row interface{ Scan(...any) error }, im *Import) error {
	var sums ChunkSums
	if err := row.Scan(sums.Dest()...); err != nil {
		return err
	}
	return sums.Apply(im)
}

// ChunkSums is the row ScanChunkSums reads, for a store that reads it
// beside the import's own columns (a page of imports in one query):
// scan into Dest, then Apply to the import once its columns are set.
type ChunkSums struct {
	part                    Import
	skipped, errs, analyses string
}

// ChunkSumsSQL are the first columns of ChunkSums, the same SQL in both
// stores: the aggregates over an import's chunks, aliased c.
const ChunkSumsSQL = `
count(c.chunk) FILTER (WHERE c.state IN ('done', 'failed', 'cancelled')), count(c.chunk) FILTER (WHERE c.state = 'failed'),
       coalesce(sum(c.hands) FILTER (WHERE c.state IN ('done', 'failed', 'cancelled')), 0),
       coalesce(sum(c.read), 0), coalesce(sum(c.stored), 0), coalesce(sum(c.duplicates), 0), coalesce(sum(c.conflicts), 0),
       coalesce(sum(c.legal), 0), coalesce(sum(c.illegal), 0), coalesce(sum(c.unreadable), 0), coalesce(sum(c.analysed), 0)`

// WithSums is a row of an import's columns and then its sums: Scan reads
// the import's columns into dest and the sums into Sums.
type WithSums struct {
	Row  interface{ Scan(...any) error }
	Sums *ChunkSums
}

// Scan implements the row's Scan.
func (w WithSums) Scan(dest ...any) error { return w.Row.Scan(append(dest, w.Sums.Dest()...)...) }

// Dest are the scan destinations of the sums' columns, in order.
func (s *ChunkSums) Dest() []any {
	p, c := &s.part, &s.part.Counts
	return []any{&p.ChunksFinished, &p.ChunksFailed, &p.HandsFinished,
		&c.Read, &c.Stored, &c.Duplicates, &c.Conflicts, &c.Legal, &c.Illegal, &c.Unreadable, &c.Analysed,
		&s.skipped, &s.errs, &s.analyses}
}

// Apply sets the scanned sums on im, whose own columns (state, file
// errors) are read: its counts, its analysis progress (and the analysing
// state of a done import with parts queued), its first errors after the
// file errors.
func (s *ChunkSums) Apply(im *Import) error {
	im.ChunksFinished, im.ChunksFailed, im.HandsFinished = s.part.ChunksFinished, s.part.ChunksFailed, s.part.HandsFinished
	im.Counts = s.part.Counts
	c := &im.Counts
	skipped, errs, analyses := s.skipped, s.errs, s.analyses
	if analyses != "" {
		var a [6]float64
		if err := json.Unmarshal([]byte(analyses), &a); err != nil {
			return err
		}
		im.Analysis = ImportAnalysis{Hands: int64(a[0]), Analysed: int64(a[1]), Failed: int64(a[2]), Pending: int64(a[3]), Seconds: a[4]}
		if a[5] > 0 {
			im.Analysis.LastDone = time.UnixMicro(int64(math.Round(a[5] * 1e6))).UTC()
		}
		c.Analysed += im.Analysis.Analysed
		if im.State == ImportDone && im.Analysis.Pending > 0 {
			im.State = ImportAnalysing
		}
	}
	if skipped != "{}" && skipped != "" {
		if err := json.Unmarshal([]byte(skipped), &c.Skipped); err != nil {
			return err
		}
	}
	if errs != "[]" && errs != "" && len(im.Errors) < MaxImportErrors {
		var chunks [][]ImportError
		if err := json.Unmarshal([]byte(errs), &chunks); err != nil {
			return err
		}
		for _, es := range chunks {
			im.Errors = append(im.Errors, es[:min(len(es), MaxImportErrors-len(im.Errors))]...)
		}
	}
	return nil
}

// EncodeImportErrors returns the JSON array the stores keep of es ("[]"
// for none), at most its first MaxImportErrors.
func EncodeImportErrors(es []ImportError) string {
	if len(es) == 0 {
		return "[]"
	}
	b, _ := json.Marshal(es[:min(len(es), MaxImportErrors)]) // plain strings and ints: never fails
	return string(b)
}

// EncodeSkipped returns the JSON object the stores keep of a chunk's
// skipped counts by reason ("{}" for none).
func EncodeSkipped(skipped map[string]int64) string {
	if len(skipped) == 0 {
		return "{}"
	}
	b, _ := json.Marshal(skipped) // string keys, int values: never fails
	return string(b)
}
