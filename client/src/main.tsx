import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '@fontsource/playfair-display/600.css'
import '@fontsource/playfair-display/700.css'
import './styles/global.css'
import App from './app/App'

// The static <title>/<meta> in index.html are for crawlers without JavaScript; the Seo component takes over.
document.querySelectorAll('head [data-default]').forEach((el) => el.remove())

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
