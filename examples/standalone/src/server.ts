/**
 * The standalone server from code: the same as `npm start`, configured by the environment
 * (PORT, HOST, DOCKET_ADMIN_TOKEN, DOCKET_CLOCK, DOCKET_DEMO, ...).
 */
import { startFromEnv } from "@docket/server"

await startFromEnv({ PORT: "8080", ...process.env })
