/**
 * A Docket benchmark server child process, on any runtime: the instance, one paid account and
 * its API key, the ready line `{"port":…,"key":"…"}`, then the control channel
 * (bench/servers/control.ts); on stop it closes the server, disposes of the instance and exits.
 */
import type { Decision, Docket } from "@docket/core"
import { announce } from "../servers/control.js"

/** A paid account with enough credit that a long run never reaches 402; returns an API key of it. */
export const createBenchKey = async (docket: Docket, customLimits: Partial<Decision.CustomLimits>): Promise<string> => {
  const account = await docket.admin.decision.createAccount({
    tier: "paid",
    credit: Number.MAX_SAFE_INTEGER,
    custom_limits: customLimits
  })
  const { key } = await docket.admin.decision.createKey(account.account_id, "bench")
  return key
}

export interface Listening {
  readonly port: number
  readonly close: () => Promise<void>
}

/** Runs the server; exits with 1 when it fails to start. */
export const serveDocket = (
  create: () => Docket,
  customLimits: Partial<Decision.CustomLimits>,
  listen: (docket: Docket) => Promise<Listening>
): void => {
  const main = async (): Promise<void> => {
    const docket = create()
    const key = await createBenchKey(docket, customLimits)
    const { close, port } = await listen(docket)
    announce({ port, key }, () => {
      void close().then(() => docket.dispose()).finally(() => process.exit(0))
    })
  }
  main().catch((err: unknown) => {
    console.error(err)
    process.exit(1)
  })
}
