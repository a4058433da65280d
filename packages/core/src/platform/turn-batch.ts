/**
 * Responses that become ready during one turn of the event loop are handed to the server
 * together at its end (`setImmediate`: the check phase, after the turn's I/O callbacks and
 * microtasks), not each as soon as it is ready. Both adapters use it: the Node adapter writes the
 * turn's responses then (`@docket/adapter-node`'s listener), and the Bun adapter resolves the
 * turn's fetch promises then (Bun writes a response when its promise resolves).
 *
 * Why: writing a response to a socket makes the kernel deliver it and wake the process reading
 * the other end at once, inside the write call. Interleaved with request processing, a server
 * under load pays that wake-up (on a virtual machine, an inter-processor interrupt) for nearly
 * every response, and the woken readers' next requests trickle in one by one. Written in one
 * burst, the responses of a turn wake their readers about once, and the server's next turn finds
 * their next requests together. On the development machine this raised the small evaluate
 * request's throughput by about half on Node and brought Bun from 62 % to about Node's rate
 * (BENCHMARKS.md); a response waits at most for the rest of the current turn, which a lone
 * request does not even notice.
 */
export type HandOver = (answer: () => void) => void

/** A batch of its own per server or handler: `handOver(f)` runs `f` at the end of this turn. */
export const makeTurnBatch = (): HandOver => {
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
