// The start-up's first step (main.tsx): React and React DOM, evaluated in a task of their own.
export { createElement } from 'react';
export { createRoot } from 'react-dom/client';
