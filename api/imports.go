package api

import (
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/jobs"
	"github.com/scoophq/scoop/internal/store"
)

// importView is an import as the API shows it (the Import schema).
type importView struct {
	ID             string              `json:"id"`
	State          string              `json:"state"`
	Reason         *string             `json:"reason"`
	Files          int                 `json:"files"`
	Bytes          int64               `json:"bytes"`
	Chunks         int                 `json:"chunks"`
	ChunksFinished int                 `json:"chunks_finished"`
	ChunksFailed   int                 `json:"chunks_failed"`
	HandsExpected  int64               `json:"hands_expected"`
	Counts         importCounts        `json:"counts"`
	Analysis       importAnalysis      `json:"analysis"`
	Progress       importProgress      `json:"progress"`
	Errors         []store.ImportError `json:"errors"`
	CreatedAt      time.Time           `json:"created_at"`
	StartedAt      *time.Time          `json:"started_at"`
	StoredAt       *time.Time          `json:"stored_at"`
	FinishedAt     *time.Time          `json:"finished_at"`
}

type importCounts struct {
	Read       int64            `json:"read"`
	Stored     int64            `json:"stored"`
	Duplicates int64            `json:"duplicates"`
	Conflicts  int64            `json:"conflicts"`
	Legal      int64            `json:"legal"`
	Illegal    int64            `json:"illegal"`
	Unreadable int64            `json:"unreadable"`
	Analysed   int64            `json:"analysed"`
	Skipped    map[string]int64 `json:"skipped"`
}

type importProgress struct {
	Fraction       float64  `json:"fraction"`
	HandsPerSecond float64  `json:"hands_per_second"`
	ETASeconds     *float64 `json:"eta_seconds"`
}

// importAnalysis is the progress of an import's analysis jobs.
type importAnalysis struct {
	Hands          int64   `json:"hands"`
	Analysed       int64   `json:"analysed"`
	Pending        int64   `json:"pending"`
	Failed         int64   `json:"failed"`
	HandsPerSecond float64 `json:"hands_per_second"`
}

func viewImport(im store.Import, now time.Time) importView {
	c := im.Counts
	if c.Skipped == nil {
		c.Skipped = map[string]int64{}
	}
	v := importView{
		ID: im.PublicID, State: im.State, Files: im.Files, Bytes: im.Bytes, Chunks: im.Chunks,
		ChunksFinished: im.ChunksFinished, ChunksFailed: im.ChunksFailed, HandsExpected: im.HandsExpected,
		Counts: importCounts{Read: c.Read, Stored: c.Stored, Duplicates: c.Duplicates, Conflicts: c.Conflicts,
			Legal: c.Legal, Illegal: c.Illegal, Unreadable: c.Unreadable, Analysed: c.Analysed, Skipped: c.Skipped},
		Analysis: importAnalysis{Hands: im.Analysis.Hands, Analysed: im.Analysis.Analysed, Pending: im.Analysis.Pending,
			Failed: im.Analysis.Failed, HandsPerSecond: im.Analysis.Rate()},
		Errors: im.Errors, CreatedAt: im.CreatedAt.UTC(), StartedAt: utc(im.StartedAt), StoredAt: utc(im.FinishedAt),
	}
	// The stored finish is the storing phase's; the import ends with its
	// last analysis part.
	switch {
	case im.State == store.ImportAnalysing:
	case im.FinishedAt != nil && im.Analysis.LastDone.After(*im.FinishedAt):
		v.FinishedAt = utc(&im.Analysis.LastDone)
	default:
		v.FinishedAt = utc(im.FinishedAt)
	}
	if v.Errors == nil {
		v.Errors = []store.ImportError{}
	}
	if im.Reason != "" {
		v.Reason = &im.Reason
	}
	p := jobs.ProgressOf(im, now)
	v.Progress = importProgress{Fraction: p.Fraction, HandsPerSecond: p.HandsPerSec}
	if p.ETA != nil {
		s := p.ETA.Seconds()
		v.Progress.ETASeconds = &s
	}
	return v
}

func utc(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

// imports returns the import service, or answers 503 when the server has
// none.
func (s *Server) imports(w http.ResponseWriter, r *http.Request) (*jobs.Service, bool) {
	if s.cfg.Imports == nil {
		s.writeProblem(w, r, fault.New(fault.Unavailable, "this server runs no import jobs"))
		return nil, false
	}
	return s.cfg.Imports, true
}

// postImport answers POST /v1/imports: the body (one hand-history file,
// or multipart/form-data with several) is streamed into the store in
// chunks of hands, never held whole in memory (the validated middleware
// does not read it: the operation is x-scoop-streamed), and answered 202
// with the import and its Location once stored and its jobs queued. A
// declared length over jobs.MaxUploadBytes is a 413 before any byte is
// read; a body that grows past it, a 413 when it does (nothing of it is
// kept). A file that is not a hand history among others is not an error
// of the request (the import says so in its errors); an upload of no hand
// history at all is a 400 (jobs.Upload.Commit's error), nothing kept.
func (s *Server) postImport(w http.ResponseWriter, r *http.Request) {
	svc, ok := s.imports(w, r)
	if !ok {
		return
	}
	if r.ContentLength > jobs.MaxUploadBytes {
		s.refuseUpload(w, r, jobs.ErrTooLarge)
		return
	}
	body, err := importBody(w, r)
	if err != nil {
		s.refuseUpload(w, r, err)
		return
	}
	// An upload holds jobs.UploadMemory for as long as its body comes:
	// admitted from the request-body budget like any body held in memory,
	// so that uploads left open by slow or stalled clients cannot grow
	// the process (300 stalled uploads held 390 MB before).
	grant, err := s.admit(w, r, s.bodies, "body", jobs.UploadMemory, false)
	if err != nil {
		refuseBody(w)
		s.writeProblem(w, r, err)
		return
	}
	defer grant.Release()
	ctx := r.Context()
	up, err := svc.NewUpload(ctx)
	if err != nil {
		refuseBody(w)
		s.writeProblem(w, r, err)
		return
	}
	if err = addFiles(ctx, up, r, body); err == nil {
		err = up.Commit(ctx)
	}
	if err != nil {
		up.Abort(ctx)
		s.refuseUpload(w, r, err)
		return
	}
	im, err := svc.Import(ctx, up.ID())
	if err != nil {
		s.writeProblem(w, r, err)
		return
	}
	w.Header().Set("Location", "/v1/imports/"+im.PublicID)
	s.writeJSON(w, r, http.StatusAccepted, viewImport(im, time.Now()))
}

// importBody is the body of POST /v1/imports as its files' bytes: bounded
// to jobs.MaxUploadBytes as sent and, gzip, as decoded (its ratio
// bounded by the inflate guard), and read with the server's deadlines
// pushed back as long as bytes keep coming (a client silent for
// uploadIdle is cut). The errors are unsupportedEncoding and gzipError.
func importBody(w http.ResponseWriter, r *http.Request) (io.Reader, error) {
	var body io.Reader = &liveReader{r: http.MaxBytesReader(w, r.Body, jobs.MaxUploadBytes), rc: http.NewResponseController(w)}
	switch e := strings.ToLower(strings.TrimSpace(strings.Join(r.Header.Values("Content-Encoding"), ","))); e {
	case "", "identity":
		return body, nil
	case "gzip", "x-gzip":
		compressed := &countReader{r: body}
		zr, err := gzip.NewReader(compressed)
		if err != nil {
			return nil, gzipError{err}
		}
		// Decoded, the body is bounded too: the files' bytes are counted
		// by the upload, but a multipart preamble and part headers are
		// not (600 KB of gzip made 600 MiB of preamble).
		return http.MaxBytesReader(w, io.NopCloser(newInflateGuard(r.Context(), zr, compressed)), jobs.MaxUploadBytes), nil
	default:
		return nil, unsupportedEncoding(e)
	}
}

// unsupportedEncoding is a Content-Encoding POST /v1/imports does not
// take; gzipError a gzip body whose header does not read.
type (
	unsupportedEncoding string
	gzipError           struct{ err error }
)

func (e unsupportedEncoding) Error() string { return "Content-Encoding " + string(e) }
func (e gzipError) Error() string           { return e.err.Error() }

// errNoFile is a multipart import body without a file.
var errNoFile = errors.New("the multipart body holds no file")

// addFiles adds the files of an import body to up: each part of a
// multipart/form-data body (named by its file or form name; errNoFile
// when there is none), else the body as one file.
func addFiles(ctx context.Context, up *jobs.Upload, r *http.Request, body io.Reader) error {
	ct := r.Header.Get("Content-Type")
	mt, params, _ := mime.ParseMediaType(ct)
	if mt != "multipart/form-data" {
		return up.AddFile(ctx, uploadName(r), ct, body)
	}
	mb := &multipartBound{r: body, up: up}
	mr := multipart.NewReader(mb, params["boundary"])
	files := 0
	for {
		mb.next()
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		name := part.FileName()
		if name == "" {
			name = part.FormName()
		}
		if err := up.AddFile(ctx, name, part.Header.Get("Content-Type"), part); err != nil {
			return err
		}
		files++
	}
	if files == 0 {
		return errNoFile
	}
	return nil
}

// refuseUpload answers an import body refused with err: a 413 for one
// too large (as sent, as decoded, its gzip ratio, or its files), a 415
// for its encoding, a 400 for one that does not read (or holds no
// file), else err's own problem. The connection is closed after it, but
// for a multipart body read to its end without a file.
func (s *Server) refuseUpload(w http.ResponseWriter, r *http.Request, err error) {
	bodyProblem := func(status int, detail string) {
		p := newProblem(r, status, detail)
		p.Field = "body"
		s.sendProblem(w, p)
	}
	if errors.Is(err, errNoFile) {
		bodyProblem(http.StatusBadRequest, err.Error())
		return
	}
	refuseBody(w)
	var mbe *http.MaxBytesError
	var enc unsupportedEncoding
	var gz gzipError
	switch {
	case errors.As(err, &enc):
		p := newProblem(r, http.StatusUnsupportedMediaType, fmt.Sprintf("Content-Encoding %q is not accepted; send the body as is (identity) or gzip", string(enc)))
		p.Field = "Content-Encoding"
		s.sendProblem(w, p)
	case errors.As(err, &gz):
		s.sendProblem(w, newProblem(r, http.StatusBadRequest, "could not read the gzip request body: "+gz.err.Error()))
	case errors.Is(err, jobs.ErrTooLarge) || errors.As(err, &mbe):
		bodyProblem(http.StatusRequestEntityTooLarge, fmt.Sprintf("an import body is at most %d bytes (256 MiB), as sent and decoded", jobs.MaxUploadBytes))
	case errors.Is(err, errInflated):
		bodyProblem(http.StatusRequestEntityTooLarge, fmt.Sprintf("%v: an import's gzip body may expand at most %d times", err, MaxGzipRatio))
	case errors.Is(err, jobs.ErrTooManyFiles):
		bodyProblem(http.StatusRequestEntityTooLarge, err.Error())
	case fault.KindOf(err) == fault.Internal && !isStoreError(err):
		bodyProblem(http.StatusBadRequest, "could not read the request body: "+err.Error())
	default:
		s.writeProblem(w, r, err)
	}
}

// maxPartOverhead bounds what a multipart body holds between two files'
// bytes (a boundary and a part's header, and what the readers' buffers
// hold ahead): the multipart reader takes up to 10 MiB of header per part
// in memory, not counted by the upload's admission (30 uploads of 9 MB
// part headers grew the process by 92 MB).
const maxPartOverhead = 128 << 10

// errPartHeader cuts a multipart body past maxPartOverhead.
var errPartHeader = fmt.Errorf("a part's header is over %d KiB", maxPartOverhead>>10)

// multipartBound reads a multipart body, failing once the bytes read since
// the last part began, less the files' bytes the upload read meanwhile,
// pass maxPartOverhead.
type multipartBound struct {
	r    io.Reader
	up   *jobs.Upload
	n    int64 // bytes read
	base int64 // n less the upload's bytes when the part began
}

// next marks a part's beginning.
func (m *multipartBound) next() { m.base = m.n - m.up.Bytes() }

func (m *multipartBound) Read(p []byte) (int, error) {
	if m.n-m.up.Bytes()-m.base > maxPartOverhead {
		return 0, errPartHeader
	}
	n, err := m.r.Read(p)
	m.n += int64(n)
	return n, err
}

// isStoreError reports whether err is the store's (a *fault.Error), not
// a failure to read the request.
func isStoreError(err error) bool {
	var f *fault.Error
	return errors.As(err, &f)
}

// uploadName is the file name a single-file body gives in its
// Content-Disposition, else "upload".
func uploadName(r *http.Request) string {
	if _, p, err := mime.ParseMediaType(r.Header.Get("Content-Disposition")); err == nil && p["filename"] != "" {
		return p["filename"]
	}
	return "upload"
}

// getImport answers GET /v1/imports/{id}.
func (s *Server) getImport(w http.ResponseWriter, r *http.Request) {
	svc, ok := s.imports(w, r)
	if !ok {
		return
	}
	im, err := svc.Import(r.Context(), chi.URLParam(r, "id"))
	if err != nil {
		s.writeProblem(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, viewImport(im, time.Now()))
}

// cancelImport answers DELETE /v1/imports/{id}.
func (s *Server) cancelImport(w http.ResponseWriter, r *http.Request) {
	svc, ok := s.imports(w, r)
	if !ok {
		return
	}
	im, err := svc.Cancel(r.Context(), chi.URLParam(r, "id"))
	if err != nil {
		s.writeProblem(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, viewImport(im, time.Now()))
}

// listImports answers GET /v1/imports: newest first, keyset pages.
func (s *Server) listImports(w http.ResponseWriter, r *http.Request) {
	svc, ok := s.imports(w, r)
	if !ok {
		return
	}
	q := r.URL.Query()
	limit := 0
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxImportsPage {
			s.writeProblem(w, r, fault.Field(fault.Invalid, "limit", "want 1 to %d, got %q", maxImportsPage, v))
			return
		}
		limit = n
	} else {
		limit = defaultImportsPage
	}
	page, next, err := svc.Imports(r.Context(), q.Get("cursor"), limit)
	if err != nil {
		s.writeProblem(w, r, err)
		return
	}
	out := struct {
		Imports []importView `json:"imports"`
		Next    *string      `json:"next_cursor"`
	}{Imports: make([]importView, len(page))}
	now := time.Now()
	for i, im := range page {
		out.Imports[i] = viewImport(im, now)
	}
	if next != "" {
		out.Next = &next
	}
	s.writeJSON(w, r, http.StatusOK, out)
}

// Pages of GET /v1/imports.
const (
	defaultImportsPage = 20
	maxImportsPage     = 100
)

// uploadIdle is how long an upload may send nothing before it is cut; its
// answer may be written within uploadIdle of its last byte.
var uploadIdle = 60 * time.Second

// minUploadRate is the least average rate, in bytes a second, of an
// upload that has waited uploadIdle in all for its bytes: the idle
// timeout alone let a client sending a byte every few seconds hold an
// upload's admission (jobs.UploadMemory of the body budget) for ever.
// Only the time spent waiting for the client counts, not the time the
// server spends storing what it read.
var minUploadRate int64 = 16 << 10

// errUploadTooSlow cuts an upload slower than minUploadRate.
var errUploadTooSlow = fmt.Errorf("the upload is too slow: under %d bytes a second on average", minUploadRate)

// liveReader pushes the connection's read and write deadlines back to
// uploadIdle from now as the body is read (at most once a second), and
// cuts a body that comes slower than minUploadRate once it has waited
// uploadIdle for it.
type liveReader struct {
	r    io.Reader
	rc   *http.ResponseController
	last time.Time
	n    int64         // bytes read
	wait time.Duration // time spent in r.Read: waiting for the client
}

func (l *liveReader) Read(p []byte) (int, error) {
	now := time.Now()
	if now.Sub(l.last) >= time.Second {
		l.last = now
		l.rc.SetReadDeadline(now.Add(uploadIdle))
		l.rc.SetWriteDeadline(now.Add(uploadIdle))
	}
	n, err := l.r.Read(p)
	l.wait += time.Since(now)
	l.n += int64(n)
	if err == nil && l.wait > uploadIdle && float64(l.n) < l.wait.Seconds()*float64(minUploadRate) {
		return n, errUploadTooSlow
	}
	return n, err
}
