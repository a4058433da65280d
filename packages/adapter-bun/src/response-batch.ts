/**
 * Answers that become ready during one turn of the event loop are handed to Bun together at its
 * end (`setImmediate`), not each as soon as it is ready: Bun writes a response to its socket when
 * the handler's promise resolves, and each write makes the kernel wake the reader at the other end
 * at once. Handed over in one burst, the responses of a turn wake their readers about once, and
 * the server's next turn finds their next requests together — as the Node adapter does
 * (`@docket/adapter-node`'s write-batch.ts). On the development machine this brought a small
 * evaluate request on Bun from about 62 % to about Node's rate (BENCHMARKS.md); an answer waits at
 * most for the rest of the current turn.
 */
export type HandOver = (answer: () => void) => void

/** A batch of its own per server or handler. */
export const makeResponseBatch = (): HandOver => {
  let pending: Array<() => void> = []
  const flush = (): void => {
    const answers = pending
    pending = []
    for (const answer of answers) answer()
  }
  return (answer) => {
    pending.push(answer)
    if (pending.length === 1) setImmediate(flush)
  }
}
