/** The tenant's access-label catalog over HTTP (spec 3, "Access labels"). */
import { Effect, Schema } from "effect"
import { fieldMessage } from "../../api/decode.js"
import { jsonBodyOf } from "../../api/endpoint.js"
import { docsJson } from "../../api/envelope.js"
import { ACCESS_LABEL_DESCRIPTION_MAX, ACCESS_LABEL_NAME_MAX, ACCESS_LABEL_NAME_PATTERN, accessLabelView } from "../access/access-label.js"
import { createAccessLabel, deleteAccessLabel, getAccessLabel, listAccessLabels, updateAccessLabel } from "../access/catalog.js"
import { PageFields, pageOf } from "../page.js"
import { workspaceEndpoint } from "./endpoints.js"
import { storeDown } from "./store-errors.js"

const TAG = "access labels"

export const LabelName = Schema.String.pipe(
  Schema.maxLength(ACCESS_LABEL_NAME_MAX),
  Schema.pattern(ACCESS_LABEL_NAME_PATTERN),
  fieldMessage(`must be lower-case letters and digits in words joined by single underscores ([a-z0-9]+(?:_[a-z0-9]+)*), at most ${ACCESS_LABEL_NAME_MAX} characters`)
)

export const LabelDescription = Schema.String.pipe(
  Schema.filter((s) => s.trim().length > 0),
  Schema.maxLength(ACCESS_LABEL_DESCRIPTION_MAX),
  fieldMessage(`must be a non-blank string of at most ${ACCESS_LABEL_DESCRIPTION_MAX} characters (it is the classifier's prompt)`)
)

const CreateBody = Schema.Struct({ name: LabelName, description: LabelDescription })
/** the name is immutable: a body naming it is refused as an unknown field */
const PatchBody = Schema.Struct({ description: LabelDescription })
const LabelParams = Schema.Struct({ access_label_id: Schema.String })

const LABEL = { status: 200, description: "`{access_label_id, name, description, created_at, updated_at}`" }

export const accessLabelEndpoints = [
  workspaceEndpoint({
    method: "GET",
    path: "/v1/access-labels",
    tag: TAG,
    summary: "List the tenant's access labels (oldest first)",
    query: Schema.Struct(PageFields),
    responses: [{ status: 200, description: "`{items, next_cursor, total_count}`" }],
    errors: [[422, "invalid_request"]],
    handler: ({ ctx, caller, query }) =>
      Effect.map(
        listAccessLabels(caller.tenant.tenant_id, { limit: query.limit + 1, after: query.cursor }).pipe(storeDown),
        (r) => docsJson(200, pageOf(r, query.limit, accessLabelView), ctx.requestId)
      )
  }),
  workspaceEndpoint({
    method: "POST",
    path: "/v1/access-labels",
    tag: TAG,
    summary: "Create an access label",
    body: jsonBodyOf(CreateBody),
    responses: [{ ...LABEL, status: 201 }],
    errors: [[409, "access_label_name_taken"], [422, "invalid_request"]],
    handler: ({ ctx, caller, body }) =>
      Effect.map(createAccessLabel(caller.tenant.tenant_id, body).pipe(storeDown), (l) => docsJson(201, accessLabelView(l), ctx.requestId))
  }),
  workspaceEndpoint({
    method: "GET",
    path: "/v1/access-labels/:access_label_id",
    tag: TAG,
    summary: "Read an access label",
    params: LabelParams,
    responses: [LABEL],
    errors: [[404, "access_label_not_found"]],
    handler: ({ ctx, caller, params }) =>
      Effect.map(getAccessLabel(caller.tenant.tenant_id, params.access_label_id).pipe(storeDown), (l) => docsJson(200, accessLabelView(l), ctx.requestId))
  }),
  workspaceEndpoint({
    method: "PATCH",
    path: "/v1/access-labels/:access_label_id",
    tag: TAG,
    summary: "Change an access label's description (its name is immutable)",
    params: LabelParams,
    body: jsonBodyOf(PatchBody),
    responses: [LABEL],
    errors: [[404, "access_label_not_found"], [422, "invalid_request"]],
    handler: ({ ctx, caller, params, body }) =>
      Effect.map(
        updateAccessLabel(caller.tenant.tenant_id, params.access_label_id, body.description).pipe(storeDown),
        (l) => docsJson(200, accessLabelView(l), ctx.requestId)
      )
  }),
  workspaceEndpoint({
    method: "DELETE",
    path: "/v1/access-labels/:access_label_id",
    tag: TAG,
    summary: "Delete an access label no workspace, key grant or file references",
    params: LabelParams,
    responses: [{ status: 204, description: "deleted" }],
    errors: [[404, "access_label_not_found"], [409, "access_label_in_use"]],
    handler: ({ ctx, caller, params }) =>
      Effect.map(deleteAccessLabel(caller.tenant.tenant_id, params.access_label_id).pipe(storeDown), () => ({
        status: 204,
        headers: { "x-request-id": ctx.requestId }
      }))
  })
]
