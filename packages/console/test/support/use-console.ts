/** The console of a test file (vitest hooks), apart from `console.ts`, which the screenshot script also runs outside vitest. */
import { afterAll, beforeAll } from "vitest"
import { type ConsoleHarness, type Settings, startConsole } from "./console.js"

/**
 * The console of a test file: started before its tests (one server and browser for the file),
 * closed after them; the harness's members read the started one.
 */
export const useConsole = (settings: Omit<Settings, "adminToken"> = {}): ConsoleHarness => {
  let started: ConsoleHarness | undefined
  beforeAll(async () => {
    started = await startConsole(settings)
  }, 240_000)
  afterAll(async () => {
    await started?.close()
  })
  const current = () => {
    if (started === undefined) throw new Error("the console is started before the file's tests")
    return started
  }
  return {
    get url() {
      return current().url
    },
    get docket() {
      return current().docket
    },
    get browser() {
      return current().browser
    },
    open: (path, options) => current().open(path, options),
    signedIn: (path, options) => current().signedIn(path, options),
    close: () => current().close()
  }
}
