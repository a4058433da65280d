/** Wall-clock timing of synchronous work, for the in-process sections (tokenizer, validation). */

export const median = (xs: ReadonlyArray<number>): number => {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2
}

/** Median wall time in ms of `runs` calls (after one warm-up call when `warmup`), and the last result. */
export const time = <A>(runs: number, f: () => A, warmup = true): { readonly ms: number; readonly result: A } => {
  let result = warmup ? f() : (undefined as A)
  const ts: Array<number> = []
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    result = f()
    ts.push(performance.now() - t0)
  }
  return { ms: median(ts), result }
}
