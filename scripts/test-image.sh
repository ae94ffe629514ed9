#!/usr/bin/env bash
# `npm run test:image`: builds the container image from the Dockerfile and uses it as an operator
# would — a data volume, sign-up and sign-in through the API, a restart on the same volume, a
# read-only root file system, `stop` (SIGTERM) with a request in flight, the image's own
# HEALTHCHECK command, and PostgreSQL + Redis with the master key from a mounted file. Each step
# prints its time. Not part of `npm test` (it builds an image: minutes, and podman or docker).
#
# Settings (environment): PODMAN (the container command; default ../shared/tools/containers/
# podman-here next to the checkout when present, as on Coffer's build machines, else podman, else
# docker), BASE (the base image; default localhost/node:22-bookworm-slim when that image exists,
# else node:22-bookworm-slim), IMAGE (tag to build, default localhost/coffer:test-image),
# COFFER_TEST_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres; a fresh database is
# created in it and dropped after), COFFER_TEST_REDIS_URL (default redis://127.0.0.1:6379),
# PORT (published port, default 18080), HOST_PORT (the host-network run's port, default 18081).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"

if [ -z "${PODMAN:-}" ]; then
  here_tool="$ROOT/../shared/tools/containers/podman-here"
  if [ -x "$here_tool" ]; then PODMAN=$here_tool
  elif command -v podman >/dev/null; then PODMAN=podman
  else PODMAN=docker; fi
fi
IMAGE=${IMAGE:-localhost/coffer:test-image}
if [ -z "${BASE:-}" ]; then
  if "$PODMAN" image inspect localhost/node:22-bookworm-slim >/dev/null 2>&1; then BASE=localhost/node:22-bookworm-slim
  else BASE=node:22-bookworm-slim; fi
fi
PG_URL=${COFFER_TEST_PG_URL:-postgres://postgres@127.0.0.1:5432/postgres}
REDIS_URL=${COFFER_TEST_REDIS_URL:-redis://127.0.0.1:6379}
PORT=${PORT:-18080}
HOST_PORT=${HOST_PORT:-18081}
run_id="$$-$RANDOM"
volume="coffer-test-image-$run_id"
database="coffer_image_${run_id//-/_}"
work=$(mktemp -d)
containers=()
is_podman=false
"$PODMAN" --version 2>/dev/null | grep -qi podman && is_podman=true

# The podman on Coffer's build machines logs a line about systemd timers for health checks on
# every start and removal (there is no systemd there): noise, not failures.
quiet() { "$@" 2> >(grep -v 'unable to get systemd connection' >&2 || true); }

cleanup() {
  for name in "${containers[@]}"; do quiet "$PODMAN" rm -f -v "$name" >/dev/null 2>&1 || true; done
  "$PODMAN" volume rm -f "$volume" >/dev/null 2>&1 || true
  node --input-type=module -e "$(pg_admin "DROP DATABASE IF EXISTS $database WITH (FORCE)")" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

now() { date +%s%N; }
seconds_since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", (b - a) / 1e9 }'; }
started=$(now)
step_no=0
step() {
  step_no=$((step_no + 1))
  local t0
  t0=$(now)
  echo "▶ $step_no. $1"
  shift
  "$@"
  echo "✓ $step_no. done in $(seconds_since "$t0") s"
}
fail() {
  echo "✗ $*" >&2
  exit 1
}

# A statement run on PostgreSQL's admin database, through the pg driver of the checkout.
pg_admin() {
  printf 'import pg from "pg"; const c = new pg.Client({ connectionString: %s }); await c.connect(); await c.query(%s); await c.end();' \
    "$(node -p 'JSON.stringify(process.argv[1])' "$PG_URL")" "$(node -p 'JSON.stringify(process.argv[1])' "$1")"
}

# The API as a client sees it. api signup|login BASE_URL EMAIL: exits non-zero with the answer on failure.
api() {
  node --input-type=module - "$@" <<'JS'
const [action, base, email] = process.argv.slice(2);
const password = "correct horse battery staple";
const request =
  action === "signup"
    ? fetch(`${base}/auth/get-started`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, first_name: "Ada", last_name: "Image", password, created_at: new Date().toISOString() }),
      })
    : fetch(`${base}/auth/login`, { method: "POST", body: new URLSearchParams({ username: email, password }) });
const response = await request;
const body = await response.json().catch(() => ({}));
const ok = action === "signup" ? response.status === 201 : response.status === 200 && typeof body.access_token === "string";
if (!ok) {
  console.error(`${action} ${email}: ${response.status} ${JSON.stringify(body)}`);
  process.exit(1);
}
JS
}

# Waits until /readyz answers 200 (at most 60 s); prints how long that took.
wait_ready() {
  local base=$1 name=$2 t0
  t0=$(now)
  for _ in $(seq 1 600); do
    if node -e 'fetch(process.argv[1] + "/readyz").then((r) => process.exit(r.status === 200 ? 0 : 1), () => process.exit(1))' "$base"; then
      echo "  ready in $(seconds_since "$t0") s"
      return 0
    fi
    [ "$("$PODMAN" inspect --format '{{.State.Running}}' "$name" 2>/dev/null)" = "true" ] || break
    sleep 0.1
  done
  quiet "$PODMAN" logs "$name" | tail -20 >&2
  fail "$name did not become ready"
}

start() {
  local name=$1
  shift
  containers+=("$name")
  quiet "$PODMAN" run -d --name "$name" "$@" >/dev/null
}

stop_and_remove() {
  quiet "$PODMAN" stop -t 20 "$1" >/dev/null
  quiet "$PODMAN" rm -v "$1" >/dev/null
}

build() {
  local format=()
  # podman's own image format (OCI) has no HEALTHCHECK: the Docker format keeps it.
  $is_podman && format=(--format docker)
  echo "  $PODMAN build, BASE=$BASE"
  "$PODMAN" build "${format[@]}" --network host --build-arg "BASE=$BASE" -t "$IMAGE" . >"$work/build.log" 2>&1 ||
    { tail -40 "$work/build.log" >&2; fail "the image did not build (log above)"; }
  local size base_size
  size=$("$PODMAN" image inspect --format '{{.Size}}' "$IMAGE")
  base_size=$("$PODMAN" image inspect --format '{{.Size}}' "$BASE")
  echo "  image $IMAGE: $((size / 1000000)) MB ($(((size - base_size) / 1000000)) MB over the base's $((base_size / 1000000)) MB)"
}

inspect() {
  local user health volumes ports labels
  user=$("$PODMAN" image inspect --format '{{.Config.User}}' "$IMAGE")
  health=$("$PODMAN" image inspect --format '{{json .Config.Healthcheck}}' "$IMAGE")
  volumes=$("$PODMAN" image inspect --format '{{json .Config.Volumes}}' "$IMAGE")
  ports=$("$PODMAN" image inspect --format '{{json .Config.ExposedPorts}}' "$IMAGE")
  labels=$("$PODMAN" image inspect --format '{{json .Config.Labels}}' "$IMAGE")
  [[ $user =~ ^[1-9][0-9]*(:[0-9]+)?$ ]] || fail "the image runs as '$user', not a numeric non-root user"
  [[ $health == *'"node"'* && $health == *healthz* ]] || fail "no HEALTHCHECK on /healthz with node: $health"
  [[ $volumes == *'"/data"'* ]] || fail "no /data volume: $volumes"
  [[ $ports == *'"8080/tcp"'* ]] || fail "8080 not exposed: $ports"
  for label in version licenses source; do
    [[ $labels == *"org.opencontainers.image.$label"* ]] || fail "no org.opencontainers.image.$label label"
  done
  # Nothing of the build: no sources, no npm cache, no build tool among the installed modules.
  quiet "$PODMAN" run --rm --entrypoint sh "$IMAGE" -c '
    set -e
    modules=/usr/local/lib/node_modules/@coffer/server/node_modules
    test -x /usr/local/bin/coffer-server && test -d "$modules"
    # The server is root'\''s: the user it runs as cannot change it.
    if [ -w /usr/local/lib/node_modules/@coffer/server/dist/main.js ] || [ -w "$modules" ]; then echo "the server is writable by its user" >&2; exit 1; fi
    for path in /src /root/.npm /tmp/coffer-server-0.1.0.tgz "$modules/typescript" "$modules/vite" "$modules/esbuild" "$modules/tsx" "$modules/vitest" "$modules/react"; do
      if [ -e "$path" ]; then echo "the image holds $path" >&2; exit 1; fi
    done' || fail "the final stage holds more than the installed server"
  echo "  user $user, /data volume, 8080 exposed, OCI labels, only the installed server (read-only to its user)"
}

first_run() {
  start coffer-test-a -p "127.0.0.1:$PORT:8080" -v "$volume:/data" "$IMAGE"
  wait_ready "http://127.0.0.1:$PORT" coffer-test-a
  api signup "http://127.0.0.1:$PORT" "ada-$run_id@example.com"
  api login "http://127.0.0.1:$PORT" "ada-$run_id@example.com"
  # PID 1 as the container sees it, read from a sibling sharing its process namespace (no exec).
  local pid1
  pid1=$(quiet "$PODMAN" run --rm --pid "container:coffer-test-a" --entrypoint sh "$IMAGE" -c \
    'tr "\0" " " </proc/1/cmdline; echo "(uid $(awk "/^Uid:/ { print \$2 }" /proc/1/status))"')
  [[ $pid1 == node*coffer-server*"(uid 10001)" ]] || fail "PID 1 is not coffer-server as 10001: $pid1"
  echo "  signed up and in; PID 1: $pid1"
}

# The exact command of the image's HEALTHCHECK, run in the container's network namespace. Where
# `podman exec` works, `healthcheck run` is the real thing; the podman on Coffer's build machines
# cannot exec into a container (its VM refuses setrlimit), so the command runs in a sibling
# container of the same image sharing the network namespace instead.
healthcheck() {
  local command
  command=$("$PODMAN" image inspect --format '{{json .Config.Healthcheck.Test}}' "$IMAGE" |
    node -e 'const t = JSON.parse(require("fs").readFileSync(0, "utf8")); if (t[0] !== "CMD") process.exit(1); console.log(JSON.stringify(t.slice(1)))')
  health() {
    local -a argv
    mapfile -t argv < <(node -e 'for (const a of JSON.parse(process.argv[1])) console.log(a)' "$command")
    quiet "$PODMAN" run --rm --network "container:$1" --entrypoint "${argv[0]}" "$IMAGE" "${argv[@]:1}"
  }
  if $is_podman && quiet "$PODMAN" exec coffer-test-a true >/dev/null 2>&1; then
    quiet "$PODMAN" healthcheck run coffer-test-a >/dev/null || fail "podman healthcheck run: unhealthy"
    echo "  podman healthcheck run: healthy"
  else
    health coffer-test-a || fail "the HEALTHCHECK command failed against a serving Coffer"
    echo "  the HEALTHCHECK command ($(node -e 'console.log(JSON.parse(process.argv[1]).join(" ").slice(0, 60))' "$command")…) exits 0 while Coffer serves"
  fi
  # And it fails when nothing serves: a container of the image whose node only waits (and stops on SIGTERM).
  start coffer-test-idle --entrypoint node "$IMAGE" -e 'process.on("SIGTERM", () => process.exit(0)); setInterval(() => {}, 1000)'
  if health coffer-test-idle; then fail "the HEALTHCHECK command passes with nothing listening"; fi
  echo "  and exits non-zero when nothing listens"
  quiet "$PODMAN" rm -f -v coffer-test-idle >/dev/null
}

# `stop` sends SIGTERM to PID 1. A sign-up whose body is half sent when it arrives must still
# complete (201), the container must exit 0 well before stop's timeout, and the account must be
# there after the restart (next step).
sigterm() {
  node --input-type=module - "$PODMAN" coffer-test-a "$PORT" "bob-$run_id@example.com" <<'JS'
import { spawn } from "node:child_process";
import { connect } from "node:net";
const [podman, name, port, email] = process.argv.slice(2);
const body = JSON.stringify({ email, first_name: "Bob", last_name: "Image", password: "correct horse battery staple", created_at: new Date().toISOString() });
const socket = connect(Number(port), "127.0.0.1");
await new Promise((resolve) => socket.once("connect", resolve));
let answer = "";
socket.on("data", (chunk) => { answer += chunk; });
const closed = new Promise((resolve) => socket.once("close", resolve));
// HTTP/1.1 keep-alive, as browsers, fetch and proxies talk: the server must end the connection
// itself once the response is out, or it waits for the client until its grace runs out.
socket.write(`POST /auth/get-started HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n`);
socket.write(body.slice(0, 20));
await new Promise((resolve) => setTimeout(resolve, 300));
const t0 = performance.now();
const stop = spawn(podman, ["stop", "-t", "20", name], { stdio: "ignore" });
const stopped = new Promise((resolve) => stop.once("exit", resolve));
await new Promise((resolve) => setTimeout(resolve, 1000)); // SIGTERM has arrived: the request is in flight
socket.write(body.slice(20));
const timeout = setTimeout(() => { console.error(`the connection was still open 15 s after SIGTERM: ${answer.slice(0, 200)}`); process.exit(1); }, 15_000);
await closed;
clearTimeout(timeout);
const status = /^HTTP\/1\.1 (\d+)/.exec(answer)?.[1];
const stopCode = await stopped;
const took = (performance.now() - t0) / 1000;
if (status !== "201") { console.error(`the in-flight sign-up got ${status ?? "no answer"}: ${answer.slice(0, 200)}`); process.exit(1); }
if (stopCode !== 0) { console.error(`${podman} stop exited ${stopCode}`); process.exit(1); }
console.log(`  the in-flight sign-up completed (201); stop returned in ${took.toFixed(1)} s (1 s of it waiting on the request)`);
JS
  local code
  code=$("$PODMAN" inspect --format '{{.State.ExitCode}}' coffer-test-a)
  [ "$code" = 0 ] || fail "Coffer exited $code on SIGTERM"
  quiet "$PODMAN" logs coffer-test-a 2>&1 | grep -q '"msg":"stopped"' || fail "no 'stopped' line in the log"
  echo "  Coffer exited 0 after finishing the request"
  quiet "$PODMAN" rm -v coffer-test-a >/dev/null
}

restart() {
  start coffer-test-b -p "127.0.0.1:$PORT:8080" -v "$volume:/data" "$IMAGE"
  wait_ready "http://127.0.0.1:$PORT" coffer-test-b
  api login "http://127.0.0.1:$PORT" "ada-$run_id@example.com"
  api login "http://127.0.0.1:$PORT" "bob-$run_id@example.com"
  echo "  both accounts sign in on a new container with the same volume (database and master key kept)"
  stop_and_remove coffer-test-b
}

read_only() {
  local flags=(--read-only)
  # podman mounts tmpfs on /tmp, /var/tmp and /run under --read-only; docker does not: test docker's way.
  $is_podman && flags+=(--read-only-tmpfs=false)
  start coffer-test-c "${flags[@]}" -p "127.0.0.1:$PORT:8080" -v "$volume:/data" "$IMAGE"
  wait_ready "http://127.0.0.1:$PORT" coffer-test-c
  api login "http://127.0.0.1:$PORT" "ada-$run_id@example.com"
  api signup "http://127.0.0.1:$PORT" "cy-$run_id@example.com"
  [ "$("$PODMAN" inspect --format '{{.HostConfig.ReadonlyRootfs}}' coffer-test-c)" = true ] || fail "not read-only"
  echo "  serves, signs in and writes with a read-only root and nothing writable but /data"
  stop_and_remove coffer-test-c
}

postgres_redis() {
  node --input-type=module -e "$(pg_admin "CREATE DATABASE $database")"
  local database_url key_file
  database_url=$(node -p 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; u.href' "$PG_URL" "$database")
  key_file="$work/master.key"
  (umask 077 && node -e 'console.log(require("crypto").randomBytes(32).toString("base64"))' >"$key_file")
  chmod 0644 "$key_file" # the container's user (10001) reads it through the bind mount, as it would a Docker secret
  local run=(--network host -e "PORT=$HOST_PORT" -e "DATABASE_URL=$database_url" -e "REDIS_URL=$REDIS_URL"
    -e COFFER_MASTER_KEY_FILE=/run/secrets/coffer_master_key -v "$key_file:/run/secrets/coffer_master_key:ro"
    --read-only "$IMAGE")
  start coffer-test-d "${run[@]}"
  wait_ready "http://127.0.0.1:$HOST_PORT" coffer-test-d
  quiet "$PODMAN" logs coffer-test-d 2>&1 | grep -q '"engine":"postgres"' || fail "Coffer did not use PostgreSQL"
  api signup "http://127.0.0.1:$HOST_PORT" "dee-$run_id@example.com"
  api login "http://127.0.0.1:$HOST_PORT" "dee-$run_id@example.com"
  stop_and_remove coffer-test-d
  start coffer-test-e "${run[@]}"
  wait_ready "http://127.0.0.1:$HOST_PORT" coffer-test-e
  api login "http://127.0.0.1:$HOST_PORT" "dee-$run_id@example.com"
  echo "  PostgreSQL database $database + Redis (/readyz 200), master key from COFFER_MASTER_KEY_FILE; signs in again after a restart"
  stop_and_remove coffer-test-e
}

echo "test-image: $PODMAN, image $IMAGE from $BASE"
step "build the image" build
step "inspect the image: user, HEALTHCHECK, volume, port, labels, contents" inspect
step "run on a volume, sign up, sign in" first_run
step "the image's HEALTHCHECK command" healthcheck
step "stop (SIGTERM) with a request in flight" sigterm
step "restart on the same volume, sign in again" restart
step "run with --read-only and a writable /data" read_only
step "run against PostgreSQL + Redis, master key from a file" postgres_redis
echo "test-image: all $step_no steps passed in $(seconds_since "$started") s"
