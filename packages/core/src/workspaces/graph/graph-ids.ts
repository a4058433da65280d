/**
 * The knowledge graph's stable ids (spec 3, "Knowledge graph": node ids survive rebuilds). A node id
 * is name-based — a SHA-1 of the workspace, the node type and the entity's canonical key laid out
 * as an RFC 4122 version 5 UUID — so the same entity read again by another build keeps its id, and
 * an edge id follows from its type and its two nodes.
 */
import { createHash } from "node:crypto"

const uuidOf = (name: string): string => {
  const h = createHash("sha1").update(name).digest()
  h[6] = (h[6]! & 0x0f) | 0x50
  h[8] = (h[8]! & 0x3f) | 0x80
  const x = h.subarray(0, 16).toString("hex")
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`
}

// "\u0000" cannot occur in any part, so distinct part lists never hash the same string.
export const graphNodeId = (workspaceId: string, nodeType: string, canonicalKey: string): string =>
  uuidOf(`docket:kg-node\u0000${workspaceId}\u0000${nodeType}\u0000${canonicalKey}`)

export const graphEdgeId = (workspaceId: string, edgeType: string, fromNodeId: string, toNodeId: string): string =>
  uuidOf(`docket:kg-edge\u0000${workspaceId}\u0000${edgeType}\u0000${fromNodeId}\u0000${toNodeId}`)
