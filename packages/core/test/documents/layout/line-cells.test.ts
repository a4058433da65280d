/** A text line's cells (`documents/layout/layout.ts`): markdown rows keep every column, an empty cell included. */
import { describe, expect, it } from "vitest"
import { lineCells } from "../../../src/documents/layout/layout.js"

const cells = (line: string) => lineCells(line).map((c) => [c.text, c.x0])

describe("lineCells", () => {
  it("a markdown row's empty cells keep their columns, first and middle ones too", () => {
    expect(cells("|  | Carried forward | 1,250.00 |")).toEqual([["Carried forward", 1], ["1,250.00", 2]])
    expect(cells("| Hinge kit |   | 3 |")).toEqual([["Hinge kit", 0], ["3", 2]])
    expect(cells("| Hinge kit || 3 |")).toEqual([["Hinge kit", 0], ["3", 2]])
  })

  it("a markdown cell keeps its inner spaces and an escaped pipe", () => {
    expect(cells("| Bolt  M8 \\| zinc | 12 |")).toEqual([["Bolt  M8 | zinc", 0], ["12", 1]])
  })

  it("a line with ` | ` between cells and no leading pipe splits at the pipes and at wide gaps", () => {
    expect(cells("Ref 7 | Hinge kit   3")).toEqual([["Ref 7", 0], ["Hinge kit", 1], ["3", 2]])
  })
})
