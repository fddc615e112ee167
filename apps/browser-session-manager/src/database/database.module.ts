import { Module } from '@nestjs/common';
import { ProfilesRepository } from './profiles.repository';
import { ReplicasRepository } from './replicas.repository';
import { SessionsRepository } from './sessions.repository';
import { Transactions } from './transactions';

/** The service's three tables, which placement, the replica and its sessions all read and write. */
@Module({
  providers: [Transactions, SessionsRepository, ReplicasRepository, ProfilesRepository],
  exports: [Transactions, SessionsRepository, ReplicasRepository, ProfilesRepository],
})
export class BrowserSessionDatabaseModule {}
