/** The zone this browser runs in: where a new product's reports most likely want their days. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

let zones: string[] | undefined;
/** Every zone name this browser knows, UTC first. */
export function timeZones(): string[] {
  zones ??= [...new Set(['UTC', ...(Intl.supportedValuesOf?.('timeZone') ?? [])])];
  return zones;
}
