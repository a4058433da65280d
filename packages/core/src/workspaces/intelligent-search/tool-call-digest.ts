/**
 * `tool_calls[].arguments_digest`: SHA-256 in hex of the arguments as canonical JSON (object keys
 * sorted at every depth), so the same arguments always give the same digest whatever order they
 * were written in — a caller can tell repeated calls apart without the arguments being shown.
 */
import { createHash } from "node:crypto"

const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical)
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])]))
  }
  return value
}

export const argumentsDigest = (args: unknown): string => createHash("sha256").update(JSON.stringify(canonical(args ?? {}))).digest("hex")
