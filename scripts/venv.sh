# Sourced by scripts/test.sh. use_venv EXTRAS: run in a virtual environment with
# flickboard installed (editable) with EXTRAS. Inside one already ($VIRTUAL_ENV), that one;
# otherwise .venv in the checkout, made on the first run (with the system's site packages
# visible, so what the system already has is not downloaded again). Debian and Ubuntu
# refuse pip outside one (externally-managed-environment).
use_venv() {
    local extras=$1
    if [ -z "${VIRTUAL_ENV:-}" ]; then
        if [ ! -x .venv/bin/python ]; then
            echo "scripts/test.sh: making a virtual environment in .venv" >&2
            python3 -m venv --system-site-packages .venv
        fi
        export VIRTUAL_ENV=$PWD/.venv
        export PATH="$VIRTUAL_ENV/bin:$PATH"
    fi
    python -m pip install --quiet --disable-pip-version-check -e ".[$extras]"
}
