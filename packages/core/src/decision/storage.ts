/** The storage ports of the decision service: what a storage adapter's decision layer provides. */
import type { DecisionStore } from "./decision-store.js"
import type { LimiterStore } from "./limiter/limiter-store.js"

export type DecisionStorage = DecisionStore | LimiterStore
