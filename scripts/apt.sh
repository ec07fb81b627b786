# Sourced by scripts/test.sh. apt_install WHAT PACKAGE...: install Debian packages with
# apt-get, as root or through sudo; with neither, say what to install (and why) and fail.
apt_install() {
    local what=$1
    shift
    local as_root=()
    if [ "$(id -u)" != 0 ]; then
        if ! command -v sudo >/dev/null; then
            echo "scripts/test.sh: ${what}, which is not installed, and installing it" \
                "needs root: run 'apt-get install $*' as root (or install it your" \
                "system's way), then run scripts/test.sh again." >&2
            return 1
        fi
        as_root=(sudo)
    fi
    "${as_root[@]}" apt-get update -qq && "${as_root[@]}" apt-get install -y -qq "$@" >/dev/null
}
