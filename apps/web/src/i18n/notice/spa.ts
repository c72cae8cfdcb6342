import type { Catalogue } from '../catalogue.ts';

/** notice: spa strings, the same keys as ./en.ts. */
export const notice: Catalogue['notice'] = {
  title: 'Notificaciones',
  unread_one: '{{count}} sin leer',
  unread_other: '{{count}} sin leer',
  bellUnread_one: 'Notificaciones, {{count}} sin leer',
  bellUnread_other: 'Notificaciones, {{count}} sin leer',
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
    hours_one: 'Hace {{count}} hora',
    hours_other: 'Hace {{count}} horas',
    days_one: 'Hace {{count}} día',
    days_other: 'Hace {{count}} días',
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
  },
  labelOnly: {
    superLeverage: 'El superapalancamiento es solo una etiqueta: FairEx no ofrece trading con margen apalancado. Los futuros, con el multiplicador que elija, están en Futuros.',
    miniGame: 'El minijuego es solo una etiqueta: FairEx no ofrece ningún juego.',
    chatRoom: 'La sala de chat es solo una etiqueta: FairEx no tiene chat público. Si necesita ayuda, contacte con atención al cliente.',
  },
};
