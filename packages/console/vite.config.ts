import { fileURLToPath } from "node:url"
import { defineConfig } from "vite"

/**
 * The console is served by the standalone server under `/console/`, so every asset URL carries
 * that base. `outDir` stays `dist` (what `@docket/server` serves); tests build elsewhere through
 * the same config (test/support/console-server.ts).
 */
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/console/",
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  build: { outDir: "dist", emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1024 }
})
