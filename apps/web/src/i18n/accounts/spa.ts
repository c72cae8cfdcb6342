import type { Catalogue } from '../catalogue.ts';

/** accounts: spa strings, the same keys as ./en.ts. */
export const accounts: Catalogue['accounts'] = {
  errors: {
    name_invalid: 'Introduzca su nombre como en su documento: solo letras, espacios y \' - . ·',
    id_number_invalid: 'Introduzca un número de documento correcto',
    card_number_invalid: 'Introduzca un número de tarjeta correcto: de 12 a 19 dígitos',
    account_number_invalid: 'Introduzca un número de cuenta (de 4 a 34 dígitos) o un IBAN correcto',
    swift_code_invalid: 'Introduzca un código SWIFT/BIC correcto: 8 u 11 letras y dígitos',
    aba_number_invalid: 'Introduzca un número de ruta ABA correcto: 9 dígitos',
    text_invalid: 'Elimine los caracteres < > y los caracteres de control',
    mobile_invalid: 'Introduzca un número de móvil correcto',
    address_invalid: 'No es una dirección {{network}} válida',
    address_duplicate: 'Ya ha guardado esta dirección para esta moneda y red',
  },
  placeholders: {
    bank_account: 'De 12 a 19 dígitos',
    international_account: 'Número de cuenta o IBAN',
    aba_number: '9 dígitos',
    swift_code: '8 u 11 caracteres',
    international_phone: '+34 912 345 678',
  },
  savedCard: 'Su tarjeta guardada: cambie cualquier campo y guarde, o elimínela.',
  removeCard: 'Eliminar tarjeta',
  removeCardConfirm: '¿Eliminar esta tarjeta? Los retiros ya solicitados no se ven afectados.',
  cardRemoved: 'Tarjeta eliminada',
  networkHint: 'Solo se acepta una dirección de la red {{network}}',
  status: {
    title: 'Estado de la verificación',
    level1: 'Lv1 verificación básica',
    level2: 'Lv2 verificación avanzada',
    rejected: 'No aprobada: {{reason}}',
    underReview: 'Sus documentos están en revisión. Actualizaremos el estado cuando termine.',
    allDone: 'Su identidad está totalmente verificada.',
    verifyLevel1: 'Verificar ahora (Lv1)',
    verifyLevel2: 'Continuar con Lv2',
    submitAgain: 'Enviar de nuevo',
  },
  unlocks: {
    title: 'Qué desbloquea cada nivel',
    level1: 'Lv1: su nombre y número de documento',
    level2: 'Lv2: fotos del anverso y el reverso de su documento',
    withdraw: 'Retiros de hasta {{amount}} BTC cada 24 horas',
    fiat: 'Operaciones en moneda fiat de hasta {{amount}} USDT por orden',
    current: 'Sus límites actuales',
  },
};
