package api

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
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
	Index   int               `json:"index"`
	Line    int               `json:"line,omitempty"`
	Status  string            `json:"status"`
	ID      string            `json:"id,omitempty"`
	Created *bool             `json:"created,omitempty"`
	Verdict *analysis.Verdict `json:"verdict,omitempty"`
	Skipped string            `json:"skipped,omitempty"`
	Problem *Problem          `json:"problem,omitempty"`
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
		p := newProblem(r, http.StatusUnprocessableEntity, v.Error.Message)
		p.Type = "urn:scoop:problem:" + fault.Impossible.String()
		if v.Error.Index >= 0 {
			a := v.Error.Index
			p.Action = &a
		}
		p.Player, p.ID, p.Created, p.Verdict = v.Error.Player, res.ID, res.Created, v
		return p, true
	}
	return Problem{}, false
}

// replayAll reads, replays and (keep) stores the posted hands, calling
// release (the compute slot) once the CPU work is done, before storing.
// When it returns false it has answered the request (the body is
// unreadable, or the store failed).
func (s *Server) replayAll(w http.ResponseWriter, r *http.Request, body []byte, keep bool, release func()) (handResults, bool) {
	released := false
	done := func() {
		if !released {
			released = true
			release()
		}
	}
	defer done()
	entries, err := readHands(formatOf(r.Header.Get("Content-Type"), body), body)
	if err != nil {
		s.writeProblem(w, r, err)
		return handResults{}, false
	}
	if len(entries) == 0 {
		s.writeProblem(w, r, fault.New(fault.Invalid, "the body holds no hand"))
		return handResults{}, false
	}
	out := handResults{Hands: make([]handResult, len(entries))}
	// A hand's analysis costs milliseconds (exact preflop equity): stored
	// with the hand for a small body, else computed on its first read.
	read := 0
	for _, e := range entries {
		if e.Hand != nil {
			read++
		}
	}
	analyzeNow := read <= maxInlineAnalyses
	var records []store.Hand
	var recordOf []int // index into out.Hands of each record
	for i, e := range entries {
		res := &out.Hands[i]
		res.Index, res.Line = e.Index, e.Line
		switch {
		case e.Err != nil:
			p := problemFor(r, inputError(e.Err))
			p.Hand, p.Instance, p.RequestID = e.Index, "", ""
			if p.Line == 0 {
				p.Line = e.Line
			}
			v := analysis.FromEntry(e) // unreadable: true, with the line
			res.Problem, res.Verdict, res.Status = &p, &v, statusFailed
			out.Failed++
		case e.Hand == nil:
			res.Skipped, res.Status = e.Skipped, statusSkipped
			if res.Skipped == "" {
				res.Skipped = "no hand"
			}
			out.Skipped++
		default:
			v, err := s.replay(r, e)
			if err != nil {
				p := problemFor(r, err)
				p.Hand, p.Instance, p.RequestID = e.Index, "", ""
				res.Problem, res.Status = &p, statusFailed
				out.Failed++
				continue
			}
			res.Verdict, res.Status = &v, statusReplayed
			out.Read++
			if !keep {
				continue
			}
			// The analysis of a legal hand of a small body is stored with
			// it, in the same transaction; it is CPU work, done under the
			// compute slot.
			rec, err := store.NewHandRecord(e.Hand, &v)
			if analyzeNow {
				rec, err = s.analyzedRecord(r, e.Hand, &v)
			}
			if err != nil {
				s.writeProblem(w, r, err)
				return handResults{}, false
			}
			records = append(records, rec)
			recordOf = append(recordOf, i)
		}
	}
	if out.Failed == len(entries) {
		// Nothing could be read: the request itself is bad.
		p := *out.Hands[0].Problem
		p.Hand = 0
		p.Instance, p.RequestID = r.URL.Path, requestID(r.Context())
		s.sendProblem(w, p)
		return handResults{}, false
	}
	done() // storing is I/O: free the slot for others' replays
	if len(records) > 0 {
		saved, err := s.cfg.Store.SaveHands(r.Context(), records)
		if err != nil {
			s.writeProblem(w, r, err)
			return handResults{}, false
		}
		for j, sv := range saved {
			res := &out.Hands[recordOf[j]]
			if sv.Err != nil {
				// The store refused this hand alone (text it cannot hold).
				p := problemFor(r, sv.Err)
				p.Hand, p.Instance, p.RequestID = res.Index, "", ""
				res.Problem, res.Status = &p, statusFailed
				out.Failed++
				continue
			}
			created := sv.Created
			res.ID, res.Created = sv.ID, &created
			switch {
			case created:
				res.Status = statusStored
				out.Stored++
			case sv.Conflict:
				res.Status = statusConflict
				p := Problem{
					Type: "urn:scoop:problem:conflict", Title: http.StatusText(http.StatusConflict),
					Status: http.StatusConflict, Hand: res.Index, ID: sv.ID,
					Detail: fmt.Sprintf("hand %d: another hand is stored under %s (id %s); this one was not stored",
						res.Index, records[j].NaturalKey, sv.ID),
				}
				res.Problem = &p
				out.Conflicts++
			default:
				res.Status = statusDuplicate
				out.Duplicates++
			}
		}
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

// handSummary is a stored hand in a listing.
type handSummary struct {
	ID         string    `json:"id"`
	Site       string    `json:"site"`
	SiteHandID string    `json:"site_hand_id"`
	Game       string    `json:"game"`
	Legal      bool      `json:"legal"`
	Players    []string  `json:"players"`
	CreatedAt  time.Time `json:"created_at"`
}

func summary(h store.Hand) handSummary {
	players := h.Players
	if players == nil {
		players = []string{}
	}
	return handSummary{ID: h.ID, Site: h.Site, SiteHandID: h.SiteHandID, Game: h.Game, Legal: h.Legal, Players: players, CreatedAt: h.CreatedAt}
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

func (s *Server) listHands(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	query := store.Query{Player: q.Get("player"), Game: q.Get("game"), Cursor: q.Get("cursor")}
	if v := q.Get("legal"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			s.writeProblem(w, r, fault.Field(fault.Invalid, "legal", "want true or false, got %q", v))
			return
		}
		query.Legal = &b
	}
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > store.MaxLimit {
			s.writeProblem(w, r, fault.Field(fault.Invalid, "limit", "want 1 to %d, got %q", store.MaxLimit, v))
			return
		}
		query.Limit = n
	}
	page, err := s.cfg.Store.Hands(r.Context(), query)
	if err != nil {
		s.writeProblem(w, r, err)
		return
	}
	out := struct {
		Hands []handSummary `json:"hands"`
		Next  *string       `json:"next_cursor"`
	}{Hands: make([]handSummary, len(page.Hands))}
	for i, h := range page.Hands {
		out.Hands[i] = summary(h)
	}
	if page.Next != "" {
		out.Next = &page.Next
	}
	s.writeJSON(w, r, http.StatusOK, out)
}
