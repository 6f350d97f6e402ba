# Sourced by the set-up scripts: install Debian packages only where missing.
#
#   need PACKAGE... -- CHECK...   queue PACKAGEs when the command CHECK fails
#   install_needed [OPTION...]    apt-get them all at once (update first), with
#                                 apt-get install's OPTIONs (--no-install-recommends)
#
# We are root on the project's machines; elsewhere sudo is used if present.
# Under CI=true anything that cannot be installed fails the run; a developer
# without root is told what is missing and goes on (those tests then skip).

apt_needed=()

need() {
  local pkgs=()
  while [ "$1" != "--" ]; do pkgs+=("$1"); shift; done
  shift
  if ! "$@" >/dev/null 2>&1; then
    apt_needed+=("${pkgs[@]}")
  fi
}

install_needed() {
  [ ${#apt_needed[@]} -gt 0 ] || return 0
  local as=()
  if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
      as=(sudo)
    elif [ "${CI:-}" = true ]; then
      echo "set-up: not root and no sudo: cannot install ${apt_needed[*]}" >&2
      return 1
    else
      echo "set-up: missing ${apt_needed[*]} (apt-get install them as root); going on" >&2
      return 0
    fi
  fi
  echo "set-up: apt-get install ${apt_needed[*]}" >&2
  "${as[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
  "${as[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@" \
    "${apt_needed[@]}"
  apt_needed=()
}
