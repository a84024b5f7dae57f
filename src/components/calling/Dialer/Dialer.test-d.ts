import { describe, expectTypeOf, it } from 'vitest'
import type { DialerProps } from './Dialer'
import type { UseDialerOptions } from './useDialer'

describe('DialerProps', () => {
  it('takes exactly useDialer’s options, with their types (one list, not two)', () => {
    expectTypeOf<Pick<DialerProps, keyof UseDialerOptions>>().toEqualTypeOf<UseDialerOptions>()
  })
})
