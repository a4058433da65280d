/** The job queue in memory: a bounded queue of job ids (offers beyond `capacity` are refused). */
import { JobQueue } from "@docket/core"
import { Effect, Layer, Queue } from "effect"

export const DEFAULT_CAPACITY = 10_000

export const layerWith = (capacity: number = DEFAULT_CAPACITY): Layer.Layer<JobQueue> =>
  Layer.effect(
    JobQueue,
    Effect.map(Queue.dropping<string>(capacity), (queue) => ({
      offer: (jobId: string) => Queue.offer(queue, jobId),
      take: Queue.take(queue)
    }))
  )

export const layer: Layer.Layer<JobQueue> = layerWith()
