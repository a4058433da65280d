/**
 * The LZ77 variant legacy Visio (.vsd) compresses its streams with (Apache POI's HDGF "LZW",
 * libvisio's VSDInternalStream): a 4096-byte ring buffer, a flag byte before each group of eight
 * items (bit set: a literal byte; bit clear: a two-byte back-reference of 3–18 bytes, whose
 * 12-bit position is stored 18 ahead of the ring's index). The output grows by at most 9 bytes
 * per input byte, so it is bounded by the caller's input.
 */

const RING = 4096

/** The decompressed bytes of `src`; a truncated last group ends the output where it stops. */
export const visioDecompress = (src: Uint8Array): Uint8Array => {
  let out = new Uint8Array(Math.max(64, src.length * 2))
  let size = 0
  const push = (byte: number) => {
    if (size === out.length) {
      const grown = new Uint8Array(out.length * 2)
      grown.set(out)
      out = grown
    }
    out[size++] = byte
  }
  const ring = new Uint8Array(RING)
  let pos = 0
  let i = 0
  while (i < src.length) {
    const flag = src[i++]
    if (i >= src.length) break
    for (let bit = 0; bit < 8 && i < src.length; bit++) {
      if (flag & (1 << bit)) {
        ring[pos & (RING - 1)] = src[i]
        push(src[i++])
        pos++
      } else {
        if (i + 1 >= src.length) break
        const low = src[i++]
        const high = src[i++]
        const length = (high & 0x0f) + 3
        let from = ((high & 0xf0) << 4) | low
        from = from > RING - 18 ? from - (RING - 18) : from + 18
        for (let j = 0; j < length; j++) {
          const byte = ring[(from + j) & (RING - 1)]
          ring[(pos + j) & (RING - 1)] = byte
          push(byte)
        }
        pos += length
      }
    }
  }
  return out.subarray(0, size)
}
