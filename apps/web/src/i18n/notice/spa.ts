import type { Catalogue } from '../catalogue.ts';

/** notice: spa strings, the same keys as ./en.ts. */
export const notice: Catalogue['notice'] = {
  title: 'Notificaciones',
  unread_one: '{{count}} sin leer',
  unread_other: '{{count}} sin leer',
  unread_many: '{{count}} sin leer',
  bellUnread_one: 'Notificaciones, {{count}} sin leer',
  bellUnread_other: 'Notificaciones, {{count}} sin leer',
  bellUnread_many: 'Notificaciones, {{count}} sin leer',
  list: 'Lista de notificaciones',
  empty: 'Aún no hay notificaciones',
  markAllRead: 'Marcar todo como leído',
  markRead: 'Marcar como leído',
  unreadItem: 'Sin leer',
  system: 'Aviso del sistema',
  time: {
    justNow: 'Justo ahora',
    minutes_one: 'Hace {{count}} minuto',
    minutes_other: 'Hace {{count}} minutos',
    minutes_many: 'Hace {{count}} minutos',
    hours_one: 'Hace {{count}} hora',
    hours_other: 'Hace {{count}} horas',
    hours_many: 'Hace {{count}} horas',
    days_one: 'Hace {{count}} día',
    days_other: 'Hace {{count}} días',
    days_many: 'Hace {{count}} días',
  },
  level: {
    basic: 'básica',
    advanced: 'avanzada',
  },
  kind: {
    deposit_credited: {
      title: 'Depósito acreditado',
      body: 'Se han acreditado {{amount}} {{currency}} en su cuenta spot.',
    },
    withdrawal_approved: {
      title: 'Retiro aprobado',
      body: 'Su retiro de {{number}} {{currency}} ha sido aprobado: {{arrival}} {{currency}} están en camino (comisión {{fee}} {{currency}}).',
    },
    withdrawal_rejected: {
      title: 'Retiro rechazado',
      body: 'Su retiro de {{number}} {{currency}} fue rechazado y el importe vuelve a estar disponible. Motivo: {{reason}}',
    },
    identity_approved: {
      title: 'Identidad verificada',
      body: 'Su verificación de identidad {{level}} ha sido aprobada.',
    },
    identity_rejected: {
      title: 'Verificación de identidad rechazada',
      body: 'Su verificación de identidad {{level}} fue rechazada. Motivo: {{reason}}',
    },
    spot_order_filled: {
      title: 'Orden ejecutada',
      bodyBuy: 'Su orden de compra de {{symbol}} por {{quantity}} se ejecutó a un precio medio de {{price}}.',
      bodySell: 'Su orden de venta de {{symbol}} por {{quantity}} se ejecutó a un precio medio de {{price}}.',
    },
    mining_unlocked: {
      title: 'Minería bloqueada vencida',
      body: 'Tu minería bloqueada de {{amount}} {{currency}} llegó a su plazo: el capital volvió a tu cuenta spot. Intereses obtenidos en el plazo: {{interest}} {{currency}}.',
    },
    dual_settled: {
      title: 'Inversión dual liquidada',
      bodySuccess: '{{symbol}}: tu inversión de {{amount}} {{currency}} se liquidó y se pagaron {{payout}} {{payout_currency}} a tu cuenta spot.',
      bodyFail: '{{symbol}}: el índice no se conocía a la hora de liquidación, así que tu inversión de {{amount}} {{currency}} se reembolsó íntegra a tu cuenta spot.',
    },
    ieo_allocated: {
      title: 'Asignación IEO',
      body: '{{project}}: se te asignaron {{allocated}} {{token}} por {{charged}} {{pay_currency}}, y se reembolsaron {{refunded}} {{pay_currency}} a tu cuenta spot.',
      locked: 'Los tokens quedan bloqueados hasta el {{time}}.',
    },
    copy_skipped: {
      title: 'Copia omitida',
      body: 'Tu cuenta de contratos no podía pagar el margen y la comisión para copiar la posición de {{symbol}} de {{trader}}, así que no se abrió ninguna copia. Transfiere fondos a tu cuenta de contratos para copiar sus próximas posiciones.',
    },
  },
  labelOnly: {
    superLeverage: 'El superapalancamiento es solo una etiqueta: FairEx no ofrece trading con margen apalancado. Los futuros, con el multiplicador que elija, están en Futuros.',
    miniGame: 'El minijuego es solo una etiqueta: FairEx no ofrece ningún juego.',
    chatRoom: 'La sala de chat es solo una etiqueta: FairEx no tiene chat público. Si necesita ayuda, contacte con atención al cliente.',
  },
};
