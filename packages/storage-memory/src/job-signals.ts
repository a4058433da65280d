/**
 * Job signals in memory: this process's waiters only — which is every waiter there is, since no
 * other instance shares memory storage. A publish wakes the job's waiters at once.
 */
import { Jobs } from "@docket/core"
import { Layer } from "effect"

export const layer: Layer.Layer<Jobs.JobSignals> = Layer.sync(Jobs.JobSignals, Jobs.makeLocalJobSignals)
