import SearchScreen from '../features/discovery/search/SearchScreen'
import { useSearchOptions } from './searchOptions'

/** /search/basic: the basic search form with its results and saved searches. */
export default function SearchBasic() {
  const { options, failed, retry } = useSearchOptions()
  return <SearchScreen kind="basic" options={options} optionsError={failed?.error} onRetryOptions={retry} />
}
