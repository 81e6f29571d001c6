#!/bin/sh
# The production server, as `npm run serve` (and so `npm start`) runs it, and as the tests,
# benchmarks and audit start it (scripts/serve-production.ts, tests/support/app-server.ts): one
# command, so what is measured and tested is what runs. A process manager runs this file too.
# It serves the build of `npm run build` (build/server.js: no TypeScript loader, whose hooks cost
# a thread and about 30 MB). Every setting lowers its memory (docs/performance.md, "Memory"):
# - `--optimize-for-size --max-semi-space-size=1` and a 1 GB heap limit: V8 grows its heap to a
#   smaller multiple of the live objects, and its young generation stays at 1 MB per half.
# - `--no-liftoff`: each PostgreSQL WebAssembly function is compiled once, by the optimizing
#   compiler, when first called, rather than by the baseline compiler and again once it runs often.
# - Two malloc arenas rather than one per thread, and fixed malloc thresholds: every block of
#   16 KB or more is its own mapping, given back to the system when freed. The optimizing
#   compiler's working memory (up to 50 MB while compiling PostgreSQL's largest functions, in
#   8-32 KB pieces) would otherwise stay in malloc's heap, held by whatever small block came after.
# PGlite: about 190 MB after 20,000 requests instead of 290 (PostgreSQL 105 instead of 195).
# `exec`: node takes this shell's process, so a SIGTERM sent to it reaches the server.
export NODE_ENV=production
export MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=16384 MALLOC_TRIM_THRESHOLD_=131072
exec node --no-liftoff --optimize-for-size --max-semi-space-size=1 --max-old-space-size=1024 \
  build/server.js
