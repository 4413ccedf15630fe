package sitetext

import (
	"strings"
	"time"

	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
)

// Game lines, hand ids and times: what several sites write alike.

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

// HeaderTime reads a header's date and time date (spaces around it
// trimmed) in layout, or is the error of line l naming it.
func HeaderTime(l Line, layout, date string) (time.Time, error) {
	t, err := time.Parse(layout, strings.TrimSpace(date))
	if err != nil {
		return time.Time{}, LineError(l.N, "bad date and time %s in the header", Quote(date))
	}
	return t, nil
}

// EasternOffset returns the US Eastern UTC offset ("-04:00" in daylight
// time, else "-05:00") for the wall-clock time t (read as UTC), by the US
// rules: since 2007 from the second Sunday of March to the first Sunday of
// November, 1987-2006 from the first Sunday of April to the last Sunday of
// October, at 2:00. The repeated autumn hour is read as daylight time. It
// needs no time zone database.
func EasternOffset(t time.Time) string {
	y := t.Year()
	var start, end time.Time
	if y >= 2007 {
		start = nthSunday(y, time.March, 2)
		end = nthSunday(y, time.November, 1)
	} else {
		start = nthSunday(y, time.April, 1)
		end = nthSunday(y, time.November, 1).AddDate(0, 0, -7) // the last Sunday of October
	}
	start = start.Add(2 * time.Hour)
	end = end.Add(2 * time.Hour)
	if !t.Before(start) && t.Before(end) {
		return "-04:00"
	}
	return "-05:00"
}

// nthSunday returns midnight (UTC) of the n-th Sunday of month m in y.
func nthSunday(y int, m time.Month, n int) time.Time {
	d := time.Date(y, m, 1, 0, 0, 0, 0, time.UTC)
	d = d.AddDate(0, 0, (7-int(d.Weekday()))%7)
	return d.AddDate(0, 0, 7*(n-1))
}
