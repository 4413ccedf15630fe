package handhistory

// The PHH writer, and the Scoop extension keys it writes and phh.go reads
// back (phhScoop, applied last by parsePHHSection).

import (
	"bytes"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/game"
)

// WritePHH writes h as one PHH hand (TOML; see MarshalPHH).
func WritePHH(w io.Writer, h *Hand) error {
	b, err := MarshalPHH(h)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// WritePHHs writes hands as a .phhs file: each hand under a "[N]" table
// header, N counting from 1, a blank line between hands. Every hand is
// written in memory first (see MarshalPHH): on an error, naming the hand's
// 1-based index, nothing has been written.
func WritePHHs(w io.Writer, hands []*Hand) error {
	var buf bytes.Buffer
	for k, h := range hands {
		b, err := MarshalPHH(h)
		if err != nil {
			return fmt.Errorf("hand %d: %w", k+1, err)
		}
		AppendPHHSection(&buf, k+1, b)
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// AppendPHHSection appends to buf the k-th hand of a .phhs file, phh (as
// MarshalPHH returns it) under its "[k]" header, with a blank line before
// every header but the first.
func AppendPHHSection(buf *bytes.Buffer, k int, phh []byte) {
	if k > 1 {
		buf.WriteByte('\n')
	}
	fmt.Fprintf(buf, "[%d]\n", k)
	buf.Write(phh)
}

// MarshalPHH returns h as the text of one PHH hand, such that reading it
// (Read with FormatPHH) gives back a Hand equal to h in every field, an
// empty list and no list alike (the only difference: an empty Posts,
// Actions, Outcome.Returned... reads back as nil, as Scoop JSON's omitted
// fields do).
//
// The standard PHH fields carry what PHH can say: variant (the PHH codes
// "FO/8" and "PO", and Scoop's "PO/8", "NO/8", "FO", "NO"), antes,
// blinds_or_straddles, small_bet, big_bet, min_bet, starting_stacks,
// actions ("d dh pN CARDS" or "????????", "d db CARDS", "pN f", "pN cc",
// "pN cbr TO", "pN sm CARDS", "pN sm"), players, seats, seat_count, table,
// currency, ante_trimming_status (Table.AnteTrimming, when not nil),
// finishing_stacks and winnings (Outcome.Collected). The players
// are written in PHH's order: p1 is the first player left of the button,
// the button last. Antes are each player's ante posts summed, and
// blinds_or_straddles the small blinds, big blinds and straddles posted,
// each in the slot of its poster (heads-up, reversed, as PHH says); dead
// money is in neither.
//
// What PHH has no field for is written as Scoop extension keys, user-
// defined fields as PHH names them ("_" first; other PHH readers ignore
// them), each only when the standard fields alone would not read back as
// h (README, "Extensions to PHH", lists them):
//
//	_scoop_site, _scoop_site_hand_id   Site and SiteHandID
//	_scoop_format                      Format, the source format, unless "phh"
//	_scoop_tournament                  true for tournament chips
//	_scoop_time                        Time (RFC 3339)
//	_scoop_max_bets                    Table.MaxBets
//	_scoop_uncapped_heads_up           Table.UncappedHeadsUp
//	_scoop_chip_unit                   Table.ChipUnit
//	_scoop_max_seats                   Table.MaxSeats, when seat_count does not give it (above 10)
//	_scoop_button                      Button: the 0-based index of the button in Scoop's
//	                                   player order, when not the last; p1 is then the
//	                                   player at index _scoop_button+1 (mod the players)
//	_scoop_players                     every player's name, when one is "" (PHH's
//	                                   players reads "" as "pN")
//	_scoop_hole_cards                  every player's Hole ("" for none), when the
//	                                   first "d dh" of each does not give it
//	_scoop_posts                       every post, in order, "pN KIND AMOUNT" (KIND: ante,
//	                                   small-blind, big-blind, straddle, dead), when antes
//	                                   and blinds_or_straddles do not give them exactly
//	                                   (dead money, a blind out of position, straddles, the
//	                                   order posted, a post of 0)
//	_scoop_added_to_pot                AddedToPot, the money the site added to the pot
//	                                   (dead money of no player, in the main pot), when not 0
//	_scoop_actions                     one entry per action, "" where the PHH action reads
//	                                   exactly, else the Scoop action: "ACTOR KIND
//	                                   [amount=N] [cards=CARDS] [run=N]" (ACTOR "d" or
//	                                   "pN", KIND an ActionKind: check, call amount=50,
//	                                   check-call amount=50, deal-board cards=7h run=2...)
//	_scoop_outcome                     true: an Outcome is recorded though no other key
//	                                   gives one
//	_scoop_returned, _scoop_run_collected, _scoop_rake, _scoop_total_pot, _scoop_pots
//	                                   the Outcome's Returned, RunCollected, Rake,
//	                                   TotalPot and Pots
//	_scoop_notes                       the hand's Notes (what its reader mended)
//
// Player numbers pN in the extension keys are PHH's. A board deal's actor,
// normally "d", is not a seat and is never renumbered.
//
// h must pass Validate and have at most MaxActions posts; the error is then
// a *fault.Error of kind Invalid. The text is read back before it is
// returned: should it not give h back (a field of the model this writer
// does not know), the error is a *fault.Error of kind Internal naming the
// field, and nothing is returned. Safe for concurrent use.
func MarshalPHH(h *Hand) ([]byte, error) {
	if err := Validate(h); err != nil {
		return nil, err
	}
	if len(h.Posts) > MaxActions {
		return nil, fault.Field(fault.Invalid, "posts", "%d posts; PHH holds at most %d (MaxActions)", len(h.Posts), MaxActions)
	}
	r := phhOrder(h)
	var none phhScoop
	std, err := readOwnPHH(renderPHH(r, &none))
	if err != nil {
		return nil, err
	}
	x := phhExtensions(h, r, std)
	out := renderPHH(r, x)
	back, err := readOwnPHH(out)
	if err != nil {
		return nil, err
	}
	if err := Validate(back); err != nil {
		return nil, fault.New(fault.Internal, "PHH writer: the written hand does not validate: %v", err)
	}
	if path := handDiff(reflect.ValueOf(h).Elem(), reflect.ValueOf(back).Elem(), ""); path != "" {
		return nil, &fault.Error{Kind: fault.Internal, Field: strings.TrimPrefix(path, "."), Action: -1,
			Message: "PHH writer: the field does not read back from PHH (teach MarshalPHH and phhScoop to carry it)"}
	}
	return out, nil
}

// readOwnPHH reads one hand the writer wrote.
func readOwnPHH(text []byte) (*Hand, error) {
	h, u, skip, err := parsePHHSection(phhSection{line: 1, text: string(text)})
	if err == nil && !u.empty() {
		err = validate(h, u)
	}
	if err != nil {
		return nil, &fault.Error{Kind: fault.Internal, Action: -1, Message: "PHH writer: the written hand does not read: " + err.Error(), Err: err}
	}
	if skip != "" {
		return nil, fault.New(fault.Internal, "PHH writer: the written hand is skipped: %s", skip)
	}
	return h, nil
}

// phhVariantCode is the PHH variant of a table (Validate has checked its
// game and structure).
func phhVariantCode(t Table) string {
	for code, v := range phhVariants {
		if v.game == t.Game && v.structure == t.Structure {
			return code
		}
	}
	return ""
}

// phhIndex maps a player index of h to PHH's order (the button last), and
// phhUnindex back; indexes out of 0..n-1 are kept as they are.
func phhIndex(i, button, n int) int {
	if i < 0 || i >= n {
		return i
	}
	return (i - button - 1 + 2*n) % n
}

func phhUnindex(j, button, n int) int {
	if j < 0 || j >= n {
		return j
	}
	return (j + button + 1) % n
}

// phhOrder returns a copy of h with its players in PHH's order, the button
// last, and every player index and per-player list renumbered (see
// rotatePlayers).
func phhOrder(h *Hand) *Hand {
	n := len(h.Players)
	return rotatePlayers(h, n-1, func(i int) int { return phhIndex(i, h.Button, n) })
}

// rotatePlayers returns a copy of h whose player i is h's player at
// index(i)^-1, that is, h's player i moves to index(i), with the button at
// button. Posts, non-board actions and the outcome's per-player lists (of
// exactly one entry per player) follow; a board deal's actor does not.
func rotatePlayers(h *Hand, button int, index func(int) int) *Hand {
	n := len(h.Players)
	r := *h
	r.Button = button
	r.Players = make([]Player, n)
	for i, p := range h.Players {
		r.Players[index(i)] = p
	}
	if h.Posts != nil {
		r.Posts = make([]Post, len(h.Posts))
		for k, p := range h.Posts {
			p.Player = index(p.Player)
			r.Posts[k] = p
		}
	}
	if h.Actions != nil {
		r.Actions = make([]Action, len(h.Actions))
		for k, a := range h.Actions {
			if a.Kind != game.DealBoard {
				a.Player = index(a.Player)
			}
			r.Actions[k] = a
		}
	}
	perPlayer := func(v []int64) []int64 {
		if len(v) != n {
			return v
		}
		out := make([]int64, n)
		for i, x := range v {
			out[index(i)] = x
		}
		return out
	}
	if o := h.Outcome; o != nil {
		c := *o
		c.FinishingStacks = perPlayer(o.FinishingStacks)
		c.Collected = perPlayer(o.Collected)
		c.Returned = perPlayer(o.Returned)
		if o.RunCollected != nil {
			c.RunCollected = make([][]int64, len(o.RunCollected))
			for k, run := range o.RunCollected {
				c.RunCollected[k] = perPlayer(run)
			}
		}
		r.Outcome = &c
	}
	return &r
}

// phhScoop is Scoop's PHH extension keys (see MarshalPHH), embedded in
// phhFile. Each, when present, replaces what the standard fields gave.
type phhScoop struct {
	ScoopSite            *string   `toml:"_scoop_site"`
	ScoopSiteHandID      *string   `toml:"_scoop_site_hand_id"`
	ScoopFormat          *string   `toml:"_scoop_format"`
	ScoopTournament      *bool     `toml:"_scoop_tournament"`
	ScoopTime            *string   `toml:"_scoop_time"`
	ScoopMaxBets         *int      `toml:"_scoop_max_bets"`
	ScoopUncappedHeadsUp *bool     `toml:"_scoop_uncapped_heads_up"`
	ScoopChipUnit        *string   `toml:"_scoop_chip_unit"`
	ScoopMaxSeats        *int      `toml:"_scoop_max_seats"`
	ScoopButton          *int      `toml:"_scoop_button"`
	ScoopPlayers         []string  `toml:"_scoop_players"`
	ScoopHoleCards       []string  `toml:"_scoop_hole_cards"`
	ScoopPosts           []string  `toml:"_scoop_posts"`
	ScoopAddedToPot      *int64    `toml:"_scoop_added_to_pot"`
	ScoopActions         []string  `toml:"_scoop_actions"`
	ScoopOutcome         *bool     `toml:"_scoop_outcome"`
	ScoopReturned        []int64   `toml:"_scoop_returned"`
	ScoopRunCollected    [][]int64 `toml:"_scoop_run_collected"`
	ScoopRake            *int64    `toml:"_scoop_rake"`
	ScoopTotalPot        *int64    `toml:"_scoop_total_pot"`
	ScoopPots            []int64   `toml:"_scoop_pots"`
	ScoopNotes           []string  `toml:"_scoop_notes"`
}

// apply sets on h, as the standard PHH fields read it (players in PHH's
// order), what the extension keys say, and last puts the players back in
// Scoop's order (_scoop_button). line gives the line of a key for errors.
// Amounts, indexes and kinds are left for Validate to judge: the kinds
// that are none of game's are returned (see unread).
func (x *phhScoop) apply(h *Hand, line func(key string) int) (*unread, *fault.Error) {
	n := len(h.Players)
	u := &unread{}
	bad := func(key, format string, args ...any) (*unread, *fault.Error) {
		return nil, phhErr(line(key), key, format, args...)
	}
	set := func(dst *string, v *string) {
		if v != nil {
			*dst = *v
		}
	}
	if x.ScoopNotes != nil {
		h.Notes = x.ScoopNotes
	}
	set(&h.Site, x.ScoopSite)
	set(&h.SiteHandID, x.ScoopSiteHandID)
	set(&h.Format, x.ScoopFormat)
	set(&h.Time, x.ScoopTime)
	set(&h.Table.ChipUnit, x.ScoopChipUnit)
	if x.ScoopTournament != nil {
		h.Tournament = *x.ScoopTournament
	}
	if x.ScoopAddedToPot != nil {
		h.AddedToPot = *x.ScoopAddedToPot
	}
	if x.ScoopMaxBets != nil {
		h.Table.MaxBets = *x.ScoopMaxBets
	}
	if x.ScoopUncappedHeadsUp != nil {
		h.Table.UncappedHeadsUp = *x.ScoopUncappedHeadsUp
	}
	if x.ScoopMaxSeats != nil {
		h.Table.MaxSeats = *x.ScoopMaxSeats
	}
	if x.ScoopPlayers != nil {
		if len(x.ScoopPlayers) != n {
			return bad("_scoop_players", "%d names for %d players", len(x.ScoopPlayers), n)
		}
		for i, name := range x.ScoopPlayers {
			h.Players[i].Name = name
		}
	}
	if x.ScoopHoleCards != nil {
		if len(x.ScoopHoleCards) != n {
			return bad("_scoop_hole_cards", "%d entries for %d players", len(x.ScoopHoleCards), n)
		}
		for i, s := range x.ScoopHoleCards {
			cs, err := cards.Parse(s)
			if err != nil {
				return bad("_scoop_hole_cards", "player %d: %v", i+1, err)
			}
			h.Players[i].Hole = cs
		}
	}
	if x.ScoopPosts != nil {
		h.Posts = make([]Post, len(x.ScoopPosts))
		for k, s := range x.ScoopPosts {
			p, kind, err := parseScoopPost(s)
			if err != nil {
				return bad("_scoop_posts", "post %d %q: %v", k, Clipped(s), err)
			}
			if p.Kind, err = game.ParsePostKind(kind); err != nil {
				u.post(k, kind)
			}
			h.Posts[k] = p
		}
	}
	if x.ScoopActions != nil {
		if len(x.ScoopActions) != len(h.Actions) {
			return bad("_scoop_actions", "%d entries for %d actions", len(x.ScoopActions), len(h.Actions))
		}
		for k, s := range x.ScoopActions {
			if s == "" {
				continue
			}
			a, kind, err := parseScoopAction(s)
			if err != nil {
				return nil, &fault.Error{Kind: fault.Invalid, Line: line("_scoop_actions"), Field: "_scoop_actions", Action: k, Message: fmt.Sprintf("%q: %v", Clipped(s), err)}
			}
			if a.Kind, err = game.ParseActionKind(kind); err != nil {
				u.action(k, kind)
			}
			h.Actions[k] = a
		}
	}
	if x.ScoopOutcome != nil || x.ScoopReturned != nil || x.ScoopRunCollected != nil || x.ScoopRake != nil || x.ScoopTotalPot != nil || x.ScoopPots != nil {
		if h.Outcome == nil {
			h.Outcome = &Outcome{}
		}
		o := h.Outcome
		o.Returned, o.RunCollected, o.Pots = x.ScoopReturned, x.ScoopRunCollected, x.ScoopPots
		if x.ScoopRake != nil {
			o.Rake = *x.ScoopRake
		}
		if x.ScoopTotalPot != nil {
			o.TotalPot = *x.ScoopTotalPot
		}
	}
	if x.ScoopButton != nil {
		b := *x.ScoopButton
		if b < 0 || b >= n {
			return bad("_scoop_button", "%d is not a player index (0..%d)", b, n-1)
		}
		*h = *rotatePlayers(h, b, func(j int) int { return phhUnindex(j, b, n) })
	}
	return u, nil
}

// phhExtensions returns the extension keys that make the standard PHH of
// r (h in PHH's order) read back as h: std is what the standard fields
// alone read as.
func phhExtensions(h, r, std *Hand) *phhScoop {
	x := &phhScoop{}
	str := func(want, got string) *string {
		if want == got {
			return nil
		}
		return &want
	}
	if len(r.Notes) > 0 {
		x.ScoopNotes = r.Notes
	}
	x.ScoopSite = str(r.Site, std.Site)
	x.ScoopSiteHandID = str(r.SiteHandID, std.SiteHandID)
	x.ScoopFormat = str(r.Format, std.Format)
	x.ScoopTime = str(r.Time, std.Time)
	x.ScoopChipUnit = str(r.Table.ChipUnit, std.Table.ChipUnit)
	if r.Tournament != std.Tournament {
		x.ScoopTournament = &r.Tournament
	}
	if r.AddedToPot != std.AddedToPot {
		x.ScoopAddedToPot = &r.AddedToPot
	}
	if r.Table.MaxBets != std.Table.MaxBets {
		x.ScoopMaxBets = &r.Table.MaxBets
	}
	if r.Table.UncappedHeadsUp != std.Table.UncappedHeadsUp {
		x.ScoopUncappedHeadsUp = &r.Table.UncappedHeadsUp
	}
	if r.Table.MaxSeats != std.Table.MaxSeats {
		x.ScoopMaxSeats = &r.Table.MaxSeats
	}
	if n := len(h.Players); h.Button != n-1 {
		b := h.Button
		x.ScoopButton = &b
	}
	names, holes := false, false
	for i, p := range r.Players {
		names = names || p.Name != std.Players[i].Name
		holes = holes || !sameCards(p.Hole, std.Players[i].Hole)
	}
	if names {
		x.ScoopPlayers = make([]string, len(r.Players))
		for i, p := range r.Players {
			x.ScoopPlayers[i] = p.Name
		}
	}
	if holes {
		x.ScoopHoleCards = make([]string, len(r.Players))
		for i, p := range r.Players {
			x.ScoopHoleCards[i] = p.Hole.String()
		}
	}
	if differ(r.Posts, std.Posts) {
		x.ScoopPosts = make([]string, len(r.Posts))
		for k, p := range r.Posts {
			x.ScoopPosts[k] = fmt.Sprintf("p%d %s %d", p.Player+1, p.Kind.Code(), p.Amount)
		}
	}
	overlay := make([]string, len(r.Actions))
	overlaid := false
	for k, a := range r.Actions {
		if k < len(std.Actions) && !differ(a, std.Actions[k]) {
			continue
		}
		overlay[k], overlaid = formatScoopAction(a), true
	}
	if overlaid {
		x.ScoopActions = overlay
	}
	if o := r.Outcome; o != nil {
		x.ScoopReturned, x.ScoopRunCollected, x.ScoopPots = o.Returned, o.RunCollected, o.Pots
		if o.Rake != 0 {
			x.ScoopRake = &o.Rake
		}
		if o.TotalPot != 0 {
			x.ScoopTotalPot = &o.TotalPot
		}
		if std.Outcome == nil && x.ScoopReturned == nil && x.ScoopRunCollected == nil && x.ScoopPots == nil && x.ScoopRake == nil && x.ScoopTotalPot == nil {
			t := true
			x.ScoopOutcome = &t
		}
	}
	return x
}

// formatScoopAction is a's entry in _scoop_actions.
func formatScoopAction(a Action) string {
	var b strings.Builder
	if a.Player == -1 {
		b.WriteString("d")
	} else {
		fmt.Fprintf(&b, "p%d", a.Player+1)
	}
	b.WriteString(" " + a.Kind.String())
	if a.Amount != 0 {
		fmt.Fprintf(&b, " amount=%d", a.Amount)
	}
	if a.Cards != nil {
		b.WriteString(" cards=" + a.Cards.String())
	}
	if a.Run != 0 {
		fmt.Fprintf(&b, " run=%d", a.Run)
	}
	return b.String()
}

// parseScoopAction reads an entry of _scoop_actions (see MarshalPHH), but
// its kind, returned as written.
func parseScoopAction(s string) (Action, string, error) {
	t := strings.Fields(s)
	if len(t) < 2 {
		return Action{}, "", fmt.Errorf("want ACTOR KIND [amount=N] [cards=CARDS] [run=N]")
	}
	var a Action
	if t[0] == "d" {
		a.Player = -1
	} else {
		p, err := scoopPlayer(t[0])
		if err != nil {
			return Action{}, "", err
		}
		a.Player = p
	}
	seen := map[string]bool{}
	for _, kv := range t[2:] {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || seen[k] {
			return Action{}, "", fmt.Errorf("bad or repeated argument %q", Clipped(kv))
		}
		seen[k] = true
		var err error
		switch k {
		case "amount":
			a.Amount, err = strconv.ParseInt(v, 10, 64)
		case "cards":
			a.Cards, err = cards.Parse(v)
			if err == nil && a.Cards == nil {
				err = fmt.Errorf("no cards")
			}
		case "run":
			a.Run, err = strconv.Atoi(v)
		default:
			err = fmt.Errorf("unknown argument %q", Clipped(k))
		}
		if err != nil {
			return Action{}, "", err
		}
	}
	return a, t[1], nil
}

// parseScoopPost reads an entry of _scoop_posts: "pN KIND AMOUNT", but
// its kind, returned as written.
func parseScoopPost(s string) (Post, string, error) {
	t := strings.Fields(s)
	if len(t) != 3 {
		return Post{}, "", fmt.Errorf("want pN KIND AMOUNT")
	}
	p, err := scoopPlayer(t[0])
	if err != nil {
		return Post{}, "", err
	}
	amt, err := strconv.ParseInt(t[2], 10, 64)
	if err != nil {
		return Post{}, "", fmt.Errorf("bad amount %q", Clipped(t[2]))
	}
	return Post{Player: p, Amount: amt}, t[1], nil
}

// scoopPlayer reads "pN" as the index N-1 (any integer N: Validate judges
// the range).
func scoopPlayer(tok string) (int, error) {
	if len(tok) < 2 || tok[0] != 'p' {
		return 0, fmt.Errorf("bad player %q (want pN)", Clipped(tok))
	}
	k, err := strconv.Atoi(tok[1:])
	if err != nil {
		return 0, fmt.Errorf("bad player %q (want pN)", Clipped(tok))
	}
	return k - 1, nil
}

func sameCards(a, b cards.List) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// renderPHH writes r (a hand in PHH's order) as PHH text: the standard
// fields, then the extension keys of x that are set.
func renderPHH(r *Hand, x *phhScoop) []byte {
	n := len(r.Players)
	var b bytes.Buffer
	key := func(k, v string) { b.WriteString(k + " = " + v + "\n") }
	ints := func(v []int64) string {
		parts := make([]string, len(v))
		for i, x := range v {
			parts[i] = strconv.FormatInt(x, 10)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	strs := func(v []string) string {
		parts := make([]string, len(v))
		for i, s := range v {
			parts[i] = tomlString(s)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	lines := func(k string, v []string) {
		b.WriteString(k + " = [\n")
		for _, s := range v {
			b.WriteString("  " + tomlString(s) + ",\n")
		}
		b.WriteString("]\n")
	}
	key("variant", tomlString(phhVariantCode(r.Table)))
	if r.TableName != "" {
		key("table", tomlString(r.TableName))
	}
	if r.Table.Currency != "" {
		key("currency", tomlString(r.Table.Currency))
	}
	if r.Table.MaxSeats > 0 {
		key("seat_count", strconv.Itoa(r.Table.MaxSeats))
	}
	if r.Table.AnteTrimming != nil {
		key("ante_trimming_status", strconv.FormatBool(*r.Table.AnteTrimming))
	}
	antes, blinds := make([]int64, n), make([]int64, n)
	for _, p := range r.Posts {
		switch p.Kind {
		case game.Ante:
			antes[p.Player] += p.Amount
		case game.SmallBlind, game.BigBlind, game.Straddle:
			slot := p.Player
			if n == 2 {
				slot = 1 - slot
			}
			blinds[slot] += p.Amount
		}
	}
	key("antes", ints(antes))
	key("blinds_or_straddles", ints(blinds))
	for _, f := range []struct {
		k string
		v int64
	}{{"small_bet", r.Table.SmallBet}, {"big_bet", r.Table.BigBet}, {"min_bet", r.Table.MinBet}} {
		if f.v != 0 {
			key(f.k, strconv.FormatInt(f.v, 10))
		}
	}
	stacks, names, seats := make([]int64, n), make([]string, n), make([]int64, n)
	seated := false
	for i, p := range r.Players {
		stacks[i], names[i], seats[i] = p.Stack, p.Name, int64(p.Seat)
		seated = seated || p.Seat != 0
	}
	key("starting_stacks", ints(stacks))
	key("players", strs(names))
	if seated {
		key("seats", ints(seats))
	}
	acts := make([]string, len(r.Actions))
	for k, a := range r.Actions {
		acts[k] = phhAction(a)
	}
	lines("actions", acts)
	if o := r.Outcome; o != nil {
		if o.FinishingStacks != nil {
			key("finishing_stacks", ints(o.FinishingStacks))
		}
		if o.Collected != nil {
			key("winnings", ints(o.Collected))
		}
	}

	var ext bytes.Buffer
	b, ext = ext, b // write the extensions apart, then join them
	sk := func(k string, v *string) {
		if v != nil {
			key(k, tomlString(*v))
		}
	}
	bk := func(k string, v *bool) {
		if v != nil {
			key(k, strconv.FormatBool(*v))
		}
	}
	ik := func(k string, v *int) {
		if v != nil {
			key(k, strconv.Itoa(*v))
		}
	}
	i64 := func(k string, v *int64) {
		if v != nil {
			key(k, strconv.FormatInt(*v, 10))
		}
	}
	sk("_scoop_site", x.ScoopSite)
	sk("_scoop_site_hand_id", x.ScoopSiteHandID)
	sk("_scoop_format", x.ScoopFormat)
	bk("_scoop_tournament", x.ScoopTournament)
	sk("_scoop_time", x.ScoopTime)
	ik("_scoop_max_bets", x.ScoopMaxBets)
	bk("_scoop_uncapped_heads_up", x.ScoopUncappedHeadsUp)
	sk("_scoop_chip_unit", x.ScoopChipUnit)
	ik("_scoop_max_seats", x.ScoopMaxSeats)
	ik("_scoop_button", x.ScoopButton)
	if x.ScoopPlayers != nil {
		key("_scoop_players", strs(x.ScoopPlayers))
	}
	if x.ScoopHoleCards != nil {
		key("_scoop_hole_cards", strs(x.ScoopHoleCards))
	}
	if x.ScoopPosts != nil {
		lines("_scoop_posts", x.ScoopPosts)
	}
	i64("_scoop_added_to_pot", x.ScoopAddedToPot)
	if x.ScoopActions != nil {
		lines("_scoop_actions", x.ScoopActions)
	}
	bk("_scoop_outcome", x.ScoopOutcome)
	if x.ScoopReturned != nil {
		key("_scoop_returned", ints(x.ScoopReturned))
	}
	if x.ScoopRunCollected != nil {
		runs := make([]string, len(x.ScoopRunCollected))
		for k, run := range x.ScoopRunCollected {
			runs[k] = ints(run)
		}
		key("_scoop_run_collected", "["+strings.Join(runs, ", ")+"]")
	}
	i64("_scoop_rake", x.ScoopRake)
	i64("_scoop_total_pot", x.ScoopTotalPot)
	if x.ScoopPots != nil {
		key("_scoop_pots", ints(x.ScoopPots))
	}
	if x.ScoopNotes != nil {
		key("_scoop_notes", strs(x.ScoopNotes))
	}
	b, ext = ext, b
	if ext.Len() > 0 {
		b.WriteString("# Scoop extensions (user-defined PHH fields; see Scoop's README, \"Extensions to PHH\")\n")
		b.Write(ext.Bytes())
	}
	return b.Bytes()
}

// phhAction is a's standard PHH notation in a hand in PHH's order. Scoop's
// kinds PHH does not tell apart (check, call, check-call) are all "cc".
func phhAction(a Action) string {
	p := fmt.Sprintf("p%d", a.Player+1)
	hidden := func(l cards.List) string {
		if l == nil {
			return "????????"
		}
		return l.String()
	}
	switch a.Kind {
	case game.Fold:
		return p + " f"
	case game.BetRaise:
		return p + " cbr " + strconv.FormatInt(a.Amount, 10)
	case game.Show:
		return p + " sm " + hidden(a.Cards)
	case game.Muck:
		return p + " sm"
	case game.DealBoard:
		return "d db " + a.Cards.String()
	case game.DealHole:
		return "d dh " + p + " " + hidden(a.Cards)
	}
	return p + " cc" // game.Check, game.Call, game.CheckCall
}

// tomlString quotes s as a TOML basic string: quotes, backslashes and
// control characters escaped, everything else as is (s is valid UTF-8:
// Validate has checked every string of the hand).
func tomlString(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for _, c := range s {
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteRune(c)
		case c < 0x20 || c == 0x7f:
			fmt.Fprintf(&b, "\\u%04X", c)
		default:
			b.WriteRune(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// differ reports whether two values of the same type of the Hand model
// differ (see handDiff).
func differ(a, b any) bool {
	return handDiff(reflect.ValueOf(a), reflect.ValueOf(b), "$") != ""
}

// handDiff compares two values of the Hand model field by field and
// returns the path of the first difference (".players[2].hole"), "" when
// they are equal; an empty list and a nil one are alike.
func handDiff(a, b reflect.Value, path string) string {
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			if a.IsNil() != b.IsNil() {
				return path
			}
			return ""
		}
		return handDiff(a.Elem(), b.Elem(), path)
	case reflect.Slice:
		if a.Len() != b.Len() {
			return path
		}
		for i := range a.Len() {
			if d := handDiff(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i)); d != "" {
				return d
			}
		}
		return ""
	case reflect.Struct:
		t := a.Type()
		for i := range t.NumField() {
			if d := handDiff(a.Field(i), b.Field(i), path+"."+jsonName(t.Field(i))); d != "" {
				return d
			}
		}
		return ""
	case reflect.Map, reflect.Interface, reflect.Array, reflect.Func, reflect.Chan:
		if !reflect.DeepEqual(a.Interface(), b.Interface()) {
			return path
		}
		return ""
	}
	if !a.Equal(b) {
		return path
	}
	return ""
}
