#!/usr/bin/env bash
# The work of action.yml's report step, kept in a file so that test/action.test.ts runs it as the
# runner does (inputs arrive as V2KIT_* environment variables; outputs go to $GITHUB_OUTPUT).
set -uo pipefail

v2kit() { node "$GITHUB_ACTION_PATH/dist/cli/v2kit.cjs" "$@"; }
# A workflow command's message with the runner's escaping (% CR LF as %25 %0D %0A): an input
# holding a line break can never start a line of its own (`::add-mask::…`, `::stop-commands::…`).
escape_data() {
  local s=$1
  s=${s//'%'/'%25'}
  s=${s//$'\r'/'%0D'}
  s=${s//$'\n'/'%0A'}
  printf '%s' "$s"
}
fail() {
  printf '::error title=v2kit::%s\n' "$(escape_data "$1")"
  echo "status=failed" >> "$GITHUB_OUTPUT"
  exit 2
}

case "${V2KIT_FORMAT:-sarif}" in sarif | github) ;; *) fail "format must be sarif or github, not '${V2KIT_FORMAT}'" ;; esac
case "${V2KIT_FAIL_ON:-error}" in error | none) ;; *) fail "fail-on must be error or none, not '${V2KIT_FAIL_ON}'" ;; esac
mkdir -p "$V2KIT_OUT"

args=(lint --format "${V2KIT_FORMAT:-sarif}")
[ -n "${V2KIT_CONFIG:-}" ] && args+=(--config "$V2KIT_CONFIG")
[ -n "${V2KIT_OPERATION:-}" ] && args+=(--operation "$V2KIT_OPERATION")
# Files and globs, one per word or line; globs are expanded by v2kit (quoted), not by the shell.
# After `--`: a name starting with a dash is a file, never an option.
args+=(--)
set -f
for f in ${V2KIT_FILES:-}; do args+=("$f"); done
set +f

status=ok
if [ "${V2KIT_FORMAT:-sarif}" = sarif ]; then
  v2kit "${args[@]}" > "$V2KIT_OUT/lint.sarif"
  code=$?
else
  v2kit "${args[@]}"
  code=$?
fi
[ "$code" -ge 2 ] && fail "v2kit lint could not run (exit $code): see the message above"
[ "$code" -eq 1 ] && status=failed

if [ -n "${V2KIT_SCAN:-}" ]; then
  if [ "${V2KIT_FORMAT:-sarif}" = sarif ]; then
    v2kit migrate scan --format sarif --fail-on certain -- "$V2KIT_SCAN" > "$V2KIT_OUT/migrate-scan.sarif"
    code=$?
  else
    # Annotations: one `::warning` per v1 call, from the JSON findings.
    v2kit migrate scan --format json --fail-on certain -- "$V2KIT_SCAN" > "$V2KIT_OUT/migrate-scan.ndjson"
    code=$?
    node -e '
      const lines = require("fs").readFileSync(process.argv[1], "utf8").split("\n").filter(Boolean);
      const esc = (s) => String(s).replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
      const prop = (s) => esc(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
      for (const l of lines) {
        const f = JSON.parse(l);
        const to = f.v2 ? `${f.v2.method} ${f.v2.path}` : "no v2 route";
        console.log(`::warning file=${prop(f.file)},line=${f.line},col=${f.column},title=${prop(f.ruleId)}::${esc(`${f.v1.method} ${f.v1.path} is a v1 call: ${to}`)}`);
      }' "$V2KIT_OUT/migrate-scan.ndjson"
  fi
  [ "$code" -ge 2 ] && fail "v2kit migrate scan could not run (exit $code): see the message above"
  [ "$code" -eq 1 ] && status=failed
fi

if [ "${V2KIT_FORMAT:-sarif}" = sarif ]; then
  echo "sarif=$V2KIT_OUT" >> "$GITHUB_OUTPUT"
else
  echo "sarif=" >> "$GITHUB_OUTPUT"
fi
echo "status=$status" >> "$GITHUB_OUTPUT"
exit 0
