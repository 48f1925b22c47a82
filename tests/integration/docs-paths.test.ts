import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The READMEs name files, folders and npm scripts; a rename or a deletion leaves them naming what is
// gone, and nobody reads a README against the tree (issue 38 §7: the layout still put the demo data
// in scripts/, and scripts/README.md listed tasks that never existed). This reads each README and
// fails on a path it names that does not exist and on an `npm run X` that package.json lacks.

const ROOT = path.resolve(import.meta.dirname, '../..');
const DOCS = ['README.md', 'scripts/README.md', 'server/README.md', 'app/README.md', 'tests/README.md', 'bench/README.md', 'common/README.md', 'docs/README.md'];

/** The repository's top folders: a path that starts with one of them is read from the root. */
const TOP_FOLDERS = ['server', 'app', 'common', 'tests', 'bench', 'scripts', 'docs', 'public', '.ci'];
/** Made by a build, a run or a bench, never committed: named by the docs, absent from a clean clone. */
const GENERATED = ['bench/results/', 'build/', 'data/', 'test-results/', 'node_modules/'];
/**
 * A bare file name is a root file only when it has a root file's shape; others (`helpers.ts`, an
 * example's `NNN-title.md`) are read by people in their sentence's context, not checked.
 */
const ROOT_FILE = /^(package(-lock)?\.json|tsconfig\.json|[\w-]+\.config\.(ts|js))$/;

const SCRIPTS = Object.keys((JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts);

/** The text of every inline code span and fenced block: where the docs name paths and commands. */
function codeTexts(markdown: string): string[] {
  const fenced = [...markdown.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].map((match) => match[1]!);
  const prose = markdown.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '');
  const inline = [...prose.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);
  return [...fenced, ...inline];
}

/** Relative link targets, `[text](target)`: resolved from the document's folder. */
function linkTargets(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!).filter((target) => !/^([a-z]+:|#|\/)/.test(target));
}

/**
 * What in a piece of code looks like a repository path. A placeholder or a glob ends the part that can
 * be checked: `server/modules/<domain>/x.ts` checks `server/modules/`, `tests/e2e/*.spec.ts` `tests/e2e/`.
 */
function pathLike(text: string): string[] {
  return [...text.matchAll(/(?<![\w./@#:$-])\.?[\w-][\w.-]*(?:\/[\w.<>*{}…-]*)+|(?<![\w./@#:$-])[\w-][\w.-]*\.(?:ts|tsx|md|json|js|css)(?![\w.])/g)]
    .map((match) => match[0].replace(/[.,:;]+$/, ''))
    .map((token) => {
      const wild = token.search(/[<>*{}…]/);
      return wild < 0 ? token : token.slice(0, token.lastIndexOf('/', wild) + 1);
    })
    .filter((token) => token !== '');
}

/** Why `token`, named in `doc`, does not exist; undefined when it exists or is not a repository path. */
function missing(doc: string, token: string): string | undefined {
  const docDir = path.dirname(path.join(ROOT, doc));
  const first = token.split('/')[0]!;
  if (GENERATED.some((prefix) => token.startsWith(prefix))) return undefined;
  if (token.includes('/')) {
    if (TOP_FOLDERS.includes(first)) return existsSync(path.join(ROOT, token)) ? undefined : token;
    // A path inside the document's own folder (`integration/fuzz.test.ts` in tests/README.md).
    const local = path.join(docDir, first);
    if (docDir !== ROOT && existsSync(local) && statSync(local).isDirectory()) return existsSync(path.join(docDir, token)) ? undefined : token;
    return undefined;
  }
  return ROOT_FILE.test(token) && !existsSync(path.join(ROOT, token)) ? token : undefined;
}

describe('the READMEs name what exists', () => {
  it('sees a path that is gone, and leaves alone what is not a path', () => {
    const named = (doc: string, text: string) => pathLike(text).filter((token) => missing(doc, token) !== undefined);
    expect(named('README.md', 'the demo data in scripts/demo-data.ts, then `server/demo/demo-data.ts`')).toEqual(['scripts/demo-data.ts']);
    expect(named('tests/README.md', 'integration/gone.test.ts beside integration/fuzz.test.ts')).toEqual(['integration/gone.test.ts']);
    expect(named('README.md', 'server/modules/<domain>/x.ts, tests/e2e/*.spec.ts, bench/results/latest.json')).toEqual([]);
    expect(named('README.md', 'vite.config.ts and gone.config.ts, helpers.ts, https://example.ec/a/b, 1.5/2, /usr/bin/chromium')).toEqual(['gone.config.ts']);
    expect(codeTexts('a `b/c` d\n```sh\nnpm run x\n```\n')).toEqual(['npm run x\n', 'b/c']);
  });

  it.each(DOCS)('%s: every path it names exists', (doc) => {
    const markdown = readFileSync(path.join(ROOT, doc), 'utf8');
    const gone = new Set<string>();
    for (const text of codeTexts(markdown)) for (const token of pathLike(text)) {
      const absent = missing(doc, token);
      if (absent !== undefined) gone.add(absent);
    }
    for (const target of linkTargets(markdown)) {
      const file = target.split('#')[0]!;
      if (file !== '' && !existsSync(path.resolve(path.dirname(path.join(ROOT, doc)), decodeURIComponent(file)))) gone.add(`(${target})`);
    }
    expect([...gone], `${doc} names paths that do not exist`).toEqual([]);
  });

  it.each(DOCS)('%s: every npm script it names is in package.json', (doc) => {
    const markdown = readFileSync(path.join(ROOT, doc), 'utf8');
    const named = [...markdown.matchAll(/\bnpm (?:run ([\w:.-]+)|(test|start))\b/g)].map((match) => match[1] ?? match[2]!);
    expect([...new Set(named.filter((name) => !SCRIPTS.includes(name)))], `${doc} names npm scripts package.json lacks`).toEqual([]);
  });

  it('bench/README.md describes every benchmark npm can run', () => {
    const markdown = readFileSync(path.join(ROOT, 'bench/README.md'), 'utf8');
    const benches = SCRIPTS.filter((name) => name === 'bench' || name.startsWith('bench:'));
    expect(benches.filter((name) => !markdown.includes(`npm run ${name}\``) && !markdown.includes(`npm run ${name} `))).toEqual([]);
  });

  it('bench/README.md describes every file of bench/ and bench/lib/', () => {
    const markdown = readFileSync(path.join(ROOT, 'bench/README.md'), 'utf8');
    const files = [
      ...readdirSync(path.join(ROOT, 'bench')).filter((name) => name.endsWith('.ts')),
      ...readdirSync(path.join(ROOT, 'bench/lib')).filter((name) => name.endsWith('.ts')).map((name) => `lib/${name}`),
    ];
    expect(files.filter((name) => !new RegExp(`[\`(\\[/]${name.replaceAll('.', '\\.')}[\`)\\]]`).test(markdown))).toEqual([]);
  });

  it('scripts/README.md lists every file of scripts/', () => {
    const markdown = readFileSync(path.join(ROOT, 'scripts/README.md'), 'utf8');
    const files = readdirSync(path.join(ROOT, 'scripts')).filter((name) => name.endsWith('.ts'));
    expect(files.filter((name) => !markdown.includes(`\`${name}\``))).toEqual([]);
  });
});
