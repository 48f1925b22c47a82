/** `--key value` and `--flag` pairs from argv: our scripts take few options, no parser needed. */
export function parseArgs(argv: string[]): Record<string, string> {
  const args: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) continue;
    const next = argv[i + 1];
    if (next !== undefined && !next.startsWith('--')) {
      args[arg.slice(2)] = next;
      i += 1;
    } else {
      args[arg.slice(2)] = 'true';
    }
  }
  return args;
}
