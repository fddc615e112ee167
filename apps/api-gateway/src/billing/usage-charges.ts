import { Inject, Injectable } from '@nestjs/common';
import { Subjects, type UsageKind } from '@wh/contracts';
import { JetStreamPublisher } from '@wh/platform/messaging';
import type { TeamContext } from '../auth/team-context';

/** Charges the gateway makes itself (a map, a search), through billing's usage stream like every other charge. */
@Injectable()
export class UsageCharges {
  constructor(@Inject(JetStreamPublisher) private readonly publisher: JetStreamPublisher) {}

  /** One charge per piece of work: billing keeps one per event id, and the stream drops a repeated publish of it. */
  async charge(team: TeamContext, kind: UsageKind, workId: string, credits: number): Promise<void> {
    await this.publisher.publish(
      Subjects.usageRecorded,
      {
        eventId: `${kind}:${workId}`,
        teamId: team.teamId,
        kind,
        jobId: workId,
        ...(team.apiKeyId ? { apiKeyId: team.apiKeyId } : {}),
        credits,
        occurredAt: new Date().toISOString(),
      },
      { msgId: `usage:${kind}:${workId}` },
    );
  }
}
