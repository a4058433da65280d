/** The tsup build every package shares: ESM + CJS + .d.ts, sourcemaps, Node 20. */
import { defineConfig } from "tsup"

export const packageBuild = (
  entry: ReadonlyArray<string>,
  /** ESM-only dependencies to bundle, so the CJS build never `require`s them (Node 20 before 20.19 cannot) */
  noExternal: ReadonlyArray<string> = []
) =>
  defineConfig({
    entry: [...entry],
    noExternal: [...noExternal],
    format: ["esm", "cjs"],
    dts: true,
    sourcemap: true,
    clean: true,
    target: "node20",
    tsconfig: "../../tsconfig.base.json"
  })
