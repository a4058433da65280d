/**
 * A small pool of worker threads running USE-lite. Workers start on demand (the first batch starts
 * the first one) up to `size`; batches wait in one line and go to whichever worker is free. Each
 * batch has a time box (`timeoutMs`) and so does a worker's loading: a worker that crashes, fails
 * to load or overruns is dropped, its batch fails, and the next batch starts a replacement. When a
 * worker cannot load and none is ready, the pool stops its starting workers and every waiting
 * batch fails with the load error rather than waiting for good (the next call tries again).
 *
 * Works from the built package (`dist/worker.js`) and from the TypeScript sources (under vitest or
 * tsx the worker registers tsx's loader before importing `worker.ts`), like @docket/formats' pool.
 */
import { Kernel } from "@docket/core"
import { availableParallelism } from "node:os"
import type { Worker } from "node:worker_threads"
import type { LongText } from "./model.js"
import type { WorkerMessage, WorkerRequest, WorkerSetup } from "./worker.js"

export interface PoolOptions {
  readonly size: number
  /** Time box of one batch. */
  readonly timeoutMs: number
  /** Time box of a worker's start and model load. */
  readonly loadTimeoutMs: number
  readonly modelDir: string | undefined
  readonly longText: LongText
}

/** Two workers at most: each holds ~300 MB and one core. */
export const defaultPoolSize = (): number => Math.max(1, Math.min(2, availableParallelism()))

export type PoolOutcome = { readonly ok: true; readonly vectors: Float32Array } | { readonly ok: false; readonly message: string }

interface Task {
  readonly id: number
  readonly texts: ReadonlyArray<string>
  readonly done: (outcome: PoolOutcome) => void
  cancelled: boolean
}

interface Slot {
  readonly worker: Worker
  ready: boolean
  task: Task | undefined
  timer: NodeJS.Timeout | undefined
}

const startWorker = (setup: WorkerSetup): Worker => Kernel.startModuleWorker(import.meta.url, "worker", { workerData: setup })

/** How long `close` waits for the worker threads to exit. */
const CLOSE_WAIT_MS = 10_000

const stop = (worker: Worker) => {
  void worker.terminate()
  worker.unref()
}

export class EncoderPool {
  private readonly slots: Array<Slot> = []
  private readonly queue: Array<Task> = []
  private readonly exits: Array<Promise<void>> = []
  private nextId = 1
  private closed = false
  private alive = 0

  constructor(readonly options: PoolOptions) {}

  /** Embeds a batch in a worker; `cancel` drops it while it waits (a running batch finishes unseen). */
  submit(texts: ReadonlyArray<string>, done: (outcome: PoolOutcome) => void): { cancel: () => void } {
    if (this.closed) {
      done({ ok: false, message: "the encoder is shut down" })
      return { cancel: () => {} }
    }
    const task: Task = { id: this.nextId++, texts, done, cancelled: false }
    this.queue.push(task)
    this.dispatch()
    return {
      cancel: () => {
        task.cancelled = true
        const queued = this.queue.indexOf(task)
        if (queued >= 0) this.queue.splice(queued, 1)
      }
    }
  }

  /** Workers in the pool now (starting or ready). */
  get workers(): number {
    return this.slots.length
  }

  /** Batches being embedded now. */
  get busy(): number {
    return this.slots.filter((s) => s.task !== undefined).length
  }

  /** Worker threads that have started and not yet exited (a thread outlives its slot until it exits). */
  get threadsAlive(): number {
    return this.alive
  }

  /** The pool's worker threads (tests use this to crash one). */
  threads(): ReadonlyArray<Worker> {
    return this.slots.map((s) => s.worker)
  }

  /** Fails what waits, stops every worker and resolves once all their threads have exited. */
  async close(): Promise<void> {
    this.closed = true
    for (const task of this.queue.splice(0)) task.done({ ok: false, message: "the encoder is shut down" })
    for (const slot of this.slots.splice(0)) {
      clearTimeout(slot.timer)
      const task = slot.task
      slot.task = undefined
      if (task !== undefined && !task.cancelled) task.done({ ok: false, message: "the encoder is shut down" })
      stop(slot.worker)
    }
    // A thread blocked in a file read (a hung disk) exits only when the read returns: wait for the
    // threads, but not for good (stopped threads no longer keep the process alive).
    let timer: NodeJS.Timeout | undefined
    await Promise.race([Promise.all(this.exits), new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)))])
    clearTimeout(timer)
  }

  private dispatch(): void {
    if (this.closed) return
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

  private spawn(): void {
    const worker = startWorker({ modelDir: this.options.modelDir, longText: this.options.longText })
    this.alive++
    this.exits.push(new Promise((resolve) => worker.once("exit", () => {
      this.alive--
      resolve()
    })))
    const slot: Slot = { worker, ready: false, task: undefined, timer: undefined }
    slot.timer = setTimeout(() => this.loadFailed(slot, `loading the model took longer than ${this.options.loadTimeoutMs} ms`), this.options.loadTimeoutMs)
    worker.on("message", (message: WorkerMessage) => this.received(slot, message))
    worker.on("error", (error: Error) => this.lost(slot, `the encoder worker failed (${error.message})`))
    worker.on("exit", (code) => this.lost(slot, `the encoder worker stopped unexpectedly (exit code ${code})`))
    this.slots.push(slot)
  }

  private received(slot: Slot, message: WorkerMessage): void {
    if (!this.slots.includes(slot)) return
    switch (message.kind) {
      case "ready":
        clearTimeout(slot.timer)
        slot.timer = undefined
        slot.ready = true
        this.dispatch()
        return
      case "load-failed":
        this.loadFailed(slot, `the encoder model could not be loaded (${message.message})`)
        return
      case "done":
      case "failed": {
        const task = slot.task
        if (task === undefined || task.id !== message.id) return
        clearTimeout(slot.timer)
        slot.timer = undefined
        slot.task = undefined
        if (!task.cancelled) {
          task.done(message.kind === "done" ? { ok: true, vectors: message.vectors } : { ok: false, message: `embedding failed (${message.message})` })
        }
        this.dispatch()
      }
    }
  }

  private assign(slot: Slot, task: Task): void {
    slot.task = task
    slot.timer = setTimeout(() => this.lost(slot, `embedding a batch of ${task.texts.length} texts took longer than ${this.options.timeoutMs} ms; the worker was stopped`), this.options.timeoutMs)
    slot.worker.postMessage({ id: task.id, texts: task.texts } satisfies WorkerRequest)
  }

  /** Drops a worker that could not load; when no worker is ready, what waits fails with the reason. */
  private loadFailed(slot: Slot, message: string): void {
    if (!this.remove(slot)) return
    if (!this.slots.some((s) => s.ready)) {
      // The others would fail alike: stop them too, so that the next call starts afresh.
      for (const other of this.slots.slice()) this.remove(other)
      for (const task of this.queue.splice(0)) task.done({ ok: false, message })
    }
    this.dispatch()
  }

  /** Drops a worker that crashed, exited or overran; its batch fails, the next batch gets a new worker. */
  private lost(slot: Slot, message: string): void {
    if (!slot.ready) {
      this.loadFailed(slot, message)
      return
    }
    const task = slot.task
    if (!this.remove(slot)) return
    if (task !== undefined && !task.cancelled) task.done({ ok: false, message })
    this.dispatch()
  }

  private remove(slot: Slot): boolean {
    const index = this.slots.indexOf(slot)
    if (index < 0) return false
    this.slots.splice(index, 1)
    clearTimeout(slot.timer)
    slot.timer = undefined
    slot.task = undefined
    stop(slot.worker)
    return true
  }
}
