#!/usr/bin/env bun
/**
 * The standalone Docket server on Bun: `npm run start:bun`. The same environment and output as
 * `npm start` (bin/docket.ts), served by `Bun.serve`.
 */
import { startFromEnvOnBun } from "../bun.js"

startFromEnvOnBun().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(1)
})
