/**
 * The limiter store in memory. Each acquire is one synchronous step (check all four limits, then
 * update all counters), so it is atomic within the process. Admissions older than the window and
 * slots older than the lease are dropped as time passes, so memory stays bounded.
 */
import { Decision, Kernel } from "@docket/core"
import { Effect, Layer } from "effect"
import { type Clearable, memoryStore } from "./internal/resets.js"

/** Admission times of one account, oldest first, with O(1) removal from the front. */
class Window {
  private times: Array<number> = []
  private head = 0
  prune(cutoff: number): void {
    while (this.head < this.times.length && this.times[this.head] <= cutoff) this.head++
    if (this.head > 1024 && this.head * 2 > this.times.length) {
      this.times = this.times.slice(this.head)
      this.head = 0
    }
  }
  get size(): number {
    return this.times.length - this.head
  }
  get oldest(): number | undefined {
    return this.size > 0 ? this.times[this.head] : undefined
  }
  push(t: number): void {
    this.times.push(t)
  }
}

interface Slot {
  readonly accountId: string
  readonly fleet: string
  readonly free: boolean
  readonly admittedAt: number
}

const makeLimiterStore = (): Clearable<Decision.LimiterStoreService> => {
  let pools: Decision.PoolSizes = Decision.DEFAULT_POOL_SIZES
  const windows = new Map<string, Window>()
  /** insertion order = admission order, so expired slots are at the front */
  const slots = new Map<string, Slot>()
  const accountSlots = new Map<string, number>()
  const fleetSlots = new Map<string, number>()
  let freeSlots = 0

  const bump = (m: Map<string, number>, k: string, d: number) => {
    const n = (m.get(k) ?? 0) + d
    if (n <= 0) m.delete(k)
    else m.set(k, n)
  }
  const drop = (id: string, slot: Slot) => {
    slots.delete(id)
    bump(accountSlots, slot.accountId, -1)
    bump(fleetSlots, slot.fleet, -1)
    if (slot.free) freeSlots--
  }
  const release = (slotId: string): void => {
    const slot = slots.get(slotId)
    if (slot !== undefined) drop(slotId, slot)
  }
  const reclaimLeaked = (now: number) => {
    for (const [id, slot] of slots) {
      if (slot.admittedAt > now - Decision.SLOT_LEASE_MS) break
      drop(id, slot)
    }
  }

  return {
    acquire: (req) =>
      Effect.sync(() => {
        reclaimLeaked(req.now)
        let window = windows.get(req.accountId)
        window?.prune(req.now - Decision.WINDOW_MS)
        if (window !== undefined && window.size === 0) {
          windows.delete(req.accountId)
          window = undefined
        }
        const result = Decision.decideAdmission(req, pools, {
          admissionsInWindow: window?.size ?? 0,
          oldestAdmissionInWindow: window?.oldest,
          accountSlots: accountSlots.get(req.accountId) ?? 0,
          fleetSlots: fleetSlots.get(req.fleet) ?? 0,
          freeSlots
        })
        if (result._tag !== "Admitted") return result
        if (req.rpm !== null) {
          if (window === undefined) windows.set(req.accountId, (window = new Window()))
          window.push(req.now)
        }
        slots.set(req.slotId, { accountId: req.accountId, fleet: req.fleet, free: req.freeTier, admittedAt: req.now })
        bump(accountSlots, req.accountId, 1)
        bump(fleetSlots, req.fleet, 1)
        if (req.freeTier) freeSlots++
        return result
      }),
    // immediate: the request scope runs it without an effect (see `LimiterStoreService.release`)
    release: (slotId) => Kernel.Immediate.sync(() => release(slotId)),
    getPools: Effect.sync(() => pools),
    setPools: (sizes) =>
      Effect.sync(() => {
        pools = { fleets: { ...pools.fleets, ...sizes.fleets }, free: sizes.free ?? pools.free }
        return pools
      }),
    clear: () => {
      pools = Decision.DEFAULT_POOL_SIZES
      windows.clear()
      slots.clear()
      accountSlots.clear()
      fleetSlots.clear()
      freeSlots = 0
    }
  }
}

export const make: Effect.Effect<Decision.LimiterStoreService> = memoryStore(makeLimiterStore)

export const layer: Layer.Layer<Decision.LimiterStore> = Layer.effect(Decision.LimiterStore, make)
