import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useControllableState } from './useControllableState'

afterEach(() => vi.restoreAllMocks())

describe('useControllableState', () => {
  it('keeps its own value when uncontrolled, starting from defaultProp, and reports changes', () => {
    const onChange = vi.fn()
    const { result } = renderHook(() => useControllableState({ defaultProp: 'a', onChange, caller: 'Test' }))
    expect(result.current[0]).toBe('a')
    act(() => result.current[1]('b'))
    expect(result.current[0]).toBe('b')
    expect(onChange).toHaveBeenCalledExactlyOnceWith('b')
  })

  it('shows the prop when controlled and only asks the owner to change it', () => {
    const onChange = vi.fn()
    const { result, rerender } = renderHook(
      ({ prop }: { prop: string | null }) => useControllableState({ prop, defaultProp: 'a', onChange, caller: 'Test' }),
      { initialProps: { prop: 'x' as string | null } },
    )
    expect(result.current[0]).toBe('x')
    act(() => result.current[1]('y'))
    expect(result.current[0]).toBe('x')
    expect(onChange).toHaveBeenCalledExactlyOnceWith('y')
    // `null` is a value like any other: still controlled.
    rerender({ prop: null })
    expect(result.current[0]).toBeNull()
  })

  it('does not call onChange when the value is unchanged', () => {
    const onChange = vi.fn()
    const { result } = renderHook(() => useControllableState({ prop: 'x', defaultProp: 'a', onChange, caller: 'Test' }))
    act(() => result.current[1]('x'))
    expect(onChange).not.toHaveBeenCalled()
  })

  it('applies functional updates to the latest value', () => {
    const { result } = renderHook(() => useControllableState({ defaultProp: 0, caller: 'Test' }))
    act(() => {
      result.current[1]((n) => n + 1)
      result.current[1]((n) => n + 1)
    })
    expect(result.current[0]).toBe(2)
  })

  it('warns in development when it switches between controlled and uncontrolled', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { rerender } = renderHook(
      ({ prop }: { prop: string | undefined }) =>
        useControllableState({ prop, defaultProp: 'a', caller: 'LinePicker' }),
      { initialProps: { prop: undefined as string | undefined } },
    )
    expect(warn).not.toHaveBeenCalled()
    rerender({ prop: 'x' })
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0]?.[0]).toMatch(/LinePicker is changing from uncontrolled to controlled/)
    rerender({ prop: undefined })
    expect(warn).toHaveBeenCalledTimes(2)
    expect(warn.mock.calls[1]?.[0]).toMatch(/from controlled to uncontrolled/)
  })
})
