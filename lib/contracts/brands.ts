import { z } from 'zod';
import { MESSAGES } from '../messages';
import { requiredText } from './common';

const DOMAIN_RE =
  /^(?=.{1,253}$)(localhost|([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63})(:\d{1,5})?$/;

/** Accepts "example.com", "https://www.example.com/path" and keeps only the host. */
export function normaliseDomain(input: string): string {
  let v = input.trim().toLowerCase();
  v = v.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  v = v.split(/[/?#]/)[0] ?? '';
  return v;
}

export const domainField = z
  .string({ error: MESSAGES.field.required('Website domain') })
  .trim()
  .min(1, { error: MESSAGES.field.required('Website domain') })
  .max(255, { error: MESSAGES.field.tooLong(255) })
  .transform(normaliseDomain)
  .refine((v) => DOMAIN_RE.test(v), { error: MESSAGES.field.domain });

export const brandBody = z.object({
  name: requiredText('Name'),
  domain: domainField,
});
export type BrandBody = z.infer<typeof brandBody>;
export type BrandInput = z.input<typeof brandBody>;

export const brandSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  domain: z.string(),
  write_key: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
/** A tracked product ("brand"). */
export type Brand = z.infer<typeof brandSchema>;
