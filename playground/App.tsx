import { ServiceBadge } from 'linekit'

export function App() {
  return (
    <main style={{ fontFamily: 'var(--lk-font-family)', padding: 24 }}>
      <h1>linekit playground</h1>
      <p>
        The kit running against the mock service. Channels: <ServiceBadge service="nativechat" /> <ServiceBadge service="SMS" />{' '}
        <ServiceBadge service="RCS" />
      </p>
    </main>
  )
}
