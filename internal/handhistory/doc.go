// Package handhistory owns the recorded-hand model (Hand, Entry, Format),
// its validation (Validate), the bounds every reader enforces (limits.go),
// the one decoding of a file's bytes (Decode), Scoop's canonical JSON form
// (json.go) and PHH, read and written (phh.go, phhwrite.go), and the
// registry of readers that Read, Detect and HandStarts are built over
// (registry.go).
//
// A Hand is what a site or a file says happened, not a judgement of it: the
// rules engine (package game, through package analysis) decides whether the
// actions are legal and how the pots settle. Readers fill a Hand; they check
// syntax and card validity, never betting legality.
//
// # Readers and where they live
//
// Each site's reader is a folder below this one exporting a Reader value:
// pokerstars, ggpoker, winamax, fulltilt, ipoker, pacific, party, acr,
// wpn, bovada, kingsclub. What
// several of them need (numbered and bounded lines, a file cut into hands,
// amounts and currencies, cards, game lines, hand ids, times, and the
// builders that turn a site's lines into a Hand) is in sitetext, once; a
// reader never borrows another reader's code. Package sites lists the
// sites' readers (Default) and registers them; this package registers only
// JSON and PHH, its own. The imports go one way:
//
//	handhistory  <-  sitetext  <-  pokerstars, ggpoker, ...  <-  sites
//
// so the model never imports a reader. A program, and every package whose
// code or tests read a site's files through Read, Detect or HandStarts,
// imports sites for its effect (import _ ".../handhistory/sites"); without
// it Read names the formats registered ("unknown format "pokerstars" (want
// json or phh)"). Adding a site is a new folder and one line in
// sites.Default.
//
// PHH (phh.go) reads the PHH variants "FO/8" (fixed-limit Omaha hi/lo) and
// "PO" (pot-limit Omaha high) and, as Scoop EXTENSIONS that the PHH
// standard lacks, "PO/8" (pot-limit hi/lo), "NO/8" (no-limit hi/lo), "FO"
// (fixed-limit high) and "NO" (no-limit high); other variants are skipped.
//
// This package may import cards, eval and game; it does no network or
// database I/O.
package handhistory
