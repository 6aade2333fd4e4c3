# Daybook — the two commands a newcomer needs are `make demo` and `make test`.
SWIFT ?= swift
BIN := .build/release/daybook

.PHONY: demo test e2e e2e-report e2e-install bench release fuzz fuzz-smoke clean static generated install uninstall dist docker

# make install [PREFIX=/usr/local] [DESTDIR=]: a release binary with the Swift runtime and
# Foundation linked in (it needs only the system's C libraries, docs/install.md), the man
# page and the bash, zsh and fish completions. make uninstall removes exactly those files.
PREFIX ?= /usr/local
DESTDIR ?=
# The installed binary is stripped (90 → 63 MB); INSTALL_STRIP= keeps its symbols.
INSTALL_STRIP ?= -s
STATIC_SCRATCH := .build/install
STATIC_BIN := $(STATIC_SCRATCH)/release/daybook
GENERATED := $(STATIC_SCRATCH)/generated
INSTALLED := bin/daybook share/man/man1/daybook.1 share/bash-completion/completions/daybook \
	share/zsh/site-functions/_daybook share/fish/vendor_completions.d/daybook.fish
VERSION := $(shell sed -n 's/.*static let version = "\(.*\)"/\1/p' Sources/daybook/Daybook.swift)
UNAME_S := $(shell uname -s)
UNAME_M := $(shell uname -m)
ifeq ($(UNAME_S),Darwin)
# macOS has the Swift runtime and Foundation in the system: nothing to link in.
PLATFORM := macos
SHA256 := shasum -a 256
STATIC_FLAGS :=
else
PLATFORM := linux-$(subst aarch64,arm64,$(UNAME_M))
SHA256 := sha256sum
STATIC_FLAGS := --static-swift-stdlib
endif

demo: release
	@$(BIN) build site
	@echo
	@echo "The sample site is built. Open it in a browser:"
	@echo "  file://$(CURDIR)/site/_site/index.html"

# Linked as make install links it (--static-swift-stdlib on Linux): the binary people run, and
# 4-8 % faster than one that resolves the Swift runtime's symbols at start (docs/PERFORMANCE.md).
release:
	@scripts/bootstrap
	$(SWIFT) build -c release --product daybook $(STATIC_FLAGS)

test:
	@scripts/bootstrap --with-shells
	$(SWIFT) test

e2e: release
	@scripts/bootstrap --with-e2e --with-shells
	scripts/e2e

e2e-report: release
	@scripts/bootstrap --with-pdf
	scripts/e2e-report

# The binary make install and make dist ship: built apart from `release` (which make bench
# times), with --static-swift-stdlib.
# SwiftPM builds anew when any environment variable differs (even OLDPWD), so this one runs
# in a fixed environment: make install, make dist and scripts reuse one build.
static:
	@scripts/bootstrap
	env -i PATH="$$PATH" HOME="$$HOME" $${TMPDIR:+TMPDIR="$$TMPDIR"} $${PKG_CONFIG_PATH:+PKG_CONFIG_PATH="$$PKG_CONFIG_PATH"} \
		$${DEVELOPER_DIR:+DEVELOPER_DIR="$$DEVELOPER_DIR"} $${SDKROOT:+SDKROOT="$$SDKROOT"} \
		$(SWIFT) build -c release --product daybook $(STATIC_FLAGS) --scratch-path $(STATIC_SCRATCH)

# The man page and the completions, written by the binary from its command table.
generated: static
	@mkdir -p $(GENERATED)
	$(STATIC_BIN) generate man > $(GENERATED)/daybook.1
	$(STATIC_BIN) generate completions bash > $(GENERATED)/daybook.bash
	$(STATIC_BIN) generate completions zsh > $(GENERATED)/_daybook
	$(STATIC_BIN) generate completions fish > $(GENERATED)/daybook.fish

# $(call install_files,FOLDER): the binary, the man page and the completions under FOLDER.
define install_files
	install -d "$(1)/bin" "$(1)/share/man/man1" "$(1)/share/bash-completion/completions" \
		"$(1)/share/zsh/site-functions" "$(1)/share/fish/vendor_completions.d"
	install -m 755 $(INSTALL_STRIP) $(STATIC_BIN) "$(1)/bin/daybook"
	$(if $(INSTALL_STRIP),@scripts/reproducible-binary "$(1)/bin/daybook")
	install -m 644 $(GENERATED)/daybook.1 "$(1)/share/man/man1/daybook.1"
	install -m 644 $(GENERATED)/daybook.bash "$(1)/share/bash-completion/completions/daybook"
	install -m 644 $(GENERATED)/_daybook "$(1)/share/zsh/site-functions/_daybook"
	install -m 644 $(GENERATED)/daybook.fish "$(1)/share/fish/vendor_completions.d/daybook.fish"
endef

install: generated
	$(call install_files,$(DESTDIR)$(PREFIX))

uninstall:
	rm -f $(addprefix "$(DESTDIR)$(PREFIX)/,$(addsuffix ",$(INSTALLED)))

# dist/daybook-VERSION-PLATFORM.tar.gz (the PREFIX layout, README.md and LICENSE in one
# folder) and its .sha256. Same commit, machine and toolchain → the same archive byte for byte:
# same files, times and order (file times from the last commit), and the same binary, as
# scripts/reproducible-binary takes out of it the Swift module hashes and build id that differ
# from build to build (docs/install.md; with INSTALL_STRIP= they stay, and so does the difference).
DIST_NAME := daybook-$(VERSION)-$(PLATFORM)
DIST_STAGE := dist/.stage
dist: generated
	rm -rf $(DIST_STAGE) && mkdir -p $(DIST_STAGE)/$(DIST_NAME)
	$(call install_files,$(DIST_STAGE)/$(DIST_NAME))
	cp README.md LICENSE $(DIST_STAGE)/$(DIST_NAME)/
	@set -e; epoch=$${SOURCE_DATE_EPOCH:-$$(git log -1 --format=%ct 2>/dev/null || date +%s)}; \
	if tar --version 2>/dev/null | grep -q GNU; then \
	  tar -C $(DIST_STAGE) --sort=name --mtime=@$$epoch --owner=0 --group=0 --numeric-owner -cf - $(DIST_NAME) | gzip -n > dist/$(DIST_NAME).tar.gz; \
	else tar -C $(DIST_STAGE) -czf dist/$(DIST_NAME).tar.gz $(DIST_NAME); fi
	rm -rf $(DIST_STAGE)
	cd dist && $(SHA256) $(DIST_NAME).tar.gz > $(DIST_NAME).tar.gz.sha256
	@echo "dist/$(DIST_NAME).tar.gz"; cat dist/$(DIST_NAME).tar.gz.sha256

# A container image that runs `daybook build /site` (Dockerfile; docs/publishing.md).
docker:
	@command -v docker >/dev/null || { echo "make docker: no docker here" >&2; exit 69; }
	docker build -t daybook:$(VERSION) -t daybook:latest .

# Installs into a temporary prefix and checks the binary needs no Swift library (part of make e2e).
e2e-install:
	scripts/e2e-install

bench: release
	@scripts/bootstrap --with-bench
	$(SWIFT) build -c release --product daybook-bench $(STATIC_FLAGS)
	scripts/bench

fuzz:
	@scripts/bootstrap
	scripts/fuzz $(FUZZ_SECONDS)

# Every fuzz target built and run for 5 s (CI runs it: a target that no longer compiles fails).
fuzz-smoke:
	@scripts/bootstrap
	scripts/fuzz 5

clean:
	rm -rf .build site/_site dist
