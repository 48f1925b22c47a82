import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The boundaries of eslint.config.js (decisions 015, 023, 025), each seen to fire: a rule no test
// has seen fire is not a rule. In flat config a later entry's options replace an earlier one's for
// the same rule, so an entry added for one rule can switch another off without a word; this is how
// the rule against SQL outside repositories went quiet once (issue 19). Each probe is a text linted
// under a path of its own (lintText's filePath, no file written): the config picks entries by path.

const ROOT = path.resolve(import.meta.dirname, '../..');

const syntax = (message: string) => `no-restricted-syntax: ${message}`;
const imports = (message: string) => `@typescript-eslint/no-restricted-imports: ${message}`;
const NO_SQL = syntax("SQL lives in *.repository.ts: call the module's service");
const SCOPE_CAST = syntax('A StoreScope comes from ownStoreScope, shopStoreScope or staffStoreScope, never from a cast');
const DB_VALUES = imports('SQL lives in *.repository.ts: import only types from server/db here');
const NO_APP = imports('server/ imports neither app/ nor scripts/');
const OTHER_REPOSITORY = imports('a module reaches another module through its service, never its repository');
const APP_TO_SERVER = imports('app/ reaches server code only from *.server.ts files');
const COMMON = imports('common/ is shared by both sides and imports neither');
const MIGRATION = imports('migrations never import app code');
const ZOD = imports('app/ and common/ take zod from #common/zod.ts');

const DB = "import type { Db } from '#server/db/database.ts';\n";
const SELECT = `${DB}export const probe = (db: Db) => db.selectFrom('ticket').select('id').execute();\n`;
const SQL_TEMPLATE = "import { sql } from 'kysely';\nexport const probe = sql`select 1`;\n";
const SQL_RAW = "import { sql } from 'kysely';\nexport const probe = sql.raw('select 1');\n";
const INSERT = `${DB}export const probe = (db: Db) => db.insertInto('color').values({} as never).execute();\n`;
const SCOPE = "import type { StoreScope } from '#server/tenancy/store-scope.ts';\nexport const probe = { storeId: 1 } as unknown as StoreScope;\n";
const importing = (specifier: string) => `import { probe as imported } from '${specifier}';\nexport const probe = imported;\n`;

type Probe = [what: string, filePath: string, text: string, expected: string[]];

const PROBES: Probe[] = [
  // SQL outside repositories
  ['selectFrom in a service', 'server/modules/ticket/probe.service.ts', SELECT, [NO_SQL]],
  ['an sql template in a service', 'server/modules/ticket/probe.service.ts', SQL_TEMPLATE, [NO_SQL]],
  ['sql.raw in a service', 'server/modules/ticket/probe.service.ts', SQL_RAW, [NO_SQL]],
  ['insertInto in an API route', 'server/modules/color/probe.api.ts', INSERT, [NO_SQL]],
  ['selectFrom in a server file outside the modules', 'server/probe.ts', SELECT, [NO_SQL]],
  ['selectFrom in a page loader', 'app/routes/probe.server.ts', SELECT, [NO_SQL]],
  ['selectFrom in a script', 'scripts/probe.ts', SELECT, [NO_SQL]],
  ['an sql template in the bench', 'bench/probe.ts', SQL_TEMPLATE, [NO_SQL]],
  ['selectFrom where StoreScopes are made', 'server/tenancy/store-scope.ts', SELECT, [NO_SQL]],
  ['a value import from server/db in a service', 'server/modules/ticket/probe.service.ts', importing('#server/db/database.ts'), [DB_VALUES]],
  // server/ stands on its own
  ['server/ importing app/', 'server/probe.ts', importing('#app/root.tsx'), [NO_APP]],
  ['server/ importing app/ by a relative path', 'server/modules/ticket/probe.service.ts', importing('../../../app/root.tsx'), [NO_APP]],
  ['server/ importing scripts/', 'server/modules/ticket/probe.repository.ts', importing('#scripts/cli-args.ts'), [NO_APP]],
  // a module reaches another through its service
  ["a service importing another module's repository", 'server/modules/ticket/probe.service.ts', importing('#server/modules/store/store.repository.ts'), [OTHER_REPOSITORY]],
  ["a service importing another module's repository by a relative path", 'server/modules/ticket/probe.service.ts', importing('../store/store.repository.ts'), [OTHER_REPOSITORY]],
  ["a repository importing another module's repository", 'server/modules/ticket/probe.repository.ts', importing('#server/modules/user/user.repository.ts'), [OTHER_REPOSITORY]],
  // app/ and common/
  ['app/ importing server/ outside *.server.ts', 'app/routes/probe.tsx', importing('#server/services.ts'), [APP_TO_SERVER]],
  ['app/ importing server/ by a relative path', 'app/lib/probe.ts', importing('../../server/services.ts'), [APP_TO_SERVER]],
  ['common/ importing server/', 'common/probe.ts', importing('#server/config.ts'), [COMMON]],
  ['common/ importing app/', 'common/schemas/probe.ts', importing('#app/root.tsx'), [COMMON]],
  ['app/ importing zod itself', 'app/routes/probe.tsx', "import { z } from 'zod';\nexport const probe = z.string();\n", [ZOD]],
  ['common/ importing zod itself', 'common/schemas/probe.ts', "import { z } from 'zod';\nexport const probe = z.string();\n", [ZOD]],
  ['a migration importing app code', 'server/db/migrations/probe.ts', importing('#server/config.ts'), [MIGRATION]],
  // a StoreScope is made, never cast
  ['a StoreScope cast in a service', 'server/modules/product/probe.service.ts', SCOPE, [SCOPE_CAST]],
  ['a StoreScope cast in a repository', 'server/modules/product/probe.repository.ts', SCOPE, [SCOPE_CAST]],
  ['a StoreScope cast in a page loader', 'app/routes/probe.server.ts', SCOPE, [SCOPE_CAST]],
  ['a StoreScope cast in a test', 'tests/integration/probe.test.ts', SCOPE, [SCOPE_CAST]],
  ['a StoreScope cast and SQL in one service: both reported', 'server/modules/ticket/probe.service.ts', `${SELECT}${SCOPE.replace('probe', 'scope')}`, [NO_SQL, SCOPE_CAST]],
  // what the boundaries allow
  ['SQL in a repository', 'server/modules/ticket/probe.repository.ts', `${SELECT}${SQL_RAW.replace('probe', 'raw')}`, []],
  ['SQL in server/db', 'server/db/probe.ts', SELECT, []],
  ['SQL in a test', 'server/modules/ticket/probe.test.ts', SELECT, []],
  ['SQL in a test support file', 'tests/support/probe.ts', SQL_TEMPLATE, []],
  ['a module importing its own repository', 'server/modules/ticket/probe.service.ts', importing('./ticket.repository.ts'), []],
  ['a module importing its own repository by its alias', 'server/modules/ticket/probe.service.ts', importing('#server/modules/ticket/ticket.repository.ts'), []],
  ["a repository importing its own module's repository", 'server/modules/product/probe.repository.ts', importing('./product-image.repository.ts'), []],
  ["a service importing another module's service", 'server/modules/ticket/probe.service.ts', importing('#server/modules/user/user.service.ts'), []],
  ['a type import from server/db in a service', 'server/modules/ticket/probe.service.ts', `${DB}export type Probe = Db;\n`, []],
  ['a page loader importing server/', 'app/routes/probe.server.ts', importing('#server/services.ts'), []],
  ['a type import from server/ in app/', 'app/routes/probe.tsx', "import type { Config } from '#server/config.ts';\nexport type Probe = Config;\n", []],
  ['the StoreScope cast where StoreScopes are made', 'server/tenancy/store-scope.ts', SCOPE, []],
];

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

describe('the boundaries of eslint.config.js', () => {
  it.each(PROBES)('%s (%s)', async (_what, filePath, text, expected) => {
    const [result] = await eslint.lintText(text, { filePath: path.join(ROOT, filePath) });
    // an import's message starts with "'<specifier>' import is restricted from being used[ by a pattern]."
    const reported = result!.messages.map((message) => `${message.ruleId}: ${message.message.replace(/^'[^']*' import is restricted from being used( by a pattern)?\. /, '')}`);
    expect(reported).toEqual(expected);
  });
});
