/**
 * The large file of the artifact Range benchmark: `size` bytes made of 1 MiB pieces, each a fresh
 * buffer (a store that keeps the pieces as they arrived must hold them all), whose bytes are a
 * function of their offset, so a reader can check any range it got without the whole file.
 */
export const PIECE = 1024 * 1024

/** the text that piece `i` repeats */
const motif = (i: number): string => `piece ${i}: quarterly figures by region. `

export const pieceOf = (i: number, size: number): Buffer => Buffer.alloc(Math.min(PIECE, size - i * PIECE), motif(i))

/** the bytes of [start, end] (inclusive), as `pieceOf` makes them */
export const expectedRange = (start: number, end: number, size: number): Buffer => {
  const parts: Array<Buffer> = []
  for (let i = Math.floor(start / PIECE); i * PIECE <= end && i * PIECE < size; i++) {
    const piece = pieceOf(i, size)
    parts.push(piece.subarray(Math.max(0, start - i * PIECE), Math.min(piece.byteLength, end + 1 - i * PIECE)))
  }
  return Buffer.concat(parts)
}
