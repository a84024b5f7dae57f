import type { People } from '../../../hooks/internal/usePeople'

/** A person as the kit shows one: the contact's name with the number under it, else the number. */
export function Person({ phone, people }: { phone: string; people: People }) {
  const name = people.nameOf(phone)
  const number = people.number(phone)
  return name === undefined ? (
    <span className="lk-Person">{number}</span>
  ) : (
    <span className="lk-Person">
      <span className="lk-Person-name">{name}</span> <span className="lk-Person-number">{number}</span>
    </span>
  )
}
