/** Numeric environment knobs of the benchmarks. */

/** The positive number in `process.env[name]`, else `fallback` (unset, empty, not a number, ≤ 0). */
export const envNumber = (name: string, fallback: number): number => {
  const raw = process.env[name]
  const n = raw === undefined || raw === "" ? NaN : Number(raw)
  return Number.isFinite(n) && n > 0 ? n : fallback
}
