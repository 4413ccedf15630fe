package pokerstars

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/sitetext"
)

// localeDir holds the localized hands of the tests: translations of the
// package's real English hands, each beside its original.
const localeDir = "testdata/locale"

// TestLocalizedTranslationsReadAsOriginals reads real English PokerStars
// Omaha hands of this package's testdata and their translations, line by
// line, into the two localized forms the reader knows, with only the
// words seen in real localized hands (locale.go), and wants the same
// entries: the same hand number, lines, time, players, posts, actions
// and outcome (a translated header states the same things; nothing of
// the Hand differs).
//
//   - portuguese-translations.txt: hands 68173600752, 68173673628 and
//     68174511129 of fpdb3__tour__Stars__Flop__NLO8-USD-STT-201109.Knockout.sample.txt
//     (tournament, no-limit Omaha Hi/Lo, an all-in raise, a turn) and
//     35875194885 of fpdb3__cash__Stars__Flop__PLO8-6max-USD-0.01-0.02-200911.txt
//     (cash, dollars), chosen for having no showdown (no Portuguese
//     showdown words are known), translated as the Portuguese client
//     writes (trailing spaces included).
//   - french-translations.txt: every hand of
//     fpdb3__cash__Stars__Flop__PLO-FR-USD-0.01-0.02-201006.sidepots.txt,
//     hhsmithy__PokerStars__CashGame__PlayerTests__OmahaHiLoShowdown.txt
//     and fpdb3__cash__Stars__Flop__PLO8-6max-USD-0.01-0.02-200911.txt
//     (side pots, showdowns, split pots) under the French header (date
//     day first, Eastern time in brackets; the hand number's colon after
//     a space, a no-break space or nothing) with a no-break space or a
//     narrow no-break space before every player's colon.
//
// The *-originals.txt files are those hands as the English files hold
// them, in the same order and lines.
func TestLocalizedTranslationsReadAsOriginals(t *testing.T) {
	t.Parallel()
	for _, lang := range []struct {
		name  string
		hands int
	}{{"portuguese", 4}, {"french", 19}} {
		t.Run(lang.name, func(t *testing.T) {
			t.Parallel()
			orig := readPSFile(t, filepath.Join("locale", lang.name+"-originals.txt"))
			tr := readPSFile(t, filepath.Join("locale", lang.name+"-translations.txt"))
			if len(orig) != lang.hands || len(tr) != len(orig) {
				t.Fatalf("%d original entries, %d translated, want %d each", len(orig), len(tr), lang.hands)
			}
			for i := range orig {
				if orig[i].Hand == nil {
					t.Fatalf("original %d: skipped %q, error %v", i+1, orig[i].Skipped, orig[i].Err)
				}
				if !reflect.DeepEqual(orig[i], tr[i]) {
					t.Errorf("hand %s: the translation reads differently\n got %+v\nwant %+v", orig[i].ID, describe(tr[i]), describe(orig[i]))
				}
			}
		})
	}
}

// describe shows an entry for a failure message.
func describe(e handhistory.Entry) any {
	if e.Hand == nil {
		return struct {
			Skipped string
			Err     error
		}{e.Skipped, e.Err}
	}
	return *e.Hand
}

// frenchPlayMoney is an Omaha hand in the form of the real PokerStars
// France hand (REAL_MIXED_FRENCH_HAND, a play-money Hold'em hand of
// 2026, whose header, table line and seats it keeps): the header in
// French, "(argent fictif)" on the table line, and the players' colons
// after a no-break space (U+00A0) or a narrow no-break space (U+202F).
// Its play is made up (four hole cards, a fold to a raise on the flop).
const frenchPlayMoney = "Main PokerStars n°261415379202 :  Omaha Pot Limit (100/200) - 12/07/2026 18:25:06 CET [12/07/2026 12:25:06 ET]\n" +
	"Table 'Vladimir VII' 6-max (argent fictif) Seat #1 is the button\n" +
	"Seat 1: Edntambosi (15510 in chips)\n" +
	"Seat 2: thank777 (29041 in chips)\n" +
	"Seat 3: Fredmag45 (19500 in chips)\n" +
	"Seat 4: RoiDePiqueNique (19800 in chips)\n" +
	"Seat 5: SuperDog782 (21073 in chips)\n" +
	"Seat 6: bard211 (15037 in chips)\n" +
	"thank777\u00a0: posts small blind 100\n" +
	"Fredmag45\u202f: posts big blind 200\n" +
	"*** HOLE CARDS ***\n" +
	"Dealt to RoiDePiqueNique [Th 7h 7c 2d]\n" +
	"RoiDePiqueNique\u00a0: calls 200\n" +
	"SuperDog782\u202f: folds\n" +
	"bard211\u00a0: folds\n" +
	"Edntambosi\u202f: raises 700 to 900\n" +
	"thank777\u00a0: folds\n" +
	"Fredmag45\u00a0: folds\n" +
	"RoiDePiqueNique\u202f: calls 700\n" +
	"*** FLOP *** [Tc 3d 8c]\n" +
	"RoiDePiqueNique\u00a0: checks\n" +
	"Edntambosi\u202f: bets 1200\n" +
	"RoiDePiqueNique\u00a0: folds\n" +
	"Uncalled bet (1200) returned to Edntambosi\n" +
	"Edntambosi collected 2100 from pot\n" +
	"Edntambosi\u202f: doesn't show hand\n" +
	"*** SUMMARY ***\n" +
	"Total pot 2100 | Rake 0\n" +
	"Board [Tc 3d 8c]\n" +
	"Seat 1: Edntambosi (button) collected (2100)\n" +
	"Seat 2: thank777 (small blind) folded before Flop\n" +
	"Seat 3: Fredmag45 (big blind) folded before Flop\n" +
	"Seat 4: RoiDePiqueNique folded on the Flop\n" +
	"Seat 5: SuperDog782 folded before Flop (didn't bet)\n" +
	"Seat 6: bard211 folded before Flop (didn't bet)\n"

// TestFrenchHeaderPlayMoney reads frenchPlayMoney: the names without the
// space before their colon, play money (chips, no currency, as English
// "(Play Money)" tables read), the Eastern time of the brackets
// (12 July 2026, 12:25:06 EDT), and Detect and the splitter know the
// header.
func TestFrenchHeaderPlayMoney(t *testing.T) {
	t.Parallel()
	h := oneHand(t, frenchPlayMoney)
	var names []string
	for _, p := range h.Players {
		names = append(names, p.Name)
	}
	want := []string{"Edntambosi", "thank777", "Fredmag45", "RoiDePiqueNique", "SuperDog782", "bard211"}
	if !reflect.DeepEqual(names, want) {
		t.Errorf("players %q, want %q", names, want)
	}
	if h.SiteHandID != "261415379202" || h.Site != "pokerstars" || h.Time != "2026-07-12T12:25:06-04:00" {
		t.Errorf("id %q site %q time %q", h.SiteHandID, h.Site, h.Time)
	}
	tb := h.Table
	if tb.ChipUnit != "1" || tb.Currency != "" || h.Tournament || tb.MaxSeats != 6 || h.TableName != "Vladimir VII" {
		t.Errorf("table %+v tournament %v name %q: want play chips at a 6-max cash table 'Vladimir VII'", tb, h.Tournament, h.TableName)
	}
	if h.Players[0].Stack != 15510 || len(h.Posts) != 2 || h.Posts[0].Amount != 100 || h.Posts[1].Amount != 200 {
		t.Errorf("stack %d posts %+v", h.Players[0].Stack, h.Posts)
	}
	if h.Outcome.Collected[0] != 2100 || h.Outcome.TotalPot != 2100 {
		t.Errorf("outcome %+v", h.Outcome)
	}
	f, err := handhistory.Detect("", []byte(frenchPlayMoney))
	if err != nil || f != handhistory.FormatPokerStars {
		t.Errorf("Detect = %q, %v", f, err)
	}
	two := readPSText(t, frenchPlayMoney+"\n"+frenchPlayMoney)
	if len(two) != 2 || two[1].Hand == nil || two[1].Line != 37 {
		t.Errorf("two hands read as %d entries", len(two))
	}
}

// TestFrenchRealHoldemHand reads the real PokerStars France hand
// (REAL_MIXED_FRENCH_HAND as its repository's test quotes it, with the
// no-break spaces the brief's file has): a PokerStars hand, skipped as
// Hold'em, not rejected as a file of unknown format.
func TestFrenchRealHoldemHand(t *testing.T) {
	t.Parallel()
	real := strings.Join([]string{
		"Main PokerStars n°261415379202 :  Hold'em No Limit (100/200) - 12/07/2026 18:25:06 CET [12/07/2026 12:25:06 ET]",
		"Table 'Vladimir VII' 6-max (argent fictif) Seat #1 is the button",
		"Seat 1: Edntambosi (15510 in chips)",
		"Seat 2: thank777 (29041 in chips)",
		"Seat 3: Fredmag45 (19500 in chips)",
		"Seat 4: RoiDePiqueNique (19800 in chips)",
		"Seat 5: SuperDog782 (21073 in chips)",
		"Seat 6: bard211 (15037 in chips)",
		"thank777\u00a0: posts small blind 100",
		"Fredmag45\u00a0: posts big blind 200",
		"*** HOLE CARDS ***",
		"Dealt to RoiDePiqueNique [Th 7h]",
		"RoiDePiqueNique\u00a0: calls 200",
		"SuperDog782\u00a0: folds",
		"bard211\u00a0: folds",
		"Edntambosi\u00a0: raises 700 to 900",
		"thank777\u00a0: folds",
		"Fredmag45\u00a0: folds",
		"RoiDePiqueNique\u00a0: calls 700",
		"*** FLOP *** [Tc 3d 8c]",
		"RoiDePiqueNique\u00a0: checks",
	}, "\n") + "\n"
	if f, err := handhistory.Detect("", []byte(real)); err != nil || f != handhistory.FormatPokerStars {
		t.Fatalf("Detect = %q, %v", f, err)
	}
	es := readPSText(t, real)
	if len(es) != 1 || es[0].Skipped != "game Hold'em No Limit is not Omaha" || es[0].ID != "261415379202" {
		t.Errorf("entries %+v", es)
	}
}

// realPortuguese is the file of the two real Portuguese hands (see
// ../testdata/unseen/SOURCES.md).
const realPortuguese = "../testdata/unseen/pokerstars__jspokerparser__NLH-6max-MTT-4500+500-201507.Portuguese.txt"

// TestPortugueseLexiconOnRealHands pins translate on the second real
// Portuguese hand: every line in the English form it stands for (the
// header is read by header itself), the names untouched.
func TestPortugueseLexiconOnRealHands(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(realPortuguese)
	if err != nil {
		t.Fatal(err)
	}
	_, second, _ := strings.Cut(string(data), "\n\n")
	var lines []line
	for k, s := range strings.Split(strings.TrimRight(second, "\n "), "\n") {
		lines = append(lines, line{N: k + 1, S: strings.TrimSpace(s)})
	}
	p := parser{lx: lexiconOf(lines[0].S)}
	if p.lx != &portuguese {
		t.Fatalf("lexicon of %q is not Portuguese", lines[0].S)
	}
	var got []string
	for _, l := range p.translate(lines)[1:] {
		got = append(got, l.S)
	}
	want := []string{
		"Table '1270291825 1' 6-max Seat #2 is the button",
		"Seat 2: JFDX7WC (1140 in chips)",
		"Seat 5: JACOPO70 (1860 in chips)",
		"JFDX7WC: posts the ante 6",
		"JACOPO70: posts the ante 6",
		"JFDX7WC: posts small blind 30",
		"JACOPO70: posts big blind 60",
		"*** HOLE CARDS ***",
		"JFDX7WC: calls 30",
		"JACOPO70: checks",
		"*** FLOP *** [Qs 3c Kc]",
		"JACOPO70: checks",
		"JFDX7WC: checks",
		"*** TURN *** [Qs 3c Kc] [Ac]",
		"JACOPO70: checks",
		"JFDX7WC: bets 60",
		"JACOPO70: folds",
		"Uncalled bet (60) returned to JFDX7WC",
		"JFDX7WC collected 132 from pot",
		"*** SUMMARY ***",
		"Total pot 132 | Rake 0",
		"Board [Qs 3c Kc Ac]",
		"Seat 2: JFDX7WC (button) (small blind) collected (132)",
		"Seat 5: JACOPO70 (big blind) folded on the Turn",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("translated:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestPortugueseUnknownLine: a Portuguese hand with a line the lexicon
// does not know fails as an English hand fails on an unknown line, its
// error naming the line as written (not its partial English form); the
// file's other hands are still read.
func TestPortugueseUnknownLine(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join(localeDir, "portuguese-translations.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ name, old, new, msg string }{
		// A call written as a raise: "iguala" is read, its amount is not.
		{"a known verb, an unknown argument", "VORON1976511: iguala 30 ", "VORON1976511: iguala 30 para 60 ",
			`line 27: bad amount "30 para 60" in "VORON1976511: iguala 30 para 60"`},
		// A verb of no evidence (a show): no guess at what it means.
		{"an unknown verb", "VORON1976511: desiste  ", "VORON1976511: mostra [Ah Kd 2c 3s] ",
			`line 32: unrecognised action "VORON1976511: mostra [Ah Kd 2c 3s]"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			text := strings.Replace(string(data), tt.old, tt.new, 1)
			es := readPSText(t, text)
			if len(es) != 4 {
				t.Fatalf("%d entries, want 4", len(es))
			}
			var fe *fault.Error
			if !errors.As(es[0].Err, &fe) || fe.Kind != fault.Invalid || !strings.Contains(fe.Error(), tt.msg) {
				t.Errorf("first hand: error %v, want %s", es[0].Err, tt.msg)
			}
			for _, e := range es[1:] {
				if e.Hand == nil {
					t.Errorf("hand %s: skipped %q, error %v", e.ID, e.Skipped, e.Err)
				}
			}
		})
	}
}

// TestLocalizedHeaders: the splitter (isHeader), Detect's signature and
// header know the localized headers by their hand number and colon,
// nothing looser.
func TestLocalizedHeaders(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		line string
		want bool
	}{
		{"Main PokerStars n°261415379202 :  Hold'em No Limit (100/200) - 12/07/2026 18:25:06 CET [12/07/2026 12:25:06 ET]", true},
		{"Main PokerStars n°261415379202\u00a0:  Omaha Pot Limit (100/200)", true},
		{"Main PokerStars n°261415379202\u202f:  Omaha Pot Limit (100/200)", true},
		{"Main PokerStars n°261415379202:  Omaha Pot Limit (100/200)", true},
		{"Mão PokerStars #137737997245: Torneio #1270291825, 4500+500 Hold'em No Limit - Nível I (10/20) - 2015/07/07 16:42:52 ET", true},
		{"Main PokerStars n° :", false},
		{"Main PokerStars n°12 - Omaha", false},
		{"Mão PokerStars #x:", false},
		{"Main: folds", false},
		{"Mão PokerStars #12 :", false}, // no space before the Portuguese colon
	} {
		if got := isHeader(tt.line); got != tt.want {
			t.Errorf("isHeader(%q) = %v, want %v", tt.line, got, tt.want)
		}
	}
	for _, tt := range []struct{ header, want string }{
		{"12/07/2026 18:25:06 CET [12/07/2026 12:25:06 ET]", "2026-07-12T12:25:06-04:00"},
		{"10/09/2026 12:00:00 CET [10/09/2026 6:00:00 ET]", "2026-09-10T06:00:00-04:00"},
		{"07/12/2026 18:25:06 CET [07/12/2026 12:25:06 ET]", "2026-12-07T12:25:06-05:00"},
	} {
		if got, err := parseTimeIn(tt.header, true); got != tt.want || err != nil {
			t.Errorf("parseTimeIn(%q, day first) = %q, %v; want %q", tt.header, got, err, tt.want)
		}
	}
	// A French tournament's header is not known: an error, not a cash game.
	text := strings.Replace(frenchPlayMoney, "Omaha Pot Limit (100/200)", "Tournoi n°3, 5+1 Omaha Pot Limit - Niveau I (10/20)", 1)
	es := readPSText(t, text)
	if len(es) != 1 || es[0].Err == nil || !strings.Contains(es[0].Err.Error(), "line 1: unrecognised hand header") {
		t.Errorf("French tournament header: %+v", es)
	}
}

// TestRequoted: each quoted line of a message that is a translated line's
// quote is put back as written, wherever it stands, and nothing else
// changes (other quotes, an unclosed quote, escapes).
func TestRequoted(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("x", 120)
	quoted := map[string]string{
		sitetext.Quote("Ann: calls 30"):  sitetext.Quote("Ann: iguala 30"),
		sitetext.Quote("Bob: folds"):     sitetext.Quote("Bob: desiste"),
		sitetext.Quote(long + " calls"):  sitetext.Quote(long + " iguala"),
		sitetext.Quote(`Cy "C": checks`): sitetext.Quote(`Cy "C": passa`),
	}
	for in, want := range map[string]string{
		`line 3: bad amount "30x" in "Ann: calls 30"`: `line 3: bad amount "30x" in "Ann: iguala 30"`,
		`"Bob: folds" then "Ann: calls 30"`:           `"Bob: desiste" then "Ann: iguala 30"`,
		`line 9 not read: "Zed: calls 30"`:            `line 9 not read: "Zed: calls 30"`,
		`an unclosed "quote and "Bob: folds"`:         `an unclosed "quote and "Bob: desiste"`,
		`name ` + sitetext.Quote(`Cy "C": checks`):    `name ` + sitetext.Quote(`Cy "C": passa`),
		`clipped ` + sitetext.Quote(long+" calls"):    `clipped ` + sitetext.Quote(long+" iguala"),
		`no quote at all`:                             `no quote at all`,
		``:                                            ``,
	} {
		if got := requoted(in, quoted); got != want {
			t.Errorf("requoted(%s) = %s, want %s", in, got, want)
		}
	}
}
