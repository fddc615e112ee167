import { Module } from '@nestjs/common';
import { CreditReservations } from './credit-reservations';
import { ReservationReleaseListener } from './reservation-release.listener';
import { UsageBiller } from './usage-biller';
import { UsageChargesListener } from './usage-charges.listener';

/**
 * The credits of kept pages, sent to billing-service (each page's charge carries its id: billed once), and the end
 * of jobs, which frees what their credit reservations did not use.
 */
@Module({
  providers: [UsageBiller, UsageChargesListener, CreditReservations, ReservationReleaseListener],
  exports: [UsageChargesListener, ReservationReleaseListener, CreditReservations],
})
export class BillingModule {}
