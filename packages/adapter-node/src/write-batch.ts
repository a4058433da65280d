/**
 * Responses that become ready during one turn of the event loop are written together at its end
 * (`setImmediate`: the check phase, after the turn's I/O callbacks and microtasks), not each as
 * soon as it is ready.
 *
 * Why: writing a response to a socket makes the kernel deliver it and wake the process reading
 * the other end at once, inside the `writev` call. Interleaved with request processing, a server
 * under load pays that wake-up (on a virtual machine, an inter-processor interrupt) for nearly
 * every response, and the woken readers' next requests trickle in one by one. Written in one
 * burst, the responses of a turn wake their readers about once, and the server's next turn finds
 * their next requests together. On the development machine this raised the small evaluate
 * request's throughput by about half and lowered its latency (BENCHMARKS.md); a response waits at
 * most for the rest of the current turn, which a lone request does not even notice.
 */
export type WriteLater = (write: () => void) => void

/** A batch of its own per listener. */
export const makeWriteBatch = (): WriteLater => {
  let pending: Array<() => void> = []
  const flush = (): void => {
    const writes = pending
    pending = []
    for (const write of writes) write()
  }
  return (write) => {
    pending.push(write)
    if (pending.length === 1) setImmediate(flush)
  }
}
