import { packageBuild } from "../../tsup.base.js"

export default packageBuild(["src/index.ts", "src/bin/docket.ts", "src/bin/docket-bun.ts"])
