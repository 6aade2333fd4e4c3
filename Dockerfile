# Daybook in a container: `docker run --rm -v "$PWD:/site" daybook` builds the site in the
# current folder into ./_site. See docs/publishing.md. Build the image with `make docker`.

# The build: the Swift toolchain on Debian 12, and the C libraries' headers.
FROM swift:6.3-bookworm AS builder
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      pkg-config libcmark-gfm-dev libcmark-gfm-extensions-dev libmimalloc-dev libarchive-dev libyaml-dev libtomlplusplus-dev libicu-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
# The Swift runtime and Foundation are linked in: the image below needs no toolchain.
RUN swift build -c release --product daybook --static-swift-stdlib --scratch-path /build \
 && install -D -m 755 -s /build/release/daybook /out/daybook \
 && /out/daybook --version

# The image: Debian 12 slim with the C libraries the binary links to (docs/install.md lists
# them) and the time zone data Foundation reads to format dates.
FROM debian:bookworm-slim
LABEL org.opencontainers.image.title="daybook" \
      org.opencontainers.image.description="Turns a diary and a todo list kept as JSON into a static website" \
      org.opencontainers.image.licenses="MIT"
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      libcmark-gfm0.29.0.gfm.6 libcmark-gfm-extensions0.29.0.gfm.6 libmimalloc2.0 libarchive13 libyaml-0-2 libicu72 tzdata \
      libvips42 libwebpmux3 \
 && rm -rf /var/lib/apt/lists/*
COPY --from=builder /out/daybook /usr/local/bin/daybook
COPY LICENSE README.md /usr/share/doc/daybook/
WORKDIR /site
ENTRYPOINT ["daybook"]
CMD ["build", "/site"]
