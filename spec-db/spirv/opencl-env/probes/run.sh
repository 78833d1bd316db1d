#!/usr/bin/env bash
# Assembles every probe with spirv-as and validates it with spirv-val under the target
# environment named in its header, then compares the outcome with the `spirv_val` field of
# its rule in ../validation_rules.toml: "checks" needs a rejection, "misses" an acceptance,
# "partial" allows either. Usage: run.sh [-v]   (needs spirv-as and spirv-val on PATH)
set -u
here=$(cd "$(dirname "$0")" && pwd)
rules="$here/../validation_rules.toml"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
for probe in "$here"/*.spvasm; do
    id=$(basename "$probe" .spvasm)
    env=$(sed -n 's/^; target-env: //p' "$probe")
    spirv=$(sed -n 's/^; spirv: //p' "$probe")
    if ! spirv-as --target-env "spv$spirv" "$probe" -o "$tmp/$id.spv" 2>"$tmp/as.err"; then
        echo "FAIL $id: does not assemble: $(cat "$tmp/as.err")"
        failures=$((failures + 1))
        continue
    fi
    if spirv-val --target-env "$env" "$tmp/$id.spv" >"$tmp/val.out" 2>&1; then
        outcome=accepted
    else
        outcome=rejected
    fi
    # The current revision's verdict, or the seed's when the rule exists only there.
    recorded=$(awk -v id="$id" '
        function flush() { if (match_id) print (rev == "current" ? 0 : 1), val; match_id = 0 }
        /^\[\[rule\]\]/ { flush(); rev = "current"; val = "" }
        $1 == "id" && $3 == "\"" id "\"" { match_id = 1 }
        $1 == "revision" { gsub(/"/, "", $3); rev = $3 }
        $1 == "spirv_val" { gsub(/"/, "", $3); val = $3 }
        END { flush() }' "$rules" | sort | head -1 | cut -d" " -f2)
    case "$recorded" in
        checks) [ "$outcome" = rejected ] && ok=1 || ok=0 ;;
        misses) [ "$outcome" = accepted ] && ok=1 || ok=0 ;;
        partial) ok=1 ;;
        *) echo "FAIL $id: no single spirv_val recorded for this rule (got '$recorded')"; failures=$((failures + 1)); continue ;;
    esac
    if [ "$ok" = 1 ]; then
        [ "${1:-}" = -v ] && echo "ok   $id ($env): $outcome, recorded $recorded" && sed 's/^/       /' "$tmp/val.out" | head -2
    else
        echo "FAIL $id ($env): spirv-val $outcome it, recorded $recorded"
        sed 's/^/       /' "$tmp/val.out" | head -2
        failures=$((failures + 1))
    fi
done
echo "$(ls "$here"/*.spvasm | wc -l) probes, $failures failure(s)"
[ "$failures" = 0 ]
