/** The exports of src/, mocks/ and server-helpers/ that no other module imports (entry points excepted). */
export function findUnusedExports(): { file: string; line: number; name: string }[]
