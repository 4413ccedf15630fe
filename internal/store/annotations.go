package store

import (
	"context"
	"slices"
	"strings"

	"github.com/scoophq/scoop/internal/tags"
)

// A hand's tags and note (issue 24) are kept in hand_tags and hand_notes
// (migration 00013), keyed by the hand's row id and deleted with it; they
// belong to the hand's account, as the hand does.

// AnnotationSQL are the two columns a hand read or listing adds for its
// tags and note: the tags joined by commas (agg is the store's
// aggregate of "tag" joined by ",": string_agg or group_concat) and the
// note ("" for none), of the hand whose row id is the column handID.
// Tags hold no comma (tags.Valid), so SplitTags reads the first back.
func AnnotationSQL(agg, handID string) string {
	return `coalesce((SELECT ` + agg + ` FROM hand_tags WHERE hand_id = ` + handID + `), ''),
       coalesce((SELECT note FROM hand_notes WHERE hand_id = ` + handID + `), '')`
}

// SplitTags returns the tags of AnnotationSQL's first column, sorted
// (empty, not nil, for none).
func SplitTags(joined string) []string {
	if joined == "" {
		return []string{}
	}
	ts := strings.Split(joined, ",")
	slices.Sort(ts)
	return ts
}

// Exec runs one statement with its arguments in an Annotator's
// transaction.
type Exec func(query string, args ...any) error

// Annotator runs fn in one transaction of a store's on the row id of the
// caller's hand id (a store's own: pgx or database/sql), doing naming
// the work in its errors; NotFound (NoHand) for a hand the caller cannot
// see, checked before the database for an id not of ours.
type Annotator func(ctx context.Context, id, doing string, fn func(exec Exec, hand int64) error) error

// Dialect is what the annotation statements need of a store's SQL: the
// placeholder of the n-th argument and the expression of the time now.
type Dialect struct {
	Arg func(n int) string
	Now string
}

// SetTags is Store.SetTags over a store's Annotator.
func SetTags(ctx context.Context, annotate Annotator, d Dialect, id string, ts []string) ([]string, error) {
	set, err := tags.Normalize(ts)
	if err != nil {
		return nil, err
	}
	err = annotate(ctx, id, "tag hand", func(exec Exec, hand int64) error {
		if err := exec(`DELETE FROM hand_tags WHERE hand_id = `+d.Arg(1), hand); err != nil {
			return err
		}
		for _, t := range set { // at most tags.MaxTags
			if err := exec(`INSERT INTO hand_tags (hand_id, tag) VALUES (`+d.Arg(1)+`, `+d.Arg(2)+`)`, hand, t); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return set, nil
}

// SetNote is Store.SetNote over a store's Annotator.
func SetNote(ctx context.Context, annotate Annotator, d Dialect, id, note string) (string, error) {
	if err := tags.CheckNote(note); err != nil {
		return "", err
	}
	err := annotate(ctx, id, "write note", func(exec Exec, hand int64) error {
		if note == "" {
			return exec(`DELETE FROM hand_notes WHERE hand_id = `+d.Arg(1), hand)
		}
		return exec(`INSERT INTO hand_notes (hand_id, note) VALUES (`+d.Arg(1)+`, `+d.Arg(2)+`)
ON CONFLICT (hand_id) DO UPDATE SET note = excluded.note, updated_at = `+d.Now, hand, note)
	})
	if err != nil {
		return "", err
	}
	return note, nil
}
