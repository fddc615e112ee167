import { Inject, Injectable } from '@nestjs/common';
import { Subjects } from '@wh/contracts';
import { JetStreamPublisher } from '@wh/platform/messaging';
import type { TeamContext } from '../auth/team-context';

/** Firecrawl's price of a map, whatever its size. */
export const MAP_CREDITS = 1;

/** Charges maps through billing's usage stream, as every other charge is made. */
@Injectable()
export class MapCharges {
  constructor(@Inject(JetStreamPublisher) private readonly publisher: JetStreamPublisher) {}

  /** One charge per map: billing keeps one per event id, and the stream drops a repeated publish of it. */
  async charge(team: TeamContext, mapId: string): Promise<void> {
    await this.publisher.publish(
      Subjects.usageRecorded,
      {
        eventId: `map:${mapId}`,
        teamId: team.teamId,
        kind: 'map',
        jobId: mapId,
        ...(team.apiKeyId ? { apiKeyId: team.apiKeyId } : {}),
        credits: MAP_CREDITS,
        occurredAt: new Date().toISOString(),
      },
      { msgId: `usage:map:${mapId}` },
    );
  }
}
