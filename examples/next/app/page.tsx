import { Suspense } from 'react'
import { Support } from './Support'

export default function Home() {
  return (
    <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-4 p-4">
      <h1 className="text-2xl font-semibold">Support</h1>
      {/* The thread is fetched in the browser: prerender the page around it, not the thread itself. */}
      <Suspense fallback={<p>Loading the conversation…</p>}>
        <Support />
      </Suspense>
    </main>
  )
}
