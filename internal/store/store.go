// Package store is Scoop's storage seam: the Store interface, the records it
// keeps (hands with their verdicts, equity results) and the helpers both
// implementations share (natural keys, cursors). The implementations live in
// postgres/ (pgx) and sqlite/ (pure-Go SQLite); storetest is the one
// conformance suite both must pass.
//
// Records carry JSON as bytes: the store does not interpret a hand or a
// verdict beyond the columns it indexes, and never replays a hand: the
// records, their facts rows included, are made by ingest (ingest.NewRecord,
// ingest.FactsOf); records in, records out. This package imports fault,
// and analysis and stats for their versions and the statistics' types; it
// never imports api.
package store

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/scoophq/scoop/internal/account"
	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/stats"
)

// Hand is one stored hand and its verdict.
type Hand struct {
	ID string // the public id (NewPublicID), assigned by the store; ignored by SaveHands
	// Seq is the store's internal row number: the order hands were stored
	// in, for maintenance's keyset pages (StaleHands, UnanalyzedHands).
	// The API never shows it.
	Seq int64
	// NaturalKey identifies the hand across uploads (see NaturalKey).
	NaturalKey string
	Site       string
	SiteHandID string
	Game       string // "omaha-hi" or "omaha-hilo"
	Legal      bool
	Players    []string        // player names in table order
	Hand       json.RawMessage // the canonical hand JSON
	Verdict    json.RawMessage // the verdict JSON
	// ContentHash is ContentHash(Hand), set by the store when it saves
	// the hand ("" for a hand stored before hashes were kept).
	ContentHash string
	// EngineVersion is the analysis.EngineVersion that made Verdict (and
	// Analysis): 1 for a hand stored before versions were kept. SaveHands
	// stores 0 as the running analysis.EngineVersion.
	EngineVersion int
	// Analysis is the hand's analysis JSON (analysis.Analysis), saved with
	// the hand in the same transaction when the hand is created; nil for
	// none (an illegal hand). Reading a hand does not fill it (see
	// Store.Analysis); a listing with Query.Text does.
	Analysis json.RawMessage
	// Row is what a listing shows of the hand beyond the fields above
	// (Store.Hands fills it; nil elsewhere).
	Row *HandRow
	// Facts are the hand's per-player facts rows for the player
	// statistics (HandID left 0), made with the record by its maker
	// (ingest.NewRecord: ingest.FactsOf of the values in memory), which
	// keeps them in step with the JSON fields. SaveHands stores them as
	// given; nil stores none, and the hand's facts are pending
	// (FactsStore) until ingest.FillFacts fills them.
	Facts     []FactsRow
	CreatedAt time.Time // assigned by the store
	// Account is the account that owns the hand, filled by the
	// maintenance listings (StaleHands, UnanalyzedHands), which walk every
	// account's hands; 0 elsewhere (the caller's account, account.From).
	Account account.ID
	// Import is the internal id of the import whose chunk stored the hand
	// (0 for none: POST /v1/hands, a local import, a hand stored before
	// imports were recorded). SaveHands stores it with a new hand, and
	// moves a hand found stored (the same content) from a cancelled import
	// to it, so that importing a cancelled import's file again analyses
	// its hands; the maintenance listings fill it. The analysis sweeper
	// leaves the hands of pending and cancelled imports alone
	// (Imports.HeldImports).
	Import int64
	// Tags and Note are the account's tags (sorted) and note on the hand
	// (Store.SetTags, SetNote): Hand and Hands fill them (empty for none);
	// SaveHands ignores them.
	Tags []string
	Note string
}

// FactsRows returns h.Facts with their hand id set to id (a copy).
func (h Hand) FactsRows(id int64) []FactsRow { return withHandID(h.Facts, id) }

// withHandID returns a copy of rows with their hand id set to id.
func withHandID(rows []FactsRow, id int64) []FactsRow {
	rows = slices.Clone(rows)
	for i := range rows {
		rows[i].HandID = id
	}
	return rows
}

// Version returns the engine version SaveHands stores for h.
func (h Hand) Version() int {
	if h.EngineVersion == 0 {
		return analysis.EngineVersion
	}
	return h.EngineVersion
}

// Analysis is the stored analysis of one hand.
type Analysis struct {
	HandID        string
	EngineVersion int             // the engine version that made it
	Analysis      json.RawMessage // the analysis.Analysis JSON
	CreatedAt     time.Time       // when it was stored (or last replaced)
}

// VerdictUpdate is a hand's verdict made again by a newer engine (see
// Store.UpdateVerdicts).
type VerdictUpdate struct {
	ID            string // the stored hand's id
	EngineVersion int    // the engine that made Verdict and Analysis
	Legal         bool
	Verdict       json.RawMessage
	// Analysis is the new analysis JSON, nil when the hand has none now
	// (illegal): any stored analysis is then removed.
	Analysis json.RawMessage
	// Facts are the players' facts rows of the new verdict and analysis
	// (HandID left 0), made by the caller with them (ingest.Reverdict);
	// the store writes them as given (nil: none, the stored rows stay).
	Facts []FactsRow
}

// UpdateFacts returns the facts rows UpdateVerdicts stores for u, on the
// stored hand id: u.Facts with their hand id set.
func (u VerdictUpdate) UpdateFacts(id int64) []FactsRow { return withHandID(u.Facts, id) }

// Updated is the outcome of one VerdictUpdate. Err is set, alone, when
// this update was refused (its text cannot be stored, CheckJSON; or its id
// is not one of ours) and the rest of the batch applied without it.
// Updated is false, without an error, when the stored verdict was already
// made by EngineVersion or a newer engine (another run got there first) or
// the hand is gone.
type Updated struct {
	Updated bool
	Err     error
}

// Saved is the outcome of saving one hand: its id, and whether this call
// created it. When Created is false the natural key was already stored and
// ID is the existing hand's: a duplicate when the stored hand has the same
// content hash, a Conflict when it differs (another hand claims the same
// site and site hand id; nothing was overwritten).
//
// Err is set, alone, when this one hand was refused and the rest of its
// batch saved without it: a *fault.Error of kind Invalid whose Field names
// what cannot be stored (see CheckRecord: "players[1]", "hand.table.name"...).
// A refused hand has no ID and is neither Created nor a Conflict; a caller
// that reads Saved must test Err first.
type Saved struct {
	ID       string
	Created  bool
	Conflict bool
	Err      error
}

// ContentHash returns the hex SHA-256 of a hand's canonical JSON, the
// hash SaveHands compares when a natural key is already taken.
func ContentHash(canonical []byte) string {
	sum := sha256.Sum256(canonical)
	return hex.EncodeToString(sum[:])
}

// Conflicts reports whether a hand with content hash incoming, saved under
// a key already stored with hash stored, conflicts with it: the hashes
// differ and the stored one is known.
func Conflicts(stored, incoming string) bool {
	return stored != "" && stored != incoming
}

// SameButNotes reports whether two hands' JSON (as stored, in any key
// order and spacing) are the same hand apart from their notes. A hand's
// notes say where its reader did not take the record as written and name
// the file's lines, so the same hand read from two files (a day's export
// and the month's) differs there alone: SaveHands counts it a duplicate
// (the hand stored first keeps its notes), not a conflict. It is asked
// only when the content hashes differ, of one stored and one incoming
// hand, each already bounded by CheckRecord.
func SameButNotes(stored, incoming []byte) bool {
	a, okA := withoutNotes(stored)
	b, okB := withoutNotes(incoming)
	return okA && okB && reflect.DeepEqual(a, b)
}

// withoutNotes decodes a hand's JSON object, its numbers as written,
// without its "notes".
func withoutNotes(b []byte) (map[string]any, bool) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var m map[string]any
	if err := d.Decode(&m); err != nil || m == nil {
		return nil, false
	}
	delete(m, "notes")
	return m, true
}

// NewPublicID returns a fresh public id of a stored hand or equity
// result: 16 random bytes in hex (32 characters), unguessable and telling
// nothing of how many rows there are, unlike a row number.
func NewPublicID() string {
	var b [16]byte
	rand.Read(b[:]) // never fails (crypto/rand)
	return hex.EncodeToString(b[:])
}

// ValidPublicID reports whether id has the form NewPublicID gives; the
// stores answer NotFound for any other without asking the database.
func ValidPublicID(id string) bool {
	if len(id) != 32 {
		return false
	}
	for _, c := range id {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// Query selects stored hands. Zero fields select everything.
type Query struct {
	Player string // hands this player was dealt into
	Game   string
	Legal  *bool
	// Filter are the hand filters (package filter) beyond Player, Game and
	// Legal, which it must leave zero: the hand's own, on its facts rows
	// (illegal hands included), and, with Player, his own (position,
	// holding, ...: those only his legal hands have).
	Filter stats.Filter
	Limit  int    // page size: 0 means DefaultLimit; capped at MaxLimit
	Cursor string // from a previous Page.Next; empty for the first page
	// Text asks for each listed hand's Hand and Verdict JSON too (as
	// Store.Hand gives them) and its Analysis (nil when it has none, as
	// Store.Analysis would say): an export reads its hands page by page
	// without a query per hand.
	Text bool
}

// Page sizes.
const (
	DefaultLimit = 50
	MaxLimit     = 500
)

// PageLimit returns the effective page size for q.Limit.
func PageLimit(limit int) int {
	switch {
	case limit <= 0:
		return DefaultLimit
	case limit > MaxLimit:
		return MaxLimit
	}
	return limit
}

// Page is one page of hands, newest first. Next is the cursor of the next
// page, empty on the last page. Hands in a page carry no Hand or Verdict
// JSON (read one hand for those).
type Page struct {
	Hands []Hand
	Next  string
}

// Equity is a stored equity result.
type Equity struct {
	ID        string
	Result    json.RawMessage
	CreatedAt time.Time
}

// Store keeps hands and equity results. Implementations are safe for
// concurrent use. Errors are *fault.Error values: NotFound for a missing id
// (including an id that is not one of ours), Invalid for a bad cursor,
// Unavailable when the database cannot be reached, Internal otherwise.
//
// Ownership: every hand, its analysis and players' facts, and every
// equity result belongs to the account the context acts for
// (account.From). The methods that read or write a caller's data see only
// that account's: SaveHands deduplicates per account (two accounts storing
// the same hand each own their copy), and another account's id is NotFound
// exactly like an id that does not exist. The maintenance methods
// (StaleHands, UnanalyzedHands, UpdateVerdicts, SaveAnalysis) work across
// all accounts, by public id or Seq; no API request reaches them with a
// client's id.
type Store interface {
	// SaveHands stores hands in one transaction, idempotently on
	// NaturalKey: a hand already stored (by this or an earlier or a
	// concurrent call) is not stored again and its existing id is returned,
	// with Conflict set when the stored hand's content hash differs from
	// ContentHash(hand.Hand) (a hand's ContentHash field is ignored: the
	// store computes it). The result is indexed like hands.
	//
	// One hand never fails its batch: a hand whose text the database
	// cannot hold (CheckRecord) is refused alone, with its Saved.Err set,
	// and the others are stored. The error is for the batch as a whole (the
	// database is unavailable, did not answer in time, or failed), and then
	// nothing is stored. Concurrent calls with overlapping hands in any
	// order neither deadlock nor fail: each hand is created by exactly one
	// of them, and the others see it as stored.
	SaveHands(ctx context.Context, hands []Hand) ([]Saved, error)
	// Hand returns the hand with the given id.
	Hand(ctx context.Context, id string) (Hand, error)
	// HandRecords returns, in one read, the records of the hands with the
	// given ids, in the order of ids: the fields StaleHands gives (Seq,
	// ID, NaturalKey, Site, SiteHandID, Game, Legal, Hand, Verdict,
	// ContentHash, CreatedAt, EngineVersion, Account), not Players, Tags
	// or Note. An id that names no hand of the caller's (or is no id) is
	// left out, as is a repeat. At most MaxLimit ids (Invalid beyond).
	HandRecords(ctx context.Context, ids []string) ([]Hand, error)
	// Hands returns a page of hands matching q, newest first (keyset
	// pagination on the id).
	Hands(ctx context.Context, q Query) (Page, error)
	// SaveEquity stores an equity result and returns its id, a NewPublicID
	// (random, not sequential).
	SaveEquity(ctx context.Context, result json.RawMessage) (string, error)
	// Equity returns the equity result with the given id.
	Equity(ctx context.Context, id string) (Equity, error)
	// Analysis returns the stored analysis of the hand with the given id:
	// NotFound when there is no such hand, or when the hand has no stored
	// analysis (an illegal hand, or one stored before analyses were kept
	// and not yet reverified); the two are told apart by the message and
	// by Hand.
	Analysis(ctx context.Context, id string) (Analysis, error)
	// SaveAnalysis stores the analysis made by engine version of the hand
	// with the given id, replacing one made by an older or the same
	// version (never a newer one: then it stores nothing and returns nil,
	// and the hand's facts keep the stored analysis's adjusted winnings),
	// and with it the adjusted net and all-in flag of facts (per Position;
	// ingest.AdjustedFacts of the analysis) on the hand's facts rows that
	// hold facts.
	// An illegal hand gets none (reverify may have judged it illegal
	// since the caller read it): nothing is stored and it returns nil.
	// NotFound when there is no such hand; Invalid (CheckJSON, field
	// "analysis") for text that cannot be stored.
	SaveAnalysis(ctx context.Context, id string, version int, analysis json.RawMessage, facts []FactsRow) error
	// SaveAnalyses stores analyses as SaveAnalysis stores each, in one
	// transaction (at most MaxLimit; Invalid beyond): an analysis job's
	// hands in one commit instead of one each. errs, indexed like
	// analyses, holds each one's own error (NotFound, Invalid) and leaves
	// the others stored; err is for the batch as a whole, and then none
	// is stored.
	SaveAnalyses(ctx context.Context, analyses []AnalysisSave) (errs []error, err error)
	// StaleHands returns, in ascending Seq order, up to limit (capped at
	// MaxLimit; 0 means DefaultLimit) hands of any account whose engine
	// version is below version and whose Seq is greater than after (0 for
	// the first page): keyset pages for a replay of every stale hand in
	// bounded memory. Each hand carries its Hand and Verdict JSON and
	// EngineVersion.
	StaleHands(ctx context.Context, version int, after int64, limit int) ([]Hand, error)
	// UnanalyzedHands returns, in ascending Seq order, up to limit (capped
	// at MaxLimit; 0 means DefaultLimit) legal hands of any account with a
	// Seq greater than after (0 for the first page) that have no stored analysis or
	// one made by an engine version below version: keyset pages for a
	// backfill of every missing analysis in bounded memory. Illegal hands
	// are never listed. Each hand carries its Hand and Verdict JSON and
	// EngineVersion (its verdict's). Invalid (CheckStale) for a bad after
	// or version.
	UnanalyzedHands(ctx context.Context, version int, after int64, limit int) ([]Hand, error)
	// UpdateVerdicts stores new verdicts in one transaction: each hand
	// whose stored engine version is below the update's gets its legal
	// flag, verdict and version, and its analysis replaced (or removed
	// when the update has none). The result is indexed like updates; one
	// bad update never fails the batch (see Updated). The error is for the
	// batch as a whole, and then nothing is stored.
	UpdateVerdicts(ctx context.Context, updates []VerdictUpdate) ([]Updated, error)
	// PlayerStats returns the sums of player's facts (stats.Totals) over
	// the stored legal hands he was dealt that pass f; zero Totals for a
	// player with no such hand. Invalid (CheckStats) for text that cannot
	// be stored.
	PlayerStats(ctx context.Context, player string, f stats.Filter) (stats.Totals, error)
	// PlayerLedgers returns PlayerStats' sums per ledger (stats.Ledger:
	// the money of the hands' amounts), in stats.CompareLedgers order,
	// each with its Ledger set: of the MaxLedgers ledgers with the most
	// hands when there are more. None for a player with no such hand.
	PlayerLedgers(ctx context.Context, player string, f stats.Filter) ([]stats.Totals, error)
	// PlayerGroups returns PlayerStats' sums per group (ByPosition: his
	// seat; ByHolding: the game and his starting-hand group, hands with
	// unknown hole cards left out) and per ledger, each with its Ledger
	// set, in no particular order: the MaxGroupRows rows with the most
	// hands when there are more. None for a player with no such hand.
	// Invalid (CheckStats, GroupSQL) for a bad query.
	PlayerGroups(ctx context.Context, player string, f stats.Filter, by string) ([]stats.GroupTotals, error)
	// PlayerResults returns a page of the player's results series (S6) over
	// the same hands as PlayerStats, in time order (hands without a time
	// first, in stored order; ties in stored order). Invalid for a bad
	// query (CheckResults).
	PlayerResults(ctx context.Context, q ResultsQuery) (ResultsPage, error)
	// Players returns a page of the players whose name starts with
	// q.Prefix (every player for ""), by name (byte order), with the number
	// of stored hands each was dealt (legal or not): keyset pages on the
	// name. Invalid for a bad query (CheckPlayers).
	Players(ctx context.Context, q PlayersQuery) (PlayersPage, error)
	// PlayerSessions returns a page of the player's sessions (see
	// SessionGap) over the same hands as PlayerStats, newest first.
	// Invalid for a bad query (CheckSessions).
	PlayerSessions(ctx context.Context, q SessionsQuery) (SessionsPage, error)
	// SetTags replaces the tags of the caller's hand id with tags
	// (tags.Normalize: Invalid on "tags" or "tags[i]" for a bad set) and
	// returns the set stored, sorted without repeats. NotFound for a hand
	// the caller cannot see, as Hand.
	SetTags(ctx context.Context, id string, tags []string) ([]string, error)
	// SetNote replaces the note on the caller's hand id (an empty note
	// deletes it; Invalid on "note" for one tags.CheckNote refuses) and
	// returns the note stored. NotFound as SetTags.
	SetNote(ctx context.Context, id string, note string) (string, error)
	// Keys: accounts and their API keys.
	Keys
	// Sessions: browser sessions and share links.
	Sessions
	// Ready reports whether the database is reachable and its migrations
	// are current (Unavailable otherwise).
	Ready(ctx context.Context) error
	// Close releases the store's connections.
	Close() error
}

// NaturalKey returns the key a hand is stored under: "site:<site>:<id>"
// when both site and siteHandID are known, else "sha256:<hex>" of the
// canonical hand JSON.
func NaturalKey(site, siteHandID string, canonical []byte) string {
	if site != "" && siteHandID != "" {
		return "site:" + site + ":" + siteHandID
	}
	sum := sha256.Sum256(canonical)
	return "sha256:" + hex.EncodeToString(sum[:])
}

const cursorPrefix = "h2:"

// EncodeCursor returns the opaque cursor that resumes a listing after the
// hand with the given public id. It holds no row number: a cursor tells
// nothing of how many hands are stored.
func EncodeCursor(publicID string) string { return encodeCursor(cursorPrefix, publicID) }

// encodeCursor returns the opaque cursor of a listing that resumes after
// v: prefix (which says the listing, and the form's version) and v, in
// unpadded URL base64.
func encodeCursor(prefix, v string) string {
	return base64.RawURLEncoding.EncodeToString([]byte(prefix + v))
}

// decodeCursor returns the v that encodeCursor(prefix, v) made c of, when
// c is exactly that form and valid(v) holds; ok is false otherwise.
func decodeCursor(prefix, c string, valid func(string) bool) (v string, ok bool) {
	b, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil {
		return "", false
	}
	v, ok = strings.CutPrefix(string(b), prefix)
	if !ok || !valid(v) || encodeCursor(prefix, v) != c {
		return "", false
	}
	return v, true
}

// CheckQuery validates q for Store.Hands and returns the public id of the
// hand its cursor resumes after ("" for the first page; see DecodeCursor):
// Player and Game must be text a store can hold (CheckText: UTF-8 without
// a NUL; an Invalid error naming "player" or "game" otherwise), and the
// cursor one of ours ("cursor"). Both stores call it before the database,
// and answer Invalid on "cursor" too when the hand it names is not one of
// the caller's.
func CheckQuery(q Query) (after string, err error) {
	if err := CheckText("player", q.Player); err != nil {
		return "", err
	}
	if err := CheckText("game", q.Game); err != nil {
		return "", err
	}
	if err := CheckStats(q.Player, q.Filter); err != nil {
		return "", err
	}
	if q.Filter.PlayerFiltered() && q.Player == "" {
		return "", fault.Field(fault.Invalid, "player", "the player's filters (position, holding, saw_flop, showdown, allin, result) need a player")
	}
	return DecodeCursor(q.Cursor)
}

// DecodeCursor returns the public id of the hand a cursor resumes after;
// an empty cursor is "" (start from the newest). Only the canonical form
// EncodeCursor gives is accepted: anything else is an Invalid error on
// field "cursor".
func DecodeCursor(c string) (string, error) {
	if c == "" {
		return "", nil
	}
	if id, ok := decodeCursor(cursorPrefix, c, ValidPublicID); ok {
		return id, nil
	}
	return "", BadCursor(c)
}

// BadCursor is the Invalid error of a cursor that is not one of ours, or
// names a hand the caller cannot see.
func BadCursor(c string) error {
	return fault.Field(fault.Invalid, "cursor", "malformed cursor %q (use the next_cursor of a previous page)", c)
}

// CheckHandID returns nil when id has the form of a hand's public id
// (NewPublicID), else the NotFound error the stores answer for it without
// asking the database.
func CheckHandID(id string) error {
	if !ValidPublicID(id) {
		return NoHand(id)
	}
	return nil
}

// NoHand is the NotFound error of a hand id that names no hand the caller
// can see: one that does not exist and another account's answer the same.
func NoHand(id string) error {
	return fault.New(fault.NotFound, "no hand with id %q", id)
}

// CheckRecordIDs checks the ids of a HandRecords call: at most MaxLimit
// (Invalid beyond); it returns the valid ones, each once, in order.
func CheckRecordIDs(ids []string) ([]string, error) {
	if len(ids) > MaxLimit {
		return nil, fault.New(fault.Invalid, "%d hand ids in one read, at most %d", len(ids), MaxLimit)
	}
	out := make([]string, 0, len(ids))
	seen := make(map[string]bool, len(ids))
	for _, id := range ids {
		if ValidPublicID(id) && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out, nil
}

// InIDOrder sorts hands (read by HandRecords) into the order of ids (as
// CheckRecordIDs returns them).
func InIDOrder(hands []Hand, ids []string) []Hand {
	at := make(map[string]int, len(ids))
	for i, id := range ids {
		at[id] = i
	}
	slices.SortFunc(hands, func(a, b Hand) int { return at[a.ID] - at[b.ID] })
	return hands
}
