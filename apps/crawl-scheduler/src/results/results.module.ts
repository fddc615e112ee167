import { type DynamicModule, Module, type ModuleMetadata, type Type } from '@nestjs/common';
import { CrawlDatabaseModule } from '../database/database.module';
import { FrontierModule } from '../frontier/frontier.module';
import { JobsModule } from '../jobs/jobs.module';
import { JobResultsKeeper } from './job-results-keeper';
import { PageResultHandler } from './page-result.handler';
import { PageResultsProcessor } from './page-results.processor';
import { ResultLoader } from './result-loader';
import { RESULT_OUTCOME_LISTENERS, type ResultOutcomeListener } from './result-outcomes';

export interface ResultsModuleOptions {
  /** The modules that export the listeners. */
  imports: NonNullable<ModuleMetadata['imports']>;
  /** The stages that react to kept results, in the order their after-commit steps run. */
  listeners: Type<ResultOutcomeListener>[];
}

/** The results of scheduled pages, kept in batches; what keeping them did goes to the listeners it is given. */
@Module({})
export class ResultsModule {
  /** Wired by the root module, so that the results stage depends on none of the stages that react to it. */
  static withListeners(options: ResultsModuleOptions): DynamicModule {
    return {
      module: ResultsModule,
      imports: [CrawlDatabaseModule, FrontierModule, JobsModule, ...options.imports],
      controllers: [PageResultHandler],
      providers: [
        ResultLoader,
        JobResultsKeeper,
        PageResultsProcessor,
        {
          provide: RESULT_OUTCOME_LISTENERS,
          inject: options.listeners,
          useFactory: (...listeners: ResultOutcomeListener[]): ResultOutcomeListener[] => listeners,
        },
      ],
    };
  }
}
