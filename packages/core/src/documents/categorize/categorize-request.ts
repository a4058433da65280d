/**
 * The categorize body's own fields (spec 2, "Endpoints"): `taxonomy` (optional; `categories`, at
 * least one object with `key`, required, and `description`, optional) and `markdown_url`
 * (optional; an earlier parse of the same file). Keys are 1–128 characters and distinct; at most
 * `MAX_CATEGORIES` categories, descriptions up to 2,000 characters.
 */
import { Effect } from "effect"
import type { TaxonomyCategory } from "../../intelligence/classifier.js"
import { type FieldError } from "../../api/errors.js"
import { failIfAny, isObject, type Json, unknownFields } from "../../api/inputs.js"
import { markdownSourceOf } from "../parse/markdown-source.js"
import type { JobForm } from "../../jobs/job.js"
import type { Caller } from "../../tenancy/tenants/authenticate.js"

export const MAX_CATEGORIES = 200
export const MAX_CATEGORY_KEY = 128
export const MAX_CATEGORY_DESCRIPTION = 2000

export const taxonomyOf = (value: unknown, field = "taxonomy"): { taxonomy: Array<TaxonomyCategory> | null; errors: Array<FieldError> } => {
  if (value === undefined || value === null) return { taxonomy: null, errors: [] }
  if (!isObject(value)) return { taxonomy: null, errors: [{ field, message: "must be an object with categories" }] }
  const errors = unknownFields(value, ["categories"], `${field}.`)
  const list = value.categories
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_CATEGORIES) {
    errors.push({ field: `${field}.categories`, message: `must be an array of 1 to ${MAX_CATEGORIES} categories` })
    return { taxonomy: null, errors }
  }
  const seen = new Set<string>()
  const taxonomy: Array<TaxonomyCategory> = []
  list.forEach((c: unknown, i) => {
    const at = `${field}.categories.${i}`
    if (!isObject(c)) {
      errors.push({ field: at, message: "must be an object with key" })
      return
    }
    errors.push(...unknownFields(c, ["key", "description"], `${at}.`))
    if (typeof c.key !== "string" || c.key.trim() === "" || c.key.length > MAX_CATEGORY_KEY) {
      errors.push({ field: `${at}.key`, message: `is required: a string of 1 to ${MAX_CATEGORY_KEY} characters` })
    } else if (seen.has(c.key)) {
      errors.push({ field: `${at}.key`, message: `repeats the key ${JSON.stringify(c.key)}` })
    } else seen.add(c.key)
    if (c.description !== undefined && (typeof c.description !== "string" || c.description.length > MAX_CATEGORY_DESCRIPTION)) {
      errors.push({ field: `${at}.description`, message: `must be a string of at most ${MAX_CATEGORY_DESCRIPTION} characters` })
    }
    if (typeof c.key === "string") taxonomy.push({ key: c.key, description: typeof c.description === "string" ? c.description : null })
  })
  return { taxonomy, errors }
}

/** The job parameters of a categorize / classify create. */
export const categorizeParams = (body: Json, caller: Caller, _form: JobForm) =>
  Effect.gen(function*() {
    const { taxonomy, errors } = taxonomyOf(body.taxonomy)
    yield* failIfAny(errors)
    const markdown = body.markdown_url === undefined || body.markdown_url === null
      ? null
      : yield* markdownSourceOf(caller, "markdown_url", body.markdown_url)
    return { taxonomy, markdown }
  })
