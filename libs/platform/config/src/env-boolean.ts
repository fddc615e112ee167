import { Transform } from 'class-transformer';

/** Parses "true"/"1"/"yes" and "false"/"0"/"no"; anything else is left for validation to reject. */
export function EnvBoolean(): PropertyDecorator {
  return Transform(({ obj, key }: { obj: Record<string, unknown>; key: string }) => {
    const raw = obj[key];
    if (typeof raw !== 'string') return raw;
    const text = raw.trim().toLowerCase();
    if (['true', '1', 'yes'].includes(text)) return true;
    if (['false', '0', 'no'].includes(text)) return false;
    return raw;
  });
}
