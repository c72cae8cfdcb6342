// The start-up's first step (main.tsx): React and React DOM, evaluated with the entry, and the store, whose
// stored version the entry checks at once.
export { createElement } from 'react';
export { createRoot } from 'react-dom/client';
export { checkStorageVersion } from './store/store.ts';
