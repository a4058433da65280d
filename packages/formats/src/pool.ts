/**
 * A pool of worker threads that parse files (and draw crops of their pages) off the caller's event
 * loop. At most `size` files are worked on at once (default: one per core minus one, at least
 * one); further requests wait in line. Each worker has a heap cap (`maxWorkerMemoryMb`) and each
 * file a time box (`timeoutMs`): a worker that runs out of either is terminated and replaced, and
 * the file fails as too complex.
 *
 * Works from the built package (`dist/worker.js`) and from the TypeScript sources (under vitest or
 * tsx the worker registers tsx's loader before importing `worker.ts`).
 */
import { Kernel } from "@docket/core"
import { availableParallelism } from "node:os"
import type { Worker } from "node:worker_threads"
import type { ParseLimits } from "./internal/limits.js"
import type { ProblemData } from "./internal/problem.js"
import { formatOf } from "./parse.js"
import type { RegionData } from "./render.js"
import type { WorkerRequest, WorkerResponse } from "./worker.js"

export interface PoolOptions {
  readonly size: number
  readonly timeoutMs: number
  readonly maxWorkerMemoryMb: number
  readonly limits: ParseLimits
}

export const defaultPoolSize = (): number => Math.max(1, availableParallelism() - 1)

export type PoolOutcome = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly problem: ProblemData }

/** What a worker is asked to do with a file: parse it, or draw crops of its pages. */
export type PoolWork =
  | { readonly kind: "parse"; readonly bytes: Uint8Array; readonly fileName: string }
  | { readonly kind: "render"; readonly bytes: Uint8Array; readonly fileName: string; readonly regions: ReadonlyArray<RegionData> }

interface Task {
  readonly id: number
  readonly work: PoolWork
  readonly done: (outcome: PoolOutcome) => void
  cancelled: boolean
}

const verbOf = (work: PoolWork) => (work.kind === "parse" ? "Parsing" : "Drawing")

interface Slot {
  readonly worker: Worker
  /** The worker has loaded its modules: the time box of a file starts when it gets the file. */
  ready: boolean
  task: Task | undefined
  timer: NodeJS.Timeout | undefined
}

const startWorker = (options: PoolOptions): Worker =>
  Kernel.startModuleWorker(import.meta.url, "worker", {
    workerData: { limits: options.limits },
    resourceLimits: { maxOldGenerationSizeMb: options.maxWorkerMemoryMb }
  })

export class ParserPool {
  private readonly slots: Array<Slot> = []
  private readonly queue: Array<Task> = []
  private nextId = 1
  private closed = false

  constructor(private readonly options: PoolOptions) {}

  /** Parses in a worker; `cancel` drops a queued task or terminates the worker of a running one. */
  run(bytes: Uint8Array, fileName: string, done: (outcome: PoolOutcome) => void): { cancel: () => void } {
    return this.submit({ kind: "parse", bytes, fileName }, done)
  }

  /** Works on a file in a worker; `cancel` drops a queued task or terminates the worker of a running one. */
  submit(work: PoolWork, done: (outcome: PoolOutcome) => void): { cancel: () => void } {
    const task: Task = { id: this.nextId++, work, done, cancelled: false }
    if (this.closed) {
      done({ ok: false, problem: { tag: "CorruptFile", format: formatOf(work.fileName), message: "The parser is shut down." } })
      return { cancel: () => {} }
    }
    this.queue.push(task)
    this.dispatch()
    return {
      cancel: () => {
        if (task.cancelled) return
        task.cancelled = true
        const queued = this.queue.indexOf(task)
        if (queued >= 0) this.queue.splice(queued, 1)
        const slot = this.slots.find((s) => s.task === task)
        if (slot !== undefined) this.retire(slot)
      }
    }
  }

  /** Workers running now (for tests and metrics). */
  get workers(): number {
    return this.slots.length
  }

  async close(): Promise<void> {
    this.closed = true
    for (const task of this.queue.splice(0)) task.done({ ok: false, problem: { tag: "CorruptFile", format: formatOf(task.work.fileName), message: "The parser is shut down." } })
    await Promise.all(this.slots.splice(0).map((slot) => {
      clearTimeout(slot.timer)
      slot.task?.done({ ok: false, problem: { tag: "CorruptFile", format: formatOf(slot.task.work.fileName), message: "The parser is shut down." } })
      return slot.worker.terminate()
    }))
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((s) => s.ready && s.task === undefined)
      if (slot !== undefined) {
        this.assign(slot, this.queue.shift()!)
        continue
      }
      const starting = this.slots.filter((s) => !s.ready).length
      if (this.slots.length >= this.options.size || starting >= this.queue.length) return
      this.spawn()
    }
  }

  private spawn(): Slot {
    const worker = startWorker(this.options)
    worker.unref()
    const slot: Slot = { worker, ready: false, task: undefined, timer: undefined }
    worker.on("message", (response: WorkerResponse | { readonly ready: true }) => {
      if ("ready" in response) {
        slot.ready = true
        this.dispatch()
        return
      }
      const task = slot.task
      if (task === undefined || task.id !== response.id) return
      clearTimeout(slot.timer)
      slot.task = undefined
      slot.timer = undefined
      task.done(response.ok ? { ok: true, value: response.value } : { ok: false, problem: response.problem })
      this.dispatch()
    })
    worker.on("error", (error: Error & { code?: string }) => this.crashed(slot, error))
    worker.on("exit", () => this.crashed(slot, undefined))
    this.slots.push(slot)
    return slot
  }

  private assign(slot: Slot, task: Task): void {
    slot.task = task
    slot.timer = setTimeout(() => {
      const format = formatOf(task.work.fileName)
      this.retire(slot)
      task.done({
        ok: false,
        problem: { tag: "FileTooComplex", format, limit: "time", message: `${verbOf(task.work)} the ${format.toUpperCase()} file took longer than ${Math.round(this.options.timeoutMs / 1000)} s; it was stopped.` }
      })
    }, this.options.timeoutMs)
    slot.timer.unref()
    slot.worker.postMessage({ id: task.id, ...task.work } satisfies WorkerRequest)
  }

  /** Terminates a worker and forgets its task (the caller answers the task). */
  private retire(slot: Slot): void {
    clearTimeout(slot.timer)
    slot.task = undefined
    const index = this.slots.indexOf(slot)
    if (index >= 0) this.slots.splice(index, 1)
    void slot.worker.terminate()
    this.dispatch()
  }

  private crashed(slot: Slot, error: (Error & { code?: string }) | undefined): void {
    const index = this.slots.indexOf(slot)
    if (index < 0) return
    this.slots.splice(index, 1)
    clearTimeout(slot.timer)
    const task = slot.task
    slot.task = undefined
    if (task !== undefined && !task.cancelled) {
      const format = formatOf(task.work.fileName)
      const label = format.toUpperCase()
      task.done({
        ok: false,
        problem: error?.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? { tag: "FileTooComplex", format, limit: "memory", message: `${verbOf(task.work)} the ${label} file needed more than ${this.options.maxWorkerMemoryMb} MiB of memory; it was stopped.` }
          : { tag: "CorruptFile", format, message: `The ${label} file could not be read: the ${task.work.kind === "parse" ? "parser" : "renderer"} stopped unexpectedly${error ? ` (${error.message})` : ""}.` }
      })
    }
    if (!this.closed) this.dispatch()
  }
}
