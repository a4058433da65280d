import { describe, expect, it } from "vitest"
import { GENERIC_ONTOLOGY } from "../../../src/workspaces/domains/platform/index.js"
import { asAcronym, organisationAcronyms, organisationKey, parsePersonName } from "../../../src/workspaces/graph/entity-names.js"
import { mergeFileGraphs } from "../../../src/workspaces/graph/entity-resolution.js"
import type { ExtractedEntity, ExtractedRelation, Mention } from "../../../src/workspaces/graph/file-graph.js"
import { graphNodeId } from "../../../src/workspaces/graph/graph-ids.js"
import type { FileGraphRecord } from "../../../src/workspaces/graph/graph-store.js"
import { MAX_EDGE_EVIDENCE, MAX_NODE_MENTIONS } from "../../../src/workspaces/graph/snapshot.js"

const at = (start: number, quote = "q"): Mention => ({ page: 1, component: null, char_start: start, char_end: start + quote.length, quote })

const ent = (key: string, type: string, name: string, aliases: ReadonlyArray<string> = [], extra: Partial<ExtractedEntity> = {}): ExtractedEntity => ({
  key,
  type,
  name,
  aliases,
  facts: [],
  mentions: [at(key.length, name)],
  ...extra
})

const rel = (type: string, from: string, to: string, start = 0): ExtractedRelation => ({ type, from, to, mention: at(start, `${from}-${to}`) })

const file = (path: string, entities: ReadonlyArray<ExtractedEntity>, relations: ReadonlyArray<ExtractedRelation> = []): FileGraphRecord => ({
  file_id: `f:${path}`,
  path,
  ingested_hash: "h",
  extracted_at: 0,
  graph: { entities, relations }
})

const merge = (records: ReadonlyArray<FileGraphRecord>) => mergeFileGraphs("ws1", records, GENERIC_ONTOLOGY)
const titles = (records: ReadonlyArray<FileGraphRecord>, type = "organisation") =>
  merge(records).nodes.filter((n) => n.node_type === type).map((n) => [n.title, ...n.aliases].join(" | "))

describe("entity names", () => {
  it("set the legal suffix aside, in any case and punctuation", () => {
    expect(organisationKey("Northwind Holdings Limited")).toBe("northwind holdings")
    expect(organisationKey("NORTHWIND HOLDINGS LTD.")).toBe("northwind holdings")
    expect(organisationKey("Banco Sol, S.A.")).toBe("banco sol")
    expect(organisationKey("Acme & Co. Pty Ltd")).toBe("acme")
    expect(organisationKey("Smith & Jones LLP")).toBe("smith and jones")
    expect(organisationKey("The Foundry GmbH")).toBe("foundry")
    // a name that is only a suffix word keeps it
    expect(organisationKey("Limited")).toBe("limited")
  })

  it("read acronyms written in capitals only", () => {
    expect(organisationAcronyms("Northwind Holdings Limited")).toEqual(expect.arrayContaining(["NH", "NHL"]))
    expect(asAcronym("NHL")).toBe("NHL")
    expect(asAcronym("N.H.L.")).toBe("NHL")
    expect(asAcronym("NH Ltd")).toBe("NH")
    expect(asAcronym("Acme")).toBeNull()
    expect(asAcronym("Northwind Holdings")).toBeNull()
  })

  it("read people's names with titles, initials and surname-first", () => {
    expect(parsePersonName("Dr. Jane A. Doe")).toEqual({ first: "jane", initial: "j", last: "doe", titled: true })
    expect(parsePersonName("Doe, Jane")).toEqual({ first: "jane", initial: "j", last: "doe", titled: false })
    expect(parsePersonName("J. Doe")).toEqual({ first: null, initial: "j", last: "doe", titled: false })
    expect(parsePersonName("Mr Doe")).toEqual({ first: null, initial: null, last: "doe", titled: true })
  })
})

describe("mergeFileGraphs", () => {
  it("joins an organisation's names with and without suffix, in any case, and an acronym of one organisation", () => {
    const records = [
      file("a.md", [ent("o1", "organisation", "Northwind Holdings Limited")]),
      file("b.md", [ent("o1", "organisation", "NORTHWIND HOLDINGS LTD")]),
      file("c.md", [ent("o1", "organisation", "Northwind Holdings")]),
      file("d.md", [ent("o1", "organisation", "NHL")]),
      file("e.md", [ent("o1", "organisation", "Contoso Inc.")])
    ]
    expect(titles(records)).toEqual(["Contoso Inc.", "Northwind Holdings Limited | NHL | NORTHWIND HOLDINGS LTD | Northwind Holdings"])
  })

  it("joins a short name to the one organisation it begins, and leaves an ambiguous one apart", () => {
    const one = [file("a.md", [ent("o", "organisation", "Northwind Holdings Ltd")]), file("b.md", [ent("o", "organisation", "Northwind")])]
    expect(titles(one)).toEqual(["Northwind Holdings Ltd | Northwind"])
    const two = [
      file("a.md", [ent("o", "organisation", "Northwind Holdings Ltd")]),
      file("b.md", [ent("o", "organisation", "Northwind Logistics Ltd")]),
      file("c.md", [ent("o", "organisation", "Northwind")])
    ]
    expect(titles(two)).toEqual(["Northwind", "Northwind Holdings Ltd", "Northwind Logistics Ltd"])
  })

  it("joins a file's own aliases, and never across node types", () => {
    const records = [
      file("a.md", [ent("o", "organisation", "Blue Harbour Shipping plc", ["Blue Harbour"])]),
      file("b.md", [ent("o", "organisation", "Blue Harbour"), ent("p", "place", "Blue Harbour")])
    ]
    const g = merge(records)
    expect(g.nodes.map((n) => [n.node_type, n.title])).toEqual([
      ["organisation", "Blue Harbour Shipping plc"],
      ["place", "Blue Harbour"]
    ])
  })

  it("joins 'J. Smith' and 'Mr Smith' to the one John Smith, but not when two people fit", () => {
    const one = [
      file("a.md", [ent("p", "person", "John A. Smith")]),
      file("b.md", [ent("p", "person", "Smith, John")]),
      file("c.md", [ent("p", "person", "J. Smith")]),
      file("d.md", [ent("p", "person", "Mr Smith")])
    ]
    expect(titles(one, "person")).toEqual(["John A. Smith | J. Smith | Mr Smith | Smith, John"])
    const two = [
      file("a.md", [ent("p", "person", "John Smith")]),
      file("b.md", [ent("p", "person", "Jane Smith")]),
      file("c.md", [ent("p", "person", "J. Smith")])
    ]
    expect(titles(two, "person")).toEqual(["J. Smith", "Jane Smith", "John Smith"])
  })

  it("gives stable ids from workspace, type and resolved name, whatever the record order", () => {
    const records = [
      file("b.md", [ent("o", "organisation", "Acme Ltd"), ent("p", "person", "Ann Lee")], [rel("employed_by", "p", "o")]),
      file("a.md", [ent("x", "organisation", "ACME LIMITED"), ent("y", "person", "Ann Lee")], [rel("employed_by", "y", "x", 5)])
    ]
    const g1 = merge(records)
    const g2 = merge([...records].reverse())
    expect(g2).toEqual(g1)
    const acme = g1.nodes.find((n) => n.node_type === "organisation")!
    expect(acme.node_id).toBe(graphNodeId("ws1", "organisation", "acme"))
    expect(acme.node_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(mergeFileGraphs("ws2", records, GENERIC_ONTOLOGY).nodes[0]!.node_id).not.toBe(g1.nodes[0]!.node_id)
    // one edge, both statements as evidence, files in path order
    expect(g1.edges).toHaveLength(1)
    expect(g1.edges[0]!.evidence.map((e) => e.path)).toEqual(["a.md", "b.md"])
    expect(acme.source_file_ids).toEqual(["f:a.md", "f:b.md"])
    expect(acme.mentions.map((m) => m.path)).toEqual(["a.md", "b.md"])
  })

  it("drops relations the ontology does not allow between the nodes' types, unknown types and self-loops", () => {
    const records = [
      file(
        "a.md",
        [ent("o", "organisation", "Acme Ltd"), ent("p", "person", "Ann Lee"), ent("c", "contract", "Supply Agreement"), ent("w", "widget", "W1"), ent("o2", "organisation", "ACME")],
        [
          rel("employed_by", "p", "o"),
          rel("employed_by", "o", "p"), // organisation → person is not employed_by
          rel("party_to", "o", "c"),
          rel("no_such_edge", "o", "c"),
          rel("mentions", "c", "w"), // widget is no node type of the ontology
          rel("subsidiary_of", "o", "o2") // "ACME" resolves to Acme Ltd itself
        ]
      )
    ]
    const g = merge(records)
    expect(g.nodes.map((n) => n.node_type)).toEqual(["contract", "organisation", "person"])
    expect(g.edges.map((e) => e.edge_type)).toEqual(["employed_by", "party_to"])
  })

  it("deduplicates facts, caps mentions and edge evidence, and orders nodes by type then title", () => {
    const many = Array.from({ length: 30 }, (_, i) => file(`f${String(i).padStart(2, "0")}.md`, [
      ent("o", "organisation", "Acme Ltd", [], {
        facts: [{ predicate: "registration_number", value: "01234567", mention: at(i) }]
      }),
      ent("p", "person", "Ann Lee")
    ], [rel("represents", "p", "o", i)]))
    const g = merge(many)
    const acme = g.nodes.find((n) => n.title === "Acme Ltd")!
    expect(acme.facts).toHaveLength(1)
    expect(acme.facts[0]!.evidence.path).toBe("f00.md")
    expect(acme.mentions).toHaveLength(MAX_NODE_MENTIONS)
    expect(acme.source_file_ids).toHaveLength(30)
    expect(g.edges[0]!.evidence).toHaveLength(MAX_EDGE_EVIDENCE)
    const ordered = merge([file("a.md", [ent("z", "person", "Zoe Ng"), ent("b", "organisation", "Beta Ltd"), ent("a", "organisation", "Alpha Ltd"), ent("d", "date", "1 May 2024")])])
    expect(ordered.nodes.map((n) => n.title)).toEqual(["1 May 2024", "Alpha Ltd", "Beta Ltd", "Zoe Ng"])
  })

  it("keeps documents apart by path even when their titles agree", () => {
    const records = [file("a/invoice.md", [ent("d", "document", "a/invoice.md", ["INVOICE"])]), file("b/invoice.md", [ent("d", "document", "b/invoice.md", ["INVOICE"])])]
    expect(merge(records).nodes.map((n) => n.title)).toEqual(["a/invoice.md", "b/invoice.md"])
  })

  it("compares identifiers without spaces and punctuation", () => {
    const records = [file("a.md", [ent("i", "identifier", "GB29 NWBK 6016 1331 9268 19")]), file("b.md", [ent("i", "identifier", "GB29NWBK60161331926819")])]
    expect(merge(records).nodes).toHaveLength(1)
  })
})
