/** The split body's own field: `taxonomy` (optional; as classify's). */
import { Effect } from "effect"
import { taxonomyOf } from "../categorize/categorize-request.js"
import { failIfAny, type Json } from "../../api/inputs.js"
import type { SplitParams } from "./split-work.js"

export const splitParams = (body: Json) =>
  Effect.gen(function*() {
    const { taxonomy, errors } = taxonomyOf(body.taxonomy)
    yield* failIfAny(errors)
    return { taxonomy } satisfies SplitParams
  })
