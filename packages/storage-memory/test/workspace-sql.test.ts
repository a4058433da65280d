import { workspaceSqlSuite } from "@docket/core/testing"
import { MemoryWorkspaceSql } from "@docket/storage-memory"

workspaceSqlSuite("memory (PGlite)", MemoryWorkspaceSql.layer)
