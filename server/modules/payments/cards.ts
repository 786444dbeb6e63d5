import type { PaymentMethod, SetupIntent } from '../../../lib/contracts/payments';
import { MESSAGES } from '../../../lib/messages';
import { AppError, isUniqueViolation, notFound } from '../../errors';
import type { CardInput } from '../../payments/types';
import type { BillingCore, BillingUser } from './core';
import { toMethodDto } from './dto';
import type { PaymentMethodRow } from './payments.repository';

/** Saved cards: the provider holds them, we keep brand, last four digits and the default. */
export function createCards(core: BillingCore) {
  const { repo, provider, now } = core.deps;
  return {
    async customer(user: BillingUser) {
      return { customer_id: await core.ensureCustomer(user) };
    },

    async setupIntent(user: BillingUser, customerId: string | undefined): Promise<SetupIntent> {
      if (!customerId)
        throw new AppError(400, 'customer_required', MESSAGES.payments.customerRequired);
      if ((await repo.customerIdOf(user.id)) !== customerId) throw notFound();
      const { clientSecret } = await core.providerCall(() =>
        provider.createSetupIntent(customerId),
      );
      return { client_secret: clientSecret, customer_id: customerId, provider: provider.name };
    },

    async listMethods(userId: string) {
      const rows = await repo.listMethods(userId);
      return { data: rows.map(toMethodDto), total: rows.length };
    },

    async addMethod(user: BillingUser, body: CardInput): Promise<PaymentMethod> {
      const customerId = await core.ensureCustomer(user);
      const details = await core.providerCall(() => provider.attachCard(customerId, body));
      let row: PaymentMethodRow;
      try {
        row = await repo.insertMethod({
          userId: user.id,
          providerRef: details.providerRef,
          brand: details.brand,
          last4: details.last4,
          expMonth: details.expMonth,
          expYear: details.expYear,
          createdAt: now(),
        });
      } catch (err) {
        if (isUniqueViolation(err))
          throw new AppError(409, 'card_exists', MESSAGES.payments.cardExists);
        throw err;
      }
      if (row.isDefault) await provider.setDefaultCard(customerId, row.providerRef);
      return toMethodDto(row);
    },

    async removeMethod(userId: string, id: number) {
      const card = await repo.findMethod(userId, id);
      if (!card) throw notFound(MESSAGES.payments.cardNotFound);
      // Detached first: if the provider refuses, the card stays listed and chargeable.
      await provider.detachCard(card.providerRef);
      const done = await repo.deleteMethod(userId, id);
      const customerId = await repo.customerIdOf(userId);
      if (done?.newDefault && customerId)
        await provider.setDefaultCard(customerId, done.newDefault.providerRef);
      return { message: MESSAGES.payments.cardDeleted };
    },

    async setDefaultMethod(userId: string, id: number) {
      const row = await repo.setDefaultMethod(userId, id);
      if (!row) throw notFound(MESSAGES.payments.cardNotFound);
      const customerId = await repo.customerIdOf(userId);
      if (customerId) await provider.setDefaultCard(customerId, row.providerRef);
      return { message: MESSAGES.payments.cardSetDefault };
    },
  };
}
