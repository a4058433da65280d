/**
 * The model catalog and the resolution of the `model` field (spec 1, "Versioning").
 *
 * | Requested                                   | Served by                          |
 * | pinned id (`dm-v1.0`, `dm-v1.5`)            | that version                       |
 * | alias `dm-latest`                           | the version it points to           |
 * | retired id (`dm-v1.1`)                      | its successor; response names it   |
 * | registered id not yet available (`dm-v2.0`) | 422, issue path `model`            |
 * | any other `dm-*` / `legacy-*`, or no model  | served like `dm-latest`            |
 * | anything else                               | 422, issue path `model`            |
 */
import type { EncodingName } from "./tokenizer/index.js"

export type ModelVersion = "dm-v1.0" | "dm-v1.5"

export interface ModelSpec {
  readonly id: ModelVersion
  readonly description: string
  readonly release_date: string
  /** the BPE encoding used to count tokens for this model */
  readonly encoding: EncodingName
  /** state limit in tokens */
  readonly stateLimit: number
  /** row limit (state + longest question) in tokens */
  readonly rowLimit: number
  /** which fleet serves a request, by token counts (spec 1, "Fleets") */
  readonly fleetFor: (stateTokens: number, rowTokens: number) => Fleet
}

export type Fleet = "fast" | "long"

export const MODELS: Readonly<Record<ModelVersion, ModelSpec>> = {
  "dm-v1.0": {
    id: "dm-v1.0",
    description: "Decision model 1.0. States up to 32,768 tokens.",
    release_date: "2025-03-04",
    encoding: "cl100k_base",
    stateLimit: 32_768,
    rowLimit: 32_768,
    fleetFor: (_state, row) => (row > 4_096 ? "long" : "fast")
  },
  "dm-v1.5": {
    id: "dm-v1.5",
    description: "Decision model 1.5. States up to 131,072 tokens.",
    release_date: "2025-09-16",
    encoding: "o200k_base",
    stateLimit: 131_072,
    rowLimit: 139_264,
    fleetFor: (state, row) => (state > 8_192 || row > 16_383 ? "long" : "fast")
  }
}

export interface CatalogEntry {
  readonly name: string
  readonly description: string
  readonly release_date: string
  readonly alias_for: string | null
}

/** Where `dm-latest` points. It moves only on an announced date. */
export const LATEST: ModelVersion = "dm-v1.5"

/** Retired ids and their successors. */
export const RETIRED: Readonly<Record<string, ModelVersion>> = { "dm-v1.1": "dm-v1.5" }

/** Registered ids that are not yet available. Not listed in the catalog. */
export const NOT_YET_AVAILABLE: ReadonlySet<string> = new Set(["dm-v2.0"])

export const CATALOG: ReadonlyArray<CatalogEntry> = [
  { name: "dm-v1.0", description: MODELS["dm-v1.0"].description, release_date: "2025-03-04", alias_for: null },
  { name: "dm-v1.5", description: MODELS["dm-v1.5"].description, release_date: "2025-09-16", alias_for: null },
  {
    name: "dm-latest",
    description: "Alias for the newest decision model; moves only on an announced date.",
    release_date: "2025-09-16",
    alias_for: LATEST
  },
  {
    name: "dm-v1.1",
    description: "Retired. Served by its successor dm-v1.5 and priced as dm-v1.5.",
    release_date: "2025-06-10",
    alias_for: "dm-v1.5"
  }
]

export const MODEL_PATTERN = /^(?:dm|legacy)-[A-Za-z0-9.-]+$/

export type ModelResolution =
  | { readonly _tag: "Resolved"; readonly model: ModelSpec }
  | { readonly _tag: "Invalid"; readonly message: string }

/** Resolves the `model` field; `undefined` means the field was absent. */
export const resolveModel = (requested: unknown): ModelResolution => {
  if (requested === undefined) return { _tag: "Resolved", model: MODELS[LATEST] }
  if (typeof requested !== "string") return { _tag: "Invalid", message: "must be a string" }
  if (!MODEL_PATTERN.test(requested)) {
    return {
      _tag: "Invalid",
      message: `unknown model; use dm-latest, a pinned version such as dm-v1.5, or another id matching ${MODEL_PATTERN.source}`
    }
  }
  if (NOT_YET_AVAILABLE.has(requested)) {
    return { _tag: "Invalid", message: `model ${requested} is registered but not yet available` }
  }
  if (requested in MODELS) return { _tag: "Resolved", model: MODELS[requested as ModelVersion] }
  const successor = RETIRED[requested]
  if (successor !== undefined) return { _tag: "Resolved", model: MODELS[successor] }
  return { _tag: "Resolved", model: MODELS[LATEST] }
}
