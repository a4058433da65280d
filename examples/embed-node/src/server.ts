import { makeServer } from "./app.js"

const { docket, server } = await makeServer()
const account = await docket.admin.decision.createAccount({})
const key = await docket.admin.decision.createKey(account.account_id, "example")
server.listen(3000, "127.0.0.1", () => {
  console.log("host server on http://127.0.0.1:3000 (GET /health is the host's own route)")
  console.log(`decision key: ${key.key}`)
})
