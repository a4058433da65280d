/** The split body's own field: `taxonomy` (optional; as classify's). */
import { Effect, Option } from "effect"
import { optionalNullable } from "../../api/schemas.js"
import type { TaxonomyCategory } from "../../intelligence/classifier.js"
import { Taxonomy } from "../categorize/categorize-request.js"
import type { SplitParams } from "./split-work.js"

export const SplitFields = { taxonomy: optionalNullable(Taxonomy) }

export const splitParams = (body: { readonly taxonomy: Option.Option<ReadonlyArray<TaxonomyCategory>> }) =>
  Effect.succeed({ taxonomy: Option.match(body.taxonomy, { onNone: () => null, onSome: (t) => [...t] }) } satisfies SplitParams)
