import { describe, expect, it } from 'vitest';
import { translator } from './i18n/all-languages.ts';
import { localizeNotificationParams } from './notification-params.ts';

describe('a notification in its reader’s language', () => {
  const params = { number: 12, status: 'shipped', context: 'final', weightLb: 3.2, costCents: 4230, tracking: '1Z999AA10123456784' };

  it('writes weights and amounts the way each language does', () => {
    expect(localizeNotificationParams(params, 'es')).toMatchObject({ number: 12, weightLb: '3,2 lb', costCents: '$42,30' });
    expect(localizeNotificationParams(params, 'en')).toMatchObject({ number: 12, weightLb: '3.2 lb', costCents: '$42.30' });
  });

  it('says the final weight, cost and tracking of a shipped consolidation', () => {
    const es = translator('es')('notification.consolidation_update.title', localizeNotificationParams(params, 'es') as never);
    expect(es).toBe('Consolidación #12: Enviada — peso final 3,2 lb, costo $42,30, tracking 1Z999AA10123456784');
    const en = translator('en')('notification.consolidation_update.title', localizeNotificationParams(params, 'en') as never);
    expect(en).toBe('Consolidation #12: Shipped — final weight 3.2 lb, cost $42.30, tracking 1Z999AA10123456784');
  });

  it('keeps the short title of any other change', () => {
    expect(translator('en')('notification.consolidation_update.title', { number: 12, status: 'processing' } as never)).toBe('Consolidation #12: Processing');
  });
});
