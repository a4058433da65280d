/**
 * The local evaluator: offline, deterministic answers computed from the words of the state.
 *
 * What it does. The state (any JSON value) is flattened into short passages: each leaf value with
 * its key path ("invoice status: overdue"), long texts cut into windows of a few sentences, and
 * small records grouped so that sibling fields are read together. Words are folded (Unicode,
 * accents, case), split (identifiers like `dueDate` too), stemmed with a light English stemmer and
 * stripped of stop words; negations ("not", "no", "never", "without", "n't") and flag values
 * (`paid: false`, `"no"`, `null`, `[]`) mark the words they apply to as negated. Each candidate
 * of a question — a choice label with its description, a score level, a noul criterion, or the
 * instructions themselves when a noul has no criteria — is matched against this index with
 * BM25-style term saturation and idf weights, fuzzy character-trigram matches between stems, and
 * prefix antonyms ("unpaid" contradicts "paid"); the instructions focus the search on the
 * passages they mention. Supporting and contradicting matches give an evidence score per
 * candidate; a small built-in sentiment lexicon adds a polarity fit for sentiment-like candidates
 * ("angry", "very positive"); numeric comparisons in a noul ("Is the total above 1000?") are
 * checked against the number whose key or context best matches the subject. Scores become
 * probabilities through a softmax with a fixed temperature (choice, score — score levels are also
 * smoothed towards their neighbours) or a logistic function (noul), with a uniform floor so that
 * answers are never exactly 0 or 1 (noul stays in [0.02, 0.98]). No evidence gives a (near)
 * uniform answer; for a yes/no question about something the state never mentions, the answer
 * leans slightly towards no, the more so the more text the state has.
 *
 * What it does not do. It has no world knowledge beyond that sentiment lexicon, no synonyms or
 * embeddings (a "bill" does not match an "invoice" unless the text says so), and no reasoning: it
 * does not follow instructions, read tables, do arithmetic beyond one comparison, understand dates,
 * or resolve references. It measures lexical and fuzzy overlap, so it is a baseline and a test
 * double, not a substitute for a language model.
 *
 * Guarantees. A pure function: the same state and questions give the same answers (no
 * randomness, clock or object identity; object key order in the state does not matter, array
 * order can only break exact ties). Answers keep the key order of the questions; probabilities are
 * finite, in [0, 1], rounded to 6 decimals, and choice/score distributions sum to 1 (±1e-9).
 * The state is indexed once per call: 512 questions against a 1 MB state take well under a second.
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
import { LABEL_WEIGHT, Scorer, type Focus, type Query } from "./scoring.js"
import { buildStateIndex } from "./state-index.js"

/** noul: logistic temperature on the evidence scale. */
const NOUL_TEMPERATURE = 0.2
/** noul: how much "not mentioned anywhere" leans towards no (evidence units, for a long text). */
const ABSENCE_LEAN = 0.15
/** Weight of the sentiment fit, in evidence units (choice/score) and logits (noul). */
const POLARITY_WEIGHT = 0.35
const NOUL_POLARITY_WEIGHT = 1.6
/** Lexical evidence kept when a numeric comparison was decided. */
const NUMERIC_LEXICAL_SHARE = 0.3

const text = (s: string | null | undefined): string => (typeof s === "string" ? s.trim() : "")

/** Sentiment fit of candidates: -|state - candidate| polarity, if the candidates differ in sentiment. */
const polarityFit = (scorer: Scorer, focus: Focus | null, queries: ReadonlyArray<Query>): Array<number> => {
  const polarities = queries.map((q) => q.polarity)
  if (polarities.length < 2 || Math.max(...polarities) - Math.min(...polarities) < 0.25) return queries.map(() => 0)
  const state = scorer.polarity(focus)
  if (state.confidence === 0) return queries.map(() => 0)
  return polarities.map((q) => -POLARITY_WEIGHT * state.confidence * Math.abs(state.value - q))
}

const answerChoice = (scorer: Scorer, q: ChoiceQuestion): ChoiceAnswer => {
  const labels = Object.keys(q.criteria)
  const focus = scorer.focus(q.instructions)
  const locators = scorer.instructionTerms(q.instructions)
  const queries = labels.map((label) =>
    scorer.compile(
      [
        { text: label, weight: LABEL_WEIGHT, identifier: true },
        { text: text(q.criteria[label]), weight: 1 }
      ],
      { locators }
    )
  )
  const fit = polarityFit(scorer, focus, queries)
  const scores = queries.map((query, i) => scorer.evidence(query, focus).score + fit[i]!)
  const probabilities = roundDistribution(withUniformFloor(softmax(scores, CHOICE_TEMPERATURE)))
  const best = argmax(probabilities)
  return {
    type: "choice",
    choice: labels[best]!,
    confidence: probabilities[best]!,
    probabilities: Object.fromEntries(labels.map((label, i) => [label, probabilities[i]!]))
  }
}

const answerScore = (scorer: Scorer, q: ScoreQuestion): ScoreAnswer => {
  const levels = q.criteria
  const focus = scorer.focus(q.instructions)
  const locators = scorer.instructionTerms(q.instructions)
  const queries = levels.map((level) => scorer.compile([{ text: text(level), weight: 1 }], { locators }))
  const fit = polarityFit(scorer, focus, queries)
  const scores = queries.map((query, i) => scorer.evidence(query, focus).score + fit[i]!)
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
  for (const [source, side] of [[instructions, true], [yes, true], [no, false]] as const) {
    if (source.length === 0) continue
    const c = parseComparison(source)
    if (c !== null) return { c, yes: side }
  }
  return null
}

const answerNoul = (scorer: Scorer, q: NoulQuestion): NoulAnswer => {
  const instructions = text(q.instructions)
  const yes = text(q.criteria?.true)
  const no = text(q.criteria?.false)
  const focus = scorer.focus(instructions.length > 0 ? instructions : undefined)
  const locators = scorer.instructionTerms(instructions.length > 0 ? instructions : undefined)
  const comparison = findComparison(instructions, yes, no)
  const index = scorer.index
  // absence of evidence is weak evidence of absence, the more so the more the state says
  const lean = ABSENCE_LEAN * (1 - Math.exp(-index.words / 10))
  let logit = 0
  let polarityTerm = 0
  const state = (): ReturnType<Scorer["polarity"]> => scorer.polarity(focus)
  if (yes.length > 0 && no.length > 0) {
    const qYes = scorer.compile([{ text: yes, weight: 1 }], { locators })
    const qNo = scorer.compile([{ text: no, weight: 1 }], { locators })
    logit = (scorer.evidence(qYes, focus).score - scorer.evidence(qNo, focus).score) / NOUL_TEMPERATURE
    if (qYes.polarCount > 0 || qNo.polarCount > 0) {
      const s = state()
      polarityTerm = s.confidence * (Math.abs(s.value - qNo.polarity) - Math.abs(s.value - qYes.polarity))
    }
  } else if (yes.length > 0 || no.length > 0 || instructions.length > 0) {
    // one-sided: the stated side against "not mentioned"
    const positive = yes.length > 0 || no.length === 0
    const fromInstructions = yes.length === 0 && no.length === 0
    let source = yes.length > 0 ? yes : no.length > 0 ? no : instructions
    if (comparison !== null && fromInstructions) source = comparison.c.subject
    const query = fromInstructions
      ? scorer.compile([{ text: source, weight: 1 }], { positional: true })
      : scorer.compile([{ text: source, weight: 1 }], { locators })
    const evidence = scorer.evidence(query, focus).score
    logit = (positive ? evidence - lean : lean - evidence) / NOUL_TEMPERATURE
    if (query.polarCount > 0) {
      // the unstated side is taken as neutral ("angry" vs "not angry")
      const s = state()
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
  return Object.fromEntries(Object.keys(questions).map((name) => [name, answer(scorer, questions[name]!)] as const))
}
