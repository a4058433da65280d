/** A job as each form shows it: `../render-job.ts` (outside http/, so other contexts' routes render jobs the same way). */
export { renderFlatJob, renderV1Job } from "../render-job.js"
