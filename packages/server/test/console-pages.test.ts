/**
 * How the server serves the console's build (`consoleRoutes`): its files with their content
 * types, its `index.html` for the console's own paths, nothing outside the build folder, and a
 * clear 503 when the console has not been built.
 */
import { listen, type RunningServer } from "@docket/adapter-node"
import { consoleRoutes, createDocket } from "@docket/server"
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

const INDEX = `<!doctype html><title>console</title><div id="app"></div><script type="module" src="/console/assets/index-abc123.js"></script>`

describe("/console (node:http)", () => {
  let root: string
  let built: string
  const servers: Array<{ server: RunningServer; docket: ReturnType<typeof createDocket> }> = []
  const serve = async (dir: string) => {
    const docket = createDocket({ routes: consoleRoutes(dir) })
    const server = await listen(docket, { port: 0 })
    servers.push({ server, docket })
    return server.url
  }
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "docket-console-pages-"))
    built = join(root, "dist")
    await mkdir(join(built, "assets"), { recursive: true })
    await writeFile(join(built, "index.html"), INDEX)
    await writeFile(join(built, "assets", "index-abc123.js"), "console.log('console')")
    await writeFile(join(built, "assets", "index-abc123.css"), "body{}")
    await writeFile(join(root, "secret.txt"), "outside the build")
  })
  afterAll(async () => {
    for (const { server, docket } of servers) {
      await server.close()
      await docket.dispose()
    }
    await rm(root, { recursive: true, force: true })
  })

  it("answers the console's index.html at /console, /console/ and every console path, with a strict CSP", async () => {
    const url = await serve(built)
    for (const path of ["/console", "/console/", "/console/accounts/acct_1", "/console/playground?account=a"]) {
      const r = await fetch(`${url}${path}`)
      expect(r.status, path).toBe(200)
      expect(r.headers.get("content-type")).toBe("text/html; charset=utf-8")
      expect(r.headers.get("cache-control")).toBe("no-cache")
      expect(r.headers.get("content-security-policy")).toContain("default-src 'self'")
      expect(await r.text()).toBe(INDEX)
    }
    const head = await fetch(`${url}/console/`, { method: "HEAD" })
    expect(head.status).toBe(200)
  })

  it("serves the built assets with their content types and a long cache (their names carry a hash)", async () => {
    const url = await serve(built)
    const js = await fetch(`${url}/console/assets/index-abc123.js`)
    expect(js.status).toBe(200)
    expect(js.headers.get("content-type")).toMatch(/^text\/javascript/)
    expect(js.headers.get("cache-control")).toBe("public, max-age=31536000, immutable")
    expect(await js.text()).toBe("console.log('console')")
    const css = await fetch(`${url}/console/assets/index-abc123.css`)
    expect(css.headers.get("content-type")).toMatch(/^text\/css/)
    expect((await fetch(`${url}/console/assets/missing.js`)).status).toBe(404)
  })

  it("never serves a file outside the build folder", async () => {
    const url = await serve(built)
    for (const path of ["/console/../secret.txt", "/console/%2e%2e/secret.txt", "/console/assets/..%2f..%2fsecret.txt", "/console/%2e%2e%5csecret.txt"]) {
      const r = await fetch(`${url}${path}`)
      expect(await r.text(), path).not.toContain("outside the build")
    }
  })

  it("says how to build the console when it has not been built", async () => {
    const url = await serve(join(root, "nothing-here"))
    const r = await fetch(`${url}/console/`)
    expect(r.status).toBe(503)
    expect(await r.text()).toContain("npm run build -w @docket/console")
  })
})
