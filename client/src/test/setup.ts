import '@testing-library/jest-dom/vitest'

// Each test starts as a visitor: no tokens left over from the previous one (members' in localStorage, admins' in
// sessionStorage).
afterEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})
