/** The standalone server's environment (README "Configuration"), read by `readServerConfig`. */
import { describe, expect, it } from "@effect/vitest"
import { readServerConfig } from "@docket/server"

describe("standalone server configuration", () => {
  it("defaults", async () => {
    const config = await readServerConfig({})
    expect(config).toMatchObject({ port: 8080, host: "127.0.0.1", clock: "system", demo: true, maxBodyBytes: 8_388_608, jobWorkers: 4 })
  })

  it("DOCKET_JOB_WORKERS sets the document-service jobs run at once", async () => {
    expect((await readServerConfig({ DOCKET_JOB_WORKERS: "2" })).jobWorkers).toBe(2)
  })

  it("DOCKET_JOB_WORKERS outside 0..256 is refused with a message naming it; 0 (API-only) only with DATABASE_URL", async () => {
    for (const bad of ["-1", "257", "two"]) {
      await expect(readServerConfig({ DOCKET_JOB_WORKERS: bad })).rejects.toThrow(/DOCKET_JOB_WORKERS/)
    }
    await expect(readServerConfig({ DOCKET_JOB_WORKERS: "0" })).rejects.toThrow(/DOCKET_JOB_WORKERS=0.*DATABASE_URL/)
    expect((await readServerConfig({ DOCKET_JOB_WORKERS: "0", DATABASE_URL: "postgres://127.0.0.1/test" })).jobWorkers).toBe(0)
  })

  it("DOCKET_SWEEP_INTERVAL_MS sets the background retention sweep (0 = off; below 1 s refused)", async () => {
    expect((await readServerConfig({})).sweepIntervalMs).toBe(600_000)
    expect((await readServerConfig({ DOCKET_SWEEP_INTERVAL_MS: "0" })).sweepIntervalMs).toBe(0)
    expect((await readServerConfig({ DOCKET_SWEEP_INTERVAL_MS: "60000" })).sweepIntervalMs).toBe(60_000)
    await expect(readServerConfig({ DOCKET_SWEEP_INTERVAL_MS: "10" })).rejects.toThrow(/DOCKET_SWEEP_INTERVAL_MS/)
  })

  it("DOCKET_LINK_SECRET: the secret of signed links shared by instances (at least 32 characters)", async () => {
    expect((await readServerConfig({})).linkSecret).toBeUndefined()
    expect((await readServerConfig({ DOCKET_LINK_SECRET: "s".repeat(32) })).linkSecret).toBe("s".repeat(32))
    await expect(readServerConfig({ DOCKET_LINK_SECRET: "short" })).rejects.toThrow(/DOCKET_LINK_SECRET/)
  })

  it("DOCKET_MAX_BODY_BYTES below 1 MiB is refused", async () => {
    await expect(readServerConfig({ DOCKET_MAX_BODY_BYTES: "1000" })).rejects.toThrow(/DOCKET_MAX_BODY_BYTES/)
  })

  it("DOCKET_JOURNAL_SIZE, DOCKET_JOURNAL_BODIES, DOCKET_JOURNAL_BODY_BYTES: the control plane's request journal", async () => {
    expect(await readServerConfig({})).toMatchObject({ journalSize: 1000, journalBodies: false, journalBodyBytes: 4096 })
    expect(
      await readServerConfig({ DOCKET_JOURNAL_SIZE: "0", DOCKET_JOURNAL_BODIES: "1", DOCKET_JOURNAL_BODY_BYTES: "100" })
    ).toMatchObject({ journalSize: 0, journalBodies: true, journalBodyBytes: 100 })
    for (const bad of ["-1", "100001", "many"]) {
      await expect(readServerConfig({ DOCKET_JOURNAL_SIZE: bad })).rejects.toThrow(/DOCKET_JOURNAL_SIZE/)
    }
    await expect(readServerConfig({ DOCKET_JOURNAL_BODIES: "yes" })).rejects.toThrow(/DOCKET_JOURNAL_BODIES/)
    for (const bad of ["0", "1048577"]) {
      await expect(readServerConfig({ DOCKET_JOURNAL_BODY_BYTES: bad })).rejects.toThrow(/DOCKET_JOURNAL_BODY_BYTES/)
    }
  })

  it("DOCKET_SQL_TIMEOUT_MS: a workspace SQL query's statement timeout, passed on to the instance", async () => {
    expect(await readServerConfig({})).toMatchObject({ workspaceSqlTimeoutMs: 10_000 })
    expect(await readServerConfig({ DOCKET_SQL_TIMEOUT_MS: "2500" })).toMatchObject({ workspaceSqlTimeoutMs: 2500 })
    for (const bad of ["99", "300001", "soon"]) {
      await expect(readServerConfig({ DOCKET_SQL_TIMEOUT_MS: bad })).rejects.toThrow(/DOCKET_SQL_TIMEOUT_MS/)
    }
  })
})
