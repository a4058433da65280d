/**
 * Questions and answers of the evaluate request (spec 1, "Question" and "Answers").
 * These are the shapes after validation: unknown keys are already dropped.
 */

export interface NoulQuestion {
  readonly type: "noul"
  readonly instructions?: string | undefined
  readonly criteria?: { readonly true?: string | null | undefined; readonly false?: string | null | undefined } | undefined
}

export interface ChoiceQuestion {
  readonly type: "choice"
  readonly instructions?: string | undefined
  /** label -> description (null allowed); at least one label */
  readonly criteria: Readonly<Record<string, string | null>>
}

export interface ScoreQuestion {
  readonly type: "score"
  readonly instructions?: string | undefined
  /** levels in ascending order; the index of a level is its score */
  readonly criteria: ReadonlyArray<string>
}

export type Question = NoulQuestion | ChoiceQuestion | ScoreQuestion

export type Questions = Readonly<Record<string, Question>>

export interface NoulAnswer {
  readonly type: "noul"
  /** probability of yes, in [0, 1] */
  readonly noul: number
}

export interface ChoiceAnswer {
  readonly type: "choice"
  /** the most probable label */
  readonly choice: string
  /** probability of `choice`, in [0, 1] */
  readonly confidence: number
  /** a probability for every label, summing to 1 */
  readonly probabilities: Readonly<Record<string, number>>
}

export interface ScoreAnswer {
  readonly type: "score"
  /** index of the most probable level */
  readonly score: number
  /** the text of that level */
  readonly level: string
  /** probability of `score`, in [0, 1] */
  readonly confidence: number
  /** expected score: sum of index * probability */
  readonly expected_score: number
  /** a probability for every level, in level order, summing to 1 */
  readonly probabilities: ReadonlyArray<number>
}

export type Answer = NoulAnswer | ChoiceAnswer | ScoreAnswer

export type Answers = Readonly<Record<string, Answer>>
