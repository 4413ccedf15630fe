// Package backfill gives every legal stored hand its analysis (ANALYSIS.md
// A1-A6) without anyone reading it: a Backfiller walks the hands the store
// lists as missing one (store.UnanalyzedHands: none, or one made by an
// older engine), analyses each on one core and saves it
// (store.SaveAnalysis, which also refreshes the hand's player facts).
//
// It imports analysis, handhistory, store and fault; it never imports api.
// The caller decides what a hand's compute costs: Config.Acquire, when
// set, is called before each hand (scoop serve passes the API's admission
// pool, so the backfill is one more client of its expensive lane and never
// starves requests).
package backfill

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/ingest"
	"github.com/scoophq/scoop/internal/store"
)

// Defaults of Config's zero fields.
const (
	DefaultBatch       = 100
	DefaultIdleMin     = time.Second
	DefaultIdleMax     = 5 * time.Minute
	DefaultHandTimeout = time.Minute
)

// SaveBatch is the most analyses Pass saves in one call (Hands): one
// transaction for that many hands instead of one each, and at most that
// many analyses lost when the process dies between them.
const SaveBatch = 120

// Config configures a Backfiller. Zero fields take the defaults.
type Config struct {
	// Store lists the hands and keeps their analyses. Required.
	Store store.Store
	// Acquire, when set, is called before each hand and must return when
	// one core of compute may be used (release gives it back; it is called
	// exactly once) or with an error: ctx's when it is done, any other
	// when the capacity is busy (the hand is tried again after a backoff).
	// Nil: no admission (a command line tool that owns the machine).
	Acquire func(ctx context.Context) (release func(), err error)
	// Logger receives one line per hand that cannot be analysed or saved
	// and per failed pass (default slog.Default()).
	Logger *slog.Logger
	// Registerer, when set, receives the backfill's metrics
	// (scoop_backfill_hands_total by outcome).
	Registerer prometheus.Registerer
	// Batch is the page size of the store listing (default DefaultBatch,
	// at most store.MaxLimit).
	Batch int
	// IdleMin and IdleMax bound Run's sleep when a pass finds nothing to
	// do or fails: it starts at IdleMin and doubles up to IdleMax, and is
	// back to IdleMin after a pass that analysed a hand.
	IdleMin, IdleMax time.Duration
	// Enqueue, when set, makes the Backfiller the sweeper: rather than
	// analysing the hands it finds, it calls Enqueue with each page's
	// hands (Seq and CreatedAt set) for analysis jobs that any worker runs
	// (jobs.Service.EnqueueSweep), and counts the hands it says it
	// enqueued. Enqueue must be idempotent: two sweepers, or two passes,
	// offer the same hands again.
	Enqueue func(ctx context.Context, hands []store.Hand) (int, error)
	// HandTimeout bounds one hand's analysis (default DefaultHandTimeout);
	// a hand past it is counted failed.
	HandTimeout time.Duration
}

// Report counts what a pass did.
type Report struct {
	Analyzed int `json:"analyzed"` // analyses made and saved
	// Skipped are hands whose stored JSON no longer reads, or no longer
	// replays legal under this engine (its verdict stands until scoop
	// reverify): no analysis, listed again by the next pass.
	Skipped int `json:"skipped"`
	// Failed are hands whose analysis failed otherwise (a panic, its
	// timeout) or whose analysis the store refused (the hand is gone, the
	// text cannot be stored).
	Failed int `json:"failed"`
	// Enqueued are hands whose analysis job the sweeper enqueued
	// (Config.Enqueue).
	Enqueued int `json:"enqueued,omitempty"`
	// TimedOut are the hands of Failed that ran past Config.HandTimeout
	// (a loaded machine, most often: worth trying again).
	TimedOut int `json:"timed_out,omitempty"`
}

// Backfiller fills missing analyses. Run it once at a time; its methods
// are not for concurrent use with each other.
type Backfiller struct {
	cfg   Config
	log   *slog.Logger
	hands *prometheus.CounterVec
	// preflop keeps the opponents' statistics (A10) read for a minute,
	// across pages and jobs.
	preflop *store.PreflopCache
}

// The opponents' statistics cache of a Backfiller (store.PreflopCache).
const (
	preflopTTL     = time.Minute
	preflopPlayers = 50_000
)

// Opponents returns the A10 opponents' statistics of a batch of hands
// (an analysis job's, a page's) for Hand, read from the store through the
// Backfiller's cache.
func (b *Backfiller) Opponents(ctx context.Context) *store.OpponentsByAccount {
	return store.NewOpponentsByAccount(ctx, b.cfg.Store, b.preflop)
}

// New checks cfg and returns a Backfiller, its metrics registered.
func New(cfg Config) (*Backfiller, error) {
	if cfg.Store == nil {
		return nil, errors.New("backfill: Config.Store is required")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Batch <= 0 {
		cfg.Batch = DefaultBatch
	}
	cfg.Batch = min(cfg.Batch, store.MaxLimit)
	if cfg.IdleMin <= 0 {
		cfg.IdleMin = DefaultIdleMin
	}
	if cfg.IdleMax <= 0 {
		cfg.IdleMax = DefaultIdleMax
	}
	cfg.IdleMax = max(cfg.IdleMax, cfg.IdleMin)
	if cfg.HandTimeout <= 0 {
		cfg.HandTimeout = DefaultHandTimeout
	}
	b := &Backfiller{cfg: cfg, log: cfg.Logger, preflop: store.NewPreflopCache(preflopTTL, preflopPlayers), hands: prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "scoop_backfill_hands_total",
		Help: "Stored hands the analysis backfill went through, by outcome (analyzed: analysis saved; skipped: the stored hand no longer reads or replays legal; failed: the analysis failed or was not saved).",
	}, []string{"outcome"})}
	for _, o := range []string{"analyzed", "skipped", "failed"} {
		b.hands.WithLabelValues(o) // every series from the start
	}
	if cfg.Registerer != nil {
		if err := cfg.Registerer.Register(b.hands); err != nil {
			return nil, fmt.Errorf("backfill: metrics: %w", err)
		}
	}
	return b, nil
}

// Run fills missing analyses until ctx is done, then returns promptly
// (within the hand in flight, itself canceled). After a pass that
// analysed a hand it starts another at once (new hands may have come);
// after a pass with nothing done, or one the store failed (logged), it
// sleeps with a jittered backoff from IdleMin to IdleMax.
func (b *Backfiller) Run(ctx context.Context) {
	idle := b.cfg.IdleMin
	for {
		rep, err := b.Pass(ctx)
		if ctx.Err() != nil {
			return
		}
		if err != nil {
			b.log.WarnContext(ctx, "backfill pass failed", "err", err.Error(), "cause", fault.Detail(err),
				"analyzed", rep.Analyzed, "retry_in", idle.String())
		}
		if err == nil && rep.Analyzed > 0 && b.cfg.Enqueue == nil {
			idle = b.cfg.IdleMin
			continue
		}
		if !sleep(ctx, idle) {
			return
		}
		idle = min(idle*2, b.cfg.IdleMax)
	}
}

// Pass walks every hand the store lists as missing an analysis by the
// running engine (analysis.EngineVersion) once, in id order by keyset
// pages, and analyses and saves each. A hand that cannot be analysed or
// saved is logged with its id, counted, and passed over. The error is the
// store's (listing failed, or it is unavailable: the report counts the
// hands done before) or a Canceled error when ctx is done.
func (b *Backfiller) Pass(ctx context.Context) (Report, error) {
	var rep Report
	var after int64
	for {
		if err := ctx.Err(); err != nil {
			return rep, canceled(err)
		}
		page, err := b.cfg.Store.UnanalyzedHands(ctx, analysis.EngineVersion, after, b.cfg.Batch)
		if err != nil {
			return rep, err
		}
		if len(page) == 0 {
			return rep, nil
		}
		after = page[len(page)-1].Seq
		if b.cfg.Enqueue != nil {
			// The sweeper: the page's analyses are jobs, worked by
			// whichever worker takes them.
			n, err := b.cfg.Enqueue(ctx, page)
			rep.Enqueued += n
			if err != nil {
				return rep, err
			}
			continue
		}
		opp := b.Opponents(ctx)
		for k := 0; k < len(page); k += SaveBatch {
			if err := b.Hands(ctx, page[k:min(k+SaveBatch, len(page))], opp, &rep); err != nil {
				return rep, err
			}
		}
	}
}

// Hand analyses and saves one stored hand (its Hand JSON and ID), counting
// the outcome in rep: Hands of one hand.
func (b *Backfiller) Hand(ctx context.Context, st store.Hand, opp *store.OpponentsByAccount, rep *Report) error {
	return b.Hands(ctx, []store.Hand{st}, opp, rep)
}

// Hands analyses stored hands (their Hand JSON and ID; at most
// store.MaxLimit) and saves the analyses made in one call
// (store.SaveAnalyses: one transaction, not one a hand), counting each
// outcome in rep: the one analysis of stored hands, the backfill's and the
// analysis jobs'. opp gives the A10 ranges of their unknown opponents from
// their stored statistics (nil: the defaults for everyone); one value over
// a batch of hands reads each opponent once. The analyses made are saved
// even when ctx ends meanwhile (the store's deadline bounds the call): the
// work is not thrown away, and a retry skips them. The error stops the
// caller: ctx done, or the store unavailable (then none of the batch is
// counted analysed).
func (b *Backfiller) Hands(ctx context.Context, hands []store.Hand, opp *store.OpponentsByAccount, rep *Report) error {
	var made []store.AnalysisSave
	var stop error
	for _, st := range hands {
		a, err := b.analyzeStored(ctx, st, opp, rep)
		if err != nil {
			stop = err
			break
		}
		if a == nil {
			continue
		}
		doc, err := json.Marshal(a)
		if err != nil {
			b.count(rep, "failed")
			b.log.ErrorContext(ctx, "backfill: encode analysis", "id", st.ID, "err", err.Error())
			continue
		}
		made = append(made, store.AnalysisSave{ID: st.ID, Version: analysis.EngineVersion, Analysis: doc, Facts: ingest.AdjustedFacts(a)})
	}
	if len(made) == 0 {
		return stop
	}
	errs, err := b.cfg.Store.SaveAnalyses(context.WithoutCancel(ctx), made)
	if err != nil {
		return err
	}
	for i, err := range errs {
		if err != nil {
			// NotFound (a hand deleted since) or Invalid (text the store
			// cannot hold).
			b.count(rep, "failed")
			b.log.WarnContext(ctx, "backfill: analysis not saved", "id", made[i].ID, "err", err.Error())
			continue
		}
		b.count(rep, "analyzed")
	}
	return stop
}

// analyzeStored analyses stored hand st, counting in rep a hand it cannot
// (nil, nil: skipped, failed or timed out, logged); the error is ctx done.
func (b *Backfiller) analyzeStored(ctx context.Context, st store.Hand, opp *store.OpponentsByAccount, rep *Report) (*analysis.Analysis, error) {
	var h handhistory.Hand
	if err := json.Unmarshal(st.Hand, &h); err != nil {
		b.count(rep, "skipped")
		b.log.WarnContext(ctx, "backfill: stored hand does not read", "id", st.ID, "err", err.Error())
		return nil, nil
	}
	release, err := b.acquire(ctx)
	if err != nil {
		return nil, err
	}
	var stats analysis.OpponentStats
	if opp != nil {
		stats = opp.For(st.Account, h.Table.Game.String())
	}
	a, broke, timedOut, err := b.analyze(ctx, &h, stats)
	release()
	if err != nil {
		if ctx.Err() != nil {
			return nil, canceled(ctx.Err())
		}
		// A panic or the hand's timeout is a failure; any other error is
		// the replay's: the hand no longer replays legal.
		outcome := "skipped"
		if broke {
			outcome = "failed"
		}
		if timedOut {
			rep.TimedOut++
		}
		b.count(rep, outcome)
		b.log.WarnContext(ctx, "backfill: hand not analysed", "id", st.ID, "outcome", outcome, "err", err.Error())
		return nil, nil
	}
	return a, nil
}

// acquire waits for one core (Config.Acquire), retrying a busy refusal
// with a jittered backoff from 50ms up to 5s, until granted or ctx is done.
func (b *Backfiller) acquire(ctx context.Context) (func(), error) {
	if b.cfg.Acquire == nil {
		return func() {}, nil
	}
	backoff := 50 * time.Millisecond
	for {
		release, err := b.cfg.Acquire(ctx)
		if err == nil {
			return release, nil
		}
		if ctx.Err() != nil {
			return nil, canceled(ctx.Err())
		}
		if !sleep(ctx, backoff) {
			return nil, canceled(ctx.Err())
		}
		backoff = min(backoff*2, 5*time.Second)
	}
}

// analyze analyses h on one core within HandTimeout (ingest.Analyse).
// broke is true, with the error, when the analysis panicked (logged with
// its stack) or ran past HandTimeout; any other error is the replay's.
func (b *Backfiller) analyze(ctx context.Context, h *handhistory.Hand, opp analysis.OpponentStats) (a *analysis.Analysis, broke, timedOut bool, err error) {
	hctx, cancel := context.WithTimeout(ctx, b.cfg.HandTimeout)
	defer cancel()
	a, err = ingest.Analyse(hctx, h, analysis.Options{OneCore: true, Opponents: opp}, func(_ string, v any, stack []byte) {
		b.log.ErrorContext(ctx, "backfill: analysis panic", "panic", fmt.Sprint(v), "stack", string(stack))
	})
	if err != nil && ctx.Err() == nil && (hctx.Err() != nil || fault.KindOf(err) == fault.Internal) {
		return nil, true, hctx.Err() != nil, err
	}
	return a, false, false, err
}

func (b *Backfiller) count(rep *Report, outcome string) {
	switch outcome {
	case "analyzed":
		rep.Analyzed++
	case "skipped":
		rep.Skipped++
	default:
		rep.Failed++
	}
	b.hands.WithLabelValues(outcome).Inc()
}

func canceled(err error) error {
	return &fault.Error{Kind: fault.Canceled, Action: -1, Message: "backfill stopped: " + err.Error(), Err: err}
}

// sleep waits d, jittered to [d/2, 3d/2), and reports false when ctx
// ended it first.
func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d/2 + rand.N(d))
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}
