import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { ProfilesRepository } from '../database/profiles.repository';
import { Transactions } from '../database/transactions';
import { PROFILE_STORE, type ProfileStore } from './profile-store';

/** Deletes a team's saved profile, unless a live session is writing to it; the stored copy goes once the row is gone. */
@Injectable()
export class DeleteProfile {
  constructor(
    @Inject(Transactions) private readonly transactions: Transactions,
    @Inject(ProfilesRepository) private readonly profiles: ProfilesRepository,
    @Inject(PROFILE_STORE) private readonly store: ProfileStore,
  ) {}

  async execute(teamId: string, name: string): Promise<{ deleted: boolean }> {
    const result = await this.transactions.run(async (trx) => {
      const profile = await this.profiles.lock(trx, teamId, name);
      if (!profile) return { kind: 'missing' } as const;
      if (profile.writerSessionId) return { kind: 'in-use' } as const;
      await this.profiles.delete(trx, teamId, name);
      return { kind: 'deleted', storageKey: profile.storageKey } as const;
    });
    if (result.kind === 'missing') throw new DomainError(ErrorCode.NotFound, 'Browser profile not found');
    if (result.kind === 'in-use')
      throw new DomainError(ErrorCode.BrowserProfileInUse, 'A live session is saving to this profile; end it first.');
    await this.store.delete(result.storageKey);
    return { deleted: true };
  }
}
