/**
 * @docket/core/testing: the conformance suites every adapter runs against its own
 * implementation, helpers for HTTP tests, and server processes for tests that spawn one.
 */
export * from "./decision-store-suite.js"
export * from "./limiter-store-suite.js"
export * from "./decision-http-suite.js"
export * from "./documents-http-suite.js"
export * from "./test-parser.js"
export * from "./job-store-suite.js"
export * from "./http-target.js"
export * from "./processes.js"
export * from "./extraction-schema-store-suite.js"
export * from "./documents-jobs-suite.js"
export * from "./tenant-store-suite.js"
export * from "./upload-store-suite.js"
export * from "./blob-store-suite.js"
export * from "./job-queue-suite.js"
export * from "./documents-schema-http-suite.js"
export * from "./documents-billing-http-suite.js"
export * from "./billing-stores-suite.js"
export * from "./job-event-log-suite.js"
export * from "./upload-session-store-suite.js"
export * from "./documents-categorize-http-suite.js"
