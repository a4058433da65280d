/** The workspace-file store's conformance suite on PostgreSQL (a database of its own, migrated). */
import { workspaceFileStoreSuite } from "@docket/core/testing"
import * as PgStorage from "@docket/storage-pg"
import { Layer } from "effect"
import { afterAll } from "vitest"
import { createTestDatabase } from "./support/database.js"

const db = await createTestDatabase()
afterAll(() => db.drop())

// the full storage layer migrates; the file store is built on its client
const layer = PgStorage.PgWorkspaceFileStore.layer.pipe(
  Layer.provide(Layer.effectDiscard(PgStorage.PgMigrations.run)),
  Layer.provideMerge(PgStorage.clientLayer({ url: db.url }))
)

workspaceFileStoreSuite("postgres", layer)
