/**
 * The conformance suite of the `UploadStore` port (upload handles): every adapter runs it
 * against its storage layer (`uploadStoreSuite("memory", MemoryStorage.layer)`). Each test has
 * uploads of its own.
 */
import { expect } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { storageSuite, type SuiteOptions } from "./suite.js"
import { UPLOAD_LIFETIME_MS, type UploadRecord, UploadStore } from "../documents/uploads/upload.js"

let n = 0
const upload = (over: Partial<UploadRecord> = {}): UploadRecord => ({
  file_id: `${crypto.randomUUID().slice(0, 24)}${String(++n).padStart(12, "0")}`,
  tenant_id: "ten_1",
  file_name: "Relevé été — 2026.pdf",
  size: 3 * 1024 * 1024 * 1024,
  created_at: 1_767_225_600_000,
  expires_at: 1_767_225_600_000 + UPLOAD_LIFETIME_MS,
  ...over
})

export const uploadStoreSuite = <E>(name: string, layer: Layer.Layer<UploadStore, E>, options: SuiteOptions = {}) =>
  storageSuite(`UploadStore (${name})`, layer, options, (it) => {
    // emptied by a reset: storageAdminSuite
    it("creates and reads back an upload exactly; unknown ids are none", () =>
      Effect.gen(function*() {
        const s = yield* UploadStore
        const a = upload()
        const b = upload({ tenant_id: "ten_2", size: 0, file_name: "a" })
        expect(yield* s.create(a)).toEqual(a)
        yield* s.create(b)
        expect(Option.getOrThrow(yield* s.get(a.file_id))).toEqual(a)
        expect(Option.getOrThrow(yield* s.get(b.file_id))).toEqual(b)
        expect(Option.isNone(yield* s.get("00000000-0000-4000-9000-999999999999"))).toBe(true)
        expect(Option.isNone(yield* s.get("not a uuid"))).toBe(true)
      }))
    it("listExpired: expired uploads not yet marked, oldest expiry first, at most limit; markBlobDeleted keeps the record", () =>
      Effect.gen(function*() {
        const s = yield* UploadStore
        // before every expiry of the other tests' uploads, which share the store
        const t = 1_700_000_000_000
        const late = yield* s.create(upload({ expires_at: t - 10 }))
        const early = yield* s.create(upload({ expires_at: t - 20, tenant_id: "ten_2" }))
        const exact = yield* s.create(upload({ expires_at: t }))
        const live = yield* s.create(upload({ expires_at: t + 1 }))
        expect(yield* s.listExpired(t, 10)).toEqual([early, late, exact])
        expect(yield* s.listExpired(t, 2)).toEqual([early, late])
        expect(yield* s.listExpired(t - 21, 10)).toEqual([])
        yield* s.markBlobDeleted(early.file_id)
        // marking again, or an unknown id, is harmless (sweepers may race)
        yield* s.markBlobDeleted(early.file_id)
        yield* s.markBlobDeleted("00000000-0000-4000-9000-999999999999")
        expect(yield* s.listExpired(t, 10)).toEqual([late, exact])
        // the record stays as it was (a late use of the handle is 410, not 404)
        expect(Option.getOrThrow(yield* s.get(early.file_id))).toEqual(early)
        expect(Option.getOrThrow(yield* s.get(live.file_id))).toEqual(live)
        // creating the id again clears the mark
        yield* s.create(early)
        expect(yield* s.listExpired(t, 10)).toEqual([early, late, exact])
      }))
  })
