/** Number formats of the benchmark tables. */

/** A latency in ms: one decimal from 10 ms, else two. */
export const fmtMs = (ms: number): string => (ms >= 10 ? ms.toFixed(1) : ms.toFixed(2))

/** A wall time in ms: whole from 100 ms, one decimal from 10 ms, else two. */
export const fmtDurationMs = (ms: number): string => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2))

/** A count or a rate, rounded, with thousands separators. */
export const fmtInt = (n: number): string => Math.round(n).toLocaleString("en-US")
