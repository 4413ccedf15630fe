// Package migrations holds Scoop's goose SQL migrations, embedded in the
// binary: postgres/ for PostgreSQL and sqlite/ for the embedded SQLite
// default. Both describe the same tables; keep them in step (the storage
// conformance suite runs against both).
package migrations

import (
	"embed"
	"io/fs"
)

//go:embed postgres/*.sql sqlite/*.sql
var files embed.FS

// Postgres returns the PostgreSQL migrations, at the root of the FS.
func Postgres() fs.FS { return sub("postgres") }

// SQLite returns the SQLite migrations, at the root of the FS.
func SQLite() fs.FS { return sub("sqlite") }

func sub(dir string) fs.FS {
	f, err := fs.Sub(files, dir)
	if err != nil {
		// fs.Sub fails only for an invalid path name, which dir is not.
		panic("migrations: " + err.Error())
	}
	return f
}
