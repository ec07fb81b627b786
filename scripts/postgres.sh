# Sourced by scripts/test.sh. install_postgres: install the PostgreSQL server with
# apt-get, as root or through sudo; with neither, say what to install and fail.
install_postgres() {
    local as_root=()
    if [ "$(id -u)" != 0 ]; then
        if ! command -v sudo >/dev/null; then
            echo "scripts/test.sh: the storage tests need a PostgreSQL server (pg_ctl," \
                "initdb), which is not installed, and installing it needs root: run" \
                "'apt-get install postgresql' as root (or install PostgreSQL your" \
                "system's way), then run scripts/test.sh again." >&2
            return 1
        fi
        as_root=(sudo)
    fi
    "${as_root[@]}" apt-get update -qq && "${as_root[@]}" apt-get install -y -qq postgresql >/dev/null
}
