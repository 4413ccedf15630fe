// Package client is a Go client of the HTTP API generated from openapi.yaml
// by oapi-codegen, as a client of the contract would generate one. It is
// used only by the api tests, which drive the real server through it; a
// test checks that regenerating it gives client.gen.go byte for byte.
//
// Regenerate it with `go generate ./api/internal/client` (or `make
// generate`) after changing openapi.yaml; the generator is pinned by the
// tool directive in go.mod.
package client

//go:generate go tool oapi-codegen -config config.yaml ../../../openapi.yaml
