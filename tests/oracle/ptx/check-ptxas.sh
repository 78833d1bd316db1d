#!/usr/bin/env bash
# Validate the ptxas side of the oracle fixtures.
#
#   invalid/*.ptx : ptxas must fail (non-zero exit) and report an `error`
#                   on the line named by the `// expect: CODE line N` header,
#                   and on no other line (each file breaks exactly one rule).
#   valid/*.ptx   : ptxas must succeed and print no error.
#   unenforced/*.ptx : a spec rule ptxas does not enforce (speclint warns, PTX016):
#                   ptxas must succeed and print no error.
#
# ptxas is taken from $PTXAS, else from the `nvidia` Python package
# (nvidia/cu13/bin/ptxas), else from PATH.
set -u
here="$(cd "$(dirname "$0")" && pwd)"

ptxas="${PTXAS:-}"
if [ -z "$ptxas" ]; then
  ptxas="$(python3 -c "import nvidia, os; print(os.path.join(nvidia.__path__[0], 'cu13', 'bin', 'ptxas'))" 2>/dev/null || true)"
  [ -x "$ptxas" ] || ptxas="$(command -v ptxas || true)"
fi
if [ -z "$ptxas" ] || [ ! -x "$ptxas" ]; then
  echo "check-ptxas.sh: ptxas not found (set PTXAS)" >&2
  exit 2
fi

fail=0
ninvalid=0
nvalid=0

header() { # header FILE KEY -> value of `// KEY: value`
  sed -n "s|^// $2: *||p" "$1" | head -n1
}

for f in "$here"/invalid/*.ptx; do
  ninvalid=$((ninvalid + 1))
  name="invalid/$(basename "$f")"
  arch="$(header "$f" arch)"
  expect="$(header "$f" expect)"
  line="$(printf '%s\n' "$expect" | sed -n 's/^PTX[0-9][0-9][0-9] line \([0-9][0-9]*\)$/\1/p')"
  if [ -z "$arch" ] || [ -z "$line" ]; then
    echo "FAIL $name: bad header (arch='$arch' expect='$expect')"; fail=1; continue
  fi
  out="$("$ptxas" -arch="$arch" "$f" -o /dev/null 2>&1)"; rc=$?
  lines="$(printf '%s\n' "$out" | sed -n 's/^ptxas .*, line \([0-9][0-9]*\); \(error\|fatal\).*/\1/p' | sort -un)"
  if [ "$rc" -eq 0 ]; then
    echo "FAIL $name: ptxas accepted it"; fail=1; continue
  fi
  if ! printf '%s\n' "$lines" | grep -qx "$line"; then
    echo "FAIL $name: no ptxas error on line $line"; printf '%s\n' "$out" | sed 's/^/    /'; fail=1; continue
  fi
  other="$(printf '%s\n' "$lines" | grep -vx "$line" | tr '\n' ' ')"
  if [ -n "$other" ]; then
    echo "FAIL $name: ptxas also reports errors on line(s) $other"; printf '%s\n' "$out" | sed 's/^/    /'; fail=1; continue
  fi
  [ -n "${VERBOSE:-}" ] && echo "ok   $name: $(printf '%s\n' "$out" | grep -m1 -E 'error|fatal')"
done

for f in "$here"/valid/*.ptx "$here"/unenforced/*.ptx; do
  nvalid=$((nvalid + 1))
  dir="$(basename "$(dirname "$f")")"
  name="$dir/$(basename "$f")"
  arch="$(header "$f" arch)"
  expect="$(header "$f" expect)"
  case "$dir:$expect" in
    valid:clean | unenforced:PTX016\ line\ *) good=1 ;;
    *) good= ;;
  esac
  if [ -z "$arch" ] || [ -z "$good" ]; then
    echo "FAIL $name: bad header (arch='$arch' expect='$expect')"; fail=1; continue
  fi
  out="$("$ptxas" -arch="$arch" "$f" -o /dev/null 2>&1)"; rc=$?
  if [ "$rc" -ne 0 ] || printf '%s\n' "$out" | grep -q 'error'; then
    echo "FAIL $name: ptxas rejected it (rc=$rc)"; printf '%s\n' "$out" | sed 's/^/    /'; fail=1; continue
  fi
  if [ -n "$out" ]; then
    echo "WARN $name: ptxas printed: $out"
  fi
  [ -n "${VERBOSE:-}" ] && echo "ok   $name"
done

echo "checked $ninvalid invalid and $nvalid valid or unenforced files with $ptxas"
[ "$fail" -eq 0 ] && echo "all ok" || echo "FAILURES"
exit "$fail"
