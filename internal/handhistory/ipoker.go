package handhistory

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
//     and a big blind), 15 ante, 0 fold, 9 sitting out (a fold), 4 check,
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
//     Returned zero (see ippBuilder.finish), and the rake the chips put
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
// input beyond the bound: elements nest at most ipkMaxDepth deep, an
// element has at most ipkMaxAttrs attributes, a tag, a text or a comment
// is at most MaxLineBytes bytes, a game has at most MaxActions actions
// (*fault.Error of kind Impossible) and ipkMaxElements elements, and DTDs
// (<!DOCTYPE, entities) are refused. A game breaking a bound, or
// malformed, is an Entry with a *fault.Error naming its line; the other
// games of the file are still read.

// The iPoker reader's bounds (see above).
const (
	// ipkMaxDepth is the deepest element nesting read; an iPoker game
	// nests 4 deep (session, game, round, action).
	ipkMaxDepth = MaxNesting
	// ipkMaxAttrs is the most attributes one element may have (a player
	// has about 10).
	ipkMaxAttrs = 32
	// ipkMaxElements is the most elements one game may have (every action
	// and card list, the players and rounds).
	ipkMaxElements = 2*MaxActions + 64
)

// ipkSession is what a session's <general> says of its games.
type ipkSession struct {
	gametype, table, currency, mode, nickname string
	tournament, winsLeaveReturned             bool
	maxSeats                                  int
	line                                      int
}

// ipkPart is one game's text (or, when hdr, a session header's).
type ipkPart struct {
	text string
	line int // the line where it starts
	hdr  bool
}

// readIPoker reads an iPoker XML file (see Read): an Entry per game. The
// error return is for data holding no <game> element at all.
func readIPoker(data []byte) ([]Entry, error) {
	text := strings.ReplaceAll(string(data), "\uFEFF", "")
	parts := ipkSplit(text)
	var (
		entries []Entry
		sess    ipkSession
		hasSess bool
		sessErr error
		b       ippBuilder
		sc      ipkScratch // its buffers serve every game
	)
	for _, p := range parts {
		if p.hdr {
			s, ok, err := ipkHeader(p, &sc.lx)
			if ok || err != nil {
				sess, hasSess, sessErr = s, ok, err
			}
			continue
		}
		if handsFull(&entries, p.line) {
			break
		}
		var (
			h    *Hand
			skip string
			err  error
		)
		switch {
		case sessErr != nil:
			err = sessErr
		case !hasSess:
			err = siteErr(p.line, "a <game> without its session's <general> (game type, table, currency)")
		default:
			h, skip, err = ipkGame(&b, &sess, p, &sc)
		}
		if h == nil && b.h != nil {
			h = &Hand{SiteHandID: b.h.SiteHandID}
		}
		entries = append(entries, newEntry(len(entries)+1, p.line, h, skip, err))
		b.h = nil
	}
	if len(entries) == 0 {
		return nil, &fault.Error{Kind: fault.Invalid, Action: -1, Message: "no iPoker game (\"<game gamecode=...>\") found"}
	}
	return entries, nil
}

// ipkGameStart returns the index in s of the next "<game" start tag, -1
// when none.
func ipkGameStart(s string) int {
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

// ipkSplit cuts text into session headers and games: a game runs from its
// "<game" to its "</game>", or, when cut off, to the next "<game" or the
// end of the text. Well-formed XML has no raw '<' in attribute values or
// text, so the cut is exact for every file the decoder would accept.
func ipkSplit(text string) []ipkPart {
	var parts []ipkPart
	line := 1
	pos := 0
	for pos < len(text) {
		g := ipkGameStart(text[pos:])
		if g < 0 {
			break
		}
		g += pos
		if strings.TrimSpace(text[pos:g]) != "" {
			parts = append(parts, ipkPart{text: text[pos:g], line: line, hdr: true})
		}
		line += strings.Count(text[pos:g], "\n")
		end := len(text)
		next := ipkGameStart(text[g+len("<game"):])
		if next >= 0 {
			next += g + len("<game")
			end = next
		}
		if c := strings.Index(text[g:end], "</game>"); c >= 0 {
			end = g + c + len("</game>")
		}
		parts = append(parts, ipkPart{text: text[g:end], line: line})
		line += strings.Count(text[g:end], "\n")
		pos = end
	}
	return parts
}

// ipkScan checks the bounds of an XML text (see the package comment of
// this file) in one linear pass that allocates nothing; line is the line
// the text starts on. The error is a *fault.Error naming the line.
func ipkScan(s string, line int) error {
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
			if j-i > MaxLineBytes && strings.TrimSpace(s[i:j]) != "" {
				return siteErr(line, "a text of %d bytes; at most %d (MaxLineBytes)", j-i, MaxLineBytes)
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
			return siteErr(line, "a DTD or declaration (%s): not read", siteQuote(rest[:min(len(rest), 20)]))
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
			if k > MaxLineBytes {
				return siteErr(line, "a comment or instruction of %d bytes; at most %d (MaxLineBytes)", k, MaxLineBytes)
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
		if j-i > MaxLineBytes {
			return siteErr(start, "a tag of %d bytes; at most %d (MaxLineBytes)", j-i, MaxLineBytes)
		}
		if attrs > ipkMaxAttrs {
			return siteErr(start, "an element with %d attributes; at most %d", attrs, ipkMaxAttrs)
		}
		switch {
		case j >= len(s): // cut off: the reading reports it
		case i+1 < len(s) && s[i+1] == '/':
			if depth > 0 {
				depth--
			}
		default:
			elems++
			if elems > ipkMaxElements {
				return siteErr(start, "more than %d elements in one game", ipkMaxElements)
			}
			if strings.HasPrefix(s[i+1:], "action") && j > i+7 && strings.IndexByte(" \t\r\n/>", s[i+7]) >= 0 {
				actions++
				if actions > MaxActions {
					return tooManyActions(start, 0)
				}
			}
			if s[j-1] != '/' {
				depth++
				if depth > ipkMaxDepth {
					return siteErr(start, "elements nest deeper than %d (MaxNesting)", ipkMaxDepth)
				}
			}
		}
		i = j + 1
	}
	return nil
}

// ipkHeader reads the last session <general> of a header part; ok is false
// when the part has none.
func ipkHeader(p ipkPart, lx *ipkLexer) (ipkSession, bool, error) {
	k := strings.LastIndex(p.text, "<general")
	if k < 0 {
		return ipkSession{}, false, nil
	}
	line := p.line + strings.Count(p.text[:k], "\n")
	s := p.text[k:]
	if e := strings.Index(s, "</general>"); e >= 0 {
		s = s[:e+len("</general>")]
	}
	if err := ipkScan(s, line); err != nil {
		return ipkSession{}, false, err
	}
	var sess ipkSession
	err := ipkTokens(s, line, lx, func(src ipkSource) error {
		sess = ipkSession{line: line}
		// A value's text may come in many pieces (comments or CDATA
		// sections split it): see ipkTextBuf.
		var field string
		var val ipkTextBuf
		for {
			t, err := src.next()
			if err == io.EOF {
				return nil
			}
			if xe, ok := err.(*ipkXMLError); ok {
				return siteErr(xe.line, "bad XML in the session's <general>: %v", xe.msg)
			}
			if err != nil {
				return err
			}
			switch t.kind {
			case ipkStart:
				field = t.name
				val.reset()
			case ipkText:
				if field != "" {
					val.add(t.text)
				}
			case ipkEnd:
				ipkSessionField(&sess, t.name, strings.TrimSpace(val.String()))
				field = ""
			}
		}
	})
	if err != nil {
		return ipkSession{}, false, err
	}
	if sess.gametype == "" {
		return ipkSession{}, false, siteErr(line, "the session's <general> has no <gametype>")
	}
	return sess, true, nil
}

// ipkSessionField sets what the session element name, of text v, says.
func ipkSessionField(sess *ipkSession, name, v string) {
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

// ipkAction is one <action> of a game.
type ipkAction struct {
	no         int
	player, ty string
	sum        string
	line       int
}

// ipkCards is one <cards> element of a game.
type ipkCards struct {
	ty, player, text string
	line             int
}

// ipkPlayer is one <player> of a game.
type ipkPlayer struct {
	seat                    int
	name                    string
	chips, win, bet, dealer string
	line                    int
}

// ipkRaw is a game as the XML holds it.
type ipkRaw struct {
	code, start string
	players     []ipkPlayer
	rounds      [5][]ipkAction
	cards       [5][]ipkCards
}

// reset empties r, keeping its slices' room.
func (r *ipkRaw) reset() {
	*r = ipkRaw{players: r.players[:0], rounds: r.rounds, cards: r.cards}
	for k := range r.rounds {
		r.rounds[k], r.cards[k] = r.rounds[k][:0], r.cards[k][:0]
	}
}

// ipkGame reads one <game> part.
func ipkGame(b *ippBuilder, sess *ipkSession, p ipkPart, sc *ipkScratch) (*Hand, string, error) {
	h := &Hand{Site: "ipoker", Format: string(FormatIPoker), TableName: sess.table, Tournament: sess.tournament}
	b.reset(h)
	if err := ipkScan(p.text, p.line); err != nil {
		if k := strings.Index(p.text, `gamecode="`); k >= 0 {
			if e := strings.IndexByte(p.text[k+10:], '"'); e >= 0 && e < 40 {
				h.SiteHandID = p.text[k+10 : k+10+e]
			}
		}
		return nil, "", err
	}
	raw, err := ipkDecode(p, h, sc)
	if err != nil {
		return nil, "", err
	}
	g, skip, err := ipkGameType(sess, h, p.line)
	if err != nil || skip != "" {
		return nil, skip, err
	}
	return ipkBuild(b, sess, h, raw, g, p.line)
}

// ipkScratch is what reading a file's games reuses from one game to the
// next: the lexer and the decoded game with their buffers.
type ipkScratch struct {
	lx   ipkLexer
	raw  ipkRaw
	path []string
}

// ipkDecode decodes a game's elements into sc.raw, valid until the next
// game.
func ipkDecode(p ipkPart, h *Hand, sc *ipkScratch) (*ipkRaw, error) {
	raw := &sc.raw
	path := sc.path[:0]
	defer func() { sc.path = path[:0] }()
	err := ipkTokens(p.text, p.line, &sc.lx, func(src ipkSource) error {
		raw.reset()
		h.SiteHandID = ""
		path = path[:0]
		var text ipkTextBuf
		round := -1
		for {
			t, err := src.next()
			if err == io.EOF {
				break
			}
			if xe, ok := err.(*ipkXMLError); ok {
				// A game cut off after a complete element: read as recorded.
				if len(path) > 0 && path[0] == "game" && xe.restBlank && raw.code != "" {
					break
				}
				return siteErr(xe.line, "bad XML: %s", xe.msg)
			}
			if err != nil {
				return err
			}
			line := t.line
			switch t.kind {
			case ipkStart:
				name := t.name
				path = append(path, name)
				text.reset()
				switch {
				case len(path) == 1 && name != "game":
					return siteErr(line, "want a <game> element, got <%s>", clipped(name))
				case len(path) == 1:
					raw.code = t.attr("gamecode")
					h.SiteHandID = raw.code
					if !ippID(raw.code) {
						return siteErr(line, "bad gamecode %s", siteQuote(raw.code))
					}
				case name == "player" && len(path) == 4 && path[2] == "players":
					seat, err := strconv.Atoi(t.attr("seat"))
					if err != nil {
						return siteErr(line, "bad seat %s of player %s", siteQuote(t.attr("seat")), siteQuote(t.attr("name")))
					}
					raw.players = append(raw.players, ipkPlayer{seat: seat, name: t.attr("name"), chips: t.attr("chips"),
						win: t.attr("win"), bet: t.attr("bet"), dealer: t.attr("dealer"), line: line})
				case name == "round" && len(path) == 2:
					n, err := strconv.Atoi(t.attr("no"))
					if err != nil || n < 0 || n > 4 {
						return siteErr(line, "bad round number %s", siteQuote(t.attr("no")))
					}
					round = n
				case name == "action" && len(path) == 3 && path[1] == "round":
					no, err := strconv.Atoi(t.attr("no"))
					if err != nil {
						return siteErr(line, "bad action number %s", siteQuote(t.attr("no")))
					}
					raw.rounds[round] = append(raw.rounds[round], ipkAction{no: no, player: t.attr("player"), ty: t.attr("type"), sum: t.attr("sum"), line: line})
				case name == "cards" && len(path) == 3 && path[1] == "round":
					raw.cards[round] = append(raw.cards[round], ipkCards{ty: t.attr("type"), player: t.attr("player"), line: line})
				}
			case ipkText:
				text.add(t.text)
			case ipkEnd:
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
		return nil, siteErr(p.line, "a <game> without its gamecode")
	}
	return raw, nil
}

// ippID reports whether s is a plausible hand id: 1 to 40 letters,
// digits or '-'.
func ippID(s string) bool {
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

// ipkGameSpec is a game type read from <gametype>.
type ipkGameSpec struct {
	game      eval.Game
	structure Structure
	stakes    [2]int64
	hasStakes bool
	scale     int64
}

// ipkGameType reads the session's <gametype>: game, structure, stakes,
// currency.
func ipkGameType(sess *ipkSession, h *Hand, line int) (ipkGameSpec, string, error) {
	gt := sess.gametype
	if k := strings.Index(gt, " Ante "); k >= 0 {
		gt = gt[:k]
	}
	var g ipkGameSpec
	rest := ""
	switch {
	case ipkHasFoldPrefix(gt, "Omaha Hi-Lo "), ipkHasFoldPrefix(gt, "Omaha HiLow "), ipkHasFoldPrefix(gt, "Omaha HiLo "), ipkHasFoldPrefix(gt, "Omaha H/L "):
		g.game = eval.OmahaHiLo
		rest = gt[strings.IndexByte(gt[6:], ' ')+7:]
	case ipkHasFoldPrefix(gt, "Omaha "):
		g.game = eval.OmahaHi
		rest = gt[len("Omaha "):]
	default:
		name := gt
		for _, lim := range []string{" NL", " PL", " FL", " L ", " Pot limit", " No limit", " Limit"} {
			if k := strings.Index(name, lim); k > 0 {
				name = name[:k]
				break
			}
		}
		return g, "game " + clipped(strings.TrimSpace(name)) + " is not Omaha", nil
	}
	limit, stakes := rest, ""
	for _, l := range []struct {
		text string
		s    Structure
	}{{"Pot limit", PotLimit}, {"No limit", NoLimit}, {"Limit", FixedLimit}, {"PL", PotLimit}, {"LP", PotLimit}, {"NL", NoLimit}, {"SL", NoLimit}, {"LZ", NoLimit}, {"FL", FixedLimit}, {"L", FixedLimit}} {
		if ipkHasFoldPrefix(rest, l.text) && (len(rest) == len(l.text) || rest[len(l.text)] == ' ') {
			g.structure, limit, stakes = l.s, rest[:len(l.text)], strings.TrimSpace(rest[len(l.text):])
			break
		}
	}
	if g.structure == "" {
		return g, "", siteErr(line, "unknown betting structure %s in the game type %s", siteQuote(limit), siteQuote(sess.gametype))
	}
	h.Table.Game, h.Table.Structure = g.game, g.structure
	h.Table.MaxSeats = sess.maxSeats
	play := strings.EqualFold(sess.mode, "play") || strings.EqualFold(sess.mode, "fun")
	if stakes == "" {
		h.Tournament = true
	}
	g.scale = 100
	h.Table.ChipUnit = "0.01"
	switch {
	case h.Tournament || play:
		g.scale = 1
		h.Table.ChipUnit = "1"
	default:
		h.Table.Currency = strings.ToUpper(strings.TrimSpace(sess.currency))
		if len(h.Table.Currency) != 3 {
			h.Table.Currency = ""
		}
	}
	if stakes != "" {
		a, c, ok := strings.Cut(stakes, "/")
		x, sx, ok1 := parseSiteAmount(a, g.scale)
		y, sy, ok2 := parseSiteAmount(c, g.scale)
		if !ok || !ok1 || !ok2 || x <= 0 || y < x {
			return g, "", siteErr(line, "bad stakes %s in the game type", siteQuote(stakes))
		}
		if h.Table.Currency == "" && !h.Tournament && !play {
			h.Table.Currency = siteCurrencyCode(sx)
		}
		if err := ipkCheckSym(h, sx, line, a); err != nil {
			return g, "", err
		}
		if err := ipkCheckSym(h, sy, line, c); err != nil {
			return g, "", err
		}
		g.stakes, g.hasStakes = [2]int64{x, y}, true
	}
	return g, "", nil
}

// ipkHasFoldPrefix is strings.HasPrefix ignoring ASCII case.
func ipkHasFoldPrefix(s, p string) bool {
	return len(s) >= len(p) && strings.EqualFold(s[:len(p)], p)
}

// ipkCheckSym checks that an amount's currency mark is the table's.
func ipkCheckSym(h *Hand, sym string, line int, s string) error {
	if sym == "" || h.Table.Currency == "" && h.Tournament {
		return nil
	}
	if c := siteCurrencyCode(sym); c != h.Table.Currency {
		return siteErr(line, "amount %s is not in the table's currency %s", siteQuote(s), h.Table.Currency)
	}
	return nil
}

// ipkAmount reads an amount of the game.
func ipkAmount(h *Hand, g *ipkGameSpec, s string, line int, what string) (int64, error) {
	x, sym, ok := parseSiteAmount(s, g.scale)
	if !ok {
		return 0, siteErr(line, "bad amount %s (%s)", siteQuote(s), what)
	}
	if err := ipkCheckSym(h, sym, line, s); err != nil {
		return 0, err
	}
	return x, nil
}

// ipkParseCards reads "D8 C8 C10 S10" (suit first; "X" unseen) or the
// usual rank-first form.
func ipkParseCards(s string) (cards.List, int, error) {
	var out cards.List
	unknown := 0
	for f := range strings.FieldsSeq(s) {
		switch f {
		case "X", "x", "XX", "xx":
			unknown++
			continue
		}
		if c, ok := ipkSuitFirst(f); ok {
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
			return nil, 0, fmt.Errorf("bad card %s", siteQuote(f))
		}
		out = append(out, c[0])
	}
	return out, unknown, nil
}

// ipkSuitFirst reads the usual suit-first card ("D8", "c10", "SA"): a
// suit letter then a rank (one character, or "10"), as cards.Parse reads
// the rank then the suit.
func ipkSuitFirst(f string) (cards.Card, bool) {
	if len(f) < 2 || len(f) > 3 {
		return 0, false
	}
	var su cards.Suit
	switch f[0] {
	case 'c', 'C':
		su = cards.Clubs
	case 'd', 'D':
		su = cards.Diamonds
	case 'h', 'H':
		su = cards.Hearts
	case 's', 'S':
		su = cards.Spades
	default:
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

// ipkBuild turns a decoded game into a Hand.
func ipkBuild(b *ippBuilder, sess *ipkSession, h *Hand, raw *ipkRaw, g ipkGameSpec, line int) (*Hand, string, error) {
	h.Time = ipkTime(raw.start)
	if len(raw.players) == 0 {
		return nil, "", siteErr(line, "game %s lists no players", raw.code)
	}
	bets := make([]int64, len(raw.players))
	wins := make([]int64, len(raw.players))
	for k, pl := range raw.players {
		chips, err := ipkAmount(h, &g, pl.chips, pl.line, "chips")
		if err != nil {
			return nil, "", err
		}
		if bets[k], err = ipkAmount(h, &g, pl.bet, pl.line, "bet"); err != nil {
			return nil, "", err
		}
		if wins[k], err = ipkAmount(h, &g, pl.win, pl.line, "win"); err != nil {
			return nil, "", err
		}
		if bets[k] > chips {
			return nil, "", siteErr(pl.line, "%s bets %s with %s in chips", siteQuote(pl.name), pl.bet, pl.chips)
		}
		if err := b.addSeat(pl.line, pl.seat, pl.name, chips); err != nil {
			return nil, "", err
		}
		if pl.dealer == "1" {
			b.button = pl.seat
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
		st := &b.seats[k]
		st.collected = wins[k]
		st.finish, st.finishSet = st.stack-bets[k]+wins[k], true
		if sess.winsLeaveReturned && k == top {
			st.finish += bets[top] - second
		}
	}
	for r := 0; r < 5; r++ {
		for _, c := range raw.cards[r] {
			known, unknown, err := ipkParseCards(c.text)
			if err != nil {
				return nil, "", siteErr(c.line, "%v in %s", err, siteQuote(c.text))
			}
			switch c.ty {
			case "Pocket":
				i := b.named(c.player)
				if i < 0 {
					return nil, "", siteErr(c.line, "cards dealt to %s, who is not seated", siteQuote(c.player))
				}
				b.seats[i].used = true
				switch {
				case len(known) == 4 && unknown == 0:
					if err := b.setHole(c.line, i, known); err != nil {
						return nil, "", err
					}
				case len(known) == 0:
				default:
					return nil, "", siteErr(c.line, "%d known and %d unseen hole cards for %s; Omaha deals 4", len(known), unknown, siteQuote(c.player))
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
					return nil, "", siteErr(c.line, "%s cards %s in round %d", c.ty, siteQuote(c.text), r)
				}
				if err := b.deal(c.line, known); err != nil {
					return nil, "", err
				}
			default:
				return nil, "", siteErr(c.line, "cards of type %s: not an Omaha deal", siteQuote(c.ty))
			}
		}
		acts := raw.rounds[r]
		slices.SortStableFunc(acts, func(x, y ipkAction) int { return cmp.Compare(x.no, y.no) })
		for _, a := range acts {
			if err := ipkAct(b, h, &g, r, a); err != nil {
				return nil, "", err
			}
			if len(b.actions) > MaxActions {
				return nil, "", tooManyActions(a.line, 0)
			}
		}
	}
	t := &h.Table
	if g.structure == FixedLimit {
		t.MaxBets = 4
		if g.hasStakes {
			t.SmallBet, t.BigBet = g.stakes[0], g.stakes[1]
		}
	} else {
		t.MinBet = b.bigBlind()
		if t.MinBet == 0 && g.hasStakes {
			t.MinBet = g.stakes[1]
		}
	}
	hand, err := b.finish(line, sbOutcome{winsWithReturned: !sess.winsLeaveReturned, autoShow: true})
	return hand, "", err
}

// ipkAct applies one action of round r.
func ipkAct(b *ippBuilder, h *Hand, g *ipkGameSpec, r int, a ipkAction) error {
	i := b.named(a.player)
	if i < 0 {
		return siteErr(a.line, "action by %s, who is not seated", siteQuote(a.player))
	}
	x, err := ipkAmount(h, g, a.sum, a.line, "sum")
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
			return siteErr(a.line, "action type %s before the deal", siteQuote(a.ty))
		}
	} else if a.ty == "1" || a.ty == "2" || a.ty == "15" {
		return siteErr(a.line, "a blind or ante (type %s) after the deal", a.ty)
	}
	switch a.ty {
	case "1":
		return b.post(a.line, i, PostSmallBlind, x)
	case "2":
		if bb := g.stakes[1]; g.hasStakes && g.structure != FixedLimit && x > bb && len(b.posts) > 0 {
			// Both blinds at once: the small blind's part is dead.
			if err := b.post(a.line, i, PostDead, x-bb); err != nil {
				return err
			}
			return b.post(a.line, i, PostBigBlind, bb)
		}
		return b.post(a.line, i, PostBigBlind, x)
	case "15":
		return b.post(a.line, i, PostAnte, x)
	case "8":
		return nil
	case "0", "9":
		b.fold(i)
	case "4":
		b.check(i)
	case "3":
		return b.call(a.line, i, x)
	case "5", "7":
		return b.putMore(a.line, i, x)
	case "23":
		return b.betTo(a.line, i, x)
	case "6":
		return b.betTo(a.line, i, b.curBet+x)
	default:
		return siteErr(a.line, "unknown action type %s", siteQuote(a.ty))
	}
	return nil
}

// ipkTime returns the start date as RFC 3339 without an offset, "" when
// it is in no known form.
func ipkTime(s string) string {
	for _, layout := range []string{"2006-01-02 15:04:05", "02-01-2006 15:04:05", "02/01/2006 15:04:05", "02.01.2006 15:04:05", "2006/01/02 15:04:05", "02-Jan-2006 15:04:05", "02-Jan-2006 15:04"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.Format("2006-01-02T15:04:05")
		}
	}
	return ""
}

// ipkTextBuf gathers an element's text, at most MaxLineBytes of it (the
// rest is dropped: no field holds a longer text). One piece, the plain
// case, is kept as it is, without a copy; more pieces (comments or CDATA
// sections split the text) are joined in a Builder: appending them to a
// string copied the whole text once per piece, quadratic in a crafted
// file (1.6 MB of session header took 7.7 s).
type ipkTextBuf struct {
	one string
	b   strings.Builder
	n   int
}

func (t *ipkTextBuf) reset() {
	t.one, t.n = "", 0
	t.b.Reset()
}

func (t *ipkTextBuf) add(s string) {
	if s == "" || t.n+len(s) > MaxLineBytes {
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

func (t *ipkTextBuf) String() string {
	if t.b.Len() > 0 {
		return t.b.String()
	}
	return t.one
}
