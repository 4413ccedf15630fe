package handhistory

// PHH, the Poker Hand History format (TOML; https://phh.readthedocs.io).
//
// Scoop reads the Omaha variants of PHH: "FO/8" (fixed-limit Omaha hi/lo)
// and "PO" (pot-limit Omaha high), and, as Scoop EXTENSIONS for the
// combinations the PHH standard has no code for, "PO/8" (pot-limit Omaha
// hi/lo), "NO/8" (no-limit Omaha hi/lo), "FO" (fixed-limit Omaha high) and
// "NO" (no-limit Omaha high). Other variants are skipped with a reason.
//
// Player order: p1 is the first player left of the button, the last player
// is the button. blinds_or_straddles are posted by p1, p2, p3... in order
// (heads-up they are applied reversed: p2, the button, posts the first
// entry); a single non-zero entry is the big blind, else the first is the
// small blind, the second the big blind and the rest straddles. Actions:
// "d dh pN CARDS" (hole cards; "????????" unknown), "d db CARDS" (board),
// "pN f", "pN cc", "pN cbr AMOUNT" (bet or raise TO), "pN sm CARDS" (show)
// and "pN sm" (muck). A .phhs file holds several hands, each under a
// "[N]" table header. ante_trimming_status, when given, is the table's
// rule for a player all-in on his ante (Table.AnteTrimming, RULES.md R12).
// PHH files written by PokerKit make the others call only what a short
// big blind posted, where R11 makes them call the full blind; the replay
// reports that reading as a difference (package analysis).

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/scoophq/scoop/internal/game"
	"regexp"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/fault"
)

// phhFile is the subset of PHH fields Scoop reads.
type phhFile struct {
	Variant         string   `toml:"variant"`
	Antes           []int64  `toml:"antes"`
	Blinds          []int64  `toml:"blinds_or_straddles"`
	SmallBet        int64    `toml:"small_bet"`
	BigBet          int64    `toml:"big_bet"`
	MinBet          int64    `toml:"min_bet"`
	StartingStacks  []int64  `toml:"starting_stacks"`
	Actions         []string `toml:"actions"`
	Players         []string `toml:"players"`
	Seats           []int    `toml:"seats"`
	SeatCount       int      `toml:"seat_count"`
	FinishingStacks []int64  `toml:"finishing_stacks"`
	Winnings        []int64  `toml:"winnings"`
	Table           string   `toml:"table"`
	Currency        string   `toml:"currency"`
	// AnteTrimming is the file's rule for a player all-in on his ante
	// (Table.AnteTrimming), nil when the file does not give it.
	AnteTrimming *bool `toml:"ante_trimming_status"`

	// Scoop's extension keys ("_scoop_..."; phhwrite.go), for what PHH
	// has no field for.
	phhScoop
}

// phhVariants maps the variant codes Scoop reads to game and structure.
var phhVariants = map[string]struct {
	game      eval.Game
	structure game.Structure
}{
	"FO/8": {eval.OmahaHiLo, game.FixedLimit},
	"PO":   {eval.OmahaHi, game.PotLimit},
	// Scoop extensions: PHH has no code for these.
	"PO/8": {eval.OmahaHiLo, game.PotLimit},
	"NO/8": {eval.OmahaHiLo, game.NoLimit},
	"FO":   {eval.OmahaHi, game.FixedLimit},
	"NO":   {eval.OmahaHi, game.NoLimit},
}

var phhHeader = regexp.MustCompile(`^\s*\[\s*(\d+)\s*\]\s*(#.*)?$`)

// phhSection is one hand's text within a file.
type phhSection struct {
	line int // 1-based line of the section's first body line
	text string
}

// splitPHH splits a .phh or .phhs text, whose first line is the file's
// line first, into hand sections: substrings of text, without copying;
// linear in its length.
func splitPHH(text string, first int) []phhSection {
	var out []phhSection
	from, off, n, start := 0, 0, first-1, first
	headers := false
	for l := range strings.Lines(text) {
		n++
		if t := strings.TrimLeft(l, " \t"); strings.HasPrefix(t, "[") && phhHeader.MatchString(strings.TrimRight(l, "\r\n")) {
			if body := text[from:off]; headers || hasKeys(body) {
				out = append(out, phhSection{start, body})
			}
			if len(out) > MaxHands {
				// readPHH reports the sections past MaxHands as one error.
				return out
			}
			headers = true
			from, start = off+len(l), n+1
		}
		off += len(l)
	}
	if body := text[from:]; headers || hasKeys(body) {
		out = append(out, phhSection{start, body})
	}
	return out
}

// hasKeys reports whether text has a line that is neither blank nor a
// comment.
func hasKeys(text string) bool {
	for l := range strings.Lines(text) {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			return true
		}
	}
	return false
}

// readPHH reads a .phh (one hand) or .phhs (several) text, its lines
// counted from first (see Reader.ReadPart).
func readPHH(data []byte, first int) ([]Entry, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	text := strings.ReplaceAll(string(data), "\r\n", "\n")
	secs := splitPHH(text, first)
	if len(secs) == 0 {
		return nil, fault.New(fault.Invalid, "no PHH hand in the file")
	}
	entries := make([]Entry, 0, min(len(secs), MaxHands+1))
	for k, sec := range secs {
		if HandsFull(&entries, sec.line) {
			break
		}
		h, u, skip, err := parsePHHSection(sec)
		if err == nil && skip == "" {
			if verr := validate(h, u); verr != nil { // e.g. a starting stack of 0
				err = verr
				if fe, ok := verr.(*fault.Error); ok && fe.Line == 0 {
					fe.Line = sec.line
				}
			}
		}
		entries = append(entries, NewEntry(k+1, sec.line, h, skip, err))
	}
	return entries, nil
}

func phhErr(line int, field, format string, args ...any) *fault.Error {
	return &fault.Error{Kind: fault.Invalid, Line: line, Field: field, Action: -1, Message: fmt.Sprintf(format, args...)}
}

// keyLine returns the 1-based absolute line of the top-level key in the
// section (as the pre-scan found it), or the section's first line.
func (sc *phhScan) keyLine(sec phhSection, key string) int {
	if l, ok := sc.keys[key]; ok {
		return sec.line + l - 1
	}
	return sec.line
}

// parsePHHSection reads one hand. The section is pre-scanned first (see
// scanPHH) so that no hostile nesting, key or array reaches the TOML
// decoder; the work is then linear in the section's length. The kinds of
// Scoop's extension keys that are none of game's are left for Validate
// (see unread).
func parsePHHSection(sec phhSection) (*Hand, *unread, string, error) {
	sc, serr := scanPHH(sec.text)
	if serr != nil {
		serr.Line += sec.line - 1
		return nil, nil, "", serr
	}
	var f phhFile
	if _, err := toml.Decode(sec.text, &f); err != nil {
		return nil, nil, "", phhDecodeError(sec.line, err)
	}
	if f.Variant == "" {
		return nil, nil, "", phhErr(sec.line, "variant", "missing")
	}
	v, ok := phhVariants[f.Variant]
	if !ok {
		return nil, nil, fmt.Sprintf("variant %q is not an Omaha game Scoop plays", Clipped(f.Variant)), nil
	}
	n := len(f.StartingStacks)
	if n < 2 || n > 10 {
		return nil, nil, "", phhErr(sc.keyLine(sec, "starting_stacks"), "starting_stacks", "%d players; a table seats 2 to 10", n)
	}
	for i, s := range f.StartingStacks {
		if s < 0 {
			return nil, nil, "", phhErr(sc.keyLine(sec, "starting_stacks"), fmt.Sprintf("starting_stacks[%d]", i), "negative stack %d", s)
		}
	}
	for _, l := range []struct {
		key string
		vs  []int64
	}{{"antes", f.Antes}, {"blinds_or_straddles", f.Blinds}, {"finishing_stacks", f.FinishingStacks}, {"winnings", f.Winnings}} {
		if l.vs != nil && len(l.vs) != n {
			return nil, nil, "", phhErr(sc.keyLine(sec, l.key), l.key, "%d entries for %d players", len(l.vs), n)
		}
		for i, x := range l.vs {
			if x < 0 && l.key != "finishing_stacks" {
				return nil, nil, "", phhErr(sc.keyLine(sec, l.key), fmt.Sprintf("%s[%d]", l.key, i), "negative amount %d", x)
			}
		}
	}
	if f.Players != nil && len(f.Players) != n {
		return nil, nil, "", phhErr(sc.keyLine(sec, "players"), "players", "%d names for %d players", len(f.Players), n)
	}
	if f.Seats != nil && len(f.Seats) != n {
		return nil, nil, "", phhErr(sc.keyLine(sec, "seats"), "seats", "%d seats for %d players", len(f.Seats), n)
	}
	if f.SmallBet < 0 || f.BigBet < 0 || f.MinBet < 0 {
		return nil, nil, "", phhErr(sec.line, "small_bet", "negative bet size")
	}
	h := &Hand{
		Format:    string(FormatPHH),
		TableName: f.Table,
		Table: Table{
			Game: v.game, Structure: v.structure,
			SmallBet: f.SmallBet, BigBet: f.BigBet, MinBet: f.MinBet,
			Currency: f.Currency, MaxSeats: f.SeatCount,
			AnteTrimming: f.AnteTrimming,
		},
		Button:  n - 1,
		Players: make([]Player, n),
	}
	if h.Table.MaxSeats > 10 || h.Table.MaxSeats < 0 {
		h.Table.MaxSeats = 0
	}
	for i := range h.Players {
		p := &h.Players[i]
		p.Name = fmt.Sprintf("p%d", i+1)
		if f.Players != nil && f.Players[i] != "" {
			p.Name = f.Players[i]
		}
		if f.Seats != nil {
			p.Seat = f.Seats[i]
		}
		p.Stack = f.StartingStacks[i]
	}
	for i, a := range f.Antes {
		if a > 0 {
			h.Posts = append(h.Posts, Post{Player: i, Kind: game.Ante, Amount: a})
		}
	}
	// Blind slots: slot j is posted by p(j+1), reversed heads-up.
	var slots []int
	for j, b := range f.Blinds {
		if b > 0 {
			slots = append(slots, j)
		}
	}
	for k, j := range slots {
		kind := game.Straddle
		switch {
		case len(slots) == 1 || k == 1:
			kind = game.BigBlind
		case k == 0:
			kind = game.SmallBlind
		}
		p := j
		if n == 2 {
			p = 1 - j
		}
		h.Posts = append(h.Posts, Post{Player: p, Kind: kind, Amount: f.Blinds[j]})
	}

	if len(f.Actions) > MaxActions {
		return nil, nil, "", TooManyActions(sc.keyLine(sec, "actions"), len(f.Actions))
	}
	if err := phhActions(sec, &sc, f.Actions, h); err != nil {
		return nil, nil, "", err
	}
	if f.FinishingStacks != nil || f.Winnings != nil {
		h.Outcome = &Outcome{FinishingStacks: f.FinishingStacks, Collected: f.Winnings}
	}

	// Scoop's extension keys (phhwrite.go), last: they replace what the
	// standard fields gave and put the players back in Scoop's order.
	u, err := f.phhScoop.apply(h, func(key string) int { return sc.keyLine(sec, key) })
	if err != nil {
		return nil, nil, "", err
	}
	return h, u, "", nil
}

// phhActions parses the action strings of the section's hand h into
// h.Actions, each error naming the line the action is written on (as the
// pre-scan found it; the actions key's line when it could not tell) and
// its index. Linear in the number of actions.
func phhActions(sec phhSection, sc *phhScan, actions []string, h *Hand) *fault.Error {
	for k, s := range actions {
		line := sc.keyLine(sec, "actions")
		if len(sc.actions) == len(actions) {
			line = sec.line + sc.actions[k] - 1
		}
		a, err := parsePHHAction(s, len(h.Players))
		if err != nil {
			return &fault.Error{Kind: fault.Invalid, Line: line, Action: k, Message: fmt.Sprintf("%q: %s", s, err.Error())}
		}
		if a.Kind == game.DealHole && len(a.Cards) == 4 && h.Players[a.Player].Hole == nil {
			h.Players[a.Player].Hole = a.Cards
		}
		h.Actions = append(h.Actions, a)
	}
	return nil
}

// parsePHHAction reads one PHH action string for a hand of n players.
func parsePHHAction(s string, n int) (Action, error) {
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[:i]
	}
	t := strings.Fields(s)
	if len(t) < 2 {
		return Action{}, errors.New("want an actor and an action")
	}
	player := func(tok string) (int, error) {
		if len(tok) < 2 || tok[0] != 'p' {
			return 0, fmt.Errorf("bad player %q (want p1..p%d)", tok, n)
		}
		k, err := strconv.Atoi(tok[1:])
		if err != nil || k < 1 || k > n {
			return 0, fmt.Errorf("bad player %q (want p1..p%d)", tok, n)
		}
		return k - 1, nil
	}
	if t[0] == "d" {
		switch t[1] {
		case "dh":
			if len(t) < 3 || len(t) > 4 {
				return Action{}, errors.New("want d dh PLAYER CARDS")
			}
			p, err := player(t[2])
			if err != nil {
				return Action{}, err
			}
			a := Action{Player: p, Kind: game.DealHole}
			if len(t) == 4 {
				cs, err := phhCards(t[3])
				if err != nil {
					return Action{}, err
				}
				if cs != nil && len(cs) != 4 {
					return Action{}, fmt.Errorf("%d hole cards; Omaha deals 4", len(cs))
				}
				a.Cards = cs
			}
			return a, nil
		case "db":
			if len(t) != 3 {
				return Action{}, errors.New("want d db CARDS")
			}
			cs, err := phhCards(t[2])
			if err != nil {
				return Action{}, err
			}
			if len(cs) == 0 {
				return Action{}, errors.New("unknown board cards")
			}
			return Action{Player: -1, Kind: game.DealBoard, Cards: cs}, nil
		}
		return Action{}, fmt.Errorf("unknown dealer action %q", t[1])
	}
	p, err := player(t[0])
	if err != nil {
		return Action{}, err
	}
	switch t[1] {
	case "f", "cc":
		if len(t) != 2 {
			return Action{}, fmt.Errorf("%s takes no argument", t[1])
		}
		if t[1] == "f" {
			return Action{Player: p, Kind: game.Fold}, nil
		}
		return Action{Player: p, Kind: game.CheckCall}, nil
	case "cbr":
		if len(t) != 3 {
			return Action{}, errors.New("want cbr AMOUNT")
		}
		amt, err := strconv.ParseInt(t[2], 10, 64)
		if err != nil || amt <= 0 {
			return Action{}, fmt.Errorf("bad amount %q (want a positive whole number of chips)", t[2])
		}
		return Action{Player: p, Kind: game.BetRaise, Amount: amt}, nil
	case "sm":
		if len(t) == 2 {
			return Action{Player: p, Kind: game.Muck}, nil
		}
		if len(t) != 3 {
			return Action{}, errors.New("want sm [CARDS]")
		}
		cs, err := phhCards(t[2])
		if err != nil {
			return Action{}, err
		}
		if cs != nil && len(cs) != 4 {
			return Action{}, fmt.Errorf("shows %d cards; Omaha hands have 4", len(cs))
		}
		return Action{Player: p, Kind: game.Show, Cards: cs}, nil
	case "sd", "pb":
		return Action{}, fmt.Errorf("action %q does not exist in Omaha", t[1])
	}
	return Action{}, fmt.Errorf("unknown action %q", t[1])
}

// phhCards parses PHH cards; any "??" makes the whole group unknown (nil).
func phhCards(s string) (cards.List, error) {
	if strings.Contains(s, "?") {
		if len(s)%2 != 0 || strings.Trim(s, "?") != "" && !validPartial(s) {
			return nil, fmt.Errorf("bad cards %q", s)
		}
		return nil, nil
	}
	cs, err := cards.Parse(s)
	if err != nil {
		return nil, err
	}
	return cs, nil
}

// validPartial reports whether s is pairs that are each a card or "??".
func validPartial(s string) bool {
	for i := 0; i+1 < len(s); i += 2 {
		if s[i:i+2] == "??" {
			continue
		}
		if _, err := cards.Parse(s[i : i+2]); err != nil {
			return false
		}
	}
	return true
}
