/**
 * What a schema field is about, read from its name and title: the words it uses, whether it holds
 * a date or a currency. Shared by the scalar reading (`local-extractor.ts`) and the item tables
 * (`item-tables.ts`).
 */
import type { SchemaNode } from "../../../documents/schema/extract-schema.js"
import { stem } from "../../../decision/evaluator/local/text.js"
import { terms } from "../text-features.js"

/** the least score a label needs to name a field */
export const MIN_LABEL_SCORE = 0.5

/** whether the text uses one of the words (compared stemmed) */
export const has = (name: string, ...words: ReadonlyArray<string>) => {
  const ts = terms(name.replace(/_/g, " "))
  return words.some((w) => ts.includes(stem(w)))
}
export const isDateField = (node: SchemaNode, name: string) => has(`${name} ${node.title ?? ""}`, "date", "dob", "birth", "day") ||
  (node.description !== null && /\b(date|YYYY-MM-DD|ISO 8601)\b/i.test(node.description))
export const isCurrencyField = (node: SchemaNode, name: string) => has(`${name} ${node.title ?? ""}`, "currency", "ccy")
