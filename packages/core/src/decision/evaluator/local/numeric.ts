/**
 * Numeric comparisons in questions: "Is the total above 1000?", "at least 3 items", "between 10
 * and 20", "500 or more". The subject ("the total") is what remains of the question once the
 * comparison is removed; `scoring.ts` looks it up among the numbers of the state.
 */
import { foldText } from "./text.js"

export type ComparisonOp = "gt" | "ge" | "lt" | "le" | "eq" | "between"

export interface Comparison {
  readonly op: ComparisonOp
  readonly value: number
  /** upper bound for "between" */
  readonly upper: number
  /** the question without the comparison (what is compared) */
  readonly subject: string
}

const OPERATORS: ReadonlyArray<readonly [ComparisonOp, ReadonlyArray<string>]> = [
  ["ge", ["greater than or equal to", "more than or equal to", "at least", "no less than", "not less than", "no fewer than", "a minimum of", "minimum of", ">=", "≥"]],
  ["le", ["less than or equal to", "fewer than or equal to", "at most", "no more than", "not more than", "a maximum of", "maximum of", "up to", "<=", "≤"]],
  ["gt", ["greater than", "more than", "higher than", "larger than", "bigger than", "longer than", "older than", "in excess of", "exceeding", "exceeds", "exceed", "above", "over", ">"]],
  ["lt", ["less than", "fewer than", "lower than", "smaller than", "shorter than", "younger than", "below", "under", "<"]],
  ["eq", ["equal to", "equals", "exactly", "="]]
]

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
const NUMBER = String.raw`[$€£¥]?\s*(-?\d[\d,]*(?:\.\d+)?)\s*(k|m|bn|thousand|million|billion)?(?![\p{L}\d])`
const OP_LIST = OPERATORS.flatMap(([op, words]) => words.map((w) => [op, w] as const)).sort((a, b) => b[1].length - a[1].length)
const OP_RE = new RegExp(
  String.raw`(?<![\p{L}])(${OP_LIST.map(([, w]) => escape(w)).join("|")})\s*(?:the\s+)?(?:value\s+of\s+)?${NUMBER}`,
  "u"
)
const BETWEEN_RE = new RegExp(String.raw`\bbetween\s+${NUMBER}\s*(?:and|-|to)\s*${NUMBER}`, "u")
const OR_MORE_RE = new RegExp(String.raw`${NUMBER}\s+or\s+(more|greater|higher|above|over|less|fewer|lower|below|under)\b`, "u")

const scale = (suffix: string | undefined): number => {
  switch (suffix) {
    case "k":
    case "thousand":
      return 1e3
    case "m":
    case "million":
      return 1e6
    case "bn":
    case "billion":
      return 1e9
    default:
      return 1
  }
}

const parse = (digits: string, suffix: string | undefined): number => {
  const plain = /^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(digits) ? digits.replace(/,/g, "") : digits.split(",")[0]!
  return Number(plain) * scale(suffix)
}

/** Whether the text has an ASCII digit or any non-ASCII character. */
const mayHaveDigit = (text: string): boolean => {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if ((c >= 48 && c <= 57) || c > 127) return true
  }
  return false
}

/** Finds a numeric comparison in a question, or null. */
export const parseComparison = (question: string): Comparison | null => {
  // every pattern needs an ASCII digit; only folding (e.g. of fullwidth digits) can add one
  if (!mayHaveDigit(question)) return null
  const text = foldText(question)
  const strip = (m: RegExpExecArray): string => text.slice(0, m.index) + " " + text.slice(m.index + m[0].length)
  const between = BETWEEN_RE.exec(text)
  if (between !== null) {
    const a = parse(between[1]!, between[2])
    const b = parse(between[3]!, between[4])
    if (Number.isFinite(a) && Number.isFinite(b)) {
      return { op: "between", value: Math.min(a, b), upper: Math.max(a, b), subject: strip(between) }
    }
  }
  const m = OP_RE.exec(text)
  if (m !== null) {
    const word = m[1]!
    const op = OP_LIST.find(([, w]) => w === word)![0]
    const value = parse(m[2]!, m[3])
    if (Number.isFinite(value)) return { op, value, upper: value, subject: strip(m) }
  }
  const orMore = OR_MORE_RE.exec(text)
  if (orMore !== null) {
    const value = parse(orMore[1]!, orMore[2])
    const op: ComparisonOp = ["more", "greater", "higher", "above", "over"].includes(orMore[3]!) ? "ge" : "le"
    if (Number.isFinite(value)) return { op, value, upper: value, subject: strip(orMore) }
  }
  return null
}

/** Whether `x` satisfies the comparison, and how clearly (relative margin, >= 0). */
export const compare = (c: Comparison, x: number): { readonly holds: boolean; readonly margin: number } => {
  const unit = Math.max(Math.abs(c.value), Math.abs(c.upper), 1)
  const eps = 1e-9 * unit
  let holds: boolean
  let margin: number
  switch (c.op) {
    case "gt":
      holds = x > c.value + eps
      margin = Math.abs(x - c.value)
      break
    case "ge":
      holds = x >= c.value - eps
      margin = Math.abs(x - c.value)
      break
    case "lt":
      holds = x < c.value - eps
      margin = Math.abs(x - c.value)
      break
    case "le":
      holds = x <= c.value + eps
      margin = Math.abs(x - c.value)
      break
    case "eq":
      holds = Math.abs(x - c.value) <= eps
      margin = holds ? unit : Math.abs(x - c.value)
      break
    case "between":
      holds = x >= c.value - eps && x <= c.upper + eps
      margin = holds ? Math.min(x - c.value, c.upper - x) + unit * 0.1 : Math.min(Math.abs(x - c.value), Math.abs(x - c.upper))
      break
  }
  return { holds, margin: margin / unit }
}
