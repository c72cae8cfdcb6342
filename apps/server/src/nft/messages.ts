/**
 * What a user is told about their NFTs: one row per event, written in the transaction of the change that
 * causes it (a purchase, a bid beaten, an auction's end, a payment or its time-out, a review, a draw),
 * rendered by the screens in the reader's language from its kind and figures. readNFTOrderMessage marks
 * the user's own message read.
 */
import { toAmountString, type Lang, type NftMessageKind, type NftMessagePage } from '@fairex/contract';
import type { Db, Executor } from '../db/client.ts';
import { DomainError } from '../http/errors.ts';
import { insertMessage, markMessageRead, pageMessages } from './repository.ts';
import { messageView } from './views.ts';

export type MessageFigures = { price?: string; margin?: string; currency?: string; due_at?: number; order_id?: number; note?: string };

/** Amounts as the wire writes them ("120", not NUMERIC's "120.000000000000000000"). */
const normalised = (figures: MessageFigures): MessageFigures => ({
  ...figures,
  ...(figures.price === undefined ? {} : { price: toAmountString(figures.price) }),
  ...(figures.margin === undefined ? {} : { margin: toAmountString(figures.margin) }),
});

export function tell(
  tx: Executor,
  message: { userId: number; kind: NftMessageKind; at: number; itemId?: number | null; seriesId?: number | null; listingId?: number | null; figures?: MessageFigures },
) {
  return insertMessage(tx, {
    userId: message.userId,
    kind: message.kind,
    itemId: message.itemId ?? null,
    seriesId: message.seriesId ?? null,
    listingId: message.listingId ?? null,
    figures: normalised(message.figures ?? {}),
    createdAt: message.at,
  });
}

/** The user's messages, newest first, with how many are unread. */
export async function messagesOf(db: Db, userId: number, lang: Lang, page: number, limit: number): Promise<NftMessagePage> {
  const { rows, total, unread } = await pageMessages(db, userId, page, limit);
  return { data: rows.map((row) => messageView(row, lang)), total, page, limit, unread };
}

/** POST /bind_box/readNFTOrderMessage: another user's message is 'not_found'. */
export async function readMessage(db: Db, userId: number, id: number, now: number) {
  if (!(await markMessageRead(db, userId, id, now))) throw new DomainError('not_found');
  return { id, read: true };
}
