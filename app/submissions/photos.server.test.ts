import { describe, expect, it } from 'vitest'
import { DecodeQueue, DECODES_PER_SENDER } from './photos.server.ts'

/** A task that runs until `release` is called, noting its start in `order`. */
function heldTask(order: string[], name: string) {
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  return {
    task: async () => {
      order.push(name)
      await held
      return name
    },
    release,
  }
}

describe('the decoder line (security review 2026-11-30, N2)', () => {
  it('one place per sender: its next post waits for the one before outside the line, another sender goes first; one more is busy', async () => {
    expect(DECODES_PER_SENDER).toBe(2)
    const queue = new DecodeQueue(1)
    const order: string[] = []
    const first = heldTask(order, 'A1')
    const second = heldTask(order, 'A2')
    const running = queue.run('A', first.task)
    const waitingForA1 = queue.run('A', second.task)
    // A's second post holds no place in the line: B's post still gets the line's one waiting place.
    const other = heldTask(order, 'B')
    const inLine = queue.run('B', other.task)
    expect(await queue.run('A', async () => 'A3')).toEqual({ busy: true })
    first.release()
    expect(await running).toEqual({ busy: false, value: 'A1' })
    other.release()
    expect(await inLine).toEqual({ busy: false, value: 'B' })
    second.release()
    expect(await waitingForA1).toEqual({ busy: false, value: 'A2' })
    expect(order).toEqual(['A1', 'B', 'A2'])
    // Done, the sender may come again.
    expect(await queue.run('A', async () => 'wieder')).toEqual({ busy: false, value: 'wieder' })
  })

  it('a full line is busy for every newcomer; a task that fails frees its place and the line', async () => {
    const queue = new DecodeQueue(1)
    const order: string[] = []
    const held = heldTask(order, 'A')
    const running = queue.run('A', held.task)
    const waiting = queue.run('B', async () => 'B')
    expect(await queue.run('C', async () => 'C')).toEqual({ busy: true })
    held.release()
    await running
    expect(await waiting).toEqual({ busy: false, value: 'B' })
    await expect(queue.run('D', async () => Promise.reject(new Error('kaputt')))).rejects.toThrow('kaputt')
    expect(await queue.run('D', async () => 'D')).toEqual({ busy: false, value: 'D' })
  })
})
