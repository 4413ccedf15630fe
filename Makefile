# Scoop. Run `make help` for the targets.
GO        ?= go
BIN       ?= bin/scoop
# PostgreSQL for the storage and API tests; .ci/run exports its own.
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/test?sslmode=disable

.PHONY: help build run test faults bench lint fmt vet generate verify fuzz db/reset clean

help: ## list the targets
	@grep -E '^[a-zA-Z/_-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-10s %s\n", $$1, $$2}'

build: ## build the binary at bin/scoop
	$(GO) build -trimpath -o $(BIN) ./cmd/scoop

run: build ## run the service (embedded SQLite at ./scoop.db unless DATABASE_URL is set)
	./$(BIN) serve

test: ## run every test (storage tests need PostgreSQL at TEST_DATABASE_URL)
	SCOOP_TEST_DATABASE_URL="$${SCOOP_TEST_DATABASE_URL:-$(TEST_DATABASE_URL)}" $(GO) test -count=1 ./...

faults: ## run the hostile-client fault suite against the real server, on SQLite and PostgreSQL (a few minutes)
	SCOOP_TEST_DATABASE_URL="$${SCOOP_TEST_DATABASE_URL:-$(TEST_DATABASE_URL)}" $(GO) test -tags faults -count=1 -timeout 15m -v -run '^TestFaults$$' ./internal/faultsuite

bench: ## run the benchmarks (the storage ones use PostgreSQL at TEST_DATABASE_URL)
	SCOOP_TEST_DATABASE_URL="$${SCOOP_TEST_DATABASE_URL:-$(TEST_DATABASE_URL)}" $(GO) test -run='^$$' -bench=. -benchmem ./...

fuzz: ## run each fuzz target for FUZZTIME (default 30s)
	@$(GO) list -f '{{.ImportPath}}' ./... | while read p; do \
		for f in $$($(GO) test -list='^Fuzz' $$p | grep '^Fuzz'); do \
			echo "== $$p $$f"; $(GO) test -run='^$$' -fuzz="^$$f$$" -fuzztime=$${FUZZTIME:-30s} -fuzzminimizetime=2s $$p || exit 1; \
		done; done

lint: vet ## gofmt and go vet
	@test -z "$$(gofmt -l .)" || (gofmt -l . && exit 1)

vet:
	$(GO) vet ./...
	$(GO) vet -tags faults ./internal/faultsuite

fmt: ## format the code
	gofmt -w .

generate: ## run go generate
	$(GO) generate ./...

verify: lint test ## lint and test

db/reset: ## drop and recreate the test database
	psql -h 127.0.0.1 -U postgres -c 'DROP DATABASE IF EXISTS test' -c 'CREATE DATABASE test' postgres

clean: ## remove build output
	rm -rf bin
