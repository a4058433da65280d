/** Reading a body stream into memory with a cap, for the in-memory stores of files. */
import { Effect, Stream } from "effect"

/**
 * The chunks of `body` as they arrived and their total size; fails with `tooLarge()` as soon as
 * the total crosses `maxBytes` (nothing is kept then).
 */
export const collectCapped = <E, T>(
  body: Stream.Stream<Uint8Array, E>,
  maxBytes: number,
  tooLarge: () => T
): Effect.Effect<{ readonly chunks: ReadonlyArray<Uint8Array>; readonly size: number }, E | T> =>
  Effect.suspend(() => {
    const chunks: Array<Uint8Array> = []
    let size = 0
    return body.pipe(
      Stream.runForEach((chunk) => {
        size += chunk.byteLength
        if (size > maxBytes) return Effect.fail(tooLarge())
        chunks.push(chunk)
        return Effect.void
      }),
      Effect.map(() => ({ chunks, size }))
    )
  })
