import type { ChargeRecord } from '../ledger/ledger.repository';
import { ChargeBatcher } from './charge-batcher';

const charge = (eventId: string): ChargeRecord => ({
  eventId,
  teamId: 'team-1',
  kind: 'scrape',
  jobId: eventId,
  credits: 1,
  occurredAt: new Date('2026-11-25T10:00:00Z'),
});

describe('ChargeBatcher', () => {
  it('writes the charges of messages arriving within the window in one write, and resolves each after it', async () => {
    const writes: string[][] = [];
    const batcher = new ChargeBatcher(async (charges) => {
      writes.push(charges.map((c) => c.eventId));
    }, 10);

    await Promise.all([
      batcher.add([charge('a')]),
      batcher.add([charge('b'), charge('c')]),
      batcher.add([charge('d')]),
    ]);

    expect(writes).toEqual([['a', 'b', 'c', 'd']]);
  });

  it('starts a new group for a message arriving after the previous group was written', async () => {
    const writes: string[][] = [];
    const batcher = new ChargeBatcher(async (charges) => {
      writes.push(charges.map((c) => c.eventId));
    }, 1);

    await batcher.add([charge('a')]);
    await batcher.add([charge('b')]);

    expect(writes).toEqual([['a'], ['b']]);
  });

  it('when a group fails, writes each message alone so that only the refused one fails', async () => {
    const writes: string[][] = [];
    const refused = new Error('refused');
    const batcher = new ChargeBatcher(async (charges) => {
      writes.push(charges.map((c) => c.eventId));
      if (charges.some((c) => c.eventId === 'bad')) throw refused;
    }, 5);

    const outcomes = await Promise.allSettled([
      batcher.add([charge('a')]),
      batcher.add([charge('bad')]),
      batcher.add([charge('c')]),
    ]);

    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(writes).toEqual([['a', 'bad', 'c'], ['a'], ['bad'], ['c']]);
  });

  it('rejects a lone message whose write failed', async () => {
    const batcher = new ChargeBatcher(async () => {
      throw new Error('database away');
    }, 1);

    await expect(batcher.add([charge('a')])).rejects.toThrow('database away');
  });
});
