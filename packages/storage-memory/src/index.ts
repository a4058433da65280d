/**
 * @docket/storage-memory: every Docket port in memory. The embedded default and the test harness.
 */
import { Layer } from "effect"
import * as MemoryDecisionStore from "./decision-store.js"
import * as MemoryLimiterStore from "./limiter-store.js"

export { MemoryDecisionStore, MemoryLimiterStore }
export * as MemoryExtractionSchemaStore from "./extraction-schema-store.js"

/** All storage ports in memory; each build of the layer starts empty. */
export const layer = Layer.mergeAll(MemoryDecisionStore.layer, MemoryLimiterStore.layer)
