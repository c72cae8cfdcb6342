/**
 * Back office for system notices: the list with how many users read each (every operator who sees the
 * screen), and publishing, editing and withdrawing (admins, each logged in its transaction). A notice is
 * shown to every user from its publish time until it is withdrawn; a withdrawal is final.
 */
import type { NoticePage, NoticeRow, NoticeSaveInput, NoticeTexts } from '@fairex/contract';
import { logAction, type Operator } from '../admin/operators.ts';
import type { AppContext } from '../app-context.ts';
import { DomainError } from '../http/errors.ts';
import { countUsers, insertNotice, lockNotice, pageNotices, readsOf, updateNotice, type SystemNotice } from './repository.ts';
import { noticeState, publishAtOf } from './rules.ts';

function noticeRow(notice: SystemNotice, reads: number, now: number): NoticeRow {
  return {
    id: notice.id,
    texts: notice.texts,
    publish_at: notice.publishAt,
    withdrawn_at: notice.withdrawnAt,
    state: noticeState(notice, now),
    reads,
    demo: notice.demo,
    created_at: notice.createdAt,
    updated_at: notice.updatedAt,
  };
}

/** GET /api/admin/notices: newest publish time first, with the number of users it may reach. */
export async function noticePage(ctx: Pick<AppContext, 'clock' | 'db'>, input: { page: number; limit: number }): Promise<NoticePage> {
  const [{ rows, total }, users] = await Promise.all([pageNotices(ctx.db, input.page, input.limit), countUsers(ctx.db)]);
  const now = ctx.clock();
  return { data: rows.map((r) => noticeRow(r.notice, r.reads, now)), total, page: input.page, limit: input.limit, users };
}

/**
 * POST /api/admin/notices: publishes a new notice (no id) or edits one not withdrawn (notice_withdrawn).
 * The publish time follows rules.ts publishAtOf; moving it changes when the notice is signalled, and
 * users who read the notice keep it read after an edit. Logged with the texts and times before and after.
 */
export async function saveNotice(ctx: Pick<AppContext, 'clock' | 'db'>, operator: Operator, input: NoticeSaveInput): Promise<NoticeRow> {
  // The schema's refinement guarantees English; its type does not carry that.
  const texts = input.texts as NoticeTexts;
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    if (input.id === undefined) {
      const created = await insertNotice(tx, { texts, publishAt: publishAtOf(input.publish_at, undefined, now), createdAt: now, updatedAt: now });
      await logAction(tx, operator.id, 'notice.publish', `system_notice:${created.id}`, { after: { texts, publish_at: created.publishAt } });
      return noticeRow(created, 0, now);
    }
    const before = await lockNotice(tx, input.id);
    if (!before) throw new DomainError('not_found');
    if (before.withdrawnAt !== null) throw new DomainError('notice_withdrawn');
    const publishAt = publishAtOf(input.publish_at, before.publishAt, now);
    const after = await updateNotice(tx, before.id, {
      texts,
      publishAt,
      updatedAt: now,
      // A notice moved to a later time is signalled again when it shows.
      ...(publishAt !== before.publishAt ? { pushedAt: null } : {}),
    });
    await logAction(tx, operator.id, 'notice.edit', `system_notice:${before.id}`, {
      before: { texts: before.texts, publish_at: before.publishAt },
      after: { texts, publish_at: publishAt },
    });
    return noticeRow(after, await readsOf(tx, after.id), now);
  });
}

/** POST /api/admin/notices/:id/withdraw: users no longer see it (nor count it unread); the reads stay for the record. */
export async function withdrawNotice(ctx: Pick<AppContext, 'clock' | 'db'>, operator: Operator, id: number): Promise<NoticeRow> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockNotice(tx, id);
    if (!before) throw new DomainError('not_found');
    if (before.withdrawnAt !== null) throw new DomainError('notice_withdrawn');
    const now = ctx.clock();
    const after = await updateNotice(tx, id, { withdrawnAt: now, updatedAt: now });
    await logAction(tx, operator.id, 'notice.withdraw', `system_notice:${id}`, { publish_at: before.publishAt });
    return noticeRow(after, await readsOf(tx, id), now);
  });
}
