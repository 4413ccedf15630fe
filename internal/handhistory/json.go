package handhistory

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/game"
)

// readJSON reads Scoop's canonical JSON: one Hand object, an array of
// them, or JSON Lines (one Hand object per line). Every hand is validated
// (see Validate). Nesting deeper than MaxNesting is found by a linear
// pre-scan before any decoder sees the text: in a JSON Lines file it fails
// that line's hand only, else the whole input. Lines count from first, the
// line data starts on (see Reader.ReadPart).
func readJSON(data []byte, first int) ([]Entry, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, fault.New(fault.Invalid, "no JSON hand in the input")
	}
	lead := len(data) - len(bytes.TrimLeft(data, " \t\r\n"))
	startLine := first + bytes.Count(data[:lead], []byte("\n"))
	deep := jsonNesting(trimmed, startLine)
	if deep != nil && trimmed[0] == '[' {
		return nil, deep
	}
	if deep == nil && json.Valid(trimmed) {
		if trimmed[0] == '[' {
			var raws []json.RawMessage
			if err := json.Unmarshal(trimmed, &raws); err != nil {
				return nil, fault.New(fault.Invalid, "JSON: %v", err)
			}
			out := make([]Entry, 0, min(len(raws), MaxHands+1))
			for k, r := range raws {
				if HandsFull(&out, 0) {
					break
				}
				out = append(out, jsonEntry(k+1, 0, r))
			}
			return out, nil
		}
		if trimmed[0] != '{' {
			return nil, fault.New(fault.Invalid, "JSON: want a hand object, an array of them or JSON Lines")
		}
		return []Entry{jsonEntry(1, startLine, trimmed)}, nil
	}
	// JSON Lines: each non-blank line is one hand.
	var out []Entry
	k := first - 1
	for l := range strings.Lines(string(data)) {
		k++
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		if HandsFull(&out, k) {
			break
		}
		out = append(out, jsonEntry(len(out)+1, k, []byte(l)))
	}
	if len(out) > 0 && out[0].Err != nil && len(out) == 1 {
		return nil, out[0].Err
	}
	return out, nil
}

// jsonEntry reads one hand object, raw, found on line (0 when unknown).
func jsonEntry(index, line int, raw []byte) Entry {
	e := Entry{Index: index, Line: line}
	if err := jsonNesting(raw, line); err != nil {
		var fe *fault.Error
		if errors.As(err, &fe) && line == 0 {
			fe.Line = 0
		}
		e.Err = err
		return e
	}
	var w jsonHand
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	err := dec.Decode(&w)
	if err == nil && dec.InputOffset() < int64(len(bytes.TrimRight(raw, " \t\r\n"))) {
		err = fmt.Errorf("json: data after the hand object at byte %d", dec.InputOffset()+1)
	}
	if err != nil {
		e.Err = jsonError(line, err)
		return e
	}
	h, u := w.hand()
	if err := validate(&h, u); err != nil {
		var fe *fault.Error
		if errors.As(err, &fe) && fe.Line == 0 {
			fe.Line = line
		}
		e.Err = err
		return e
	}
	if h.Format == "" {
		h.Format = string(FormatJSON)
	}
	e.Hand = &h
	return e
}

// jsonHand is what readJSON decodes a hand into: a Hand whose kinds are
// read as strings (the outer fields hide the embedded ones of the same JSON
// name), so that a kind missing, empty or unknown is not an error of the
// decoder, nor a silent zero (game.FixedLimit, game.Ante, game.Fold), but
// one of Validate, in its order, naming the field and the text as written
// (see unread).
type jsonHand struct {
	Hand
	Table   jsonTable    `json:"table"`
	Posts   []jsonPost   `json:"posts,omitempty"`
	Actions []jsonAction `json:"actions"`
}

type jsonTable struct {
	Table
	Structure string `json:"structure"`
}

type jsonPost struct {
	Post
	Kind string `json:"kind"`
}

type jsonAction struct {
	Action
	Kind string `json:"kind"`
}

// hand returns the Hand w holds and the kinds of it that are none of
// game's (their fields left at zero).
func (w *jsonHand) hand() (Hand, *unread) {
	h := w.Hand
	u := &unread{}
	h.Table = w.Table.Table
	if st, err := game.ParseStructure(w.Table.Structure); err == nil {
		h.Table.Structure = st
	} else {
		u.structure = &w.Table.Structure
	}
	if w.Posts != nil {
		h.Posts = make([]Post, len(w.Posts))
		for i, p := range w.Posts {
			h.Posts[i] = p.Post
			if k, err := game.ParsePostKind(p.Kind); err == nil {
				h.Posts[i].Kind = k
			} else {
				u.post(i, p.Kind)
			}
		}
	}
	if w.Actions != nil {
		h.Actions = make([]Action, len(w.Actions))
		for i, a := range w.Actions {
			h.Actions[i] = a.Action
			if k, err := game.ParseActionKind(a.Kind); err == nil {
				h.Actions[i].Kind = k
			} else {
				u.action(i, a.Kind)
			}
		}
	}
	return h, u
}

// unread holds, for a hand read from text, the text of each kind that is
// none of game's, the model's field being left at its zero value: Validate
// then reports the text as written, where it reports an unknown kind
// (validText too, as the text of that field). A nil *unread holds nothing.
type unread struct {
	structure      *string
	posts, actions map[int]string // by index in Hand.Posts, Hand.Actions
}

func (u *unread) post(i int, text string) {
	if u.posts == nil {
		u.posts = map[int]string{}
	}
	u.posts[i] = text
}

func (u *unread) action(i int, text string) {
	if u.actions == nil {
		u.actions = map[int]string{}
	}
	u.actions[i] = text
}

// empty reports whether u holds nothing.
func (u *unread) empty() bool {
	return u == nil || u.structure == nil && len(u.posts) == 0 && len(u.actions) == 0
}

// structureText returns the unread text of the table's structure, if any.
func (u *unread) structureText() (string, bool) {
	if u == nil || u.structure == nil {
		return "", false
	}
	return *u.structure, true
}

// postText and actionText return the unread text of the kind of post or
// action i, if any.
func (u *unread) postText(i int) (string, bool) {
	if u == nil {
		return "", false
	}
	s, ok := u.posts[i]
	return s, ok
}

func (u *unread) actionText(i int) (string, bool) {
	if u == nil {
		return "", false
	}
	s, ok := u.actions[i]
	return s, ok
}

// textProblem checks the unread texts as validText checks the model's
// strings, the structure first, then the posts' and the actions' kinds in
// order; it returns the first bad one's path and what is wrong.
func (u *unread) textProblem() (path, msg string, bad bool) {
	if u.empty() {
		return "", "", false
	}
	if s, ok := u.structureText(); ok {
		if msg := textProblem(s); msg != "" {
			return "table.structure", msg, true
		}
	}
	for _, kinds := range []struct {
		field string
		texts map[int]string
	}{{"posts", u.posts}, {"actions", u.actions}} {
		for _, i := range slices.Sorted(maps.Keys(kinds.texts)) {
			if msg := textProblem(kinds.texts[i]); msg != "" {
				return fmt.Sprintf("%s[%d].kind", kinds.field, i), msg, true
			}
		}
	}
	return "", "", false
}

func jsonError(line int, err error) *fault.Error {
	msg := err.Error()
	var te *json.UnmarshalTypeError
	field := ""
	if errors.As(err, &te) {
		field = modelPath(te.Field)
		msg = fmt.Sprintf("want %s, got JSON %s", wantType(te.Type.String()), te.Value)
	}
	return &fault.Error{Kind: fault.Invalid, Line: line, Field: field, Action: -1, Message: "JSON: " + strings.TrimPrefix(msg, "json: "), Err: err}
}

// modelPath is a decoder's field path in jsonHand as the path in Hand:
// without the names of the embedded structs ("actions.Action.amount" is
// "actions.amount"), which no JSON name of the model is.
func modelPath(field string) string {
	parts := strings.Split(field, ".")
	parts = slices.DeleteFunc(parts, func(p string) bool { return p == "Hand" || p == "Table" || p == "Post" || p == "Action" })
	return strings.Join(parts, ".")
}

// wantType says in the user's words what a JSON value of Go type t is.
func wantType(t string) string {
	switch t {
	case "cards.List":
		return "cards as a string like As2s3dKd"
	case "eval.Game":
		return "a game as a string: omaha-hi or omaha-hilo"
	case "int64", "int":
		return "a whole number"
	case "string":
		return "a string"
	case "bool":
		return "true or false"
	case "[]int64":
		return "an array of whole numbers"
	case "[][]int64":
		return "an array of arrays of whole numbers"
	case "handhistory.jsonHand", "handhistory.jsonTable", "handhistory.Player", "handhistory.jsonPost", "handhistory.jsonAction", "handhistory.Outcome":
		return "an object"
	case "[]handhistory.Player", "[]handhistory.jsonPost", "[]handhistory.jsonAction":
		return "an array of objects"
	}
	return t
}

// MaxChips is the largest amount a hand may carry: a starting stack, a
// post, a bet, a bet size or cap of the table (10^15 chips). Ten players of
// MaxChips each cannot overflow int64 in any sum the engine makes.
const MaxChips int64 = 1_000_000_000_000_000

// Validate checks what a reader must (not betting legality): 2 to 10
// players with distinct names (the verdict's maps are keyed by name),
// starting stacks of 1 to MaxChips chips, amounts of 0 to MaxChips (the
// outcome's 0 to 10*MaxChips, a full table's chips), indexes in range, known kinds, 0 or 4 hole cards, valid cards, outcome
// slices of the right length; every string of the hand (names, ids,
// codes, kinds) valid UTF-8 of at most MaxText bytes with no control
// character. The error is a *fault.Error naming the field: of kind
// Impossible for a hand of more than MaxActions actions (checked first),
// else Invalid.
func Validate(h *Hand) error { return validate(h, nil) }

// validate is Validate of a hand read from text, whose kinds that are
// none of game's u holds.
func validate(h *Hand, u *unread) error {
	if len(h.Actions) > MaxActions {
		return TooManyActions(0, len(h.Actions))
	}
	if err := validText(h, u); err != nil {
		return err
	}
	n := len(h.Players)
	bad := func(field, format string, args ...any) error {
		return fault.Field(fault.Invalid, field, format, args...)
	}
	if n < 2 || n > 10 {
		return bad("players", "%d players; a table seats 2 to 10", n)
	}
	if h.Table.Game != eval.OmahaHi && h.Table.Game != eval.OmahaHiLo {
		return bad("table.game", "unknown game")
	}
	if s, ok := u.structureText(); ok {
		return bad("table.structure", "unknown structure %q (want fixed-limit, pot-limit or no-limit)", s)
	}
	switch h.Table.Structure {
	case game.FixedLimit, game.PotLimit, game.NoLimit:
	default:
		return bad("table.structure", "unknown structure %q (want fixed-limit, pot-limit or no-limit)", h.Table.Structure)
	}
	t := h.Table
	if t.SmallBet < 0 || t.BigBet < 0 || t.MinBet < 0 || t.MaxBets < 0 || t.MaxSeats < 0 {
		return bad("table", "negative bet size, cap or seat count")
	}
	for _, f := range []struct {
		name string
		v    int64
	}{{"table.small_bet", t.SmallBet}, {"table.big_bet", t.BigBet}, {"table.min_bet", t.MinBet}, {"table.max_bets", int64(t.MaxBets)}} {
		if f.v > MaxChips {
			return bad(f.name, "%d exceeds the maximum %d", f.v, MaxChips)
		}
	}
	if h.Button < 0 || h.Button >= n {
		return bad("button", "%d is not a player index (0..%d)", h.Button, n-1)
	}
	for i, p := range h.Players {
		// Field names are built only for an error: Validate runs on every
		// hand every reader reads.
		f := func(sub string) string { return indexed("players", i, sub) }
		if p.Stack <= 0 || p.Stack > MaxChips {
			return bad(f(".stack"), "starting stack %d; a player dealt in has 1 to %d chips", p.Stack, MaxChips)
		}
		for j := range i {
			if displayName(h, j) == displayName(h, i) {
				return bad(f(".name"), "%q is also the name of players[%d]; names must differ", displayName(h, i), j)
			}
		}
		if len(p.Hole) != 0 && len(p.Hole) != 4 {
			return bad(f(".hole"), "%d hole cards; Omaha deals 4", len(p.Hole))
		}
		if c, found := invalidCard(p.Hole); found {
			return fault.Field(fault.Invalid, f(".hole"), "invalid card value %d", uint8(c))
		}
	}
	if h.AddedToPot < 0 || h.AddedToPot > MaxChips {
		return bad("added_to_pot", "%d; want 0 to %d", h.AddedToPot, MaxChips)
	}
	for i, p := range h.Posts {
		f := func(sub string) string { return indexed("posts", i, sub) }
		if p.Player < 0 || p.Player >= n {
			return bad(f(".player"), "%d is not a player index (0..%d)", p.Player, n-1)
		}
		if s, ok := u.postText(i); ok {
			return bad(f(".kind"), "unknown post kind %q", s)
		}
		switch p.Kind {
		case game.Ante, game.SmallBlind, game.BigBlind, game.Straddle, game.Dead:
		default:
			return bad(f(".kind"), "unknown post kind %q", p.Kind.Code())
		}
		if p.Amount < 0 || p.Amount > MaxChips {
			return bad(f(".amount"), "amount %d; want 0 to %d", p.Amount, MaxChips)
		}
	}
	for i, a := range h.Actions {
		f := func(sub string) string { return indexed("actions", i, sub) }
		if s, ok := u.actionText(i); ok {
			return &fault.Error{Kind: fault.Invalid, Field: f(".kind"), Action: i, Message: fmt.Sprintf("unknown action kind %q", s)}
		}
		switch a.Kind {
		case game.Fold, game.CheckCall, game.Check, game.Call, game.BetRaise, game.Show, game.Muck, game.DealHole:
			if a.Player < 0 || a.Player >= n {
				return &fault.Error{Kind: fault.Invalid, Field: f(".player"), Action: i, Message: fmt.Sprintf("%d is not a player index (0..%d)", a.Player, n-1)}
			}
		case game.DealBoard:
			if len(a.Cards) == 0 {
				return &fault.Error{Kind: fault.Invalid, Field: f(".cards"), Action: i, Message: "a board deal with no cards"}
			}
		default:
			return &fault.Error{Kind: fault.Invalid, Field: f(".kind"), Action: i, Message: fmt.Sprintf("unknown action kind %q", a.Kind)}
		}
		if a.Amount < 0 || a.Amount > MaxChips || (a.Kind == game.BetRaise && a.Amount == 0) {
			return &fault.Error{Kind: fault.Invalid, Field: f(".amount"), Action: i, Message: fmt.Sprintf("bad amount %d; want 1 to %d", a.Amount, MaxChips)}
		}
		if (a.Kind == game.Show || a.Kind == game.DealHole) && len(a.Cards) != 0 && len(a.Cards) != 4 {
			return &fault.Error{Kind: fault.Invalid, Field: f(".cards"), Action: i, Message: fmt.Sprintf("%d hole cards; Omaha deals 4", len(a.Cards))}
		}
		if c, found := invalidCard(a.Cards); found {
			return fault.Field(fault.Invalid, f(".cards"), "invalid card value %d", uint8(c))
		}
	}
	if o := h.Outcome; o != nil {
		for _, s := range []struct {
			name string
			v    []int64
		}{{"outcome.finishing_stacks", o.FinishingStacks}, {"outcome.collected", o.Collected}} {
			if s.v != nil && len(s.v) != n {
				return bad(s.name, "%d entries for %d players", len(s.v), n)
			}
		}
		if o.Rake < 0 || o.TotalPot < 0 || o.Rake > maxTotal || o.TotalPot > maxTotal {
			return bad("outcome", "rake or total pot out of 0..%d", maxTotal)
		}
		for _, s := range []struct {
			name string
			v    []int64
		}{{"outcome.finishing_stacks", o.FinishingStacks}, {"outcome.collected", o.Collected}, {"outcome.returned", o.Returned}, {"outcome.pots", o.Pots}} {
			for k, x := range s.v {
				if x < 0 || x > maxTotal {
					return bad(fmt.Sprintf("%s[%d]", s.name, k), "%d is out of 0..%d", x, maxTotal)
				}
			}
		}
		for r, run := range o.RunCollected {
			for k, x := range run {
				if x < 0 || x > maxTotal {
					return bad(fmt.Sprintf("outcome.run_collected[%d][%d]", r, k), "%d is out of 0..%d", x, maxTotal)
				}
			}
		}
	}
	return nil
}

// maxTotal bounds an amount of the outcome: every chip of a full table.
const maxTotal = 10 * MaxChips

// displayName is player i's name, or "p1", "p2"... when the record has
// none (as the verdict names them).
func displayName(h *Hand, i int) string {
	if h.Players[i].Name != "" {
		return h.Players[i].Name
	}
	return "p" + strconv.Itoa(i+1)
}

// indexed is the field name of element i of a list, with sub after it:
// indexed("actions", 3, ".amount") is "actions[3].amount".
func indexed(list string, i int, sub string) string {
	return list + "[" + strconv.Itoa(i) + "]" + sub
}

// invalidCard returns the first card of l that is not a card, if any.
func invalidCard(l cards.List) (cards.Card, bool) {
	for _, c := range l {
		if !c.Valid() {
			return c, true
		}
	}
	return 0, false
}
