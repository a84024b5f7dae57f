import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Support } from './Support.jsx'

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <main>
      <h1>Support</h1>
      <Support />
    </main>
  </StrictMode>,
)
