/** Spreadsheet helpers shared by XLSX, XLS and CSV: references and Excel dates. */
// The same as core's `cellRef`: this module runs in worker threads, which load no core code.
export const columnName = (col: number): string => {
  let name = ""
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name
  return name
}

export const cellRef = (row: number, col: number): string => `${columnName(col)}${row}`

/** 1-indexed column of a reference such as `B7` (0 when it has no letters). */
export const refColumn = (ref: string): number => {
  let col = 0
  for (const ch of ref) {
    const c = ch.toUpperCase().charCodeAt(0)
    if (c < 65 || c > 90) break
    col = col * 26 + (c - 64)
  }
  return col
}

/** 1-indexed row of a reference such as `B7` (0 when it has no digits). */
export const refRow = (ref: string): number => Number(/\d+/.exec(ref)?.[0] ?? 0)

const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58])

/** Whether a number format (built-in id or format code) shows a date or time. */
export const isDateFormat = (id: number, code: string | undefined): boolean => {
  if (code === undefined) return BUILTIN_DATE_FORMATS.has(id)
  const stripped = code
    .replace(/"[^"]*"/g, "")
    .replace(/\\./g, "")
    .replace(/\[(?!h\]|hh\]|m\]|mm\]|s\]|ss\])[^\]]*\]/gi, "")
    .split(";")[0]
  if (/general/i.test(stripped)) return false
  return /[dmyhs]/i.test(stripped) && !/^[#0.,%E+\- ?/]*$/.test(stripped)
}

/** An Excel serial date as ISO 8601 (`YYYY-MM-DD`, with the time when it has one). */
export const excelDateToIso = (serial: number, date1904: boolean): string => {
  // 1900 system: serial 1 is 1900-01-01 and Excel counts the non-existent 1900-02-29 (serial 60)
  const days = date1904 ? serial + 1462 : serial < 60 ? serial + 1 : serial
  const ms = Math.round((days - 25569) * 86_400_000)
  const date = new Date(ms)
  if (Number.isNaN(date.getTime())) return String(serial)
  const iso = date.toISOString()
  return Number.isInteger(serial) ? iso.slice(0, 10) : iso.slice(0, 19)
}
