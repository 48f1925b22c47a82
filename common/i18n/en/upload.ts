import type { Messages } from '../messages.ts';

export const upload: Messages['upload'] = {};
