/**
 * The conformance suite of the `UploadStore` port (upload handles): every adapter runs it
 * against its own layer (`uploadStoreSuite("memory", MemoryUploadStore.layer)`).
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { UPLOAD_LIFETIME_MS, type UploadRecord, UploadStore } from "../documents/uploads/upload.js"

let n = 0
const upload = (over: Partial<UploadRecord> = {}): UploadRecord => ({
  file_id: `00000000-0000-4000-9000-${String(++n).padStart(12, "0")}`,
  tenant_id: "ten_1",
  file_name: "Relevé été — 2026.pdf",
  size: 3 * 1024 * 1024 * 1024,
  created_at: 1_767_225_600_000,
  expires_at: 1_767_225_600_000 + UPLOAD_LIFETIME_MS,
  ...over
})

export const uploadStoreSuite = <E>(name: string, layer: Layer.Layer<UploadStore, E>) =>
  describe(`UploadStore (${name})`, () => {
    it.effect("creates and reads back an upload exactly; unknown ids are none; reset empties", () =>
      Effect.gen(function*() {
        const s = yield* UploadStore
        yield* s.reset
        const a = upload()
        const b = upload({ tenant_id: "ten_2", size: 0, file_name: "a" })
        expect(yield* s.create(a)).toEqual(a)
        yield* s.create(b)
        expect(Option.getOrThrow(yield* s.get(a.file_id))).toEqual(a)
        expect(Option.getOrThrow(yield* s.get(b.file_id))).toEqual(b)
        expect(Option.isNone(yield* s.get("00000000-0000-4000-9000-999999999999"))).toBe(true)
        expect(Option.isNone(yield* s.get("not a uuid"))).toBe(true)
        yield* s.reset
        expect(Option.isNone(yield* s.get(a.file_id))).toBe(true)
      }).pipe(Effect.provide(layer)))
  })
