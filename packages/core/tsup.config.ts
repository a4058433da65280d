import { packageBuild } from "../../tsup.base.js"

export default packageBuild(["src/index.ts", "src/testing/index.ts"], ["stemmer"])
