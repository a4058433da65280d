/**
 * The local graph extractor on real-looking documents: a contract, a letter, an announcement, a
 * spreadsheet of entities. Every mention holds the words it quotes; only the ontology's types and
 * allowed relations come out; the same input gives the same graph.
 */
import { Effect } from "effect"
import { describe, expect, it } from "@effect/vitest"
import { GraphExtractor, type GraphExtractInput } from "../../src/intelligence/graph-extractor.js"
import { isLexiconGivenName, isLexiconPlace } from "../../src/intelligence/local/graph/compromise-lexicon.js"
import { extractGraphLocally, LocalGraphExtractorLive } from "../../src/intelligence/local/graph/local-graph-extractor.js"
import type { Ontology } from "../../src/workspaces/domains/domain-definition.js"
import { FINANCIAL_ONTOLOGY, GENERIC_ONTOLOGY, LEGAL_ONTOLOGY } from "../../src/workspaces/domains/platform/index.js"
import type { FileGraph } from "../../src/workspaces/graph/file-graph.js"

const input = (markdown: string, extra: Partial<GraphExtractInput> = {}): GraphExtractInput => ({
  path: "docs/file.md",
  category: null,
  ontology: GENERIC_ONTOLOGY,
  markdown,
  pages: [{ page: 1, char_start: 0, char_end: markdown.length }],
  components: [{ kind: "document", name: "file.md", char_start: 0, char_end: markdown.length }],
  ...extra
})

const names = (g: FileGraph, type: string) => g.entities.filter((e) => e.type === type).map((e) => e.name)
const edges = (g: FileGraph, type?: string) => {
  const name = (k: string) => g.entities.find((e) => e.key === k)!.name
  return g.relations.filter((r) => type === undefined || r.type === type).map((r) => `${r.type}: ${name(r.from)} -> ${name(r.to)}`)
}

const CONTRACT = `# MASTER SERVICES AGREEMENT

Contract No. MSA-2024-017

This Master Services Agreement (the "Agreement") is made on 3 March 2024 between Northwind Logistics Limited, a company incorporated in England (company number 08123456) (the "Supplier"), and Contoso Retail plc ("Contoso") (the "Customer").

Northwind Logistics Limited is a wholly owned subsidiary of Northwind Holdings Limited.

The Customer shall pay the Supplier a fee of GBP 250,000.00 per year. Contoso's CEO, Robert Brown, approved the budget.

Signed for and on behalf of Northwind Logistics Limited

Name: Jane Doe

Title: Chief Financial Officer`

const LETTER = `**ACME INDUSTRIAL SUPPLIES LTD**
12 Quay Street, Bristol BS1 4DJ

14 May 2024

Ms Priya Sharma
Head of Procurement
Globex Corporation

Dear Ms Sharma,

We refer to the Supply Agreement dated 3 March 2024 between Acme Industrial Supplies Ltd and Globex Corporation.

Yours sincerely,

Tom Fletcher
Managing Director
Acme Industrial Supplies`

const ANNOUNCEMENT = `# Press Release

Blue Harbour Capital announced today that Dr. Aisha Rahman has been appointed Chief Risk Officer of Blue Harbour Capital. She joins from Kestrel Bank plc, where she was Head of Credit. Blue Harbour Capital is headquartered in Edinburgh.`

const SHEET_TEXT = `## Entities

| Entity | Parent | Country | Registration number | Director |
|---|---|---|---|---|
| Northwind Holdings Limited |  | England | 04561234 | Jane Doe |
| Northwind Energy GmbH | Northwind Holdings Limited | Germany | HRB 12345 | Klaus Weber |`

describe("extractGraphLocally", () => {
  it("reads a contract's parties, ownership, officers, values and signature", () => {
    const g = extractGraphLocally(input(CONTRACT, { path: "contracts/msa.md" }))
    expect(names(g, "organisation")).toEqual(["Northwind Logistics Limited", "Contoso Retail plc", "Northwind Holdings Limited"])
    expect(g.entities.find((e) => e.name === "Contoso Retail plc")!.aliases).toContain("Contoso")
    expect(names(g, "person")).toEqual(["Robert Brown", "Jane Doe"])
    expect(names(g, "contract")).toEqual(["Master Services Agreement"])
    expect(names(g, "document")).toEqual(["contracts/msa.md"])
    expect(names(g, "date")).toEqual(["2024-03-03"])
    expect(names(g, "amount")).toEqual(["GBP 250,000"])
    expect(names(g, "identifier").sort()).toEqual(["08123456", "MSA-2024-017"])
    const all = edges(g)
    expect(all).toEqual(expect.arrayContaining([
      "party_to: Northwind Logistics Limited -> Master Services Agreement",
      "party_to: Contoso Retail plc -> Master Services Agreement",
      "subsidiary_of: Northwind Logistics Limited -> Northwind Holdings Limited",
      "located_in: Northwind Logistics Limited -> England",
      "identified_by: Northwind Logistics Limited -> 08123456",
      "identified_by: Master Services Agreement -> MSA-2024-017",
      "dated: Master Services Agreement -> 2024-03-03",
      "amount_of: GBP 250,000 -> Master Services Agreement",
      "employed_by: Robert Brown -> Contoso Retail plc",
      "signed_by: Master Services Agreement -> Jane Doe",
      "represents: Jane Doe -> Northwind Logistics Limited",
      "employed_by: Jane Doe -> Northwind Logistics Limited",
      "refers_to: contracts/msa.md -> Master Services Agreement"
    ]))
    const jane = g.entities.find((e) => e.name === "Jane Doe")!
    expect(jane.facts).toEqual([expect.objectContaining({ predicate: "role", value: "Chief Financial Officer" })])
    expect(g.entities.find((e) => e.name === "Northwind Logistics Limited")!.facts.map((f) => [f.predicate, f.value])).toContainEqual(["registration_number", "08123456"])
  })

  it("reads a letter's letterhead, date, inside address and closing", () => {
    const g = extractGraphLocally(input(LETTER, { path: "letters/acme-to-globex.md" }))
    // the name in mixed case over the letterhead's capitals
    expect(names(g, "organisation")).toEqual(["Acme Industrial Supplies Ltd", "Globex Corporation"])
    expect(g.entities.find((e) => e.name === "Acme Industrial Supplies Ltd")!.aliases).toEqual(expect.arrayContaining(["ACME INDUSTRIAL SUPPLIES LTD", "Acme Industrial Supplies"]))
    expect(names(g, "person")).toEqual(["Priya Sharma", "Tom Fletcher"])
    expect(names(g, "place")).toEqual(["Bristol"])
    expect(edges(g)).toEqual(expect.arrayContaining([
      "issued_by: letters/acme-to-globex.md -> Acme Industrial Supplies Ltd",
      "located_in: Acme Industrial Supplies Ltd -> Bristol",
      "dated: letters/acme-to-globex.md -> 2024-05-14",
      "addressed_to: letters/acme-to-globex.md -> Priya Sharma",
      "addressed_to: letters/acme-to-globex.md -> Globex Corporation",
      "employed_by: Priya Sharma -> Globex Corporation",
      "signed_by: letters/acme-to-globex.md -> Tom Fletcher",
      "represents: Tom Fletcher -> Acme Industrial Supplies Ltd",
      "dated: Supply Agreement -> 2024-03-03",
      "party_to: Globex Corporation -> Supply Agreement",
      "refers_to: letters/acme-to-globex.md -> Supply Agreement"
    ]))
    // the letter's own date is not the agreement's
    expect(edges(g, "dated")).toHaveLength(2)
  })

  it("reads appointments and where an organisation is", () => {
    const g = extractGraphLocally(input(ANNOUNCEMENT))
    expect(names(g, "organisation")).toEqual(["Blue Harbour Capital", "Kestrel Bank plc"])
    expect(names(g, "person")).toEqual(["Aisha Rahman"])
    expect(edges(g)).toEqual(expect.arrayContaining([
      "employed_by: Aisha Rahman -> Blue Harbour Capital",
      "located_in: Blue Harbour Capital -> Edinburgh"
    ]))
  })

  it("knows the places and given names of compromise's lexicon that its own lists lack, never an abbreviation or a common word", () => {
    // "Lausanne", "Tartu" and "Rosalind" are in no list of name-lexicons.ts; compromise knows them
    const text = "Helvetia Analytics AG is based in Lausanne. Its office in Tartu opened in May.\n\nRosalind Kemp signed for Helvetia Analytics AG."
    const g = extractGraphLocally(input(text))
    expect(names(g, "place").sort()).toEqual(["Lausanne", "Tartu"])
    expect(names(g, "person")).toEqual(["Rosalind Kemp"])
    expect(edges(g, "located_in")).toEqual(["located_in: Helvetia Analytics AG -> Lausanne"])
    expect(isLexiconPlace("Lausanne")).toBe(true)
    expect(isLexiconGivenName("Rosalind")).toBe(true)
    // state codes, cased otherwise than a name, and words English uses otherwise are not names
    for (const w of ["VT", "Va", "LAUSANNE", "Victoria", "March"]) expect(isLexiconPlace(w), w).toBe(false)
    for (const w of ["Will", "May", "ROSALIND", "LoRa", "Rose"]) expect(isLexiconGivenName(w), w).toBe(false)
  })

  it("reads a spreadsheet's rows as entities, relations and facts without a page", () => {
    const g = extractGraphLocally(input(SHEET_TEXT, {
      path: "registers/entities.xlsx",
      pages: [],
      components: [
        { kind: "document", name: "entities.xlsx", char_start: 0, char_end: SHEET_TEXT.length },
        { kind: "sheet", name: "Entities", char_start: 0, char_end: SHEET_TEXT.length }
      ]
    }))
    expect(edges(g)).toEqual(expect.arrayContaining([
      "subsidiary_of: Northwind Energy GmbH -> Northwind Holdings Limited",
      "located_in: Northwind Energy GmbH -> Germany",
      "identified_by: Northwind Energy GmbH -> HRB 12345",
      "represents: Klaus Weber -> Northwind Energy GmbH",
      "represents: Jane Doe -> Northwind Holdings Limited"
    ]))
    const energy = g.entities.find((e) => e.name === "Northwind Energy GmbH")!
    expect(energy.facts.map((f) => [f.predicate, f.value, f.mention.page, f.mention.component])).toEqual([["registration_number", "HRB 12345", null, "Entities"]])
    for (const e of g.entities) for (const m of e.mentions) expect(m.page).toBeNull()
  })

  it("quotes, at every mention, the words its range holds", () => {
    for (const text of [CONTRACT, LETTER, ANNOUNCEMENT, SHEET_TEXT]) {
      const g = extractGraphLocally(input(text))
      expect(g.entities.length).toBeGreaterThan(0)
      for (const e of g.entities) {
        expect(e.mentions.length).toBeGreaterThan(0)
        for (const m of [...e.mentions, ...e.facts.map((f) => f.mention)]) expect(text.slice(m.char_start, m.char_end)).toBe(m.quote)
      }
      for (const r of g.relations) expect(text.slice(r.mention.char_start, r.mention.char_end)).toBe(r.mention.quote)
      // a named entity's mention holds one of its names (documents are named by their file)
      for (const e of g.entities.filter((x) => x.type === "organisation" || x.type === "person")) {
        const words = e.mentions.map((m) => m.quote.toLowerCase())
        expect(words.some((w) => [e.name, ...e.aliases].some((n) => w.includes(n.toLowerCase()) || n.toLowerCase().includes(w)))).toBe(true)
      }
    }
  })

  it("reads a specialist domain's types when its ontology declares them: invoices, currencies, governing law", () => {
    const invoice = `# ACME INDUSTRIAL SUPPLIES LTD

12 Quay Street, Bristol BS1 4DJ

## INVOICE

Invoice No: INV-2024-0042

Invoice Date: 14 March 2024

Bill to:
Globex Corporation

| Description | Amount |
|---|---|
| Total due | £1,250.00 |`
    const financial = extractGraphLocally(input(invoice, { ontology: FINANCIAL_ONTOLOGY }))
    expect(names(financial, "invoice")).toEqual(["INV-2024-0042"])
    expect(names(financial, "currency")).toEqual(["GBP"])
    expect(edges(financial)).toEqual(expect.arrayContaining([
      "billed_by: INV-2024-0042 -> ACME INDUSTRIAL SUPPLIES LTD",
      "billed_to: INV-2024-0042 -> Globex Corporation",
      "denominated_in: GBP 1,250 -> GBP"
    ]))
    // the generic ontology has no invoice or currency
    expect(extractGraphLocally(input(invoice)).entities.filter((e) => e.type === "invoice" || e.type === "currency")).toEqual([])

    const law = `${CONTRACT}

This Agreement is governed by and construed in accordance with the laws of England and Wales.`
    expect(edges(extractGraphLocally(input(law, { ontology: LEGAL_ONTOLOGY })), "governed_by")).toEqual(["governed_by: Master Services Agreement -> England and Wales"])
  })

  it("takes no common word, code, role or list row for a name", () => {
    const text = `# Travel and Expenses Policy

Entertaining customers or partners must have a clear business purpose.

New suppliers must pass due diligence before the first order.

Services are delivered under the Master Services Agreement MSA-2024-017 with Lumora Systems Ltd.

The Chief Technology Officer approves exceptions.

S-2230,Meridian Workplace Savings,GB,Pension provider,PEN-UK-2022,Sinead Murphy`
    const g = extractGraphLocally(input(text))
    expect(names(g, "organisation")).toEqual(["Lumora Systems Ltd."])
    expect(names(g, "contract")).toEqual(["Master Services Agreement"])
    expect(names(g, "place")).toEqual([])
  })

  it("gives only the ontology's types and the relations its edges allow", () => {
    const narrow: Ontology = {
      node_types: [
        { name: "organisation", tier: 1, description: "" },
        { name: "person", tier: 1, description: "" }
      ],
      edge_types: [{ name: "employed_by", from_types: ["person"], to_types: ["organisation"], description: "" }]
    }
    const g = extractGraphLocally(input(CONTRACT, { ontology: narrow }))
    expect(new Set(g.entities.map((e) => e.type))).toEqual(new Set(["organisation", "person"]))
    expect(new Set(g.relations.map((r) => r.type))).toEqual(new Set(["employed_by"]))
    const keys = new Set(g.entities.map((e) => e.key))
    for (const r of g.relations) expect(keys.has(r.from) && keys.has(r.to)).toBe(true)
  })

  it.effect("is the GraphExtractor of the local engine, the same input giving the same graph", () =>
    Effect.gen(function* () {
      const extractor = yield* GraphExtractor
      const a = yield* extractor.extract(input(LETTER))
      const b = yield* extractor.extract(input(LETTER))
      expect(b).toEqual(a)
      expect(a).toEqual(extractGraphLocally(input(LETTER)))
    }).pipe(Effect.provide(LocalGraphExtractorLive)))
})
