import { describe, expect, it } from 'vitest';
import { setEmailNotifications } from '#server/modules/user/user.service.ts';
import type { Mail } from '#server/mail/mailer.ts';
import { outboxMailer, runDueJobs } from '../../../tests/support/jobs.ts';
import { makeStaff } from '../../../tests/support/factories.ts';
import * as consolidations from './consolidation.service.ts';
import { addPackage, deps, input, move, newClient, notifications, packageRows, requested, setUpConsolidationWorld, smtp, t } from '../../../tests/support/consolidation-world.ts';

// The consolidation rules on a real database (SQLite, or PostgreSQL with DATABASE_URL) and a real SMTP server.
setUpConsolidationWorld();

describe('the final weight, cost and outbound tracking', () => {
  it('ships a single package on its own', async () => {
    const client = await newClient();
    const only = await addPackage(client.lockerCode, { weightLb: '3' });
    const id = await consolidations.createConsolidation(deps, client, input([only]));
    const { consolidation, packages } = await consolidations.getConsolidation(t.deps, { userId: client.userId, id });
    expect(consolidation).toMatchObject({ status: 'requested', totalWeightLb: 3, finalWeightLb: null, finalCostCents: null, outboundTracking: null });
    expect(packages.map((pkg) => pkg.id)).toEqual([only]);
  });

  it('refuses to ship until all three are known, and keeps everything as it was', async () => {
    const { client, ids, id } = await requested();
    await move(id, 'processing');
    await expect(consolidations.changeConsolidationStatus(deps, { id }, { status: 'shipped', note: '' })).rejects.toMatchObject({ status: 400, code: 'consolidation.finalRequired', field: 'finalWeightLb' });
    await expect(consolidations.changeConsolidationStatus(deps, { id }, { status: 'shipped', note: '', finalWeightLb: 3.2, finalCost: 4230 })).rejects.toMatchObject({ status: 400, field: 'outboundTracking' });
    const { consolidation } = await consolidations.getConsolidation(t.deps, { userId: client.userId, id });
    expect(consolidation).toMatchObject({ status: 'processing', finalWeightLb: null, finalCostCents: null, outboundTracking: null });
    expect((await packageRows(ids)).map((row) => row.status)).toEqual(['consolidating', 'consolidating']);
  });

  it('stores them, the client sees them, and the notice and e-mail say them in the client’s language', async () => {
    for (const locale of ['es', 'en'] as const) {
      const client = await newClient(locale);
      const ids = [await addPackage(client.lockerCode)];
      const id = await consolidations.createConsolidation(deps, client, input(ids));
      // Weighed while processing, the tracking added when it leaves: both are kept.
      await consolidations.changeConsolidationStatus(deps, { id }, { status: 'processing', note: '', finalWeightLb: 3.2, finalCost: 4230 });
      await consolidations.changeConsolidationStatus(deps, { id }, { status: 'shipped', note: '', outboundTracking: '1Z999AA10123456784' });
      const { consolidation } = await consolidations.getConsolidation(t.deps, { userId: client.userId, id });
      expect(consolidation).toMatchObject({ status: 'shipped', finalWeightLb: 3.2, finalCostCents: 4230, outboundTracking: '1Z999AA10123456784' });
      const last = (await notifications(client.userId)).at(-1)!;
      expect(JSON.parse(last.params)).toEqual({ number: id, status: 'shipped', context: 'final', weightLb: 3.2, costCents: 4230, tracking: '1Z999AA10123456784' });
      await runDueJobs(t, deps.mailer);
      const mail = smtp.lastTo(client.email);
      if (locale === 'es') {
        expect(mail).toContain(`Tu consolidación #${id} cambió a «Enviada». Peso final: 3,2 lb. Costo final: $42,30. Tracking de salida: 1Z999AA10123456784.`);
        expect(mail).toContain('peso final 3,2 lb, costo $42,30, tracking 1Z999AA10123456784'); // the subject
      } else {
        expect(mail).toContain(`Your consolidation #${id} changed to “Shipped”. Final weight: 3.2 lb. Final cost: $42.30. Outbound tracking: 1Z999AA10123456784.`);
        expect(mail).toContain('final weight 3.2 lb, cost $42.30, tracking 1Z999AA10123456784'); // the subject
      }
      // Later steps still say them; a cancelled one never did.
      await move(id, 'in_customs');
      expect(JSON.parse((await notifications(client.userId)).at(-1)!.params)).toMatchObject({ status: 'in_customs', context: 'final', costCents: 4230 });
    }
  });
});

describe('staff hear of new requests', () => {
  it('notifies every staff member of a new consolidation, linking the back-office record, by e-mail as each chose', async () => {
    const outbox: Mail[] = [];
    const wants = await makeStaff(t);
    const declines = await makeStaff(t);
    await setEmailNotifications(t.deps, { userId: wants.id }, ['staff_consolidation']);
    await setEmailNotifications(t.deps, { userId: declines.id }, []);
    const { client, id } = await requested();
    for (const staff of [wants, declines]) {
      const rows = await t.db.selectFrom('notification').select(['kind', 'params', 'link']).where('userId', '=', staff.id).where('kind', '=', 'staff_consolidation').execute();
      expect(rows.map((row) => row.link)).toContain(`/admin/consolidate/show?id=${id}`);
      expect(JSON.parse(rows.find((row) => row.link.endsWith(`=${id}`))!.params)).toEqual({ number: id, locker: client.lockerCode });
    }
    // The client's own notice is theirs alone: no client is told of another's request.
    expect(await t.db.selectFrom('notification').select('id').where('userId', '=', client.userId).where('kind', '=', 'staff_consolidation').execute()).toEqual([]);
    await runDueJobs(t, outboxMailer(outbox));
    const mine = outbox.filter((mail) => mail.to === wants.email);
    expect(mine.map((mail) => mail.subject)).toContain(`Consolidación #${id} solicitada (${client.lockerCode})`);
    expect(mine.find((mail) => mail.subject.includes(`#${id} `))!.text).toContain(`https://tiendabox.test/admin/consolidate/show?id=${id}`);
    expect(outbox.filter((mail) => mail.to === declines.email)).toEqual([]);
  });
});

describe('notices by e-mail', () => {
  it('writes the notification but sends no e-mail to a client who does not want consolidation e-mails', async () => {
    const client = await newClient();
    await setEmailNotifications(t.deps, { userId: client.userId }, ['package_received']);
    const ids = [await addPackage(client.lockerCode), await addPackage(client.lockerCode)];
    await runDueJobs(t, deps.mailer); // the package_received mails, which this client does want
    const before = smtp.inbox.filter((mail) => mail.to.includes(client.email)).length;
    const id = await consolidations.createConsolidation(deps, client, input(ids));
    await consolidations.changeConsolidationStatus(deps, { id }, { status: 'processing', note: '' });
    expect(await notifications(client.userId)).toHaveLength(2);
    await runDueJobs(t, deps.mailer);
    expect(smtp.inbox.filter((mail) => mail.to.includes(client.email))).toHaveLength(before);
  });

  it("writes the e-mail in the client's language", async () => {
    const client = await newClient('en');
    const ids = [await addPackage(client.lockerCode), await addPackage(client.lockerCode)];
    const id = await consolidations.createConsolidation(deps, client, input(ids));
    await consolidations.changeConsolidationStatus(deps, { id }, { status: 'processing', note: '' });
    await runDueJobs(t, deps.mailer);
    expect(smtp.lastTo(client.email)).toContain(`Subject: Consolidation #${id}: Processing`);
    expect(smtp.lastTo(client.email)).toContain(`https://tiendabox.test/en/consolidate/show?id=${id}`);
  });
});
