import { count, desc, eq, ilike, or } from 'drizzle-orm';
import { outbox, sessions, users } from '../accounts/tables.ts';
import { maskCodes } from '../notify/notifier.ts';
import type { Executor } from '../db/client.ts';
import type { UploadUrls } from '../uploads/signing.ts';
import { operatorAuditLog, operators } from './tables.ts';

type PageInput = { page: number; limit: number; q?: string };

const userRow = (u: typeof users.$inferSelect) => ({
  id: u.id,
  account: u.account,
  email: u.email,
  mobile: u.mobile,
  nickname: u.nickname,
  extension_code: u.extensionCode,
  parent_id: u.parentId,
  frozen: u.frozen,
  created_at: u.createdAt.toISOString(),
});

/** Escapes LIKE wildcards so a search for "a_b" finds exactly that. */
const likeTerm = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function pageUsers(db: Executor, { page, limit, q }: PageInput) {
  const where = q ? or(ilike(users.account, likeTerm(q)), ilike(users.email, likeTerm(q)), ilike(users.mobile, likeTerm(q))) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(users).where(where).orderBy(desc(users.id)).limit(limit).offset((page - 1) * limit),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { data: rows.map(userRow), total: total?.n ?? 0, page, limit };
}

export async function userDetail(db: Executor, id: number, uploads: UploadUrls) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) return undefined;
  const [sessionCount] = await db.select({ n: count() }).from(sessions).where(eq(sessions.userId, id));
  return {
    user: {
      ...userRow(user),
      area_code: user.areaCode,
      signature: user.signature,
      head_portrait: uploads.sign(user.headPortrait),
      credit_score: user.creditScore,
    },
    sessions: sessionCount?.n ?? 0,
  };
}

/**
 * The outbox, newest first. A verification code shows only with `showCodes` (admins): every other
 * operator reads it masked, and a delivered message was stored masked (the recipient has it).
 */
export async function pageOutbox(db: Executor, { page, limit }: PageInput, options: { showCodes: boolean }) {
  const [rows, [total]] = await Promise.all([
    db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit).offset((page - 1) * limit),
    db.select({ n: count() }).from(outbox),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      recipient: r.recipient,
      subject: r.subject,
      body: r.hasCode && !options.showCodes ? maskCodes(r.body) : r.body,
      delivered: r.delivered,
      created_at: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page,
    limit,
  };
}

export async function pageAuditLog(db: Executor, { page, limit }: PageInput) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ log: operatorAuditLog, operator: operators.username })
      .from(operatorAuditLog)
      .leftJoin(operators, eq(operators.id, operatorAuditLog.operatorId))
      .orderBy(desc(operatorAuditLog.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(operatorAuditLog),
  ]);
  return {
    data: rows.map(({ log, operator }) => ({
      id: log.id,
      operator,
      action: log.action,
      target: log.target,
      detail: log.detail,
      created_at: log.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page,
    limit,
  };
}
