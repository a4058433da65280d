/** Signed artifact links: what they cover (path, disposition, member, expiry, the file's label at issue). */
import { describe, expect, it } from "@effect/vitest"
import { Workspaces } from "@docket/core"

const F = Workspaces.Files
const secret = new Uint8Array(32).fill(7)
const target = { tenant_id: "t1", workspace_id: "w1", path: "out/a b/é.csv", access_label: "finance" as string | null }
const claimOf = (url: string) => {
  const query = new URL(`http://x${url}`).searchParams
  return { query, claim: F.linkClaimOf(query)! }
}

describe("artifact links", () => {
  it("a link checks as valid for its target until its expiry, then expired", () => {
    const url = F.artifactLink(secret, target, "attachment", 1_000)
    expect(url.startsWith("/v1/workspaces/w1/artifacts/content?")).toBe(true)
    const { claim, query } = claimOf(url)
    expect(query.get("path")).toBe("out/a b/é.csv")
    expect(claim).toMatchObject({ tenant_id: "t1", disposition: "attachment", expires: 1_000, member: undefined })
    expect(F.checkArtifactLink(secret, claim, target, 999)).toBe("valid")
    expect(F.checkArtifactLink(secret, claim, target, 1_000)).toBe("expired")
  })

  it("another path, workspace, disposition, secret or a changed label is invalid", () => {
    const { claim } = claimOf(F.artifactLink(secret, target, "inline", 1_000))
    expect(F.checkArtifactLink(secret, claim, { ...target, path: "out/other.csv" }, 0)).toBe("invalid")
    expect(F.checkArtifactLink(secret, claim, { ...target, workspace_id: "w2" }, 0)).toBe("invalid")
    expect(F.checkArtifactLink(secret, claim, { ...target, access_label: "hr" }, 0)).toBe("invalid")
    expect(F.checkArtifactLink(secret, claim, { ...target, access_label: null }, 0)).toBe("invalid")
    expect(F.checkArtifactLink(secret, { ...claim, disposition: "attachment" }, target, 0)).toBe("invalid")
    expect(F.checkArtifactLink(new Uint8Array(32), claim, target, 0)).toBe("invalid")
  })

  it("a member link names its file, output and index; a partial or malformed query is no claim", () => {
    const member = { file_id: "f1", output_id: "o1", index: 3 }
    const { claim, query } = claimOf(F.artifactLink(secret, { ...target, member }, "inline", 1_000))
    expect(claim.member).toEqual(member)
    expect(F.checkArtifactLink(secret, claim, { ...target, member }, 0)).toBe("valid")
    expect(F.checkArtifactLink(secret, claim, { ...target, member: { ...member, index: 4 } }, 0)).toBe("invalid")
    const partial = new URLSearchParams(query)
    partial.delete("file")
    expect(F.linkClaimOf(partial)).toBeUndefined()
    for (const [k, v] of [["expires", "soon"], ["signature", "zz"], ["disposition", "download"], ["tenant", ""], ["member", "-1"]]) {
      const bad = new URLSearchParams(query)
      bad.set(k, v)
      expect(F.linkClaimOf(bad), k).toBeUndefined()
    }
  })
})
