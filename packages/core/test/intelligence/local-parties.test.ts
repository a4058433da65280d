/**
 * The seller and the buyer of an invoice read from its address blocks by horizontal region: a
 * block sharing its rows with another block or with the invoice's facts, labels above or left of
 * a block, delivery addresses, a sender line, a footer's legal line. Small fixtures written for
 * these tests.
 */
import { describe, expect, it } from "vitest"
import { extractFromText, INVOICE as FULL_INVOICE } from "./local-extract-fixture.js"
import { type LayoutCell, type LayoutRow, lineCells } from "../../src/documents/layout/layout.js"
import { partiesOf, partyLabelOf, partyLine, wrapped } from "../../src/intelligence/local/layout/blocks.js"
import { regionsOf } from "../../src/intelligence/local/layout/regions.js"
import { thankedName } from "../../src/intelligence/local/layout/thanks.js"

const { currency: _c, subtotal: _s, tax: _t, ...PROPERTIES } = FULL_INVOICE.properties
const INVOICE = { ...FULL_INVOICE, properties: PROPERTIES }
const extract = (text: string) => extractFromText(INVOICE, text, "doc.txt")

/** a positioned row of a PDF page: cells as [text, left], 10 units high */
const row = (top: number, ...cells: ReadonlyArray<readonly [string, number]>): LayoutRow => ({
  page: 1, sheet: null, top, height: 10, positioned: true, context: false,
  cells: cells.map(([text, x]): LayoutCell => ({ text, x0: x, x1: x + text.length * 5, items: [], ref: null }))
})

describe("blocks read by column of the page", () => {
  it("reads the seller's block on the left and the buyer's on the right when they share their rows", () => {
    const rows = [
      row(40, ["INVOICE", 50]),
      row(80, ["Quernstone Pottery Ltd", 50], ["Invoice to", 320]),
      row(93, ["5 Kiln Lane", 50], ["Abbotsford Tea Rooms", 320]),
      row(106, ["Stoke ST4 2QT", 50], ["22 Market Wynd", 320]),
      row(119, ["hello@quernstone.example", 50], ["Melrose TD6 9PL", 320]),
      row(150, ["Item", 50], ["Qty", 300], ["Price", 400], ["Amount", 480]),
      row(165, ["Teapot, speckled glaze", 50], ["2", 300], ["24.00", 400], ["48.00", 480])
    ]
    const p = partiesOf(rows, rows.map((r) => r.cells.map((c) => c.text).join(" ")).join("\n"), ["Quernstone Pottery Ltd"])
    expect(p.buyer).toBe("Abbotsford Tea Rooms")
    expect(p.seller).toBe("Quernstone Pottery Ltd")
  })

  it("does not read an invoice's facts set one under the other ('Issued' over 'Mar 3, 2026') as the seller's block", () => {
    const rows = [
      row(40, ["Flintcombe Ceramics", 50]),
      row(60, ["Billed to", 50], ["Invoice", 400]),
      row(73, ["Ashdown Garden Centre", 50], ["0419", 400]),
      row(86, ["Forest Row RH18 5JX", 50]),
      row(99, ["Issued", 400]),
      row(112, ["Mar 3, 2026", 400]),
      row(150, ["Item", 50], ["Qty", 300], ["Price", 400], ["Amount", 480]),
      row(165, ["Planter, glazed", 50], ["4", 300], ["35.00", 400], ["140.00", 480])
    ]
    const p = partiesOf(rows, rows.map((r) => r.cells.map((c) => c.text).join(" ")).join("\n"), [])
    expect(p.buyer).toBe("Ashdown Garden Centre")
    expect(p.seller).toBe("Flintcombe Ceramics")
  })

  it("reads a party's name from a 'Name' line of its block, the name in the cell beside it", () => {
    const rows = [
      row(40, ["Customer", 50]),
      row(53, ["Name:", 50], ["Lowenna Trevithick", 130]),
      row(66, ["Address:", 50], ["9 Chapel Street, Penzance TR18 4AJ", 130]),
      row(100, ["Item", 50], ["Qty", 300], ["Price", 400], ["Amount", 480]),
      row(115, ["Slate coasters", 50], ["6", 300], ["4.50", 400], ["27.00", 480])
    ]
    expect(partiesOf(rows, "", []).buyer).toBe("Lowenna Trevithick")
  })

  it("takes an online business's block of a name and contact details for the seller's beside a labelled buyer", () => {
    const out = extract([
      "Receipt for your subscription",
      "",
      "Cloudberry Notes                      Billed to",
      "help@cloudberry.example               Tamsin Olderwood",
      "www.cloudberry.example                tamsin@olderwood.example",
      "",
      "Amount paid: 8.00"
    ].join("\n"))
    expect(out["vendor_name"]).toBe("Cloudberry Notes")
    expect(out["customer_name"]).toBe("Tamsin Olderwood")
  })

  it("keeps a block whole when the block beside it is set at another line spacing", () => {
    const rows = [
      row(80, ["Pennine Loom Works", 50]),
      row(84, ["Heptonstall Arts Centre", 330]),
      row(91, ["3 Weavers Court", 50]),
      row(100, ["17 Towngate", 330]),
      row(102, ["Hebden Bridge HX7 8AD", 50]),
      row(113, ["tel. 01422 000111", 50]),
      row(116, ["Heptonstall HX7 7LY", 330]),
      row(160, ["Item", 50], ["Qty", 300], ["Price", 400], ["Amount", 480]),
      row(175, ["Throw, herringbone", 50], ["3", 300], ["85.00", 400], ["255.00", 480])
    ].sort((a, b) => a.top - b.top)
    const p = partiesOf(rows, rows.map((r) => r.cells.map((c) => c.text).join(" ")).join("\n"), [])
    expect(p.seller).toBe("Pennine Loom Works")
    expect(p.buyer).toBe("Heptonstall Arts Centre")
  })

  it("reads a letterhead centred at the top of the page as one block", () => {
    const centred = (top: number, text: string) => row(top, [text, 297 - text.length * 2.5])
    const rows = [
      centred(40, "Wrenfield Bookbinders"),
      centred(53, "11 Paper Mill Row"),
      centred(66, "Kendal LA9 4PU"),
      row(100, ["Bill to", 50], ["Invoice no. 3071", 400]),
      row(113, ["Natterjack Press", 50], ["Date 2026-04-09", 400]),
      row(126, ["40 Sandgate", 50]),
      row(139, ["Kendal LA9 6AB", 50]),
      row(170, ["Work", 50], ["Qty", 300], ["Price", 400], ["Amount", 480]),
      row(185, ["Quarter-leather binding", 50], ["12", 300], ["30.00", 400], ["360.00", 480])
    ]
    const p = partiesOf(rows, rows.map((r) => r.cells.map((c) => c.text).join(" ")).join("\n"), [])
    expect(p.seller).toBe("Wrenfield Bookbinders")
    expect(p.buyer).toBe("Natterjack Press")
  })

  it("reads a recipient below an amount due printed at the head, which is no line item", () => {
    const rows = [
      row(40, ["Saltmarsh Sailcloth", 50]),
      row(53, ["Quay Street 8", 50]),
      row(66, ["Maldon CM9 5HN", 50]),
      row(90, ["Amount due", 50], ["£300.00", 200]),
      row(120, ["Blackwater Sailing School", 50]),
      row(133, ["The Hythe 21", 50]),
      row(146, ["Maldon CM9 5HS", 50]),
      row(180, ["Item", 50], ["Qty", 300], ["Price", 400], ["Amount", 480]),
      row(195, ["Jib, dacron", 50], ["1", 300], ["300.00", 400], ["300.00", 480])
    ]
    const p = partiesOf(rows, rows.map((r) => r.cells.map((c) => c.text).join(" ")).join("\n"), [])
    expect(p.seller).toBe("Saltmarsh Sailcloth")
    expect(p.buyer).toBe("Blackwater Sailing School")
  })

  it("reads an unlabelled recipient beside the invoice's facts, and the seller from the sender line above it", () => {
    const rows = [
      row(60, ["Glasbläserei Ortwin · Hüttenweg 4 · 98724 Lauscha", 50]),
      row(80, ["Pension Seeblick", 50], ["Belegdatum: 03.02.2026", 360]),
      row(93, ["Uferstraße 18", 50], ["Kundennr.: 4471", 360]),
      row(106, ["82327 Tutzing", 50], ["Seite 1", 360]),
      row(140, ["Artikel", 50], ["Menge", 300], ["Preis", 400], ["Summe", 480]),
      row(155, ["Windlicht, mundgeblasen", 50], ["6", 300], ["19,50", 400], ["117,00", 480])
    ]
    const p = partiesOf(rows, rows.map((r) => r.cells.map((c) => c.text).join(" ")).join("\n"), [])
    expect(p.buyer).toBe("Pension Seeblick")
    expect(p.seller).toBe("Glasbläserei Ortwin")
  })

  it("takes the billing block over a delivery block beside it, and a delivery block when it is the only one", () => {
    const text = (billing: boolean) => [
      "HOLLOWAY BELLFOUNDERS LLP",
      "9 Foundry Street, Whitechapel",
      "",
      billing ? "SOLD TO                      DELIVER TO                   Ref. no.  88213" : "DELIVER TO                                                Ref. no.  88213",
      billing ? "St Olave's Vestry            Bell Tower Works             Date      2026-05-02" : "Ms Petronella Fairweather                                 Date      2026-05-02",
      billing ? "12 Hart Street               Crutched Friars Yard" : "Flat 9, 40 Tooley Street",
      billing ? "London EC3R 7NB              London EC3N 2AE" : "London SE1 2TU",
      "",
      "Description                  Qty      Price     Total",
      "Clapper refit                  1     410.00    410.00"
    ].join("\n")
    const billed = extract(text(true))
    expect(billed["customer_name"]).toBe("St Olave's Vestry")
    expect(billed["vendor_name"]).toBe("HOLLOWAY BELLFOUNDERS LLP")
    expect(extract(text(false))["customer_name"]).toBe("Ms Petronella Fairweather")
  })

  it("reads labels left of their blocks, in other languages", () => {
    const out = extract([
      "Rekening",
      "",
      "Verkoper:    Zeilmakerij Terpstra",
      "             Havenkade 3",
      "             8861 AC Harlingen",
      "",
      "Klant:       Jachtclub Het Wad",
      "             Postbus 77",
      "             8860 AB Harlingen",
      "",
      "Totaal: 540,00"
    ].join("\n"))
    expect(out["vendor_name"]).toBe("Zeilmakerij Terpstra")
    expect(out["customer_name"]).toBe("Jachtclub Het Wad")
  })

  it("tells 'Sold by' from 'Sold to'", () => {
    const out = extract(["Sold by: Brambleworth Candles", "Sold to: Imogen Treharne", "", "Order total: 31.50"].join("\n"))
    expect(out["vendor_name"]).toBe("Brambleworth Candles")
    expect(out["customer_name"]).toBe("Imogen Treharne")
  })

  it("names the seller its footer's legal line names when no letterhead prints it", () => {
    const out = extract([
      "TAX INVOICE",
      "",
      "Corran Ferry Café",
      "Ardgour Road 2",
      "Fort William PH33 7AA",
      "",
      "Amount due: 96.00",
      "",
      "Strathcarron Provisions Ltd, registered in Scotland no. SC412345, registered office 8 Pier Road, Oban PA34 5DQ"
    ].join("\n"))
    expect(out["vendor_name"]).toBe("Strathcarron Provisions Ltd")
    expect(out["customer_name"]).toBe("Corran Ferry Café")
  })

  it("reads a label and a name in one line without a colon when an address follows", () => {
    const out = extract([
      "FACTURE",
      "",
      "Fournisseur Verrerie Castagnet              Facturé à Librairie des Quais",
      "7 impasse des Souffleurs                    31 quai de la Fosse",
      "33800 Bordeaux                              44000 Nantes",
      "",
      "Total TTC : 214,80"
    ].join("\n"))
    expect(out["vendor_name"]).toBe("Verrerie Castagnet")
    expect(out["customer_name"]).toBe("Librairie des Quais")
  })

  it("reads the payee's block at the foot of the page, and a name in capitals from a legal line", () => {
    const foot = extract([
      "Invoice",
      "",
      "Billed to:",
      "Ravensworth Allotment Society",
      "3 Orchard Gate",
      "Darlington DL3 7QQ",
      "",
      "Description          Qty    Amount",
      "Seed potatoes         4      18.00",
      "",
      "Total due: 18.00",
      "",
      "Make cheques payable to:",
      "Peaseholme Growers",
      "Low Farm, Bedale DL8 2AB"
    ].join("\n"))
    expect(foot["vendor_name"]).toBe("Peaseholme Growers")
    expect(foot["customer_name"]).toBe("Ravensworth Allotment Society")
    const caps = extract([
      "INVOICE TO:",
      "MRS EDITH CALLOWAY",
      "14 RIVERSIDE WALK",
      "LUDLOW SY8 1PB",
      "",
      "TOTAL: 60.00",
      "",
      "LANTERN & WICK STUDIO · REGISTERED IN ENGLAND NO. 09123456 · VAT NO. GB 123 4567 89"
    ].join("\n"))
    expect(caps["customer_name"]).toBe("MRS EDITH CALLOWAY")
    expect(caps["vendor_name"]).toBe("LANTERN & WICK STUDIO")
  })

  it("reads a right-aligned letterhead and a buyer's details block of labelled lines", () => {
    const out = extract([
      "INVOICE                                          Tallowmere Chandlery",
      "                                                     2 Dock Approach",
      "Invoice no.: 5521                                   Whitby YO21 1DH",
      "",
      "Client details",
      "Name: Oswin Pargeter",
      "Email: oswin@post.example",
      "",
      "Total: 44.00"
    ].join("\n"))
    expect(out["vendor_name"]).toBe("Tallowmere Chandlery")
    expect(out["customer_name"]).toBe("Oswin Pargeter")
  })

  it("reads a payee's name as the seller, and a label in spaced letters", () => {
    const out = extract([
      "B I L L E D T O",
      "Gorsedd Climbing Wall",
      "5 Slate Quay",
      "Caernarfon LL55 1SR",
      "",
      "Total due: 320.00",
      "",
      "Payee: Eryri Rope Access",
      "Sort code: 12-34-56"
    ].join("\n"))
    expect(out["customer_name"]).toBe("Gorsedd Climbing Wall")
    expect(out["vendor_name"]).toBe("Eryri Rope Access")
  })

  it("does not take a line item ending in a unit ('1 kg') for a company", () => {
    expect(partyLine("Birdseed mix 1 kg")).toBeNull()
    expect(partyLine("Hollins & Kay KG")).toBe("Hollins & Kay KG")
  })

  it("does not take a street, a postcode and town, a country, an e-mail, a telephone or a label for a name", () => {
    for (const line of ["Rue des Lilas 14", "75011 Paris", "Belgique", "accounts@fenwick.example", "Tel. 0161 496 0000", "Facturé à :", "Rechnungsempfänger"]) {
      expect(partyLine(line)).toBeNull()
    }
    expect(partyLine("Issued")).toBeNull()
    expect(partyLine("Ferronnerie Lebrun")).toBe("Ferronnerie Lebrun")
    expect(partyLine("Harbour Laundrette #12")).toBe("Harbour Laundrette #12")
    expect(partyLine("Dog-Eared Page Bookshop")).toBe("Dog-Eared Page Bookshop")
    expect(partyLine("4Seasons Gartenbau GmbH")).toBe("4Seasons Gartenbau GmbH")
  })
})

describe("a statement's holder", () => {
  it("is the recipient's address block, beside the statement's facts", () => {
    const STATEMENT = { type: "object", properties: { account_holder: { type: "string", description: "Name of the account holder" } } }
    const text = [
      "Fenwick Mutual Bank plc",
      "7 Quayside, Newcastle NE1 3DX",
      "",
      "Harriet Osei                  1 May 2027 to 31 May 2027",
      "22 Jesmond Road               Sort code 40-11-62",
      "Newcastle NE2 1LB             Account 80447711",
      "",
      "Date        Description          Money out    Money in    Balance"
    ].join("\n")
    expect(extractFromText(STATEMENT, text, "statement.txt").account_holder).toBe("Harriet Osei")
  })
})

describe("real-world party layouts", () => {
  const textOf = (rows: ReadonlyArray<LayoutRow>) => rows.map((r) => r.cells.map((c) => c.text).join(" ")).join("\n")
  const items = [
    row(150, ["Item", 50], ["Qty", 300], ["Price", 400], ["Amount", 480]),
    row(165, ["Planter, glazed", 50], ["4", 300], ["35.00", 400], ["140.00", 480])
  ]

  it("cuts one cell holding two labels side by side at its gap, each label heading the block under it", () => {
    const rows = [
      row(30, ["Harbourside Print Ltd", 50]),
      row(43, ["4 Quay Street, Bristol BS1 4DJ", 50]),
      // one run: the second label's place within it only estimated, the blocks below placed by the page
      row(70, ["Ship To                        Bill To", 50]),
      row(83, ["Greyfriars Rowing Club", 50], ["Larkspur Dental Clinic", 250]),
      row(96, ["7 Chapel Yard", 50], ["41 Weaver Street", 250]),
      row(109, ["Exeter EX4 3LS", 50], ["Norwich NR2 1QT", 250]),
      ...items
    ]
    const p = partiesOf(rows, textOf(rows), ["Harbourside Print Ltd"])
    expect(p.labelledBuyer).toBe("Larkspur Dental Clinic")
    expect(p.seller).toBe("Harbourside Print Ltd")
    const inline = [
      row(40, ["INVOICE", 50]),
      row(70, ["Sold By: Harbourside Print Ltd          Billing Address: Larkspur Dental Clinic", 50]),
      row(83, ["4 Quay Street", 50], ["41 Weaver Street", 260]),
      row(96, ["Bristol BS1 4DJ", 50], ["Norwich NR2 1QT", 260]),
      ...items
    ]
    const q = partiesOf(inline, textOf(inline), [])
    expect([q.labelledSeller, q.labelledBuyer]).toEqual(["Harbourside Print Ltd", "Larkspur Dental Clinic"])
    // a PDF's one run: the cell's text has its spaces collapsed, the run keeps them
    const run = "Ship To                        Bill To"
    const one: LayoutRow = { ...row(70, ["Ship To Bill To", 50]), cells: [{ text: "Ship To Bill To", x0: 50, x1: 245, items: [{ text: run, x: 50, y: 60, w: 195, h: 10, source: "text_layer", confidence: null }], ref: null }] }
    const pdf = [...rows.slice(0, 2), one, ...rows.slice(3)]
    expect(partiesOf(pdf, textOf(pdf), []).labelledBuyer).toBe("Larkspur Dental Clinic")
    const out = extract([
      "Rechnung", "",
      "Lieferadresse                 Rechnungsadresse",
      "Stadtbibliothek Aalen         Ruderverein Wiking e.V.",
      "Am Mühlbach 3                 Hauptstr. 5b",
      "73430 Aalen                   90402 Nürnberg", "", "Gesamt: 80,00"
    ].join("\n"))
    expect(out["customer_name"]).toBe("Ruderverein Wiking e.V.")
  })

  it("does not read a name opening with a label's noun ('Client Services Ltd') as a label and a name", () => {
    for (const name of ["Client Services Ltd", "Customer Care Centre", "Vendor Solutions GmbH"]) {
      const labelled = extract(["INVOICE", "", name, "12 High Street", "Leeds LS1 4AB", "", "Bill to:", "Ashdown Garden Centre", "3 Mill Lane", "Forest Row RH18 5JX", "", "Total: 80.00"].join("\n"))
      expect([labelled["vendor_name"], labelled["customer_name"]]).toEqual([name, "Ashdown Garden Centre"])
      const recipient = extract(["Fallowfield Garden Supplies", "9 Orchard Rise", "Carlisle CA3 8JH", "", "INVOICE", "", name, "12 High Street", "Leeds LS1 4AB", "", "Total: 80.00"].join("\n"))
      expect(recipient["customer_name"]).toBe(name)
    }
  })

  it("joins a company's name wrapped onto a line of its legal form, a lower-case word or after a connecting word", () => {
    const out = extract(["Northwind Trading and Logistics", "Company Limited", "12 High Street", "Leeds LS1 4AB", "", "INVOICE", "", "Bill to:", "Comptoir Lyonnais de Négoce et", "de Distribution", "3 Mill Lane", "Forest Row RH18 5JX", "", "Total: 80.00"].join("\n"))
    expect(out["vendor_name"]).toBe("Northwind Trading and Logistics Company Limited")
    expect(out["customer_name"]).toBe("Comptoir Lyonnais de Négoce et de Distribution")
    // a contact person or a department under a whole name is no part of it
    expect(wrapped("Ashdown Garden Centre Ltd", "Accounts Department")).toBe("Ashdown Garden Centre Ltd")
    expect(wrapped("Ashdown Garden Centre", "3 Mill Lane")).toBe("Ashdown Garden Centre")
  })

  it("reads a till receipt's merchant from its centred head, past a greeting or a store number, or from its closing thanks", () => {
    const centred = (t: string, top: number) => row(top, [t, 150 - t.length * 2.5])
    const till = (...head: Array<LayoutRow>) => [...head, row(80, ["BANANAS", 50], ["0.99", 220]), row(92, ["MILK", 50], ["3.49", 220]), row(104, ["TOTAL", 50], ["4.48", 220])]
    expect(partiesOf(till(centred("TRADER JOE'S", 20), centred("123 Main St", 32), centred("Springfield, IL 62701", 44), centred("Tel 217-555-0134", 56)), "", []).seller).toBe("TRADER JOE'S")
    expect(partiesOf(till(centred("WELCOME TO", 20), centred("CORNER HARDWARE", 32), centred("88 Elm Road", 44), centred("Leeds LS2 8AA", 56)), "", []).seller).toBe("CORNER HARDWARE")
    expect(partiesOf(till(centred("Store #1234", 20), centred("GREENLEAF MARKET", 32), centred("88 Elm Road", 44), centred("Tel 0113 496 0000", 56)), "", []).seller).toBe("GREENLEAF MARKET")
    // a till roll's head in plain text, each line centred on the roll's width: one block
    const plain = ["       TRADER JOE'S", "        123 Main St", "   Springfield, IL 62701", "     Tel 217-555-0134", "", "BANANAS              0.99", "MILK                 3.49", "TOTAL                4.48"]
      .map((line, i): LayoutRow => ({ page: 1, sheet: null, top: i + 1, height: 1, positioned: false, context: false, cells: lineCells(line) }))
      .filter((r) => r.cells.length > 0)
    expect(partiesOf(plain, "", []).seller).toBe("TRADER JOE'S")
    expect(regionsOf(plain, 4, () => false)[0]!.cells.map((c) => c.text)).toEqual(["TRADER JOE'S", "123 Main St", "Springfield, IL 62701", "Tel 217-555-0134"])
    // a tagline under the name: the name alone on the first line, the block under it its address
    const tagline = extract(["BLUE BOTTLE CAFE", "       Fresh roasted daily", "       88 Elm Road, Leeds", "      Tel 0113 496 0000", "", "Latte             3.20", "Croissant         2.10", "TOTAL             5.30"].join("\n"))
    expect([tagline["vendor_name"], tagline["customer_name"] ?? null]).toEqual(["BLUE BOTTLE CAFE", null])
    const thanks = extract(["Receipt 10442", "12/03/2026 14:22", "", "BANANAS              0.99", "MILK                 3.49", "TOTAL                4.48", "", "Thank you for shopping at Greenleaf Market!"].join("\n"))
    expect(thanks["vendor_name"]).toBe("Greenleaf Market")
    const legal = extract(["GREENLEAF STORES LTD", "88 Elm Road, Leeds", "Tel 0113 496 0000", "", "BANANAS              0.99", "MILK                 3.49", "TOTAL                4.48", "", "Thank you for shopping at Greenleaf!"].join("\n"))
    expect(legal["vendor_name"]).toBe("GREENLEAF STORES LTD")
    expect(thankedName([row(10, ["Vielen Dank für Ihren Einkauf bei Bäckerei Lorenz!", 50])], partyLine)).toBe("Bäckerei Lorenz")
    expect(thankedName([row(10, ["Thank you for shopping with us!", 50])], partyLine)).toBeNull()
  })

  it("reads a seller named only in the header's line, beside the title or the invoice's facts", () => {
    const body = ["", "Bill To:", "Ashdown Garden Centre", "3 Mill Lane", "Forest Row RH18 5JX", "", "Description      Qty   Price    Amount", "Planter            4   35.00    140.00", "", "Total: 140.00"]
    for (const head of [["INVOICE                                   Northwind Traders", "", "Invoice #: 1001"], ["Invoice #: 1001                                 Northwind Traders", "Date: 12/03/2026"]]) {
      const out = extract([...head, ...body].join("\n"))
      expect([out["vendor_name"], out["customer_name"]]).toEqual(["Northwind Traders", "Ashdown Garden Centre"])
    }
    // the logo's line set apart over the recipient's unlabelled block: the line is the seller's, the block the buyer's
    const rows = [row(20, ["ACME WIDGETS", 50]), row(60, ["Ashdown Garden Centre", 50]), row(73, ["3 Mill Lane", 50]), row(86, ["Forest Row RH18 5JX", 50]), ...items]
    expect(partiesOf(rows, textOf(rows), [])).toMatchObject({ seller: "ACME WIDGETS", buyer: "Ashdown Garden Centre" })
  })

  it("takes a name in capitals alone on a line of the head, under a title and a page number, for the letterhead's", () => {
    const rows = [
      row(20, ["HIRE ORDER", 50], ["Printed 03/02/2027 09:12", 420]),
      row(33, ["Page 1 of 2", 500]),
      row(46, ["BRAMBLE EVENTS", 450]),
      row(80, ["Customer", 50]),
      row(93, ["Name:", 50], ["Ostler Arms", 150]),
      ...items
    ]
    expect(partiesOf(rows, textOf(rows), []).seller).toBe("BRAMBLE EVENTS")
  })
})

describe("a payment slip's parties", () => {
  /** a letter in a window envelope (recipient left, sender right) over a payment slip with its creditor's and debtor's labels */
  const slipped = (creditor: string, debtor: string): ReadonlyArray<LayoutRow> => [
    row(40, ["Herr", 60]),
    row(53, ["Jonas Aebischer", 60]),
    row(66, ["Bahnhofstrasse 7", 60]),
    row(79, ["3011 Bern", 60]),
    row(100, ["Gärtnerei Moosbrugger AG", 380]),
    row(113, ["Seeweg 4", 440]),
    row(126, ["6003 Luzern", 430]),
    row(139, ["Telefon: 041 555 12 34", 370]),
    row(170, ["Rechnung 812", 60]),
    row(190, ["Pos.", 60], ["Bezeichnung", 100], ["Menge", 300], ["Betrag", 440]),
    row(205, ["1", 60], ["Heckenschnitt", 100], ["6", 300], ["CHF 540.00", 440]),
    row(220, ["Total", 300], ["CHF 540.00", 440]),
    row(400, ["Empfangsschein", 20], ["Zahlteil", 180], [creditor, 300]),
    row(413, [creditor, 20], ["CH44 3199 9123 0008 8901 2", 300]),
    row(426, ["CH44 3199 9123 0008 8901 2", 20], ["Gärtnerei Moosbrugger AG", 300]),
    row(439, ["Gärtnerei Moosbrugger AG", 20], ["Seeweg 4", 300]),
    row(452, ["Seeweg 4", 20], ["6003 Luzern", 300]),
    row(465, ["6003 Luzern", 20]),
    row(490, [debtor, 20], [debtor, 300]),
    row(503, ["Jonas Aebischer", 20], ["Jonas Aebischer", 300]),
    row(516, ["Bahnhofstrasse 7", 20], ["Bahnhofstrasse 7", 300]),
    row(529, ["3011 Bern", 20], ["3011 Bern", 300])
  ]
  const read = (rows: ReadonlyArray<LayoutRow>) => partiesOf(rows, rows.map((r) => r.cells.map((c) => c.text).join(" ")).join("\n"), ["Gärtnerei Moosbrugger AG"])

  it("reads the creditor as the seller and the debtor as the buyer, in each language of the slip", () => {
    for (const [creditor, debtor] of [
      ["Account / Payable to", "Payable by"], ["Konto / Zahlbar an", "Zahlbar durch"], ["Compte / Payable à", "Payable par"], ["Conto / Pagabile a", "Pagabile da"],
      // an OCR reading of the slash as a bar; the older slips' labels
      ["Account | Payable to", "Payable by (name/address)"], ["Einzahlung für", "Einbezahlt von"], ["Versement pour", "Versé par"]
    ] as const) {
      const p = read(slipped(creditor, debtor))
      expect([creditor, p.seller, p.buyer]).toEqual([creditor, "Gärtnerei Moosbrugger AG", "Jonas Aebischer"])
    }
  })

  it("reads labels joined by a slash by the one that is a party's, and none when they name two parties", () => {
    expect(partyLabelOf("Konto / Zahlbar an")).toBe("seller")
    expect(partyLabelOf("Customer / Client")).toBe("buyer")
    expect(partyLabelOf("Bill to / Ship to")).toBeNull()
    expect(partyLabelOf("From / To")).toBeNull()
  })

  it("does not take the means of payment after 'Payable by' for the buyer", () => {
    const out = extract([
      "Kittiwake Wetsuits",
      "4 Quay Street",
      "Newquay TR7 1HT",
      "",
      "Marram Dune Surf School",
      "1 Harbour Road",
      "Bude EX23 8LH",
      "",
      "Invoice 2291",
      "Total: 150.00",
      "",
      "Payable by:",
      "BACS or cheque"
    ].join("\n"))
    expect(out["customer_name"]).toBe("Marram Dune Surf School")
    expect(partyLine("Bank transfer")).toBeNull()
    expect(partyLine("Cash and Carry Ltd")).toBe("Cash and Carry Ltd")
  })
})

describe("a receipt's merchant from a form's head", () => {
  const RECEIPT = {
    type: "object",
    properties: { merchant_name: { type: "string", description: "Name of the shop or business that issued the receipt" }, date: { type: "string", description: "Date of the purchase" } }
  }

  it("does not take a template's placeholder ('HEADER', 'Your Company Name') for the merchant", () => {
    const till = (head: string) => extractFromText(RECEIPT, [head, "Larkspur Books", "12 Mill Lane", "Ely CB7 4AB", "", "Paperback             8.99", "Bookmark              1.50", "TOTAL                10.49"].join("\n"), "doc.txt")
    for (const head of ["HEADER", "YOUR COMPANY NAME", "LOGO"]) expect([head, till(head)["merchant_name"]]).toEqual([head, "Larkspur Books"])
    expect(partyLine("Your Logo Here")).toBeNull()
    expect(partyLine("Lorem ipsum dolor")).toBeNull()
    expect(partyLine("Headland Surf Shop")).toBe("Headland Surf Shop")
  })

  it("reads the business a form's field names by its kind ('Restaurant', 'Store') as the merchant", () => {
    for (const kind of ["Restaurant", "Store"]) {
      const out = extractFromText(RECEIPT, ["Order receipt", "", `1\t${kind}\tOsteria Fenice\t2\tTelephone\t(020) 7946 0000`, "", "3\tServer\tMarta\t4\tCovers\t4", "", "5\tDate\t14/02/2027"].join("\n"), "doc.txt")
      expect([kind, out["merchant_name"], out["date"]]).toEqual([kind, "Osteria Fenice", "2027-02-14"])
    }
  })

  it("reads a party's name beside its label in a form's grid, not the next label under it", () => {
    const ORDER = {
      type: "object",
      properties: { buyer_name: { type: "string", description: "Company placing the order (the buyer)" }, vendor_name: { type: "string", description: "Company supplying the goods" } }
    }
    for (const under of ["Currency | EUR", "Project | Apollo"]) {
      const out = extractFromText(ORDER, [
        "# PURCHASE ORDER", "",
        "| PO number | ORD/656-54 | Order date | July 13, 2026 |", "| --- | --- | --- | --- |",
        "| Ordered by | Vantablue Robotics GmbH | Vendor | Glenmoor Dairy Cooperative |",
        `| ${under} | Deliver to | Goods-in dock 4 |`, "",
        "Order total: EUR 20,662.00"
      ].join("\n"))
      expect([under, out["buyer_name"], out["vendor_name"]]).toEqual([under, "Vantablue Robotics GmbH", "Glenmoor Dairy Cooperative"])
    }
  })
})
