/**
 * The engine's session queue: commands on one session run one at a time in arrival order, commands on other
 * sessions do not wait for them, a line is gone once idle, a command that fails ends its turn, a stuck command
 * holds its turn no longer than the turn's limit, and a line shared with another process pauses between turns;
 * and the engine's checks of its contention options.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CartwrightInvariantError } from '../../src/domain/errors.js';
import { createSessionQueue, type SessionTurn } from '../../src/engine/session-queue.js';
import { demoCheckout } from './support/demo-checkout.js';

/** A promise and the function that settles it. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createSessionQueue', () => {
  it('runs the commands of one session one at a time, in the order they arrived', async () => {
    const queue = createSessionQueue(60_000);
    const log: string[] = [];
    let running = 0;
    const task = (name: string) => async () => {
      running += 1;
      expect(running).toBe(1);
      log.push(`${name} start`);
      await new Promise((resolve) => setTimeout(resolve, 1));
      log.push(`${name} end`);
      running -= 1;
      return name;
    };
    const answers = await Promise.all(['a', 'b', 'c'].map((name) => queue.run('s1', task(name))));
    expect(answers).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
  });

  it('tells a command whether it had to wait for another', async () => {
    const queue = createSessionQueue(60_000);
    const seen = await Promise.all([1, 2, 3].map(() => queue.run('s1', async (turn) => turn.waited)));
    expect(seen).toEqual([false, true, true]);
    expect(await queue.run('s1', async (turn) => turn.waited)).toBe(false);
  });

  it('does not make a command wait for another session', async () => {
    const queue = createSessionQueue(60_000);
    const held = gate();
    const first = queue.run('s1', () => held.opened);
    expect(await queue.run('s2', async (turn) => turn.waited)).toBe(false);
    held.open();
    await first;
  });

  it('ends the turn of a command that throws or rejects, and keeps no line once idle', async () => {
    const queue = createSessionQueue(60_000);
    const failing = [
      queue.run('s1', () => {
        throw new Error('bug');
      }),
      queue.run('s1', () => Promise.reject(new Error('port down'))),
    ];
    const next = queue.run('s1', async () => 'ran');
    await expect(failing[0]).rejects.toThrow('bug');
    await expect(failing[1]).rejects.toThrow('port down');
    expect(await next).toBe('ran');
    expect(queue.size()).toBe(0);
  });

  it('keeps no line for any of a thousand sessions once their commands are done', async () => {
    const queue = createSessionQueue(60_000);
    await Promise.all(
      Array.from({ length: 3_000 }, (_, i) => queue.run(`s${i % 1_000}`, async () => undefined)),
    );
    expect(queue.size()).toBe(0);
  });

  it('lets the next command start once a stuck one has held its turn for the limit', async () => {
    vi.useFakeTimers();
    const queue = createSessionQueue(5_000);
    const stuck = gate();
    void queue.run('s1', () => stuck.opened);
    let started = false;
    const next = queue.run('s1', async () => {
      started = true;
    });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(started).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toBe(true);
    await next;
    // The stuck command still ends its turn when it finally answers, and the line goes with it.
    stuck.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.size()).toBe(0);
  });

  it('a command arriving while a stuck one runs starts at the limit, counted from when the stuck one began', async () => {
    vi.useFakeTimers();
    const queue = createSessionQueue(5_000);
    const stuck = gate();
    void queue.run('s1', () => stuck.opened);
    await vi.advanceTimersByTimeAsync(1_000);
    let started = false;
    const next = queue.run('s1', async () => {
      started = true;
    });
    await vi.advanceTimersByTimeAsync(3_999);
    expect(started).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toBe(true);
    await next;
    stuck.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.size()).toBe(0);
  });

  it('after a race lost to another process, waits as long as the last attempt took before the next turn', async () => {
    vi.useFakeTimers();
    const queue = createSessionQueue(5_000);
    const attempt = gate();
    const first = queue.run('s1', async (turn: SessionTurn) => {
      await new Promise((resolve) => setTimeout(resolve, 100)); // the attempt that lost
      turn.lostRace();
      await attempt.opened; // the attempt that won
    });
    let startedAt: number | undefined;
    const next = queue.run('s1', async () => {
      startedAt = Date.now();
    });
    await vi.advanceTimersByTimeAsync(100);
    await vi.advanceTimersByTimeAsync(30);
    attempt.open();
    await first;
    const endedAt = Date.now();
    await vi.advanceTimersByTimeAsync(29);
    expect(startedAt).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await next;
    expect(startedAt).toBe(endedAt + 30);
    expect(queue.size()).toBe(0);
  });

  it('never pauses a line no other process writes', async () => {
    vi.useFakeTimers();
    const queue = createSessionQueue(5_000);
    const order: string[] = [];
    const first = queue.run('s1', async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      order.push('first');
    });
    const next = queue.run('s1', async () => {
      order.push('next');
    });
    await vi.advanceTimersByTimeAsync(100);
    await Promise.all([first, next]);
    expect(order).toEqual(['first', 'next']);
  });
});

describe('createCheckout: the contention options', () => {
  it('refuses a turn limit or retry count the engine cannot wait by', () => {
    for (const contention of [{ turnMs: 0 }, { turnMs: Number.NaN }, { retries: -1 }, { retries: 1.5 }]) {
      expect(() => demoCheckout({ options: { contention } }), JSON.stringify(contention)).toThrow(
        CartwrightInvariantError,
      );
    }
    expect(() => demoCheckout({ options: { contention: { retries: 0, turnMs: 1 } } })).not.toThrow();
  });
});
