package store

import (
	"context"
	"encoding/json"
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
	Errors         []ImportError // at most MaxImportErrors, in file order
	CreatedAt      time.Time
	StartedAt      *time.Time
	FinishedAt     *time.Time
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
	// returns how many chunks it failed.
	ReconcileImportChunks(ctx context.Context, kind, message string) (int, error)
	// ImportJobCounts counts the River jobs of kind by River state.
	ImportJobCounts(ctx context.Context, kind string) (map[string]int64, error)
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
// JSON array in chunk order. The chunks' errors follow im's own (its
// file errors), up to MaxImportErrors in all.
func ScanChunkSums(row interface{ Scan(...any) error }, im *Import) error {
	c := &im.Counts
	var skipped, errs string
	if err := row.Scan(&im.ChunksFinished, &im.ChunksFailed, &im.HandsFinished,
		&c.Read, &c.Stored, &c.Duplicates, &c.Conflicts, &c.Legal, &c.Illegal, &c.Unreadable, &c.Analysed,
		&skipped, &errs); err != nil {
		return err
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
