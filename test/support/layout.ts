/**
 * jsdom has no layout, so a virtualized list would mount no rows. `stubLayout()` gives the
 * message list's viewport a height and every row a fixed height (what @tanstack/virtual reads:
 * `clientHeight`/`clientWidth` of the scroller, `offsetHeight` of rows). Real layout and
 * measurement are covered by the `*.browser.test.tsx` files in Chromium.
 */
export function stubLayout({ viewport = 600, row = 60 } = {}) {
  const proto = HTMLElement.prototype
  const saved = (['clientHeight', 'clientWidth', 'offsetHeight'] as const).map(
    (name) =>
      [
        name,
        Object.getOwnPropertyDescriptor(proto, name) ?? Object.getOwnPropertyDescriptor(Element.prototype, name),
      ] as const,
  )
  const pick = (el: HTMLElement, name: string, fallback: () => number) => {
    if (el.classList.contains('lk-MessageList-viewport')) return name === 'clientWidth' ? 360 : viewport
    if (el.classList.contains('lk-MessageList-row')) return name === 'clientWidth' ? 360 : row
    return fallback()
  }
  for (const [name, descriptor] of saved) {
    Object.defineProperty(proto, name, {
      configurable: true,
      get(this: HTMLElement) {
        return pick(this, name, () => (descriptor?.get ? (descriptor.get.call(this) as number) : 0))
      },
    })
  }
  return () => {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(proto, name, descriptor)
      else delete (proto as unknown as Record<string, unknown>)[name]
    }
  }
}
