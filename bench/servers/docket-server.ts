/**
 * Benchmark child process: a Docket instance (memory storage) served by the Node adapter on an
 * ephemeral port, with one paid account whose limits are `{unlimited: true}`. Prints one JSON line
 * `{"port":…,"key":"…"}` on stdout when ready; then see `control.ts`.
 */
import { serveDocketOnNode } from "../support/docket-node-server.js"

serveDocketOnNode({}, { unlimited: true })
