import { Option } from "effect"

/** JSON.parse that never throws: `None` for anything that is not one JSON text. */
export const parseJson = (text: string): Option.Option<unknown> => {
  try {
    return Option.some(JSON.parse(text))
  } catch {
    return Option.none()
  }
}

/**
 * JSON serialization that works at any nesting depth. `JSON.stringify` is recursive and throws a
 * RangeError on very deep values (which `JSON.parse` accepts); the fallback is iterative and
 * produces the same text.
 */

export const stringifyJson = (value: unknown): string => {
  try {
    return JSON.stringify(value) ?? "null"
  } catch (e) {
    if (e instanceof RangeError) return stringifyIteratively(value)
    throw e
  }
}

type Frame =
  | { readonly kind: "array"; readonly items: ReadonlyArray<unknown>; index: number }
  | { readonly kind: "object"; readonly entries: ReadonlyArray<[string, unknown]>; index: number }

const leaf = (value: unknown): string | undefined => {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null"
  return undefined
}

/** Only used for parsed JSON (plain objects, arrays, strings, numbers, booleans, null). */
const stringifyIteratively = (root: unknown): string => {
  const out: Array<string> = []
  const stack: Array<Frame> = []
  const open = (value: unknown): void => {
    const simple = leaf(value)
    if (simple !== undefined) {
      out.push(simple)
    } else if (Array.isArray(value)) {
      out.push("[")
      stack.push({ kind: "array", items: value, index: 0 })
    } else {
      out.push("{")
      stack.push({
        kind: "object",
        entries: Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined),
        index: 0
      })
    }
  }
  open(root)
  while (stack.length > 0) {
    const top = stack[stack.length - 1]
    if (top.kind === "array") {
      if (top.index >= top.items.length) {
        out.push("]")
        stack.pop()
        continue
      }
      if (top.index > 0) out.push(",")
      open(top.items[top.index++])
    } else {
      if (top.index >= top.entries.length) {
        out.push("}")
        stack.pop()
        continue
      }
      if (top.index > 0) out.push(",")
      const [k, v] = top.entries[top.index++]
      out.push(JSON.stringify(k), ":")
      open(v)
    }
  }
  return out.join("")
}

/** Length in UTF-8 bytes of a JS string, without allocating a buffer. */
export const utf8Length = (s: string): number => Buffer.byteLength(s, "utf8")
