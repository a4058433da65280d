/** The catalog store's conformance suite on PostgreSQL (a database of its own, migrated). */
import { catalogStoreSuite } from "@docket/core/testing"
import * as PgStorage from "@docket/storage-pg"
import { Layer } from "effect"
import { afterAll } from "vitest"
import { createTestDatabase } from "./support/database.js"

const db = await createTestDatabase()
afterAll(() => db.drop())

const layer = PgStorage.PgCatalogStore.layer.pipe(
  Layer.provide(Layer.effectDiscard(PgStorage.PgMigrations.run)),
  Layer.provideMerge(PgStorage.clientLayer({ url: db.url }))
)

catalogStoreSuite("postgres", layer)
