import type { shopShopper as es } from '../es/shop-shopper.ts';

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

export const shopShopper: Texts<typeof es> = {
  lookupLink: 'Find my order',
  lookupTitle: 'Find my order',
  lookupLead: 'Enter your order number and the email you placed it with. The number is in the confirmation email, as in “Order #1024”.',
  lookupNumber: 'Order number',
  lookupNumberHint: 'Just the number, like 1024.',
  lookupEmail: 'Email',
  lookupSubmit: 'See my order',
  lookupErrors: 'Please check the marked fields.',
  lookupNumberInvalid: 'Write the order number in digits, like 1024',
  lookupEmailInvalid: 'Enter a valid email, like name@example.com',
  lookupRequired: 'This field is required',
  lookupNotFound: 'We found no order with that number and that email. Check both: the email must be the one you typed when you bought.',
  lookupTooMany: { one: 'You searched many times in a row. Wait {count} minute and try again.', other: 'You searched many times in a row. Wait {count} minutes and try again.' },
  lookupHelp: 'Can’t find your order? Write to the store: its details are at the foot of the page.',
  lookupHelpWhatsapp: 'Can’t find your order? Write to the store on WhatsApp: the link is at the foot of the page.',
  lookupHelpNoContact: 'Can’t find your order? Its number is in the confirmation e-mail you got when you placed it, with a link to its page.',
  remember: 'Remember my details in this browser',
  rememberHint: 'We keep your contact and delivery details (not the payment) in this browser for your next order at this store. Leave it unticked on a shared computer.',
  remembered: 'We filled in the form with the details you saved in this browser.',
  forget: 'Forget my details',
  forgetConfirm: 'Remove your saved details from this browser? The form will be empty.',
  forgetYes: 'Yes, forget them',
  forgotten: 'We removed your details from this browser.',
  whatsappCart: 'Send my cart by WhatsApp',
  whatsappCartHint: 'Opens WhatsApp with your cart’s list for the store.',
  whatsappCartGreeting: 'Hello, {store}. I would like to order:',
  whatsappCartLine: '- {quantity} × {name}',
  whatsappCartTotal: 'Total: {amount}',
};
