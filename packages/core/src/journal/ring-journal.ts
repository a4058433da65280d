/** The request journal in process memory: a ring of `journalSize` records (the oldest overwritten). */
import { Effect, Layer } from "effect"
import { Settings } from "../kernel/config.js"
import type { JournalRecord } from "./journal-entry.js"
import { RequestJournal, type RequestJournalService } from "./request-journal.js"

export const makeRingJournal = (
  capacity: number,
  bodies: RequestJournalService["bodies"] = { keep: false, maxBytes: 0 }
): RequestJournalService => {
  const ring: Array<JournalRecord | undefined> = new Array(capacity)
  // the slot the next record goes to, and how many slots hold one
  let next = 0
  let size = 0
  return {
    capacity,
    bodies,
    record: (record) =>
      Effect.sync(() => {
        if (capacity === 0) return
        ring[next] = record
        next = (next + 1) % capacity
        if (size < capacity) size++
      }),
    records: Effect.sync(() => {
      const out: Array<JournalRecord> = []
      for (let i = 1; i <= size; i++) out.push(ring[(next - i + capacity) % capacity]!)
      return out
    }),
    clear: Effect.sync(() => {
      const cleared = size
      ring.fill(undefined)
      next = 0
      size = 0
      return cleared
    })
  }
}

/** The ring sized and told what to keep by the settings (`journalSize`, `journalBodies`, `journalBodyBytes`). */
export const RingJournalLive: Layer.Layer<RequestJournal, never, Settings> = Layer.effect(
  RequestJournal,
  Effect.map(Settings, (s) => makeRingJournal(s.journalSize, { keep: s.journalBodies, maxBytes: s.journalBodyBytes }))
)
