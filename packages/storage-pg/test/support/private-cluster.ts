/**
 * A PostgreSQL server of the test's own (never the machine's shared cluster): `initdb` into a
 * temporary directory, served on a free port, stoppable and restartable to simulate an outage.
 * The binaries run as the `postgres` OS user (initdb refuses root); the directory is theirs.
 */
import { freePort } from "@docket/core/testing"
import { execFile } from "node:child_process"
import { chownSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"

const run = promisify(execFile)
const BIN = process.env.DOCKET_TEST_PG_BIN ?? "/usr/lib/postgresql/15/bin"
const OS_USER = "postgres"

const asPostgres = async (command: string, args: ReadonlyArray<string>): Promise<string> => {
  const self = process.getuid?.()
  const { stdout } = self === 0
    ? await run("runuser", ["-u", OS_USER, "--", join(BIN, command), ...args])
    : await run(join(BIN, command), [...args])
  return stdout
}

const idOf = async (flag: "-u" | "-g"): Promise<number> => Number((await run("id", [flag, OS_USER])).stdout.trim())

export interface PrivateCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  readonly url: string
  readonly port: number
  /** `pg_ctl stop -m immediate`: the server dies at once, as in a crash */
  readonly stop: () => Promise<void>
  readonly start: () => Promise<void>
  /** stops the server (if running) and deletes its directory */
  readonly destroy: () => Promise<void>
}

export const createPrivateCluster = async (): Promise<PrivateCluster> => {
  const dir = mkdtempSync(join(tmpdir(), "docket-pg-"))
  if (process.getuid?.() === 0) chownSync(dir, await idOf("-u"), await idOf("-g"))
  const data = join(dir, "data")
  const port = await freePort()
  await asPostgres("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8", "--no-instructions"])
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c shared_buffers=16MB -c max_connections=40`
  const start = async () => {
    await asPostgres("pg_ctl", ["-D", data, "-l", join(dir, "log"), "-o", options, "-w", "-t", "30", "start"])
  }
  const stop = async () => {
    await asPostgres("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"])
  }
  await start()
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop,
    start,
    destroy: async () => {
      await stop().catch(() => undefined)
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
