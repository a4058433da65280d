/** The standalone server on Bun (`npm run start:bun`, the `docket-bun` bin): the same as on Node, served by `Bun.serve`. */
import { listen } from "@docket/adapter-bun"
import { type RunningServer, startWith } from "./main.js"

export const startFromEnvOnBun = (env: Record<string, string | undefined> = process.env): Promise<RunningServer> =>
  startWith(listen, env)
