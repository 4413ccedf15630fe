package sitetext

import (
	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
)

// Game lines and hand ids: what several sites write alike (times and
// table sizes: clock.go).

// GameSpec is a hand's game as a site's game line (or iPoker's
// <gametype>) gives it: the game, the structure, the stakes (small and big
// blind, or fixed-limit small and big bet, in chip units) when the line
// has them, and the chip units per currency unit.
type GameSpec struct {
	Game      eval.Game
	Structure game.Structure
	Stakes    [2]int64
	HasStakes bool
	Scale     int64
}

// NotOmaha is the skip reason of a hand of the game named name, which is
// not an Omaha game: "game Razz Limit is not Omaha", the name clipped to
// MaxText (handhistory.Clipped).
func NotOmaha(name string) string {
	return "game " + handhistory.Clipped(name) + " is not Omaha"
}

// SetGame sets the hand's game and structure to what gameOf reads in the
// game name name. For a name gameOf does not know (ok false) it leaves
// the table as it is and returns the skip reason NotOmaha(name); else "".
func (b *Builder) SetGame(name string, gameOf func(name string) (g eval.Game, st game.Structure, ok bool)) (skip string) {
	g, st, ok := gameOf(name)
	if !ok {
		return NotOmaha(name)
	}
	b.Hand.Table.Game, b.Hand.Table.Structure = g, st
	return ""
}

// GameNamed maps a game's name and its betting structure's name onto a
// game and structure, for a reader whose game line names the two apart
// ("Omaha H/L" and "No Limit"): name through the reader's own table games
// (each of its names for a game, as the site writes it), limit through
// StructureOf. ok is false for a name games does not hold (the game is 0)
// or a limit StructureOf does not know (the game is name's).
func GameNamed(games map[string]eval.Game, name, limit string) (g eval.Game, st game.Structure, ok bool) {
	if g, ok = games[name]; !ok {
		return 0, 0, false
	}
	st, ok = StructureOf(limit)
	return g, st, ok
}

// IsHandID reports whether s is a plausible hand id: 1 to 40 letters,
// digits or '-'.
func IsHandID(s string) bool {
	if s == "" || len(s) > 40 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-') {
			return false
		}
	}
	return true
}

// Digits reports whether s is a non-empty string of ASCII digits.
func Digits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
