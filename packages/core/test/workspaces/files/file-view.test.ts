/** The API shapes of files and pages: spec fields only, ISO times, opaque cursors that round-trip, coverage. */
import { describe, expect, it } from "@effect/vitest"
import { Workspaces } from "@docket/core"
import { Option } from "effect"

const file = Workspaces.Files.fileFromNew({
  tenant_id: "t", workspace_id: "w", file_id: "f", path: "a/b.pdf", file_type: "application/pdf", size_bytes: 3, observed_hash: "h",
  blob_key: "k", labels: { x: "1" }, graph_inclusion: "auto", access_label: null, ingestion_status: "discovered", at: Date.UTC(2026, 0, 2)
}, "b.pdf")

describe("file views", () => {
  it("a file shows exactly the spec's fields, times in ISO 8601", () => {
    expect(Object.keys(Workspaces.Files.fileView(file))).toEqual([
      "file_id", "workspace_id", "path", "file_name", "file_type", "size_bytes", "observed_hash", "ingested_hash", "ingestion_status",
      "ingested_at", "version", "category", "access_label", "labels", "created_at", "updated_at"
    ])
    expect(Workspaces.Files.fileView(file).created_at).toBe("2026-01-02T00:00:00.000Z")
    expect(Object.keys(Workspaces.Files.versionView(Workspaces.Files.currentVersionOf(file)))).toEqual(["version", "observed_hash", "ingested_hash", "ingested_at", "size_bytes", "created_at", "replaced_at", "is_current"])
  })

  it("a page renders its cursor opaquely (it decodes back), total_count and coverage", () => {
    const page = Workspaces.Files.filePageView({ items: [file], next_cursor: { order: "path", path: "a/b.pdf" }, total: 7, withheld: { count: 2, labels: ["hr"] } })
    expect(page.total_count).toBe(7)
    expect(page.coverage).toEqual({ restricted_candidates: 2, labels_required: ["hr"] })
    expect(Workspaces.Files.decodeFileCursor(page.next_cursor!)).toEqual(Option.some({ order: "path", path: "a/b.pdf" }))
    const created = Workspaces.Files.encodeFileCursor({ order: "created", created_at: 5, file_id: "z" })
    expect(Workspaces.Files.decodeFileCursor(created)).toEqual(Option.some({ order: "created", created_at: 5, file_id: "z" }))
    for (const bad of ["", "!!", Buffer.from("[\"x\"]").toString("base64url"), Buffer.from("[\"c\",1.5,\"z\"]").toString("base64url")]) {
      expect(Option.isNone(Workspaces.Files.decodeFileCursor(bad)), bad).toBe(true)
    }
  })
})
