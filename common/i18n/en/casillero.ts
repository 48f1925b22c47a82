import type { Messages } from '../messages.ts';

export const casillero: Messages['casillero'] = {};
