/**
 * A development start's demo system notice (marked demo, and saying so), in all eight languages.
 * Production seeds none.
 */
import type { NoticeTexts } from '@fairex/contract';
import type { Db } from '../db/client.ts';
import { hasDemoNotice, insertNotice } from './repository.ts';

const DEMO_TEXTS: NoticeTexts = {
  en: {
    title: 'Welcome to FairEx (demo notice)',
    body: 'This notice is demo data of a development start. Operators publish notices like this one under Notices in the back office, per language; your own deposits, withdrawals, identity reviews and filled orders appear in this list too.',
  },
  zh: {
    title: '欢迎使用 FairEx（演示公告）',
    body: '本公告是开发环境启动时生成的演示数据。运营人员在后台的“公告”中按语言发布此类公告；您自己的充值、提现、身份审核和成交订单也会出现在此列表中。',
  },
  hk: {
    title: '歡迎使用 FairEx（示範公告）',
    body: '本公告是開發環境啟動時產生的示範資料。營運人員在後台的「公告」中按語言發佈此類公告；您自己的充值、提現、身份審核和成交訂單也會出現在此列表中。',
  },
  th: {
    title: 'ยินดีต้อนรับสู่ FairEx (ประกาศสาธิต)',
    body: 'ประกาศนี้เป็นข้อมูลสาธิตของการเริ่มระบบในโหมดพัฒนา ผู้ดูแลระบบเผยแพร่ประกาศแบบนี้ได้ที่เมนูประกาศในระบบหลังบ้าน แยกตามภาษา การฝาก การถอน การตรวจสอบตัวตน และคำสั่งที่จับคู่สำเร็จของคุณจะแสดงในรายการนี้ด้วย',
  },
  jp: {
    title: 'FairEx へようこそ（デモのお知らせ）',
    body: 'このお知らせは開発環境の起動時に作成されたデモデータです。運営者はバックオフィスの「お知らせ」で言語ごとにこのようなお知らせを公開します。あなた自身の入金、出金、本人確認の審査、約定した注文もこの一覧に表示されます。',
  },
  kor: {
    title: 'FairEx에 오신 것을 환영합니다 (데모 공지)',
    body: '이 공지는 개발 환경 시작 시 만들어진 데모 데이터입니다. 운영자는 백오피스의 공지 메뉴에서 언어별로 이런 공지를 게시합니다. 회원님의 입금, 출금, 본인 인증 심사와 체결된 주문도 이 목록에 표시됩니다.',
  },
  fra: {
    title: 'Bienvenue sur FairEx (avis de démonstration)',
    body: 'Cet avis est une donnée de démonstration d’un démarrage de développement. Les opérateurs publient ce type d’avis dans Avis du back-office, langue par langue ; vos propres dépôts, retraits, vérifications d’identité et ordres exécutés apparaissent aussi dans cette liste.',
  },
  spa: {
    title: 'Bienvenido a FairEx (aviso de demostración)',
    body: 'Este aviso es un dato de demostración de un arranque de desarrollo. Los operadores publican avisos como este en Avisos del back office, por idioma; sus propios depósitos, retiros, revisiones de identidad y órdenes ejecutadas también aparecen en esta lista.',
  },
};

/** Publishes the demo notice at `now`, once. */
export async function seedNotificationsDemo(db: Db, now: number) {
  if (await hasDemoNotice(db)) return;
  await insertNotice(db, { texts: DEMO_TEXTS, publishAt: now, demo: true, createdAt: now, updatedAt: now });
}
