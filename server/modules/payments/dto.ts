import type { Payment, PaymentMethod } from '../../../lib/contracts/payments';
import type { PaymentMethodRow, PaymentWithPlan } from './payments.repository';

export function toPaymentDto({ payment: p, plan }: PaymentWithPlan): Payment {
  return {
    id: p.id,
    kind: p.kind,
    status: p.status,
    amount: p.amount,
    currency: p.currency,
    description: p.description,
    plan_code: plan.code,
    plan_name: plan.name,
    add_on_quantity: p.addOnQuantity,
    failure_message: p.failureMessage,
    card: p.cardBrand && p.cardLast4 ? { brand: p.cardBrand, last4: p.cardLast4 } : null,
    created_at: p.createdAt.toISOString(),
  };
}

export function toMethodDto(m: PaymentMethodRow): PaymentMethod {
  return {
    id: m.id,
    brand: m.brand,
    last4: m.last4,
    exp_month: m.expMonth,
    exp_year: m.expYear,
    is_default: m.isDefault,
    created_at: m.createdAt.toISOString(),
  };
}
