/**
 * The lists of the workspace service (spec 3, "Conventions"): `{items, next_cursor, total_count}`,
 * `limit` 1–200 (default 50), and an opaque keyset cursor — the position after the page's last
 * item (`seq`, a store's insertion sequence), so items created while a client pages never shift
 * or repeat what it has seen.
 */
import { Schema } from "effect"
import { fieldMessage } from "../api/decode.js"
import { optionalParam, QueryValue, queryInt, withDefault } from "../api/schemas.js"

export const PAGE_LIMIT_DEFAULT = 50
export const PAGE_LIMIT_MAX = 200

const CURSOR = /^c([0-9a-z]{1,13})$/

export const encodeCursor = (seq: number): string => `c${seq.toString(36)}`

export const decodeCursor = (cursor: string): number | undefined => {
  const m = CURSOR.exec(cursor)
  return m === null ? undefined : parseInt(m[1]!, 36)
}

/** A cursor this service handed out (422 `invalid_request` naming `cursor` otherwise). */
export const CursorParam = Schema.transform(
  QueryValue.pipe(Schema.filter((raw) => raw === "" || decodeCursor(raw) !== undefined), fieldMessage("must be the next_cursor of an earlier page")),
  Schema.UndefinedOr(Schema.Number),
  { strict: true, decode: (raw) => (raw === "" ? undefined : decodeCursor(raw)), encode: (n) => (n === undefined ? "" : encodeCursor(n)) }
).annotations({ jsonSchema: { type: "string", description: "next_cursor of the previous page" } })

export const PageFields = {
  limit: withDefault(queryInt(1, PAGE_LIMIT_MAX), PAGE_LIMIT_DEFAULT),
  cursor: optionalParam(CursorParam)
}

/** The page a list answers: `next_cursor` when the store had more than `limit` items after the cursor. */
export const pageOf = <A, B>(
  result: { readonly items: ReadonlyArray<A & { readonly seq: number }>; readonly total: number },
  limit: number,
  view: (a: A) => B
) => {
  const items = result.items.slice(0, limit)
  const more = result.items.length > limit
  return {
    items: items.map(view),
    next_cursor: more && items.length > 0 ? encodeCursor(items[items.length - 1]!.seq) : null,
    total_count: result.total
  }
}

/** A list's answer (`{items, next_cursor, total_count}`) of items shown as `B`. */
export type PageView<B> = ReturnType<typeof pageOf<unknown, B>>
