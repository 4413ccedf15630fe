# Scoop. Run `make help` for the targets.
GO        ?= go
BIN       ?= bin/scoop
# PostgreSQL for the storage and API tests; .ci/run exports its own.
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/test?sslmode=disable

.PHONY: help build run test db/test faults bench bench-compare bench-http bench-workers lint lint-spec fmt vet generate verify fuzz db/reset clean

help: ## list the targets
	@grep -E '^[a-zA-Z/_-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-10s %s\n", $$1, $$2}'

# bin/scoop (cmd/scooplite) runs `scoop equity` itself, linking nothing of
# the server, and hands every other command to bin/scoop-full (cmd/scoop,
# the one binary with every command) beside it.
build: ## build bin/scoop (the command line: equity at once) and bin/scoop-full (every command)
	$(GO) build -trimpath -o $(BIN)-full ./cmd/scoop
	$(GO) build -trimpath -o $(BIN) ./cmd/scooplite

run: build ## run the service (embedded SQLite at ./scoop.db unless DATABASE_URL is set)
	./$(BIN) serve

test: db/test ## run every test (storage and API tests need PostgreSQL: see db/test)
	SCOOP_TEST_DATABASE_URL="$${SCOOP_TEST_DATABASE_URL:-$(TEST_DATABASE_URL)}" $(GO) test -count=1 ./...

# db/test prepares PostgreSQL for the tests unless SCOOP_TEST_DATABASE_URL is
# already set (as .ci/run sets it): it starts a local cluster that is
# installed but stopped (Debian's pg_ctlcluster, as .ci/run does) and creates
# the database `test`. When it cannot, it says so in one line and the tests
# run anyway (the storage and API ones then fail).
db/test: ## start a stopped local PostgreSQL and create the test database, when possible
	@if [ -n "$$SCOOP_TEST_DATABASE_URL" ]; then exit 0; fi; \
	if ! command -v pg_isready >/dev/null || ! command -v psql >/dev/null; then \
		echo "make: PostgreSQL client tools not found; the storage and API tests need PostgreSQL at 127.0.0.1:5432 with a database test (or set SCOOP_TEST_DATABASE_URL)"; exit 0; fi; \
	if ! pg_isready -h 127.0.0.1 -p 5432 -q; then \
		v=$$(ls /etc/postgresql 2>/dev/null | head -1); \
		if [ -n "$$v" ] && command -v pg_ctlcluster >/dev/null; then \
			echo "make: starting the local PostgreSQL $$v cluster"; \
			pg_ctlcluster --skip-systemctl-redirect "$$v" main start >/dev/null 2>&1 || sudo -n pg_ctlcluster --skip-systemctl-redirect "$$v" main start >/dev/null 2>&1; \
			for i in $$(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done; \
		fi; \
	fi; \
	if ! pg_isready -h 127.0.0.1 -p 5432 -q; then \
		echo "make: PostgreSQL is not running at 127.0.0.1:5432 and could not be started; the storage and API tests will fail (or set SCOOP_TEST_DATABASE_URL)"; exit 0; fi; \
	if ! psql -h 127.0.0.1 -p 5432 -U postgres -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = 'test'" 2>/dev/null | grep -q 1; then \
		psql -h 127.0.0.1 -p 5432 -U postgres -d postgres -q -c 'CREATE DATABASE test' >/dev/null 2>&1 \
		|| echo "make: cannot create the database test as user postgres at 127.0.0.1:5432; the storage and API tests will fail"; \
	fi

faults: ## run the hostile-client fault suite against the real server, on SQLite and PostgreSQL (a few minutes)
	SCOOP_TEST_DATABASE_URL="$${SCOOP_TEST_DATABASE_URL:-$(TEST_DATABASE_URL)}" $(GO) test -tags faults -count=1 -timeout 15m -v -run '^TestFaults$$' ./internal/faultsuite

bench: ## run the benchmarks, start-up of the binary included (the storage ones use PostgreSQL at TEST_DATABASE_URL)
	SCOOP_TEST_DATABASE_URL="$${SCOOP_TEST_DATABASE_URL:-$(TEST_DATABASE_URL)}" $(GO) test -run='^$$' -bench=. -benchmem ./...

bench-compare: build ## time bin/scoop against poker-eval's pokenum on the same equity cases (pokenum skipped when not installed)
	scripts/bench-compare.sh $(BIN)

bench-http: build ## POST /v1/equity throughput and latency of bin/scoop serve under wrk on this machine (skipped without wrk)
	scripts/bench-http.sh $(BIN)

bench-workers: build ## one against two `scoop worker` processes on one import (PostgreSQL at 127.0.0.1:5432): hands/s, rows/s and database CPU per 1,000 hands
	scripts/bench-workers.sh $(BIN)

fuzz: ## run each fuzz target for FUZZTIME (default 30s)
	@$(GO) list -f '{{.ImportPath}}' ./... | while read p; do \
		for f in $$($(GO) test -list='^Fuzz' $$p | grep '^Fuzz'); do \
			echo "== $$p $$f"; $(GO) test -run='^$$' -fuzz="^$$f$$" -fuzztime=$${FUZZTIME:-30s} -fuzzminimizetime=2s $$p || exit 1; \
		done; done

lint: vet ## gofmt and go vet
	@test -z "$$(gofmt -l .)" || (gofmt -l . && exit 1)

# lint-spec is not part of test or verify: it fetches the linters through
# npx (npm registry) on first use. Versions are pinned so that a new rule
# cannot fail a build that did not change the contract.
REDOCLY_CLI  ?= @redocly/cli@2.77.0
SPECTRAL_CLI ?= @stoplight/spectral-cli@6.16.3
lint-spec: ## lint openapi.yaml with Redocly and Spectral (needs npx)
	@if ! command -v npx >/dev/null; then echo "make: npx not found (install Node.js); skipping lint-spec"; exit 0; fi; \
	npx --yes $(REDOCLY_CLI) lint openapi.yaml && \
	npx --yes $(SPECTRAL_CLI) lint --fail-severity warn openapi.yaml

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
