/** The public pages: the chat frame, the shared links, the handoff confirmation and the widget's files. The root mounts their routes. */
export { handoffConfirmationRoutes } from './handoff-confirmation.routes';
export { publicPagesRoutes } from './public-pages.routes';
export { widgetStaticRoutes } from './widget-static';
