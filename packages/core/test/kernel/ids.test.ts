import { describe, expect, it } from "@effect/vitest"
import { Kernel } from "@docket/core"

describe("ids", () => {
  it("hex reads exactly the bytes of a view, wherever it sits in its buffer", () => {
    const whole = Uint8Array.from([0x00, 0x0f, 0xa0, 0xff, 0x42])
    expect(Kernel.hex(whole)).toBe("000fa0ff42")
    expect(Kernel.hex(whole.subarray(1, 4))).toBe("0fa0ff")
    expect(Kernel.hex(whole.subarray(2, 2))).toBe("")
  })

  it("request ids are req_ + 32 lowercase hex characters, and differ", () => {
    const ids = new Set(Array.from({ length: 2000 }, () => Kernel.newRequestId(Kernel.cryptoIds)))
    expect(ids.size).toBe(2000)
    for (const id of ids) expect(id).toMatch(/^req_[0-9a-f]{32}$/)
    expect(Kernel.prefixedId(Kernel.cryptoIds, "slot")).toMatch(/^slot_[0-9a-f]{24}$/)
  })
})
