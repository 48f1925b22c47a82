import type { DashboardMessages } from '../messages.ts';

export const cartReminders: DashboardMessages['cartReminders'] = {
  title: 'Abandoned carts',
  text: 'When a shopper gives their e-mail at checkout and accepts the reminder, we write to them once if their cart is left 4 hours without an order, with a link that brings it back.',
  on: 'Abandoned-cart reminders are on.',
  off: 'Abandoned-cart reminders are off.',
  turnOn: 'Turn reminders on',
  turnOff: 'Turn reminders off',
  turnOnTitle: 'Turn abandoned-cart reminders on?',
  turnOnMessage: 'The checkout will offer shoppers a reminder by e-mail. Only those who accept are written to, once per cart.',
  turnOffTitle: 'Turn abandoned-cart reminders off?',
  turnOffMessage: 'No more reminders will be sent, not even for carts already kept.',
  reminded: 'Carts reminded',
  recovered: 'Carts recovered',
  period: 'In the last {{days}} days. A cart counts as recovered when an order with the same e-mail arrives after the reminder.',
};
