/**
 * The `/docs` API reference pages of the distribution over a real socket (Node adapter): the
 * index links a page per service; each page loads Swagger UI from the server itself (no CDN) and
 * reads its service's OpenAPI document; the assets answer with their content types.
 */
import { listen, type RunningServer } from "@docket/adapter-node"
import { createDocket, referenceRoutes } from "@docket/server"
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

const SWAGGER_UI = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"))

describe("/docs reference pages (node:http)", () => {
  const docket = createDocket({ routes: referenceRoutes })
  let server: RunningServer
  beforeAll(async () => {
    server = await listen(docket, { port: 0 })
  })
  afterAll(async () => {
    await server.close()
    await docket.dispose()
  })
  const get = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init)

  it("/docs lists a page per service, each with its OpenAPI document", async () => {
    const r = await get("/docs")
    expect(r.status).toBe(200)
    expect(r.headers.get("content-type")).toBe("text/html; charset=utf-8")
    const html = await r.text()
    for (const service of ["decision", "documents", "workspaces"]) {
      expect(html).toContain(`href="/docs/${service}"`)
      expect(html).toContain(`href="/openapi/${service}.json"`)
    }
  })

  it("each service's page renders its /openapi/<service>.json with Swagger UI's assets served here, never a CDN", async () => {
    for (const service of ["decision", "documents", "workspaces"]) {
      const r = await get(`/docs/${service}`)
      expect(r.status).toBe(200)
      expect(r.headers.get("content-type")).toBe("text/html; charset=utf-8")
      const html = await r.text()
      expect(html).toContain(`url: "/openapi/${service}.json"`)
      expect(html).toContain(`<script src="/docs/assets/swagger-ui-bundle.js"></script>`)
      expect(html).toContain(`<link rel="stylesheet" href="/docs/assets/swagger-ui.css">`)
      // every script and stylesheet comes from this server
      expect(html).not.toMatch(/(src|href)="(https?:)?\/\//)
    }
    // the OpenAPI document each page reads is there
    for (const service of ["decision", "documents", "workspaces"]) expect((await get(`/openapi/${service}.json`)).status).toBe(200)
  })

  it("the assets answer 200 with their content types and the bytes of swagger-ui-dist", async () => {
    const js = await get("/docs/assets/swagger-ui-bundle.js")
    expect(js.status).toBe(200)
    expect(js.headers.get("content-type")).toBe("text/javascript; charset=utf-8")
    expect(Buffer.from(await js.arrayBuffer()).equals(readFileSync(join(SWAGGER_UI, "swagger-ui-bundle.js")))).toBe(true)
    const css = await get("/docs/assets/swagger-ui.css")
    expect(css.status).toBe(200)
    expect(css.headers.get("content-type")).toBe("text/css; charset=utf-8")
    expect(Buffer.from(await css.arrayBuffer()).equals(readFileSync(join(SWAGGER_UI, "swagger-ui.css")))).toBe(true)
  })

  it("anything else under /docs, and other methods, are left to Docket (404), which still serves its routes", async () => {
    for (const path of ["/docs/nothing", "/docs/assets/index.html", "/docs/assets/../package.json", "/docsx"]) {
      expect((await get(path)).status, path).toBe(404)
    }
    expect((await get("/docs", { method: "POST" })).status).toBe(404)
    expect((await get("/v1/models")).status).toBe(401)
  })

  it("the same pages through docket.fetch (the fetch handler a Bun host embeds)", async () => {
    const r = await docket.fetch(new Request("http://host.test/docs/documents"))
    expect(r.status).toBe(200)
    expect(await r.text()).toContain(`url: "/openapi/documents.json"`)
    expect((await docket.fetch(new Request("http://host.test/v1/models"))).status).toBe(401)
  })
})
