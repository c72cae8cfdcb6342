import type { SendMailOptions, Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/client.ts';
import { outbox } from '../accounts/tables.ts';

/** `hasCode`: the body carries a verification code (the outbox masks it; see maskCodes). */
export type Message = { channel: 'mail' | 'sms'; recipient: string; subject: string; body: string; hasCode?: boolean };

/** Verification codes are six digits; a masked body keeps its wording and loses the code. */
export const maskCodes = (text: string) => text.replace(/\d{6}/g, '******');

/**
 * Who may read a verification code in the back office's outbox. In production nobody: a code is the key
 * to an account (password reset, pay password, a new contact), and an operator who reads it can take the
 * account over (security review finding 3). In development and tests the admin reads codes, since no mail
 * or SMS goes out there; support and reviewers never do.
 *   production admin -> false; development admin -> true; development support -> false
 */
export const outboxShowsCodes = (role: string, production: boolean) => !production && role === 'admin';

/** This build has no SMS provider: an SMS code is never delivered (the outbox keeps it). */
const SMS_PROVIDER_CONFIGURED = false;

/**
 * What a production start warns about: channels whose codes cannot reach users. Codes are never shown to
 * operators in production, so an undelivered code is lost and its sign-up, reset or binding cannot finish.
 *   { mail: false, sms: false } (no SMTP_URL) -> both warnings; { mail: true, sms: false } -> the SMS warning only
 */
export function deliveryWarnings(delivers: { mail: boolean; sms: boolean }): string[] {
  const warnings: string[] = [];
  if (!delivers.mail) {
    warnings.push('SMTP_URL is not set: verification codes by mail cannot be delivered (sign-up, password reset and bindings by email will not finish); codes are kept masked in the outbox and no operator can read them');
  }
  if (!delivers.sms) {
    warnings.push('no SMS provider in this build: verification codes by SMS cannot be delivered (sign-up, password reset and bindings by mobile will not finish); codes are kept masked in the outbox and no operator can read them');
  }
  return warnings;
}

export type Notifier = {
  /** Records the message in the outbox (in the caller's transaction) and delivers it where a provider exists. */
  send(tx: Executor, message: Message): Promise<void>;
};

/**
 * Mail goes out through SMTP when SMTP_URL is set (or through `transport`, which tests give). SMS has no
 * provider in this build, so SMS (and mail without SMTP) stay in the outbox, which the back office shows.
 * In production a code is stored masked whatever happened to it: no operator (nor anyone reading the
 * database) ever reads it there, and a production start warns about each channel that cannot deliver.
 */
export function createNotifier(options: { smtpUrl?: string; log: FastifyBaseLogger; transport?: Transporter; production?: boolean }): Notifier {
  const transport = options.transport ?? (options.smtpUrl ? smtpTransport(options.smtpUrl) : undefined);
  if (options.production) for (const warning of deliveryWarnings({ mail: transport !== undefined, sms: SMS_PROVIDER_CONFIGURED })) options.log.warn(warning);
  return {
    async send(tx, message) {
      let delivered = false;
      if (message.channel === 'mail' && transport) {
        await transport.sendMail({ to: message.recipient, subject: message.subject, text: message.body });
        delivered = true;
      }
      // Once the recipient has it, nobody needs to read the code here again; in production nobody may.
      const body = (delivered || options.production) && message.hasCode ? maskCodes(message.body) : message.body;
      await tx.insert(outbox).values({ ...message, body, hasCode: message.hasCode ?? false, delivered });
    },
  };
}

/** SMTP through nodemailer, loaded at the first mail rather than at every start (most starts send none). */
function smtpTransport(smtpUrl: string): Pick<Transporter, 'sendMail'> {
  let made: Promise<Transporter> | undefined;
  return {
    async sendMail(mail: SendMailOptions) {
      made ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
      return (await made).sendMail(mail);
    },
  };
}
