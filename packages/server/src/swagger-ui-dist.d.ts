/** `swagger-ui-dist` ships no types; this is the one module of it the server loads. */
declare module "swagger-ui-dist/absolute-path.js" {
  /** the folder holding Swagger UI's files (swagger-ui-bundle.js, swagger-ui.css, …) */
  const getAbsoluteFSPath: () => string
  export default getAbsoluteFSPath
}
