/** The knowledge graph store's conformance suite on PostgreSQL (a database of its own, migrated). */
import { graphStoreSuite } from "@docket/core/testing"
import * as PgStorage from "@docket/storage-pg"
import { Layer } from "effect"
import { afterAll } from "vitest"
import { createTestDatabase } from "./support/database.js"

const db = await createTestDatabase()
afterAll(() => db.drop())

const layer = PgStorage.PgGraphStore.layer.pipe(
  Layer.provide(Layer.effectDiscard(PgStorage.PgMigrations.run)),
  Layer.provideMerge(PgStorage.clientLayer({ url: db.url }))
)

graphStoreSuite("postgres", layer)
