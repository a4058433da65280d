/**
 * Item tables as invoicing software prints them: units beside quantities, currency signs beside
 * prices, columns the schema does not ask for, section and subtotal lines inside the table,
 * carried-forward lines, a date column before the description, and the arithmetic that puts a
 * row's numbers in their fields. Small fixtures written for these tests.
 */
import { describe, expect, it } from "vitest"
import { extractFromText, INVOICE } from "./local-extract-fixture.js"
import { byArithmetic, isCarriedRow, isSectionRow, isSubtotalRow } from "../../src/intelligence/local/layout/items.js"
import type { LayoutRow } from "../../src/documents/layout/layout.js"

const extract = (markdown: string) => extractFromText(INVOICE, markdown, "doc.txt")["line_items"]

const rowOf = (...texts: ReadonlyArray<string>): LayoutRow => ({
  page: 1, sheet: null, top: 0, height: 1, positioned: false, context: false,
  cells: texts.map((text, i) => ({ text, x0: i * 20, x1: i * 20 + text.length, items: [], ref: null }))
})

describe("rows of an item table that are no items", () => {
  it("skips a section's heading and its subtotal when items follow", () => {
    expect(extract([
      "Description                      Quantity      Unit Price     Amount",
      "Kitchen fittings",
      "Oven door hinge                  4.00 Units         11.50  $ 46.00",
      "Extractor fan filter             2.00 Units         23.00  $ 46.00",
      "Subtotal                                                   $ 92.00",
      "Labour",
      "Fitting work                     3.00 Hours         40.00 $ 120.00",
      "",
      "Total                                                     $ 212.00"
    ].join("\n"))).toEqual([
      { description: "Oven door hinge", quantity: 4, unit_price: 11.5, amount: 46 },
      { description: "Extractor fan filter", quantity: 2, unit_price: 23, amount: 46 },
      { description: "Fitting work", quantity: 3, unit_price: 40, amount: 120 }
    ])
  })

  it("knows subtotal, carried-forward and section lines", () => {
    expect(isSubtotalRow(rowOf("Zwischensumme", "1.204,00"))).toBe(true)
    expect(isSubtotalRow(rowOf("Hinge", "2", "4.00", "8.00"))).toBe(false)
    expect(isCarriedRow(rowOf("Übertrag", "3.117,45"), false)).toBe(true)
    expect(isCarriedRow(rowOf("Carried forward", "870.10"), false)).toBe(true)
    // "Transport" is a delivery line inside a page, a carried sum only at its edge
    expect(isCarriedRow(rowOf("Transport", "45,00"), false)).toBe(false)
    expect(isCarriedRow(rowOf("Transport", "2.450,00"), true)).toBe(true)
    expect(isSectionRow(rowOf("Garden tools"))).toBe(true)
    expect(isSectionRow(rowOf("Rake, 16 teeth", "3"))).toBe(false)
  })

  it("does not take a carried-forward line for an item", () => {
    expect(extract([
      "Bezeichnung                Menge       Einzelpreis        Gesamt",
      "Dübel 8 mm                   100              0,12         12,00",
      "Holzschraube 4x40             50              0,08          4,00",
      "Übertrag                                                   16,00",
      "Winkelverbinder                6              1,50          9,00"
    ].join("\n"))).toEqual([
      { description: "Dübel 8 mm", quantity: 100, unit_price: 0.12, amount: 12 },
      { description: "Holzschraube 4x40", quantity: 50, unit_price: 0.08, amount: 4 },
      { description: "Winkelverbinder", quantity: 6, unit_price: 1.5, amount: 9 }
    ])
  })
})

describe("columns invoicing software adds", () => {
  it("reads the description after a date column, and quantities with their unit", () => {
    expect(extract([
      "DATE          SERVICE PROVIDED             QTY        RATE      AMOUNT",
      "03/02/2026    Window cleaning, ground      2 hrs      35.00       70.00",
      "03/09/2026    Gutter clearing              1 hrs      55.00       55.00"
    ].join("\n"))).toEqual([
      { description: "Window cleaning, ground", quantity: 2, unit_price: 35, amount: 70 },
      { description: "Gutter clearing", quantity: 1, unit_price: 55, amount: 55 }
    ])
  })

  it("leaves a discount and a tax rate out of the item's numbers", () => {
    expect(extract([
      "Description            Qty     Unit Price    Disc.%     VAT      Amount EUR",
      "Pallet of bricks         2         180.00     10.00     20%          324.00",
      "Sand, 1 t bag            3          42.00               20%          126.00"
    ].join("\n"))).toEqual([
      { description: "Pallet of bricks", quantity: 2, unit_price: 180, amount: 324 },
      { description: "Sand, 1 t bag", quantity: 3, unit_price: 42, amount: 126 }
    ])
  })
})

describe("numbers put in their fields by arithmetic", () => {
  const names = { quantity: "quantity", unitPrice: "unit_price", amount: "amount" }

  it("keeps a reading that fits, a discount allowed", () => {
    const item = { description: "Lamp", quantity: 3, unit_price: 20, amount: 54 }
    expect(byArithmetic(item, rowOf("Lamp", "3", "20.00", "10 %", "54.00"), names)).toBe(item)
  })

  it("takes the order of the row's numbers that fits when the columns' reading does not", () => {
    // the price read as the amount and the amount as the price
    const item = { description: "Bolt", quantity: 120, unit_price: 42, amount: 0.35 }
    expect(byArithmetic(item, rowOf("Bolt", "120", "42.00", "0.35"), names)).toEqual({ description: "Bolt", quantity: 120, unit_price: 0.35, amount: 42 })
  })

  it("changes nothing when no order fits", () => {
    const item = { description: "Fee", quantity: 1, unit_price: 5, amount: 7 }
    expect(byArithmetic(item, rowOf("Fee", "1", "5.00", "7.00"), names)).toBe(item)
  })
})
