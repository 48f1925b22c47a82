// Messages of the casillero feature (Spanish source; en/casillero.ts mirrors it).
export const casillero = {} as const;
