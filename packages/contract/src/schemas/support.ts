/**
 * Customer service (/pages/kefu/index) when the operator set no web chat: one thread per user, written
 * by the user and answered by operators from the back-office inbox. Text is plain (never rendered as
 * HTML); a user's message may carry one image uploaded through POST /upload.
 */
import { z } from 'zod';
import { SUPPORT_MESSAGE_CHARS_MAX } from '../constants.ts';
import { zUploadReference } from '../uploads.ts';
import { zBigId, zBool, zLimit, zPage, zPositiveInt } from '../validators.ts';

const zBody = z.string({ error: 'parameter_error' }).trim().max(SUPPORT_MESSAGE_CHARS_MAX, 'support_message_too_long');

/** POST /support/send: text, an image, or both. */
export const supportSendInput = z
  .object({ body: zBody.default(''), image: zUploadReference('upload_missing').optional() })
  .refine((input) => input.body !== '' || input.image !== undefined, 'support_message_empty');
export type SupportSendInput = z.infer<typeof supportSendInput>;

/** GET /support/messages: the newest page, or the page older than the message `before`. */
export const supportMessagesInput = z.object({ before: zBigId.optional() });
/** POST /support/read: the user has seen the thread up to this message. */
export const supportReadInput = z.object({ last_id: zBigId });

export const SUPPORT_AUTHORS = ['user', 'operator'] as const;
export type SupportAuthor = (typeof SUPPORT_AUTHORS)[number];
export type SupportMessage = {
  id: string;
  author: SupportAuthor;
  body: string;
  /** A signed upload URL, or null. */
  image: string | null;
  created_at: string;
};
/** A page of a thread, newest first; `unread`: operator messages the user has not read. */
export type SupportThreadPage = { messages: SupportMessage[]; has_more: boolean; unread: number };
export type SupportUnread = { unread: number };

// ---- back office (/api/admin/support/*) ----

export const supportThreadListInput = z.object({
  page: zPage,
  limit: zLimit,
  /** Only threads with messages no operator has read. */
  unread: zBool.optional(),
  user_id: zPositiveInt.optional(),
});
export const supportThreadMessagesInput = z.object({ thread_id: zPositiveInt, before: zBigId.optional() });
export const supportReplyInput = z.object({
  thread_id: zPositiveInt,
  body: zBody.refine((body) => body !== '', 'support_message_empty'),
});
export const supportThreadReadInput = z.object({ thread_id: zPositiveInt, last_id: zBigId });

export type SupportThreadRow = {
  id: number;
  user_id: number;
  account: string;
  nickname: string | null;
  last_author: SupportAuthor;
  /** The last message's text (or '' when it was an image only), cut for the list. */
  last_body: string;
  last_message_at: string;
  /** User messages no operator has read. */
  unread: number;
};
export type SupportOperatorMessage = SupportMessage & { operator: string | null };
export type SupportThreadView = { thread: SupportThreadRow; messages: SupportOperatorMessage[]; has_more: boolean };
