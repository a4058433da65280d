/**
 * The console (`@docket/console`, a Vite build) at `/console`: its files from the package's `dist`
 * folder, and its `index.html` for every other path under `/console` (the console routes in the
 * browser). Served only when the control plane is enabled: the console is the control plane's UI
 * and signs in with the admin token. Kept out of core, like the `/docs` pages.
 */
import { Platform } from "@docket/core"
import { Effect } from "effect"
import { readFile } from "node:fs/promises"
import { createRequire } from "node:module"
import { dirname, extname, join, normalize, sep } from "node:path"
import { lookup } from "mrmime"

/** The `dist` folder of the installed `@docket/console` (built by `npm run build`, or before `npm start`). */
export const consoleAssetsDir = (): string => {
  // the CJS build has `require` and an empty `import.meta`; the ESM build and the sources the reverse
  const requireHere = typeof require === "function" ? require : createRequire(import.meta.url)
  return join(dirname(requireHere.resolve("@docket/console/package.json")), "dist")
}

const SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  // inline `style` attributes draw the probability bars; nothing loads from elsewhere
  "content-security-policy":
    "default-src 'self'; img-src 'self' blob: data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
}

const notBuilt = (dir: string): Platform.DocketResponse => ({
  status: 503,
  headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  body: `The console is not built (no ${join(dir, "index.html")}): run \`npm run build -w @docket/console\` (\`npm start\` does it first).\n`
})

const notFound: Platform.DocketResponse = {
  status: 404,
  headers: { "content-type": "text/plain; charset=utf-8" },
  body: "not found\n"
}

const readIn = (dir: string, relative: string) =>
  Effect.tryPromise(() => readFile(join(dir, relative))).pipe(Effect.option)

/**
 * One path under `/console` (`rest` is what follows it): a file of the build when the path names
 * one (an extension), else the console's `index.html`; never a file outside `dir`.
 */
const serve = (dir: string, rest: string) =>
  Effect.gen(function*() {
    let decoded: string
    try {
      decoded = decodeURIComponent(rest)
    } catch {
      return notFound
    }
    const relative = normalize(decoded).replace(/^[/\\]+/, "")
    if (relative.split(sep).includes("..") || relative.includes("\0")) return notFound
    if (extname(relative) !== "") {
      const bytes = yield* readIn(dir, relative)
      if (bytes._tag === "None") return notFound
      return {
        status: 200,
        headers: {
          ...SECURITY_HEADERS,
          "content-type": lookup(relative) ?? "application/octet-stream",
          // Vite names built assets by their content hash
          "cache-control": relative.startsWith(`assets${sep}`) ? "public, max-age=31536000, immutable" : "no-cache"
        },
        body: new Uint8Array(bytes.value)
      } satisfies Platform.DocketResponse
    }
    const index = yield* readIn(dir, "index.html")
    if (index._tag === "None") return notBuilt(dir)
    return {
      status: 200,
      headers: { ...SECURITY_HEADERS, "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" },
      body: new Uint8Array(index.value)
    } satisfies Platform.DocketResponse
  })

/** The `/console` routes, serving the build in `dir` (the installed `@docket/console` by default). */
export const consoleRoutes = (dir: string = consoleAssetsDir()): ReadonlyArray<Platform.Route<never>> =>
  ["GET", "HEAD"].flatMap((method) => [
    Platform.route(method, "/console", () => serve(dir, "")),
    Platform.route(method, "/console/*", (request) => serve(dir, request.path.slice("/console".length)))
  ])
