import type { Lang } from '@fairex/contract';

/** The verification code message, in the requester's language. */
const CODE_TEXT: Record<Lang, { subject: string; body: (code: string, minutes: number) => string }> = {
  en: { subject: 'Your verification code', body: (c, m) => `Your verification code is ${c}. It is valid for ${m} minutes. Do not share it with anyone.` },
  zh: { subject: '您的验证码', body: (c, m) => `您的验证码是 ${c}，${m} 分钟内有效。请勿告诉他人。` },
  hk: { subject: '您的驗證碼', body: (c, m) => `您的驗證碼是 ${c}，${m} 分鐘內有效。請勿告訴他人。` },
  th: { subject: 'รหัสยืนยันของคุณ', body: (c, m) => `รหัสยืนยันของคุณคือ ${c} ใช้ได้ภายใน ${m} นาที ห้ามบอกผู้อื่น` },
  jp: { subject: '認証コード', body: (c, m) => `認証コードは ${c} です。${m} 分間有効です。他人に教えないでください。` },
  kor: { subject: '인증 코드', body: (c, m) => `인증 코드는 ${c}입니다. ${m}분 동안 유효합니다. 다른 사람에게 알려주지 마세요.` },
  fra: { subject: 'Votre code de vérification', body: (c, m) => `Votre code de vérification est ${c}. Il est valable ${m} minutes. Ne le communiquez à personne.` },
  spa: { subject: 'Su código de verificación', body: (c, m) => `Su código de verificación es ${c}. Es válido durante ${m} minutos. No lo comparta con nadie.` },
};

export function codeMessage(lang: Lang, code: string, minutes: number) {
  const text = CODE_TEXT[lang];
  return { subject: text.subject, body: text.body(code, minutes) };
}
