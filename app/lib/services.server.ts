import type { RouterContextProvider } from 'react-router';
import { appContext } from '#app-context';

/** The services `buildApp` bound once; loaders and actions call them, never assemble their own. */
export const services = (context: Readonly<RouterContextProvider>) => context.get(appContext).services;
