import { Inject, Injectable } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { GatewayConfig } from '../../gateway.config';
import { FairAdmission, type Refusal } from './fair-admission';
import { LoopSaturation } from './loop-saturation';

/** Seconds a refused client is told to wait: in-flight requests of a cached page end in milliseconds. */
const RETRY_AFTER_SECONDS = 1;

const REFUSALS: Record<Refusal, string> = {
  places: 'This server is at capacity and your team has its share of it in progress.',
  rate: 'This server is at capacity and your team has sent its share of the requests per second it serves.',
};

/** The RATE_LIMIT_EXCEEDED error a refused request gets, saying why and when to retry. */
function refusalError(refusal: Refusal): DomainError {
  return new DomainError(
    ErrorCode.RateLimitExceeded,
    `${REFUSALS[refusal]} Please retry after ${RETRY_AFTER_SECONDS}s.`,
    {
      retryAfterSeconds: RETRY_AFTER_SECONDS,
    },
  );
}

/**
 * Back-pressure for this replica: a request is counted from the moment its team is known until its response is
 * finished or abandoned. A team over its fair share of a saturated replica gets a 429 with Retry-After at once,
 * instead of waiting in queues it would only lengthen for everyone.
 */
@Injectable()
export class RequestAdmission {
  private readonly admission: FairAdmission;
  /** Responses whose request is counted in already, so a second check of the same request does not count it twice. */
  private readonly admitted = new WeakSet<object>();
  /** Made once: under a flood there are hundreds of refusals a second, and each new error would capture a stack. */
  private readonly refusals: Record<Refusal, DomainError> = {
    places: refusalError('places'),
    rate: refusalError('rate'),
  };

  constructor(@Inject(GatewayConfig) config: GatewayConfig) {
    const loop = new LoopSaturation();
    this.admission = new FairAdmission(
      {
        maxInFlight: config.MAX_REQUESTS_IN_FLIGHT,
        teamRateFloorPerSecond: config.TEAM_RATE_FLOOR_PER_SECOND,
      },
      Date.now,
      (now) => loop.isSaturated(now),
    );
  }

  /** Admits the request of `teamId` for as long as `response` is open, or throws RATE_LIMIT_EXCEEDED. */
  admit(teamId: string, response: Pick<ServerResponse, 'once'>): void {
    const refusal = this.tryAdmit(teamId, response);
    if (refusal) throw refusal;
  }

  /** Admits the request of `teamId` for as long as `response` is open, or returns the RATE_LIMIT_EXCEEDED refusal. */
  tryAdmit(teamId: string, response: Pick<ServerResponse, 'once'>): DomainError | undefined {
    if (this.admitted.has(response)) return undefined;
    const refusal = this.admission.tryAdmit(teamId);
    if (refusal) return this.refusals[refusal];
    this.admitted.add(response);
    // 'close' comes once whether the response was sent or the client went away first.
    response.once('close', () => this.admission.release(teamId));
    return undefined;
  }
}
