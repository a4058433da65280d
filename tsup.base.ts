/** The tsup build every package shares: ESM + CJS + .d.ts, sourcemaps, Node 20. */
import { defineConfig } from "tsup"

export const packageBuild = (entry: ReadonlyArray<string>) =>
  defineConfig({
    entry: [...entry],
    format: ["esm", "cjs"],
    dts: true,
    sourcemap: true,
    clean: true,
    target: "node20",
    tsconfig: "../../tsconfig.base.json"
  })
