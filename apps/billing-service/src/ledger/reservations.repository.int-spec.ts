import { randomUUID } from 'node:crypto';
import { testDatabase } from '@wh/testing';
import type { BillingDatabase } from '../database/billing-database';
import { LedgerRepository } from './ledger.repository';
import { type ReservationRequest, ReservationsRepository } from './reservations.repository';

describe('ReservationsRepository', () => {
  const database = testDatabase<BillingDatabase>();
  let reservations: ReservationsRepository;
  let ledger: LedgerRepository;
  const periodStart = new Date('2026-11-01T00:00:00Z');
  const now = new Date('2026-11-25T10:00:00Z');

  beforeAll(() => {
    reservations = new ReservationsRepository(database.db);
    ledger = new LedgerRepository(database.db);
  });

  const request = (
    teamId: string,
    wanted: number,
    overrides: Partial<ReservationRequest> = {},
  ): ReservationRequest => ({
    teamId,
    periodStart,
    planCredits: 20,
    wanted,
    perPage: 1,
    expiresAt: new Date(now.getTime() + 3_600_000),
    now,
    ...overrides,
  });

  const charge = (teamId: string, jobId: string) => ({
    eventId: randomUUID(),
    teamId,
    kind: 'crawl',
    jobId,
    credits: 1,
    occurredAt: now,
  });

  it('never hands out more than the team has, however many jobs ask at once', async () => {
    const teamId = randomUUID();

    const granted = await Promise.all(Array.from({ length: 6 }, () => reservations.reserve(request(teamId, 50))));

    expect(granted.reduce((sum, reservation) => sum + reservation.granted, 0)).toBe(20);
    expect(granted.filter((reservation) => reservation.granted === 0).every((r) => r.id === null)).toBe(true);
    expect(await reservations.held(teamId, periodStart, now)).toBe(20);
  });

  it('holds less as its job is charged, nothing once released, and nothing after it expires', async () => {
    const teamId = randomUUID();
    const jobId = randomUUID();
    const { id } = await reservations.reserve(request(teamId, 5));
    expect(await reservations.bind(teamId, id ?? '', jobId)).toBe(true);
    expect(await reservations.bind(randomUUID(), id ?? '', randomUUID())).toBe(false);

    await ledger.charge([charge(teamId, jobId), charge(teamId, jobId)]);
    expect(await reservations.held(teamId, periodStart, now)).toBe(3);
    expect((await reservations.reserve(request(teamId, 50))).granted).toBe(20 - 2 - 3);

    expect(await reservations.release({ jobId }, now)).toBe(teamId);
    expect(await reservations.release({ jobId }, now)).toBeUndefined();
    expect(await reservations.held(teamId, periodStart, now)).toBe(15);
    expect(await reservations.held(teamId, periodStart, new Date(now.getTime() + 3_600_000))).toBe(0);
  });

  it('releases a reservation whose job was never created by its id', async () => {
    const teamId = randomUUID();
    const { id } = await reservations.reserve(request(teamId, 5));

    expect(await reservations.release({ reservationId: id ?? '' }, now)).toBe(teamId);
    expect(await reservations.held(teamId, periodStart, now)).toBe(0);
  });

  it('grants a whole number of pages of the job’s per-page cost, and nothing when not one page is left', async () => {
    const teamId = randomUUID();
    await ledger.charge([charge(teamId, 'a-scrape')]);

    expect((await reservations.reserve(request(teamId, 50, { perPage: 5 }))).granted).toBe(15);
    const none = await reservations.reserve(request(teamId, 5, { perPage: 5 }));
    expect(none).toEqual({ id: null, granted: 0 });
    expect(await reservations.held(teamId, periodStart, now)).toBe(15);
  });

  it('counts grants and charges of the period in what is left', async () => {
    const teamId = randomUUID();
    await ledger.grant({ idempotencyKey: `grant:${randomUUID()}`, teamId, credits: 5, reason: 'test', at: now });
    await ledger.charge([charge(teamId, 'a-scrape')]);

    expect((await reservations.reserve(request(teamId, 100))).granted).toBe(24);
  });
});
