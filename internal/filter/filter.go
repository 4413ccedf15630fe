// Package filter is the one reading of the hand filters that the API
// (GET /v1/hands, the player endpoints), `scoop stats` and the web pages
// share: one name, one syntax and one meaning for each (Parse). It
// returns a stats.Filter, which the stores answer from their facts rows.
//
// It imports stats, ranges, tags and fault only; never api, store or cmd.
package filter

import (
	"errors"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/ranges"
	"github.com/scoophq/scoop/internal/stats"
	"github.com/scoophq/scoop/internal/tags"
)

// The filter parameters, as the query string and the CLI's flags name
// them.
const (
	Game      = "game"      // omaha-hi or omaha-hilo
	Structure = "structure" // fixed-limit, pot-limit or no-limit
	Site      = "site"      // the site's name as stored (pokerstars, ggpoker...)
	Kind      = "kind"      // cash, tournament or play
	Currency  = "currency"  // a currency code (USD): cash hands in it
	Ledger    = "ledger"    // one ledger's key (stats.Ledger.Key)
	Stakes    = "stakes"    // the big blind in chips (fixed limit: the small bet)
	From      = "from"      // RFC 3339, inclusive, on the time played
	To        = "to"        // RFC 3339, exclusive
	Player    = "player"    // hand listings: hands this player was dealt
	Position  = "position"  // the player's seat: BTN, SB, BB, UTG, MP, CO
	Holding   = "holding"   // the player's hole cards in a range (A2**, AA**, 15%)
	SawFlop   = "saw_flop"  // true or false: the player saw the flop
	Showdown  = "showdown"  // true or false: the player went to showdown
	AllIn     = "allin"     // true or false: a qualifying all-in (A5) of the player's
	Freeroll  = "freeroll"  // true or false: the player freerolled (A9)
	Result    = "result"    // won or lost: the player's net in the hand
	Legal     = "legal"     // true or false: the hand's verdict
	Tag       = "tag"       // one tag (tags.Valid): hands carrying it
)

// Names are the filter parameters Parse reads, in the order help texts
// list them.
var Names = []string{Game, Structure, Site, Kind, Currency, Ledger, Stakes, From, To,
	Player, Position, Holding, SawFlop, Showdown, AllIn, Freeroll, Result, Legal, Tag}

// PlayerNames are the filters that are about one player's part in a hand:
// they need a player (the path's, or the player parameter).
var PlayerNames = []string{Position, Holding, SawFlop, Showdown, AllIn, Freeroll, Result}

// NeedPlayer returns the Invalid error of a filter of f that needs a
// player when player is empty, naming it; nil otherwise.
func NeedPlayer(f stats.Filter, player string) error {
	if player != "" || !f.PlayerFiltered() {
		return nil
	}
	name := Result
	switch {
	case f.Position != "":
		name = Position
	case f.Holding != nil:
		name = Holding
	case f.SawFlop != nil:
		name = SawFlop
	case f.Showdown != nil:
		name = Showdown
	case f.AllIn != nil:
		name = AllIn
	case f.Freeroll != nil:
		name = Freeroll
	}
	return fault.Field(fault.Invalid, name, "%s is about one player's hands: give player too", name)
}

// MaxText is the longest text value a filter takes, in bytes.
const MaxText = 200

// Parse reads the filter parameters of q (others are the caller's) into a
// stats.Filter. A bad value is a fault.Invalid error naming its parameter
// (Field) and saying what is wanted. A parameter given twice is an error
// too: a filter has one value.
func Parse(q url.Values) (stats.Filter, error) {
	var f stats.Filter
	for _, name := range Names {
		vs := q[name]
		if len(vs) == 0 {
			continue
		}
		if len(vs) > 1 {
			return f, fault.Field(fault.Invalid, name, "%s is given %d times; give it once", name, len(vs))
		}
		v := vs[0]
		if v == "" {
			continue
		}
		if len(v) > MaxText {
			return f, fault.Field(fault.Invalid, name, "%s is %d bytes long; at most %d", name, len(v), MaxText)
		}
		if err := set(&f, name, v); err != nil {
			return f, err
		}
	}
	if f.From != nil && f.To != nil && !f.From.Before(*f.To) {
		return f, fault.Field(fault.Invalid, To, "to (%s) must be after from (%s)", f.To.Format(time.RFC3339), f.From.Format(time.RFC3339))
	}
	return f, nil
}

// oneOf checks that v is one of want.
func oneOf(name, v string, want ...string) error {
	if slices.Contains(want, v) {
		return nil
	}
	return fault.Field(fault.Invalid, name, "%s %q: want %s", name, v, strings.Join(want, ", "))
}

// set parses one non-empty value.
func set(f *stats.Filter, name, v string) error {
	switch name {
	case Game:
		f.Game = v
		return oneOf(name, v, "omaha-hi", "omaha-hilo")
	case Structure:
		f.Structure = v
		return oneOf(name, v, "fixed-limit", "pot-limit", "no-limit")
	case Site:
		f.Site = v
	case Kind:
		f.Kind = v
		return oneOf(name, v, stats.Cash, stats.Tournament, stats.Play)
	case Currency:
		c := strings.ToUpper(v)
		if len(c) != 3 || strings.Trim(c, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") != "" {
			return fault.Field(fault.Invalid, name, "currency %q: want a three-letter currency code such as USD or EUR", v)
		}
		f.Currency = c
	case Ledger:
		if _, ok := stats.ParseLedger(v); !ok {
			return fault.Field(fault.Invalid, name, "ledger %q: want a ledger's key as the statistics give it (cash/USD/0.01, tournament/pokerstars/7817460, play)", v)
		}
		f.Ledger = v
	case Stakes:
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 1 {
			return fault.Field(fault.Invalid, name, "stakes %q: want the big blind in chips, a positive integer", v)
		}
		f.Stakes = n
	case Player:
		f.Player = v
	case Position:
		p := strings.ToUpper(v)
		f.Position = p
		return oneOf(name, p, stats.Seats...)
	case Holding:
		r, err := ranges.Parse(v)
		if err != nil {
			msg := err.Error()
			var fe *fault.Error
			if errors.As(err, &fe) {
				msg = fe.Message
			}
			return fault.Field(fault.Invalid, name, "holding %q: %s (a range in Scoop's syntax, e.g. A2**, AA**, 15%%)", v, msg)
		}
		f.Holding, f.HoldingText = r, v
	case SawFlop, Showdown, AllIn, Freeroll, Legal:
		var b bool
		switch v {
		case "true":
			b = true
		case "false":
		default:
			return fault.Field(fault.Invalid, name, "%s %q: want true or false", name, v)
		}
		*map[string]**bool{SawFlop: &f.SawFlop, Showdown: &f.Showdown, AllIn: &f.AllIn, Freeroll: &f.Freeroll, Legal: &f.Legal}[name] = &b
	case Result:
		f.Result = v
		return oneOf(name, v, stats.Won, stats.Lost)
	case Tag:
		f.Tag = v
		return tags.Check(name, v)
	case From, To:
		t, err := time.Parse(time.RFC3339, v)
		if err != nil {
			return fault.Field(fault.Invalid, name, "%s %q: want an RFC 3339 time such as 2026-01-31T00:00:00Z", name, v)
		}
		t = t.UTC()
		if name == From {
			f.From = &t
		} else {
			f.To = &t
		}
	}
	return nil
}

// Values is f as query parameters, the inverse of Parse: what a page puts
// in its URL and a link to the same hands carries.
func Values(f stats.Filter) url.Values {
	q := url.Values{}
	add := func(k, v string) {
		if v != "" {
			q.Set(k, v)
		}
	}
	add(Game, f.Game)
	add(Structure, f.Structure)
	add(Site, f.Site)
	add(Kind, f.Kind)
	add(Currency, f.Currency)
	add(Ledger, f.Ledger)
	if f.Stakes != 0 {
		q.Set(Stakes, strconv.FormatInt(f.Stakes, 10))
	}
	if f.From != nil {
		q.Set(From, f.From.Format(time.RFC3339Nano))
	}
	if f.To != nil {
		q.Set(To, f.To.Format(time.RFC3339Nano))
	}
	add(Player, f.Player)
	add(Position, f.Position)
	add(Holding, f.HoldingText)
	for name, b := range map[string]*bool{SawFlop: f.SawFlop, Showdown: f.Showdown, AllIn: f.AllIn, Freeroll: f.Freeroll, Legal: f.Legal} {
		if b != nil {
			q.Set(name, strconv.FormatBool(*b))
		}
	}
	add(Result, f.Result)
	add(Tag, f.Tag)
	return q
}
