#!/usr/bin/env bash
# Install what the tests need and run them all: lint, types, and the test suite
# (storage tests run against SQLite and a real PostgreSQL server started here; browser
# tests drive Debian's chromium with Playwright, never a downloaded browser).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/venv.sh
use_venv test bench ray web envs  # .venv unless already in one, from uv.lock
source scripts/apt.sh

# Debian's chromium for the browser tests (installed if missing).
if ! command -v chromium >/dev/null; then
    apt_install "the browser tests need Debian's chromium" chromium
fi

# A throw-away PostgreSQL server for the storage tests (installed if missing).
if ! command -v pg_ctl >/dev/null && ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then
    apt_install "the storage tests need a PostgreSQL server (pg_ctl, initdb)" postgresql
fi
PG_BIN=$(dirname "$(ls /usr/lib/postgresql/*/bin/pg_ctl 2>/dev/null | sort -V | tail -n 1 || command -v pg_ctl)")
PG_DIR=$(mktemp -d /tmp/flickboard-pg.XXXXXX)
PG_PORT=${FLICKBOARD_PG_PORT:-55432}
RUN_AS=()
if [ "$(id -u)" = 0 ]; then
    chown postgres "$PG_DIR"
    RUN_AS=(runuser -u postgres --)
fi
"${RUN_AS[@]}" "$PG_BIN/initdb" -D "$PG_DIR/data" -U flickboard --auth=trust >/dev/null
"${RUN_AS[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" -w \
    -o "-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
trap '"${RUN_AS[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$PG_DIR"' EXIT
"${RUN_AS[@]}" "$PG_BIN/createdb" -h 127.0.0.1 -p "$PG_PORT" -U flickboard flickboard_test
export FLICKBOARD_TEST_POSTGRES_URL="postgresql+psycopg://flickboard@127.0.0.1:$PG_PORT/flickboard_test"

# Every compiled kernel compiled once, on the second core while the checks run: the test
# workers then load them from the cache instead of each compiling its own copy. The
# package's modules are compiled to bytecode first, as uv does for the dependencies (the
# servers and commands the tests start then read it, even with PYTHONDONTWRITEBYTECODE).
(
    python -m compileall -q src/flickboard
    python -c 'from flickboard.physics.warm import warm; warm()'
    python -m flickboard match crokinole --red ai --green ai --time-shots 4 --pace 0
    python -m flickboard bench envs --steps 10 --rounds 1 --batch-steps 2 --tables 2 \
        --match-shots 10 --selfplay-pairs 0 --output "$PG_DIR/envs.json"
) >"$PG_DIR/warm.log" 2>&1 &
WARMING=$!

python -m ruff check src tests bench
python -m ruff format --check src tests bench
python -m mypy
# The packaging tests (fresh installs from the lock; no kernels needed) on this core while
# the kernels still compile on the other, then every other test on three workers: the
# browser and server tests spend much of their time waiting for a page or a process,
# and a third worker fills those waits (two leave a tenth of the two cores idle). A
# worker that runs out of tests takes some of another's (worksteal), so they end
# together.
python -m pytest -q tests/test_packaging.py
wait "$WARMING" || { cat "$PG_DIR/warm.log"; echo "compiling the kernels failed" >&2; exit 1; }
python -m pytest -n 3 --dist worksteal -q --ignore=tests/test_packaging.py
