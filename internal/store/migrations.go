package store

import (
	"context"

	"github.com/scoophq/scoop/internal/fault"
)

// MigrationChecker is what CheckMigrations needs of a migration provider
// (goose's *Provider has it).
type MigrationChecker interface {
	HasPending(ctx context.Context) (bool, error)
}

// CheckMigrations returns nil when every migration of p is applied, a
// *fault.Error of kind Unavailable when some are pending, and the provider's
// error when the version cannot be read. Both stores' Ready use it.
func CheckMigrations(ctx context.Context, p MigrationChecker) error {
	pending, err := p.HasPending(ctx)
	if err != nil {
		return err
	}
	if pending {
		return fault.New(fault.Unavailable, "database migrations are pending (run scoop migrate)")
	}
	return nil
}
