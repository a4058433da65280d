/// <reference path="./swagger-ui-dist.d.ts" />
/**
 * The browsable API reference of each service at `/docs`: an index, and one page per service
 * rendering its OpenAPI document (`/openapi/<service>.json`, served by core) with Swagger UI
 * (`swagger-ui-dist`). Its script and stylesheet are served from the installed package, never
 * from a CDN, so the pages work offline. Kept out of core: viewer assets are the distribution's
 * business, not the services'.
 */
import { Platform } from "@docket/core"
import { Effect } from "effect"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import swaggerUiPath from "swagger-ui-dist/absolute-path.js"

interface Service {
  readonly id: string
  readonly title: string
  readonly summary: string
}

const SERVICES: ReadonlyArray<Service> = [
  { id: "decision", title: "Decision evaluation", summary: "typed questions over a JSON state (spec 1)" },
  { id: "documents", title: "Document operations", summary: "uploads, parse, categorize, extract, ground, split, jobs (spec 2)" },
  {
    id: "workspaces",
    title: "Workspaces",
    summary: "workspaces, files and versions, access labels, domains, ingestion, file tools (spec 3)"
  }
]

/** Swagger UI's files the pages load, by the name they are served under (`/docs/assets/<name>`). */
const ASSETS: Readonly<Record<string, string>> = {
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui.css": "text/css; charset=utf-8"
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;" })[c]!)

const html = (body: string): Platform.DocketResponse => ({
  status: 200,
  headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" },
  body
})

const indexPage = (): string =>
  `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Docket API reference</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5}</style></head>
<body>
<h1>Docket API reference</h1>
<ul>
${
    SERVICES.map((s) =>
      `<li><a href="/docs/${s.id}">${escapeHtml(s.title)}</a>: ${escapeHtml(s.summary)} (<a href="/openapi/${s.id}.json">/openapi/${s.id}.json</a>)</li>`
    ).join("\n")
  }
</ul>
</body>
</html>
`

const servicePage = (service: Service): string =>
  `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(service.title)} — Docket API reference</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css"></head>
<body>
<p style="font-family:system-ui,sans-serif;margin:1rem"><a href="/docs">Docket API reference</a>: ${
    SERVICES.map((s) => (s.id === service.id ? `<strong>${escapeHtml(s.title)}</strong>` : `<a href="/docs/${s.id}">${escapeHtml(s.title)}</a>`)).join(" · ")
  }</p>
<div id="reference"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script>SwaggerUIBundle({ url: "/openapi/${service.id}.json", dom_id: "#reference", deepLinking: true })</script>
</body>
</html>
`

const asset = (name: string, contentType: string) => {
  let bytes: Uint8Array | undefined
  // read from `swagger-ui-dist` once, when first asked for
  return Effect.sync((): Platform.DocketResponse => {
    bytes ??= readFileSync(join(swaggerUiPath(), name))
    return { status: 200, headers: { "content-type": contentType, "cache-control": "public, max-age=3600" }, body: bytes }
  })
}

const getAndHead = (path: string, answer: Effect.Effect<Platform.DocketResponse>) =>
  ["GET", "HEAD"].map((method) => Platform.route(method, path, () => answer))

/**
 * The `/docs` pages and their assets as routes for `createDocket({ routes })` (a trailing slash
 * names the same page); any other `/docs…` path is Docket's 404.
 */
export const referenceRoutes: ReadonlyArray<Platform.Route<never>> = [
  ...[["/docs", indexPage()] as const, ...SERVICES.map((s) => [`/docs/${s.id}`, servicePage(s)] as const)].flatMap(([path, page]) => {
    const answer = Effect.succeed(html(page))
    return [...getAndHead(path, answer), ...getAndHead(`${path}/`, answer)]
  }),
  ...Object.entries(ASSETS).flatMap(([name, contentType]) => getAndHead(`/docs/assets/${name}`, asset(name, contentType)))
]
