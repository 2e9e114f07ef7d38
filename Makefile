# TFM Matrimony: `make run` builds everything and serves http://localhost:8080;
# `make test` runs every test. Both install what is missing first.
SHELL := /bin/bash
.DEFAULT_GOAL := help

GO       ?= go
BIN      := bin/tfm
CHROMIUM ?= /usr/bin/chromium
# A count, not a duration: with a duration, Go 1.26's fuzz coordinator can report a spurious
# "context deadline exceeded" at the deadline on a busy machine (golang/go#75804, fixed in 1.27).
# Minimising a newly interesting input is capped too (200 tries; its default is a minute of silence).
FUZZTIME ?= 30000x
# staticcheck, pinned: `make vet` runs it after go vet (served by the Go module proxy; go run caches the build).
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.8.2
GOFILES  := $(shell find server db client/embed.go -name '*.go' -o -name '*.sql' -o -name '*.json' 2>/dev/null)

.PHONY: help run build client deps go-deps client-deps node-clients test vet gotest pdf-deps client-lint client-test client-chunks e2e e2e-deps fuzz clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-14s %s\n", $$1, $$2}'

run: build ## build the client and server, migrate, seed (with demo members) and serve on :8080
	$(BIN) migrate
	$(BIN) seed --demo
	$(BIN) serve

build: client $(BIN) ## build the client and the tfm binary (which embeds the client)

$(BIN): go-deps $(GOFILES) client/dist/index.html
	$(GO) build -trimpath -o $(BIN) ./server/cmd/tfm

client: client-deps client/dist/index.html ## build the web client into client/dist

client/dist/index.html: client/node_modules/.package-lock.json $(shell find client/src client/public client/index.html client/vite.config.ts -type f 2>/dev/null)
	cd client && npm run build

deps: go-deps client-deps node-clients ## install Go modules and npm packages

go-deps:
	@$(GO) mod download

client-deps: client/node_modules/.package-lock.json
client/node_modules/.package-lock.json: client/package-lock.json
	cd client && npm ci --no-audit --no-fund

node-clients: scripts/realtime-clients/node_modules/.package-lock.json
scripts/realtime-clients/node_modules/.package-lock.json: scripts/realtime-clients/package-lock.json
	cd scripts/realtime-clients && npm ci --no-audit --no-fund

test: vet gotest client-lint client-test client client-chunks e2e ## vet, Go tests (race), client lint, client unit tests, client build, admin-chunk check, browser end-to-end tests

vet: go-deps ## go vet and staticcheck
	$(GO) vet ./...
	$(GO) run $(STATICCHECK) ./...

gotest: go-deps node-clients pdf-deps ## Go tests with the race detector (set TEST_MYSQL_DSN / TEST_REDIS_URL to include MySQL and Redis)
	$(GO) test -race -count=1 ./...
	$(GO) test -count=1 -run WithoutAllocating ./server/internal/realtime/... # allocation counts need sync.Pool without -race

client-lint: client-deps ## client ESLint: TypeScript, rules of hooks, and the import boundaries between src/ layers
	cd client && npm run lint

client-test: client-deps ## client unit tests (Vitest)
	cd client && npm test

client-chunks: client-deps ## prove members download none of the admin back office (builds with a manifest into a scratch folder)
	cd client && node scripts/check-admin-chunk.mjs

e2e: e2e-deps $(BIN) ## end-to-end tests in headless Chromium against the real binary
	cd client && TFM_BIN=$(CURDIR)/$(BIN) CHROMIUM_PATH=$(CHROMIUM) npx playwright test

# The invoice tests read the PDFs they render with poppler's pdftotext, as a member's viewer would.
pdf-deps:
	@if ! command -v pdftotext >/dev/null; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing poppler-utils for the invoice tests"; \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils >/dev/null); \
	  else echo "pdftotext is needed for the invoice tests (apt-get install poppler-utils)"; exit 1; fi; \
	fi

e2e-deps:
	@if [ ! -x "$(CHROMIUM)" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing chromium for the end-to-end tests"; \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null); \
	  else echo "Chromium is needed at $(CHROMIUM) for the end-to-end tests (apt-get install chromium), or set CHROMIUM=/path"; exit 1; fi; \
	fi

fuzz: go-deps ## run every fuzz target for FUZZTIME each (30000x: 30,000 inputs, a few seconds)
	@grep -v '^#' scripts/realtime-clients/FUZZ_TARGETS.txt 2>/dev/null | while read -r pkg name; do \
	  [ -n "$$name" ] || continue; \
	  echo "fuzz $$pkg $$name"; \
	  $(GO) test -run='^$$' -fuzz="^$$name$$" -fuzztime=$(FUZZTIME) -fuzzminimizetime=200x "$$pkg" || exit 1; \
	done

clean: ## remove build output (not ./data)
	rm -rf bin client/dist/assets client/dist/index.html
