/** The import cycles among the TypeScript modules of `dirs` (relative to the repository), each as a sorted list of paths. */
export function findCycles(dirs: string[]): string[][]
