import { useSearchParams } from 'react-router';

/**
 * A page's tab kept in its address (`?tab=`), so a link, a reload or the back button opens the same tab:
 * the value when it is one of `tabs`, else the first. Choosing a tab replaces the address entry (tabs are
 * not steps to go back through) and keeps the page's other parameters.
 */
export function useTabParam<Tab extends string>(tabs: readonly Tab[]): [Tab, (next: Tab) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get('tab');
  const tab = tabs.find((candidate) => candidate === value) ?? tabs[0]!;
  const choose = (next: Tab) =>
    setParams(
      (current) => {
        const merged = new URLSearchParams(current);
        merged.set('tab', next);
        return merged;
      },
      { replace: true },
    );
  return [tab, choose];
}
