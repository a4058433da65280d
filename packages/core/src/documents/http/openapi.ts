/**
 * The OpenAPI 3.1 document of the document service, served at `GET /openapi/documents.json`:
 * made from the same endpoint declarations that serve and decode every route (`routes.ts`).
 */
import type { EndpointDoc } from "../../api/endpoint.js"
import { openApiDocument } from "../../api/openapi.js"

export const documentsOpenApi = (endpoints: ReadonlyArray<EndpointDoc>) =>
  openApiDocument(
    {
      title: "Docket document operations",
      version: "1.0.0",
      description: "Spec 2: uploads, parse, categorize / classify, extract, ground and split, jobs in the flat form " +
        "(`/parse`, `/jobs`, error envelope `{error: {code, message, request_id, errors?}}`) and the v1 form " +
        "(`/v1/...`, error envelope `{error: {code, message, detail, retryable, request_id}, request_id}`), " +
        "the extraction-schema registry and usage.",
      securitySchemes: { ApiKey: { type: "apiKey", in: "header", name: "X-API-Key" } }
    },
    endpoints.filter((e) => e.service === "documents")
  )
