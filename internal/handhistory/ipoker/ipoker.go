package ipoker

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/eval"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/game"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// iPoker XML hand histories (the iPoker network's client export, also
// saved with a .txt name).
//
// A file holds one or more <session> documents (concatenated files keep
// their <?xml?> declarations); a session's <general> names the game
// ("Omaha PL €0.50/€1", "Omaha Hi-Lo Pot limit $1/$2 Ante $0.00"), the
// table, its currency, the exporting player and the client version, and
// each <game gamecode="N"> is one hand: <general> with its <startdate> and
// <players> (<player seat name chips dealer win bet/>), then <round no="0">
// (blinds and antes) to <round no="4"> (river), each holding <cards>
// (type "Pocket" with a player, "Flop", "Turn", "River") and <action no
// player type sum/> elements. The reader maps each Omaha game onto the
// Hand model:
//
//   - Site "ipoker", SiteHandID the gamecode, TableName the session's
//     table, Time the game's start date and time as the site's clock
//     gives them (RFC 3339 without an offset: the export names no zone).
//   - Players are the seats dealt in (a <cards type="Pocket"> element or
//     an action), in seat order, Stack their "chips"; Button the seat
//     with dealer="1".
//   - Actions are read in the order of their "no" attribute within each
//     round (the export does not write them in order). Types: 1 small
//     blind, 2 big blind (above the stakes' big blind: a dead small blind
//     and a big blind), 15 ante, 0 fold, 9 sitting out (a fold; nothing
//     for a seat with no Pocket cards and no post: not dealt in), 4 check,
//     3 call (the chips put in), 5 bet and 7 all-in (the chips put in: a
//     bet-raise to the round total, or a call for less), 23 raise to the
//     round total, 6 raise by over the current bet; type 8 (no action) is
//     ignored; any other type is an error naming the line.
//   - Hole cards from the "Pocket" cards ("D8 C8 C10 S10", suit first; an
//     unseen card is "X": the player's cards are unknown); board cards
//     from the rounds' Flop, Turn and River cards. A player still in at a
//     showdown whose cards are known shows them (the export has no show
//     lines; unknown cards take no part in the showdown).
//   - Outcome: Collected each player's "win", FinishingStacks chips - bet
//     + win (+ the uncalled bet, for exports whose win leaves it out),
//     Returned zero (see Builder.Assemble), and the rake the chips put
//     in less the chips won (the export states none).
//     Before client version 20 a win includes the uncalled bet given back;
//     from version 20 (or with <uncalled_bet_enabled>true) it leaves it
//     out, and the uncalled bet (the largest "bet" over the second) is
//     added back for the finishing stacks.
//   - Money is in cents for cash games (Table.ChipUnit "0.01"), in chips
//     for tournaments; amounts carry the currency symbol before or after
//     the number, with thousands separators ("€1,000", "$55,756.00"),
//     and their symbol must be the table currency's.
//
// The record is checked against itself: a player's "bet" must be what his
// actions put in, else the finishing stacks differ (reported by the
// replay, not hidden); a card seen twice is an error of kind Impossible.
// Games other than Omaha (Holdem, Stud) are Skipped with the reason. A
// game cut off at the end of the file after a complete element (its
// closing tags missing, as in exports copied while the client wrote them)
// is read as recorded so far; the replay says whether it is complete.
//
// Bounds, checked by a linear scan of each game's text before its XML is
// read (by the lexer of ipoker_xml.go, or encoding/xml's strict Decoder
// for what the lexer leaves to it), so nothing is allocated for hostile
// input beyond the bound: elements nest at most maxDepth deep, an
// element has at most maxAttrs attributes, a tag, a text or a comment
// is at most MaxLineBytes bytes, a game has at most MaxActions actions
// (*fault.Error of kind Impossible) and maxElements elements, and DTDs
// (<!DOCTYPE, entities) are refused. A game breaking a bound, or
// malformed, is an Entry with a *fault.Error naming its line; the other
// games of the file are still read.

// The iPoker reader's bounds (see above).
const (
	// maxDepth is the deepest element nesting read; an iPoker game
	// nests 4 deep (session, game, round, action).
	maxDepth = handhistory.MaxNesting
	// maxAttrs is the most attributes one element may have (a player
	// has about 10).
	maxAttrs = 32
	// maxElements is the most elements one game may have (every action
	// and card list, the players and rounds).
	maxElements = 2*handhistory.MaxActions + 64
)

// session is what a session's <general> says of its games.
type session struct {
	gametype, table, currency, mode, nickname string
	tournament, winsLeaveReturned             bool
	maxSeats                                  int
	line                                      int
}

// part is one game's text (or, when hdr, a session header's).
type part struct {
	text string
	line int // the line where it starts
	hdr  bool
}

// read reads an iPoker XML file (see Read): an Entry per game. The
// error return is for data holding no <game> element at all.
func read(data []byte) ([]handhistory.Entry, error) {
	text := strings.ReplaceAll(string(data), "\uFEFF", "")
	parts := split(text)
	var (
		entries []handhistory.Entry
		sess    session
		hasSess bool
		sessErr error
		b       sitetext.Builder
		sc      scratch // its buffers serve every game
	)
	for _, p := range parts {
		if p.hdr {
			s, ok, err := header(p, &sc.lx)
			if ok || err != nil {
				sess, hasSess, sessErr = s, ok, err
			}
			continue
		}
		if handhistory.HandsFull(&entries, p.line) {
			break
		}
		var (
			h    *handhistory.Hand
			skip string
			err  error
		)
		switch {
		case sessErr != nil:
			err = sessErr
		case !hasSess:
			err = sitetext.LineError(p.line, "a <game> without its session's <general> (game type, table, currency)")
		default:
			h, skip, err = readGame(&b, &sess, p, &sc)
		}
		if h == nil && b.Hand != nil {
			h = &handhistory.Hand{SiteHandID: b.Hand.SiteHandID}
		}
		entries = append(entries, handhistory.NewEntry(len(entries)+1, p.line, h, skip, err))
		b.Hand = nil
	}
	if len(entries) == 0 {
		return nil, &fault.Error{Kind: fault.Invalid, Action: -1, Message: "no iPoker game (\"<game gamecode=...>\") found"}
	}
	return entries, nil
}

// gameStart returns the index in s of the next "<game" start tag, -1
// when none.
func gameStart(s string) int {
	off := 0
	for {
		k := strings.Index(s[off:], "<game")
		if k < 0 {
			return -1
		}
		k += off
		if e := k + len("<game"); e < len(s) {
			switch s[e] {
			case ' ', '\t', '\r', '\n', '>', '/':
				return k
			}
		}
		off = k + len("<game")
	}
}

// split cuts text into session headers and games: a game runs from its
// "<game" to its "</game>", or, when cut off, to the next "<game" or the
// end of the text. Well-formed XML has no raw '<' in attribute values or
// text, so the cut is exact for every file the decoder would accept.
func split(text string) []part {
	var parts []part
	line := 1
	pos := 0
	for pos < len(text) {
		g := gameStart(text[pos:])
		if g < 0 {
			break
		}
		g += pos
		if strings.TrimSpace(text[pos:g]) != "" {
			parts = append(parts, part{text: text[pos:g], line: line, hdr: true})
		}
		line += strings.Count(text[pos:g], "\n")
		end := len(text)
		next := gameStart(text[g+len("<game"):])
		if next >= 0 {
			next += g + len("<game")
			end = next
		}
		if c := strings.Index(text[g:end], "</game>"); c >= 0 {
			end = g + c + len("</game>")
		}
		parts = append(parts, part{text: text[g:end], line: line})
		line += strings.Count(text[g:end], "\n")
		pos = end
	}
	return parts
}

// scan checks the bounds of an XML text (see the package comment of
// this file) in one linear pass that allocates nothing; line is the line
// the text starts on. The error is a *fault.Error naming the line.
func scan(s string, line int) error {
	depth, elems, actions := 0, 0, 0
	for i := 0; i < len(s); {
		c := s[i]
		if c != '<' {
			j := strings.IndexByte(s[i:], '<')
			if j < 0 {
				j = len(s)
			} else {
				j += i
			}
			line += strings.Count(s[i:j], "\n")
			if j-i > handhistory.MaxLineBytes && strings.TrimSpace(s[i:j]) != "" {
				return sitetext.LineError(line, "a text of %d bytes; at most %d (MaxLineBytes)", j-i, handhistory.MaxLineBytes)
			}
			i = j
			continue
		}
		rest := s[i:]
		var end string
		switch {
		case strings.HasPrefix(rest, "<!--"):
			end = "-->"
		case strings.HasPrefix(rest, "<![CDATA["):
			end = "]]>"
		case strings.HasPrefix(rest, "<!"):
			return sitetext.LineError(line, "a DTD or declaration (%s): not read", sitetext.Quote(rest[:min(len(rest), 20)]))
		case strings.HasPrefix(rest, "<?"):
			end = "?>"
		}
		if end != "" {
			k := strings.Index(rest, end)
			if k < 0 {
				k = len(rest)
			} else {
				k += len(end)
			}
			if k > handhistory.MaxLineBytes {
				return sitetext.LineError(line, "a comment or instruction of %d bytes; at most %d (MaxLineBytes)", k, handhistory.MaxLineBytes)
			}
			line += strings.Count(rest[:k], "\n")
			i += k
			continue
		}
		// An element tag: up to its '>' outside quoted values.
		start := line
		attrs := 0
		var quote byte
		j := i + 1
		for ; j < len(s); j++ {
			b := s[j]
			if b == '\n' {
				line++
			}
			if quote != 0 {
				if b == quote {
					quote = 0
				}
				continue
			}
			if b == '"' || b == '\'' {
				quote = b
				continue
			}
			if b == '=' {
				attrs++
			}
			if b == '>' {
				break
			}
		}
		if j-i > handhistory.MaxLineBytes {
			return sitetext.LineError(start, "a tag of %d bytes; at most %d (MaxLineBytes)", j-i, handhistory.MaxLineBytes)
		}
		if attrs > maxAttrs {
			return sitetext.LineError(start, "an element with %d attributes; at most %d", attrs, maxAttrs)
		}
		switch {
		case j >= len(s): // cut off: the reading reports it
		case i+1 < len(s) && s[i+1] == '/':
			if depth > 0 {
				depth--
			}
		default:
			elems++
			if elems > maxElements {
				return sitetext.LineError(start, "more than %d elements in one game", maxElements)
			}
			if strings.HasPrefix(s[i+1:], "action") && j > i+7 && strings.IndexByte(" \t\r\n/>", s[i+7]) >= 0 {
				actions++
				if actions > handhistory.MaxActions {
					return handhistory.TooManyActions(start, 0)
				}
			}
			if s[j-1] != '/' {
				depth++
				if depth > maxDepth {
					return sitetext.LineError(start, "elements nest deeper than %d (MaxNesting)", maxDepth)
				}
			}
		}
		i = j + 1
	}
	return nil
}

// header reads the last session <general> of a header part; ok is false
// when the part has none.
func header(p part, lx *lexer) (session, bool, error) {
	k := strings.LastIndex(p.text, "<general")
	if k < 0 {
		return session{}, false, nil
	}
	line := p.line + strings.Count(p.text[:k], "\n")
	s := p.text[k:]
	if e := strings.Index(s, "</general>"); e >= 0 {
		s = s[:e+len("</general>")]
	}
	if err := scan(s, line); err != nil {
		return session{}, false, err
	}
	var sess session
	err := tokens(s, line, lx, func(src source) error {
		sess = session{line: line}
		// A value's text may come in many pieces (comments or CDATA
		// sections split it): see textBuf.
		var field string
		var val textBuf
		for {
			t, err := src.next()
			if err == io.EOF {
				return nil
			}
			if xe, ok := err.(*xmlError); ok {
				return sitetext.LineError(xe.line, "bad XML in the session's <general>: %v", xe.msg)
			}
			if err != nil {
				return err
			}
			switch t.kind {
			case tokStart:
				field = t.name
				val.reset()
			case tokText:
				if field != "" {
					val.add(t.text)
				}
			case tokEnd:
				sessionField(&sess, t.name, strings.TrimSpace(val.String()))
				field = ""
			}
		}
	})
	if err != nil {
		return session{}, false, err
	}
	if sess.gametype == "" {
		return session{}, false, sitetext.LineError(line, "the session's <general> has no <gametype>")
	}
	return sess, true, nil
}

// sessionField sets what the session element name, of text v, says.
func sessionField(sess *session, name, v string) {
	switch name {
	case "gametype":
		sess.gametype = v
	case "tablename":
		sess.table = v
	case "tablecurrency", "tournamentcurrency":
		sess.currency = v
	case "currency":
		if sess.currency == "" {
			sess.currency = v
		}
	case "mode":
		sess.mode = v
	case "nickname":
		sess.nickname = v
	case "tournamentcode", "tourcode", "tournamentname":
		sess.tournament = sess.tournament || v != ""
	case "client_version":
		if major, _, _ := strings.Cut(v, "."); major != "" {
			if n, err := strconv.Atoi(major); err == nil && n >= 20 {
				sess.winsLeaveReturned = true
			}
		}
	case "uncalled_bet_enabled":
		if v == "true" {
			sess.winsLeaveReturned = true
		}
	case "tablesize":
		if n, err := strconv.Atoi(v); err == nil && n >= 2 && n <= 10 {
			sess.maxSeats = n
		}
	}
}

// action is one <action> of a game.
type action struct {
	no         int
	player, ty string
	sum        string
	line       int
}

// cardsElem is one <cards> element of a game.
type cardsElem struct {
	ty, player, text string
	line             int
}

// player is one <player> of a game.
type player struct {
	seat                    int
	name                    string
	chips, win, bet, dealer string
	line                    int
}

// raw is a game as the XML holds it.
type raw struct {
	code, start string
	players     []player
	rounds      [5][]action
	cards       [5][]cardsElem
}

// reset empties r, keeping its slices' room.
func (r *raw) reset() {
	*r = raw{players: r.players[:0], rounds: r.rounds, cards: r.cards}
	for k := range r.rounds {
		r.rounds[k], r.cards[k] = r.rounds[k][:0], r.cards[k][:0]
	}
}

// readGame reads one <game> part.
func readGame(b *sitetext.Builder, sess *session, p part, sc *scratch) (*handhistory.Hand, string, error) {
	h := &handhistory.Hand{Site: "ipoker", Format: string(handhistory.FormatIPoker), TableName: sess.table, Tournament: sess.tournament}
	b.Reset(h, 1)
	b.AnySeatNumber = true // seat numbers are not bound by the N-max
	if err := scan(p.text, p.line); err != nil {
		if k := strings.Index(p.text, `gamecode="`); k >= 0 {
			if e := strings.IndexByte(p.text[k+10:], '"'); e >= 0 && e < 40 {
				h.SiteHandID = p.text[k+10 : k+10+e]
			}
		}
		return nil, "", err
	}
	raw, err := decode(p, h, sc)
	if err != nil {
		return nil, "", err
	}
	g, skip, err := gameType(sess, h, p.line)
	if err != nil || skip != "" {
		return nil, skip, err
	}
	return build(b, sess, h, raw, g, p.line)
}

// scratch is what reading a file's games reuses from one game to the
// next: the lexer and the decoded game with their buffers.
type scratch struct {
	lx   lexer
	raw  raw
	path []string
}

// decode decodes a game's elements into sc.raw, valid until the next
// game.
func decode(p part, h *handhistory.Hand, sc *scratch) (*raw, error) {
	raw := &sc.raw
	path := sc.path[:0]
	defer func() { sc.path = path[:0] }()
	err := tokens(p.text, p.line, &sc.lx, func(src source) error {
		raw.reset()
		h.SiteHandID = ""
		path = path[:0]
		var text textBuf
		round := -1
		for {
			t, err := src.next()
			if err == io.EOF {
				break
			}
			if xe, ok := err.(*xmlError); ok {
				// A game cut off after a complete element: read as recorded.
				if len(path) > 0 && path[0] == "game" && xe.restBlank && raw.code != "" {
					break
				}
				return sitetext.LineError(xe.line, "bad XML: %s", xe.msg)
			}
			if err != nil {
				return err
			}
			line := t.line
			switch t.kind {
			case tokStart:
				name := t.name
				path = append(path, name)
				text.reset()
				switch {
				case len(path) == 1 && name != "game":
					return sitetext.LineError(line, "want a <game> element, got <%s>", handhistory.Clipped(name))
				case len(path) == 1:
					raw.code = t.attr("gamecode")
					h.SiteHandID = raw.code
					if !sitetext.IsHandID(raw.code) {
						return sitetext.LineError(line, "bad gamecode %s", sitetext.Quote(raw.code))
					}
				case name == "player" && len(path) == 4 && path[2] == "players":
					seat, err := strconv.Atoi(t.attr("seat"))
					if err != nil {
						return sitetext.LineError(line, "bad seat %s of player %s", sitetext.Quote(t.attr("seat")), sitetext.Quote(t.attr("name")))
					}
					raw.players = append(raw.players, player{seat: seat, name: t.attr("name"), chips: t.attr("chips"),
						win: t.attr("win"), bet: t.attr("bet"), dealer: t.attr("dealer"), line: line})
				case name == "round" && len(path) == 2:
					n, err := strconv.Atoi(t.attr("no"))
					if err != nil || n < 0 || n > 4 {
						return sitetext.LineError(line, "bad round number %s", sitetext.Quote(t.attr("no")))
					}
					round = n
				case name == "action" && len(path) == 3 && path[1] == "round":
					no, err := strconv.Atoi(t.attr("no"))
					if err != nil {
						return sitetext.LineError(line, "bad action number %s", sitetext.Quote(t.attr("no")))
					}
					raw.rounds[round] = append(raw.rounds[round], action{no: no, player: t.attr("player"), ty: t.attr("type"), sum: t.attr("sum"), line: line})
				case name == "cards" && len(path) == 3 && path[1] == "round":
					raw.cards[round] = append(raw.cards[round], cardsElem{ty: t.attr("type"), player: t.attr("player"), line: line})
				}
			case tokText:
				text.add(t.text)
			case tokEnd:
				switch {
				case len(path) == 3 && path[1] == "general" && path[2] == "startdate":
					raw.start = strings.TrimSpace(text.String())
				case len(path) == 3 && path[2] == "cards" && path[1] == "round":
					cs := raw.cards[round]
					cs[len(cs)-1].text = strings.TrimSpace(text.String())
				case len(path) == 2 && path[1] == "round":
					round = -1
				}
				path = path[:len(path)-1]
				text.reset()
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if raw.code == "" {
		return nil, sitetext.LineError(p.line, "a <game> without its gamecode")
	}
	return raw, nil
}

// gameType reads the session's <gametype>: game, structure, stakes,
// currency.
func gameType(sess *session, h *handhistory.Hand, line int) (sitetext.GameSpec, string, error) {
	gt := sess.gametype
	if k := strings.Index(gt, " Ante "); k >= 0 {
		gt = gt[:k]
	}
	var g sitetext.GameSpec
	rest := ""
	switch {
	case hasFoldPrefix(gt, "Omaha Hi-Lo "), hasFoldPrefix(gt, "Omaha HiLow "), hasFoldPrefix(gt, "Omaha HiLo "), hasFoldPrefix(gt, "Omaha H/L "):
		g.Game = eval.OmahaHiLo
		rest = gt[strings.IndexByte(gt[6:], ' ')+7:]
	case hasFoldPrefix(gt, "Omaha "):
		g.Game = eval.OmahaHi
		rest = gt[len("Omaha "):]
	default:
		name := gt
		for _, lim := range []string{" NL", " PL", " FL", " L ", " Pot limit", " No limit", " Limit"} {
			if k := strings.Index(name, lim); k > 0 {
				name = name[:k]
				break
			}
		}
		return g, sitetext.NotOmaha(strings.TrimSpace(name)), nil
	}
	limit, stakes, known := rest, "", false
	for _, l := range []struct {
		text string
		s    game.Structure
	}{{"Pot limit", game.PotLimit}, {"No limit", game.NoLimit}, {"Limit", game.FixedLimit}, {"PL", game.PotLimit}, {"LP", game.PotLimit}, {"NL", game.NoLimit}, {"SL", game.NoLimit}, {"LZ", game.NoLimit}, {"FL", game.FixedLimit}, {"L", game.FixedLimit}} {
		if hasFoldPrefix(rest, l.text) && (len(rest) == len(l.text) || rest[len(l.text)] == ' ') {
			g.Structure, limit, stakes, known = l.s, rest[:len(l.text)], strings.TrimSpace(rest[len(l.text):]), true
			break
		}
	}
	if !known {
		return g, "", sitetext.LineError(line, "unknown betting structure %s in the game type %s", sitetext.Quote(limit), sitetext.Quote(sess.gametype))
	}
	h.Table.Game, h.Table.Structure = g.Game, g.Structure
	h.Table.MaxSeats = sess.maxSeats
	play := strings.EqualFold(sess.mode, "play") || strings.EqualFold(sess.mode, "fun")
	if stakes == "" {
		h.Tournament = true
	}
	g.Scale = 100
	h.Table.ChipUnit = "0.01"
	switch {
	case h.Tournament || play:
		g.Scale = 1
		h.Table.ChipUnit = "1"
	default:
		h.Table.Currency = strings.ToUpper(strings.TrimSpace(sess.currency))
		if len(h.Table.Currency) != 3 {
			h.Table.Currency = ""
		}
	}
	if stakes != "" {
		a, c, ok := strings.Cut(stakes, "/")
		x, sx, ok1 := sitetext.ParseAmount(a, g.Scale)
		y, sy, ok2 := sitetext.ParseAmount(c, g.Scale)
		if !ok || !ok1 || !ok2 || x <= 0 || y < x {
			return g, "", sitetext.LineError(line, "bad stakes %s in the game type", sitetext.Quote(stakes))
		}
		if h.Table.Currency == "" && !h.Tournament && !play {
			h.Table.Currency = sitetext.CurrencyCode(sx)
		}
		if err := checkSym(h, sx, line, a); err != nil {
			return g, "", err
		}
		if err := checkSym(h, sy, line, c); err != nil {
			return g, "", err
		}
		g.Stakes, g.HasStakes = [2]int64{x, y}, true
	}
	return g, "", nil
}

// hasFoldPrefix is strings.HasPrefix ignoring ASCII case.
func hasFoldPrefix(s, p string) bool {
	return len(s) >= len(p) && strings.EqualFold(s[:len(p)], p)
}

// checkSym checks that an amount's currency mark is the table's.
func checkSym(h *handhistory.Hand, sym string, line int, s string) error {
	if sym == "" || h.Table.Currency == "" && h.Tournament {
		return nil
	}
	if c := sitetext.CurrencyCode(sym); c != h.Table.Currency {
		return sitetext.LineError(line, "amount %s is not in the table's currency %s", sitetext.Quote(s), h.Table.Currency)
	}
	return nil
}

// amount reads an amount of the game.
func amount(h *handhistory.Hand, g *sitetext.GameSpec, s string, line int, what string) (int64, error) {
	x, sym, ok := sitetext.ParseAmount(s, g.Scale)
	if !ok {
		return 0, sitetext.LineError(line, "bad amount %s (%s)", sitetext.Quote(s), what)
	}
	if err := checkSym(h, sym, line, s); err != nil {
		return 0, err
	}
	return x, nil
}

// parseCards reads "D8 C8 C10 S10" (suit first; "X" unseen) or the
// usual rank-first form.
func parseCards(s string) (cards.List, int, error) {
	var out cards.List
	unknown := 0
	for f := range strings.FieldsSeq(s) {
		switch f {
		case "X", "x", "XX", "xx":
			unknown++
			continue
		}
		if c, ok := suitFirst(f); ok {
			out = append(out, c)
			continue
		}
		if len(f) >= 2 && strings.IndexByte("SHDCshdc", f[0]) >= 0 {
			if c, err := cards.Parse(f[1:] + f[:1]); err == nil && len(c) == 1 {
				out = append(out, c[0])
				continue
			}
		}
		c, err := cards.Parse(f)
		if err != nil || len(c) != 1 {
			return nil, 0, fmt.Errorf("bad card %s", sitetext.Quote(f))
		}
		out = append(out, c[0])
	}
	return out, unknown, nil
}

// suitFirst reads the usual suit-first card ("D8", "c10", "SA"): a
// suit letter then a rank (one character, or "10"), as cards.Parse reads
// the rank then the suit.
func suitFirst(f string) (cards.Card, bool) {
	if len(f) < 2 || len(f) > 3 {
		return 0, false
	}
	su, ok := sitetext.SuitLetter(f[0])
	if !ok {
		return 0, false
	}
	if len(f) == 3 {
		if f[1:] != "10" {
			return 0, false
		}
		return cards.New(cards.Ten, su), true
	}
	var r cards.Rank
	switch b := f[1]; {
	case b >= '2' && b <= '9':
		r = cards.Rank(b - '2')
	case b == 't' || b == 'T':
		r = cards.Ten
	case b == 'j' || b == 'J':
		r = cards.Jack
	case b == 'q' || b == 'Q':
		r = cards.Queen
	case b == 'k' || b == 'K':
		r = cards.King
	case b == 'a' || b == 'A':
		r = cards.Ace
	default:
		return 0, false
	}
	return cards.New(r, su), true
}

// build turns a decoded game into a Hand.
func build(b *sitetext.Builder, sess *session, h *handhistory.Hand, raw *raw, g sitetext.GameSpec, line int) (*handhistory.Hand, string, error) {
	h.Time = parseTime(raw.start)
	// An empty seat is written as a player without a name and with
	// nothing in chips, bet or won (<player seat="1" name="" chips="$0"
	// .../>): no player of the hand. A nameless seat with money is still
	// an error (AddSeat's).
	kept := raw.players[:0]
	for _, pl := range raw.players {
		if pl.name == "" && zeroAmount(pl.chips) && zeroAmount(pl.bet) && zeroAmount(pl.win) {
			continue
		}
		kept = append(kept, pl)
	}
	raw.players = kept
	if len(raw.players) == 0 {
		return nil, "", sitetext.LineError(line, "game %s lists no players", raw.code)
	}
	bets := make([]int64, len(raw.players))
	wins := make([]int64, len(raw.players))
	for k, pl := range raw.players {
		chips, err := amount(h, &g, pl.chips, pl.line, "chips")
		if err != nil {
			return nil, "", err
		}
		if bets[k], err = amount(h, &g, pl.bet, pl.line, "bet"); err != nil {
			return nil, "", err
		}
		if wins[k], err = amount(h, &g, pl.win, pl.line, "win"); err != nil {
			return nil, "", err
		}
		if bets[k] > chips {
			return nil, "", sitetext.LineError(pl.line, "%s bets %s with %s in chips", sitetext.Quote(pl.name), pl.bet, pl.chips)
		}
		if err := b.AddSeat(sitetext.Line{N: pl.line}, pl.seat, pl.name, chips, false); err != nil {
			return nil, "", err
		}
		if pl.dealer == "1" {
			b.Button = pl.seat
		}
	}
	// The uncalled bet by the record's own "bet" figures, for the
	// finishing stacks of exports whose win leaves it out.
	top, second := -1, int64(0)
	for k := range bets {
		if top < 0 || bets[k] > bets[top] {
			if top >= 0 {
				second = max(second, bets[top])
			}
			top = k
		} else {
			second = max(second, bets[k])
		}
	}
	for k := range raw.players {
		st := &b.Seats[k]
		st.Collected = wins[k]
		st.Finish, st.FinishSet = st.Stack-bets[k]+wins[k], true
		if sess.winsLeaveReturned && k == top {
			st.Finish += bets[top] - second
		}
	}
	for r := 0; r < 5; r++ {
		for _, c := range raw.cards[r] {
			known, unknown, err := parseCards(c.text)
			if err != nil {
				return nil, "", sitetext.LineError(c.line, "%v in %s", err, sitetext.Quote(c.text))
			}
			switch c.ty {
			case "Pocket":
				i := b.Named(c.player)
				if i < 0 {
					return nil, "", sitetext.LineError(c.line, "cards dealt to %s, who is not seated", sitetext.Quote(c.player))
				}
				b.Seats[i].Used = true
				switch {
				case len(known) == 4 && unknown == 0:
					if err := b.SetHole(sitetext.Line{N: c.line}, i, known); err != nil {
						return nil, "", err
					}
				case len(known) == 0:
				default:
					return nil, "", sitetext.LineError(c.line, "%d known and %d unseen hole cards for %s; Omaha deals 4", len(known), unknown, sitetext.Quote(c.player))
				}
			case "Flop", "Turn", "River":
				want := 4 // River
				switch c.ty {
				case "Flop":
					want = 2
				case "Turn":
					want = 3
				}
				if r != want || unknown > 0 {
					return nil, "", sitetext.LineError(c.line, "%s cards %s in round %d", c.ty, sitetext.Quote(c.text), r)
				}
				if err := b.DealNext(sitetext.Line{N: c.line}, known); err != nil {
					return nil, "", err
				}
			default:
				return nil, "", sitetext.LineError(c.line, "cards of type %s: not an Omaha deal", sitetext.Quote(c.ty))
			}
		}
		acts := raw.rounds[r]
		slices.SortStableFunc(acts, func(x, y action) int { return cmp.Compare(x.no, y.no) })
		for _, a := range acts {
			if err := act(b, h, &g, r, a); err != nil {
				return nil, "", err
			}
			if len(b.Actions) > handhistory.MaxActions {
				return nil, "", handhistory.TooManyActions(a.line, 0)
			}
		}
	}
	var bb int64
	if g.HasStakes {
		bb = g.Stakes[1]
	}
	b.SetBets(g.Structure, g.HasStakes, g.Stakes[0], g.Stakes[1], bb)
	b.Settle = sitetext.Settlement{Derived: true, WinsWithReturned: !sess.winsLeaveReturned, AutoShow: true}
	if err := b.Assemble(line); err != nil {
		return nil, "", err
	}
	return b.Hand, "", nil
}

// act applies one action of round r.
func act(b *sitetext.Builder, h *handhistory.Hand, g *sitetext.GameSpec, r int, a action) error {
	i := b.Named(a.player)
	if i < 0 {
		return sitetext.LineError(a.line, "action by %s, who is not seated", sitetext.Quote(a.player))
	}
	x, err := amount(h, g, a.sum, a.line, "sum")
	if a.sum == "" {
		x, err = 0, nil
	}
	if err != nil {
		return err
	}
	if r == 0 {
		switch a.ty {
		case "1", "2", "15", "8":
		default:
			return sitetext.LineError(a.line, "action type %s before the deal", sitetext.Quote(a.ty))
		}
	} else if a.ty == "1" || a.ty == "2" || a.ty == "15" {
		return sitetext.LineError(a.line, "a blind or ante (type %s) after the deal", a.ty)
	}
	switch a.ty {
	case "1":
		return b.Post(sitetext.Line{N: a.line}, i, game.SmallBlind, x)
	case "2":
		if bb := g.Stakes[1]; g.HasStakes && g.Structure != game.FixedLimit && x > bb && len(b.Posts) > 0 {
			// Both blinds at once: the small blind's part is dead.
			if err := b.Post(sitetext.Line{N: a.line}, i, game.Dead, x-bb); err != nil {
				return err
			}
			return b.Post(sitetext.Line{N: a.line}, i, game.BigBlind, bb)
		}
		return b.Post(sitetext.Line{N: a.line}, i, game.BigBlind, x)
	case "15":
		return b.Post(sitetext.Line{N: a.line}, i, game.Ante, x)
	case "8":
		return nil
	case "9":
		if !b.Seats[i].Used {
			// Sitting out with no cards dealt and nothing posted: not a
			// player of the hand.
			return nil
		}
		return b.Fold(sitetext.Line{N: a.line}, i)
	case "0":
		return b.Fold(sitetext.Line{N: a.line}, i)
	case "4":
		return b.Check(sitetext.Line{N: a.line}, i)
	case "3":
		return b.Call(sitetext.Line{N: a.line}, i, x)
	case "5", "7":
		return b.PutMore(sitetext.Line{N: a.line}, i, x)
	case "23":
		return b.BetTo(sitetext.Line{N: a.line}, i, x)
	case "6":
		return b.BetTo(sitetext.Line{N: a.line}, i, b.CurBet+x)
	default:
		return sitetext.LineError(a.line, "unknown action type %s", sitetext.Quote(a.ty))
	}
}

// parseTime returns the start date as RFC 3339 without an offset, "" when
// it is in no known form.
func parseTime(s string) string {
	for _, layout := range []string{"2006-01-02 15:04:05", "02-01-2006 15:04:05", "02/01/2006 15:04:05", "02.01.2006 15:04:05", "2006/01/02 15:04:05", "02-Jan-2006 15:04:05", "02-Jan-2006 15:04"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.Format("2006-01-02T15:04:05")
		}
	}
	return ""
}

// textBuf gathers an element's text, at most MaxLineBytes of it (the
// rest is dropped: no field holds a longer text). One piece, the plain
// case, is kept as it is, without a copy; more pieces (comments or CDATA
// sections split the text) are joined in a Builder: appending them to a
// string copied the whole text once per piece, quadratic in a crafted
// file (1.6 MB of session header took 7.7 s).
type textBuf struct {
	one string
	b   strings.Builder
	n   int
}

func (t *textBuf) reset() {
	t.one, t.n = "", 0
	t.b.Reset()
}

func (t *textBuf) add(s string) {
	if s == "" || t.n+len(s) > handhistory.MaxLineBytes {
		return
	}
	if t.n == 0 {
		t.one = s
	} else {
		if t.b.Len() == 0 {
			t.b.WriteString(t.one)
		}
		t.b.WriteString(s)
	}
	t.n += len(s)
}

func (t *textBuf) String() string {
	if t.b.Len() > 0 {
		return t.b.String()
	}
	return t.one
}

// zeroAmount reports whether an iPoker amount attribute says nothing or
// zero ("", "0", "$0", "€0.00", "0,00").
func zeroAmount(s string) bool {
	for _, r := range s {
		switch {
		case r == '0', r == '.', r == ',', r == ' ':
		case r >= '1' && r <= '9':
			return false
		}
	}
	return true
}
