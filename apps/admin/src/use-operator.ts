import { useRouteLoaderData } from 'react-router';
import type { Operator } from './api.ts';

/** The operator signed in, as the layout route (id "root") loaded it; pages use it to hide what their role may not do. */
export const useOperator = () => useRouteLoaderData('root') as Operator | undefined;
