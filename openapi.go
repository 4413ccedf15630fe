// Package scoop holds what lives at the root of the repository and must be
// embedded in the binary: the OpenAPI contract.
package scoop

import _ "embed"

// OpenAPI is openapi.yaml, the HTTP API's contract (OpenAPI 3.0).
//
//go:embed openapi.yaml
var OpenAPI []byte
