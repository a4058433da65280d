/** The ledger-understanding store's conformance suite on PostgreSQL (a database of its own, migrated). */
import { ledgerStoreSuite } from "@docket/core/testing"
import * as PgStorage from "@docket/storage-pg"
import { Layer } from "effect"
import { afterAll } from "vitest"
import { createTestDatabase } from "./support/database.js"

const db = await createTestDatabase()
afterAll(() => db.drop())

const layer = PgStorage.PgLedgerStore.layer.pipe(
  Layer.provide(Layer.effectDiscard(PgStorage.PgMigrations.run)),
  Layer.provideMerge(PgStorage.clientLayer({ url: db.url }))
)

ledgerStoreSuite("postgres", layer)
