import { useEffect } from 'react';
import { loadFeedback } from '../notify.ts';

/**
 * Starts loading the dialog and toast widgets when a form whose next step is a confirmation appears, so
 * the confirmation shows at the tap (review 2026-11-27: on a first purchase with busy cores the dialog came
 * more than 1.5 s late, waiting for its file). The page has already drawn, so nothing is held back.
 */
export function usePreloadFeedback() {
  useEffect(() => {
    void loadFeedback();
  }, []);
}
