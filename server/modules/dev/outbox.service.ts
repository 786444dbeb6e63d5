import type { OutboxRepository } from '../../mail/outbox.repository';

/** The local outbox as the dev pages show it: newest messages first. */
export function createOutboxService(outbox: OutboxRepository) {
  return {
    async latest() {
      return (await outbox.latest()).map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        links: m.links,
        created_at: m.createdAt.toISOString(),
      }));
    },
  };
}
export type OutboxService = ReturnType<typeof createOutboxService>;
