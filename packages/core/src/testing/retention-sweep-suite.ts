/**
 * The retention sweep in process (`documents/retention/sweeper.ts`), against the stores and the
 * blob store of an adapter: what each sweep deletes from the blob store — an expired upload's
 * blob, an expired session's parts, the ground crops an expired result names — and what it keeps.
 * Run by every adapter as `retentionSweepSuite(name, start)`, where `start` gives a fresh
 * Docket on a manual clock with `sweepIntervalMs: 0`, its storage emptied.
 */
import { Effect, Option, Stream } from "effect"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import type { Docket, DocketServices } from "../docket.js"
import { cropKey, type StoredGroundResult } from "../documents/ground/ground-result.js"
import { JobStore } from "../jobs/job-store.js"
import type { Job } from "../jobs/job.js"
import { RETENTION_GRACE_MS, sweep, type SweepCounts } from "../documents/retention/sweeper.js"
import { BlobStore } from "../documents/uploads/blob-store.js"
import { blobKeyOf, UPLOAD_LIFETIME_MS, UploadStore } from "../documents/uploads/upload.js"
import { partKeyOf, UPLOAD_SESSION_LIFETIME_MS, UploadSessionStore } from "../documents/uploads/upload-session.js"

const DAY = 24 * 3600 * 1000
const NONE: SweepCounts = { uploads: 0, upload_sessions: 0, job_results: 0, blobs: 0, failed: 0, workspace_sources: 0, workspace_derived: 0 }
const uuid = (n: number) => `00000000-0000-4000-b000-${String(n).padStart(12, "0")}`

export const retentionSweepSuite = (name: string, start: () => Promise<Docket>) =>
  describe(`retention sweep (${name})`, () => {
    let docket: Docket
    beforeEach(async () => {
      docket = await start()
    })
    afterEach(async () => {
      await docket.dispose()
    })
    const run = <A, E>(effect: Effect.Effect<A, E, DocketServices>) => docket.runtime.runPromise(effect)
    const now = () => docket.clock!.unsafeCurrentTimeMillis()
    const advance = (ms: number) => docket.clock!.advance(ms)
    const put = (key: string, text = "bytes") =>
      run(Effect.flatMap(BlobStore, (b) => b.put(key, Stream.make(new TextEncoder().encode(text)), 1024)))
    const has = (key: string) => run(Effect.map(Effect.flatMap(BlobStore, (b) => b.get(key)), Option.isSome))

    const groundJob = (id: string, refs: ReadonlyArray<ReadonlyArray<string>>): Job => {
      const result: StoredGroundResult = {
        result_type: "ground",
        file_name: "scan.pdf",
        results: refs.map((crops, i) => ({
          item_id: `item-${i}`,
          found: crops.length > 0,
          matches: crops.map((ref) => ({ match_type: "visual_region", page: 1, x: 0, y: 0, w: 1, h: 1, confidence: 0.9, matched_text: "x", crop_ref: ref })),
          error: null
        })),
        total_items_found: refs.filter((c) => c.length > 0).length,
        total_items_requested: refs.length,
        duration_ms: 1
      }
      return {
        job_id: id,
        tenant_id: "ten_1",
        kind: "ground",
        status: "succeeded",
        input: { source: { type: "upload", file_id: uuid(99) }, file_name: "scan.pdf", form: "v1" },
        result,
        error: null,
        workspace_id: null,
        force: null,
        progress: null,
        units: 5,
        request_id: "req_1",
        idempotency_key: null,
        fingerprint: "fp",
        created_at: now(),
        started_at: now(),
        finished_at: now(),
        payload_expires_at: now() + 7 * DAY
      }
    }

    it("deletes an expired upload's blob and keeps the record; a live upload keeps both", async () => {
      const record = (id: string, expiresAt: number) => ({
        file_id: id,
        tenant_id: "ten_1",
        file_name: "a.txt",
        size: 5,
        created_at: now(),
        expires_at: expiresAt
      })
      await run(Effect.flatMap(UploadStore, (u) => u.create(record(uuid(1), now() + UPLOAD_LIFETIME_MS))))
      await run(Effect.flatMap(UploadStore, (u) => u.create(record(uuid(2), now() + UPLOAD_LIFETIME_MS + 1))))
      await put(blobKeyOf(uuid(1)))
      await put(blobKeyOf(uuid(2)))
      advance(UPLOAD_LIFETIME_MS + RETENTION_GRACE_MS)
      expect(await run(sweep)).toEqual({ ...NONE, uploads: 1, blobs: 1 })
      expect(await has(blobKeyOf(uuid(1)))).toBe(false)
      expect(await has(blobKeyOf(uuid(2)))).toBe(true)
      expect(Option.isSome(await run(Effect.flatMap(UploadStore, (u) => u.get(uuid(1)))))).toBe(true)
      expect(await run(sweep)).toEqual(NONE)
    })

    it("deletes an expired session's part blobs and keeps the session, without its parts", async () => {
      const id = uuid(3)
      const parts = [0, 1].map((i) => ({ key: `${partKeyOf(id, i)}-${i * 5}`, offset: i * 5, size: 5 }))
      for (const p of parts) await put(p.key)
      await run(Effect.flatMap(UploadSessionStore, (s) =>
        s.create({
          session_id: id,
          tenant_id: "ten_1",
          file_name: "a.txt",
          size: 20,
          received: 10,
          parts,
          state: "open",
          created_at: now(),
          expires_at: now() + UPLOAD_SESSION_LIFETIME_MS,
          completed_at: null
        })))
      advance(UPLOAD_SESSION_LIFETIME_MS)
      expect(await run(sweep)).toEqual(NONE)
      expect(await has(parts[0].key)).toBe(true)
      advance(RETENTION_GRACE_MS)
      expect(await run(sweep)).toEqual({ ...NONE, upload_sessions: 1, blobs: 2 })
      for (const p of parts) expect(await has(p.key)).toBe(false)
      const kept = Option.getOrThrow(await run(Effect.flatMap(UploadSessionStore, (s) => s.get(id))))
      expect(kept).toMatchObject({ state: "open", received: 10, parts: [] })
      expect(await run(sweep)).toEqual(NONE)
    })

    it("deletes the ground crops an expired result names, then the result; the job stays; other jobs' crops stay", async () => {
      const expiring = groundJob(uuid(4), [["r1", "r2"], [], ["r3"]])
      await run(Effect.flatMap(JobStore, (s) => s.insert(expiring)))
      advance(DAY)
      const later = groundJob(uuid(5), [["r1"]])
      await run(Effect.flatMap(JobStore, (s) => s.insert(later)))
      for (const ref of ["r1", "r2", "r3"]) await put(cropKey(expiring.job_id, ref), "png")
      await put(cropKey(later.job_id, "r1"), "png")
      advance(6 * DAY - 1)
      expect(await run(sweep)).toEqual(NONE)
      advance(1)
      expect(await run(sweep)).toEqual({ ...NONE, job_results: 1, blobs: 3 })
      for (const ref of ["r1", "r2", "r3"]) expect(await has(cropKey(expiring.job_id, ref))).toBe(false)
      expect(await has(cropKey(later.job_id, "r1"))).toBe(true)
      const job = Option.getOrThrow(await run(Effect.flatMap(JobStore, (s) => s.get(expiring.job_id))))
      expect(job).toMatchObject({ status: "succeeded", result: null, units: 5 })
      expect(await run(sweep)).toEqual(NONE)
      advance(DAY)
      expect(await run(sweep)).toEqual({ ...NONE, job_results: 1, blobs: 1 })
      expect(await has(cropKey(later.job_id, "r1"))).toBe(false)
    })

    it("sweeps racing each other (several instances) delete everything once, without failing", async () => {
      for (let i = 0; i < 6; i++) {
        await run(Effect.flatMap(JobStore, (s) => s.insert(groundJob(uuid(10 + i), [[`c${i}`]]))))
        await put(cropKey(uuid(10 + i), `c${i}`), "png")
      }
      advance(7 * DAY)
      const counts = await run(Effect.all([sweep, sweep, sweep], { concurrency: "unbounded" }))
      for (const c of counts) expect(c.failed).toBe(0)
      // each job's expire changes it once, whichever sweep got there first
      expect(counts.reduce((n, c) => n + c.job_results, 0)).toBe(6)
      for (let i = 0; i < 6; i++) {
        expect(await has(cropKey(uuid(10 + i), `c${i}`))).toBe(false)
        expect(Option.getOrThrow(await run(Effect.flatMap(JobStore, (s) => s.get(uuid(10 + i))))).result).toBeNull()
      }
      expect(await run(sweep)).toEqual(NONE)
    })
  })
