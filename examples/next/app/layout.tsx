import type { Metadata } from 'next'
import './globals.css'

export const metadata: Metadata = {
  title: 'linekit in Next.js',
  description: 'The linekit README, as a Next.js App Router app',
}

export default function RootLayout({ children }: LayoutProps<'/'>) {
  return (
    <html lang="en" className="h-full antialiased">
      <body className="min-h-full flex flex-col">{children}</body>
    </html>
  )
}
