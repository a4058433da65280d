/**
 * Runs a benchmark section when its file is the process's entry point (`npx tsx bench/<name>.ts`),
 * printing its markdown on stdout; does nothing when the file is imported (by bench/run.ts).
 */
import { realpathSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { assertBuilt } from "./built.js"

const isMain = (moduleUrl: string): boolean => {
  const argv1 = process.argv[1]
  if (argv1 === undefined) return false
  try {
    return realpathSync(argv1) === realpathSync(fileURLToPath(moduleUrl))
  } catch {
    return false
  }
}

/** `runIfMain(import.meta.url, runXBench)` at the end of a section's file. */
export const runIfMain = (moduleUrl: string, run: () => Promise<string>): void => {
  if (!isMain(moduleUrl)) return
  assertBuilt()
  run().then(
    (md) => console.log(md),
    (err: unknown) => {
      console.error(err)
      process.exitCode = 1
    }
  )
}
