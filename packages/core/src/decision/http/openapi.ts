/**
 * The OpenAPI 3.1 document of the decision service, served at `GET /openapi/decision.json`.
 * Written from the spec; the HTTP suite checks that it names every route and status served.
 */
import { CATALOG, MODEL_PATTERN } from "../models.js"
import { MAX_QUESTIONS } from "../validation.js"
import { MAX_SERIALIZED_BYTES } from "../evaluate-request.js"
import { documentPaths, documentSchemas } from "./document-openapi.js"

const error = (description: string, type: string) => ({
  description,
  headers: {
    "x-request-id": { $ref: "#/components/headers/RequestId" },
    "x-sdk-request-id": { $ref: "#/components/headers/RequestId" }
  },
  content: {
    "application/json": {
      schema: { $ref: "#/components/schemas/Error" },
      example: { error: { type, message: description }, request_id: "req_0123456789abcdef0123456789abcdef" }
    }
  }
})

const retryable = (description: string, type: string) => {
  const e = error(description, type)
  return {
    ...e,
    headers: {
      ...e.headers,
      "retry-after": { schema: { type: "integer" }, description: "seconds" },
      "retry-after-ms": { schema: { type: "integer" }, description: "milliseconds" }
    }
  }
}

const text = { type: "string" }
const nullableText = { type: ["string", "null"] }

export const decisionOpenApi = {
  openapi: "3.1.0",
  info: {
    title: "Decision evaluation",
    version: "1.0.0",
    description: "Typed questions evaluated against a JSON state (spec 1). Served by Docket."
  },
  security: [{ bearer: [] }],
  paths: {
    "/v1/systemone": {
      post: {
        operationId: "evaluate",
        summary: "Evaluate questions against a state",
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: "#/components/schemas/EvaluateRequest" } } }
        },
        responses: {
          "200": {
            description: "One answer per question",
            headers: {
              "x-request-id": { $ref: "#/components/headers/RequestId" },
              "x-sdk-request-id": { $ref: "#/components/headers/RequestId" }
            },
            content: { "application/json": { schema: { $ref: "#/components/schemas/EvaluateResponse" } } }
          },
          "401": error("Missing, malformed or revoked key", "authentication_error"),
          "402": error("No credit (insufficient_credit) or an unpaid invoice (payment_required)", "insufficient_credit"),
          "422": error("Body invalid, a request limit exceeded, model unavailable or invalid, media content", "invalid_request_error"),
          "429": retryable("Requests per minute or in-flight limit of the account", "rate_limit_error"),
          "500": error("Unexpected failure", "internal_error"),
          "529": retryable("Shared pool full, model service timeout, or limiter store unreachable", "overloaded")
        }
      }
    },
    "/v1/models": {
      get: {
        operationId: "listModels",
        summary: "The model catalog (needs a valid key, no credit; not rate limited)",
        responses: {
          "200": {
            description: "The catalog",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["models", "request_id"],
                  properties: {
                    models: { type: "array", items: { $ref: "#/components/schemas/Model" } },
                    request_id: { $ref: "#/components/schemas/RequestId" }
                  }
                },
                example: { models: CATALOG, request_id: "req_0123456789abcdef0123456789abcdef" }
              }
            }
          },
          "401": error("Missing, malformed or revoked key", "authentication_error")
        }
      }
    },
    ...documentPaths(error, retryable)
  },
  components: {
    securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "svc_sk_ followed by 43 URL-safe characters" } },
    headers: { RequestId: { schema: { $ref: "#/components/schemas/RequestId" } } },
    schemas: {
      ...documentSchemas,
      RequestId: { type: "string", pattern: "^req_[a-f0-9]{32}$" },
      EvaluateRequest: {
        type: "object",
        required: ["state", "questions"],
        description: `state + questions serialized are at most ${MAX_SERIALIZED_BYTES} bytes. Unknown keys are ignored.`,
        properties: {
          state: { description: "Any JSON value; null is accepted. Text only: no media." },
          questions: {
            type: "object",
            minProperties: 1,
            maxProperties: MAX_QUESTIONS,
            additionalProperties: { $ref: "#/components/schemas/Question" }
          },
          model: { type: "string", pattern: MODEL_PATTERN.source }
        }
      },
      Question: {
        oneOf: [
          {
            type: "object",
            required: ["type"],
            properties: {
              type: { const: "noul" },
              instructions: text,
              criteria: { type: "object", properties: { true: nullableText, false: nullableText } }
            }
          },
          {
            type: "object",
            required: ["type", "criteria"],
            properties: {
              type: { const: "choice" },
              instructions: text,
              criteria: { type: "object", minProperties: 1, additionalProperties: nullableText }
            }
          },
          {
            type: "object",
            required: ["type", "criteria"],
            properties: {
              type: { const: "score" },
              instructions: text,
              criteria: { type: "array", minItems: 1, items: text, description: "levels in ascending order" }
            }
          }
        ]
      },
      EvaluateResponse: {
        type: "object",
        required: ["answers", "model", "request_id"],
        properties: {
          answers: { type: "object", additionalProperties: { $ref: "#/components/schemas/Answer" } },
          model: { type: "string", description: "the model that served the request" },
          usage: { type: "object", properties: { input_tokens: { type: "integer" } } },
          request_id: { $ref: "#/components/schemas/RequestId" }
        }
      },
      Answer: {
        oneOf: [
          { type: "object", required: ["type", "noul"], properties: { type: { const: "noul" }, noul: { type: "number", minimum: 0, maximum: 1 } } },
          {
            type: "object",
            required: ["type", "choice", "confidence", "probabilities"],
            properties: {
              type: { const: "choice" },
              choice: text,
              confidence: { type: "number", minimum: 0, maximum: 1 },
              probabilities: { type: "object", additionalProperties: { type: "number" } }
            }
          },
          {
            type: "object",
            required: ["type", "score", "level", "confidence", "expected_score", "probabilities"],
            properties: {
              type: { const: "score" },
              score: { type: "integer", minimum: 0 },
              level: text,
              confidence: { type: "number" },
              expected_score: { type: "number" },
              probabilities: { type: "array", items: { type: "number" } }
            }
          }
        ]
      },
      Model: {
        type: "object",
        required: ["name", "description", "release_date", "alias_for"],
        properties: { name: text, description: text, release_date: { type: "string", format: "date" }, alias_for: nullableText }
      },
      Error: {
        type: "object",
        required: ["error", "request_id"],
        properties: {
          error: {
            type: "object",
            required: ["type", "message"],
            properties: {
              code: { type: "string", description: "a finer code: rate_limited on the document routes" },
              type: {
                enum: [
                  "authentication_error",
                  "insufficient_credit",
                  "payment_required",
                  "invalid_request_error",
                  "rate_limit_error",
                  "not_found",
                  "internal_error",
                  "overloaded"
                ]
              },
              message: text,
              issues: {
                type: "array",
                items: { type: "object", required: ["path", "message"], properties: { path: text, message: text } }
              }
            }
          },
          request_id: { $ref: "#/components/schemas/RequestId" }
        }
      }
    }
  }
} as const
