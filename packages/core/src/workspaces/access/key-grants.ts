/**
 * Keys granted access labels (spec 3, "Access labels"; DESIGN.md "Control plane": keys with
 * access-label grants). A grant names labels of the tenant's catalog: a key granted a label the
 * catalog does not hold is refused (control plane 400 naming the unknown labels), so a grant can
 * never silently unlock nothing. While a key grants a label the label cannot be deleted.
 */
import { Effect } from "effect"
import { AdminBadRequest, AdminUnavailable } from "../../admin/errors.js"
import { decodeInput, DocsKeyInput } from "../../admin/inputs.js"
import * as DocsAdmin from "../../tenancy/tenants/admin.js"
import { TenantStore } from "../../tenancy/tenants/tenant-store.js"
import { unknownLabels } from "./catalog.js"
import type { LabelReference } from "./label-references.js"

/** Another key of the tenant, granted `access_labels` (each a label of the tenant's catalog). */
export const createGrantedKey = (tenantId: string, input: DocsAdmin.DocsKeyInputValue = {}) =>
  Effect.gen(function*() {
    const decoded = yield* decodeInput(DocsKeyInput)(input)
    yield* DocsAdmin.getTenant(tenantId)
    const unknown = yield* unknownLabels(tenantId, [...new Set(decoded.access_labels ?? [])]).pipe(
      Effect.mapError((e) => new AdminUnavailable({ message: `storage unavailable: ${String(e.cause ?? e._tag)}` }))
    )
    if (unknown.length > 0) {
      return yield* new AdminBadRequest({
        message: `access_labels: ${unknown.join(", ")} ${unknown.length === 1 ? "is" : "are"} not in the tenant's access-label catalog; create ${
          unknown.length === 1 ? "it" : "them"
        } with POST /v1/access-labels first`
      })
    }
    return yield* DocsAdmin.createTenantKey(tenantId, decoded)
  })

/** Keys reference the labels they are granted. */
export const keyGrantReference: LabelReference<TenantStore> = {
  holder: "key_grant",
  references: (tenantId, label) => Effect.flatMap(TenantStore, (s) => s.keyGrantsLabel(tenantId, label))
}
