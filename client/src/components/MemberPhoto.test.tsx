import { fireEvent, render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import MemberPhoto from './MemberPhoto'

describe('MemberPhoto', () => {
  it('falls back to the gender default for the URL that failed, and tries a new URL again', () => {
    const { container, rerender } = render(<MemberPhoto src="/media/photos/ab/a_small.jpg" gender={20} alt="" />)
    const img = container.querySelector('img')!
    expect(img).toHaveAttribute('src', '/media/photos/ab/a_small.jpg')
    fireEvent.error(img)
    expect(img).toHaveAttribute('src', '/images/avatar-female.svg')
    // A fresh grant (or another photo) is a new URL: it is tried.
    rerender(<MemberPhoto src="/media/photos/ab/a_small.jpg?g=TM1.2.x" gender={20} alt="" />)
    expect(img).toHaveAttribute('src', '/media/photos/ab/a_small.jpg?g=TM1.2.x')
    rerender(<MemberPhoto src={null} gender={10} alt="" />)
    expect(img).toHaveAttribute('src', '/images/avatar-male.svg')
  })
})
