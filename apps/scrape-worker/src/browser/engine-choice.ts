import type { ResolvedScrapeOptions } from '@wh/contracts';

/** The options of a request that only a browser can honour. */
export function browserReasons(options: ResolvedScrapeOptions): string[] {
  const reasons: string[] = [];
  if (options.screenshot) reasons.push('screenshot');
  if (options.actions?.length) reasons.push('actions');
  if (options.waitFor) reasons.push('waitFor');
  if (options.mobile) reasons.push('mobile');
  if (options.location) reasons.push('location');
  if (options.branding) reasons.push('branding');
  return reasons;
}
