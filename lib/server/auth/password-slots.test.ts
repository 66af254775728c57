/** @jest-environment node */
import { createSlots } from './password-slots';

/** A task that ends when the test says so, noting when it started. */
function task(log: string[], name: string) {
  let end!: (fail?: boolean) => void;
  const run = () =>
    new Promise<string>((resolve, reject) => {
      log.push(`start ${name}`);
      end = (fail = false) => (fail ? reject(new Error(name)) : resolve(name));
    });
  return { run, end: (fail?: boolean) => end(fail) };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('createSlots', () => {
  it('runs at most `max` tasks at once, the others in arrival order', async () => {
    const slots = createSlots(1);
    const log: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => task(log, name));
    const results = [a!, b!, c!].map((one) => slots.run(one.run));
    await turn();
    expect(log).toEqual(['start a']);
    expect(slots.counts).toEqual({ running: 1, waiting: 2 });
    a!.end();
    await turn();
    expect(log).toEqual(['start a', 'start b']);
    b!.end();
    await turn();
    c!.end();
    await expect(Promise.all(results)).resolves.toEqual(['a', 'b', 'c']);
    expect(slots.counts).toEqual({ running: 0, waiting: 0 });
  });

  it('frees its slot when a task fails, and hands the failure back', async () => {
    const slots = createSlots(2);
    const log: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => task(log, name));
    const first = slots.run(a!.run);
    const second = slots.run(b!.run);
    const third = slots.run(c!.run);
    await turn();
    expect(log).toEqual(['start a', 'start b']);
    a!.end(true);
    await expect(first).rejects.toThrow('a');
    await turn();
    expect(log).toEqual(['start a', 'start b', 'start c']);
    b!.end();
    c!.end();
    await expect(Promise.all([second, third])).resolves.toEqual(['b', 'c']);
    expect(slots.counts).toEqual({ running: 0, waiting: 0 });
  });
});
