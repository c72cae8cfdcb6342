/**
 * Demo IEO projects for a development start (production seeds nothing): one in progress and one in
 * warm-up, each selling a demo token coin created for it (no networks, so it can be neither deposited
 * nor withdrawn). Rows are marked demo; a second call adds nothing. Links are left empty rather than
 * invented, and no listing date is announced. A project has one description (the back office writes
 * one); the demo's is written in all eight languages, and readers get theirs (describedIn).
 */
import { DAY_MS, type Lang } from '@fairex/contract';
import type { Db } from '../db/client.ts';
import { coinByName, demoProjectExists, insertProject, insertTokenCoin } from './repository.ts';

const USDT = 'USDT';

const DEMO_PROJECTS = [
  {
    token: { name: 'FAIR', fullName: 'FairEx Demo Token', decimals: 8 },
    name: 'FairEx Demo Token (FAIR)',
    description: {
      en: 'A demonstration project: subscribe with USDT while it is in progress; when it ends, each subscription gets its share (pro rata if oversubscribed), pays only for what it got and has the rest refunded. Allocated FAIR stays locked for 30 days. FAIR is a demo coin.',
      zh: '演示项目：进行中时可用 USDT 申购；结束后每笔申购按份额分配（超额认购时按比例），只为获配部分付款，其余退还。获配的 FAIR 锁定 30 天。FAIR 是演示币。',
      hk: '示範項目：進行中時可用 USDT 申購；結束後每筆申購按份額分配（超額認購時按比例），只為獲配部分付款，其餘退還。獲配的 FAIR 鎖定 30 天。FAIR 是示範幣。',
      th: 'โครงการสาธิต: จองซื้อด้วย USDT ระหว่างที่เปิดอยู่ เมื่อสิ้นสุด การจองแต่ละรายการได้รับส่วนแบ่งของตน (ตามสัดส่วนหากมีผู้จองเกิน) จ่ายเฉพาะส่วนที่ได้รับ และได้รับเงินส่วนที่เหลือคืน FAIR ที่ได้รับจัดสรรจะถูกล็อก 30 วัน FAIR เป็นเหรียญสาธิต',
      jp: 'デモプロジェクトです。実施中は USDT で申し込めます。終了すると各申し込みは持ち分を受け取り（申込超過の場合は按分）、受け取った分だけを支払い、残りは返金されます。割り当てられた FAIR は 30 日間ロックされます。FAIR はデモ通貨です。',
      kor: '데모 프로젝트입니다. 진행 중에 USDT로 청약할 수 있으며, 종료되면 각 청약은 자기 몫을 받고(초과 청약 시 비례 배분), 받은 만큼만 지불하고 나머지는 환불받습니다. 배정된 FAIR는 30일 동안 잠깁니다. FAIR는 데모 코인입니다.',
      fra: 'Un projet de démonstration : souscrivez en USDT tant qu’il est en cours ; à la fin, chaque souscription reçoit sa part (au prorata en cas de sursouscription), ne paie que ce qu’elle a obtenu et se fait rembourser le reste. Les FAIR attribués restent bloqués 30 jours. FAIR est une crypto de démonstration.',
      spa: 'Un proyecto de demostración: suscríbase con USDT mientras está en curso; al terminar, cada suscripción recibe su parte (a prorrata si hay sobresuscripción), paga solo lo que obtuvo y se le reembolsa el resto. Los FAIR asignados quedan bloqueados 30 días. FAIR es una moneda de demostración.',
    },
    price: '0.05',
    totalIssuance: '10000000',
    amountMin: '100',
    amountMaxPerUser: '200000',
    lockDays: 30,
    /** Started a day ago, ends in 7 days. */
    startInMs: -DAY_MS,
    endInMs: 7 * DAY_MS,
  },
  {
    token: { name: 'GRID', fullName: 'GridLink Demo Token', decimals: 8 },
    name: 'GridLink Demo Token (GRID)',
    description: {
      en: 'A demonstration project in warm-up: subscriptions open in 3 days and run for 5 days. Allocated GRID stays locked for 15 days. GRID is a demo coin.',
      zh: '预热中的演示项目：申购 3 天后开放，持续 5 天。获配的 GRID 锁定 15 天。GRID 是演示币。',
      hk: '預熱中的示範項目：申購 3 天後開放，持續 5 天。獲配的 GRID 鎖定 15 天。GRID 是示範幣。',
      th: 'โครงการสาธิตในช่วงอุ่นเครื่อง: เปิดให้จองซื้อในอีก 3 วันและเปิดนาน 5 วัน GRID ที่ได้รับจัดสรรจะถูกล็อก 15 วัน GRID เป็นเหรียญสาธิต',
      jp: 'ウォームアップ中のデモプロジェクトです。申し込みは 3 日後に始まり、5 日間受け付けます。割り当てられた GRID は 15 日間ロックされます。GRID はデモ通貨です。',
      kor: '예열 중인 데모 프로젝트입니다. 청약은 3일 후에 시작되어 5일 동안 진행됩니다. 배정된 GRID는 15일 동안 잠깁니다. GRID는 데모 코인입니다.',
      fra: 'Un projet de démonstration en préparation : les souscriptions ouvrent dans 3 jours pour 5 jours. Les GRID attribués restent bloqués 15 jours. GRID est une crypto de démonstration.',
      spa: 'Un proyecto de demostración en preparación: las suscripciones abren dentro de 3 días y duran 5 días. Los GRID asignados quedan bloqueados 15 días. GRID es una moneda de demostración.',
    },
    price: '0.12',
    totalIssuance: '5000000',
    amountMin: '50',
    amountMaxPerUser: '100000',
    lockDays: 15,
    startInMs: 3 * DAY_MS,
    endInMs: 8 * DAY_MS,
  },
] as const;

/**
 * The description a reader of `lang` gets: a demo project's own in their language while it is the text
 * the seed wrote, else the project's as written (an operator's edit shows as they wrote it).
 */
export function describedIn(project: { demo: boolean; description: string }, lang: Lang): string {
  const demo = project.demo ? DEMO_PROJECTS.find((p) => p.description.en === project.description) : undefined;
  return demo ? demo.description[lang] : project.description;
}

export async function seedIeoDemo(db: Db, now: number) {
  await db.transaction(async (tx) => {
    const usdt = await coinByName(tx, USDT);
    if (!usdt) return;
    for (const demo of DEMO_PROJECTS) {
      if (await demoProjectExists(tx, demo.name)) continue;
      // The token coin may exist from an earlier start whose project an operator removed or renamed.
      const token = (await insertTokenCoin(tx, { ...demo.token, referencePriceUsdt: demo.price })) ?? (await coinByName(tx, demo.token.name));
      if (!token) continue;
      await insertProject(tx, {
        name: demo.name,
        description: demo.description.en,
        currencyId: token.id,
        payCurrencyId: usdt.id,
        price: demo.price,
        totalIssuance: demo.totalIssuance,
        amountMin: demo.amountMin,
        amountMaxPerUser: demo.amountMaxPerUser,
        lockDays: demo.lockDays,
        startAt: now + demo.startInMs,
        endAt: now + demo.endInMs,
        demo: true,
      });
    }
  });
}
