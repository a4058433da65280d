import { listen } from "@docket/adapter-node"
import { createDocket } from "@docket/server"
import { ADMIN_TOKEN, docsClient, remoteTarget } from "@docket/core/testing"
import { expect, it } from "vitest"

// createDocket of @docket/server reads documents with @docket/formats unless told otherwise: one
// real .csv and one real .txt parse through HTTP.
it("createDocket parses with @docket/formats by default (a .csv and a .txt over HTTP)", async () => {
  const docket = createDocket({ settings: { adminToken: ADMIN_TOKEN } })
  const server = await listen(docket, { port: 0 })
  const target = remoteTarget(server.url, ADMIN_TOKEN, async () => {
    await server.close()
    await docket.dispose()
  })
  try {
    const api = docsClient(target)
    const t = await api.tenant()
    const csv = await api.upload(t.key, "totals.csv", "region,total\nnorth,12\nsouth,30\n")
    const table = await api.call("POST", "/parse", { key: t.key, body: { file: { source_url: csv.body.source_url } } })
    expect(table.status, JSON.stringify(table.body)).toBe(200)
    expect(table.body.result.item).toMatchObject({ item_type: "table", sheets: [{ max_row: 3, max_col: 2 }] })
    const sheet = new URL(table.body.result.item.sheets[0].markdown_url)
    const markdown = await (await target.fetch(sheet.pathname + sheet.search)).text()
    expect(markdown).toContain("south")
    expect(markdown).toContain("30")
    const txt = await api.upload(t.key, "notes.txt", "Minutes of the meeting\n\nBudget approved.")
    const doc = await api.call("POST", "/v1/parse", { key: t.key, body: { source: { type: "upload", upload_id: txt.body.file_id }, wait_seconds: 30 } })
    expect(doc.status, JSON.stringify(doc.body)).toBe(200)
    expect(doc.body).toMatchObject({ status: "succeeded", result: { file_name: "notes.txt", document: { page_count: 1 } } })
    expect(doc.body.result.document.text).toContain("Budget approved.")
  } finally {
    await target.close()
  }
}, 60_000)
