/**
 * The `data-state` of a thread view: loading until the first page, an error only while there is
 * nothing to show (a failed refetch keeps the messages on screen), empty, or ready.
 */
export function threadState(thread: {
  status: string
  items: readonly unknown[]
}): 'loading' | 'error' | 'empty' | 'ready' {
  if (thread.status === 'pending') return 'loading'
  if (thread.items.length > 0) return 'ready'
  return thread.status === 'error' ? 'error' : 'empty'
}
