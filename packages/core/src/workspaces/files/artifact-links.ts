/**
 * Signed, expiring links to a workspace file's bytes (spec 3, "File detail adds `download_url`,
 * `preview_url` (presigned) and `download_url_expires_at`"), served by Docket itself at the
 * artifact content route:
 *
 *   /v1/workspaces/<id>/artifacts/content?path=<path>&tenant=<tenant>&disposition=<inline|attachment>
 *     [&file=<file_id>&output=<output_id>&member=<index>]&expires=<epoch ms>&signature=<hex HMAC-SHA256>
 *
 * The link is the credential (no API key), like a presigned URL, for `LINK_LIFETIME_MS` (an
 * hour) on the service clock. The signature covers tenant, workspace, path, disposition, the
 * member (a folder output's file), the expiry — and the access label the file had when the link
 * was made, which the link does not show: a file reclassified since then no longer matches, so a
 * link never outlives the access rule it was issued under. The key is the document service's
 * `LinkSigner` secret (`DOCKET_LINK_SECRET`, shared by the instances that serve one address).
 */
import { Effect } from "effect"
import { createHmac, timingSafeEqual } from "node:crypto"
import { LINK_LIFETIME_MS, LinkSigner } from "../../documents/parse/artifact-links.js"

export type Disposition = "inline" | "attachment"

/** a folder output's member: the file, the output and the member's index in it */
export interface Member {
  readonly file_id: string
  readonly output_id: string
  readonly index: number
}

export interface ArtifactLinkTarget {
  readonly tenant_id: string
  readonly workspace_id: string
  /** the source's, output's or member's path */
  readonly path: string
  /** the label of the file the bytes belong to (null: none) */
  readonly access_label: string | null
  /** a folder output's member: the output and the member's index in it */
  readonly member?: Member | undefined
}

const signatureOf = (secret: Uint8Array, t: ArtifactLinkTarget, disposition: Disposition, expires: number) =>
  createHmac("sha256", secret)
    .update(["workspace artifact", t.tenant_id, t.workspace_id, t.path, t.access_label ?? "", t.member?.file_id ?? "", t.member?.output_id ?? "", String(t.member?.index ?? ""), disposition, String(expires)].join("\n"))
    .digest("hex")

/** The route the links point at, without its query. */
export const artifactContentPath = (workspaceId: string) => `/v1/workspaces/${encodeURIComponent(workspaceId)}/artifacts/content`

export const artifactLink = (secret: Uint8Array, t: ArtifactLinkTarget, disposition: Disposition, expires: number): string => {
  const q = new URLSearchParams({ path: t.path, tenant: t.tenant_id, disposition })
  if (t.member !== undefined) {
    q.set("file", t.member.file_id)
    q.set("output", t.member.output_id)
    q.set("member", String(t.member.index))
  }
  q.set("expires", String(expires))
  q.set("signature", signatureOf(secret, t, disposition, expires))
  return `${artifactContentPath(t.workspace_id)}?${q.toString()}`
}

export interface ArtifactLinks {
  readonly download_url: string
  readonly preview_url: string
  readonly download_url_expires_at: string
}

/** A download (attachment) and a preview (inline) link, expiring together an hour from `now`. */
export const artifactLinks = (t: ArtifactLinkTarget, now: number) =>
  Effect.map(LinkSigner, ({ secret }): ArtifactLinks => {
    const expires = now + LINK_LIFETIME_MS
    return {
      download_url: artifactLink(secret, t, "attachment", expires),
      preview_url: artifactLink(secret, t, "inline", expires),
      download_url_expires_at: new Date(expires).toISOString()
    }
  })

/** What a link's query claims, before it is checked against the file. */
export interface LinkClaim {
  readonly tenant_id: string
  readonly disposition: Disposition
  readonly member: Member | undefined
  readonly expires: number
  readonly signature: string
}

/** The claim of a link's query, or undefined when it is not the shape of a link. */
export const linkClaimOf = (query: URLSearchParams): LinkClaim | undefined => {
  const tenant = query.get("tenant") ?? ""
  const disposition = query.get("disposition")
  const expires = query.get("expires") ?? ""
  const signature = query.get("signature") ?? ""
  const file = query.get("file")
  const output = query.get("output")
  const member = query.get("member")
  if (tenant === "" || (disposition !== "inline" && disposition !== "attachment")) return undefined
  if (!/^\d{1,16}$/.test(expires) || !/^[a-f0-9]{64}$/.test(signature)) return undefined
  const some = [file, output, member].filter((v) => v !== null).length
  if ((some !== 0 && some !== 3) || (member !== null && !/^\d{1,6}$/.test(member))) return undefined
  return {
    tenant_id: tenant,
    disposition,
    member: file === null || output === null || member === null ? undefined : { file_id: file, output_id: output, index: Number(member) },
    expires: Number(expires),
    signature
  }
}

export type LinkCheck = "valid" | "expired" | "invalid"

/** Whether `claim` is a link made for `t` (its current label) and still within its hour. */
export const checkArtifactLink = (secret: Uint8Array, claim: LinkClaim, t: ArtifactLinkTarget, now: number): LinkCheck => {
  const want = Buffer.from(signatureOf(secret, t, claim.disposition, claim.expires), "hex")
  if (!timingSafeEqual(want, Buffer.from(claim.signature, "hex"))) return "invalid"
  return now >= claim.expires ? "expired" : "valid"
}
