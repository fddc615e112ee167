import { Controller, Inject } from '@nestjs/common';
import { Consumers, ExtractJobRunCommand } from '@wh/contracts';
import { ConsumeStream, type JetStreamMessageContext, PreserveRpcErrors } from '@wh/platform/messaging';
import { RunExtractJob } from './run-extract-job';

/** The work queue of extract jobs: one message per job, acked once the job ended (or was already over). */
@Controller()
@PreserveRpcErrors()
export class ExtractJobRunHandler {
  constructor(@Inject(RunExtractJob) private readonly runJob: RunExtractJob) {}

  @ConsumeStream(Consumers.extractServiceJobs)
  async run(command: ExtractJobRunCommand, context: JetStreamMessageContext): Promise<void> {
    await this.runJob.execute(command, context);
  }
}
