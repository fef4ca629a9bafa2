import { EmailQueueEntity } from '../../src/email/email-queue.entity';
import type { FactoryContext } from './context';

/** A pending outbox row (a test e-mail to `to`), as the outbox write leaves it before its queue job exists. */
export function newQueuedEmail(ctx: FactoryContext, options: { to: string; subject?: string }): Promise<EmailQueueEntity> {
  const outbox = ctx.dataSource.getRepository(EmailQueueEntity);
  return outbox.save(
    outbox.create({ emailType: 'test_email', subject: options.subject ?? 'E-mail de teste', recipientEmail: options.to, body: 'm' }),
  );
}
