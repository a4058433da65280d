/**
 * The workspace service (spec 3): workspaces, the access-label catalog and key grants, domains —
 * their ports (adapters implement them), their job kinds, and the seams other parts plug into
 * (`LabelReferences`, `WorkspaceTeardown`, `workspaceStats`).
 */
export { type AccessLabel, accessLabelView } from "./access/access-label.js"
export { AccessLabelStore, type AccessLabelStoreService, type KeysetPage, type KeysetResult, LabelNameTaken } from "./access/access-label-store.js"
export { createGrantedKey } from "./access/key-grants.js"
export { type LabelReference, LabelReferences, labelReferencesLayer } from "./access/label-references.js"
export * from "./workspace/workspace.js"
export { WorkspaceIsDeleting, type WorkspaceListQuery, WorkspaceStore, type WorkspaceStoreService } from "./workspace/workspace-store.js"
export { type TeardownStep, WorkspaceTeardown, workspaceTeardownLayer } from "./workspace/teardown.js"
export { WORKSPACE_DELETE, workspaceDeleteKind } from "./workspace/delete-kind.js"
export { workspaceJobKinds } from "./workspace-kinds.js"
export { workspaceLabelReferences, workspaceTeardownSteps } from "./seams.js"
export type { WorkspaceStorage } from "./storage.js"
export * from "./domains/domain.js"
export { DomainSlugTaken, type DomainListQuery, DomainStore, type DomainStoreService, DomainVersionTaken } from "./domains/domain-store.js"
export { activeWorkspace, getWorkspace } from "./workspace/workspaces.js"
export { INGESTION_STATUSES, type WorkspaceStats, workspaceStats } from "./workspace/workspace-stats.js"
export { DefaultLabelRequired, WorkspaceDeleting, WorkspaceNotFound } from "./workspace/errors.js"
export { AccessLabelInUse, AccessLabelNameTaken, AccessLabelNotFound } from "./access/errors.js"
export { pinnedDomain, PLATFORM_VERSIONS } from "./domains/domain-catalog.js"
export { DomainNotFound, DomainNotPublished, DomainValidationFailed, ReservedDomainSlug } from "./domains/errors.js"
export * as Files from "./files/index.js"
export * as Ingestion from "./ingestion/index.js"
export * as Tables from "./tables/index.js"
export * as Search from "./search/index.js"
export * as IntelligentSearch from "./intelligent-search/index.js"
