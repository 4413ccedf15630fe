package api

import "time"

// SetClock makes s read the time of sessions and share links from now,
// for tests of their expiry.
func SetClock(s *Server, now func() time.Time) { s.sessions.now = now }
