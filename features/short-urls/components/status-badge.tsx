import { Pill, type PillTone } from '@/components/ui/pill';
import type { ShortUrlStatus } from '../lib/short-url-form';

const TONE: Record<ShortUrlStatus, PillTone> = {
  Active: 'on',
  Disabled: 'off',
  Expired: 'warning',
};

/** Active, Disabled or Expired, as a pill. */
export function StatusBadge({ status }: { status: ShortUrlStatus }) {
  return <Pill tone={TONE[status]}>{status}</Pill>;
}
