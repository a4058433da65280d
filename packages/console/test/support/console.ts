/**
 * The console end to end: a fresh build of it (Vite, into a temporary folder), served by a Docket
 * instance in this process on a random port with the manual clock and an admin token, and
 * Debian's Chromium driven by playwright-core. One browser per test file; a new context per test.
 */
import { listen, type RunningServer } from "@docket/adapter-node"
import { consoleRoutes, createDocket } from "@docket/server"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core"
import { build } from "vite"

export const ADMIN_TOKEN = "console-e2e-token"

/** Generous: the machine running the suite may be loaded; waits end as soon as their condition holds. */
export const WAIT_MS = 30_000

/**
 * Flags for Chromium on a closed network: no background connections (refused here, and slow to
 * time out), no QUIC, no first-run or component updates, no sync. Playwright gives each launch a
 * fresh `--user-data-dir` of its own.
 */
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-quic",
  "--no-first-run",
  "--disable-component-update",
  "--disable-sync"
]

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"

/** Builds the console from its sources into `outDir`, with its own Vite config. */
export const buildConsole = (outDir: string) =>
  build({
    configFile: fileURLToPath(new URL("../../vite.config.ts", import.meta.url)),
    build: { outDir, emptyOutDir: true, sourcemap: false },
    logLevel: "warn"
  })

export interface ConsoleHarness {
  readonly url: string
  readonly docket: ReturnType<typeof createDocket>
  readonly browser: Browser
  /** a page in a new browser context (its own storage), at `path` under the server */
  readonly open: (path?: string, options?: { readonly viewport?: { width: number; height: number } }) => Promise<Page>
  /** a page already signed in with the admin token */
  readonly signedIn: (path?: string, options?: { readonly viewport?: { width: number; height: number } }) => Promise<Page>
  readonly close: () => Promise<void>
}

export type Settings = NonNullable<NonNullable<Parameters<typeof createDocket>[0]>["settings"]>

/** `settings` are added to the admin token (e.g. `journalBodies`). */
export const startConsole = async (settings: Omit<Settings, "adminToken"> = {}): Promise<ConsoleHarness> => {
  const dir = await mkdtemp(join(tmpdir(), "docket-console-"))
  await buildConsole(dir)
  const docket = createDocket({ routes: consoleRoutes(dir), clock: "manual", settings: { ...settings, adminToken: ADMIN_TOKEN } })
  const server: RunningServer = await listen(docket, { port: 0, host: "127.0.0.1" })
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, timeout: WAIT_MS * 2 })
  const contexts: Array<BrowserContext> = []
  const open = async (path = "/console/", options: { readonly viewport?: { width: number; height: number } } = {}) => {
    const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 900 } })
    context.setDefaultTimeout(WAIT_MS)
    contexts.push(context)
    const page = await context.newPage()
    await page.goto(`${server.url}${path}`)
    return page
  }
  const signedIn: ConsoleHarness["signedIn"] = async (path = "/console/", options = {}) => {
    const page = await open(path, options)
    await page.getByLabel("Admin token").fill(ADMIN_TOKEN)
    await page.getByRole("button", { name: "Sign in" }).click()
    await page.getByRole("navigation", { name: "Console" }).waitFor()
    return page
  }
  return {
    url: server.url,
    docket,
    browser,
    open,
    signedIn,
    close: async () => {
      await Promise.all(contexts.map((c) => c.close().catch(() => undefined)))
      await browser.close()
      await server.close()
      await docket.dispose()
      await rm(dir, { recursive: true, force: true })
    }
  }
}

/**
 * Upload and run, from any console page: `file` uploaded and `operation` started on it (`queries`,
 * one a line, for ground); the console then opens the job's page.
 */
export const uploadAndRun = async (
  page: Page,
  file: { readonly name: string; readonly mimeType: string; readonly buffer: Buffer },
  operation: string,
  queries?: string
) => {
  await page.getByRole("link", { name: "Upload and run" }).click()
  await page.getByLabel("File").setInputFiles(file)
  await page.getByLabel("Operation").selectOption(operation)
  if (queries !== undefined) await page.getByLabel("What to find (one query a line)").fill(queries)
  await page.getByRole("button", { name: "Upload and run" }).click()
}
