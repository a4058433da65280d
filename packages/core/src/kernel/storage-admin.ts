/**
 * Administration of the storage as a whole, apart from the ports: what the harness needs and no
 * use case does. Each storage adapter provides it with its ports (memory: clears every store;
 * PostgreSQL: truncates its tables in one statement).
 */
import { Context, type Effect } from "effect"
import type { StorageUnavailable } from "./storage-unavailable.js"

export interface StorageAdminService {
  /** empties every store of the adapter (`POST /_admin/reset`, tests) */
  readonly reset: Effect.Effect<void, StorageUnavailable>
}

export class StorageAdmin extends Context.Tag("@docket/core/StorageAdmin")<StorageAdmin, StorageAdminService>() {}
