// Package stats owns a player's statistics over stored hands (ANALYSIS.md
// S1-S6): the facts each hand gives about each player dealt into it
// (Compute), their sums over a set of hands (Totals) and the report both
// the API and `scoop stats` print (Report). It imports analysis, game,
// handhistory, ranges and fault; never store, api or cmd.
package stats

import (
	"slices"
	"time"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/ranges"
)

// Version identifies the rules by which Compute makes facts: stored facts
// made by an older version are made again (the store keeps it per row;
// 0 means no facts). Version 3 added the starting-hand group and the
// freeroll (migration 00012).
const Version = 3

// Hand is what a hand says about itself for the filters of S1: where,
// what and when it was played.
type Hand struct {
	Site      string
	Game      string // omaha-hi or omaha-hilo
	Structure string // fixed-limit, pot-limit or no-limit
	// BigBlind is the hand's big blind in chips (fixed limit: the small
	// bet), 0 when the hand has none.
	BigBlind int64
	Currency string // "" for tournament or play chips
	ChipUnit string // the chip's value in Currency ("0.01"), "" when unknown
	// Time is the site's start time, nil when not recorded.
	Time *time.Time
	// Kind is the money it is played for (KindOf): Cash, Tournament or
	// Play; Tournament its tournament's number when recorded
	// (TournamentID). With Site, Currency and ChipUnit they make its
	// Ledger (LedgerOf).
	Kind, Tournament string
}

// Facts are one player's facts in one legal hand, the terms of S1-S5.
// Flags are 0 or 1 so that a sum over hands counts them.
type Facts struct {
	Position int    // index in the hand's players
	Name     string // the player's name
	// Seat is his position at the table as trackers name it (SeatName):
	// BTN, SB, BB, UTG, MP or CO.
	Seat string
	// Hole are his hole cards when known, canonical ("As2s3dKd"), else "";
	// HoleIndex their ranges.HandIndex, -1 when unknown.
	Hole      string
	HoleIndex int
	// Group is his hole cards' starting-hand group (HoldingGroup), ""
	// when unknown.
	Group string
	// VPIP: he called or raised preflop (forced bets excluded, S2).
	VPIP int
	// PFR: he raised preflop.
	PFR int
	// ThreeBetChance: preflop he faced exactly one raise with a raise
	// allowed to him; ThreeBet: he then raised.
	ThreeBetChance, ThreeBet int
	// Aggressive and Calls count his postflop bets and raises, and calls
	// (S3's aggression factor).
	Aggressive, Calls int
	// SawFlop: he had not folded when the flop was dealt.
	SawFlop int
	// Showdown: the hand reached a showdown with him not folded;
	// WonShowdown: and he won chips from a pot.
	Showdown, WonShowdown int
	// Scoop, Quartered and LowWon are S4's (hi/lo hands only; 0 in
	// omaha-hi).
	Scoop, Quartered, LowWon int
	// Net is what he won from the pots (after rake) plus his returned
	// uncalled bet minus everything he put in, in chips.
	Net int64
	// AdjustedNet is his all-in adjusted winnings (A5) and AllIn whether
	// the hand qualifies, both from the hand's analysis; nil when the hand
	// has no analysis (yet).
	AdjustedNet *float64
	AllIn       *bool
	// Freeroll is whether he freerolled on some street (A9: the hand's
	// analysis names him in its freeroll list), nil when the hand has no
	// analysis (yet).
	Freeroll *bool
}

// Describe returns what a hand says about itself (see Hand).
func Describe(h *handhistory.Hand) Hand {
	out := Hand{
		Site: h.Site, Game: h.Table.Game.String(), Structure: h.Table.Structure.String(),
		BigBlind: BigBlind(h), Currency: h.Table.Currency, ChipUnit: h.Table.ChipUnit,
		Kind: KindOf(h), Tournament: TournamentID(h),
	}
	if h.Time != "" {
		if t, err := time.Parse(time.RFC3339, h.Time); err == nil {
			t = t.UTC()
			out.Time = &t
		}
	}
	return out
}

// BigBlind is the hand's big blind for S1 in chips: in fixed limit the
// small bet; else the table's minimum bet when given, else the largest big
// blind posted; 0 when there is none.
func BigBlind(h *handhistory.Hand) int64 {
	if h.Table.Structure == game.FixedLimit && h.Table.SmallBet > 0 {
		return h.Table.SmallBet
	}
	if h.Table.MinBet > 0 {
		return h.Table.MinBet
	}
	var bb int64
	for _, p := range h.Posts {
		if p.Kind == game.BigBlind {
			bb = max(bb, p.Amount)
		}
	}
	return bb
}

// Compute returns the facts of every player dealt into a legal hand, in
// the hand's player order: it replays h through the rules engine for the
// betting (S2, S3), reads the showdown, pots and payouts from the hand's
// verdict v (which must be Replay's for h) and the all-in adjusted
// winnings from its analysis a (nil when it has none: AdjustedNet and
// AllIn are then nil). The error is the replay's, for a hand that does not
// replay legal (an illegal hand has no facts). Safe for concurrent use; h,
// v and a are not modified.
func Compute(h *handhistory.Hand, v *analysis.Verdict, a *analysis.Analysis) ([]Facts, error) {
	cfg, err := analysis.Config(h)
	if err != nil {
		return nil, err
	}
	s, err := game.New(cfg)
	if err != nil {
		return nil, err
	}
	n := len(h.Players)
	out := make([]Facts, n)
	button := seatsButton(h)
	for i := range out {
		out[i].Position = i
		out[i].Name = cfg.Names[i]
		out[i].Seat = SeatName(n, (i-button+n)%n)
		out[i].HoleIndex = -1
		if idx, ok := ranges.HandIndex(h.Players[i].Hole); ok {
			out[i].Hole, out[i].HoleIndex = h.Players[i].Hole.String(), idx
			out[i].Group = HoldingGroup(h.Table.Game.String(), h.Players[i].Hole)
		}
	}
	raises := 0 // voluntary raises preflop so far
	sawFlop := false
	for _, act := range h.Actions {
		kind := act.Kind // an unknown one is the engine's error
		p := act.Player
		betting := kind == game.Fold || kind == game.CheckCall || kind == game.Check || kind == game.Call || kind == game.BetRaise
		var owe int64
		var canRaise bool
		acting := betting && p >= 0 && p < n && s.ToAct() == p
		if acting {
			l, _ := s.Legal()
			owe, canRaise = l.Call, l.Raise
		}
		street := s.Street()
		before := int64(0)
		if p >= 0 && p < n {
			before = s.Committed(p)
		}
		if err := s.Apply(game.Action{Player: p, Kind: kind, Amount: act.Amount, Cards: act.Cards, Run: act.Run}); err != nil {
			return nil, err
		}
		if !sawFlop && len(s.Board()) >= 3 {
			sawFlop = true
			for i := range n {
				if !s.Folded(i) {
					out[i].SawFlop = 1
				}
			}
		}
		if !acting {
			continue
		}
		put := s.Committed(p) - before
		f := &out[p]
		raised := kind != game.Fold && put > owe
		if street == game.Preflop && raises == 1 && canRaise {
			f.ThreeBetChance = 1 // a fold facing one raise is a chance too
			if raised {
				f.ThreeBet = 1
			}
		}
		if kind == game.Fold {
			continue
		}
		if street == game.Preflop {
			if put > 0 {
				f.VPIP = 1
			}
			if raised {
				f.PFR = 1
				raises++
			}
			continue
		}
		switch {
		case raised:
			f.Aggressive++
		case put > 0:
			f.Calls++
		}
	}
	inShowdown := map[string]bool{}
	if len(v.ShowdownOrder) >= 2 {
		for _, name := range v.ShowdownOrder {
			inShowdown[name] = true
		}
	}
	hilo := h.Table.Game.String() == "omaha-hilo"
	for i := range out {
		f := &out[i]
		name := f.Name
		var won, returned int64
		if i < len(v.Payouts) {
			won = v.Payouts[i]
		}
		if i < len(v.Returned) {
			returned = v.Returned[i]
		}
		f.Net = won + returned - s.Committed(i)
		if inShowdown[name] {
			f.Showdown = 1
			if won > 0 {
				f.WonShowdown = 1
			}
		}
		if hilo {
			f.Scoop, f.Quartered, f.LowWon = hiLo(v.Pots, name, inShowdown[name])
		}
		if a != nil && i < len(a.Results) {
			adj := a.Results[i].AdjustedNet
			allIn := a.AllIn != nil
			free := slices.Contains(a.Freeroll, name)
			f.AdjustedNet, f.AllIn, f.Freeroll = &adj, &allIn, &free
		}
	}
	return out, nil
}

// seatsButton is the button SeatName counts seats from: the hand's
// button, but heads-up the player who posted the small blind (the button
// posts it, R3), as records differ on which seat they call the button
// heads-up.
func seatsButton(h *handhistory.Hand) int {
	if len(h.Players) == 2 {
		for _, p := range h.Posts {
			if p.Kind == game.SmallBlind && p.Player >= 0 && p.Player < 2 {
				return p.Player
			}
		}
	}
	return h.Button
}

// hiLo returns S4's flags for one player of a hi/lo hand from its pots.
func hiLo(pots []analysis.Pot, name string, showdown bool) (scoop, quartered, low int) {
	all, any := true, false
	for _, p := range pots {
		if p.Lo[name] > 0 {
			low = 1
		}
		halves := []analysis.Shares{p.Lo}
		if len(p.Runs) > 0 { // the runs' lows, each on its own board
			halves = halves[:0]
		}
		for _, r := range p.Runs {
			halves = append(halves, r.Lo)
		}
		for _, lo := range halves {
			if lo[name] > 0 && len(lo) >= 2 {
				quartered = 1
			}
		}
		if !slices.Contains(p.Eligible, name) {
			continue
		}
		any = true
		if p.Hi[name] == 0 || len(p.Hi) != 1 || len(p.Lo) > 1 || (len(p.Lo) == 1 && p.Lo[name] == 0) {
			all = false
		}
	}
	if showdown && any && all {
		scoop = 1
	}
	return scoop, quartered, low
}
