/**
 * @docket/core/testing: the conformance suites every adapter runs against its own
 * implementation, and helpers for HTTP tests.
 */
export * from "./decision-store-suite.js"
export * from "./limiter-store-suite.js"
export * from "./decision-http-suite.js"
export * from "./http-target.js"
