/**
 * A worker thread running a module that sits beside the caller's: `worker.js` of a built package,
 * or `worker.ts` of the TypeScript sources (under vitest or tsx), where the thread first registers
 * tsx's ESM loader — so a package's pool works the same from `dist` and from its sources.
 */
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import path from "node:path"
import { pathToFileURL } from "node:url"
import { Worker, type WorkerOptions } from "node:worker_threads"

/** The ESM entry of tsx's loader API (the `import` condition of `tsx/esm/api`), resolved from `from`. */
const tsxEsmApi = (from: string): string => {
  const packageJson = createRequire(from).resolve("tsx/package.json")
  const exported = (JSON.parse(readFileSync(packageJson, "utf8")) as { exports: Record<string, { import: { default: string } }> }).exports["./esm/api"]
  return pathToFileURL(path.join(path.dirname(packageJson), exported.import.default)).href
}

/**
 * Starts the worker module `name` (without extension) next to `callerUrl` (the caller's
 * `import.meta.url`): `<name>.ts` when the caller runs from its sources, else `<name>.js`.
 */
export const startModuleWorker = (callerUrl: string, name: string, options: Omit<WorkerOptions, "eval"> = {}): Worker => {
  if (callerUrl.endsWith(".ts")) {
    const tsx = tsxEsmApi(callerUrl)
    const target = new URL(`./${name}.ts`, callerUrl).href
    const code = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(target)}) })`
    return new Worker(code, { ...options, eval: true })
  }
  return new Worker(new URL(`./${name}.js`, callerUrl), options)
}
