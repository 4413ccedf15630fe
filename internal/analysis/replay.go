package analysis

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/money"
)

// Config converts a recorded hand's table, players and forced bets into the
// rules engine's configuration: the hand's kinds are the engine's. The
// error, for a structure or post kind that is none of game's (a hand
// Validate did not pass), is a *fault.Error of kind Invalid.
func Config(h *handhistory.Hand) (game.Config, error) {
	if h.Table.Structure > game.NoLimit {
		return game.Config{}, fault.Field(fault.Invalid, "table.structure", "unknown structure %q (want fixed-limit, pot-limit or no-limit)", h.Table.Structure)
	}
	n := len(h.Players)
	cfg := game.Config{
		Game:            h.Table.Game,
		Structure:       h.Table.Structure,
		Stacks:          make([]int64, n),
		Names:           make([]string, n),
		Button:          h.Button,
		SmallBet:        h.Table.SmallBet,
		BigBet:          h.Table.BigBet,
		MinBet:          h.Table.MinBet,
		MaxBets:         h.Table.MaxBets,
		UncappedHeadsUp: h.Table.UncappedHeadsUp,
		NoAnteTrimming:  h.Table.AnteTrimming != nil && !*h.Table.AnteTrimming,
		Added:           h.AddedToPot,
		Posts:           make([]game.Post, 0, len(h.Posts)),
	}
	for i, p := range h.Players {
		cfg.Stacks[i] = p.Stack
		cfg.Names[i] = playerName(h, i)
		if len(p.Hole) > 0 {
			if cfg.Holes == nil {
				cfg.Holes = make([]cards.List, n)
			}
			cfg.Holes[i] = p.Hole
		}
	}
	for k, p := range h.Posts {
		if p.Kind > game.Dead {
			return game.Config{}, fault.Field(fault.Invalid, fmt.Sprintf("posts[%d].kind", k), "unknown post kind %q", p.Kind.Code())
		}
		cfg.Posts = append(cfg.Posts, game.Post{Player: p.Player, Kind: p.Kind, Amount: p.Amount})
	}
	return cfg, nil
}

func playerName(h *handhistory.Hand, i int) string {
	if i >= 0 && i < len(h.Players) && h.Players[i].Name != "" {
		return h.Players[i].Name
	}
	return fmt.Sprintf("p%d", i+1)
}

// checkEvery is how many actions the replay applies between two looks at
// its context: often enough that a hand of MaxActions actions stops within
// microseconds of a cancellation, rarely enough to cost nothing.
const checkEvery = 256

// Replay replays h through the rules engine, settles its pots and compares
// the settlement with the recorded outcome. It never fails: an illegal hand
// is a verdict (Legal false, Error set). File and Hand are left for the
// caller to fill. It is ReplayContext without a context: use
// ReplayContext where a caller may go away.
func Replay(h *handhistory.Hand) Verdict {
	v, _ := ReplayContext(context.Background(), h)
	return v
}

// ReplayContext is Replay honouring ctx: it looks at ctx every checkEvery
// actions and before settling, and when ctx is done it stops and returns
// a *fault.Error of kind Canceled wrapping ctx.Err() (errors.Is finds
// context.Canceled or context.DeadlineExceeded), with the index of the
// next action, and a Verdict that must not be used. Otherwise the error is
// nil and the Verdict is Replay's. Safe for concurrent use on distinct
// hands; h is not modified.
//
// R11 and PokerKit: a PHH file whose blind was posted short (all-in for
// less than the blind) may follow PokerKit's reading, where the others
// call only what the blind posted, not the full blind R11 makes them call.
// When such a file is illegal under R11, or settles otherwise than it
// records, and PokerKit's reading replays it legal and as recorded, the
// verdict says so in a "short_blind" Difference (see Difference) instead
// of calling a well-formed file illegal: the verdict is then PokerKit's
// reading's when R11 finds an illegal action, else R11's.
func ReplayContext(ctx context.Context, h *handhistory.Hand) (Verdict, error) {
	v, err := replay(ctx, h, false)
	if err != nil || h.Format != string(handhistory.FormatPHH) {
		return v, err
	}
	if v.Legal && (v.MatchesRecord == nil || *v.MatchesRecord) {
		return v, nil
	}
	who, posted, blind := shortBlind(h)
	if who < 0 {
		return v, nil
	}
	pk, err := replay(ctx, h, true)
	if err != nil || !pk.Legal || (pk.MatchesRecord != nil && !*pk.MatchesRecord) {
		return v, err
	}
	if !v.Legal {
		v = pk
	}
	if v.MatchesRecord != nil { // a record to compare with: it differs from R11's reading
		no := false
		v.MatchesRecord = &no
	}
	v.Differences = append(v.Differences, Difference{Player: v.Players[who], Field: "short_blind", Recorded: posted, Replayed: blind})
	return v, nil
}

// shortBlind finds the live blind posted short in h (all-in for less than
// its amount) that sets the bet under R11: it returns its player, the
// largest live amount actually posted (what PokerKit makes the others
// call) and the largest live amount named (what R11 makes them call);
// who is -1 when no blind was posted short or it changes no bet.
func shortBlind(h *handhistory.Hand) (who int, posted, blind int64) {
	who = -1
	stack := make([]int64, len(h.Players))
	for i, p := range h.Players {
		stack[i] = p.Stack
	}
	short := -1
	for _, p := range h.Posts {
		if p.Player < 0 || p.Player >= len(stack) {
			return -1, 0, 0
		}
		amt := min(p.Amount, stack[p.Player])
		stack[p.Player] -= amt
		if p.Kind == game.Ante || p.Kind == game.Dead {
			continue
		}
		posted = max(posted, amt)
		if p.Amount > blind {
			blind, short = p.Amount, -1
			if amt < p.Amount {
				short = p.Player
			}
		}
	}
	if short < 0 || posted >= blind {
		return -1, 0, 0
	}
	return short, posted, blind
}

// replay is ReplayContext under R11, or with pokerKitBlinds under
// PokerKit's reading of a blind posted short (game.Config.PostedBlindIsBet).
func replay(ctx context.Context, h *handhistory.Hand, pokerKitBlinds bool) (Verdict, error) {
	stopped := func(at int) error {
		return &fault.Error{Kind: fault.Canceled, Action: at, Message: "replay stopped: " + ctx.Err().Error(), Err: ctx.Err()}
	}
	if ctx.Err() != nil {
		return Verdict{}, stopped(0)
	}
	v := Verdict{
		Game:            h.Table.Game.String(),
		Structure:       h.Table.Structure.String(),
		Players:         make([]string, len(h.Players)),
		Pots:            []Pot{},
		Payouts:         []int64{},
		FinishingStacks: []int64{},
		Differences:     []Difference{},
		Notes:           h.Notes,
	}
	if h.SiteHandID != "" {
		id := h.SiteHandID
		v.ID = &id
	}
	for i := range h.Players {
		v.Players[i] = playerName(h, i)
	}
	v.Board = h.Board().String()
	fail := func(err error) (Verdict, error) {
		v.Legal = false
		v.Error = actionError(h, err)
		return v, nil
	}
	cfg, err := Config(h)
	if err != nil {
		return fail(err)
	}
	cfg.PostedBlindIsBet = pokerKitBlinds
	s, err := game.New(cfg)
	if err != nil {
		return fail(err)
	}
	for i, a := range h.Actions {
		if i%checkEvery == checkEvery-1 && ctx.Err() != nil {
			return Verdict{}, stopped(i)
		}
		if err := s.Apply(game.Action{Player: a.Player, Kind: a.Kind, Amount: a.Amount, Cards: a.Cards, Run: a.Run}); err != nil {
			return fail(err)
		}
	}
	if ctx.Err() != nil {
		return Verdict{}, stopped(len(h.Actions))
	}
	var rake game.Rake
	if o := h.Outcome; o != nil {
		rake = game.Rake{PotsAfter: o.Pots, Total: o.Rake, TotalPot: o.TotalPot}
	}
	st, err := s.Settle(rake)
	if err != nil {
		return fail(err)
	}
	v.Legal = true
	v.Board = s.Board().String()
	if s.Phase() == game.Showdown {
		for _, p := range s.ShowdownOrder() {
			v.ShowdownOrder = append(v.ShowdownOrder, v.Players[p])
		}
	}
	v.Payouts = st.Payouts
	v.Returned = st.Returned
	v.FinishingStacks = st.Finishing
	v.Rake = st.Rake
	for j, b := range st.Boards {
		v.Runs = append(v.Runs, Run{Board: b.String(), Payouts: st.RunPayouts[j]})
	}
	for _, p := range st.Pots {
		vp := Pot{Amount: p.Amount, Rake: p.Rake, Eligible: make([]string, len(p.Eligible)), Hi: v.shares(p.Hi), Lo: v.shares(p.Lo)}
		for j, e := range p.Eligible {
			vp.Eligible[j] = v.Players[e]
		}
		for _, r := range p.Runs {
			vp.Runs = append(vp.Runs, PotRun{Amount: r.Amount, Hi: v.shares(r.Hi), Lo: v.shares(r.Lo)})
		}
		v.Pots = append(v.Pots, vp)
	}
	nameShowdown(&v, h, s, st)
	compare(&v, h.Outcome)
	if note := cardsContradictRecord(&v, money.OfHand(h)); note != "" {
		v.Notes = append(slices.Clip(v.Notes), note) // never into h.Notes' array
	}
	return v, nil
}

// shares maps one half's shares to player names.
func (v *Verdict) shares(sh []game.Share) map[string]int64 {
	m := make(map[string]int64, len(sh))
	for _, x := range sh {
		m[v.Players[x.Player]] += x.Amount
	}
	return m
}

// compare fills MatchesRecord and Differences from the recorded outcome:
// finishing stacks, uncalled bets returned (where the record returns
// some), collected amounts (per run when run more than once), the rake
// and the total pot before rake when recorded (R19: a disagreement is
// reported, never hidden).
func compare(v *Verdict, o *handhistory.Outcome) {
	if o == nil || (o.FinishingStacks == nil && o.Collected == nil && o.TotalPot == 0 && o.Rake == 0) {
		return
	}
	match := true
	// The record gives the rake when it gives a rake or a total pot (a
	// PokerStars summary always says both); pots alone only imply it.
	if (o.Rake != 0 || o.TotalPot != 0) && v.Rake != o.Rake {
		match = false
		v.Differences = append(v.Differences, Difference{Field: "rake", Recorded: o.Rake, Replayed: v.Rake})
	}
	if o.TotalPot != 0 {
		var ours int64
		for _, p := range v.Pots {
			ours += p.Amount
		}
		// As for collected amounts: a record that leaves an uncalled
		// excess in the pot (returns nothing) counts it in its total.
		if ours != o.TotalPot && (o.Returned == nil || ours+sum(v.Returned)-sum(o.Returned) != o.TotalPot) {
			match = false
			v.Differences = append(v.Differences, Difference{Field: "total_pot", Recorded: o.TotalPot, Replayed: ours})
		}
	}
	diff := func(field string, rec, ours []int64) {
		for i := range rec {
			if i >= len(ours) || rec[i] == ours[i] {
				continue
			}
			match = false
			v.Differences = append(v.Differences, Difference{Player: v.Players[i], Field: field, Recorded: rec[i], Replayed: ours[i]})
		}
	}
	diff("finishing_stack", o.FinishingStacks, v.FinishingStacks)
	// The uncalled bets the record returns, per player, against ours. A
	// record that returns nothing to a player is not a difference: old
	// records omit the line (a 2005 hand) and sites leave a walk's excess
	// in the pot; the collected comparison below covers those.
	for i, rec := range o.Returned {
		if rec == 0 || i >= len(v.Returned) || rec == v.Returned[i] {
			continue
		}
		match = false
		v.Differences = append(v.Differences, Difference{Player: v.Players[i], Field: "returned", Recorded: rec, Replayed: v.Returned[i]})
	}
	// Sites differ on whether an uncalled excess (a big blind's walk) is
	// returned or collected, and old records omit the returned line: a
	// player's collected amount matches when it equals our payout, or when
	// collected plus returned equals our payout plus our returned bet.
	for i, rec := range o.Collected {
		if i >= len(v.Payouts) || rec == v.Payouts[i] {
			continue
		}
		if o.Returned != nil && i < len(o.Returned) && i < len(v.Returned) && rec+o.Returned[i] == v.Payouts[i]+v.Returned[i] {
			continue
		}
		match = false
		v.Differences = append(v.Differences, Difference{Player: v.Players[i], Field: "collected", Recorded: rec, Replayed: v.Payouts[i]})
	}
	// A hand run more than once: each run's collected lines against that
	// run's payouts (a record of another number of runs is a difference of
	// the whole hand, reported on the first player).
	if o.RunCollected != nil {
		if len(o.RunCollected) != max(len(v.Runs), 1) {
			match = false
			v.Differences = append(v.Differences, Difference{Field: "runs", Recorded: int64(len(o.RunCollected)), Replayed: int64(max(len(v.Runs), 1))})
		} else {
			for j, rec := range o.RunCollected {
				for i := range rec {
					if len(v.Runs) == 0 || i >= len(v.Runs[j].Payouts) || rec[i] == v.Runs[j].Payouts[i] {
						continue
					}
					match = false
					v.Differences = append(v.Differences, Difference{Player: v.Players[i], Field: "collected", Run: j + 1, Recorded: rec[i], Replayed: v.Runs[j].Payouts[i]})
				}
			}
		}
	}
	v.MatchesRecord = &match
}

func sum(xs []int64) int64 {
	var t int64
	for _, x := range xs {
		t += x
	}
	return t
}

// actionError turns a replay error into the verdict's ActionError: its
// texts' amounts in h's money, their chips in Amount and AllowedChips.
func actionError(h *handhistory.Hand, err error) *ActionError {
	ae := &ActionError{Index: -1, Message: err.Error()}
	var ie *game.IllegalActionError
	var fe *fault.Error
	switch {
	case errors.As(err, &ie):
		// The player's name as it is; what he tried and why in money
		// (the hand's other faults name counts, not amounts).
		// A reason may name players ("out of turn: Incognito 3 is to
		// act"): their names' digits are no amounts.
		m, names := money.OfHand(h), playerNames(h)
		ae.Message = fmt.Sprintf("action %d: %s %s %s", ie.Index, ie.Name, m.Amounts(ie.Tried), m.AmountsBeside(ie.Reason, names))
		ae.Index, ae.Player, ae.Allowed = ie.Index, ie.Name, m.Amounts(ie.Allowed)
		if ie.Index >= 0 && ie.Index < len(h.Actions) {
			ae.Amount = h.Actions[ie.Index].Amount
		}
		if l := ie.Legal; l != nil {
			ae.AllowedChips = &AllowedChips{Check: l.Check, Call: l.Call, Raise: l.Raise, To: l.To}
			if l.Raise {
				ae.AllowedChips.MinTo, ae.AllowedChips.MaxTo = l.MinTo, l.MaxTo
			}
		}
	case errors.As(err, &fe):
		ae.Index = fe.Action
		if fe.Action >= 0 && fe.Action < len(h.Actions) && h.Actions[fe.Action].Player >= 0 {
			ae.Player = playerName(h, h.Actions[fe.Action].Player)
		}
	}
	return ae
}

// playerNames are the names of h's players.
func playerNames(h *handhistory.Hand) []string {
	out := make([]string, len(h.Players))
	for i, p := range h.Players {
		out[i] = p.Name
	}
	return out
}
