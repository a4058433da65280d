/**
 * The categorize body's own fields (spec 2, "Endpoints"): `taxonomy` (optional; `categories`, at
 * least one object with `key`, required, and `description`, optional) and `markdown_url`
 * (optional; an earlier parse of the same file). Keys are 1–128 characters and distinct; at most
 * `MAX_CATEGORIES` categories, descriptions up to 2,000 characters.
 */
import { Effect, Option, Schema } from "effect"
import { fieldMessage } from "../../api/decode.js"
import { distinctArray, optionalNullable } from "../../api/schemas.js"
import type { TaxonomyCategory } from "../../intelligence/classifier.js"
import { markdownSourceOf, MarkdownUrl } from "../parse/markdown-source.js"
import type { JobForm } from "../../jobs/job.js"
import type { Caller } from "../../tenancy/tenants/authenticate.js"

export const MAX_CATEGORIES = 200
export const MAX_CATEGORY_KEY = 128
export const MAX_CATEGORY_DESCRIPTION = 2000

const validKey = (k: unknown) => (typeof k === "string" && k.trim() !== "" && k.length <= MAX_CATEGORY_KEY ? k : undefined)

const Category = Schema.Struct({
  key: Schema.String.pipe(
    Schema.filter((k) => k.trim() !== "" && k.length <= MAX_CATEGORY_KEY),
    fieldMessage(`is required: a string of 1 to ${MAX_CATEGORY_KEY} characters`)
  ),
  description: Schema.optional(
    Schema.String.pipe(Schema.maxLength(MAX_CATEGORY_DESCRIPTION), fieldMessage(`must be a string of at most ${MAX_CATEGORY_DESCRIPTION} characters`))
  )
}).pipe(fieldMessage("must be an object with key"))

/** `taxonomy`: `{categories: [{key, description?}]}`, 1 to 200 categories with distinct keys; `null` is none. */
export const Taxonomy = Schema.Struct({
  categories: distinctArray(Category, {
    min: 1,
    max: MAX_CATEGORIES,
    message: `must be an array of 1 to ${MAX_CATEGORIES} categories`,
    keyField: "key",
    keyOf: (c) => validKey((c as { key?: unknown } | null)?.key),
    repeated: (key) => `repeats the key ${JSON.stringify(key)}`
  })
}).pipe(
  fieldMessage("must be an object with categories"),
  Schema.transform(Schema.Array(Schema.Struct({ key: Schema.String, description: Schema.NullOr(Schema.String) })), {
    strict: false,
    decode: (t) => t.categories.map((c) => ({ key: c.key, description: c.description ?? null })),
    encode: (list) => ({ categories: list.map((c) => (c.description === null ? { key: c.key } : c)) })
  })
)

/** The categorize / classify body's own fields. */
export const CategorizeFields = {
  taxonomy: optionalNullable(Taxonomy),
  markdown_url: optionalNullable(MarkdownUrl)
}

export interface CategorizeBody {
  readonly taxonomy: Option.Option<ReadonlyArray<TaxonomyCategory>>
  readonly markdown_url: Option.Option<unknown>
}

/** The job parameters of a categorize / classify create. */
export const categorizeParams = (body: CategorizeBody, caller: Caller, _form: JobForm) =>
  Effect.gen(function*() {
    const taxonomy = Option.getOrNull(body.taxonomy)
    const markdown = Option.isNone(body.markdown_url) ? null : yield* markdownSourceOf(caller, "markdown_url", body.markdown_url.value)
    return { taxonomy: taxonomy === null ? null : [...taxonomy], markdown }
  })
