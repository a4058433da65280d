/** The job kinds of the document service (spec 2), as core registers them (`docketLayer`). */
import { categorizeKind, classifyKind } from "./categorize/categorize-kind.js"
import { extractKind } from "./extract/extract-kind.js"
import { groundKind } from "./ground/ground-kind.js"
import { parseKind } from "./parse/parse-kind.js"
import { splitKind } from "./split/split-kind.js"

export const documentJobKinds = [parseKind, categorizeKind, classifyKind, extractKind, groundKind, splitKind] as const
