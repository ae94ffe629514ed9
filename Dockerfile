# Coffer's container image. Build: docker build -t coffer:0.1.0 .   Run:
#   docker run -d --name coffer --stop-timeout 30 -p 127.0.0.1:8080:8080 -v coffer-data:/data coffer:0.1.0
# The base is an argument so that a mirror or a local stand-in can take the public image's place:
#   podman build --format docker --build-arg BASE=localhost/node:22-bookworm-slim -t coffer:0.1.0 .
# (podman's default OCI format drops HEALTHCHECK: --format docker keeps it.) docs/install.md, "Container image".
ARG BASE=node:22-bookworm-slim

# 1. Build: the whole toolchain (devDependencies), then `npm run package` → release/coffer-server-*.tgz.
FROM ${BASE} AS build
WORKDIR /src
COPY . .
# The npm cache lives in a build cache mount: rebuilds reuse it, and no stage's layers carry it.
# --ignore-scripts: from a lockfile npm ignores better-sqlite3's "gypfile": false and runs
# node-gyp, which needs Python and a compiler the slim base lacks; better-sqlite3 ships prebuilt
# bindings, and no other dependency's install script is needed (`npm run package` builds).
RUN --mount=type=cache,target=/root/.npm \
    npm ci --ignore-scripts --no-audit --no-fund && npm run package

# 2. Install: the server's tarball alone, with its runtime dependencies, into a prefix of its own
# that the final stage copies whole. Unpacked and `npm ci`: that honours the tarball's
# npm-shrinkwrap.json (the exact tree the release was tested with), which `npm install -g` ignores.
# --ignore-scripts as above. Then what nothing loads at run time goes: better-sqlite3's prebuilt
# bindings for other platforms and the SQLite sources it would compile from, type declarations
# and source maps (Node reads neither unless told to).
FROM ${BASE} AS install
COPY --from=build /src/release/coffer-server-*.tgz /tmp/
WORKDIR /opt/coffer/lib/node_modules/@coffer/server
RUN --mount=type=cache,target=/root/.npm \
    tar -xzf /tmp/coffer-server-*.tgz --strip-components=1 \
    && npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
    && mkdir -p /opt/coffer/bin && chmod 0755 bin/coffer-server.js \
    && ln -s ../lib/node_modules/@coffer/server/bin/coffer-server.js /opt/coffer/bin/coffer-server \
    && find node_modules -path '*/better-sqlite3/prebuilds/*' ! -name "linux-$(node -p process.arch).node" -delete \
    && rm -rf node_modules/better-sqlite3/deps node_modules/better-sqlite3/src \
    && find node_modules -type f \( -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' -o -name '*.map' \) -delete

# 3. Run: the base image, the installed server, a user of its own and the data volume. Nothing of
# the build (sources, devDependencies, npm cache) reaches this stage.
FROM ${BASE}
ARG VERSION=0.1.0
LABEL org.opencontainers.image.title="Coffer" \
      org.opencontainers.image.description="Self-hostable secrets manager: encrypted at rest, one JSON API, embedded database by default" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.licenses="Apache-2.0" \
      org.opencontainers.image.source="https://github.com/coffer-dev/coffer" \
      org.opencontainers.image.documentation="https://github.com/coffer-dev/coffer/blob/main/docs/install.md"
# A named user with a fixed number: volumes keep one owner across images, Kubernetes can check
# runAsNonRoot, and the operator commands (coffer-server admin) name it in the audit trail.
RUN groupadd --gid 10001 coffer \
    && useradd --no-log-init --no-create-home --uid 10001 --gid 10001 --home-dir /data --shell /usr/sbin/nologin coffer \
    && install -d -o 10001 -g 10001 -m 0700 /data
COPY --from=install /opt/coffer/ /usr/local/
# HOST: listen on every interface of the container (the default, 127.0.0.1, is unreachable from
# outside it). WORKDIR /data: the only writable place under --read-only, where SQLite puts its
# temporary files when nothing else is writable.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    COFFER_DATA_DIR=/data
WORKDIR /data
VOLUME /data
USER 10001:10001
EXPOSE 8080
# /healthz answers while the process serves. node itself asks (the image has no curl), over HTTPS
# when Coffer serves TLS (its own certificate, so not verified: this only asks "are you up?").
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "const tls = Boolean(process.env.COFFER_TLS_CERT_FILE); require(tls ? 'node:https' : 'node:http').get({ host: '127.0.0.1', port: process.env.PORT || 8080, path: '/healthz', rejectUnauthorized: false, timeout: 4000 }, (res) => process.exit(res.statusCode === 200 ? 0 : 1)).on('error', () => process.exit(1)).on('timeout', () => process.exit(1))"]
# Exec form: coffer-server (node) is PID 1 itself and receives docker stop's SIGTERM, on which it
# stops accepting, finishes in-flight requests within COFFER_SHUTDOWN_GRACE and closes the database.
ENTRYPOINT ["coffer-server"]
