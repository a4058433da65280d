/** Runs support/upload-client.ts in its own process (used by the adapters' upload-cap tests). */
import { execFile } from "node:child_process"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url))
const CLIENT = fileURLToPath(new URL("./upload-client.ts", import.meta.url))

export type UploadMode = "fetch" | "fetch-chunked" | "http" | "http-chunked" | "http-declared"

/** Runs the client in its own process; its one line of output: the answer, or the error before one. */
export const upload = async (url: string, key: string, size: number, mode: UploadMode): Promise<any> => {
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", CLIENT, url, key, String(size), mode], {
    cwd: ROOT,
    timeout: 60_000
  })
  return JSON.parse(stdout.trim().split("\n").at(-1)!)
}
