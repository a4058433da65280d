/**
 * Seeding platform extraction schemas from the control plane (`PUT
 * /_admin/docs/platform-schemas/{schema_id}` and `docket.admin.docs.seedPlatformSchema`): the
 * registry's idempotent `seedPlatformExtractionSchema`, with its refusals as control-plane errors.
 */
import { Effect } from "effect"
import { AdminBadRequest, AdminUnavailable } from "../../admin/errors.js"
import { type PlatformSchemaDefinition, seedPlatformExtractionSchema } from "./registry.js"
import type { SchemaProblem } from "./schema-problem.js"

const problemsText = (prefix: string, problems: ReadonlyArray<SchemaProblem>) =>
  problems.map((p) => `${prefix}${p.path === "" ? "" : p.path}: ${p.message}`).join("; ")

export const seedPlatformSchemaAdmin = (definition: PlatformSchemaDefinition) =>
  seedPlatformExtractionSchema(definition).pipe(
    Effect.catchTags({
      InvalidSchemaRequest: (e) => new AdminBadRequest({ message: problemsText("", e.problems) }),
      InvalidSchema: (e) => new AdminBadRequest({ message: `schema outside the supported subset: ${problemsText("schema", e.problems)}` }),
      StorageUnavailable: () => new AdminUnavailable({ message: "extraction-schema storage unavailable" })
    })
  )
