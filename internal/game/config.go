package game

import (
	"fmt"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/fault"
)

// Structure is a betting structure (RULES.md "Games and structures").
type Structure uint8

// The betting structures.
const (
	FixedLimit Structure = iota // small bet / big bet, capped rounds (R6)
	PotLimit                    // up to the pot (R7)
	NoLimit                     // up to the whole stack (R8)
)

// structureCodes are the structures' codes, by structure.
var structureCodes = codes[Structure]{"structure", []string{FixedLimit: "fixed-limit", PotLimit: "pot-limit", NoLimit: "no-limit"}}

// String returns the structure's code: fixed-limit, pot-limit or no-limit.
func (s Structure) String() string {
	if c, ok := structureCodes.code(s); ok {
		return c
	}
	return fmt.Sprintf("structure(%d)", uint8(s))
}

// ParseStructure reads a structure code.
func ParseStructure(s string) (Structure, error) {
	v, err := structureCodes.parse(s)
	if err != nil {
		return 0, fmt.Errorf("%w (want fixed-limit, pot-limit or no-limit)", err)
	}
	return v, nil
}

// MarshalText encodes the structure's code (String); a value that is not
// one of the structures is an error.
func (s Structure) MarshalText() ([]byte, error) { return structureCodes.marshal(s) }

// UnmarshalText parses a structure code (see ParseStructure).
func (s *Structure) UnmarshalText(b []byte) error {
	return structureCodes.unmarshal(s, b, ParseStructure)
}

// PostKind is the kind of a forced bet (R3, R4).
type PostKind uint8

// The forced bets.
const (
	Ante       PostKind = iota // dead money, not part of any bet
	SmallBlind                 // live
	BigBlind                   // live; also a big blind posted out of position
	Straddle                   // live, a blind raise; the player left of the last straddle acts first
	Dead                       // dead money that does not count toward calling
)

// String names the post kind.
func (k PostKind) String() string {
	switch k {
	case Ante:
		return "ante"
	case SmallBlind:
		return "small blind"
	case BigBlind:
		return "big blind"
	case Straddle:
		return "straddle"
	case Dead:
		return "dead blind"
	}
	return fmt.Sprintf("post(%d)", uint8(k))
}

// postCodes are the post kinds' codes, by kind: the text of the hand
// model's JSON (openapi.yaml's PostKind) and of PHH's _scoop_posts.
var postCodes = codes[PostKind]{"post kind", []string{Ante: "ante", SmallBlind: "small-blind", BigBlind: "big-blind", Straddle: "straddle", Dead: "dead"}}

// Code returns the post kind's code: ante, small-blind, big-blind, straddle
// or dead (String is its name in words, for messages).
func (k PostKind) Code() string {
	if c, ok := postCodes.code(k); ok {
		return c
	}
	return k.String()
}

// ParsePostKind reads a post kind's code (see Code).
func ParsePostKind(s string) (PostKind, error) { return postCodes.parse(s) }

// MarshalText encodes the post kind's code; a value that is not one of the
// post kinds is an error.
func (k PostKind) MarshalText() ([]byte, error) { return postCodes.marshal(k) }

// UnmarshalText parses a post kind's code (see ParsePostKind).
func (k *PostKind) UnmarshalText(b []byte) error { return postCodes.unmarshal(k, b, ParsePostKind) }

// Post is one forced bet, applied in order before any action.
type Post struct {
	Player int // index in table order
	Kind   PostKind
	Amount int64 // chips; a player shorter than this posts all he has
}

// Config is the table configuration of one hand.
type Config struct {
	Game      eval.Game
	Structure Structure
	// Stacks are the players' chips at the start of the hand, in table
	// order (clockwise). Its length is the number of players, 2 to 10.
	Stacks []int64
	// Names name the players in error messages; missing names are p1, p2...
	Names []string
	// Holes are the hole cards known before the first action, per player
	// (nil or empty when unknown). Optional.
	Holes []cards.List
	// Button is the index of the player on the button (R2).
	Button int
	// Posts are the forced bets in the order posted: antes, blinds,
	// straddles, dead money (R3, R4).
	Posts []Post
	// Added is money the site adds to the pot before the first action, in
	// chips ("Cash Drop to Pot" on GGPoker, "STP added" on Run It Once):
	// no player's. It is dead money in the main pot (R12: every player
	// still in is eligible for it, an all-in player included), counted in
	// the pot for the pot-limit maximum (R7: all chips in all pots) and
	// in Pot, settled with the main pot and never returned to anyone.
	// Zero when the site added nothing; 0 to MaxChips.
	Added int64
	// SmallBet and BigBet are the fixed-limit bet sizes (R6). SmallBet zero
	// means the big blind; BigBet zero means twice SmallBet.
	SmallBet, BigBet int64
	// MinBet is the pot- and no-limit minimum bet (R7, R8); zero means the
	// largest big blind posted (or the largest live post).
	MinBet int64
	// MaxBets is the number of bets allowed per fixed-limit round, a bet and
	// MaxBets-1 raises; zero means 4 (R6).
	MaxBets int
	// ChipUnit is the smallest chip that pots are split in (R18), in chips;
	// zero means 1. Amounts stay whole chips; a pot that is not a multiple
	// of the unit gives the part of a unit to the high half and its first
	// winner.
	ChipUnit int64
	// UncappedHeadsUp lifts the fixed-limit cap when only two players remain
	// in the hand (R6).
	UncappedHeadsUp bool
	// NoAnteTrimming is the table's rule for a player all-in on his ante
	// (R12): false (the rule book's default) cuts him at his ante's amount
	// from each player; true is no such cut: he is eligible for all the
	// dead money in the main pot, like every other all-in player (PHH
	// ante_trimming_status = false).
	NoAnteTrimming bool
	// PostedBlindIsBet makes a blind posted short (all-in for less than
	// its amount) set the bet at what was posted, so that the others call
	// only that: PokerKit's reading, which R11 does not follow (the others
	// must call the full blind). It exists only to explain PHH files that
	// PokerKit wrote; the rules engine's default is R11.
	PostedBlindIsBet bool
}

// MaxPlayers and MinPlayers bound the number of players (R2).
const (
	MinPlayers = 2
	MaxPlayers = 10
)

// MaxChips is the largest amount a Config may carry: a stack, a post, a bet
// size (10^15 chips). With at most MaxPlayers stacks of MaxChips, no sum
// the engine makes (pots, pot-limit maxima) can overflow int64.
const MaxChips int64 = 1_000_000_000_000_000

// name returns the display name of player p.
func (c *Config) name(p int) string {
	if p >= 0 && p < len(c.Names) && c.Names[p] != "" {
		return c.Names[p]
	}
	return fmt.Sprintf("p%d", p+1)
}

// validate checks the configuration; errors are *fault.Error of kind
// Invalid naming the field, or Impossible for blinds posted from the wrong
// seat (see checkBlinds).
func (c *Config) validate() error {
	n := len(c.Stacks)
	if n < MinPlayers || n > MaxPlayers {
		return fault.Field(fault.Invalid, "players", "%d players; a table seats %d to %d", n, MinPlayers, MaxPlayers)
	}
	if c.Game != eval.OmahaHi && c.Game != eval.OmahaHiLo {
		return fault.Field(fault.Invalid, "game", "unknown game %d", c.Game)
	}
	if c.Structure > NoLimit {
		return fault.Field(fault.Invalid, "structure", "unknown structure %d", c.Structure)
	}
	for i, s := range c.Stacks {
		if s <= 0 || s > MaxChips {
			return fault.Field(fault.Invalid, fmt.Sprintf("stacks[%d]", i), "stack %d; a player dealt in has 1 to %d chips", s, MaxChips)
		}
	}
	if c.Button < 0 || c.Button >= n {
		return fault.Field(fault.Invalid, "button", "button %d is not one of the %d players", c.Button, n)
	}
	for i, p := range c.Posts {
		f := fmt.Sprintf("posts[%d]", i)
		if p.Player < 0 || p.Player >= n {
			return fault.Field(fault.Invalid, f, "player %d is not one of the %d players", p.Player, n)
		}
		if p.Amount < 0 || p.Amount > MaxChips {
			return fault.Field(fault.Invalid, f+".amount", "amount %d; want 0 to %d", p.Amount, MaxChips)
		}
		if p.Kind > Dead {
			return fault.Field(fault.Invalid, f, "unknown post kind %d", p.Kind)
		}
	}
	for _, f := range []struct {
		name string
		v    int64
	}{{"added", c.Added}, {"small_bet", c.SmallBet}, {"big_bet", c.BigBet}, {"min_bet", c.MinBet}, {"max_bets", int64(c.MaxBets)}, {"chip_unit", c.ChipUnit}} {
		if f.v < 0 || f.v > MaxChips {
			return fault.Field(fault.Invalid, f.name, "%d; want 0 to %d", f.v, MaxChips)
		}
	}
	return c.checkBlinds()
}

// checkBlinds checks the seats of the blinds (R3, R5): the first
// small-blind post is by the first player left of the button (heads-up, by
// the button), and when there is one, the first big-blind post is by the
// next player after it. Other big-blind posts are out of position (R4:
// players coming in) and any seat may post them.
//
// With no small blind posted, the big blind (the first big-blind poster
// left of the button, as New takes it) is the first player left of the
// button, when the small blind's seat is empty (PokerStars then records no
// small blind and deals only the players present), or the second, when
// the small blind is dead (that seat's player is dealt in and posts
// nothing); heads-up, the player who is not the button. RULES.md names no
// other seat for it.
//
// The error is a *fault.Error of kind Impossible naming the post.
func (c *Config) checkBlinds() error {
	n := len(c.Stacks)
	sb := -1
	for k, p := range c.Posts {
		switch {
		case p.Kind == SmallBlind && sb < 0:
			want := (c.Button + 1) % n
			if n == 2 {
				want = c.Button
			}
			if p.Player != want {
				return fault.Field(fault.Impossible, fmt.Sprintf("posts[%d]", k), "%s posts the small blind, but the small blind is %s's (R3: %s)", c.name(p.Player), c.name(want), sbRule(n))
			}
			sb = p.Player
		case p.Kind == BigBlind && sb >= 0:
			want := (sb + 1) % n
			if p.Player != want {
				return fault.Field(fault.Impossible, fmt.Sprintf("posts[%d]", k), "%s posts the big blind, but the big blind is %s's, the next player after the small blind (R3)", c.name(p.Player), c.name(want))
			}
			return nil
		}
	}
	if sb >= 0 {
		return nil
	}
	for k := 1; k <= n; k++ {
		p := (c.Button + k) % n
		for j, po := range c.Posts {
			if po.Player != p || po.Kind != BigBlind {
				continue
			}
			switch {
			case k == 1 || (k == 2 && n > 2):
				return nil
			case n == 2:
				return fault.Field(fault.Impossible, fmt.Sprintf("posts[%d]", j), "%s posts the big blind, but with no small blind the big blind is %s's (R3: heads-up, the player who is not the button)", c.name(p), c.name((c.Button+1)%n))
			}
			return fault.Field(fault.Impossible, fmt.Sprintf("posts[%d]", j), "%s posts the big blind, but with no small blind the big blind is %s's or %s's (R3)", c.name(p), c.name((c.Button+1)%n), c.name((c.Button+2)%n))
		}
	}
	return nil
}

func sbRule(n int) string {
	if n == 2 {
		return "heads-up, the button posts it"
	}
	return "the first player left of the button posts it"
}
