/**
 * Workspace files (spec 3, "Files"): paths, files with numbered versions and derived outputs,
 * their store port, the upload body reader and the `file_upload`, `file_replace`, `file_delete`
 * job kinds.
 */
export * from "./file-path.js"
export * from "./workspace-file.js"
export * from "./file-errors.js"
export * from "./file-store.js"
export * from "./file-view.js"
export * from "./file-kinds.js"
export * from "./upload-body.js"
export * from "./media-type.js"
export * from "./artifact-read.js"
export * from "./artifact-links.js"
export * from "./file-access.js"
export * from "./file-metadata-view.js"
export * from "./file-metadata-tool.js"
export * from "./content-kind.js"
export * from "./folder-metadata.js"
export * from "./file-seams.js"
