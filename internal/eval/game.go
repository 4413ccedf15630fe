package eval

import "fmt"

// Game is the poker game being evaluated: which halves a pot has.
type Game uint8

// The games Scoop knows (RULES.md, "Games and structures").
const (
	OmahaHi   Game = iota // high only
	OmahaHiLo             // high and 8-or-better low, A-5
)

// String returns the game's code: "omaha-hi" or "omaha-hilo".
func (g Game) String() string {
	switch g {
	case OmahaHi:
		return "omaha-hi"
	case OmahaHiLo:
		return "omaha-hilo"
	}
	return fmt.Sprintf("game(%d)", uint8(g))
}

// HasLow reports whether pots of this game have a low half.
func (g Game) HasLow() bool { return g == OmahaHiLo }

// ParseGame reads a game code ("omaha-hi", "omaha-hilo").
func ParseGame(s string) (Game, error) {
	switch s {
	case "omaha-hi":
		return OmahaHi, nil
	case "omaha-hilo":
		return OmahaHiLo, nil
	}
	return 0, fmt.Errorf("unknown game %q (want omaha-hi or omaha-hilo)", s)
}

// MarshalText encodes the game code.
func (g Game) MarshalText() ([]byte, error) { return []byte(g.String()), nil }

// UnmarshalText parses a game code.
func (g *Game) UnmarshalText(b []byte) error {
	v, err := ParseGame(string(b))
	if err != nil {
		return err
	}
	*g = v
	return nil
}
