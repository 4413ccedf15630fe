package pokerstars

import (
	"errors"
	"strconv"
	"strings"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// Localized clients. PokerStars' clients write a hand in the player's
// language; the reader knows two, each from real hands, and nothing it
// has not seen:
//
//   - French (PokerStars France, 2026): the header only, "Main PokerStars
//     n°N :  Hold'em No Limit (100/200) - 12/07/2026 18:25:06 CET
//     [12/07/2026 12:25:06 ET]" (dates day first; the Eastern time in
//     brackets is the hand's time, as in English), "(argent fictif)" on
//     the table line where English writes "(Play Money)" (neither changes
//     the reading: stakes without a currency are chips), and a space
//     before the colon after a player's name ("thank777\u00a0: posts small
//     blind 100", a no-break space U+00A0 or a narrow one U+202F, as
//     French typography writes it). The rest is English.
//   - Portuguese (PokerStars Brazil, 2015): the whole hand ("Mão PokerStars
//     #N: Torneio #T, ... - Nível I (10/20) - 2015/07/07 16:42:52 ET",
//     "Mesa 'X' 6-max Lugar #1 é o botão", "Lugar 1: name (500 em
//     fichas)", "name: paga o small blind 10", "name: aumenta 20 para
//     40", "name recebe [..]", "*** SUMÁRIO ***", ...: see portuguese).
//     The game names and the street markers are English. No showdown
//     was seen in Portuguese, so none is read: a Portuguese line the
//     lexicon lacks is read as the English reader reads a line it does
//     not know (an action or a line naming a player with chips is an
//     error of the hand naming the line).
//
// A localized hand is read by the one parser: its header by header (with
// the lexicon's header words), its other lines first rewritten into the
// English forms they stand for (translate), on their structural words
// only, never a player's name (the names are those of the seat list, and
// a line's words are matched after the name). English hands never reach
// the lexicon: the header decides, once per hand. Errors and notes quote
// the line as written, not its English form.

// A pair is a localized form and the English form it stands for.
type pair struct{ local, english string }

// A lexicon is one localized client's words for the line forms the
// reader reads in English. An empty pair is a form the client writes in
// English. Tables are built once and read only.
type lexicon struct {
	// hand begins the header, up to the hand number.
	hand string
	// tournament and level are the header's "Tournament #" and "Level ",
	// "" when English (or not known).
	tournament, level string
	// dayFirst: the header's dates are dd/mm/yyyy.
	dayFirst bool
	// colonSpaces may stand between a player's name and the colon after
	// it (the header's hand number and its colon too).
	colonSpaces []string

	// The body's words (all empty for a client whose body is English).
	table, button pair // "Table '", " is the button" of the table line
	seat          pair // "Seat " of the seat lines (and the table line's " Seat #", the summary's seat lines)
	stack         pair // the seat line's " in chips)"
	sittingOut    pair // the seat line's " is sitting out" after the stack
	markers       []pair
	// verbs are the actions after "name: ", each its leading words.
	verbs   []pair
	raiseTo pair // " to " within a raise
	allIn   pair // " and is all-in" ending an action
	// dealt is "Dealt to name [..]" written "name" + dealt.local + "[..]".
	dealt pair
	// collected: "name collected X from pot" written "name" +
	// collected.local + "X" + fromPot.local.
	collected, fromPot pair
	uncalled, returned pair // "Uncalled bet (", ") returned to "
	total, rake        pair // "Total pot ", " | Rake "
	board              pair // the summary's "Board ["
	// summarySeat are the words of a summary seat line after the name.
	summarySeat []pair
}

// localized are the lexicons the reader knows.
var localized = [...]*lexicon{&french, &portuguese}

// french: PokerStars France writes the header in French, the body in
// English with a space before a player's colon.
var french = lexicon{
	hand:        "Main PokerStars n°",
	dayFirst:    true,
	colonSpaces: []string{"\u00a0", "\u202f", " "},
}

// portuguese: PokerStars' Brazilian Portuguese client (2015), every word
// seen in real hands (two tournament hands, no showdown).
var portuguese = lexicon{
	hand:       "Mão PokerStars #",
	tournament: "Torneio #",
	level:      "Nível ",
	table:      pair{"Mesa '", "Table '"},
	button:     pair{" é o botão", " is the button"},
	seat:       pair{"Lugar ", "Seat "},
	stack:      pair{" em fichas)", " in chips)"},
	sittingOut: pair{" está sit out", " is sitting out"},
	markers: []pair{
		{"*** CARTAS DA MÃO ***", "*** HOLE CARDS ***"},
		{"*** SUMÁRIO ***", "*** SUMMARY ***"},
	},
	verbs: []pair{
		{"desiste", "folds"},
		{"passa", "checks"},
		{"iguala", "calls"},
		{"aposta", "bets"},
		{"aumenta", "raises"},
		{"coloca ante", "posts the ante"},
		{"paga o small blind", "posts small blind"},
		{"paga o big blind", "posts big blind"},
	},
	raiseTo:   pair{" para ", " to "},
	allIn:     pair{" e está all-in", " and is all-in"},
	dealt:     pair{" recebe [", "Dealt to "},
	collected: pair{" recebeu ", " collected "},
	fromPot:   pair{" do pote", " from pot"},
	uncalled:  pair{"Aposta não-igualada (", "Uncalled bet ("},
	returned:  pair{") voltou para ", ") returned to "},
	total:     pair{"Total pote ", "Total pot "},
	rake:      pair{" | comissão ", " | Rake "},
	board:     pair{"Mesa [", "Board ["},
	summarySeat: []pair{
		{" (Botão)", " (button)"},
		{" desistiu antes Flop", " folded before Flop"},
		{" desistiu no ", " folded on the "},
		{" (não apostou)", " (didn't bet)"},
		{" recebeu (", " collected ("},
	},
}

// lexiconOf returns the lexicon of a localized header, nil for any other
// line (English headers first: they cost one prefix test).
func lexiconOf(head string) *lexicon {
	if strings.HasPrefix(head, "PokerStars ") || strings.HasPrefix(head, rioHeader) {
		return nil
	}
	for _, lx := range localized {
		if strings.HasPrefix(head, lx.hand) {
			return lx
		}
	}
	return nil
}

// isLocalHeader reports whether l starts a localized PokerStars hand:
// a lexicon's header, its hand number and colon.
func isLocalHeader(l string) bool {
	for _, lx := range localized {
		if _, _, ok := lx.number(l); ok {
			return true
		}
	}
	return false
}

// number splits a localized header after its hand number and colon: the
// number and the rest; ok is false for another line.
func (lx *lexicon) number(s string) (id, rest string, ok bool) {
	after, found := strings.CutPrefix(s, lx.hand)
	if !found {
		return "", "", false
	}
	d := 0
	for d < len(after) && after[d] >= '0' && after[d] <= '9' {
		d++
	}
	if d == 0 {
		return "", "", false
	}
	id, after = after[:d], after[d:]
	for _, sp := range lx.colonSpaces {
		if a, ok := strings.CutPrefix(after, sp); ok {
			after = a
			break
		}
	}
	after, found = strings.CutPrefix(after, ":")
	return id, after, found
}

// cut returns s with the localized prefix p.local replaced by its
// English form; ok is false when s does not start with it.
func (p pair) cut(s string) (string, bool) {
	if p.local == "" {
		return s, false
	}
	rest, ok := strings.CutPrefix(s, p.local)
	if !ok {
		return s, false
	}
	return p.english + rest, true
}

// suffix returns s with the localized ending p.local replaced by its
// English form.
func (p pair) suffix(s string) string {
	if p.local == "" {
		return s
	}
	if rest, ok := strings.CutSuffix(s, p.local); ok {
		return rest + p.english
	}
	return s
}

// translate returns the hand's lines (lines[0] its header, read by
// header) in the English forms they stand for, in p.tr; unchanged lines
// are kept as they are. The names found are those of the seat list.
func (p *parser) translate(lines []line) []line {
	lx := p.lx
	out := append(p.tr[:0], lines...)
	names := p.names[:0]
	i := 1
	if i < len(out) {
		out[i].S = lx.tableLine(out[i].S)
		i++
	}
	seat := "Seat "
	if lx.seat.local != "" {
		seat = lx.seat.local
	}
	for ; i < len(out) && strings.HasPrefix(out[i].S, seat); i++ {
		s := lx.seatLine(out[i].S)
		out[i].S = s
		if _, name, _, _, err := sitetext.SeatLine(out[i], " in chips"); err == nil {
			names = append(names, name)
		}
	}
	summary := false
	for ; i < len(out); i++ {
		s := out[i].S
		switch {
		case strings.HasPrefix(s, "*** "):
			for _, m := range lx.markers {
				if s == m.local {
					s = m.english
				}
			}
			summary = summary || s == "*** SUMMARY ***"
		case summary:
			s = lx.summaryLine(s, names)
		default:
			s = lx.playLine(s, names)
		}
		out[i].S = s
	}
	p.tr, p.names = out, names
	return out
}

// tableLine translates "Mesa 'X' 6-max Lugar #1 é o botão".
func (lx *lexicon) tableLine(s string) string {
	s, ok := lx.table.cut(s)
	if !ok {
		return s
	}
	if lx.button.local != "" && strings.HasSuffix(s, lx.button.local) {
		s = lx.button.suffix(s)
		if k := strings.LastIndex(s, " "+lx.seat.local+"#"); k >= 0 {
			s = s[:k] + " " + lx.seat.english + s[k+1+len(lx.seat.local):]
		}
	}
	return s
}

// seatLine translates "Lugar 1: name (500 em fichas) está sit out": the
// stack's words are the last of their kind on the line, after the name.
func (lx *lexicon) seatLine(s string) string {
	s, ok := lx.seat.cut(s)
	if !ok || lx.stack.local == "" {
		return s
	}
	s = lx.sittingOut.suffix(s)
	if k := strings.LastIndex(s, lx.stack.local); k >= 0 {
		s = s[:k] + lx.stack.english + s[k+len(lx.stack.local):]
	}
	return s
}

// named returns the longest of names that, followed by sep, starts s
// (-1 when none).
func named(names []string, s, sep string) int {
	best := -1
	for i, n := range names {
		if len(s) >= len(n)+len(sep) && strings.HasPrefix(s, n) && strings.HasPrefix(s[len(n):], sep) && (best < 0 || len(n) > len(names[best])) {
			best = i
		}
	}
	return best
}

// playLine translates a line of the play: "name: verb ..." (the name
// followed by a space before the colon in French), "name recebe [..]",
// "name recebeu X do pote", "Aposta não-igualada (X) voltou para name".
func (lx *lexicon) playLine(s string, names []string) string {
	if k := named(names, s, ": "); k >= 0 {
		return lx.action(s, len(names[k])+2)
	}
	for _, sp := range lx.colonSpaces {
		if k := named(names, s, sp+": "); k >= 0 {
			n := len(names[k])
			return lx.action(s[:n]+s[n+len(sp):], n+2)
		}
	}
	if t, ok := lx.uncalled.cut(s); ok {
		if k := strings.Index(t, lx.returned.local); k >= 0 {
			return t[:k] + lx.returned.english + t[k+len(lx.returned.local):]
		}
		return t
	}
	if lx.dealt.local != "" {
		if k := named(names, s, lx.dealt.local); k >= 0 {
			n := len(names[k])
			return lx.dealt.english + s[:n] + " [" + s[n+len(lx.dealt.local):]
		}
	}
	if lx.collected.local != "" && strings.HasSuffix(s, lx.fromPot.local) {
		if k := named(names, s, lx.collected.local); k >= 0 {
			n := len(names[k])
			return s[:n] + lx.collected.english + lx.fromPot.suffix(s[n+len(lx.collected.local):])
		}
	}
	return s
}

// action translates the action of "name: verb ...", which begins at
// s[at:], its leading words and its all-in ending.
func (lx *lexicon) action(s string, at int) string {
	name, v := s[:at], s[at:]
	for _, w := range lx.verbs {
		arg, ok := strings.CutPrefix(v, w.local)
		if !ok || arg != "" && arg[0] != ' ' {
			continue
		}
		arg = lx.allIn.suffix(arg)
		if w.english == "raises" && lx.raiseTo.local != "" {
			arg = strings.Replace(arg, lx.raiseTo.local, lx.raiseTo.english, 1)
		}
		return name + w.english + arg
	}
	return s
}

// summaryLine translates a summary line: "Total pote X | comissão Y",
// "Mesa [..]", "Lugar N: name ..." (its words after the name).
func (lx *lexicon) summaryLine(s string, names []string) string {
	if t, ok := lx.total.cut(s); ok {
		return strings.Replace(t, lx.rake.local, lx.rake.english, 1)
	}
	if t, ok := lx.board.cut(s); ok {
		return t
	}
	t, ok := lx.seat.cut(s)
	if !ok {
		return s
	}
	c := strings.Index(t, ": ")
	if c < 0 {
		return t
	}
	rest := t[c+2:]
	k := named(names, rest, "")
	if k < 0 {
		return t
	}
	head, words := t[:c+2+len(names[k])], rest[len(names[k]):]
	for _, w := range lx.summarySeat {
		words = strings.ReplaceAll(words, w.local, w.english)
	}
	return head + words
}

// requote puts back, in err's message, the skip reason and the hand's
// notes, the lines as written where they quote a line's English form (see
// translate): orig and tr are the hand's lines before and after it. Each
// text is read once, its quoted parts looked up among the changed lines'
// quotes (a search of every changed line in every note was quadratic: a
// hand of 4,900 translated lines and 4,900 notes took 0.26 s).
func (p *parser) requote(skip string, err error, orig, tr []line) (string, error) {
	var fe *fault.Error
	hasErr := errors.As(err, &fe)
	var notes []string
	if h := p.b.Hand; h != nil {
		notes = h.Notes
	}
	if !hasErr && skip == "" && len(notes) == 0 {
		return skip, err
	}
	quoted := map[string]string{}
	for i := range orig {
		if orig[i].S != tr[i].S {
			quoted[sitetext.Quote(tr[i].S)] = sitetext.Quote(orig[i].S)
		}
	}
	if len(quoted) == 0 {
		return skip, err
	}
	if hasErr {
		fe.Message = requoted(fe.Message, quoted)
	}
	for k, n := range notes {
		notes[k] = requoted(n, quoted)
	}
	return requoted(skip, quoted), err
}

// requoted is s with each Go-quoted string in it that quoted holds
// replaced by its value; every '"' is tried as a quote's start, so that
// a stray one (in a player's name) does not hide the quote after it.
func requoted(s string, quoted map[string]string) string {
	var b strings.Builder
	last := 0
	for i := strings.IndexByte(s, '"'); i >= 0; {
		q, err := strconv.QuotedPrefix(s[i:])
		if err != nil {
			i = next(s, i+1)
			continue
		}
		w, ok := quoted[q]
		if !ok {
			// Not a line's quote, or a '"' of other text (a name) that
			// is no quote's start: try the next '"'.
			i = next(s, i+1)
			continue
		}
		b.WriteString(s[last:i])
		b.WriteString(w)
		last = i + len(q)
		i = next(s, last)
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// next is the index of the first '"' of s at or after i, -1 when none.
func next(s string, i int) int {
	if k := strings.IndexByte(s[i:], '"'); k >= 0 {
		return i + k
	}
	return -1
}
