/**
 * The benchmarks measure the built packages (see bench/tsconfig.built.json): each package's
 * `dist` must exist and be newer than its sources, or the figures would be of older code.
 */
import { existsSync, readdirSync, statSync } from "node:fs"
import { join } from "node:path"
import { ROOT } from "./servers.js"

/** tsx's tsconfig for code that must run the built packages */
export const BUILT_TSCONFIG = "bench/tsconfig.built.json"

const newest = (dir: string): number => {
  let t = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    t = Math.max(t, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs)
  }
  return t
}

/** Throws, saying what to run, when a package's build is missing or older than its sources. */
export const assertBuilt = (): void => {
  const packages = join(ROOT, "packages")
  for (const name of readdirSync(packages)) {
    const src = join(packages, name, "src")
    const built = join(packages, name, "dist", "index.js")
    if (!existsSync(src)) continue
    if (!existsSync(built) || statSync(built).mtimeMs < newest(src)) {
      throw new Error(`the benchmarks run the built packages, and packages/${name}/dist is missing or older than its sources: run \`npm run build\` first (\`npm run bench\` does)`)
    }
  }
}
