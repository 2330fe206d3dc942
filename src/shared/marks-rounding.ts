/** A mark to two decimals, as marks are stored, compared and shown. */
export const round2 = (n: number) => Math.round(n * 100) / 100;
