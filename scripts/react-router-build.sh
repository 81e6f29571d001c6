#!/usr/bin/env bash
# React Router's build (browser and server), as `npm run build` runs it first. React Router 7.18.4
# (the last 7.x; 8 needs Node 22) loads its config through an inner Vite server created with
# `envFile: false`, which Vite 8 reports as deprecated on every build; our vite.config.ts cannot
# reach that inner server's logger, so that one line is dropped here. Every other line, and the
# exit status (pipefail), passes through.
set -euo pipefail
react-router build 2>&1 | { grep -v 'The `envFile` option is deprecated' || true; }
