/** The suites' way to empty the adapter's storage: its `StorageAdmin`. */
import { Effect } from "effect"
import { StorageAdmin } from "../kernel/storage-admin.js"

export { StorageAdmin }

export const resetStorage = Effect.flatMap(StorageAdmin, (admin) => admin.reset)
