import { makeDocket, ManualClock } from "@docket/core"
import { testParserLayer } from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"
import { Validator } from "@seriousme/openapi-schema-validator"
import { afterAll, describe, expect, it } from "vitest"

// The services' OpenAPI documents, served in process, checked by an OpenAPI 3.1 validator.
const docket = makeDocket({ storage: MemoryStorage.layer, clock: new ManualClock(), parser: testParserLayer })
afterAll(() => docket.dispose())

const documentOf = async (path: string) => {
  const r = await docket.fetch(new Request(`http://docket.test${path}`))
  expect(r.status).toBe(200)
  expect(r.headers.get("content-type")).toContain("application/json")
  return (await r.json()) as any
}

const validate = async (document: unknown) => {
  const validator = new Validator()
  const result = await validator.validate(document as Parameters<Validator["validate"]>[0])
  expect(result.errors ?? []).toEqual([])
  expect(result.valid).toBe(true)
  expect(validator.version).toBe("3.1")
  // every $ref resolves
  expect(() => validator.resolveRefs()).not.toThrow()
}

/** Every route of spec 2, in both forms. */
const SPEC_2_ROUTES = [
  "POST /upload",
  ...["parse", "categorize", "extract", "ground"].flatMap((op) => [`POST /${op}`, `POST /${op}_async`]),
  "GET /jobs",
  "GET /jobs/{job_id}",
  "POST /jobs/{job_id}/cancel",
  "POST /v1/parse",
  "POST /v1/classify",
  "POST /v1/document-operations/categorize",
  "POST /v1/extract",
  "POST /v1/ground",
  "POST /v1/split",
  "GET /v1/jobs",
  "GET /v1/jobs/{job_id}",
  "POST /v1/jobs/{job_id}/cancel",
  "GET /v1/jobs/{job_id}/events",
  "GET /v1/jobs/{job_id}/ground-crops/{artifact_ref}",
  "POST /v1/uploads",
  "GET /v1/uploads/{upload_id}",
  "PUT /v1/uploads/{upload_id}/parts",
  "POST /v1/uploads/{upload_id}/complete",
  "DELETE /v1/uploads/{upload_id}",
  "GET /v1/extraction-schemas",
  "POST /v1/extraction-schemas",
  "GET /v1/extraction-schemas/{schema_id}",
  "GET /v1/extraction-schemas/{schema_id}/versions",
  "POST /v1/extraction-schemas/{schema_id}/versions",
  "GET /v1/extraction-schemas/{schema_id}/versions/{version}",
  "GET /v1/usage",
  "GET /v1/usage/overview",
  "GET /artifacts/{job_id}/{part}"
]

describe("OpenAPI documents", () => {
  it("GET /openapi/documents.json is a valid OpenAPI 3.1 document listing every route of spec 2", async () => {
    const doc = await documentOf("/openapi/documents.json")
    await validate(doc)
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops as object).map((m) => `${m.toUpperCase()} ${path}`))
    expect(listed.sort()).toEqual([...SPEC_2_ROUTES].sort())
    expect(doc.components.securitySchemes.ApiKey).toEqual({ type: "apiKey", in: "header", name: "X-API-Key" })
  })

  it("gives each route its parameters, request body schema and error codes", async () => {
    const doc = await documentOf("/openapi/documents.json")
    const v1Parse = doc.paths["/v1/parse"].post
    const body = v1Parse.requestBody.content["application/json"].schema
    expect(body.required).toEqual(["source"])
    expect(Object.keys(body.properties).sort()).toEqual(["source", "wait_seconds"])
    expect(v1Parse.parameters.map((p: any) => `${p.in} ${p.name}`)).toContain("header Idempotency-Key")
    const codes = (status: string, op = v1Parse) => op.responses[status].content["application/json"].schema.allOf[1].properties.error.properties.code.enum
    expect(codes("422")).toEqual(["invalid_request", "unsupported_file_type"])
    expect(codes("401")).toEqual(["unauthorized"])
    expect(Object.keys(v1Parse.responses)).toEqual(expect.arrayContaining(["200", "202", "401", "402", "404", "409", "422", "429", "503"]))

    const flatGround = doc.paths["/ground"].post
    expect(flatGround.parameters).toEqual([expect.objectContaining({ name: "timeout_seconds", in: "query", required: false })])
    const groundBody = flatGround.requestBody.content["application/json"].schema
    expect(Object.keys(groundBody.properties).sort()).toEqual(["derived", "file", "idempotency_key", "items", "options"])
    expect(codes("408", flatGround)).toEqual(["timeout"])
    expect(codes("422", flatGround)).toEqual(["validation_error"])

    const list = doc.paths["/v1/jobs"].get
    expect(list.parameters.map((p: any) => p.name)).toEqual(["limit", "status", "kind", "created_after", "cursor", "workspace_id"])
    expect(list.security).toEqual([{ ApiKey: [] }])
    expect(doc.paths["/artifacts/{job_id}/{part}"].get.security).toEqual([])
    expect(Object.keys(doc.paths["/upload"].post.requestBody.content)).toEqual(["multipart/form-data"])
    expect(doc.paths["/v1/jobs/{job_id}"].get.parameters).toEqual([expect.objectContaining({ name: "job_id", in: "path", required: true })])
  })

  it("GET /openapi/workspaces.json is a valid OpenAPI 3.1 document listing the workspace configuration routes of spec 3", async () => {
    const doc = await documentOf("/openapi/workspaces.json")
    await validate(doc)
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops as object).map((m) => `${m.toUpperCase()} ${path}`))
    expect(listed).toEqual(expect.arrayContaining([
      "POST /v1/workspaces",
      "GET /v1/workspaces",
      "GET /v1/workspaces/{workspace_id}",
      "PATCH /v1/workspaces/{workspace_id}",
      "DELETE /v1/workspaces/{workspace_id}",
      "GET /v1/workspaces/{workspace_id}/stats",
      "GET /v1/access-labels",
      "POST /v1/access-labels",
      "GET /v1/access-labels/{access_label_id}",
      "PATCH /v1/access-labels/{access_label_id}",
      "DELETE /v1/access-labels/{access_label_id}",
      "POST /v1/domains/generate",
      "GET /v1/domains",
      "GET /v1/domains/{domain_id}",
      "POST /v1/domains",
      "PATCH /v1/domains/{domain_id}",
      "POST /v1/domains/{domain_id}/publish"
    ]))
    expect(doc.components.securitySchemes.ApiKey).toEqual({ type: "apiKey", in: "header", name: "X-API-Key" })
    const create = doc.paths["/v1/workspaces"].post
    expect(create.requestBody.content["application/json"].schema.required).toEqual(["name"])
    const codes = (status: string, op: any) => op.responses[status].content["application/json"].schema.allOf[1].properties.error.properties.code.enum
    expect(codes("422", create)).toEqual(expect.arrayContaining(["invalid_request", "default_label_required"]))
    expect(codes("409", create)).toEqual(["domain_not_published"])
    expect(codes("409", doc.paths["/v1/access-labels/{access_label_id}"].delete)).toEqual(["access_label_in_use"])
    expect(doc.paths["/v1/workspaces/{workspace_id}"].delete.parameters.map((p: any) => `${p.in} ${p.name}`)).toEqual(
      expect.arrayContaining(["path workspace_id", "query wait_seconds", "header Idempotency-Key"])
    )
    // the document service's document lists none of them
    const documents = await documentOf("/openapi/documents.json")
    expect(Object.keys(documents.paths).filter((p) => p.startsWith("/v1/workspaces") || p.startsWith("/v1/domains"))).toEqual([])
  })

  it("GET /openapi/workspaces.json lists the ledger-understanding routes with their error codes", async () => {
    const doc = await documentOf("/openapi/workspaces.json")
    const base = "/v1/workspaces/{workspace_id}/ledger-understanding"
    expect(Object.keys(doc.paths[`${base}/sources`])).toEqual(["get"])
    expect(Object.keys(doc.paths[`${base}/selections`])).toEqual(["post"])
    expect(Object.keys(doc.paths[base]).sort()).toEqual(["get", "post"])
    const codes = (status: string, op: any) => op.responses[status].content["application/json"].schema.allOf[1].properties.error.properties.code.enum
    expect(codes("409", doc.paths[base].post)).toEqual(expect.arrayContaining(["ledger_understanding_in_progress", "ledger_catalog_stale", "idempotency_key_reused"]))
    expect(codes("404", doc.paths[base].get)).toEqual(expect.arrayContaining(["workspace_not_found", "ledger_understanding_not_found"]))
    expect(codes("409", doc.paths[`${base}/selections`].post)).toEqual(expect.arrayContaining(["ledger_catalog_stale"]))
    expect(doc.paths[base].post.parameters.map((p: any) => `${p.in} ${p.name}`)).toEqual(expect.arrayContaining(["query wait_seconds", "header Idempotency-Key"]))
    expect(doc.paths[base].get.parameters.map((p: any) => `${p.in} ${p.name}`)).toEqual(expect.arrayContaining(["query path_prefix", "query paths", "query selection_id"]))
  })

  it("GET /openapi/workspaces.json classes every file-tool and search route and domain generation by cost (x-docket-cost-class)", async () => {
    const doc = await documentOf("/openapi/workspaces.json")
    const classOf = (path: string, method = "post") => doc.paths[path]?.[method]?.["x-docket-cost-class"]
    const w = "/v1/workspaces/{workspace_id}"
    expect({
      kgInfo: classOf(`${w}/tools/kg-info`, "get"),
      kgSearch: classOf(`${w}/tools/kg-search`),
      kgWalk: classOf(`${w}/tools/kg-walk`),
      generate: classOf("/v1/domains/generate"),
      hybrid: classOf(`${w}/tools/hybrid-search`),
      folder: classOf(`${w}/tools/folder-metadata`),
      file: classOf(`${w}/tools/file-metadata`),
      read: classOf(`${w}/tools/read-file`),
      qa: classOf(`${w}/tools/qa-file`),
      sql: classOf(`${w}/tools/run-sql`),
      tables: classOf(`${w}/tools/query-tables`),
      fact: classOf(`${w}/fact-search`),
      deep: classOf(`${w}/deep-search`),
      filtered: classOf(`${w}/filtered-search`)
    }).toEqual({
      kgInfo: "cacheable",
      kgSearch: "medium",
      kgWalk: "medium",
      generate: "slow",
      hybrid: "medium",
      folder: "light",
      file: "light",
      read: "light",
      qa: "medium",
      sql: "medium",
      tables: "slow",
      fact: "slow",
      deep: "slow",
      filtered: "slow"
    })
    // every tool and search route has one; routes of another kind have none
    for (const [path, ops] of Object.entries(doc.paths) as Array<[string, Record<string, any>]>) {
      const tool = /\/tools\/|-search$|\/domains\/generate$/.test(path)
      for (const op of Object.values(ops)) expect(op["x-docket-cost-class"] !== undefined, path).toBe(tool)
    }
  })

  it("GET /openapi/decision.json is a valid OpenAPI 3.1 document", async () => {
    await validate(await documentOf("/openapi/decision.json"))
  })
})
