import { packageBuild } from "../../tsup.base.js"

// The worker is an entry of its own (dist/worker.js, loaded by the pool in a worker thread);
// shims give the CommonJS build an import.meta.url to find it and the model's packages.
export default { ...packageBuild(["src/index.ts", "src/worker.ts"]), shims: true }
