import { describe, expect, it } from "@effect/vitest"
import { analyze, analyzeWithPositions, ENGLISH_STOP_WORDS, MAX_TOKEN_LENGTH, tokenize } from "../../../src/workspaces/search/analyzer.js"

describe("stop words", () => {
  it("are Lucene's 33 English stop words, removed", () => {
    expect(ENGLISH_STOP_WORDS.size).toBe(33)
    expect(analyze("The cat is on the mat and it was not there")).toEqual(["cat", "mat"])
    expect(analyze("THE Such THEIR")).toEqual([])
  })

  it("leave gaps in the positions, as Lucene's position increments", () => {
    expect(analyzeWithPositions("the cat and the hat")).toEqual([{ term: "cat", position: 1 }, { term: "hat", position: 4 }])
  })

  it("are only those: pronouns and other common words stay", () => {
    expect(analyze("we have been from")).toEqual(["we", "have", "been", "from"])
  })
})

describe("possessives", () => {
  it("drop a trailing 's with a straight or curly apostrophe", () => {
    expect(analyze("Docket's rules")).toEqual(["docket", "rule"])
    expect(analyze("Docket’s rules")).toEqual(["docket", "rule"])
    expect(analyze("JOHN'S")).toEqual(["john"])
  })

  it("keep contractions and names as one token (UAX #29 joins letters across an apostrophe)", () => {
    expect(tokenize("can't O'Reilly")).toEqual(["can't", "O'Reilly"])
    // a plural possessive's apostrophe ends the word
    expect(tokenize("the dogs' bowls")).toEqual(["the", "dogs", "bowls"])
  })
})

describe("Porter stemming", () => {
  it("stems as Porter's reference examples", () => {
    const cases: Record<string, string> = {
      caresses: "caress", ponies: "poni", ties: "ti", cats: "cat", feed: "feed", agreed: "agre", plastered: "plaster",
      motoring: "motor", sing: "sing", conflated: "conflat", troubled: "troubl", sized: "size", hopping: "hop",
      tanned: "tan", falling: "fall", hissing: "hiss", filing: "file", happy: "happi", relational: "relat",
      conditional: "condit", rational: "ration", valenci: "valenc", digitizer: "digit", conformabli: "conform",
      radicalli: "radic", differentli: "differ", vileli: "vile", analogousli: "analog", vietnamization: "vietnam",
      predication: "predic", operator: "oper", feudalism: "feudal", decisiveness: "decis", hopefulness: "hope",
      callousness: "callous", formaliti: "formal", sensitiviti: "sensit", sensibiliti: "sensibl", triplicate: "triplic",
      formative: "form", formalize: "formal", electriciti: "electr", electrical: "electr", goodness: "good",
      revival: "reviv", allowance: "allow", inference: "infer", airliner: "airlin", adjustable: "adjust",
      defensible: "defens", irritant: "irrit", replacement: "replac", adjustment: "adjust", dependent: "depend",
      adoption: "adopt", homologou: "homolog", communism: "commun", activate: "activ", angulariti: "angular",
      homologous: "homolog", effective: "effect", bowdlerize: "bowdler", probate: "probat", rate: "rate",
      cease: "ceas", controll: "control", roll: "roll", generalizations: "gener"
    }
    for (const [word, stem] of Object.entries(cases)) expect(analyze(word), word).toEqual([stem])
  })

  it("uses the reference implementation's departures, as Lucene's PorterStemFilter (logi → log)", () => {
    expect(analyze("biology")).toEqual(["biologi"])
    expect(analyze("archaeologi")).toEqual(["archaeolog"])
  })

  it("lets inflections meet: a query for one form finds the others", () => {
    expect(new Set(analyze("connect connected connecting connection connections"))).toEqual(new Set(["connect"]))
  })
})

describe("tokenization", () => {
  it("splits on hyphens, slashes and other punctuation, as StandardTokenizer", () => {
    expect(tokenize("well-known covid-19 SARS-CoV-2 and/or (x) [y]")).toEqual(["well", "known", "covid", "19", "SARS", "CoV", "2", "and", "or", "x", "y"])
  })

  it("keeps numbers whole across . , and joins letters with digits", () => {
    expect(tokenize("3.14 1,000,000 p<0.05 covid19 A1c 2×10^6")).toEqual(["3.14", "1,000,000", "p", "0.05", "covid19", "A1c", "2", "10", "6"])
    expect(analyze("In 1990, 12.5% of 1,000 patients")).toEqual(["1990", "12.5", "1,000", "patient"])
  })

  it("joins letters across . and : (abbreviations), but not a trailing one", () => {
    expect(tokenize("U.S.A. e.g. end. a:b")).toEqual(["U.S.A", "e.g", "end", "a:b"])
  })

  it("joins across underscores, and never emits punctuation alone", () => {
    expect(tokenize("foo_bar __ -- ... !!")).toEqual(["foo_bar"])
  })

  it("lower-cases and keeps letters of any script, accents not folded", () => {
    expect(analyze("Café NAÏVE Straße Ελλάδα Москва")).toEqual(["café", "naïv", "straße", "ελλάδα", "москва"])
    expect(analyze("TNF-α and β-cells")).toEqual(["tnf", "α", "β", "cell"])
  })

  it("normalizes NFKC: ligatures, full-width forms and decomposed accents meet their plain forms", () => {
    expect(analyze("ﬁle")).toEqual(analyze("file"))
    expect(analyze("ＡＢＣ１２３")).toEqual(["abc123"])
    expect(analyze("cafe\u0301")).toEqual(["café"])
  })

  it("drops soft hyphens and zero-width joiners inside a word, splits at a zero-width space", () => {
    expect(tokenize("hy\u00ADphen")).toEqual(["hyphen"])
    expect(tokenize("zero\u200Bwidth")).toEqual(["zero", "width"])
  })

  it("makes each Han and Hiragana character a token, Katakana and Thai runs one token", () => {
    expect(tokenize("東京都 ひらがな カタカナ สวัสดีครับ")).toEqual(["東", "京", "都", "ひ", "ら", "が", "な", "カタカナ", "สวัสดีครับ"])
  })

  it("handles characters outside the BMP", () => {
    expect(tokenize("𝐀𝐁𝐂 x😀y")).toEqual(["ABC", "x", "y"])
  })

  it("cuts a token longer than 255 units into pieces", () => {
    const long = "a".repeat(MAX_TOKEN_LENGTH * 2 + 10)
    expect(tokenize(long).map((t) => t.length)).toEqual([MAX_TOKEN_LENGTH, MAX_TOKEN_LENGTH, 10])
  })

  it("gives nothing for empty or blank text", () => {
    expect(analyze("")).toEqual([])
    expect(analyze(" \n\t ")).toEqual([])
  })
})
