import { z } from 'zod';
import { cardBrandOf, expiryValid, luhnValid } from '@/lib/billing';
import type { AddPaymentMethodBody } from '@/lib/contracts/payments';
import { MESSAGES } from '@/lib/messages';

const digitsOf = (s: string) => s.replace(/[\s-]/g, '');

/** MM/YY or MM/YYYY → month and four-digit year; null when it is not a date. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** Groups the digits as printed on the card: 4-6-5 for American Express, else fours. */
export function formatCardNumber(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 19);
  if (/^3[47]/.test(digits))
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)]
      .filter(Boolean)
      .join(' ');
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Types "1227" as "12/27" and keeps a typed slash. */
export function formatExpiry(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 6);
  if (digits.length <= 2) return text.includes('/') && digits.length === 2 ? `${digits}/` : digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/**
 * The local card form (no Stripe key configured): Luhn, accepted brands (visa, mastercard,
 * amex) and expiry are checked before anything is sent; the server checks them again.
 */
export function cardFormSchema(now: () => Date = () => new Date()) {
  return z.object({
    number: z
      .string()
      .trim()
      .min(1, MESSAGES.payments.cardNumberFormat)
      .refine((v) => /^\d{12,19}$/.test(digitsOf(v)), MESSAGES.payments.cardNumberFormat)
      .refine((v) => luhnValid(digitsOf(v)), MESSAGES.payments.cardInvalid)
      .refine((v) => cardBrandOf(digitsOf(v)) !== null, MESSAGES.payments.cardBrand),
    expiry: z
      .string()
      .refine((v) => parseExpiry(v) !== null, MESSAGES.payments.cardExpiryFormat)
      .refine((v) => {
        const e = parseExpiry(v);
        return e !== null && expiryValid(e.month, e.year, now());
      }, MESSAGES.payments.cardExpired),
    cvc: z.string().regex(/^\d{3,4}$/, MESSAGES.payments.cardCvcFormat),
  });
}
export type CardFormValues = z.infer<ReturnType<typeof cardFormSchema>>;

/** The body of POST /v1/users/me/payment-methods for checked form values. */
export function cardBody(values: CardFormValues): AddPaymentMethodBody {
  const expiry = parseExpiry(values.expiry);
  return {
    card: {
      number: digitsOf(values.number),
      exp_month: expiry?.month ?? 0,
      exp_year: expiry?.year ?? 0,
      cvc: values.cvc,
    },
  };
}
