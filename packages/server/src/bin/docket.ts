#!/usr/bin/env node
/**
 * The standalone Docket server on Node: `npm start`. Reads PORT, HOST, DATABASE_URL,
 * DOCKET_ADMIN_TOKEN, DOCKET_CLOCK, DOCKET_DEMO, DOCKET_MAX_BODY_BYTES, … (README
 * "Configuration"); prints `listening on http://HOST:PORT`.
 */
import { startFromEnv } from "../main.js"

startFromEnv().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(1)
})
