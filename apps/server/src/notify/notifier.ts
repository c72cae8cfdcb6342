import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/client.ts';
import { outbox } from '../accounts/tables.ts';

export type Message = { channel: 'mail' | 'sms'; recipient: string; subject: string; body: string };

export type Notifier = {
  /** Records the message in the outbox (in the caller's transaction) and delivers it where a provider exists. */
  send(tx: Executor, message: Message): Promise<void>;
};

/**
 * Mail goes out through SMTP when SMTP_URL is set. SMS has no provider in this build, so SMS (and mail
 * without SMTP) stay in the outbox, which the back office shows.
 */
export function createNotifier(options: { smtpUrl?: string; log: FastifyBaseLogger }): Notifier {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  return {
    async send(tx, message) {
      let delivered = false;
      if (message.channel === 'mail' && transport) {
        await transport.sendMail({ to: message.recipient, subject: message.subject, text: message.body });
        delivered = true;
      }
      await tx.insert(outbox).values({ ...message, delivered });
    },
  };
}
