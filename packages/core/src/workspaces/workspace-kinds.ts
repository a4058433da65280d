/** The job kinds of the workspace service (spec 3), as core registers them (`docketLayer`). */
import { workspaceDeleteKind } from "./workspace/delete-kind.js"

export const workspaceJobKinds = [workspaceDeleteKind] as const
