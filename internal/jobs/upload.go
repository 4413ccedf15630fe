package jobs

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/scoophq/scoop/internal/account"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/store"
)

// Upload bounds and chunk sizes.
const (
	// MaxUploadBytes is the largest upload (all files of a multipart body
	// together), as sent and decoded: 256 MiB.
	MaxUploadBytes = 256 << 20
	// DefaultChunkHands is how many hands a chunk holds (its job's work).
	DefaultChunkHands = 2000
	// chunkBytes cuts a chunk at the next hand past this many bytes even
	// with fewer hands.
	chunkBytes = 4 << 20
	// maxChunkBytes cuts a chunk at a line past this size even inside a
	// hand (no real hand comes near: MaxHandLines of real lines is ~2 MB).
	maxChunkBytes = 16 << 20
	// partBytes is the most bytes of one stored part (and the upload's
	// buffer): memory per upload is about this.
	partBytes = 1 << 20
	// UploadMemory is what one upload in progress holds in memory: its part
	// buffer, the format detection's look-ahead and the readers' buffers.
	// The API admits uploads by it, from the request-body budget.
	UploadMemory = partBytes + detectBytes + 64<<10
	// detectBytes is how much of a file is looked at to detect its format.
	detectBytes = 64 << 10
)

// MaxWholeFile is the largest file of a format read only whole (iPoker
// XML, a JSON document, UTF-16 text): one chunk, held in memory by its
// job. A variable for tests.
var MaxWholeFile int64 = 32 << 20

// MaxUploadFiles bounds the files of one upload (multipart parts).
const MaxUploadFiles = 10_000

// ErrTooManyFiles is the error of an upload of more than MaxUploadFiles.
var ErrTooManyFiles = fmt.Errorf("an import holds at most %d files", MaxUploadFiles)

// ErrTooLarge is the error of an upload past MaxUploadBytes.
var ErrTooLarge = errors.New("an import is at most 268435456 bytes (256 MiB)")

// Upload streams the files of one import into the store, in chunks of
// hands, holding at most about one part (1 MiB) of it in memory. Commit
// queues its chunk jobs; Abort drops it. Not safe for concurrent use.
type Upload struct {
	svc   *Service
	st    store.Imports
	id    int64
	pub   string
	chunk int // the next chunk's number
	files int
	// readable counts the files stored in chunks (a format detected).
	readable int
	bytes    int64
	errs     []store.ImportError
	buf      []byte
}

// NewUpload starts an import for the context's account.
func (s *Service) NewUpload(ctx context.Context) (*Upload, error) {
	_, st, err := s.parts()
	if err != nil {
		return nil, err
	}
	pub := store.NewPublicID()
	id, err := st.CreateImport(ctx, account.From(ctx), pub)
	if err != nil {
		return nil, err
	}
	return &Upload{svc: s, st: st, id: id, pub: pub, buf: make([]byte, 0, partBytes)}, nil
}

// ID is the import's public id.
func (u *Upload) ID() string { return u.pub }

// Bytes is how many bytes of files the upload has read so far.
func (u *Upload) Bytes() int64 { return u.bytes }

// Abort drops the import (an upload that failed or was refused). When
// the database does not answer (often why the upload failed), the delete
// is retried in the background, every abortRetryWait for abortRetries
// times (at most maxAborting imports at once): before, the import stayed
// "uploading", its parts (up to 256 MiB) with it, until a CreateImport a
// day later.
func (u *Upload) Abort(ctx context.Context) {
	ctx = context.WithoutCancel(ctx)
	if u.delete(ctx) == nil {
		return
	}
	if u.svc.aborting.Add(1) > maxAborting {
		u.svc.aborting.Add(-1)
		u.svc.log.Warn("abandoned upload left to the daily sweep", "import", u.id)
		return
	}
	go func() {
		defer u.svc.aborting.Add(-1)
		var err error
		for range abortRetries {
			time.Sleep(abortRetryWait)
			if err = u.delete(ctx); err == nil {
				return
			}
		}
		u.svc.log.Warn("abandoned upload left to the daily sweep", "import", u.id, "err", err)
	}()
}

// Retries of Abort's delete.
const maxAborting = 64

var (
	abortRetries   = 12
	abortRetryWait = 10 * time.Second
)

// testHookDelete, when set (by tests), is called before an aborted
// upload's delete: an error plays a database that does not answer.
var testHookDelete func(id int64) error

func (u *Upload) delete(ctx context.Context) error {
	if testHookDelete != nil {
		if err := testHookDelete(u.id); err != nil {
			return err
		}
	}
	return u.st.DeleteImport(ctx, u.id)
}

// Commit ends the upload: the import is queued with one job per chunk
// (in the same transaction). When no file is a hand history it queues
// nothing and returns a *fault.Error of kind Invalid naming the first
// file's error (and how many other files were refused): the caller aborts
// the upload and answers 400, as POST /v1/hands does for such a body.
func (u *Upload) Commit(ctx context.Context) error {
	if u.readable == 0 {
		msg := "the upload holds no file"
		if len(u.errs) > 0 {
			msg = u.errs[0].Message
			if u.files > 1 {
				msg += fmt.Sprintf(" (and %d other files, none a hand history either)", u.files-1)
			}
		}
		return &fault.Error{Kind: fault.Invalid, Field: "body", Action: -1, Message: msg}
	}
	reason := ""
	if len(u.errs) > 0 {
		reason = u.errs[0].Message
	}
	return u.st.QueueImport(ctx, u.id, u.files, u.bytes, u.errs, reason, func(tx any) error {
		args := make([]ChunkArgs, u.chunk)
		for i := range args {
			args[i] = ChunkArgs{Import: u.id, Chunk: i, Account: int64(account.From(ctx))}
		}
		return u.svc.queue().insertTx(ctx, tx, args)
	})
}

// formatOf is the format a file is read as: by its Content-Type for JSON
// and PHH (as POST /v1/hands), else detected from its head.
func formatOf(name, contentType string, head []byte) (handhistory.Format, error) {
	mt, _, _ := mime.ParseMediaType(contentType)
	switch mt {
	case "application/json", "application/x-ndjson":
		return handhistory.FormatJSON, nil
	case "application/toml":
		return handhistory.FormatPHH, nil
	}
	return handhistory.Detect(name, head)
}

// AddFile stores one file, read from r to its end: detected, cut into
// chunks of whole hands (see handhistory.HandStarts) and stored part by
// part. A file that is not a hand history is recorded as the import's
// error (and read to its end); the error return is for the store, the
// upload's size (ErrTooLarge) or reading r.
func (u *Upload) AddFile(ctx context.Context, name, contentType string, r io.Reader) error {
	u.files++
	if u.files > MaxUploadFiles {
		return ErrTooManyFiles
	}
	br := bufio.NewReaderSize(r, detectBytes)
	head, err := br.Peek(detectBytes)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		return err
	}
	name = cleanName(name)
	if name == "" {
		name = fmt.Sprintf("file %d", u.files)
	}
	f, derr := formatOf(name, contentType, head)
	if derr != nil {
		u.fileError(store.ImportError{File: name, Message: derr.Error()})
		return u.drain(br)
	}
	starts, ok := handhistory.HandStarts(f)
	if f == handhistory.FormatJSON && jsonLines(head) {
		starts, ok = func(l string) bool { return len(l) > 0 && l[0] == '{' }, true
	}
	if bytes.HasPrefix(head, []byte{0xFF, 0xFE}) || bytes.HasPrefix(head, []byte{0xFE, 0xFF}) {
		ok = false // UTF-16: decoded whole
	}
	u.readable++
	if !ok {
		return u.whole(ctx, name, f, br)
	}
	return u.cut(ctx, name, f, starts, br)
}

// fileError records a file's error: the first MaxImportErrors are kept.
func (u *Upload) fileError(e store.ImportError) {
	if len(u.errs) < store.MaxImportErrors {
		u.errs = append(u.errs, e)
	}
}

// cleanName is a client's file name as the store keeps it: valid UTF-8
// without control characters, at most 256 bytes.
func cleanName(name string) string {
	name = strings.ToValidUTF8(name, "\uFFFD")
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, name)
	for len(name) > 256 {
		_, size := utf8.DecodeLastRuneInString(name)
		name = name[:len(name)-size]
	}
	return name
}

// jsonLines reports whether a JSON file's first non-blank line is a whole
// object: JSON Lines, cut at every line.
func jsonLines(head []byte) bool {
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	for len(head) > 0 {
		line, rest, found := bytes.Cut(head, []byte("\n"))
		if !found && len(head) == detectBytes {
			return false // the line runs past what was looked at
		}
		if t := bytes.TrimSpace(line); len(t) > 0 {
			return t[0] == '{' && json.Valid(t)
		}
		head = rest
	}
	return false
}

// count adds n bytes to the upload, failing past MaxUploadBytes.
func (u *Upload) count(n int) error {
	u.bytes += int64(n)
	if u.bytes > MaxUploadBytes {
		return ErrTooLarge
	}
	return nil
}

func (u *Upload) drain(br *bufio.Reader) error {
	buf := make([]byte, 32<<10)
	for {
		n, err := br.Read(buf)
		if cerr := u.count(n); cerr != nil {
			return cerr
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// chunkWriter stores the parts of the chunk being cut.
type chunkWriter struct {
	u     *Upload
	ctx   context.Context
	part  int
	bytes int64
}

func (c *chunkWriter) write(p []byte) error {
	u := c.u
	for len(p) > 0 {
		n := min(len(p), partBytes-len(u.buf))
		u.buf = append(u.buf, p[:n]...)
		p = p[n:]
		c.bytes += int64(n)
		if len(u.buf) == partBytes {
			if err := c.flushPart(); err != nil {
				return err
			}
		}
	}
	return nil
}

func (c *chunkWriter) flushPart() error {
	if len(c.u.buf) == 0 {
		return nil
	}
	if err := c.u.st.AddImportPart(c.ctx, c.u.id, c.u.chunk, c.part, c.u.buf); err != nil {
		return err
	}
	c.part++
	c.u.buf = c.u.buf[:0]
	return nil
}

// end stores the chunk's last part and its row, and starts the next.
func (c *chunkWriter) end(meta store.ImportChunk) error {
	if c.bytes == 0 {
		return nil
	}
	if err := c.flushPart(); err != nil {
		return err
	}
	meta.Chunk, meta.Bytes = c.u.chunk, c.bytes
	if err := c.u.st.AddImportChunk(c.ctx, c.u.id, meta); err != nil {
		return err
	}
	c.u.chunk++
	c.part, c.bytes = 0, 0
	return nil
}

// whole stores a file read only whole as one chunk.
func (u *Upload) whole(ctx context.Context, name string, f handhistory.Format, br *bufio.Reader) error {
	cw := &chunkWriter{u: u, ctx: ctx}
	buf := make([]byte, 32<<10)
	for {
		n, err := br.Read(buf)
		if cerr := u.count(n); cerr != nil {
			return cerr
		}
		if cw.bytes+int64(n) > MaxWholeFile {
			u.fileError(store.ImportError{File: name, Message: fmt.Sprintf(
				"a %s file is read whole, at most %d MiB: cut it into smaller files (or send JSON Lines)", f, MaxWholeFile>>20)})
			// What is stored is dropped with its chunk (no format: its job
			// reads nothing).
			if err := cw.end(store.ImportChunk{File: name, FirstLine: 1, FirstHand: 1}); err != nil {
				return err
			}
			return u.drain(br)
		}
		if err := cw.write(buf[:n]); err != nil {
			return err
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
	}
	return cw.end(store.ImportChunk{File: name, Format: string(f), FirstLine: 1, FirstHand: 1, Hands: 1})
}

// maxPreamble bounds the text before a file's first hand that cut keeps
// to ask the reader how many entries it makes (preambleEntries).
const maxPreamble = 64 << 10

// preambleEntries is the number of entries format f's reader makes of the
// text pre before a file's first hand (its whole lines within its first
// maxPreamble bytes), start being the line that starts the hand: none for
// blank text, else as many as the reader makes of pre followed by start,
// less the one hand start begins (a text reader's "text before the first
// hand header" is one; PHH's comments are none).
func preambleEntries(f handhistory.Format, pre, start []byte) int {
	if len(bytes.TrimSpace(pre)) == 0 {
		return 0
	}
	text := append(append(make([]byte, 0, len(pre)+len(start)+1), pre...), start...)
	if len(start) == 0 || start[len(start)-1] != '\n' {
		text = append(text, '\n')
	}
	es, err := handhistory.ReadPart(f, text, 1)
	if err != nil || len(es) == 0 {
		return 0
	}
	return len(es) - 1
}

// cut stores a file in chunks of about ChunkHands hands, each cut before
// a line that starts a hand.
func (u *Upload) cut(ctx context.Context, name string, f handhistory.Format, starts func(string) bool, br *bufio.Reader) error {
	cw := &chunkWriter{u: u, ctx: ctx}
	meta := store.ImportChunk{File: name, Format: string(f), FirstLine: 1, FirstHand: 1}
	line, hands := 1, 0
	midLine := false // the last read ended inside a line
	// A line of a text format longer than MaxLineBytes makes its hand
	// unreadable (the reader names the line): only its first
	// MaxLineBytes+1 bytes are stored, enough for the reader to say so,
	// and the rest is counted and dropped. Before, the chunk was cut inside
	// such a line, and the rest of the file read as a chunk without a
	// hand header.
	cutLong := f != handhistory.FormatJSON && f != handhistory.FormatPHH
	lineBytes := 0 // of the current line, stored so far
	// The text before the file's first hand start (at most maxPreamble
	// bytes of it kept): the reader makes an entry of it ("text before the
	// first hand header"), numbered before the first hand, so the hands
	// after it, in every chunk, are numbered as a whole read numbers them.
	var pre []byte
	preOver, started := false, false
	for {
		b, err := br.ReadSlice('\n')
		if len(b) > 0 {
			if cerr := u.count(len(b)); cerr != nil {
				return cerr
			}
			if cutLong && lineBytes+len(b) > handhistory.MaxLineBytes+1 {
				keep := max(handhistory.MaxLineBytes+1-lineBytes, 0)
				if b[len(b)-1] == '\n' {
					b = append(b[:keep:keep], '\n') // a copy: b is the reader's buffer
				} else {
					b = b[:keep]
				}
			}
			start := false
			if !midLine {
				if t := bytes.TrimSpace(b); len(t) > 0 {
					start = starts(string(t[:min(len(t), handhistory.MaxLineBytes)]))
				}
			}
			// Past maxChunkBytes a chunk is cut even inside a line: a file
			// without line ends would otherwise be one chunk of any size,
			// which its job reads whole (such a line is over MaxLineBytes
			// anyway: its hand is unreadable).
			over := cw.bytes >= maxChunkBytes
			if (start && (meta.Hands >= u.svc.cfg.ChunkHands || cw.bytes >= chunkBytes)) || over {
				if err := cw.end(meta); err != nil {
					return err
				}
				meta = store.ImportChunk{File: name, Format: string(f), FirstLine: line, FirstHand: hands + 1}
			}
			if start && !started {
				started = true
				hands += preambleEntries(f, pre, b)
			}
			if !started && !preOver {
				if len(pre)+len(b) > maxPreamble {
					preOver = true // the lines kept so far stand for it
				} else {
					pre = append(pre, b...)
				}
			}
			if start {
				hands++
				meta.Hands++
			}
			if len(b) > 0 {
				if err := cw.write(b); err != nil {
					return err
				}
				lineBytes += len(b)
				midLine = b[len(b)-1] != '\n'
				if !midLine {
					line++
					lineBytes = 0
				}
			}
		}
		switch {
		case err == nil, errors.Is(err, bufio.ErrBufferFull):
		case errors.Is(err, io.EOF):
			if meta.Hands == 0 && meta.FirstLine == 1 {
				meta.Hands = 1 // a file without a header: its reader says why
			}
			return cw.end(meta)
		default:
			return err
		}
	}
}
