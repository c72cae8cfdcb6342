import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/client.ts';
import { outbox } from '../accounts/tables.ts';

/** `hasCode`: the body carries a verification code (the outbox masks it; see maskCodes). */
export type Message = { channel: 'mail' | 'sms'; recipient: string; subject: string; body: string; hasCode?: boolean };

/** Verification codes are six digits; a masked body keeps its wording and loses the code. */
export const maskCodes = (text: string) => text.replace(/\d{6}/g, '******');

export type Notifier = {
  /** Records the message in the outbox (in the caller's transaction) and delivers it where a provider exists. */
  send(tx: Executor, message: Message): Promise<void>;
};

/**
 * Mail goes out through SMTP when SMTP_URL is set (or through `transport`, which tests give). SMS has no provider in this build, so SMS (and mail
 * without SMTP) stay in the outbox, which the back office shows.
 */
export function createNotifier(options: { smtpUrl?: string; log: FastifyBaseLogger; transport?: Transporter }): Notifier {
  const transport = options.transport ?? (options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined);
  return {
    async send(tx, message) {
      let delivered = false;
      if (message.channel === 'mail' && transport) {
        await transport.sendMail({ to: message.recipient, subject: message.subject, text: message.body });
        delivered = true;
      }
      // Once the recipient has it, nobody needs to read the code here again.
      const body = delivered && message.hasCode ? maskCodes(message.body) : message.body;
      await tx.insert(outbox).values({ ...message, body, hasCode: message.hasCode ?? false, delivered });
    },
  };
}
