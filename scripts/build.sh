#!/usr/bin/env bash
# `npm run build`: React Router's build (browser and server), the islands' scripts, then the
# Express server around them. React Router 7.18.4 (the last 7.x; 8 needs Node 22) loads its config
# through an inner Vite server created with `envFile: false`, which Vite 8 reports as deprecated on
# every build; our vite.config.ts cannot reach that inner server's logger, so that one line is
# dropped here. Every other line, and the exit status (pipefail), passes through.
set -euo pipefail
react-router build 2>&1 | { grep -v 'The `envFile` option is deprecated' || true; }
vite build -c vite.islands.config.ts --logLevel warn
vite build -c vite.server.config.ts --logLevel warn
