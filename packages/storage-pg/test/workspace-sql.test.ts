import { workspaceSqlSuite } from "@docket/core/testing"
import { clientLayer, PgMigrations, PgWorkspaceSql } from "@docket/storage-pg"
import { Layer } from "effect"
import { afterAll } from "vitest"
import { createTestDatabase } from "./support/database.js"

const db = await createTestDatabase()
afterAll(() => db.drop())

// the engine on a migrated database of its own (roles it creates are named after the database, so they never collide)
const layer = PgWorkspaceSql.layer.pipe(Layer.provide(Layer.effectDiscard(PgMigrations.run)), Layer.provide(clientLayer({ url: db.url })))

workspaceSqlSuite("postgres", layer)
