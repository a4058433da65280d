/**
 * The workspace service's configuration over HTTP (spec 3): access labels and key grants,
 * domains, workspaces. Run by every adapter beside the document suites, as
 * `workspacesConfigHttpSuite(name, start)`.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { docsClient, eachTestTarget } from "./documents-http-suite.js"
import { ADMIN_TOKEN, type HttpTarget, type JsonResponse, sseFrames, type StartTarget } from "./http-target.js"

const expectV1Error = (r: JsonResponse, status: number, code: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(status)
  expect(r.body.error.code, JSON.stringify(r.body)).toBe(code)
  expect(typeof r.body.error.message).toBe("string")
  expect(typeof r.body.error.retryable).toBe("boolean")
  expect("detail" in r.body.error).toBe(true)
  expect(r.body.error.request_id).toBe(r.headers.get("x-request-id"))
}

const fields = (r: JsonResponse) => (r.body.error.detail?.errors ?? []).map((e: { field: string }) => e.field)

const TAXONOMY = {
  classes: [
    { group: "claims", subgroup: "first_notice", description: "First notice of loss forms", document_type: "fnol", aliases: ["fnol"] },
    { group: "claims", subgroup: "adjuster_report", description: "Reports by loss adjusters", document_type: "adjuster_report", aliases: [] }
  ],
  allow_other: true
}

const PLATFORM_SLUGS = ["generic", "financial", "legal", "insurance", "audit", "audit_private_profit", "audit_public_non_profit"]

export const workspacesConfigHttpSuite = (name: string, start: StartTarget) => {
  describe(`workspace configuration over HTTP (${name})`, () => {
    let target: HttpTarget
    let api: ReturnType<typeof docsClient>
    eachTestTarget(start, (t) => {
      target = t
      api = docsClient(t)
    })
    const label = (key: string, labelName: string, description = `${labelName} files`) =>
      api.call("POST", "/v1/access-labels", { key, body: { name: labelName, description } })

    describe("access labels", () => {
      it("create (201, every field), read, list, change the description; the name is immutable", async () => {
        const t = await api.tenant()
        const c = await label(t.key, "finance", "Invoices, statements and ledgers")
        expect(c.status, JSON.stringify(c.body)).toBe(201)
        expect(c.body).toMatchObject({ name: "finance", description: "Invoices, statements and ledgers" })
        expect(c.body.access_label_id).toMatch(/^[0-9a-f-]{36}$/)
        expect(Date.parse(c.body.created_at)).not.toBeNaN()
        expect(c.body.updated_at).toBe(c.body.created_at)
        const id = c.body.access_label_id
        expect((await api.call("GET", `/v1/access-labels/${id}`, { key: t.key })).body).toEqual(c.body)
        const p = await api.call("PATCH", `/v1/access-labels/${id}`, { key: t.key, body: { description: "Money" } })
        expect(p.status).toBe(200)
        expect(p.body).toMatchObject({ access_label_id: id, name: "finance", description: "Money" })
        const rename = await api.call("PATCH", `/v1/access-labels/${id}`, { key: t.key, body: { name: "money", description: "x" } })
        expectV1Error(rename, 422, "invalid_request")
        expect(fields(rename)).toEqual(["name"])
        expect((await api.call("GET", `/v1/access-labels/${id}`, { key: t.key })).body.name).toBe("finance")
      })

      it("409 access_label_name_taken; names unique per tenant only", async () => {
        const t = await api.tenant()
        const other = await api.tenant()
        await label(t.key, "hr")
        expectV1Error(await label(t.key, "hr"), 409, "access_label_name_taken")
        expect((await label(other.key, "hr")).status).toBe(201)
      })

      it("422 invalid_request: name pattern, name over 64, description missing, blank or over 2000, unknown fields", async () => {
        const t = await api.tenant()
        for (const bad of ["Finance", "fin-ance", "_fin", "fin_", "fin__ance", "", "a".repeat(65)]) {
          const r = await label(t.key, bad)
          expectV1Error(r, 422, "invalid_request")
          expect(fields(r)).toEqual(["name"])
        }
        expect((await label(t.key, "a".repeat(64))).status).toBe(201)
        expect((await label(t.key, "a1_b2_c3")).status).toBe(201)
        expect(fields(await api.call("POST", "/v1/access-labels", { key: t.key, body: { name: "x" } }))).toEqual(["description"])
        expect(fields(await label(t.key, "y", "   "))).toEqual(["description"])
        expect(fields(await label(t.key, "y", "d".repeat(2001)))).toEqual(["description"])
        expect((await label(t.key, "y", "d".repeat(2000))).status).toBe(201)
        expect(fields(await api.call("POST", "/v1/access-labels", { key: t.key, body: { name: "z", description: "z", colour: 1 } }))).toEqual(["colour"])
      })

      it("lists oldest first in keyset pages with total_count; a label created while paging is not missed or repeated", async () => {
        const t = await api.tenant()
        for (const n of ["a", "b", "c"]) await label(t.key, n)
        const first = await api.call("GET", "/v1/access-labels?limit=2", { key: t.key })
        expect(first.body.items.map((l: any) => l.name)).toEqual(["a", "b"])
        expect(first.body.total_count).toBe(3)
        expect(typeof first.body.next_cursor).toBe("string")
        await label(t.key, "d")
        const second = await api.call("GET", `/v1/access-labels?limit=2&cursor=${first.body.next_cursor}`, { key: t.key })
        expect(second.body.items.map((l: any) => l.name)).toEqual(["c", "d"])
        expect(second.body.total_count).toBe(4)
        expect(second.body.next_cursor).toBeNull()
        const last = await api.call("GET", `/v1/access-labels?limit=1&cursor=${first.body.next_cursor}`, { key: t.key })
        expect(last.body.items.map((l: any) => l.name)).toEqual(["c"])
        expect(typeof last.body.next_cursor).toBe("string")
        expect((await api.call("GET", "/v1/access-labels", { key: t.key })).body.next_cursor).toBeNull()
        expectV1Error(await api.call("GET", "/v1/access-labels?limit=201", { key: t.key }), 422, "invalid_request")
        expectV1Error(await api.call("GET", "/v1/access-labels?limit=0", { key: t.key }), 422, "invalid_request")
        expectV1Error(await api.call("GET", "/v1/access-labels?cursor=nonsense", { key: t.key }), 422, "invalid_request")
        const other = await api.tenant()
        expect((await api.call("GET", "/v1/access-labels", { key: other.key })).body).toEqual({ items: [], next_cursor: null, total_count: 0 })
      })

      it("404 access_label_not_found: unknown, another tenant's (read, change, delete); 401 without a key", async () => {
        const t = await api.tenant()
        const other = await api.tenant()
        const id = (await label(t.key, "secret")).body.access_label_id
        for (const [method, body] of [["GET", undefined], ["PATCH", { description: "x" }], ["DELETE", undefined]] as const) {
          expectV1Error(await api.call(method, `/v1/access-labels/${id}`, { key: other.key, body }), 404, "access_label_not_found")
          expectV1Error(await api.call(method, "/v1/access-labels/00000000-0000-4000-8000-000000000000", { key: t.key, body }), 404, "access_label_not_found")
        }
        expectV1Error(await api.call("GET", "/v1/access-labels"), 401, "unauthorized")
        expect((await api.call("GET", `/v1/access-labels/${id}`, { key: t.key })).status).toBe(200)
      })

      it("delete: 204, then 404; 409 access_label_in_use while a workspace declares it or an active key is granted it", async () => {
        const t = await api.tenant()
        const free = (await label(t.key, "free")).body.access_label_id
        const del = await api.call("DELETE", `/v1/access-labels/${free}`, { key: t.key })
        expect(del.status).toBe(204)
        expectV1Error(await api.call("DELETE", `/v1/access-labels/${free}`, { key: t.key }), 404, "access_label_not_found")

        const used = (await label(t.key, "legal")).body.access_label_id
        const ws = await api.call("POST", "/v1/workspaces", { key: t.key, body: { name: "w", access: { labels: [{ name: "legal" }], default_label: "legal" } } })
        expect(ws.status, JSON.stringify(ws.body)).toBe(201)
        const inUse = await api.call("DELETE", `/v1/access-labels/${used}`, { key: t.key })
        expectV1Error(inUse, 409, "access_label_in_use")
        expect(inUse.body.error.detail.referenced_by).toEqual(["workspace"])

        const granted = (await label(t.key, "granted")).body.access_label_id
        const key = await target.admin.docs.createKey(t.tenantId, { access_labels: ["granted"] })
        expect(key.access_labels).toEqual(["granted"])
        const byKey = await api.call("DELETE", `/v1/access-labels/${granted}`, { key: t.key })
        expectV1Error(byKey, 409, "access_label_in_use")
        expect(byKey.body.error.detail.referenced_by).toEqual(["key_grant"])
        await target.admin.docs.revokeKey(key.key_id)
        expect((await api.call("DELETE", `/v1/access-labels/${granted}`, { key: t.key })).status).toBe(204)
      })

      it("key grants name catalog labels: an unknown label is 400 on the control plane, naming it; the granted key works", async () => {
        const t = await api.tenant()
        const admin = (path: string, body: unknown) => api.call("POST", path, { body, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
        const refused = await admin(`/_admin/docs/tenants/${t.tenantId}/keys`, { access_labels: ["ghost"] })
        expect(refused.status).toBe(400)
        expect(refused.body.error.message).toContain("ghost")
        await label(t.key, "ops")
        const ok = await admin(`/_admin/docs/tenants/${t.tenantId}/keys`, { access_labels: ["ops", "ops"] })
        expect(ok.status).toBe(201)
        expect(ok.body.access_labels).toEqual(["ops"])
        expect((await api.call("GET", "/v1/access-labels", { key: ok.body.api_key })).status).toBe(200)
        // another tenant's label is not in this tenant's catalog
        const other = await api.tenant()
        expect((await admin(`/_admin/docs/tenants/${other.tenantId}/keys`, { access_labels: ["ops"] })).status).toBe(400)
      })
    })

    describe("domains", () => {
      it("the platform domains are seeded for every tenant: published, version 1, owner platform, with real content", async () => {
        const t = await api.tenant()
        const list = await api.call("GET", "/v1/domains?owner=platform", { key: t.key })
        expect(list.status).toBe(200)
        expect(list.body.items.map((d: any) => d.slug)).toEqual(PLATFORM_SLUGS)
        expect(list.body.total_count).toBe(7)
        for (const d of list.body.items) {
          expect(d).toMatchObject({ owner: "platform", version: 1, status: "published", selectable: true })
          expect(d.class_count).toBeGreaterThan(0)
          expect(Object.keys(d).sort()).toEqual(
            ["class_count", "created_at", "display_name", "domain_id", "owner", "parent_slug", "selectable", "slug", "status", "updated_at", "version"]
          )
        }
        const audit = list.body.items.find((d: any) => d.slug === "audit_private_profit")
        expect(audit.parent_slug).toBe("audit")
        const detail = await api.call("GET", `/v1/domains/${audit.domain_id}`, { key: t.key })
        expect(detail.status).toBe(200)
        expect(detail.body.taxonomy.classes.length).toBe(audit.class_count)
        const parent = list.body.items.find((d: any) => d.slug === "audit")
        // inheritance resolved: the child has at least its parent's classes
        expect(audit.class_count).toBeGreaterThanOrEqual(parent.class_count)
        expect(detail.body.ontology.node_types.length).toBeGreaterThan(0)
        expect(detail.body.published_at).not.toBeNull()
        const other = await api.tenant()
        expect((await api.call("GET", `/v1/domains/${audit.domain_id}`, { key: other.key })).body.domain_id).toBe(audit.domain_id)
        expect((await api.call("GET", "/v1/domains?owner=platform&status=draft", { key: t.key })).body.total_count).toBe(0)
      })

      it("create: 201 {domain, validation}, a draft version 1 with the generic ontology by default; edit in place; publish; edit again → draft 2", async () => {
        const t = await api.tenant()
        const c = await api.call("POST", "/v1/domains", { key: t.key, body: { slug: "claims", display_name: "Claims", taxonomy: TAXONOMY } })
        expect(c.status, JSON.stringify(c.body)).toBe(201)
        expect(c.body.validation).toMatchObject({ valid: true, errors: [], effective_class_count: 2 })
        expect(c.body.domain).toMatchObject({ slug: "claims", display_name: "Claims", owner: "tenant", version: 1, status: "draft", parent_slug: null, class_count: 2, selectable: false, published_at: null })
        const generic = (await api.call("GET", "/v1/domains?owner=platform", { key: t.key })).body.items[0]
        const genericDetail = await api.call("GET", `/v1/domains/${generic.domain_id}`, { key: t.key })
        expect(c.body.domain.ontology).toEqual(genericDetail.body.ontology)
        const id = c.body.domain.domain_id

        const edited = await api.call("PATCH", `/v1/domains/${id}`, { key: t.key, body: { display_name: "Claims files" } })
        expect(edited.status).toBe(200)
        expect(edited.body.domain).toMatchObject({ domain_id: id, version: 1, status: "draft", display_name: "Claims files" })

        const published = await api.call("POST", `/v1/domains/${id}/publish`, { key: t.key, body: {} })
        expect(published.status).toBe(200)
        expect(published.body.domain).toMatchObject({ version: 1, status: "published", selectable: true })
        expect(Date.parse(published.body.domain.published_at)).not.toBeNaN()

        const v2 = await api.call("PATCH", `/v1/domains/${id}`, { key: t.key, body: { taxonomy: { ...TAXONOMY, classes: TAXONOMY.classes.slice(0, 1) } } })
        expect(v2.status).toBe(200)
        expect(v2.body.domain).toMatchObject({ domain_id: id, version: 2, status: "draft", class_count: 1, published_at: null, selectable: true })
        const v1 = await api.call("GET", `/v1/domains/${id}?version=1`, { key: t.key })
        expect(v1.body).toMatchObject({ version: 1, status: "published", class_count: 2, display_name: "Claims files" })
        expect((await api.call("GET", `/v1/domains/${id}`, { key: t.key })).body).toMatchObject({ version: 2, status: "draft" })
        expectV1Error(await api.call("GET", `/v1/domains/${id}?version=3`, { key: t.key }), 404, "domain_not_found")
        // a second edit of draft 2 edits it in place
        expect((await api.call("PATCH", `/v1/domains/${id}`, { key: t.key, body: { display_name: "C" } })).body.domain.version).toBe(2)

        const mine = await api.call("GET", "/v1/domains?owner=tenant", { key: t.key })
        expect(mine.body.items.map((d: any) => [d.slug, d.version, d.status])).toEqual([["claims", 2, "draft"]])
        expect((await api.call("GET", "/v1/domains?owner=tenant&status=published", { key: t.key })).body.total_count).toBe(0)
        expect((await api.call("GET", "/v1/domains", { key: t.key })).body.total_count).toBe(8)
        const other = await api.tenant()
        expectV1Error(await api.call("GET", `/v1/domains/${id}`, { key: other.key }), 404, "domain_not_found")
        expectV1Error(await api.call("PATCH", `/v1/domains/${id}`, { key: other.key, body: { display_name: "x" } }), 404, "domain_not_found")
        expectV1Error(await api.call("POST", `/v1/domains/${id}/publish`, { key: other.key, body: {} }), 404, "domain_not_found")
      })

      it("create refusals: reserved slugs 409, a taken slug 409, the slug pattern and bounds 422, invalid content 422 domain_validation_failed listing every error", async () => {
        const t = await api.tenant()
        for (const slug of PLATFORM_SLUGS) {
          expectV1Error(await api.call("POST", "/v1/domains", { key: t.key, body: { slug, display_name: "X", taxonomy: TAXONOMY } }), 409, "reserved_domain_slug")
        }
        for (const slug of ["Claims", "claims-x", "a".repeat(65), ""]) {
          const r = await api.call("POST", "/v1/domains", { key: t.key, body: { slug, display_name: "X", taxonomy: TAXONOMY } })
          expectV1Error(r, 422, "invalid_request")
          expect(fields(r)).toEqual(["slug"])
        }
        expect(fields(await api.call("POST", "/v1/domains", { key: t.key, body: { slug: "x", display_name: "", taxonomy: TAXONOMY } }))).toEqual(["display_name"])
        expect(fields(await api.call("POST", "/v1/domains", { key: t.key, body: { slug: "x", display_name: "d".repeat(201), taxonomy: TAXONOMY } }))).toEqual(["display_name"])
        expect(fields(await api.call("POST", "/v1/domains", { key: t.key, body: { slug: "x", display_name: "X" } }))).toEqual(["taxonomy"])
        const bad = await api.call("POST", "/v1/domains", {
          key: t.key,
          body: {
            slug: "bad",
            display_name: "Bad",
            taxonomy: { classes: [TAXONOMY.classes[0], TAXONOMY.classes[0], { ...TAXONOMY.classes[1], group: "a/b" }] },
            ontology: { node_types: [{ name: "x", tier: 9 }], edge_types: [{ name: "e", from_types: ["x"], to_types: ["nowhere"] }] }
          }
        })
        expectV1Error(bad, 422, "domain_validation_failed")
        expect(bad.body.error.detail.errors.length).toBeGreaterThanOrEqual(4)
        const paths = bad.body.error.detail.errors.map((e: any) => e.path)
        expect(paths).toContain("taxonomy.classes.1")
        expect(paths).toContain("taxonomy.classes.2.group")
        expect(bad.body.error.detail.validation.valid).toBe(false)
        expect((await api.call("GET", "/v1/domains?owner=tenant", { key: t.key })).body.total_count).toBe(0)
        expect((await api.call("POST", "/v1/domains", { key: t.key, body: { slug: "dup", display_name: "D", taxonomy: TAXONOMY } })).status).toBe(201)
        expectV1Error(await api.call("POST", "/v1/domains", { key: t.key, body: { slug: "dup", display_name: "D", taxonomy: TAXONOMY } }), 409, "domain_slug_taken")
      })

      it("a child of a platform domain inherits its classes; platform domains cannot be edited or published", async () => {
        const t = await api.tenant()
        const platform = (await api.call("GET", "/v1/domains?owner=platform", { key: t.key })).body.items
        const financial = platform.find((d: any) => d.slug === "financial")
        const child = await api.call("POST", "/v1/domains", { key: t.key, body: { slug: "my_finance", display_name: "Mine", parent_slug: "financial", taxonomy: TAXONOMY } })
        expect(child.status, JSON.stringify(child.body)).toBe(201)
        expect(child.body.domain.parent_slug).toBe("financial")
        expect(child.body.domain.class_count).toBe(financial.class_count + 2)
        expect(child.body.validation.effective_class_count).toBe(financial.class_count + 2)
        const ghost = await api.call("POST", "/v1/domains", { key: t.key, body: { slug: "orphan", display_name: "O", parent_slug: "nowhere", taxonomy: TAXONOMY } })
        expectV1Error(ghost, 422, "domain_validation_failed")
        expect(ghost.body.error.detail.errors.map((e: any) => e.path)).toContain("parent_slug")
        expectV1Error(await api.call("PATCH", `/v1/domains/${financial.domain_id}`, { key: t.key, body: { display_name: "x" } }), 422, "invalid_request")
        const again = await api.call("POST", `/v1/domains/${financial.domain_id}/publish`, { key: t.key, body: {} })
        expect(again.status).toBe(200)
        expect(again.body.domain).toMatchObject({ version: 1, status: "published" })
        expectV1Error(await api.call("POST", `/v1/domains/${financial.domain_id}/publish`, { key: t.key, body: { force: true } }), 422, "invalid_request")
      })

      it("generate: an unsaved, valid draft from a description, named as asked; creates nothing; 422 without a description", async () => {
        const t = await api.tenant()
        const g = await api.call("POST", "/v1/domains/generate", {
          key: t.key,
          body: { description: "Marine insurance claims: bills of lading, survey reports, invoices for repairs", display_name: "Marine claims" }
        })
        expect(g.status, JSON.stringify(g.body)).toBe(200)
        expect(g.body.suggested_display_name).toBe("Marine claims")
        expect(g.body.suggested_slug).toMatch(/^[a-z0-9]+(?:_[a-z0-9]+)*$/)
        expect(g.body.taxonomy.classes.length).toBeGreaterThan(0)
        expect(g.body.ontology.node_types.length).toBeGreaterThan(0)
        expect(g.body.validation).toMatchObject({ valid: true, errors: [], effective_class_count: g.body.taxonomy.classes.length })
        expect((await api.call("GET", "/v1/domains?owner=tenant", { key: t.key })).body.total_count).toBe(0)
        // the draft can be created as it is
        const created = await api.call("POST", "/v1/domains", {
          key: t.key,
          body: { slug: g.body.suggested_slug, display_name: g.body.suggested_display_name, taxonomy: g.body.taxonomy, ontology: g.body.ontology }
        })
        expect(created.status, JSON.stringify(created.body)).toBe(201)
        expect((await api.call("POST", "/v1/domains/generate", { key: t.key, body: { description: "x", slug: "financial" } })).body.suggested_slug).not.toBe("financial")
        expect(fields(await api.call("POST", "/v1/domains/generate", { key: t.key, body: {} }))).toEqual(["description"])
        expect(fields(await api.call("POST", "/v1/domains/generate", { key: t.key, body: { description: "  " } }))).toEqual(["description"])
        expect(fields(await api.call("POST", "/v1/domains/generate", { key: t.key, body: { description: "d".repeat(20_001) } }))).toEqual(["description"])
      })

      it("lists in keyset pages across platform and tenant domains; filters are checked", async () => {
        const t = await api.tenant()
        for (const slug of ["d_one", "d_two"]) await api.call("POST", "/v1/domains", { key: t.key, body: { slug, display_name: slug, taxonomy: TAXONOMY } })
        const seen: Array<string> = []
        let cursor: string | null = null
        do {
          const page: JsonResponse = await api.call("GET", `/v1/domains?limit=3${cursor === null ? "" : `&cursor=${cursor}`}`, { key: t.key })
          expect(page.body.total_count).toBe(9)
          seen.push(...page.body.items.map((d: any) => d.slug))
          cursor = page.body.next_cursor
        } while (cursor !== null)
        expect(seen).toEqual([...PLATFORM_SLUGS, "d_one", "d_two"])
        const drafts = await api.call("GET", "/v1/domains?status=draft&limit=1", { key: t.key })
        expect(drafts.body.items.map((d: any) => d.slug)).toEqual(["d_one"])
        expect(drafts.body.total_count).toBe(2)
        expectV1Error(await api.call("GET", "/v1/domains?owner=someone", { key: t.key }), 422, "invalid_request")
        expectV1Error(await api.call("GET", "/v1/domains?status=frozen", { key: t.key }), 422, "invalid_request")
      })
    })

    describe("workspaces", () => {
      it("create with defaults: generic's latest published version, no labels, job_ttl_days 30, config_version 1, active", async () => {
        const t = await api.tenant()
        const c = await api.call("POST", "/v1/workspaces", { key: t.key, body: { name: "Audit 2025" } })
        expect(c.status, JSON.stringify(c.body)).toBe(201)
        expect(c.body).toMatchObject({
          name: "Audit 2025",
          domain_slug: "generic",
          domain_version: 1,
          access: { labels: [], default_label: null },
          retention_policy: { derived_ttl_days: null, source_ttl_days: null, job_ttl_days: 30 },
          knowledge_graph: { auto_build: false, exclude_path_prefixes: [], exclude_categories: [] },
          ledger_understanding: { trigger: "auto", package_confirmation: "required" },
          config_version: 1,
          status: "active"
        })
        expect(c.body.workspace_id).toMatch(/^[0-9a-f-]{36}$/)
        const generic = (await api.call("GET", "/v1/domains?owner=platform", { key: t.key })).body.items[0]
        expect(c.body.domain_id).toBe(generic.domain_id)
        expect((await api.call("GET", `/v1/workspaces/${c.body.workspace_id}`, { key: t.key })).body).toEqual(c.body)
      })

      it("create with every block: labels from the catalog (description defaulting to the catalog's), retention, graph, ledger policy", async () => {
        const t = await api.tenant()
        await label(t.key, "finance", "Money matters")
        await label(t.key, "hr", "People")
        const body = {
          name: "Everything",
          domain_slug: "financial",
          domain_version: 1,
          access: { labels: [{ name: "finance" }, { name: "hr", description: "Staff files" }], default_label: "finance" },
          retention_policy: { derived_ttl_days: 7, source_ttl_days: null, job_ttl_days: null },
          knowledge_graph: { auto_build: true, exclude_path_prefixes: ["tmp/"], exclude_categories: ["misc/other"] },
          ledger_understanding: { trigger: "off", package_confirmation: "automatic", gl_parsing: { date_format: "DD/MM/YYYY" } }
        }
        const c = await api.call("POST", "/v1/workspaces", { key: t.key, body })
        expect(c.status, JSON.stringify(c.body)).toBe(201)
        expect(c.body.access).toEqual({ labels: [{ name: "finance", description: "Money matters" }, { name: "hr", description: "Staff files" }], default_label: "finance" })
        expect(c.body.retention_policy).toEqual(body.retention_policy)
        expect(c.body.knowledge_graph).toEqual(body.knowledge_graph)
        expect(c.body.ledger_understanding).toEqual({
          trigger: "off",
          package_confirmation: "automatic",
          gl_parsing: { max_rows_per_source: null, date_format: "DD/MM/YYYY", decimal_separator: null, sign_convention: null },
          package_scope: null,
          prepared_relationships: null
        })
        expect(c.body).toMatchObject({ domain_slug: "financial", domain_version: 1 })
      })

      it("create refusals: name bounds, default_label_required, a default naming no declared label, a label not in the catalog, bad blocks", async () => {
        const t = await api.tenant()
        await label(t.key, "finance")
        const create = (body: unknown) => api.call("POST", "/v1/workspaces", { key: t.key, body })
        expect(fields(await create({}))).toEqual(["name"])
        expect(fields(await create({ name: "" }))).toEqual(["name"])
        expect(fields(await create({ name: "n".repeat(201) }))).toEqual(["name"])
        expect((await create({ name: "n".repeat(200) })).status).toBe(201)
        expectV1Error(await create({ name: "w", access: { labels: [{ name: "finance" }] } }), 422, "default_label_required")
        expectV1Error(await create({ name: "w", access: { labels: [{ name: "finance" }], default_label: null } }), 422, "default_label_required")
        const undeclared = await create({ name: "w", access: { labels: [{ name: "finance" }], default_label: "hr" } })
        expectV1Error(undeclared, 422, "invalid_request")
        expect(fields(undeclared)).toEqual(["access.default_label"])
        expect(fields(await create({ name: "w", access: { labels: [], default_label: "finance" } }))).toEqual(["access.default_label"])
        const unknown = await create({ name: "w", access: { labels: [{ name: "finance" }, { name: "ghost" }], default_label: "finance" } })
        expectV1Error(unknown, 422, "invalid_request")
        expect(fields(unknown)).toEqual(["access.labels.1.name"])
        expect(unknown.body.error.message).toContain("ghost")
        expect(fields(await create({ name: "w", access: { labels: [{ name: "finance" }, { name: "finance" }], default_label: "finance" } }))).toEqual(["access.labels.1.name"])
        expect(fields(await create({ name: "w", retention_policy: { job_ttl_days: 0 } }))).toEqual(["retention_policy.job_ttl_days"])
        expect(fields(await create({ name: "w", knowledge_graph: { auto_build: "yes" } }))).toEqual(["knowledge_graph.auto_build"])
        expect(fields(await create({ name: "w", ledger_understanding: { trigger: "sometimes" } }))).toEqual(["ledger_understanding.trigger"])
        expect(fields(await create({ name: "w", colour: "red" }))).toEqual(["colour"])
        expect((await api.call("GET", "/v1/workspaces", { key: t.key })).body.total_count).toBe(1)
      })

      it("the domain: domain_not_found 404, domain_not_published 409 (a draft, or a draft version), the latest published version by default", async () => {
        const t = await api.tenant()
        const create = (body: unknown) => api.call("POST", "/v1/workspaces", { key: t.key, body: { name: "w", ...(body as object) } })
        expectV1Error(await create({ domain_slug: "nowhere" }), 404, "domain_not_found")
        expectV1Error(await create({ domain_slug: "generic", domain_version: 2 }), 404, "domain_not_found")
        expectV1Error(await create({ domain_slug: "Bad Slug" }), 422, "invalid_request")
        const d = (await api.call("POST", "/v1/domains", { key: t.key, body: { slug: "claims", display_name: "Claims", taxonomy: TAXONOMY } })).body.domain
        expectV1Error(await create({ domain_slug: "claims" }), 409, "domain_not_published")
        await api.call("POST", `/v1/domains/${d.domain_id}/publish`, { key: t.key, body: {} })
        await api.call("PATCH", `/v1/domains/${d.domain_id}`, { key: t.key, body: { display_name: "Claims 2" } })
        const pinned = await create({ domain_slug: "claims" })
        expect(pinned.status).toBe(201)
        expect(pinned.body).toMatchObject({ domain_id: d.domain_id, domain_slug: "claims", domain_version: 1 })
        expectV1Error(await create({ domain_slug: "claims", domain_version: 2 }), 409, "domain_not_published")
        await api.call("POST", `/v1/domains/${d.domain_id}/publish`, { key: t.key, body: {} })
        expect((await create({ domain_slug: "claims" })).body.domain_version).toBe(2)
        // the first workspace stays pinned
        expect((await api.call("GET", `/v1/workspaces/${pinned.body.workspace_id}`, { key: t.key })).body.domain_version).toBe(1)
        const other = await api.tenant()
        expectV1Error(await api.call("POST", "/v1/workspaces", { key: other.key, body: { name: "w", domain_slug: "claims" } }), 404, "domain_not_found")
      })

      it("list: oldest first, name_contains case-insensitive with % and _ literal, keyset pages with total_count; tenants apart", async () => {
        const t = await api.tenant()
        for (const n of ["Alpha", "beta_1", "Beta%", "betax1", "Gamma"]) await api.call("POST", "/v1/workspaces", { key: t.key, body: { name: n } })
        const all = await api.call("GET", "/v1/workspaces", { key: t.key })
        expect(all.body.items.map((w: any) => w.name)).toEqual(["Alpha", "beta_1", "Beta%", "betax1", "Gamma"])
        expect(Object.keys(all.body.items[0]).sort()).toEqual(["created_at", "domain_slug", "domain_version", "name", "status", "updated_at", "workspace_id"])
        const q = (s: string) => api.call("GET", `/v1/workspaces?name_contains=${encodeURIComponent(s)}`, { key: t.key })
        expect((await q("BETA")).body.items.map((w: any) => w.name)).toEqual(["beta_1", "Beta%", "betax1"])
        expect((await q("a_")).body.items.map((w: any) => w.name)).toEqual(["beta_1"])
        expect((await q("a%")).body.items.map((w: any) => w.name)).toEqual(["Beta%"])
        expect((await q("%")).body.total_count).toBe(1)
        const first = await api.call("GET", "/v1/workspaces?name_contains=beta&limit=2", { key: t.key })
        expect(first.body.items.map((w: any) => w.name)).toEqual(["beta_1", "Beta%"])
        expect(first.body.total_count).toBe(3)
        await api.call("POST", "/v1/workspaces", { key: t.key, body: { name: "beta new" } })
        const second = await api.call("GET", `/v1/workspaces?name_contains=beta&limit=2&cursor=${first.body.next_cursor}`, { key: t.key })
        expect(second.body.items.map((w: any) => w.name)).toEqual(["betax1", "beta new"])
        expect(second.body.next_cursor).toBeNull()
        const other = await api.tenant()
        expect((await api.call("GET", "/v1/workspaces", { key: other.key })).body.total_count).toBe(0)
        expectV1Error(await api.call("GET", `/v1/workspaces/${all.body.items[0].workspace_id}`, { key: other.key }), 404, "workspace_not_found")
        expectV1Error(await api.call("GET", "/v1/workspaces/not-an-id", { key: t.key }), 404, "workspace_not_found")
      })

      it("PATCH: only knowledge_graph and ledger_understanding, each replaced whole; config_version + 1 per accepted update", async () => {
        const t = await api.tenant()
        const w = (await api.call("POST", "/v1/workspaces", { key: t.key, body: { name: "w", knowledge_graph: { auto_build: true, exclude_categories: ["a/b"] } } })).body
        const id = w.workspace_id
        const p = await api.call("PATCH", `/v1/workspaces/${id}`, { key: t.key, body: { knowledge_graph: { exclude_path_prefixes: ["drafts/"] } } })
        expect(p.status).toBe(200)
        expect(p.body.knowledge_graph).toEqual({ auto_build: false, exclude_path_prefixes: ["drafts/"], exclude_categories: [] })
        expect(p.body.config_version).toBe(2)
        const l = await api.call("PATCH", `/v1/workspaces/${id}`, { key: t.key, body: { ledger_understanding: { trigger: "always" } } })
        expect(l.body).toMatchObject({ config_version: 3, ledger_understanding: { trigger: "always", package_confirmation: "required" } })
        expect(l.body.knowledge_graph).toEqual(p.body.knowledge_graph)
        for (const body of [{ name: "renamed" }, { access: { labels: [] } }, { retention_policy: {} }, { domain_slug: "legal" }]) {
          const r = await api.call("PATCH", `/v1/workspaces/${id}`, { key: t.key, body })
          expectV1Error(r, 422, "invalid_request")
          expect(fields(r)).toEqual(Object.keys(body))
        }
        expectV1Error(await api.call("PATCH", `/v1/workspaces/${id}`, { key: t.key, body: {} }), 422, "invalid_request")
        expectV1Error(await api.call("PATCH", `/v1/workspaces/${id}`, { key: t.key, body: { knowledge_graph: { auto_build: 1 } } }), 422, "invalid_request")
        const after = await api.call("GET", `/v1/workspaces/${id}`, { key: t.key })
        expect(after.body).toMatchObject({ name: "w", config_version: 3 })
        const other = await api.tenant()
        expectV1Error(await api.call("PATCH", `/v1/workspaces/${id}`, { key: other.key, body: { knowledge_graph: {} } }), 404, "workspace_not_found")
      })

      it("stats: every field of the spec", async () => {
        const t = await api.tenant()
        const w = (await api.call("POST", "/v1/workspaces", { key: t.key, body: { name: "w" } })).body
        const s = await api.call("GET", `/v1/workspaces/${w.workspace_id}/stats`, { key: t.key })
        expect(s.status).toBe(200)
        expect(s.body).toEqual({
          files_total: 0,
          files_by_ingestion_status: { discovered: 0, queued: 0, ingesting: 0, ingested: 0, stale: 0, expired: 0, failed: 0, not_required: 0 },
          bytes_total: 0,
          pages_ingested: 0,
          index_documents: 0,
          kg_nodes: 0,
          kg_edges: 0,
          last_ingestion_at: null,
          last_reconciliation_at: null,
          next_expiry_at: null,
          files_expiring_within_7d: 0
        })
        const other = await api.tenant()
        expectV1Error(await api.call("GET", `/v1/workspaces/${w.workspace_id}/stats`, { key: other.key }), 404, "workspace_not_found")
      })

      it("DELETE: confirm_name must match exactly (422); then a workspace_delete job, finished within wait_seconds, and the workspace is gone (404)", async () => {
        const t = await api.tenant()
        const w = (await api.call("POST", "/v1/workspaces", { key: t.key, body: { name: "Books 2025" } })).body
        const del = (body: unknown, query = "", headers: Record<string, string> = {}) =>
          api.call("DELETE", `/v1/workspaces/${w.workspace_id}${query}`, { key: t.key, body, headers })
        for (const name of ["books 2025", "Books 2025 ", "Books"]) {
          const r = await del({ confirm_name: name })
          expectV1Error(r, 422, "invalid_request")
          expect(fields(r)).toEqual(["confirm_name"])
        }
        expect(fields(await del({}))).toEqual(["confirm_name"])
        expect((await api.call("GET", `/v1/workspaces/${w.workspace_id}`, { key: t.key })).body.status).toBe("active")
        const other = await api.tenant()
        expectV1Error(await api.call("DELETE", `/v1/workspaces/${w.workspace_id}`, { key: other.key, body: { confirm_name: "Books 2025" } }), 404, "workspace_not_found")
        const r = await del({ confirm_name: "Books 2025" }, "?wait_seconds=30", { "idempotency-key": "del-1" })
        expect(r.status, JSON.stringify(r.body)).toBe(200)
        expect(r.body).toMatchObject({ status: "succeeded", kind: "workspace_delete" })
        expect(r.body.result).toMatchObject({ result_type: "workspace_delete", workspace_id: w.workspace_id })
        expectV1Error(await api.call("GET", `/v1/workspaces/${w.workspace_id}`, { key: t.key }), 404, "workspace_not_found")
        expect((await api.call("GET", "/v1/workspaces", { key: t.key })).body.total_count).toBe(0)
        // a replay answers the same job
        const replay = await del({ confirm_name: "Books 2025" }, "", { "idempotency-key": "del-1" })
        expect(replay.status).toBe(200)
        expect(replay.body.job_id).toBe(r.body.job_id)
        const jobs = await api.call("GET", `/v1/jobs?workspace_id=${w.workspace_id}`, { key: t.key })
        expect(jobs.body.items.map((j: any) => j.job_id)).toEqual([r.body.job_id])
        // the job's event stream, as for every job: queued, running (with each teardown step's progress), succeeded, then the end
        const events = await target.fetch(`/v1/jobs/${r.body.job_id}/events`, { headers: { "x-api-key": t.key } })
        expect(events.headers.get("content-type")).toMatch(/^text\/event-stream/)
        const frames = await sseFrames(events).rest()
        const statuses = frames.map((f) => f.data.status)
        expect(statuses[0]).toBe("queued")
        expect(statuses.at(-1)).toBe("succeeded")
        expect(new Set(statuses.slice(1, -1))).toEqual(new Set(["running"]))
        expect(frames.map((f) => f.id)).toEqual(frames.map((_, i) => String(i + 1)))
        expectV1Error(await del({ confirm_name: "Books 2025" }), 404, "workspace_not_found")
      })
    })

  })

  // an instance of its own, alone on its storage: another instance's workers would run the job
  describe(`a workspace being deleted, no job workers: the delete job waits (${name})`, () => {
      let paused: HttpTarget
      beforeEach(async () => {
        paused = await start({ adminToken: ADMIN_TOKEN, jobWorkers: 0 })
      })
      afterEach(async () => {
        await paused.close()
      })
      it("202 with the queued job; status deleting at once; writes refused with 409 workspace_deleting; reads still work", async () => {
        const papi = docsClient(paused)
        const t = await papi.tenant()
        const w = (await papi.call("POST", "/v1/workspaces", { key: t.key, body: { name: "w" } })).body
        const r = await papi.call("DELETE", `/v1/workspaces/${w.workspace_id}`, { key: t.key, body: { confirm_name: "w" } })
        expect(r.status, JSON.stringify(r.body)).toBe(202)
        expect(r.body).toMatchObject({ kind: "workspace_delete", status: "queued" })
        const got = await papi.call("GET", `/v1/workspaces/${w.workspace_id}`, { key: t.key })
        expect(got.body.status).toBe("deleting")
        const patch = await papi.call("PATCH", `/v1/workspaces/${w.workspace_id}`, { key: t.key, body: { knowledge_graph: {} } })
        expectV1Error(patch, 409, "workspace_deleting")
        expect((await papi.call("GET", `/v1/workspaces/${w.workspace_id}/stats`, { key: t.key })).status).toBe(200)
        const list = await papi.call("GET", "/v1/workspaces", { key: t.key })
        expect(list.body.items[0].status).toBe("deleting")
      })
  })
}
