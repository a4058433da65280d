import fc from "fast-check"
import { Tiktoken } from "js-tiktoken/lite"
import cl100kBase from "js-tiktoken/ranks/cl100k_base"
import o200kBase from "js-tiktoken/ranks/o200k_base"
import { beforeAll, describe, expect, it } from "vitest"
import { Merger, SHORT_MERGE_CAPACITY, SHORT_PIECE_MAX } from "../../src/decision/tokenizer/bpe.js"
import { type EncodingName, getEncoding } from "../../src/decision/tokenizer/index.js"
import { NO_RANK, RankTable } from "../../src/decision/tokenizer/ranks.js"

const FILES = { cl100k_base: cl100kBase, o200k_base: o200kBase } as const
const NAMES: ReadonlyArray<EncodingName> = ["cl100k_base", "o200k_base"]

// ---------------------------------------------------------------------------------------------
// Independent reference: rank map parsed with Node's base64 decoder (keys are latin1 strings of
// the token bytes) and the textbook merge loop of tiktoken's Rust `_byte_pair_merge` (cached pair
// ranks, scan for the lowest, leftmost on ties). Quadratic, but with small constants, so usable
// on pieces of ~20 KB where js-tiktoken (which also re-slices and re-joins every pair on every
// scan) takes minutes. It is itself checked against js-tiktoken below.
// ---------------------------------------------------------------------------------------------

const parseRanks = (bpeRanks: string): Map<string, number> => {
  const map = new Map<string, number>()
  for (const line of bpeRanks.split("\n")) {
    if (line === "") continue
    const [, offset, ...tokens] = line.split(" ")
    tokens.forEach((t, i) => map.set(Buffer.from(t, "base64").toString("latin1"), Number(offset) + i))
  }
  return map
}

const referenceMerge = (ranks: Map<string, number>, piece: string): Array<number> => {
  const whole = ranks.get(piece)
  if (whole !== undefined) return [whole]
  const rankOf = (a: number, b: number): number => ranks.get(piece.slice(a, b)) ?? Infinity
  const starts: Array<number> = []
  const pairRanks: Array<number> = []
  for (let i = 0; i <= piece.length; i++) starts.push(i)
  for (let i = 0; i + 1 < piece.length; i++) pairRanks.push(rankOf(i, i + 2))
  for (;;) {
    let min = Infinity
    let at = -1
    for (let i = 0; i < pairRanks.length; i++) {
      if (pairRanks[i] < min) {
        min = pairRanks[i]
        at = i
      }
    }
    if (at < 0) break
    // merge parts `at` and `at + 1`
    starts.splice(at + 1, 1)
    pairRanks.splice(at, 1)
    if (at < pairRanks.length) pairRanks[at] = rankOf(starts[at], starts[at + 2])
    if (at > 0) pairRanks[at - 1] = rankOf(starts[at - 1], starts[at + 1])
  }
  const out: Array<number> = []
  for (let i = 0; i + 1 < starts.length; i++) out.push(ranks.get(piece.slice(starts[i], starts[i + 1])) as number)
  return out
}

const utf8 = new TextEncoder()
const referenceEncode = (ranks: Map<string, number>, patStr: string, text: string): Array<number> => {
  const out: Array<number> = []
  for (const m of text.matchAll(new RegExp(patStr, "gu"))) {
    out.push(...referenceMerge(ranks, Buffer.from(utf8.encode(m[0])).toString("latin1")))
  }
  return out
}

// ---------------------------------------------------------------------------------------------

const js: Partial<Record<EncodingName, Tiktoken>> = {}
const refRanks: Partial<Record<EncodingName, Map<string, number>>> = {}
const jsTiktoken = (name: EncodingName): Tiktoken => js[name] as Tiktoken
const reference = (name: EncodingName, text: string): Array<number> =>
  referenceEncode(refRanks[name] as Map<string, number>, FILES[name].pat_str, text)

beforeAll(() => {
  for (const name of NAMES) {
    js[name] = new Tiktoken(FILES[name])
    refRanks[name] = parseRanks(FILES[name].bpe_ranks)
  }
})

/** mulberry32 */
const rng = (seed: number) => {
  let a = seed >>> 0
  return (): number => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const randomFrom = (alphabet: string, size: number, seed: number): string => {
  const rand = rng(seed)
  const chars = Array.from(alphabet)
  let s = ""
  for (let i = 0; i < size; i++) s += chars[Math.floor(rand() * chars.length)]
  return s
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

const CORPUS: ReadonlyArray<string> = [
  "",
  "a",
  " ",
  "hello world",
  "Hello, World! It's a test. They'll say I'd've DONE it; WE'RE sure & we'LL see.",
  "The quick brown fox jumps over the lazy dog.\n\nPack my box with five dozen liquor jugs!",
  "In 1969, 3 astronauts flew 384,400 km; π ≈ 3.14159265358979, e=2.718281828, 1e-9, 0x1F, 12345678901234567890.",
  'function fib(n: number): number {\n  return n < 2 ? n : fib(n - 1) + fib(n - 2) // recursion\n}\n',
  "def f(x):\n\tif x:\n\t\treturn [i**2 for i in range(x)]  # squares\n\treturn None\n",
  "#include <stdio.h>\nint main(void) { printf(\"%d\\n\", 42); return 0; }\r\n",
  '{"id": 17, "name": "Zoë", "tags": ["a", "b"], "nested": {"ok": true, "v": null, "n": -1.5e+10}}',
  "<html><body><div class=\"x\">&nbsp;&amp;</div></body></html>",
  "SELECT * FROM users WHERE id = 42 AND name LIKE '%bob%';",
  "https://example.com/path/to/page?query=1&other=two#fragment //comment ///triple",
  "   leading spaces",
  "trailing spaces   ",
  "tabs\t\tand\tspaces  \t mixed",
  "line1\nline2\r\nline3\rline4\n\n\n\r\n\r\n",
  "   \n   \n\t\n  x  \n",
  "a\u00a0b\u2003c\u3000d\u2028e\ufeff",
  "日本語のテキストと中文字符，以及한국어 문장。",
  "Emoji: 😀😃😄 👩‍👩‍👧‍👦 🇯🇵 👍🏽 ❤️ 🫠",
  "e\u0301 a\u0308 n\u0303 \u0301\u0301\u0301 Z\u0351\u0358\u0362o\u0335",
  "עברית עם ניקוד: שָׁלוֹם; العربية: مرحبا بالعالم",
  "ǅungla ǈ ǋ ʰʲ ᾈ Ⅻ ½ ²³ ١٢٣ ४२",
  "<|endoftext|>",
  "before <|endoftext|> after <|fim_prefix|><|fim_middle|><|fim_suffix|><|endofprompt|>",
  "<|im_start|>user\nhi<|im_end|>",
  "lone surrogates: \ud800 \udc00 x\ud83dy \ude00",
  "!!!???...,,,;;;:::---___===+++***&&&^^^%%%$$$###@@@~~~```|||\\\\///",
  "'s 's's 'S 'T 'RE 're're 'Ve 'm 'lL 'Ll 'd 'D ''s",
  "ALLCAPS CamelCase camelCase snake_case kebab-case SCREAMING_SNAKE MiXeD",
  "a".repeat(200),
  "ab".repeat(150),
  " ".repeat(300),
  "\n".repeat(100),
  "1234567890".repeat(20),
  "😀".repeat(80),
  "é".repeat(150),
  "中".repeat(120),
  "-".repeat(250),
  "=".repeat(64) + "\n" + "#".repeat(64),
  randomFrom(BASE64, 3000, 1),
  randomFrom("abcdefghijklmnopqrstuvwxyz", 300, 2),
  randomFrom("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", 300, 3),
  randomFrom("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", 250, 4),
  randomFrom(" \t\n\r", 300, 5),
  randomFrom("aé中😀 1!\n'sA\u0301\ud800", 2000, 6)
]

describe("RankTable", () => {
  for (const name of NAMES) {
    it(`${name}: maps every token of the rank file to its rank, and nothing else`, () => {
      const table = new RankTable(FILES[name].bpe_ranks)
      const ref = refRanks[name] as Map<string, number>
      expect(table.size).toBe(ref.size)
      let maxLen = 0
      for (const [bytes, rank] of ref) {
        const b = Buffer.from(bytes, "latin1")
        maxLen = Math.max(maxLen, b.length)
        if (table.lookup(b, 0, b.length) !== rank) expect([bytes, table.lookup(b, 0, b.length)]).toEqual([bytes, rank])
        // also at an offset inside a larger buffer
        const padded = Buffer.concat([Buffer.from([0xff, 0xfe]), b, Buffer.from([0xfd])])
        if (table.lookup(padded, 2, 2 + b.length) !== rank) expect(bytes).toBe(`rank ${rank} at offset`)
      }
      expect(table.maxTokenLength).toBe(maxLen)
      // non-tokens
      const rand = rng(99)
      for (let i = 0; i < 20_000; i++) {
        const len = 1 + Math.floor(rand() * 12)
        const b = Buffer.alloc(len)
        for (let j = 0; j < len; j++) b[j] = rand() < 0.7 ? 97 + Math.floor(rand() * 26) : Math.floor(rand() * 256)
        expect(table.lookup(b, 0, len)).toBe(ref.get(b.toString("latin1")) ?? NO_RANK)
      }
      expect(table.lookup(Buffer.alloc(200, 97), 0, 200)).toBe(NO_RANK)
      expect(table.lookup(Buffer.alloc(2), 1, 1)).toBe(NO_RANK)
    })
  }
})

describe("getEncoding", () => {
  it("caches one instance per name", () => {
    const a = getEncoding("cl100k_base")
    expect(getEncoding("cl100k_base")).toBe(a)
    expect(a.name).toBe("cl100k_base")
    const b = getEncoding("o200k_base")
    expect(b).not.toBe(a)
    expect(b.name).toBe("o200k_base")
    expect(() => getEncoding("toString" as EncodingName)).toThrow(/Unknown encoding/)
  })
})

for (const name of NAMES) {
  describe(`${name}: exactness`, () => {
    it("the test's reference encoder agrees with js-tiktoken", () => {
      for (const text of CORPUS) expect(reference(name, text)).toEqual(jsTiktoken(name).encode(text, [], []))
    })

    it("matches js-tiktoken on the corpus (encode and countTokens)", () => {
      const enc = getEncoding(name)
      for (const text of CORPUS) {
        const expected = jsTiktoken(name).encode(text, [], [])
        expect(enc.encode(text)).toEqual(expected)
        expect(enc.countTokens(text)).toBe(expected.length)
      }
      // the whole corpus as one text too
      const all = CORPUS.join("\n")
      expect(enc.encode(all)).toEqual(jsTiktoken(name).encode(all, [], []))
    })

    it("treats special-token strings as ordinary text", () => {
      const enc = getEncoding(name)
      const text = "x<|endoftext|>y"
      expect(() => jsTiktoken(name).encode(text)).toThrow() // js-tiktoken's default refuses them
      expect(enc.encode(text)).toEqual(jsTiktoken(name).encode(text, [], []))
      expect(enc.encode(text)).not.toContain(FILES[name].special_tokens["<|endoftext|>"])
    })

    it("matches js-tiktoken on random unicode strings", () => {
      const enc = getEncoding(name)
      const check = (text: string): void => {
        const expected = jsTiktoken(name).encode(text, [], [])
        expect(enc.encode(text)).toEqual(expected)
        expect(enc.countTokens(text)).toBe(expected.length)
      }
      const pieces = fc.constantFrom(
        "a", "b", "z", "A", "Q", "the", " the", "The", "ing", " ", "  ", "\t", "\n", "\r\n", "\r", "\u00a0", "\u3000",
        "'s", "'S", "'ll", "'LL", "'Re", "'", "0", "7", "42", "123", "2024", ".", ",", "!", "?", "/", "//", "-", "_",
        "(", ")", "{", "}", "[", "]", "\"", "<|endoftext|>", "<|", "|>", "é", "É", "ß", "ǅ", "ʰ", "\u0301", "e\u0301",
        "中", "文", "한", "ア", "😀", "👍🏽", "🇯🇵", "\u200d", "ه", "ש", "١", "½", "Ⅻ", "\ud800", "\udfff", "\ufffd", "\u0000"
      )
      fc.assert(
        fc.property(fc.array(pieces, { maxLength: 40 }), (xs) => check(xs.join(""))),
        { seed: 20240601, numRuns: 2000 }
      )
      fc.assert(
        fc.property(fc.string({ unit: "grapheme", maxLength: 60 }), check),
        { seed: 1, numRuns: 1000 }
      )
      fc.assert(
        fc.property(fc.string({ unit: "binary", maxLength: 60 }), check),
        { seed: 2, numRuns: 1000 }
      )
      // any UTF-16 code units, including lone surrogates
      fc.assert(
        fc.property(
          fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 40 }),
          check
        ),
        { seed: 3, numRuns: 1000 }
      )
      fc.assert(
        fc.property(fc.string({ unit: "grapheme-ascii", maxLength: 200 }), check),
        { seed: 4, numRuns: 1000 }
      )
    })

    it("uses the O(n log n) merge for long pieces with the same result as the short one", () => {
      // Both merge paths on the same bytes, over lengths on both sides of SHORT_PIECE_MAX.
      const table = new RankTable(FILES[name].bpe_ranks)
      const merger = new Merger(table)
      const rand = rng(5)
      const alphabets = ["a", "ab", "abcdefghijklmnopqrstuvwxyz", " ", " \n", "!", "é中😀", BASE64, "aaaaaaab"]
      for (let round = 0; round < 400; round++) {
        const text = randomFrom(alphabets[round % alphabets.length], 1 + Math.floor(rand() * SHORT_MERGE_CAPACITY), round)
        const bytes = utf8.encode(text)
        const n = Math.min(bytes.length, SHORT_MERGE_CAPACITY)
        const a: Array<number> = []
        const b: Array<number> = []
        expect(merger.mergeShort(bytes, n, a)).toBe(a.length)
        expect(merger.mergeLong(bytes, n, b)).toBe(b.length)
        expect(b).toEqual(a)
        expect(merger.mergeLong(bytes, n, null)).toBe(a.length)
      }
      // random bytes (not valid UTF-8)
      for (let round = 0; round < 200; round++) {
        const n = 2 + Math.floor(rand() * 100)
        const bytes = new Uint8Array(n)
        for (let i = 0; i < n; i++) bytes[i] = Math.floor(rand() * 256)
        const a: Array<number> = []
        const b: Array<number> = []
        merger.mergeShort(bytes, n, a)
        merger.mergeLong(bytes, n, b)
        expect(b).toEqual(a)
      }
    })

    it("matches js-tiktoken on pieces longer than the short-path limit", () => {
      const enc = getEncoding(name)
      const texts = [
        "a".repeat(SHORT_PIECE_MAX + 1),
        "a".repeat(1000),
        "!".repeat(700),
        " ".repeat(900) + "x",
        "é".repeat(400),
        "😀".repeat(200),
        randomFrom("abcdefghijklmnopqrstuvwxyz", 900, 11),
        randomFrom("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", 600, 12),
        randomFrom("!#$%&*+-./:;<=>?@^_|~", 600, 13),
        randomFrom("中文字符日本語", 300, 14)
      ]
      for (const text of texts) expect(enc.encode(text)).toEqual(jsTiktoken(name).encode(text, [], []))
    })

    it("matches the reference encoder on ~20 KB single pieces", () => {
      const enc = getEncoding(name)
      const texts = [
        "a".repeat(20_000),
        "a".repeat(19_999),
        "!".repeat(20_000),
        " ".repeat(20_000),
        "\n".repeat(20_000),
        "é".repeat(10_000),
        "😀".repeat(5_000),
        "中".repeat(7_000),
        randomFrom("abcdefghijklmnopqrstuvwxyz", 20_000, 21),
        randomFrom("aA", 20_000, 22),
        randomFrom("!#$%&*+-./:;<=>?@^_|~", 20_000, 23)
      ]
      for (const text of texts) {
        const expected = reference(name, text)
        expect(enc.encode(text)).toEqual(expected)
        expect(enc.countTokens(text)).toBe(expected.length)
      }
    })
  })

  describe(`${name}: long runs`, () => {
    it('"a" × n splits into 8-byte tokens plus the encoding of the remainder (derived from js-tiktoken)', () => {
      const ref = jsTiktoken(name)
      const [eight] = ref.encode("a".repeat(8), [], [])
      expect(ref.encode("a".repeat(8), [], [])).toEqual([eight])
      const tail = (r: number): Array<number> => (r === 0 ? [] : ref.encode("a".repeat(r), [], []))
      const structured = (n: number): Array<number> => [...Array<number>(Math.floor(n / 8)).fill(eight), ...tail(n % 8)]
      // the structure holds for every length up to 80 and a few longer ones (js-tiktoken is slow there)
      for (let n = 1; n <= 80; n++) expect(ref.encode("a".repeat(n), [], [])).toEqual(structured(n))
      for (const n of [257, 500, 1001]) expect(ref.encode("a".repeat(n), [], [])).toEqual(structured(n))
      // ... and for 20,000 with the reference encoder
      expect(reference(name, "a".repeat(20_003))).toEqual(structured(20_003))

      const enc = getEncoding(name)
      for (const n of [20_003, 1_000_000, 1_000_005]) {
        const text = "a".repeat(n)
        expect(enc.countTokens(text)).toBe(structured(n).length)
      }
      expect(enc.encode("a".repeat(1_000_005))).toEqual(structured(1_000_005))
    })

    it("counts 1,000,000 × \"a\" exactly (its time: bench/tokenizer.ts)", () => {
      const enc = getEncoding(name)
      const text = "a".repeat(1_000_000)
      expect(enc.countTokens(text)).toBe(125_000)
    })

    it("counts 1 MB of random base64 exactly", () => {
      const enc = getEncoding(name)
      const text = randomFrom(BASE64, 1_000_000, 31)
      const value = enc.countTokens(text)
      // exact: the pre-tokens of random base64 are short, so js-tiktoken copes with the whole text
      expect(value).toBe(jsTiktoken(name).encode(text, [], []).length)
    })

    describe("counts other pathological inputs (pre-tokenizer and merge), ~1M characters each (their time: bench/tokenizer.ts)", () => {
      const inputs: ReadonlyArray<readonly [string, () => string]> = [
        ["digits", () => "7".repeat(1_000_000)],
        ["punctuation", () => "!".repeat(1_000_000)],
        ["slashes", () => "/".repeat(1_000_000)],
        ["spaces", () => " ".repeat(1_000_000)],
        ["spaces then a word", () => " ".repeat(1_000_000) + "x"],
        ["newlines", () => "\n".repeat(1_000_000)],
        ["space newline", () => " \n".repeat(500_000)],
        ["CRLF", () => "\r\n".repeat(500_000)],
        ["tabs then a digit", () => "\t".repeat(999_999) + "1"],
        ["upper case", () => "A".repeat(1_000_000)],
        ["upper case then a digit", () => "A".repeat(1_000_000) + "1"],
        ["alternating case", () => "aA".repeat(500_000)],
        ["upper case and apostrophes", () => "A'".repeat(500_000)],
        ["e acute", () => "é".repeat(1_000_000)],
        ["combining marks", () => "\u0301".repeat(1_000_000)],
        ["e + combining mark", () => "e\u0301".repeat(500_000)],
        ["CJK", () => "中".repeat(1_000_000)],
        ["emoji (1 MB of UTF-8)", () => "😀".repeat(250_000)],
        ["emoji (4 MB of UTF-8)", () => "😀".repeat(1_000_000)],
        ["lone surrogates", () => "\ud800".repeat(1_000_000)],
        ["random lower-case letters", () => randomFrom("abcdefghijklmnopqrstuvwxyz", 1_000_000, 41)]
      ]
      for (const [label, make] of inputs) {
        it(label, () => {
          const text = make()
          expect(getEncoding(name).countTokens(text)).toBeGreaterThan(0)
        })
      }

      it("exact counts derived from the structure of the run", () => {
        const enc = getEncoding(name)
        // digits are pre-tokenized as \p{N}{1,3}, and "777" is a single token
        expect(jsTiktoken(name).encode("777", [], [])).toHaveLength(1)
        expect(enc.countTokens("7".repeat(1_000_000))).toBe(333_333 + 1)
        // each "é" is its own token, whatever the run length (checked by js-tiktoken on a short run)
        expect(jsTiktoken(name).encode("é".repeat(500), [], [])).toHaveLength(500)
        expect(enc.countTokens("é".repeat(1_000_000))).toBe(1_000_000)
      })
    })
  })
}
