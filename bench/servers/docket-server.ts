/**
 * Benchmark child process: a Docket instance (memory storage) served by the Node adapter on an
 * ephemeral port. Prints one JSON line `{"port":…,"key":"…"}` on stdout when ready; then see
 * `control.ts`.
 */
import { createDocket, listen } from "@docket/adapter-node"
import { control } from "./control.js"

const main = async (): Promise<void> => {
  const docket = createDocket()
  const account = await docket.admin.decision.createAccount({
    tier: "paid",
    // enough credit that a long run never reaches 402
    credit: Number.MAX_SAFE_INTEGER,
    custom_limits: { unlimited: true }
  })
  const { key } = await docket.admin.decision.createKey(account.account_id, "bench")
  const running = await listen(docket, { port: 0, host: "127.0.0.1" })
  const port = Number(new URL(running.url).port)
  process.stdout.write(`${JSON.stringify({ port, key })}\n`)
  control(() => {
    void running.close().then(() => docket.dispose()).finally(() => process.exit(0))
  })
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
