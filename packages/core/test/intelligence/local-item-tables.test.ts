/**
 * Item tables as invoicing software prints them: units beside quantities, currency signs beside
 * prices, columns the schema does not ask for, section and subtotal lines inside the table,
 * carried-forward lines, a date column before the description, and the arithmetic that puts a
 * row's numbers in their fields. Small fixtures written for these tests.
 */
import { describe, expect, it } from "vitest"
import { extractFromText, INVOICE } from "./local-extract-fixture.js"
import { byArithmetic, isCarriedRow, isHeadingAfterItem, isSectionRow, isSubtotalRow, itemHeading, itemLineOf, withCountAtPrice, withLineTotals } from "../../src/intelligence/local/layout/items.js"
import type { LayoutRow } from "../../src/documents/layout/layout.js"
import { splitAtHeadings } from "../../src/intelligence/local/layout/columns.js"
import { byRunningBalance, printedBalance } from "../../src/intelligence/local/layout/running-balance.js"

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

describe("headings as invoicing software sets them", () => {
  it("takes the column headed by the property's own word when two headings name it", () => {
    expect(extract([
      "Item       Description                 Qty      Rate     Amount",
      "GL-04      Glazing bead, 3 m lengths     6      4.10      24.60",
      "SL-11      Silicone sealant, clear       2      6.75      13.50"
    ].join("\n"))).toEqual([
      { description: "Glazing bead, 3 m lengths", quantity: 6, unit_price: 4.1, amount: 24.6 },
      { description: "Silicone sealant, clear", quantity: 2, unit_price: 6.75, amount: 13.5 }
    ])
  })

  it("joins a heading set on two lines", () => {
    expect(extract([
      "                                          Unit       Line",
      "Description                  Qty         Price      Total",
      "Ladder hire, per day           3         18.00      54.00",
      "Safety harness                 1         42.50      42.50"
    ].join("\n"))).toEqual([
      { description: "Ladder hire, per day", quantity: 3, unit_price: 18, amount: 54 },
      { description: "Safety harness", quantity: 1, unit_price: 42.5, amount: 42.5 }
    ])
  })

  it("reads a line's net amount beside its VAT and gross, not the gross", () => {
    expect(extract([
      "Description           Units     Price       Net     VAT %      VAT      Gross",
      "Boiler service            1     95.00     95.00      20.0    19.00     114.00",
      "Radiator valve            4      8.25     33.00      20.0     6.60      39.60"
    ].join("\n"))).toEqual([
      { description: "Boiler service", quantity: 1, unit_price: 95, amount: 95 },
      { description: "Radiator valve", quantity: 4, unit_price: 8.25, amount: 33 }
    ])
  })

  it("reads amounts grouped in lakhs", () => {
    expect(extract([
      "Item Description              Qty          Rate            Amount",
      "Annual maintenance contract   2.00   ₹ 1,25,000.00   ₹ 2,50,000.00"
    ].join("\n"))).toEqual([{ description: "Annual maintenance contract", quantity: 2, unit_price: 125000, amount: 250000 }])
  })

  it("does not read a section's subtotal as the invoice's", () => {
    const out = extractFromText(INVOICE, [
      "Description                   Qty     Unit price       Amount",
      "Materials",
      "Copper pipe 15 mm              10           3.20        32.00",
      "Subtotal                                                32.00",
      "Labour",
      "Plumber, hours                  2          45.00        90.00",
      "Subtotal                                                90.00",
      "",
      "Subtotal: 122.00",
      "VAT: 24.40",
      "Total: 146.40"
    ].join("\n"), "doc.txt")
    expect(out["subtotal"]).toBe(122)
    expect(out["total"]).toBe(146.4)
    expect(out["line_items"]).toHaveLength(2)
  })
})

describe("a number drawn against a description", () => {
  it("cuts a positioned cell whose number and words sit under two headings", () => {
    const cell = (text: string, x0: number, x1: number) => ({ text, x0, x1, items: [], ref: null })
    const headings = [cell("Qty", 60, 80), cell("Article", 100, 130), cell("Price", 400, 430)]
    // "12" right-aligned against the description's left edge, one run in the text layer
    expect(splitAtHeadings([cell("12 Brass hinge", 85, 155)], headings).map((c) => c.text)).toEqual(["12", "Brass hinge"])
    // words under two headings stay together: a long description running over
    expect(splitAtHeadings([cell("Brass hinge polished", 100, 420)], headings).map((c) => c.text)).toEqual(["Brass hinge polished"])
  })
})

describe("headings no label vocabulary knows", () => {
  it("reads the short headings of item tables", () => {
    expect(itemHeading("Anz.")).toBe("quantity")
    expect(itemHeading("EP")).toBe("unit price")
    expect(itemHeading("G-Preis")).toBe("amount")
    expect(itemHeading("Ext. Price")).toBe("amount")
    expect(itemHeading("Unit")).toBe("Unit")
  })

  it("fills the field of a heading nobody names from the arithmetic of the other two", () => {
    expect(extract([
      "Description                 Qty         Charge        Total",
      "Hedge trimming                4          22.50        90.00",
      "Green waste removal           1          35.00        35.00"
    ].join("\n"))).toEqual([
      { description: "Hedge trimming", quantity: 4, amount: 90, unit_price: 22.5 },
      { description: "Green waste removal", quantity: 1, amount: 35, unit_price: 35 }
    ])
  })
})

describe("the arithmetic and the header's order", () => {
  const names = { quantity: "quantity", unitPrice: "unit_price", amount: "amount" }

  it("keeps quantity and unit price in the header's order, price first when the header prints it so", () => {
    const item = { description: "Tile", amount: 36 }
    expect(byArithmetic(item, rowOf("Tile", "4.50", "8", "36.00"), { ...names, quantityFirst: false })).toEqual({ description: "Tile", quantity: 8, unit_price: 4.5, amount: 36 })
    expect(byArithmetic(item, rowOf("Tile", "8", "4.50", "36.00"), { ...names, quantityFirst: true })).toEqual({ description: "Tile", quantity: 8, unit_price: 4.5, amount: 36 })
  })

  it("takes no number of the description", () => {
    const item = { description: "Laptop, 14-inch, 16 GB RAM", quantity: 4, amount: 3200 }
    expect(byArithmetic(item, rowOf("2", "Laptop, 14-inch, 16 GB RAM", "4", "800.00", "3,200.00"), names)).toEqual({ ...item, unit_price: 800 })
  })
})

describe("items written as lines of text", () => {
  it("reads 'name: count x price = amount' lines where no table holds the items", () => {
    expect(extract([
      "Order summary",
      "* Linen napkins, set of 4: 3 x €12.90 = €38.70",
      "* Oak serving board - 1 x €46.00 = €46.00",
      "",
      "Total: 2 x gift wrap included = €84.70"
    ].join("\n"))).toEqual([
      { description: "Linen napkins, set of 4", quantity: 3, unit_price: 12.9, amount: 38.7 },
      { description: "Oak serving board", quantity: 1, unit_price: 46, amount: 46 }
    ])
  })

  it("keeps a line only when its count times its price is its amount", () => {
    expect(itemLineOf("4 x Candle @ 3.00 = 12.00")).toEqual({ description: "Candle", quantity: 4, unitPrice: 3, amount: 12 })
    expect(itemLineOf("Shelf: 2 x 30.00 = 70.00")).toBeNull()
    expect(itemLineOf("Invoice 4 of 2026")).toBeNull()
  })
})

describe("prices as web shops and marketplaces print them", () => {
  it("takes the unit price that makes quantity × unit price the amount when a table prints it before and after VAT", () => {
    expect(extract([
      "Description        Qty  Unit price excl. VAT  VAT rate  Unit price incl. VAT  VAT amount  Total incl. VAT",
      "USB-C charger 65 W   2                 20.83       20%                 25.00        8.33            50.00",
      "Desk lamp, LED       1                 33.25       20%                 39.90        6.65            39.90",
      "",
      "Total                                                                                              89.90"
    ].join("\n"))).toEqual([
      { description: "USB-C charger 65 W", quantity: 2, unit_price: 25, amount: 50 },
      { description: "Desk lamp, LED", quantity: 1, unit_price: 39.9, amount: 39.9 }
    ])
  })

  it("reads a 'Price' column as the line's total when the sum below is the prices' sum", () => {
    expect(extract([
      "Product                              Quantity        Price",
      "Ceramic mug, blue                    3               £27.00",
      "Tea towel set                        2               £15.00",
      "Teapot                               1               £32.50",
      "",
      "Subtotal:                                            £74.50",
      "Total:                                               £74.50"
    ].join("\n"))).toEqual([
      { description: "Ceramic mug, blue", quantity: 3, unit_price: 9, amount: 27 },
      { description: "Tea towel set", quantity: 2, unit_price: 7.5, amount: 15 },
      { description: "Teapot", quantity: 1, unit_price: 32.5, amount: 32.5 }
    ])
  })

  it("keeps a price per unit when the sum below is that of quantity × price", () => {
    const names = { quantity: "quantity", unitPrice: "unit_price", amount: "amount" }
    const items = [{ description: "Mug", quantity: 3, unit_price: 9 }, { description: "Pot", quantity: 1, unit_price: 32.5 }]
    expect(withLineTotals(items, names, [59.5])).toEqual(items)
    expect(withLineTotals(items, names, [41.5])).toEqual([{ description: "Mug", quantity: 3, unit_price: 3, amount: 9 }, { description: "Pot", quantity: 1, unit_price: 32.5, amount: 32.5 }])
  })

  it("reads quantities with their unit and prices with their currency glued on", () => {
    expect(extract([
      "Description                      Qty        Unit price      Amount",
      "Screws M6                        2 pcs         €12,50      €25,00",
      "Montage                          1,5 h       40.00 EUR   60.00 EUR",
      "Kabel                            3 Stk.         €4,00      €12,00",
      "",
      "Total                                                     €97,00"
    ].join("\n"))).toEqual([
      { description: "Screws M6", quantity: 2, unit_price: 12.5, amount: 25 },
      { description: "Montage", quantity: 1.5, unit_price: 40, amount: 60 },
      { description: "Kabel", quantity: 3, unit_price: 4, amount: 12 }
    ])
  })
})

describe("wrapped descriptions and section headings", () => {
  it("joins a description wrapped over several lines to its item", () => {
    expect(extract([
      "Description                      Qty    Unit price     Amount",
      "Annual maintenance contract      1        1,200.00   1,200.00",
      "for the heating system, incl.",
      "two inspection visits",
      "Replacement valve                2           45.00      90.00",
      "",
      "Total                                                1,290.00"
    ].join("\n"))).toEqual([
      { description: "Annual maintenance contract for the heating system, incl. two inspection visits", quantity: 1, unit_price: 1200, amount: 1200 },
      { description: "Replacement valve", quantity: 2, unit_price: 45, amount: 90 }
    ])
  })

  it("does not glue a section's heading right after an item to its description", () => {
    expect(extract([
      "Description                      Qty    Unit price     Amount",
      "Hardware",
      "Laptop stand                     2           35.00      70.00",
      "Wireless keyboard                1           49.00      49.00",
      "Services",
      "Setup and configuration          3           60.00     180.00",
      "",
      "Total                                                   299.00"
    ].join("\n"))).toEqual([
      { description: "Laptop stand", quantity: 2, unit_price: 35, amount: 70 },
      { description: "Wireless keyboard", quantity: 1, unit_price: 49, amount: 49 },
      { description: "Setup and configuration", quantity: 3, unit_price: 60, amount: 180 }
    ])
  })

  it("tells a heading from a wrapped line", () => {
    const one = (text: string) => ({ ...rowOf(text) })
    expect(isHeadingAfterItem(one("Services"), "Wireless keyboard")).toBe(true)
    expect(isHeadingAfterItem(one("two inspection visits"), "Annual maintenance contract")).toBe(false)
    expect(isHeadingAfterItem(one("Heating system"), "Maintenance contract for the")).toBe(false)
    expect(isHeadingAfterItem(one("Monthly, 2 TB"), "Cloud backup plan")).toBe(false)
  })
})

describe("a till's count at a price", () => {
  it("reads '2 @ 3.50' beside the amount, in its own cell or closing the name's", () => {
    expect(extract([
      "Item                                   Amount",
      "Croissant        2 @ 3.50                7.00",
      "Coffee 1 @ 2.80                          2.80",
      "TOTAL                                    9.80"
    ].join("\n"))).toEqual([
      { description: "Croissant", quantity: 2, unit_price: 3.5, amount: 7 },
      { description: "Coffee", quantity: 1, unit_price: 2.8, amount: 2.8 }
    ])
  })

  it("takes a name on a line of its own for the count and amount below it", () => {
    expect(extract([
      "Item                                   Amount",
      "Croissant",
      "  2 @ 3.50                               7.00",
      "Coffee, large",
      "  1 @ 2.80                               2.80",
      "TOTAL                                    9.80"
    ].join("\n"))).toEqual([
      { description: "Croissant", quantity: 2, unit_price: 3.5, amount: 7 },
      { description: "Coffee, large", quantity: 1, unit_price: 2.8, amount: 2.8 }
    ])
  })

  it("reads till lines with no table", () => {
    expect(itemLineOf("Croissant        2 @ 3.50                7.00")).toEqual({ description: "Croissant", quantity: 2, unitPrice: 3.5, amount: 7 })
    expect(itemLineOf("Croissant        2 @ 3.50                8.00")).toBeNull()
  })

  it("keeps the item when the count times the price is not its amount", () => {
    const names = { quantity: "quantity", unitPrice: "unit_price", amount: "amount" }
    const item = { description: "Tea 3 @ 1.20", amount: 4 }
    expect(withCountAtPrice(item, rowOf("Tea 3 @ 1.20", "4.00"), names)).toEqual(item)
    expect(withCountAtPrice({ ...item, amount: 3.6 }, rowOf("Tea 3 @ 1.20", "3.60"), names)).toEqual({ description: "Tea", quantity: 3, unit_price: 1.2, amount: 3.6 })
  })
})

describe("a header staggered over two lines", () => {
  it("takes the headings of the line below set between the row's own", () => {
    expect(extract([
      "Description            Qty             Unit price",
      "              Item no.       VAT rate               Amount",
      "Office chair  CH-22    2       20%         145.00   290.00",
      "Desk lamp     DL-04    3       20%          18.50    55.50",
      "",
      "Total                                              345.50"
    ].join("\n"))).toEqual([
      { description: "Office chair", quantity: 2, unit_price: 145, amount: 290 },
      { description: "Desk lamp", quantity: 3, unit_price: 18.5, amount: 55.5 }
    ])
  })
})

describe("a header with no heading over the names", () => {
  const expected = [
    { description: "Parts", amount: 2100 },
    { description: "Body Labor", quantity: 2, unit_price: 150, amount: 300 },
    { description: "Paint Labor", quantity: 1.5, unit_price: 150, amount: 225 },
    { description: "Paint Supplies", amount: 60 },
    { description: "Body Supplies", amount: 30 },
    { description: "Other Charges", amount: 15 }
  ]

  it("reads the blank column left of the headings as the names, skips a line of dashes and a section of name-and-amount lines", () => {
    expect(extract([
      "Estimate Totals",
      "                        Hours    Rate    Cost",
      "Parts                                    2,100",
      "Body Labor              2        150     300",
      "Paint Labor             1.5      150     225",
      "Mechanical Labor        -        -       -",
      "Supplies",
      "          Paint Supplies                 60",
      "          Body Supplies                  30",
      "Other Charges                            15",
      "Subtotal                                 2,730"
    ].join("\n"))).toEqual(expected)
  })

  it("does so in a parsed table's rows too", () => {
    expect(extractFromText(INVOICE, [
      "| | | Hours | Rate | Cost |",
      "",
      "| Parts | | | | 2,100 |",
      "| Body Labor | | 2 | 150 | 300 |",
      "| Paint Labor | | 1.5 | 150 | 225 |",
      "| Mechanical Labor | | - | - | - |",
      "Supplies",
      "| | Paint Supplies | | | 60 |",
      "",
      "| | Body Supplies | | | 30 |",
      "| Other Charges | | | | 15 |",
      "| Subtotal | | | | 2,730 |"
    ].join("\n"), "doc.md")["line_items"]).toEqual(expected)
  })
})

describe("a statement's running balance", () => {
  const STATEMENT = {
    type: "object",
    properties: {
      opening_balance: { type: "number", description: "Balance at the start of the period" },
      transactions: {
        type: "array",
        items: { type: "object", properties: { date: { type: "string", description: "Booking date (ISO date YYYY-MM-DD)" }, description: { type: "string" }, amount: { type: "number", description: "Signed amount: positive for money in (credits), negative for money out (debits)" } } }
      }
    }
  }

  it("skips the balance-forward line and signs an amount OCR put in the wrong column, or read without its decimal point, as the balance moves", () => {
    expect(extractFromText(STATEMENT, [
      "Date       Description              Number   Debits      Credits     Balance",
      "31Jul2018  Balance Forward                                           99,878.08 -",
      "01Aug2018  Clearing Cheque          4987     36.07                   99,914.15 -",
      "01Aug2018  Incoming e-Transfer                           1454        99,899.61 -",
      "01Aug2018  Transfer out to loan                          1,500.00    101,399.61 EX"
    ].join("\n"), "doc.txt")["transactions"]).toEqual([
      { date: "2018-08-01", description: "Clearing Cheque", amount: -36.07 },
      { date: "2018-08-01", description: "Incoming e-Transfer", amount: 14.54 },
      { date: "2018-08-01", description: "Transfer out to loan", amount: -1500 }
    ])
  })

  it("reads a balance's marks", () => {
    expect(printedBalance("99,878.08 -")).toEqual({ size: 99878.08, sign: -1 })
    expect(printedBalance("100,775.12 EX")).toEqual({ size: 100775.12, sign: undefined })
    expect(printedBalance("1,204.50")).toEqual({ size: 1204.5, sign: 1 })
    expect(printedBalance("Clearing Cheque")).toBeUndefined()
  })

  it("follows the statement's own direction: an account's balance falls with a debit, a card's owed balance rises", () => {
    const b = (size: number) => ({ size, sign: 1 as const })
    // an account: the third line's debit was read as a credit
    expect(byRunningBalance([{ amount: -40, balance: b(960) }, { amount: 200, balance: b(1160) }, { amount: 25, balance: b(1135) }], b(1000))).toEqual([-40, 200, -25])
    // a card: purchases (debits) raise what is owed, a payment lowers it; the third purchase was read as a credit
    expect(byRunningBalance([{ amount: -50, balance: b(150) }, { amount: 30, balance: b(120) }, { amount: 20, balance: b(140) }], b(100))).toEqual([-50, 30, -20])
    // a balance that does not follow leaves the amount as read
    expect(byRunningBalance([{ amount: -40, balance: b(900) }], b(1000))).toEqual([-40])
  })
})

describe("tables that restate items already read", () => {
  it("does not add the items of a form printed again under its own header", () => {
    expect(extract([
      "Description              Qty     Price     Amount",
      "Gutter bracket             4      2.50      10.00",
      "Downpipe, 2 m              2      9.00      18.00",
      "Fitting labour             1     40.00      40.00",
      "Total                                       68.00",
      "",
      "Customer copy",
      "",
      "Description              Qty     Price     Amount",
      "Gutter bracket             4      2.50      10.00",
      "Downpipe, 2 m              2      9.00      18.00",
      "Fitting labour             1     45.00      45.00",
      "Total                                       73.00"
    ].join("\n"))).toEqual([
      { description: "Gutter bracket", quantity: 4, unit_price: 2.5, amount: 10 },
      { description: "Downpipe, 2 m", quantity: 2, unit_price: 9, amount: 18 },
      { description: "Fitting labour", quantity: 1, unit_price: 40, amount: 40 }
    ])
  })

  it("keeps a line bought twice in one table, and a second table of other lines", () => {
    expect(extract([
      "Description              Qty     Price     Amount",
      "Gutter bracket             4      2.50      10.00",
      "Gutter bracket             4      2.50      10.00",
      "Total                                       20.00",
      "",
      "Extras",
      "",
      "Description              Qty     Price     Amount",
      "Downpipe, 2 m              2      9.00      18.00",
      "Gutter bracket             4      2.50      10.00",
      "Total                                       28.00"
    ].join("\n"))).toEqual([
      { description: "Gutter bracket", quantity: 4, unit_price: 2.5, amount: 10 },
      { description: "Gutter bracket", quantity: 4, unit_price: 2.5, amount: 10 },
      { description: "Downpipe, 2 m", quantity: 2, unit_price: 9, amount: 18 },
      { description: "Gutter bracket", quantity: 4, unit_price: 2.5, amount: 10 }
    ])
  })
})

describe("tables of titles and their notes", () => {
  it("names the items by a 'Title' column past a line number and codes", () => {
    expect(extract([
      "Ln   Room     Course Title               Qty     Rate      Total",
      "1    R-12     First aid basics            10    45.00    450.00",
      "2    R-14     Fire warden training         6    60.00    360.00"
    ].join("\n"))).toEqual([
      { description: "First aid basics", quantity: 10, unit_price: 45, amount: 450 },
      { description: "Fire warden training", quantity: 6, unit_price: 60, amount: 360 }
    ])
  })

  it("skips a labelled remark in brackets under an item and reads the items after it", () => {
    expect(extract([
      "Description                   Qty     Price     Amount",
      "Pressure washer hire            1     55.00      55.00",
      "(Deposit: 100.00 returned)",
      "Patio cleaner, 5 l              2     12.00      24.00",
      "[Serial no: PW-4411]",
      "Brush head                      1      8.50       8.50"
    ].join("\n"))).toEqual([
      { description: "Pressure washer hire", quantity: 1, unit_price: 55, amount: 55 },
      { description: "Patio cleaner, 5 l", quantity: 2, unit_price: 12, amount: 24 },
      { description: "Brush head", quantity: 1, unit_price: 8.5, amount: 8.5 }
    ])
  })
})
