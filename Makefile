# Daybook — the two commands a newcomer needs are `make demo` and `make test`.
SWIFT ?= swift
BIN := .build/release/daybook

.PHONY: demo test e2e e2e-report bench release fuzz clean

demo: release
	@$(BIN) build site
	@echo
	@echo "The sample site is built. Open it in a browser:"
	@echo "  file://$(CURDIR)/site/_site/index.html"

release:
	@scripts/bootstrap
	$(SWIFT) build -c release --product daybook

test:
	@scripts/bootstrap
	$(SWIFT) test

e2e: release
	@scripts/bootstrap --with-e2e
	scripts/e2e

e2e-report: release
	@scripts/bootstrap --with-pdf
	scripts/e2e-report

bench: release
	@scripts/bootstrap --with-bench
	$(SWIFT) build -c release --product daybook-bench
	scripts/bench

fuzz:
	@scripts/bootstrap
	scripts/fuzz $(FUZZ_SECONDS)

clean:
	rm -rf .build site/_site
