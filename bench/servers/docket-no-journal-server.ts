/**
 * Benchmark child process: the Docket server of `docket-server.ts` with the control plane's
 * request journal off (`journalSize: 0`), the reference that shows what journaling every request
 * costs. Prints one JSON line `{"port":…,"key":"…"}` on stdout when ready; then see `control.ts`.
 */
import { serveDocketOnNode } from "../support/docket-node-server.js"

serveDocketOnNode({ settings: { journalSize: 0 } }, { unlimited: true })
