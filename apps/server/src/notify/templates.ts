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

/** Told to the old contact when a user binds a new email or mobile (identity/service.ts bindContact). */
const CONTACT_CHANGED_TEXT: Record<Lang, { subject: string; body: Record<'email' | 'mobile', string> }> = {
  en: {
    subject: 'Your account contact was changed',
    body: {
      email: 'The email address of your FairEx account was changed. If you did not do this, contact support at once.',
      mobile: 'The mobile number of your FairEx account was changed. If you did not do this, contact support at once.',
    },
  },
  zh: { subject: '您的账户联系方式已更改', body: { email: '您的 FairEx 账户绑定的邮箱已更改。如非本人操作，请立即联系客服。', mobile: '您的 FairEx 账户绑定的手机号已更改。如非本人操作，请立即联系客服。' } },
  hk: { subject: '您的賬戶聯絡方式已更改', body: { email: '您的 FairEx 賬戶綁定的郵箱已更改。如非本人操作，請立即聯絡客服。', mobile: '您的 FairEx 賬戶綁定的手機號已更改。如非本人操作，請立即聯絡客服。' } },
  th: {
    subject: 'ข้อมูลติดต่อของบัญชีคุณถูกเปลี่ยนแล้ว',
    body: {
      email: 'อีเมลของบัญชี FairEx ของคุณถูกเปลี่ยนแล้ว หากคุณไม่ได้ทำรายการนี้ โปรดติดต่อฝ่ายบริการทันที',
      mobile: 'หมายเลขโทรศัพท์ของบัญชี FairEx ของคุณถูกเปลี่ยนแล้ว หากคุณไม่ได้ทำรายการนี้ โปรดติดต่อฝ่ายบริการทันที',
    },
  },
  jp: {
    subject: 'アカウントの連絡先が変更されました',
    body: {
      email: 'FairEx アカウントのメールアドレスが変更されました。お心当たりがない場合は、すぐにサポートへご連絡ください。',
      mobile: 'FairEx アカウントの携帯番号が変更されました。お心当たりがない場合は、すぐにサポートへご連絡ください。',
    },
  },
  kor: {
    subject: '계정 연락처가 변경되었습니다',
    body: {
      email: 'FairEx 계정의 이메일 주소가 변경되었습니다. 본인이 한 것이 아니라면 즉시 고객센터에 연락하세요.',
      mobile: 'FairEx 계정의 휴대폰 번호가 변경되었습니다. 본인이 한 것이 아니라면 즉시 고객센터에 연락하세요.',
    },
  },
  fra: {
    subject: 'Le contact de votre compte a été modifié',
    body: {
      email: 'L’adresse e-mail de votre compte FairEx a été modifiée. Si ce n’est pas vous, contactez le support immédiatement.',
      mobile: 'Le numéro de mobile de votre compte FairEx a été modifié. Si ce n’est pas vous, contactez le support immédiatement.',
    },
  },
  spa: {
    subject: 'Se cambió el contacto de su cuenta',
    body: {
      email: 'Se cambió el correo electrónico de su cuenta FairEx. Si no fue usted, contacte con soporte de inmediato.',
      mobile: 'Se cambió el número de móvil de su cuenta FairEx. Si no fue usted, contacte con soporte de inmediato.',
    },
  },
};

export function contactChangedMessage(lang: Lang, kind: 'email' | 'mobile') {
  const text = CONTACT_CHANGED_TEXT[lang];
  return { subject: text.subject, body: text.body[kind] };
}
