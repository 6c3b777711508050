#!/usr/bin/env bash
# action.yml's build step, run only when the cache holds no dist/ for this Action ref (its key is
# scripts/action-key.mjs): the Action is checked out from git, where dist/ is not committed, so
# its first run in a repository installs the build's tools and builds once; the post step of
# actions/cache then saves dist/, and every later run restores it and installs nothing (the built
# CLI has no dependencies: its packages are bundled in dist/node_modules).
# A checkout that already has dist/ (a ref with the build committed) builds nothing either.
set -euo pipefail

root=${GITHUB_ACTION_PATH:?GITHUB_ACTION_PATH is not set}
if [ -f "$root/dist/cli/v2kit.cjs" ] && [ -d "$root/dist/node_modules" ]; then
  echo "v2kit: dist/ is present (restored from the cache or committed): nothing to install"
  exit 0
fi
# npm ci runs `prepare` (npm run build): tsc and scripts/bundle-cli.mjs.
npm ci --prefix "$root" --no-audit --no-fund
# The build's tools are not needed at run time: dist/ alone runs (and is what the cache saves).
rm -rf "$root/node_modules"
# Nor are the compiled tests and benchmarks, or source maps: the cache keeps only what the report
# step runs.
rm -rf "$root/dist/test" "$root/dist/bench"
find "$root/dist" -name '*.map' -type f -delete
