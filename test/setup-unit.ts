import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(() => cleanup())

// jsdom has the <dialog> element but not its behaviour (jsdom/jsdom#3294): `showModal()` opens it
// and focuses its first control, `close()` closes it, and Escape is the close request browsers
// turn into a cancelable `cancel` event on the topmost open dialog. (The page behind a modal
// dialog is inert only in a browser: the browser tests check that.)
if (typeof HTMLDialogElement !== 'undefined' && typeof HTMLDialogElement.prototype.showModal !== 'function') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '')
    this.querySelector<HTMLElement>(
      '[autofocus], button:not(:disabled), [href], input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])',
    )?.focus()
  }
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return
    this.removeAttribute('open')
    this.dispatchEvent(new Event('close'))
  }
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return
    const dialog = [...document.querySelectorAll('dialog[open]')].pop() as HTMLDialogElement | undefined
    if (dialog?.dispatchEvent(new Event('cancel', { cancelable: true }))) dialog.close()
  })
}
