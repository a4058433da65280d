/**
 * Workspaces (spec 3, "Workspaces"): create (the domain pinned to a published version, the
 * access labels checked against the tenant's catalog), read, list, change the policy blocks,
 * delete (status `deleting` at once, then the `workspace_delete` job tears it down).
 */
import { Clock, Effect, Option } from "effect"
import { InvalidInput } from "../../api/errors.js"
import { Ids } from "../../kernel/ids.js"
import { unknownLabels } from "../access/catalog.js"
import { AccessLabelStore } from "../access/access-label-store.js"
import { pinnedDomain } from "../domains/domain-catalog.js"
import { DefaultLabelRequired, WorkspaceDeleting, WorkspaceNotFound } from "./errors.js"
import type { CreateWorkspaceBody, PatchWorkspaceBody } from "./workspace-input.js"
import type { Workspace, WorkspaceAccess } from "./workspace.js"
import { WorkspaceStore, type WorkspaceListQuery } from "./workspace-store.js"

/**
 * The declared labels: each names a label of the tenant's catalog (422 naming the unknown one),
 * once; a description omitted takes the catalog's. A non-empty list needs a default (422
 * `default_label_required`) naming one of them (422 otherwise).
 */
const accessOf = (tenantId: string, access: CreateWorkspaceBody["access"]) =>
  Effect.gen(function*() {
    const names = access.labels.map((l) => l.name)
    const repeated = names.findIndex((n, i) => names.indexOf(n) !== i)
    if (repeated >= 0) {
      return yield* new InvalidInput({ errors: [{ field: `access.labels.${repeated}.name`, message: `repeats the label ${names[repeated]}` }] })
    }
    if (access.labels.length > 0 && access.default_label === null) return yield* new DefaultLabelRequired()
    if (access.default_label !== null && !names.includes(access.default_label)) {
      return yield* new InvalidInput({
        errors: [{ field: "access.default_label", message: `names no declared label: ${access.default_label} is not in access.labels` }]
      })
    }
    const unknown = new Set(yield* unknownLabels(tenantId, names))
    if (unknown.size > 0) {
      return yield* new InvalidInput({
        errors: names.flatMap((n, i) =>
          unknown.has(n)
            ? [{ field: `access.labels.${i}.name`, message: `names no access label of your catalog: create ${n} with POST /v1/access-labels first` }]
            : []
        )
      })
    }
    const catalog = new Map((yield* (yield* AccessLabelStore).findByNames(tenantId, names)).map((l) => [l.name, l.description]))
    const result: WorkspaceAccess = {
      labels: access.labels.map((l) => ({ name: l.name, description: l.description ?? catalog.get(l.name) ?? "" })),
      default_label: access.default_label
    }
    return result
  })

export const createWorkspace = (tenantId: string, body: CreateWorkspaceBody) =>
  Effect.gen(function*() {
    const access = yield* accessOf(tenantId, body.access)
    const domain = yield* pinnedDomain(tenantId, body.domain_slug, body.domain_version)
    const at = yield* Clock.currentTimeMillis
    const workspace: Workspace = {
      workspace_id: (yield* Ids).uuid(),
      tenant_id: tenantId,
      name: body.name,
      domain_id: domain.domain_id,
      domain_slug: domain.slug,
      domain_version: domain.version,
      access,
      retention_policy: body.retention_policy,
      knowledge_graph: body.knowledge_graph,
      ledger_understanding: body.ledger_understanding,
      config_version: 1,
      status: "active",
      created_at: at,
      updated_at: at
    }
    return yield* (yield* WorkspaceStore).create(workspace)
  })

export const getWorkspace = (tenantId: string, workspaceId: string) =>
  Effect.flatMap(WorkspaceStore, (s) => s.get(tenantId, workspaceId)).pipe(
    Effect.flatMap(Option.match({ onNone: () => Effect.fail(new WorkspaceNotFound({ workspaceId })), onSome: Effect.succeed }))
  )

/** A workspace that takes writes: 404 when there is none, 409 `workspace_deleting` while it is being deleted. */
export const activeWorkspace = (tenantId: string, workspaceId: string) =>
  Effect.flatMap(getWorkspace(tenantId, workspaceId), (w) => w.status === "deleting" ? Effect.fail(new WorkspaceDeleting({ workspaceId })) : Effect.succeed(w))

export const listWorkspaces = (tenantId: string, query: WorkspaceListQuery) => Effect.flatMap(WorkspaceStore, (s) => s.list(tenantId, query))

export const updateWorkspace = (tenantId: string, workspaceId: string, body: PatchWorkspaceBody) =>
  Effect.gen(function*() {
    if (body.knowledge_graph === undefined && body.ledger_understanding === undefined) {
      return yield* new InvalidInput({ errors: [{ field: "", message: "send knowledge_graph or ledger_understanding (the only blocks a workspace update changes)" }] })
    }
    const at = yield* Clock.currentTimeMillis
    const updated = yield* (yield* WorkspaceStore).updatePolicies(tenantId, workspaceId, body, at).pipe(
      Effect.catchTag("WorkspaceIsDeleting", () => Effect.fail(new WorkspaceDeleting({ workspaceId })))
    )
    if (Option.isNone(updated)) return yield* new WorkspaceNotFound({ workspaceId })
    return updated.value
  })

/** 422 unless `confirmName` is the workspace's name exactly. */
export const confirmDeletion = (w: Workspace, confirmName: string) =>
  confirmName === w.name
    ? Effect.void
    : Effect.fail(new InvalidInput({ errors: [{ field: "confirm_name", message: "must equal the workspace's name exactly (case and spaces included)" }] }))

/** Status `deleting`: writes are refused from now on. */
export const markDeleting = (tenantId: string, workspaceId: string) =>
  Effect.gen(function*() {
    const at = yield* Clock.currentTimeMillis
    return yield* (yield* WorkspaceStore).markDeleting(tenantId, workspaceId, at)
  })
