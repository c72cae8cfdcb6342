// The start-up's second step (main.tsx): the router, i18next and TanStack Query, evaluated in a task of their own.
export { createHashRouter } from 'react-router';
export { RouterProvider } from 'react-router/dom';
export { default as i18next } from 'i18next';
export { initReactI18next } from 'react-i18next';
export { QueryClient } from '@tanstack/react-query';
