package api

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/ingest"
	"github.com/scoophq/scoop/internal/store"
)

// maxInlineAnalyses is the most hands a POST /v1/hands body may hold for
// their analyses to be computed and stored with them; the analyses of a
// larger body's hands are computed on their first read (GET
// /v1/hands/{id}/analysis), so that an upload of thousands of hands is not
// held for milliseconds of equity per hand.
const maxInlineAnalyses = 8

// Per-hand statuses of POST /v1/hands and /v1/hands/replay.
const (
	statusStored    = "stored"    // newly stored
	statusDuplicate = "duplicate" // the same hand was stored before: its id
	statusConflict  = "conflict"  // another hand holds its natural key: that hand's id; nothing stored
	statusReplayed  = "replayed"  // replayed, not stored (/v1/hands/replay)
	statusSkipped   = "skipped"   // not replayed (another game...)
	statusFailed    = "failed"    // could not be read or replayed: see problem
)

// handResult is one hand of a posted file.
type handResult struct {
	Index int `json:"index"`
	Line  int `json:"line,omitempty"`
	// ActionLine is the line of an illegal hand's offending action in the
	// file as uploaded (ingest.Result.Line), the line scoop replay and
	// scoop import name, when it is found in the text.
	ActionLine int               `json:"action_line,omitempty"`
	Status     string            `json:"status"`
	ID         string            `json:"id,omitempty"`
	Created    *bool             `json:"created,omitempty"`
	Verdict    *analysis.Verdict `json:"verdict,omitempty"`
	Skipped    string            `json:"skipped,omitempty"`
	Problem    *Problem          `json:"problem,omitempty"`
}

// handResults is the answer to POST /v1/hands and /v1/hands/replay.
type handResults struct {
	Hands      []handResult `json:"hands"`
	Read       int          `json:"read"`
	Stored     int          `json:"stored"`
	Duplicates int          `json:"duplicates"`
	Conflicts  int          `json:"conflicts"`
	Skipped    int          `json:"skipped"`
	Failed     int          `json:"failed"`
}

func (s *Server) postHands(w http.ResponseWriter, r *http.Request)   { s.hands(w, r, true) }
func (s *Server) replayHands(w http.ResponseWriter, r *http.Request) { s.hands(w, r, false) }

// hands answers POST /v1/hands (keep) and /v1/hands/replay. Reading and
// replaying hold one core of compute: a body of at most Limits.CheapBytes
// is cheap work, a larger one expensive (429 with Retry-After when none
// frees up within the queue wait).
// A body of several hands answers 200 with a result per hand; a body of
// exactly one hand answers as that hand: 400/422 when it cannot be read,
// 422 (with action, player, verdict and, when kept, id) when it is illegal,
// 409 (with the existing id) when its natural key holds another hand.
func (s *Server) hands(w http.ResponseWriter, r *http.Request, keep bool) {
	body := takeBody(r)
	if int64(len(body)) > s.limits.CheapBytes {
		defer releaseMemory() // refused or answered, its body took the heap
	}
	grant, err := s.admit(w, r, s.compute, "compute", 1, int64(len(body)) <= s.limits.CheapBytes)
	if err != nil {
		s.writeProblem(w, r, err)
		return
	}
	out, ok := s.replayAll(w, r, body, keep, grant.Release)
	if !ok {
		return
	}
	if len(out.Hands) == 1 {
		if p, ok := singleHandProblem(r, out.Hands[0]); ok {
			s.sendProblem(w, p)
			return
		}
	}
	s.writeResults(w, r, out)
}

// memoryRelease is the one scheduled debug.FreeOSMemory of releaseMemory.
var memoryRelease struct {
	mu    sync.Mutex
	timer *time.Timer
}

// releaseMemory gives the heap large uploads used back to the system a
// second after the last of them ends (debug.FreeOSMemory, off the
// request): Go's background scavenger would keep hundreds of MB resident
// for minutes after a flood of 30 MB bodies, and the process's RSS is
// what an operator sizes (issue 25: flat after the flood). Each call
// pushes the one release back to a second from now, so that an upload
// ending while a release is due, or refused after it ran, still gets one.
func releaseMemory() {
	memoryRelease.mu.Lock()
	defer memoryRelease.mu.Unlock()
	if memoryRelease.timer == nil {
		memoryRelease.timer = time.AfterFunc(time.Second, debug.FreeOSMemory)
		return
	}
	memoryRelease.timer.Reset(time.Second) // runs it again if it ran
}

// writeResults streams out as the 200 application/json answer, one hand at
// a time through a small buffer, dropping each result once written: the
// answer to a large upload (some 9 MB for 30 MB of PokerStars text) is
// never held whole in memory. It has no Content-Length.
func (s *Server) writeResults(w http.ResponseWriter, r *http.Request, out handResults) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	bw := bufio.NewWriterSize(w, 64<<10)
	enc := json.NewEncoder(bw)
	bw.WriteString(`{"hands":[`)
	for i := range out.Hands {
		if i > 0 {
			bw.WriteByte(',')
		}
		if err := enc.Encode(&out.Hands[i]); err != nil {
			// Our own values always encode; were one not to, the client
			// gets a truncated body rather than a wrong one.
			s.log.ErrorContext(r.Context(), "encode hand result", "request_id", requestID(r.Context()), "err", err)
			return
		}
		out.Hands[i] = handResult{}
	}
	fmt.Fprintf(bw, `],"read":%d,"stored":%d,"duplicates":%d,"conflicts":%d,"skipped":%d,"failed":%d}`,
		out.Read, out.Stored, out.Duplicates, out.Conflicts, out.Skipped, out.Failed)
	bw.Flush()
}

// singleHandProblem is the problem a one-hand body answers with: its
// conflict (409) or its illegal action (422); ok is false for a hand that
// is legal (or skipped) and stored without conflict.
func singleHandProblem(r *http.Request, res handResult) (Problem, bool) {
	v := res.Verdict
	switch {
	case res.Status == statusFailed && res.Problem != nil:
		// Read and replayed, but refused by the store.
		p := *res.Problem
		p.Instance, p.RequestID, p.Hand = r.URL.Path, requestID(r.Context()), 0
		return p, true
	case res.Status == statusConflict:
		p := *res.Problem
		p.Instance, p.RequestID, p.Hand = r.URL.Path, requestID(r.Context()), 0
		p.Verdict, p.Created = v, res.Created
		return p, true
	case v != nil && v.Error != nil && !v.Unreadable:
		// The verdict's message says its amounts in the site's money; the
		// detail names the action by its line in the body, as the CLI
		// does, not by the engine's index (which is the action member).
		p := newProblem(r, http.StatusUnprocessableEntity, illegalDetail(v))
		p.Type = "urn:scoop:problem:" + fault.Impossible.String()
		if v.Error.Index >= 0 {
			a := v.Error.Index
			p.Action = &a
		}
		p.Player, p.ID, p.Created, p.Verdict = v.Error.Player, res.ID, res.Created, v
		p.Line = v.Line // the offending action's line when found, as the verdict's
		return p, true
	}
	return Problem{}, false
}

// replayAll reads, replays and (keep) stores the posted hands through the
// one pipeline (ingest.Pipeline), in batches stored while the next hands
// replay, so that a large body never holds more than a few batches of
// records; it calls release (the compute slot) once the pipeline is done.
// When it returns false it has answered the request (the body is
// unreadable, or the store failed).
func (s *Server) replayAll(w http.ResponseWriter, r *http.Request, body []byte, keep bool, release func()) (handResults, bool) {
	defer release()
	p := &ingest.Pipeline{
		Analysis: ingest.AnalyseNone, AnalysisOptions: analysis.Options{OneCore: true},
		Streams: storeStreams, OnPanic: s.logPanic(r),
	}
	entries, err := p.Read(ingest.FormatOf(r.Header.Get("Content-Type"), body), body)
	if err != nil {
		s.writeProblem(w, r, err)
		return handResults{}, false
	}
	if len(entries) == 0 {
		s.writeProblem(w, r, fault.New(fault.Invalid, "the body holds no hand"))
		return handResults{}, false
	}
	out := handResults{Hands: make([]handResult, len(entries))}
	if keep {
		p.Store = s.cfg.Store
		// A hand's analysis costs milliseconds (exact preflop equity):
		// stored with the hand for a small body, else left to the
		// analysis jobs (or its first read).
		read := 0
		for _, e := range entries {
			if e.Hand != nil {
				read++
			}
		}
		if read <= maxInlineAnalyses {
			p.Analysis = ingest.AnalyseAll
		}
	}
	text, _, _ := handhistory.Decode(body)
	k, unread := 0, 0 // the next result's place; hands failed before storing
	_, err = p.RunEntries(r.Context(), entries, text, func(x *ingest.Result) {
		out.Hands[k] = handResultOf(r, x)
		k++
		if out.count(x) {
			unread++
		}
	})
	if err != nil {
		s.writeProblem(w, r, err)
		return handResults{}, false
	}
	if unread == len(entries) {
		// Nothing could be read: the request itself is bad.
		p := *out.Hands[0].Problem
		p.Hand = 0
		p.Instance, p.RequestID = r.URL.Path, requestID(r.Context())
		s.sendProblem(w, p)
		return handResults{}, false
	}
	m := s.metrics.handsStored
	if keep {
		m.WithLabelValues("stored").Add(float64(out.Stored))
		m.WithLabelValues("duplicate").Add(float64(out.Duplicates))
		m.WithLabelValues("conflict").Add(float64(out.Conflicts))
	} else {
		m.WithLabelValues("replayed").Add(float64(out.Read))
	}
	m.WithLabelValues("skipped").Add(float64(out.Skipped))
	m.WithLabelValues("failed").Add(float64(out.Failed))
	return out, true
}

// logPanic is the pipeline's OnPanic for request r: the panic and its
// stack to the log, under the request's id.
func (s *Server) logPanic(r *http.Request) func(what string, v any, stack []byte) {
	return func(what string, v any, stack []byte) {
		s.log.ErrorContext(r.Context(), what+" panic", "request_id", requestID(r.Context()),
			"panic", fmt.Sprint(v), "stack", string(stack))
	}
}

// storeStreams is how many SaveHands calls one upload makes at once.
const storeStreams = 2

// handResultOf is the answer's result of one pipeline result: transport
// only, the same for POST /v1/hands, /v1/hands/replay and
// /v1/hands/analyze.
func handResultOf(r *http.Request, x *ingest.Result) handResult {
	res := handResult{Index: x.Index, Line: x.HandLine}
	problem := func(err error) *Problem {
		pr := problemFor(r, err)
		pr.Hand, pr.Instance, pr.RequestID = x.Index, "", ""
		return &pr
	}
	switch x.Kind {
	case ingest.Unreadable:
		pr := problem(inputError(x.Err))
		if pr.Line == 0 {
			pr.Line = x.Line
		}
		res.Problem, res.Verdict, res.Status = pr, x.Verdict, statusFailed
	case ingest.Skipped:
		res.Skipped, res.Status = x.Skipped, statusSkipped
	case ingest.Failed:
		res.Problem, res.Status = problem(x.Err), statusFailed
	default:
		res.Verdict = x.Verdict
		if v := x.Verdict; v != nil && v.Error != nil && !v.Unreadable {
			if x.Line != x.HandLine {
				res.ActionLine = x.Line
			}
		}
	}
	created := x.Kind == ingest.Stored
	switch x.Kind {
	case ingest.Replayed:
		res.Status = statusReplayed
	case ingest.Stored:
		res.Status, res.ID, res.Created = statusStored, x.StoredID, &created
	case ingest.Duplicate:
		res.Status, res.ID, res.Created = statusDuplicate, x.StoredID, &created
	case ingest.Conflict:
		res.Status, res.ID, res.Created = statusConflict, x.StoredID, &created
		res.Problem = &Problem{
			Type: "urn:scoop:problem:conflict", Title: http.StatusText(http.StatusConflict),
			Status: http.StatusConflict, Hand: res.Index, ID: x.StoredID,
			Detail: fmt.Sprintf("hand %d: %s", res.Index, x.Err),
		}
	}
	return res
}

// count counts x in out's totals and reports whether the hand failed
// before it was replayed (unreadable, or its replay panicked). Read is
// every hand found, whatever became of it, as an import's counts and
// scoop import and scoop replay count it (ingest's ImportCounts.Read).
func (out *handResults) count(x *ingest.Result) (unread bool) {
	out.Read++
	switch x.Kind {
	case ingest.Unreadable:
		out.Failed++
		return true
	case ingest.Skipped:
		out.Skipped++
	case ingest.Failed:
		out.Failed++
		if x.Verdict == nil {
			return true // the replay failed
		}
	}
	switch x.Kind {
	case ingest.Stored:
		out.Stored++
	case ingest.Duplicate:
		out.Duplicates++
	case ingest.Conflict:
		out.Conflicts++
	}
	return false
}

// handSummary is a stored hand in a listing.
type handSummary struct {
	ID         string    `json:"id"`
	Site       string    `json:"site"`
	SiteHandID string    `json:"site_hand_id"`
	Game       string    `json:"game"`
	Legal      bool      `json:"legal"`
	Players    []string  `json:"players"`
	CreatedAt  time.Time `json:"created_at"`
	// Tags and Note are the account's (empty for none).
	Tags []string `json:"tags"`
	Note string   `json:"note"`
}

func summary(h store.Hand) handSummary {
	players := h.Players
	if players == nil {
		players = []string{}
	}
	tags := h.Tags
	if tags == nil {
		tags = []string{}
	}
	return handSummary{ID: h.ID, Site: h.Site, SiteHandID: h.SiteHandID, Game: h.Game, Legal: h.Legal, Players: players, CreatedAt: h.CreatedAt, Tags: tags, Note: h.Note}
}

// getHand answers a stored hand as the client's Accept asks (RFC 9110,
// 12.5.1): as JSON, the stored hand with its summary and verdict
// (application/json, also for no Accept or an empty one), or as the hand
// alone in PHH (application/toml; see handhistory.MarshalPHH, read back it
// is the same hand), whichever Accept weighs higher, JSON on a tie; the most
// specific media range counts ("application/*", "*/*" match both). An
// Accept that allows neither is a 406 problem (problem+json, as every
// error): a client that asked for a representation Scoop does not have is
// told so, rather than handed one it said it cannot use.
func (s *Server) getHand(w http.ResponseWriter, r *http.Request) {
	w.Header().Add("Vary", "Accept")
	quality := func(accept, mt string) float64 {
		top, _, _ := strings.Cut(mt, "/")
		best, q := -1, 0.0 // the most specific matching range and its q
		for _, part := range strings.Split(accept, ",") {
			rng, params, _ := strings.Cut(part, ";")
			spec := -1
			switch strings.ToLower(strings.TrimSpace(rng)) {
			case mt:
				spec = 2
			case top + "/*":
				spec = 1
			case "*/*":
				spec = 0
			}
			if spec <= best {
				continue
			}
			best, q = spec, 1
			for _, p := range strings.Split(params, ";") {
				k, v, _ := strings.Cut(p, "=")
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); strings.EqualFold(strings.TrimSpace(k), "q") && err == nil && f >= 0 && f <= 1 {
					q = f
				}
			}
		}
		return q
	}
	asPHH := false
	if accept := strings.Join(r.Header.Values("Accept"), ","); strings.Trim(accept, " \t,") != "" {
		j, t := quality(accept, "application/json"), quality(accept, "application/toml")
		if j == 0 && t == 0 {
			p := newProblem(r, http.StatusNotAcceptable, fmt.Sprintf("Accept %q allows neither application/json nor application/toml (PHH)", clipParam(accept)))
			p.Type = "urn:scoop:problem:not-acceptable"
			s.sendProblem(w, p)
			return
		}
		asPHH = t > j
	}
	h, err := s.cfg.Store.Hand(r.Context(), chi.URLParam(r, "id"))
	if err != nil {
		s.writeProblem(w, r, err)
		return
	}
	if strings.HasPrefix(r.URL.Path, "/v1/shared/") {
		h.Tags, h.Note = nil, "" // the account's own, not the link holder's
	}
	if asPHH {
		var hand handhistory.Hand
		err := json.Unmarshal(h.Hand, &hand)
		var text []byte
		if err == nil {
			text, err = handhistory.MarshalPHH(&hand)
		}
		if err != nil {
			s.writeProblem(w, r, &fault.Error{Kind: fault.Internal, Action: -1, Message: "the stored hand as PHH", Err: err})
			return
		}
		w.Header().Set("Content-Type", "application/toml")
		w.Header().Set("Content-Length", strconv.Itoa(len(text)))
		w.WriteHeader(http.StatusOK)
		w.Write(text)
		return
	}
	s.writeJSON(w, r, http.StatusOK, struct {
		handSummary
		Hand    json.RawMessage `json:"hand"`
		Verdict json.RawMessage `json:"verdict"`
	}{summary(h), h.Hand, h.Verdict})
}

// illegalDetail is the problem detail of an illegal hand: "line 24: Shaun
// J raise to €30.25 is below the pot-limit minimum €37.32 (allowed: fold,
// call €21.82 or raise to €37.32)", without the line when it is not known.
func illegalDetail(v *analysis.Verdict) string {
	msg := v.Error.Explained()
	if v.Line > 0 {
		msg = fmt.Sprintf("line %d: %s", v.Line, msg)
	}
	return msg
}
