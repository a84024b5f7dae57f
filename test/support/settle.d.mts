/** Waits until the page stops changing (see settle.mjs). */
export function settle(): Promise<void>
