# Sourced by scripts/test.sh. use_venv EXTRA...: run in a virtual environment holding
# flickboard (editable) and exactly the versions uv.lock pins of its dependencies and
# EXTRAs. Inside one already ($VIRTUAL_ENV), that one; otherwise .venv in the checkout,
# made on the first run. uv comes from scripts/uv-requirements.txt (pinned, with hashes);
# `uv sync --locked` refuses a lock that pyproject.toml no longer agrees with. Modules are
# compiled to bytecode as they are installed, unless UV_COMPILE_BYTECODE=0 (a throw-away
# environment: a minute of CPU saved).
use_venv() {
    if [ -z "${VIRTUAL_ENV:-}" ]; then
        if [ ! -x .venv/bin/python ]; then
            echo "scripts/test.sh: making a virtual environment in .venv" >&2
            python3 -m venv .venv
        fi
        export VIRTUAL_ENV=$PWD/.venv
        export PATH="$VIRTUAL_ENV/bin:$PATH"
    fi
    local pinned
    pinned=$(sed -n 's/^uv==\([^ ]*\).*/\1/p' scripts/uv-requirements.txt)
    if [ "$(python -m uv --version 2>/dev/null)" != "uv $pinned" ]; then
        python -m pip --version >/dev/null 2>&1 || python -m ensurepip --upgrade >/dev/null
        python -m pip install --quiet --disable-pip-version-check -r scripts/uv-requirements.txt
    fi
    local extras=()
    for extra in "$@"; do extras+=(--extra "$extra"); done
    # --inexact: keep pip and uv, which the lock does not hold, in the environment
    local compile=(--compile-bytecode)
    if [ "${UV_COMPILE_BYTECODE:-1}" = 0 ]; then compile=(); fi
    python -m uv sync --quiet --locked --inexact "${compile[@]}" --active "${extras[@]}"
}
