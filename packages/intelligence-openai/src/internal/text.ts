/** Small helpers shared by the ports: bounded prompt text, confidences, engine errors. */
import { Intelligence } from "@docket/core"
import type { OpenAiFailure } from "./client.js"

/** At most `max` characters, cut on a line break when one is near, marked as cut. */
export const bounded = (text: string, max: number): string => {
  if (text.length <= max) return text
  const cut = text.lastIndexOf("\n", max)
  return `${text.slice(0, cut > max * 0.8 ? cut : max)}\n[… ${text.length - max} more characters not shown]`
}

/** A confidence from the model: a number clamped to [0, 1] and rounded to 3 decimals; 0 when unusable. */
export const confidence = (x: number): number => (Number.isFinite(x) ? Math.round(Math.min(1, Math.max(0, x)) * 1000) / 1000 : 0)

/** `Invoice Summary` → `invoice_summary` (the form of taxonomy keys). */
export const snakeCase = (label: string): string =>
  label
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 64)

export const engineFailed = (operation: string) => (e: OpenAiFailure): Intelligence.EngineFailed =>
  new Intelligence.EngineFailed({ operation, message: e.message, cause: e })

/** A JSON-schema property that may be null. */
export const nullable = (schema: Record<string, unknown>): Record<string, unknown> => ({ anyOf: [schema, { type: "null" }] })

/** A strict-mode object schema: every property required, no others. */
export const strictObject = (properties: Record<string, unknown>): Record<string, unknown> => ({
  type: "object",
  properties,
  required: Object.keys(properties),
  additionalProperties: false
})
