/** The workspace-file store's conformance suite on memory. */
import { workspaceFileStoreSuite } from "@docket/core/testing"
import { MemoryWorkspaceFileStore } from "@docket/storage-memory"

workspaceFileStoreSuite("memory", MemoryWorkspaceFileStore.layer)
