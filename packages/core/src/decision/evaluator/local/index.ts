/**
 * The local evaluator: offline, deterministic answers computed from the words of the state.
 *
 * What it does. The state (any JSON value) is flattened into short passages: each leaf value with
 * its key path ("invoice status: overdue"), long texts cut into windows of a few sentences, and
 * small records grouped so that sibling fields are read together. Text is folded (Unicode
 * compatibility forms, Latin accents, case), split into words (identifiers such as `dueDate` too;
 * character bigrams for Chinese/Japanese/Thai), stemmed with a light English stemmer and stripped
 * of stop words. Negations ("not", "no", "never", "without", "n't") mark the next words as
 * negated, and flag-like values mark their key: `paid: false`, `"no"`, `null` or `[]` read as
 * "not paid", `paid: true` or `"yes"` as "paid". Every candidate of a question — a choice label
 * with its description, a score level, a noul criterion, or the instructions themselves when a
 * noul has no criteria — is matched against this index: BM25-style term saturation and idf
 * weights, fuzzy matches between stems (character-trigram similarity: typos, other word forms)
 * and prefix antonyms ("unpaid" contradicts "paid"). The instructions focus the match on the
 * passages they mention, and words that only locate the subject (those of the instructions, or
 * shared by several candidates) weigh less. Supporting and contradicting matches — over the whole
 * state, in the best passage and for the single strongest word — add up to an evidence score per
 * candidate. A small built-in sentiment lexicon adds a polarity fit when candidates differ in
 * sentiment ("angry", "very positive"). A numeric comparison in a noul ("Is the total above
 * 1000?", "at least 3 items", "between 10 and 20") is checked against the number whose key or
 * context best matches its subject, or against the length of a matching array. Scores become
 * probabilities through a softmax with a fixed temperature (choice and score; score levels also
 * pass some probability to their neighbours) or a logistic function (noul), with a uniform floor
 * so that no answer is exactly 0 or 1 (noul stays within [0.02, 0.98]). Without evidence answers
 * are uniform (noul 0.5); a noul about something the state never mentions leans slightly towards
 * no, the more so the more text the state has.
 *
 * What it does not do. It has no world knowledge beyond that sentiment lexicon: no synonyms or
 * embeddings ("bill" does not match "invoice", "years old" does not match "age"), and no
 * reasoning — it does not follow instructions, resolve references ("the first ticket"), read
 * tables, compute (beyond one comparison per noul), understand dates or weigh conflicting
 * statements. English morphology only; other languages match on exact (folded) words. It measures
 * lexical and fuzzy overlap: a deterministic baseline and test double, not a language model.
 *
 * Guarantees. A pure function: the same state and questions give the same answers (no
 * randomness, clock or object identity). Object key order in the state does not matter (keys
 * are visited sorted); array order can only break exact ties. Each question is answered
 * independently of the others; answers keep the key order of the questions. Probabilities are
 * finite, in [0, 1], rounded to 6 decimals, and choice/score distributions sum to 1 (±1e-9). The
 * state is indexed once per call; 512 questions against a 1 MB state take a fraction of a second.
 *
 * Cost. Small requests are the hot path of the service (thousands per second), so a call
 * allocates little: the state index, the scorer's work arrays, term vectors and the query
 * compiler's working sets live in module-level buffers that only grow and are rewound by each
 * call, and words, keys, terms and short question texts are memoised process-wide (bounded memos
 * of pure functions). Buffers are only valid during the call that filled them; every entry that
 * could survive from an earlier call is either rewritten before it is read or guarded by a stamp
 * unique to the call. This relies on evaluateLocally being synchronous and not reentrant.
 */
import type {
  Answer,
  Answers,
  ChoiceAnswer,
  ChoiceQuestion,
  NoulAnswer,
  NoulQuestion,
  Question,
  Questions,
  ScoreAnswer,
  ScoreQuestion
} from "../../question.js"
import {
  CHOICE_TEMPERATURE,
  SCORE_TEMPERATURE,
  argmax,
  noulProbability,
  round6,
  roundDistribution,
  smoothOrdered,
  softmax,
  withUniformFloor
} from "./calibration.js"
import { parseComparison, type Comparison } from "./numeric.js"
import { LABEL_WEIGHT, type Query } from "./query.js"
import { Scorer, type Focus } from "./scoring.js"
import { buildStateIndex } from "./state-index.js"

/** noul: logistic temperature on the evidence scale. */
const NOUL_TEMPERATURE = 0.2
/** noul: how much "not mentioned anywhere" leans towards no (evidence units, for a long text). */
const ABSENCE_LEAN = 0.2
/** Weight of the sentiment fit, in evidence units (choice/score) and logits (noul). */
const POLARITY_WEIGHT = 0.35
const NOUL_POLARITY_WEIGHT = 2.2
/** Lexical evidence kept when a numeric comparison was decided. */
const NUMERIC_LEXICAL_SHARE = 0.3

const text = (s: string | null | undefined): string => (typeof s === "string" ? s.trim() : "")

/**
 * Sentiment fit of candidates: -|state - candidate| polarity, if the candidates differ in
 * sentiment; null when it is 0 for every candidate (the common case: no array needed).
 */
const polarityFit = (scorer: Scorer, focus: Focus | null, queries: ReadonlyArray<Query>): Array<number> | null => {
  // a sentiment dimension: at least two candidates carry sentiment words, and they differ
  let polar = 0
  let max = -Infinity
  let min = Infinity
  for (const q of queries) {
    if (q.polarCount > 0) polar++
    max = Math.max(max, q.polarity)
    min = Math.min(min, q.polarity)
  }
  if (polar < 2 || max - min < 0.25) return null
  const state = scorer.polarity(focus)
  if (state.confidence === 0) return null
  return queries.map((q) => -POLARITY_WEIGHT * state.confidence * Math.abs(state.value - q.polarity))
}

/** Evidence score of each candidate plus its sentiment fit (+ 0 without one, as before). */
const candidateScores = (scorer: Scorer, focus: Focus | null, queries: ReadonlyArray<Query>): Array<number> => {
  const fit = polarityFit(scorer, focus, queries)
  const scores: Array<number> = []
  for (let i = 0; i < queries.length; i++) scores.push(scorer.evidence(queries[i]!, focus).score + (fit === null ? 0 : fit[i]!))
  return scores
}

/**
 * An object with these keys and values, in order. Like Object.fromEntries: every key is an own
 * data property, "__proto__" included.
 */
const record = <V>(keys: ReadonlyArray<string>, value: (i: number) => V): Record<string, V> => {
  const out: Record<string, V> = {}
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!
    if (key === "__proto__") Object.defineProperty(out, key, { value: value(i), writable: true, enumerable: true, configurable: true })
    else out[key] = value(i)
  }
  return out
}

const answerChoice = (scorer: Scorer, q: ChoiceQuestion): ChoiceAnswer => {
  const labels = Object.keys(q.criteria)
  // validation requires a label; without one there is nothing to choose
  if (labels.length === 0) return { type: "choice", choice: "", confidence: 0, probabilities: {} }
  const focus = scorer.focus(q.instructions)
  const candidates = labels.map((label) => [
    { text: label, weight: LABEL_WEIGHT, identifier: true },
    { text: text(q.criteria[label]), weight: 1 }
  ])
  const locators = scorer.queries.locators(q.instructions, candidates)
  const queries = candidates.map((parts) => scorer.queries.compile(parts, { locators }))
  const scores = candidateScores(scorer, focus, queries)
  const probabilities = roundDistribution(withUniformFloor(softmax(scores, CHOICE_TEMPERATURE)))
  const best = argmax(probabilities)
  return {
    type: "choice",
    choice: labels[best]!,
    confidence: probabilities[best]!,
    probabilities: record(labels, (i) => probabilities[i]!)
  }
}

const answerScore = (scorer: Scorer, q: ScoreQuestion): ScoreAnswer => {
  const levels = q.criteria
  if (levels.length === 0) return { type: "score", score: 0, level: "", confidence: 0, expected_score: 0, probabilities: [] }
  const focus = scorer.focus(q.instructions)
  const candidates = levels.map((level) => [{ text: text(level), weight: 1 }])
  const locators = scorer.queries.locators(q.instructions, candidates)
  const queries = candidates.map((parts) => scorer.queries.compile(parts, { locators }))
  const scores = candidateScores(scorer, focus, queries)
  const probabilities = roundDistribution(withUniformFloor(smoothOrdered(softmax(scores, SCORE_TEMPERATURE))))
  const best = argmax(probabilities)
  const expected = probabilities.reduce((acc, p, i) => acc + i * p, 0)
  return {
    type: "score",
    score: best,
    level: levels[best]!,
    confidence: probabilities[best]!,
    expected_score: Math.min(Math.max(0, round6(expected)), Math.max(0, levels.length - 1)),
    probabilities
  }
}

/** The first numeric comparison of the question: true if it is the "yes" side. */
const findComparison = (instructions: string, yes: string, no: string): { c: Comparison; yes: boolean } | null => {
  let c = instructions.length === 0 ? null : parseComparison(instructions)
  if (c !== null) return { c, yes: true }
  c = yes.length === 0 ? null : parseComparison(yes)
  if (c !== null) return { c, yes: true }
  c = no.length === 0 ? null : parseComparison(no)
  return c === null ? null : { c, yes: false }
}

const answerNoul = (scorer: Scorer, q: NoulQuestion): NoulAnswer => {
  const instructions = text(q.instructions)
  const yes = text(q.criteria?.true)
  const no = text(q.criteria?.false)
  const focus = scorer.focus(instructions.length > 0 ? instructions : undefined)
  const locators = scorer.queries.locators(instructions.length > 0 ? instructions : undefined, [
    [{ text: yes, weight: 1 }],
    [{ text: no, weight: 1 }]
  ])
  const comparison = findComparison(instructions, yes, no)
  const index = scorer.index
  // absence of evidence is weak evidence of absence, the more so the more the state says
  const lean = ABSENCE_LEAN * (1 - Math.exp(-index.words / 6))
  let logit = 0
  let polarityTerm = 0
  if (yes.length > 0 && no.length > 0) {
    const qYes = scorer.queries.compile([{ text: yes, weight: 1 }], { locators })
    const qNo = scorer.queries.compile([{ text: no, weight: 1 }], { locators })
    logit = (scorer.evidence(qYes, focus).score - scorer.evidence(qNo, focus).score) / NOUL_TEMPERATURE
    if (qYes.polarCount > 0 || qNo.polarCount > 0) {
      const s = scorer.polarity(focus)
      polarityTerm = s.confidence * (Math.abs(s.value - qNo.polarity) - Math.abs(s.value - qYes.polarity))
    }
  } else if (yes.length > 0 || no.length > 0 || instructions.length > 0) {
    // one-sided: the stated side against "not mentioned"
    const positive = yes.length > 0 || no.length === 0
    const fromInstructions = yes.length === 0 && no.length === 0
    let source = yes.length > 0 ? yes : no.length > 0 ? no : instructions
    if (comparison !== null && fromInstructions) source = comparison.c.subject
    const query = fromInstructions
      ? scorer.queries.compile([{ text: source, weight: 1 }], { positional: true })
      : scorer.queries.compile([{ text: source, weight: 1 }], { locators })
    const evidence = scorer.evidence(query, focus).score
    logit = (positive ? evidence - lean : lean - evidence) / NOUL_TEMPERATURE
    if (query.polarCount > 0) {
      // the unstated side is taken as neutral ("angry" vs "not angry")
      const s = scorer.polarity(focus)
      const fit = s.confidence * (Math.abs(s.value) - Math.abs(s.value - query.polarity))
      polarityTerm = positive ? fit : -fit
    }
  }
  logit += NOUL_POLARITY_WEIGHT * polarityTerm
  if (comparison !== null) {
    const numeric = scorer.comparisonLogit(comparison.c)
    if (numeric !== 0) logit = NUMERIC_LEXICAL_SHARE * logit + (comparison.yes ? numeric : -numeric)
  }
  return { type: "noul", noul: noulProbability(logit) }
}

const answer = (scorer: Scorer, q: Question): Answer => {
  switch (q.type) {
    case "choice":
      return answerChoice(scorer, q)
    case "score":
      return answerScore(scorer, q)
    case "noul":
      return answerNoul(scorer, q)
  }
}

/**
 * Answers every question about the state. Pure and deterministic; the state is indexed once per
 * call and every question is answered independently, in the key order of `questions`.
 */
export const evaluateLocally = (state: unknown, questions: Questions): Answers => {
  const scorer = new Scorer(buildStateIndex(state))
  const names = Object.keys(questions)
  // each answer is computed in key order, once
  return record(names, (i) => answer(scorer, questions[names[i]!]!))
}
