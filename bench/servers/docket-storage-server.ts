/**
 * Benchmark child process: a Docket instance served by the Node adapter on an ephemeral port, on
 * PostgreSQL storage when DATABASE_URL is set (pool size DOCKET_PG_MAX_CONNECTIONS, default 10),
 * else in memory. One paid account whose limits never refuse (RPM 10^9, in-flight 10,000), so
 * every request takes the limiter's full path (account lock, RPM window, in-flight, fleet pool).
 * Prints one JSON line `{"port":…,"key":"…"}` on stdout when ready; then see `control.ts`.
 */
import * as PgStorage from "@docket/storage-pg"
import { serveDocketOnNode } from "../support/docket-node-server.js"

const url = process.env.DATABASE_URL
const maxConnections = Number(process.env.DOCKET_PG_MAX_CONNECTIONS ?? 10)
serveDocketOnNode(
  { storage: url ? PgStorage.layer({ url, maxConnections }) : undefined },
  { rpm: 1_000_000_000, in_flight: 10_000 }
)
