import { fileURLToPath } from "node:url"
import { defineConfig } from "vitest/config"

const src = (p: string) => fileURLToPath(new URL(p, import.meta.url))

// Tests run against the TypeScript sources of every package (no build needed).
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@docket\/core\/testing$/, replacement: src("./packages/core/src/testing/index.ts") },
      { find: /^@docket\/core$/, replacement: src("./packages/core/src/index.ts") },
      { find: /^@docket\/storage-memory$/, replacement: src("./packages/storage-memory/src/index.ts") },
      { find: /^@docket\/storage-pg$/, replacement: src("./packages/storage-pg/src/index.ts") },
      { find: /^@docket\/formats$/, replacement: src("./packages/formats/src/index.ts") },
      { find: /^@docket\/encoder$/, replacement: src("./packages/encoder/src/index.ts") },
      { find: /^@docket\/intelligence-openai$/, replacement: src("./packages/intelligence-openai/src/index.ts") },
      { find: /^@docket\/adapter-node$/, replacement: src("./packages/adapter-node/src/index.ts") },
      { find: /^@docket\/adapter-bun$/, replacement: src("./packages/adapter-bun/src/index.ts") },
      { find: /^@docket\/server$/, replacement: src("./packages/server/src/index.ts") }
    ]
  },
  test: {
    include: ["packages/*/test/**/*.test.ts", "examples/*/test/**/*.test.ts", "eval/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000
  }
})
