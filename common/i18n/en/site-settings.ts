import type { Messages } from '../messages.ts';

// English of the back office's maintenance switch and terms text, typed against the Spanish source.
export const siteSettings: Messages['siteSettings'] = {
  maintenance: {
    title: 'Maintenance mode',
    on: 'The site is under maintenance: the dashboard and the API show the maintenance screen to everyone but administrators. The public stores stay open.',
    off: 'The site is working normally.',
    forced: 'The server’s configuration (MAINTENANCE_MODE) keeps the site under maintenance: this switch does not change it.',
    turnOn: 'Turn maintenance on',
    turnOff: 'Turn maintenance off',
    confirmOnTitle: 'Put the site under maintenance?',
    confirmOn: 'Every dashboard page and the API will answer with the maintenance screen to everyone but administrators, until you turn it off.',
    confirmOffTitle: 'Open the site again?',
    confirmOff: 'Everyone will be able to use the site again.',
    turnedOn: 'The site is under maintenance',
    turnedOff: 'The site is open again',
  },
  terms: {
    title: 'Terms and conditions',
    text: 'The text of the /terms page in each language. Separate paragraphs with a blank line; a line starting with “# ” is a heading. Leave it empty to show the text the app ships with.',
    es: 'Spanish text',
    en: 'English text',
    save: 'Save terms',
    saved: 'The terms were saved. The public page shows them within a minute.',
  },
};
