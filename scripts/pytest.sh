#!/usr/bin/env bash
# usage: bash scripts/pytest.sh [pytest args...]   (PYTEST_WORKERS=1 for one process)
#
# Every test, as make test runs them: first the suite in parallel workers
# (pytest-xdist; --dist loadfile keeps each file's tests together and in
# order on one worker), then the tests marked `solo` on their own: they
# measure how long the page's main thread is blocked, which a neighbour
# booting its own Pyodide would disturb.
#
# The exit status is the first run's if it failed, else the solo run's (a
# selection with no solo test in it is not a failure).
case "${1:-}" in -h|--help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;; esac
set -uo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
workers=${PYTEST_WORKERS:-2}
par=()
if [ "$workers" != 1 ]; then par=(-n "$workers" --dist loadfile); fi
"$PY" -m pytest "${par[@]}" -m "not solo" "$@"
first=$?
"$PY" -m pytest -m solo "$@"
second=$?
if [ "$second" -eq 5 ]; then second=0; fi
if [ "$first" -ne 0 ]; then exit "$first"; fi
exit "$second"
