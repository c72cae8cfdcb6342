/**
 * Customer service when the operator set no web chat (the `customer_service_url` setting): one thread
 * per user. The user writes (text and/or one of their own uploads), operators of the support and admin
 * roles answer from the back-office inbox; each side has read up to a message, so each sees what the
 * other wrote since. A reply reaches the user's open thread through their socket room. Text is stored
 * and answered as plain text: nothing renders it as HTML.
 */
import {
  SUPPORT_MESSAGES_PAGE_SIZE,
  type SupportAuthor,
  type SupportOperatorMessage,
  type SupportSendInput,
  type SupportThreadPage,
  type SupportThreadRow,
  type SupportThreadView,
  type SupportUnread,
} from '@fairex/contract';
import { logAction, type Operator } from '../admin/operators.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import type { EventBus } from '../events/bus.ts';
import { DomainError } from '../http/errors.ts';
import type { JobScheduler } from '../jobs/scheduler.ts';
import { ownsUpload } from '../uploads/repository.ts';
import type { UploadUrls } from '../uploads/signing.ts';
import {
  insertMessage,
  lockThread,
  lockThreadOfUser,
  markRead,
  messagesOf,
  pageThreads,
  threadOfUser,
  threadRow,
  touchThread,
  unreadOfUser,
  type MessageRow,
  type ThreadFilter,
  type ThreadRow,
} from './repository.ts';

export type SupportOptions = { now: Clock; bus: EventBus; onError?: (error: unknown) => void };
/** Signs the image references of the answers (uploads/signing.ts). */
export type Signer = Pick<UploadUrls, 'sign'>;

/** The inbox shows this much of a thread's last message. */
export const SUPPORT_PREVIEW_CHARS_MAX = 80;

const messageView = (row: MessageRow, sign: Signer): SupportOperatorMessage => ({
  id: String(row.id),
  author: row.author,
  body: row.body,
  image: sign.sign(row.image),
  created_at: row.createdAt.toISOString(),
  operator: row.operator,
});

/** A user sees who answered as "customer service", not an operator's login name. */
const forUser = ({ operator: _operator, ...message }: SupportOperatorMessage) => message;

function threadView(row: ThreadRow): SupportThreadRow {
  const body = [...(row.lastBody ?? '')];
  return {
    id: row.thread.id,
    user_id: row.thread.userId,
    account: row.account,
    nickname: row.nickname,
    last_author: (row.lastAuthor ?? 'user') as SupportAuthor,
    last_body: body.length > SUPPORT_PREVIEW_CHARS_MAX ? `${body.slice(0, SUPPORT_PREVIEW_CHARS_MAX - 1).join('')}…` : body.join(''),
    last_message_at: row.thread.lastMessageAt.toISOString(),
    unread: row.unread,
  };
}

export class SupportService {
  constructor(
    readonly db: Db,
    readonly options: SupportOptions,
  ) {}

  /** Customer service schedules nothing: messages are written and read when people act. */
  register(_jobs: JobScheduler) {
    return this;
  }

  private page(threadId: number | undefined, before: number | undefined, sign: Signer) {
    if (threadId === undefined) return Promise.resolve({ messages: [], has_more: false });
    return messagesOf(this.db, threadId, before, SUPPORT_MESSAGES_PAGE_SIZE).then((rows) => ({
      messages: rows.slice(0, SUPPORT_MESSAGES_PAGE_SIZE).map((row) => messageView(row, sign)),
      has_more: rows.length > SUPPORT_MESSAGES_PAGE_SIZE,
    }));
  }

  // ---- the user ----

  /** GET /support/messages: the user's thread, newest first, with the operator messages they have not read. */
  async thread(userId: number, before: number | undefined, sign: Signer): Promise<SupportThreadPage> {
    const thread = await threadOfUser(this.db, userId);
    const [page, unread] = await Promise.all([this.page(thread?.id, before, sign), unreadOfUser(this.db, userId)]);
    return { messages: page.messages.map(forUser), has_more: page.has_more, unread };
  }

  async unread(userId: number): Promise<SupportUnread> {
    return { unread: await unreadOfUser(this.db, userId) };
  }

  /** POST /support/send: a message into the user's thread (made at their first); an image must be their own upload. */
  async send(userId: number, input: SupportSendInput, sign: Signer) {
    if (input.image !== undefined && !(await ownsUpload(this.db, userId, input.image))) throw new DomainError('upload_missing');
    const now = new Date(this.options.now());
    const row = await this.db.transaction(async (tx) => {
      const thread = await lockThreadOfUser(tx, userId, now);
      const message = await insertMessage(tx, { threadId: thread.id, author: 'user', body: input.body, image: input.image ?? null, createdAt: now });
      await touchThread(tx, thread.id, message);
      return message;
    });
    return forUser(messageView({ ...row, operator: null }, sign));
  }

  /** POST /support/read: the user has seen their thread up to `lastId`. */
  async read(userId: number, lastId: number): Promise<SupportUnread> {
    const thread = await threadOfUser(this.db, userId);
    if (thread) await markRead(this.db, thread.id, 'user', lastId);
    return this.unread(userId);
  }

  // ---- operators ----

  async inbox(filter: ThreadFilter, page: number, limit: number) {
    const { rows, total } = await pageThreads(this.db, filter, page, limit);
    return { data: rows.map(threadView), total, page, limit };
  }

  async threadForOperator(threadId: number, before: number | undefined, sign: Signer): Promise<SupportThreadView> {
    const row = await threadRow(this.db, threadId);
    if (!row) throw new DomainError('not_found');
    return { thread: threadView(row), ...(await this.page(threadId, before, sign)) };
  }

  /** An operator's answer (logged); answering reads the thread up to it. The user's open thread gets it at once. */
  async reply(operator: Operator, threadId: number, body: string, sign: Signer) {
    const now = new Date(this.options.now());
    const { message, userId } = await this.db.transaction(async (tx) => {
      const thread = await lockThread(tx, threadId);
      if (!thread) throw new DomainError('not_found');
      const message = await insertMessage(tx, { threadId, author: 'operator', operatorId: operator.id, body, createdAt: now });
      await touchThread(tx, threadId, message);
      await logAction(tx, operator.id, 'support.reply', `support_thread:${threadId}`, { message_id: String(message.id), user_id: thread.userId });
      return { message, userId: thread.userId };
    });
    const view = messageView({ ...message, operator: operator.username }, sign);
    this.options.bus.emit('support_message', { userId, message: forUser(view) });
    return view;
  }

  /** An operator has read a thread up to `lastId` (logged). */
  async operatorRead(operator: Operator, threadId: number, lastId: number) {
    await this.db.transaction(async (tx) => {
      const thread = await lockThread(tx, threadId);
      if (!thread) throw new DomainError('not_found');
      await markRead(tx, threadId, 'operator', lastId);
      await logAction(tx, operator.id, 'support.read', `support_thread:${threadId}`, { last_id: String(lastId) });
    });
    return threadView((await threadRow(this.db, threadId))!);
  }
}
