/**
 * The document routes in the decision service's OpenAPI document (spec 1, "Document routes";
 * the shapes are Docket's, written down in the core README).
 */
import { MAX_CREATE_BODY_BYTES, MAX_WAIT_SECONDS } from "../documents/document-create-request.js"
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "./document-jobs-routes.js"

type ErrorOf = (description: string, type: string) => unknown

const JOB_ID = { name: "job_id", in: "path", required: true, schema: { type: "string", format: "uuid" } }

export const documentPaths = (error: ErrorOf, retryable: ErrorOf) => {
  const auth = error("Missing, malformed or revoked key", "authentication_error")
  const rpm = retryable("The document routes' requests per minute (error.code rate_limited)", "rate_limit_error")
  const notFound = error("No such job of this account (or no such file of the job)", "not_found")
  const json = (description: string, schema: unknown) => ({
    description,
    headers: { "x-request-id": { $ref: "#/components/headers/RequestId" }, "x-sdk-request-id": { $ref: "#/components/headers/RequestId" } },
    content: { "application/json": { schema } }
  })
  const job = { $ref: "#/components/schemas/DocumentJob" }
  return {
    "/v1/documents/jobs": {
      post: {
        operationId: "createDocumentJob",
        summary: "Ask typed questions about a document (a job: the file parsed, the questions evaluated over its markdown)",
        description: `The body is at most ${MAX_CREATE_BODY_BYTES} bytes. Billed per input token against the account's credit.`,
        requestBody: {
          required: true,
          content: {
            "multipart/form-data": {
              schema: {
                type: "object",
                required: ["file", "questions"],
                properties: {
                  file: { type: "string", contentMediaType: "application/octet-stream", description: "the document; its filename's extension decides the format" },
                  questions: { type: "string", description: "the questions object of POST /v1/systemone, as JSON" },
                  model: { type: "string" },
                  wait_seconds: { type: "string", description: `seconds to wait for the job (capped at ${MAX_WAIT_SECONDS})` }
                }
              }
            },
            "application/json": { schema: { $ref: "#/components/schemas/DocumentJobCreate" } }
          }
        },
        responses: {
          "200": json("The job, finished within wait_seconds", job),
          "202": json("The job, still queued or running", job),
          "401": auth,
          "402": error("No credit (insufficient_credit) or an unpaid invoice (payment_required)", "insufficient_credit"),
          "422": error(`Body invalid or over ${MAX_CREATE_BODY_BYTES} bytes`, "invalid_request_error"),
          "429": rpm,
          "500": error("Unexpected failure", "internal_error"),
          "529": retryable("Storage unreachable or the job queue full", "overloaded")
        }
      },
      get: {
        operationId: "listDocumentJobs",
        summary: "The account's document jobs, newest first (no credit needed)",
        parameters: [
          { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE } },
          { name: "cursor", in: "query", schema: { type: "string" }, description: "next_cursor of the previous page" },
          { name: "status", in: "query", schema: { type: "array", items: { enum: ["queued", "running", "succeeded", "failed", "cancelled"] } }, explode: true }
        ],
        responses: {
          "200": json("A page of jobs", {
            type: "object",
            required: ["data", "next_cursor", "has_more", "total_count", "request_id"],
            properties: {
              data: { type: "array", items: { $ref: "#/components/schemas/DocumentJobSummary" } },
              next_cursor: { type: ["string", "null"] },
              has_more: { type: "boolean" },
              total_count: { type: "integer" },
              request_id: { $ref: "#/components/schemas/RequestId" }
            }
          }),
          "401": auth,
          "422": error("A bad query parameter or cursor", "invalid_request_error"),
          "429": rpm
        }
      }
    },
    "/v1/documents/jobs/{job_id}": {
      get: {
        operationId: "getDocumentJob",
        summary: "Read a document job (no credit needed)",
        parameters: [JOB_ID],
        responses: { "200": json("The job", job), "401": auth, "404": notFound, "429": rpm }
      },
      delete: {
        operationId: "deleteDocumentJob",
        summary: "Delete a document job (a queued or running job is cancelled first) and its files",
        parameters: [JOB_ID],
        responses: {
          "200": json("Deleted", {
            type: "object",
            required: ["job_id", "deleted", "request_id"],
            properties: { job_id: { type: "string" }, deleted: { const: true }, request_id: { $ref: "#/components/schemas/RequestId" } }
          }),
          "401": auth,
          "404": notFound,
          "429": rpm
        }
      }
    },
    "/v1/documents/jobs/{job_id}/events": {
      get: {
        operationId: "streamDocumentJobEvents",
        summary: "The job's events as Server-Sent Events until a terminal status (at most 300 s)",
        parameters: [JOB_ID, { name: "Last-Event-ID", in: "header", schema: { type: "string" }, description: "resume after this event's sequence" }],
        responses: {
          "200": { description: "one frame per event: `id:` its sequence, `data:` the event", content: { "text/event-stream": { schema: { type: "string" } } } },
          "401": auth,
          "404": notFound,
          "422": error("Last-Event-ID is not a sequence number", "invalid_request_error"),
          "429": rpm
        }
      }
    },
    "/v1/documents/jobs/{job_id}/files/{name}": {
      get: {
        operationId: "downloadDocumentJobFile",
        summary: "A file of a succeeded job: document.md (the parsed document) or answers.json (not rate limited)",
        parameters: [
          JOB_ID,
          { name: "name", in: "path", required: true, schema: { enum: ["document.md", "answers.json"] } },
          { name: "Range", in: "header", schema: { type: "string" }, description: "one byte range" },
          { name: "If-Range", in: "header", schema: { type: "string" }, description: "the file's ETag" }
        ],
        responses: {
          "200": { description: "the file", content: { "text/markdown": { schema: { type: "string" } }, "application/json": {} } },
          "206": { description: "one byte range of the file", content: { "text/markdown": { schema: { type: "string" } }, "application/json": {} } },
          "401": auth,
          "404": notFound,
          "416": error("The Range lies outside the file", "invalid_request_error")
        }
      }
    },
    "/v1/documents/echo": Object.fromEntries(["get", "post", "put", "patch", "delete"].map((method) => [method, {
      operationId: `echoRequest_${method}`,
      summary: "What the server received: method, path, query, headers (keys redacted), body size, SHA-256 and parsed fields",
      responses: {
        "200": json("The request as received", { $ref: "#/components/schemas/RequestEcho" }),
        "401": auth,
        "422": error(`Body over ${MAX_CREATE_BODY_BYTES} bytes`, "invalid_request_error"),
        "429": rpm
      }
    }]))
  }
}

export const documentSchemas = {
  DocumentJobCreate: {
    type: "object",
    required: ["source", "questions"],
    properties: {
      source: {
        type: "object",
        required: ["type", "url", "file_name"],
        properties: { type: { const: "url" }, url: { type: "string", description: "https://…" }, file_name: { type: "string" } }
      },
      questions: { type: "object", additionalProperties: { $ref: "#/components/schemas/Question" } },
      model: { type: "string" },
      wait_seconds: { type: "number", minimum: 0, description: `capped at ${MAX_WAIT_SECONDS}` }
    }
  },
  DocumentJob: {
    type: "object",
    required: ["job_id", "kind", "status", "result", "result_state", "error", "progress", "units", "created_at", "request_id"],
    properties: {
      job_id: { type: "string" },
      kind: { const: "document_questions" },
      status: { enum: ["queued", "running", "succeeded", "failed", "cancelled"] },
      result: {
        type: ["object", "null"],
        properties: {
          answers: { type: "object", additionalProperties: { $ref: "#/components/schemas/Answer" } },
          model: { type: "string" },
          usage: { type: "object", properties: { input_tokens: { type: "integer" } } },
          document: { type: "object" },
          files: { type: "object", properties: { markdown: { type: "string" }, answers: { type: "string" } } }
        }
      },
      result_state: { type: ["string", "null"] },
      error: { type: ["object", "null"] },
      progress: { type: ["object", "null"] },
      units: { type: "integer", description: "input tokens billed" },
      created_at: { type: "string", format: "date-time" },
      started_at: { type: ["string", "null"] },
      finished_at: { type: ["string", "null"] },
      payload_expires_at: { type: "string" },
      request_id: { $ref: "#/components/schemas/RequestId" }
    }
  },
  DocumentJobSummary: {
    type: "object",
    required: ["job_id", "kind", "status", "created_at"],
    properties: {
      job_id: { type: "string" },
      kind: { type: "string" },
      status: { type: "string" },
      created_at: { type: "string" },
      finished_at: { type: ["string", "null"] },
      units: { type: "integer" }
    }
  },
  RequestEcho: {
    type: "object",
    required: ["method", "path", "query", "headers", "body", "request_id"],
    properties: {
      method: { type: "string" },
      path: { type: "string" },
      query: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
      headers: { type: "object", additionalProperties: { type: "string" } },
      body: {
        type: "object",
        properties: { bytes: { type: "integer" }, sha256: { type: "string" }, content_type: { type: ["string", "null"] }, parsed: {} }
      },
      request_id: { $ref: "#/components/schemas/RequestId" }
    }
  }
}
