export * from "./compile.js"
export * from "./errors.js"
export * from "./extract-schema.js"
export * from "./schema-problem.js"
